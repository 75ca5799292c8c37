/**
 * The engineer's commentary: a safe subset of Markdown (headings, paragraphs, lists, bold,
 * italic, code) turned into React elements, never HTML strings. Each block is separate so the
 * report's pagination can move it to the next page whole.
 */
import type { JSX, ReactNode } from 'react';

export type MarkdownBlock =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] };

export function parseMarkdown(source: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let para: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = (): void => {
    if (para.length) blocks.push({ kind: 'paragraph', text: para.join(' ') });
    if (list) blocks.push({ kind: 'list', ...list });
    para = [];
    list = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (!line.trim()) { flush(); continue; }
    if (heading) { flush(); blocks.push({ kind: 'heading', level: heading[1]!.length, text: heading[2]! }); continue; }
    if (bullet || numbered) {
      const ordered = Boolean(numbered);
      if (para.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push((bullet ?? numbered)![1]!);
      continue;
    }
    if (list) {
      // A continuation line of the last item.
      list.items[list.items.length - 1] += ` ${line.trim()}`;
      continue;
    }
    para.push(line.trim());
  }
  flush();
  return blocks;
}

/** **bold**, *italic* / _italic_, `code`; everything else is text. */
export function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  // Underscores inside words (CREDIT_DB2_DATA01) are not emphasis.
  const re = /(\*\*[^*]+\*\*|`[^`]+`|\*[^*\s][^*]*\*|(?<![\p{L}\p{N}_])_[^_\s][^_]*_(?![\p{L}\p{N}_]))/gu;
  let last = 0;
  let m: RegExpExecArray | null;
  let key = 0;
  while ((m = re.exec(text))) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const tok = m[0];
    if (tok.startsWith('**')) out.push(<strong key={key++}>{tok.slice(2, -2)}</strong>);
    else if (tok.startsWith('`')) out.push(<code key={key++}>{tok.slice(1, -1)}</code>);
    else out.push(<em key={key++}>{tok.slice(1, -1)}</em>);
    last = m.index + tok.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function MarkdownBlockView({ block }: { block: MarkdownBlock }): JSX.Element {
  switch (block.kind) {
    case 'heading': {
      const Tag = (block.level <= 2 ? 'h3' : 'h4') as 'h3' | 'h4';
      return <Tag className="md-heading">{inline(block.text)}</Tag>;
    }
    case 'paragraph':
      return <p className="md-paragraph">{inline(block.text)}</p>;
    case 'list': {
      const items = block.items.map((it, i) => <li key={i}>{inline(it)}</li>);
      return block.ordered ? <ol className="md-list">{items}</ol> : <ul className="md-list">{items}</ul>;
    }
  }
}
