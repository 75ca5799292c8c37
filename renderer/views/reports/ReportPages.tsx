/**
 * A report laid out on pages: title page, contents with page numbers, the sections, the
 * evidence. Blocks are measured once at the page's width, then placed page by page (a title
 * stays with what follows it, a table continues under its header), so the contents' page
 * numbers are the printed ones. The same component is the composer's preview and the print page.
 */
import type { JSX, ReactNode } from 'react';
import { Fragment, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ReportDocument } from '../../../app/contract/records.js';
import { translate } from '../../i18n/i18n.js';
import { en, zhCN } from '../../i18n/messages.js';
import { documentBlocks, type Block, type TableShape } from './report-blocks.js';
import { inline, MarkdownBlockView } from './markdown.js';
import { ReportChart } from './ReportChart.js';
import { contentsPlacement, MARGIN, MM, pageGeometry } from './page-geometry.js';
import { paginate } from './paginate.js';
import { breakSegments } from './break-points.js';

export { pageGeometry } from './page-geometry.js';
import './report.css';


/** A cell's text with its break points (break-points.ts): a long label wraps after "=" or "_", not mid-word. */
function wrappable(text: string): ReactNode {
  const parts = breakSegments(text);
  return parts.length === 1 ? text : parts.map((p, k) => <Fragment key={k}>{k > 0 && <wbr />}{p}</Fragment>);
}

function Row({ table, cells, mono, classes, head }: { table: TableShape; cells: string[]; mono?: number[] | undefined; classes?: Array<string | undefined> | undefined; head?: boolean }): JSX.Element {
  return (
    <tr className={head ? 'head' : undefined}>
      {cells.map((c, i) => {
        const lines = c.split('\n');
        const Cell = head ? 'th' : 'td';
        return (
          <Cell key={i} style={{ width: `${table.widths[i]}%` }} className={classes?.[i]}>
            {lines.map((l, j) => <div key={j} className={mono?.includes(i) && j > 0 ? 'mono' : undefined}>{wrappable(l)}</div>)}
          </Cell>
        );
      })}
    </tr>
  );
}

function Table({ table, rows, head = true, continued }: { table: TableShape; rows: Array<Extract<Block, { kind: 'row' }>>; head?: boolean; continued?: string }): JSX.Element {
  // A page that starts inside a workload family names it again under the header.
  const lead = head && rows[0] && !rows[0].group && rows[0].family ? rows[0].family : null;
  return (
    <table className="pd-table" data-table={table.key}>
      <colgroup>{table.widths.map((w, i) => <col key={i} style={{ width: `${w}%` }} />)}</colgroup>
      {head && <thead><Row table={table} cells={table.header} head /></thead>}
      <tbody>
        {lead && continued && <tr className="group"><td colSpan={table.widths.length}>{continued.replace('{family}', lead)}</td></tr>}
        {rows.map((r, i) => (r.group
        ? <tr key={i} className="group"><td colSpan={table.widths.length}>{r.cells[0]}</td></tr>
        : <Row key={i} table={table} cells={r.cells} mono={r.mono} classes={r.classes} />))}
      </tbody>
    </table>
  );
}

/** `sep`: the report language's separator between a headline's facts. */
function BlockView({ block, live, sep, onChart }: { block: Block; live: boolean; sep: string; onChart?: () => void }): JSX.Element {
  switch (block.kind) {
    case 'title':
      return <h2 className="pd-title">{block.number && <span className="num">{block.number}</span>}{block.text}</h2>;
    case 'subtitle':
      return <h3 className="pd-subtitle">{block.text}</h3>;
    case 'note':
      return <p className={`pd-note pd-${block.tone}`}>{block.text}</p>;
    case 'headline':
      // The colour comes from the core's verdict (better, worse, tie, neutral; "value" without a ratio), never from the page.
      return (
        <div className={`pd-headline verdict-${block.verdict ?? 'value'}`} data-headline={block.text} data-verdict={block.verdict ?? 'value'}>
          <div className="label">{block.label}</div>
          <div className="big">{block.text}{block.mark ? ' ~' : ''}</div>
          {block.validity && <ul className="pd-validity" data-testid="headline-validity">{block.validity.map((v, i) => <li key={i}>{v}</li>)}</ul>}
          <div className="values">{block.values}</div>
          <div className="basis">{block.basis}</div>
          {block.warnings.length > 0 && (
            <ul className="pd-warnings">{block.warnings.map((w, i) => <li key={i}>{w}</li>)}</ul>
          )}
        </div>
      );
    case 'peak':
      // The ratio takes the verdict's colour (the core's), the peak itself stays neutral.
      return (
        <div className={`pd-headline pd-peak verdict-${block.verdict ?? 'value'}`} data-peak={block.label} data-verdict={block.verdict ?? 'value'}>
          <div className="label">{block.label}</div>
          <div className="big">{block.peak}</div>
          {block.ratio && <div className={`ratio${block.baseline ? ' is-baseline' : ''}`}>{block.ratio}</div>}
          {block.validity && <ul className="pd-validity">{block.validity.map((v, i) => <li key={i}>{v}</li>)}</ul>}
          <div className="values">{block.facts.join(sep)}</div>
          <div className="basis">{block.basis}</div>
          {block.warnings.length > 0 && (
            <ul className="pd-warnings">{block.warnings.map((w, i) => <li key={i}>{w}</li>)}</ul>
          )}
        </div>
      );
    case 'item':
      return <ul className="pd-list"><li>{block.text}</li></ul>;
    case 'md':
      return <div className="pd-md"><MarkdownBlockView block={block.block} /></div>;
    case 'chart':
      return (
        <figure className="pd-chart">
          {live ? <ReportChart id={`report-${block.id}`} option={block.option} height={block.height} onRendered={onChart} /> : <div style={{ height: block.height }} />}
          {block.caption && <figcaption>{inline(block.caption)}</figcaption>}
        </figure>
      );
    case 'row':
      // Measured without the header: the paginator adds it where a table starts on a page.
      return <Table table={block.table} rows={[block]} head={false} />;
  }
}

