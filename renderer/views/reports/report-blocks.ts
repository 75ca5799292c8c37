/**
 * A report document cut into blocks the paginator can place: section titles (kept with what
 * follows), headline figures, Markdown blocks, charts, and table rows (a long table continues
 * on the next page under its header again).
 */
import type { ComparePair, ReportDocument } from '../../../app/contract/records.js';
import { translate, type Locale } from '../../i18n/i18n.js';
import type { MessageKey } from '../../i18n/messages.js';
import { formatValue } from '../../format.js';
import { parseMarkdown, type MarkdownBlock } from './markdown.js';
import { reportChartHeight, reportChartOption } from './report-charts.js';

export interface TableShape {
  key: string;
  header: string[];
  /** Column widths in %: fixed layout, so a table split over pages keeps its columns. */
  widths: number[];
}

export type Block =
  | { kind: 'title'; text: string; number: string; toc: boolean }
  | { kind: 'subtitle'; text: string }
  | { kind: 'note'; text: string; tone: 'muted' | 'error' | 'convention' }
  | { kind: 'headline'; label: string; text: string; values: string; basis: string; mark: boolean }
  | { kind: 'md'; block: MarkdownBlock }
  | { kind: 'chart'; id: string; option: Record<string, unknown>; height: number; caption: string }
  | { kind: 'row'; table: TableShape; cells: string[]; mono?: number[] };

export const CHART_HEIGHT = 330;
/** Folders with more files than this are one line in the PDF's evidence. */
const MAX_LISTED = 25;

function pairCells(p: ComparePair, locale: Locale, multi: { candidates: boolean; metrics: boolean }): string[] {
  const unit = p.unit;
  const fmt = (v: number): string => `${formatValue(v, unit, locale)} ${unit}`;
  const sig = `${p.n_baseline}/${p.n_candidate}${p.p_value !== null ? ` · p=${p.p_value < 0.001 ? '<0.001' : p.p_value.toFixed(3)}` : ''}${p.mark ? ' ~' : ''}`;
  return [
    p.object === '*' ? translate(locale, 'report.allObjects') : p.workload_label,
    ...(multi.candidates ? [p.candidate_label] : []),
    ...(multi.metrics ? [p.metric] : []),
    fmt(p.baseline), fmt(p.candidate), p.speedup_text, p.text, sig,
  ];
}

