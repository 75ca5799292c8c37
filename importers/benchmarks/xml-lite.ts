/**
 * A small XML reader for tool-written result files: elements, attributes, text, the five named
 * entities and numeric references. No DTDs or namespaces - DiskSpd writes none - and a document
 * that stops before its root closes is an error that says where the open element began.
 */

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
  line: number;
}

export type XmlResult = { root: XmlElement; error: null } | { root: null; error: { message: string; line: number } };

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (all, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : all;
    }
    return ENTITIES[e] ?? all;
  });
}

export function parseXml(text: string): XmlResult {
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let line = 1;
  let pos = 0;
  const advance = (to: number): void => {
    for (let k = pos; k < to; k++) if (text.charCodeAt(k) === 10) line++;
    pos = to;
  };
  const fail = (message: string, at = line): XmlResult => ({ root: null, error: { message, line: at } });
  while (pos < text.length) {
    const lt = text.indexOf('<', pos);
    if (lt < 0) {
      advance(text.length);
      break;
    }
    const top = stack[stack.length - 1];
    if (top) top.text += decodeEntities(text.slice(pos, lt));
    advance(lt);
    if (text.startsWith('<!--', pos)) {
      const end = text.indexOf('-->', pos);
      if (end < 0) return fail('a comment never closes');
      advance(end + 3);
      continue;
    }
    if (text.startsWith('<![CDATA[', pos)) {
      const end = text.indexOf(']]>', pos);
      if (end < 0) return fail('a CDATA section never closes');
      if (top) top.text += text.slice(pos + 9, end);
      advance(end + 3);
      continue;
    }
    if (text.startsWith('<?', pos) || text.startsWith('<!', pos)) {
      const end = text.indexOf('>', pos);
      if (end < 0) return fail('a declaration never closes');
      advance(end + 1);
      continue;
    }
    const gt = text.indexOf('>', pos);
    if (gt < 0) return fail('the file ends inside a tag (cut off?)');
    const tag = text.slice(pos + 1, gt);
    const startLine = line;
    advance(gt + 1);
    if (tag.startsWith('/')) {
      const name = tag.slice(1).trim();
      const open = stack.pop();
      if (!open || open.name !== name) return fail(`</${name}> closes ${open ? `<${open.name}> (line ${open.line})` : 'nothing'}`, startLine);
      continue;
    }
    const selfClosing = tag.endsWith('/');
    const body = selfClosing ? tag.slice(0, -1) : tag;
    const nameMatch = /^([\w:.-]+)/.exec(body);
    if (!nameMatch) return fail(`an element without a name: <${tag}>`, startLine);
    const attrs: Record<string, string> = {};
    for (const a of body.slice(nameMatch[0].length).matchAll(/([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) attrs[a[1]!] = decodeEntities(a[3] ?? a[4] ?? '');
    const el: XmlElement = { name: nameMatch[1]!, attrs, children: [], text: '', line: startLine };
    if (top) top.children.push(el);
    else if (root === null) root = el;
    else return fail(`a second root element <${el.name}>`, startLine);
    if (!selfClosing) stack.push(el);
  }
  const open = stack[stack.length - 1];
  if (open) return fail(`the document ends before <${open.name}> (line ${open.line}) closes: the file is cut off`, open.line);
  if (root === null) return fail('no XML element found', 1);
  return { root, error: null };
}

export function child(el: XmlElement | null | undefined, name: string): XmlElement | null {
  return el?.children.find((c) => c.name === name) ?? null;
}

export function children(el: XmlElement | null | undefined, name: string): XmlElement[] {
  return el ? el.children.filter((c) => c.name === name) : [];
}

/** The trimmed text of a child element, or null. */
export function childText(el: XmlElement | null | undefined, name: string): string | null {
  const c = child(el, name);
  return c ? c.text.trim() : null;
}

/** A child element's text as a number, or null when absent or not a number. */
export function childNum(el: XmlElement | null | undefined, name: string): number | null {
  const t = childText(el, name);
  if (t === null || t === '') return null;
  const v = Number(t);
  return Number.isFinite(v) ? v : null;
}