/** Consecutive rows of one table on a page become one table. */
function grouped(blocks: readonly Block[], indices: readonly number[]): Array<{ key: string; block?: Block; table?: TableShape; rows?: Array<Extract<Block, { kind: 'row' }>> }> {
  const out: Array<{ key: string; block?: Block; table?: TableShape; rows?: Array<Extract<Block, { kind: 'row' }>> }> = [];
  for (const i of indices) {
    const b = blocks[i]!;
    const last = out[out.length - 1];
    if (b.kind === 'row') {
      if (last?.table && last.table.key === b.table.key) last.rows!.push(b);
      else out.push({ key: `t${i}`, table: b.table, rows: [b] });
    } else {
      out.push({ key: `b${i}`, block: b });
    }
  }
  return out;
}

/** The CJK font's faces the pages use (the bundled Noto Sans SC comes in unicode-range subsets). */
const CJK_FACES = ['400 16px "Noto Sans SC"', '700 16px "Noto Sans SC"'];

/**
 * Loads every font subset the report's text needs before anything is measured or printed: a
 * subset fetched late prints as empty boxes, and measured late it moves page breaks.
 */
async function loadFontsFor(doc: ReportDocument): Promise<boolean> {
  const catalog = doc.report.layout.locale === 'zh-CN' ? zhCN : en;
  const words = Object.entries(catalog).filter(([k]) => k.startsWith('report.')).map(([, v]) => v).join('');
  const text = [...new Set(JSON.stringify(doc) + words)].join('');
  if (!document.fonts) return true;
  await Promise.all(CJK_FACES.map((face) => document.fonts.load(face, text).catch(() => [])));
  await document.fonts.ready;
  return CJK_FACES.every((face) => document.fonts.check(face, text));
}