export function documentBlocks(doc: ReportDocument): { blocks: Block[]; toc: Array<{ number: string; text: string; block: number }> } {
  const locale = doc.report.layout.locale;
  const zh = locale === 'zh-CN';
  const t = (k: MessageKey, v?: Record<string, string | number>): string => translate(locale, k, v);
  const blocks: Block[] = [];
  const toc: Array<{ number: string; text: string; block: number }> = [];
  let n = 0;
  const title = (text: string, inToc = true): void => {
    const number = inToc ? String(++n) : '';
    if (inToc) toc.push({ number, text, block: blocks.length });
    blocks.push({ kind: 'title', text, number, toc: inToc });
  };

  for (const s of doc.sections) {
    switch (s.type) {
      case 'headline': {
        title(s.title);
        blocks.push({ kind: 'note', text: `${t('report.convention')}: ${doc.evidence.convention_note}`, tone: 'convention' });
        for (const f of s.figures) {
          const fmt = (v: number | null): string => (v === null ? '' : `${formatValue(v, f.unit, locale)} ${f.unit}`);
          // A single measured value (no ratio): the configuration it belongs to.
          const single = f.speedup_text === '';
          const values = single ? f.candidate_label
            : f.baseline !== null && f.candidate !== null
              ? `${f.baseline_label} ${fmt(f.baseline)} → ${f.candidate_label} ${fmt(f.candidate)} · ${f.speedup_text} · ${f.change_text}`
              : `${t('report.against', { candidate: f.candidate_label, baseline: f.baseline_label })} · ${f.speedup_text} · ${f.change_text}`;
          blocks.push({ kind: 'headline', label: `${f.label}${f.workload ? ` · ${f.workload_label ?? f.workload}` : ''}`, text: f.text, values, basis: f.basis, mark: f.mark === '~' });
        }
        for (const e of s.errors) blocks.push({ kind: 'note', text: t('report.missing', { reason: e }), tone: 'error' });
        break;
      }
      case 'text': {
        if (s.title) title(s.title);
        for (const b of parseMarkdown(s.markdown)) blocks.push({ kind: 'md', block: b });
        break;
      }
      case 'chart': {
        title(s.title);
        const option = s.chart && s.data ? reportChartOption(s.chart, s.data, { allObjects: t('report.allObjects') }, locale) : null;
        // A heat map gets a row's height per configuration, so thirteen tuning variants stay legible.
        const height = reportChartHeight(s.chart, s.data, CHART_HEIGHT);
        if (option) blocks.push({ kind: 'chart', id: s.id, option, height, caption: s.caption });
        else blocks.push({ kind: 'note', text: t('report.missing', { reason: s.errors[0] ?? t('report.noData') }), tone: 'error' });
        break;
      }
      case 'table': {
        title(s.title);
        const c = s.compare;
        if (!c) {
          for (const e of s.errors) blocks.push({ kind: 'note', text: t('report.missing', { reason: e }), tone: 'error' });
          break;
        }
        blocks.push({ kind: 'note', text: c.convention_note, tone: 'muted' });
        if (c.aggregation) blocks.push({ kind: 'note', text: c.aggregation, tone: 'muted' });
        const multi = { candidates: c.candidates.length > 1, metrics: c.metrics.length > 1 };
        const header = [t('report.workload'), ...(multi.candidates ? [t('report.candidate')] : []), ...(multi.metrics ? [t('report.metric')] : []),
          `${t('report.baseline')} (${c.baseline})`, multi.candidates ? t('report.candidate') : `${t('report.candidate')} (${c.candidate})`, t('report.speedup'), t('report.ratio'), t('report.significance')];
        const fixed = [13, 13, 9, 24, 11];
        const rest = 100 - fixed.reduce((a, b) => a + b, 0);
        const extra = (multi.candidates ? 1 : 0) + (multi.metrics ? 1 : 0);
        const widths = [rest / (1 + extra), ...Array(extra).fill(rest / (1 + extra)), ...fixed] as number[];
        const table: TableShape = { key: s.id, header, widths };
        for (const p of c.pairs) blocks.push({ kind: 'row', table, cells: pairCells(p, locale, multi) });
        // Why some pairs are "~" whatever their figures (one run, too few runs): said under the table.
        for (const w of c.warnings) if (w.code === 'single-run' || w.code === 'few-repetitions') blocks.push({ kind: 'note', text: `~ ${w.message}`, tone: 'muted' });
        // Each unpaired workload with every configuration that ran it.
        if (c.unmatched.length) blocks.push({ kind: 'note', text: t('report.unpaired', { list: c.unmatched.map((u) => (u.configs?.length ? `${u.workload_label} (${u.configs.join(t('list.sep'))})` : u.workload_label)).join(t('list.sep')) }), tone: 'muted' });
        break;
      }
    }
  }

  // The evidence appendix, always last.
  const ev = doc.evidence;
  title(t('report.evidence'));
  blocks.push({ kind: 'subtitle', text: t('report.files') });
  const files: TableShape = { key: 'evidence-files', header: [`${t('report.file')} · SHA-256`, t('report.format'), t('report.importer'), t('report.config'), t('report.runs')], widths: [58, 14, 10, 12, 6] };
  // A folder of thousands of statistics dumps is one line with a hash over all of theirs; the
  // XLSX and the study file list every file.
  const big = new Set(ev.file_groups.filter((g) => g.files > MAX_LISTED).map((g) => `${g.config}\u0000${g.folder}`));
  for (const f of ev.files) {
    const folder = f.file.includes('/') ? f.file.slice(0, f.file.lastIndexOf('/')) : '.';
    if (!big.has(`${f.config}\u0000${folder}`)) blocks.push({ kind: 'row', table: files, cells: [`${f.file}\n${f.sha256}`, f.format, f.importer_version, f.config, String(f.runs)], mono: [0] });
  }
  for (const g of ev.file_groups.filter((x) => x.files > MAX_LISTED)) {
    const runs = ev.files.filter((f) => f.config === g.config && f.file.startsWith(`${g.folder}/`)).reduce((a, f) => a + f.runs, 0);
    blocks.push({ kind: 'row', table: files, cells: [`${t('report.fileGroup', { folder: g.folder, count: g.files })}\n${g.combined_sha256}`, g.formats.join(', '), '', g.config, String(runs)], mono: [0] });
  }
  blocks.push({ kind: 'subtitle', text: t('report.configs') });
  const configs: TableShape = { key: 'evidence-configs', header: [t('report.config'), t('report.runs'), t('report.tools')], widths: [35, 10, 55] };
  for (const c of ev.configs) blocks.push({ kind: 'row', table: configs, cells: [c.name, String(c.runs), c.tools.join(', ')] });
  if (ev.periods.length) {
    blocks.push({ kind: 'subtitle', text: t('report.periods') });
    const periods: TableShape = { key: 'evidence-periods', header: [t('report.period'), t('report.spec'), t('report.zone'), t('report.ranges')], widths: [16, 34, 14, 36] };
    for (const p of ev.periods) blocks.push({ kind: 'row', table: periods, cells: [p.name, p.spec, p.zone, p.ranges.map((r) => `${r.start ?? '…'} – ${r.end ?? '…'}`).join('\n')] });
  }
  blocks.push({ kind: 'subtitle', text: t('report.convention') });
  blocks.push({ kind: 'note', text: ev.convention_note, tone: 'convention' });
  blocks.push({ kind: 'subtitle', text: t('report.formulas') });
  for (const f of ev.formulas) blocks.push({ kind: 'md', block: { kind: 'list', ordered: false, items: [f] } });
  if (ev.aggregation.length) {
    blocks.push({ kind: 'subtitle', text: t('report.aggregation') });
    for (const a of ev.aggregation) blocks.push({ kind: 'md', block: { kind: 'list', ordered: false, items: [a] } });
  }
  blocks.push({ kind: 'subtitle', text: t('report.filters') });
  for (const f of ev.filters) blocks.push({ kind: 'md', block: { kind: 'list', ordered: false, items: [f] } });
  blocks.push({ kind: 'subtitle', text: t('report.warnings') });
  if (ev.warnings.length === 0) blocks.push({ kind: 'note', text: t('report.noWarnings'), tone: 'muted' });
  // A warning once, however many runs it concerns: their count, then the runs.
  const runList = (runs: number[]): string => `${t('warnings.runCount', { count: runs.length })}: ${runs.slice(0, 20).join(t('list.sep'))}${runs.length > 20 ? '…' : ''}`;
  for (const w of ev.warnings) blocks.push({ kind: 'md', block: { kind: 'list', ordered: false, items: [`${w.message}${w.runs.length ? ` (${runList(w.runs)})` : ''}`] } });
  blocks.push({ kind: 'note', text: t('report.generator', { generator: ev.generator }), tone: 'muted' });
  return { blocks, toc };
}