export function ReportPages({ doc, onReady }: { doc: ReportDocument; onReady?: () => void }): JSX.Element {
  const locale = doc.report.layout.locale;
  const t = (k: Parameters<typeof translate>[1], v?: Record<string, string | number>): string => translate(locale, k, v);
  const geo = pageGeometry(doc);
  const { blocks, toc } = useMemo(() => documentBlocks(doc), [doc]);
  const measure = useRef<HTMLDivElement>(null);
  const [pages, setPages] = useState<number[][] | null>(null);
  const charts = blocks.filter((b) => b.kind === 'chart').length;
  const [drawn, setDrawn] = useState(0);
  const [fonts, setFonts] = useState<'loading' | 'complete' | 'incomplete'>('loading');

  useLayoutEffect(() => {
    setPages(null);
    setDrawn(0);
    setFonts('loading');
    let live = true;
    void loadFontsFor(doc).then((ok) => { if (live) setFonts(ok ? 'complete' : 'incomplete'); });
    return () => { live = false; };
  }, [doc]);

  useLayoutEffect(() => {
    if (pages || !measure.current || fonts === 'loading') return;
    const el = measure.current;
    const heights = blocks.map((_, i) => (el.querySelector(`[data-b="${i}"]`) as HTMLElement | null)?.offsetHeight ?? 0);
    const heads = new Map<string, number>();
    el.querySelectorAll<HTMLElement>('[data-head]').forEach((h) => heads.set(h.dataset['head']!, h.offsetHeight));
    setPages(paginate(blocks, heights, heads, geo.contentHeight));
  }, [blocks, pages, geo.contentHeight, fonts]);

  // Ready when laid out, every chart drawn, and the fonts (CJK subsets) loaded.
  useEffect(() => {
    if (!pages || drawn < charts) return;
    let live = true;
    void document.fonts.ready.then(() => { if (live) onReady?.(); });
    return () => { live = false; };
  }, [pages, drawn, charts, onReady]);

  // A short contents list goes on the title page, a long one gets its own page, fewer than
  // MIN_CONTENTS sections none at all (page-geometry.ts).
  const placement = contentsPlacement(toc.length);
  const first = placement === 'page' ? 3 : 2;
  const tocPages = pages ? toc.map((e) => first + pages.findIndex((p) => p.includes(e.block))) : [];
  const total = pages ? pages.length + first - 1 : 0;
  const style = { width: geo.width, height: geo.height };
  const content = { left: MARGIN.side * MM, top: MARGIN.top * MM, width: geo.contentWidth, height: geo.contentHeight };
  const footer = (n: number): JSX.Element => (
    <footer className="pd-footer" style={{ left: content.left, width: content.width }}>
      <span>{doc.report.layout.title}</span>
      <span>{t('report.page', { page: n, pages: total })}</span>
    </footer>
  );
  const contents = (
    <>
      <h2 className="pd-title">{t('report.contents')}</h2>
      <ol className="pd-toc">
        {toc.map((e, i) => (
          <li key={i}><span className="num">{e.number}</span><span className="text">{e.text}</span><span className="dots" /><span className="pg">{tocPages[i]}</span></li>
        ))}
      </ol>
    </>
  );
  const tables = [...new Map(blocks.filter((b): b is Extract<Block, { kind: 'row' }> => b.kind === 'row').map((b) => [b.table.key, b.table])).values()];

  return (
    <div className="pd-report" lang={locale} data-pages={total || undefined} data-fonts={fonts}>
      <style>{geo.css}</style>
      {!pages && (
        <div ref={measure} className="pd-measure" style={{ width: content.width }} aria-hidden="true">
          {blocks.map((b, i) => <div key={i} data-b={i} className="pd-block"><BlockView block={b} live={false} sep={t('text.sep')} /></div>)}
          {tables.map((tb) => (
            <table key={tb.key} className="pd-table" data-head={tb.key}><thead><Row table={tb} cells={tb.header} head /></thead></table>
          ))}
          {tables.map((tb) => (
            <table key={`${tb.key}#group`} className="pd-table" data-head={`${tb.key}#group`}><tbody><tr className="group"><td colSpan={tb.widths.length}>{t('report.continued', { family: 'W' })}</td></tr></tbody></table>
          ))}
        </div>
      )}
      {pages && (
        <>
          <section className="pd-page pd-cover" style={style} data-page={1}>
            <div className="pd-content" style={content}>
              <p className="pd-study">{t('report.study')}: {doc.study.name}</p>
              <h1>{doc.report.layout.title}</h1>
              {doc.report.layout.subtitle && <p className="pd-sub">{doc.report.layout.subtitle}</p>}
              {doc.report.layout.author && <p className="pd-author">{doc.report.layout.author}</p>}
              <p className="pd-asof">{doc.data_span
                ? `${t('report.dataAsOf', { date: doc.data_span.to })} · ${t('report.dataSpan', { from: doc.data_span.from, to: doc.data_span.to, zone: doc.data_span.zone })}`
                : t('report.dataUndated')}</p>
              <p className="pd-note pd-convention">{t('report.convention')}: {doc.evidence.convention_note}</p>
              {placement === 'cover' && <div className="pd-cover-contents">{contents}</div>}
            </div>
          </section>
          {placement === 'page' && (
            <section className="pd-page" style={style} data-page={2}>
              <div className="pd-content" style={content}>{contents}</div>
              {footer(2)}
            </section>
          )}
          {pages.map((indices, p) => (
            <section key={p} className="pd-page" style={style} data-page={p + first}>
              <div className="pd-content" style={content}>
                {grouped(blocks, indices).map((g) => (g.table
                  ? <div key={g.key} className="pd-block"><Table table={g.table} rows={g.rows!} continued={t('report.continued', { family: '{family}' })} /></div>
                  : <div key={g.key} className="pd-block"><BlockView block={g.block!} live sep={t('text.sep')} onChart={() => setDrawn((d) => d + 1)} /></div>))}
              </div>
              {footer(p + first)}
            </section>
          ))}
        </>
      )}
    </div>
  );
}
