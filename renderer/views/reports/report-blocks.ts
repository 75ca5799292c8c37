/**
 * A report document cut into blocks the paginator can place: section titles (kept with what
 * follows), headline figures, Markdown blocks, charts, and table rows (a long table continues
 * on the next page under its header again).
 */
import type { ComparePair, CompareWarning, ConfidenceInterval, FigureValidity, PivotTable, ReportDocument, SweepHeadline, Verdict } from '../../../app/contract/records.js';
import { translate, type Locale } from '../../i18n/i18n.js';
import type { MessageKey } from '../../i18n/messages.js';
import { formatValue } from '../../format.js';
import { parseMarkdown, type MarkdownBlock } from './markdown.js';
import { reportChartHeight, reportChartOption } from './report-charts.js';
import { formatCoverage } from '../compare/interval-text.js';
import { pageGeometry } from './page-geometry.js';
import { groupByFamily } from './workload-groups.js';
import { changeLines, excursionLines, methodLine } from '../catalog/trend-text.js';

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
  /**
   * `verdict` picks the figure's colour (null: a value with no ratio); `validity` (what the tools
   * said about the runs: "95 of 100 virtual users finished FAILED") prints beside it, `warnings` under it.
   */
  | { kind: 'headline'; label: string; text: string; values: string; basis: string; mark: boolean; verdict: Verdict | null; validity?: string[]; warnings: string[] }
  /** A sweep's peak (one configuration): the peak and its load, the ratio to the baseline's peak in the verdict's colour, then latency, "stable up to" and price-performance. */
  | { kind: 'peak'; label: string; baseline: boolean; peak: string; ratio: string; verdict: Verdict | null; facts: string[]; basis: string; validity?: string[]; warnings: string[] }
  | { kind: 'md'; block: MarkdownBlock }
  /** A bullet of plain text: the evidence is data (file names, filters with "*"), never Markdown. */
  | { kind: 'item'; text: string }
  | { kind: 'chart'; id: string; option: Record<string, unknown>; height: number; caption: string }
  /**
   * `classes`: a class per cell (a ratio's verdict colour). `group`: a workload family's row
   * ("4K random read ×1") across the table, its one cell the family's name. `family`: the
   * family a row belongs to, named again where a page starts inside it ("… (continued)").
   */
  | { kind: 'row'; table: TableShape; cells: string[]; mono?: number[]; classes?: Array<string | undefined>; group?: boolean; family?: string };

export const CHART_HEIGHT = 330;
/** Warnings printed under the comparison table they qualify, not only in the evidence (issue 40). */
const UNDER_TABLE = new Set(['no-verdict', 'run-validity', 'metric-not-comparable', 'different-setting', 'settings-folded']);
/** Folders with more files than this are one line in the PDF's evidence. */
const MAX_LISTED = 25;

/** A warning as the report's language says it, with the runs it concerns. */
export function warningText(w: CompareWarning, locale: Locale): string {
  const key = `warning.${w.code}` as MessageKey;
  const text = translate(locale, key);
  // A sentence of the catalog says what kind of warning it is; the core's detail says which (the values, the runs' facts).
  const said = text === key ? w.message : `${text.replace(/[.。]$/, '')}${w.detail ? (locale === 'zh-CN' ? `（${w.detail}）` : ` (${w.detail})`) : ''}`;
  return w.runs.length ? `${said} (${translate(locale, 'report.runsOf', { runs: `${w.runs.slice(0, 12).join(translate(locale, 'list.sep'))}${w.runs.length > 12 ? `${translate(locale, 'list.sep')}…` : ''}` })})` : said;
}

/** A headline figure's validity, each fact with the run it is of, in the report's language. */
export function validityTexts(validity: readonly FigureValidity[] | undefined, locale: Locale): string[] {
  return (validity ?? []).map((v) => translate(locale, v.left_out ? 'report.validity.leftOut' : v.severity === 'invalid' ? 'report.validity.countedIn' : 'report.validity.fact',
    { config: v.config, workload: v.workload, run: v.run, fact: v.message }));
}

/**
 * Both sides' intervals of the median, each with its true coverage (the range of 2-5 runs holds
 * the median with 50% to 93.75%, the order-statistic interval from 6 with 95% or more: never an
 * assumed "95%"); "too few runs" when there is none.
 */
function intervals(p: ComparePair, locale: Locale): string {
  if (!p.ci_baseline && !p.ci_candidate) return translate(locale, 'report.noInterval');
  const one = (c: ConfidenceInterval | null): string =>
    (c ? `${formatValue(c.low, p.unit, locale)}–${formatValue(c.high, p.unit, locale)} (${formatCoverage(typeof c.coverage === 'number' ? c.coverage : c.level)})` : '–');
  return `${translate(locale, 'report.ci', { baseline: one(p.ci_baseline), candidate: one(p.ci_candidate) })} ${p.unit}`;
}

function pairCells(p: ComparePair, locale: Locale, multi: { candidates: boolean; metrics: boolean }, withIntervals: boolean): string[] {
  const unit = p.unit;
  const fmt = (v: number): string => `${formatValue(v, unit, locale)} ${unit}`;
  const sig = `${p.n_baseline}/${p.n_candidate}${p.p_value !== null ? ` · p=${p.p_value < 0.001 ? '<0.001' : p.p_value.toFixed(3)}` : ''}${p.mark ? ' ~' : ''}`;
  return [
    p.object === '*' ? translate(locale, 'report.allObjects') : p.workload_label,
    ...(multi.candidates ? [p.candidate_label] : []),
    ...(multi.metrics ? [metricName(p.metric_label, p.unit)] : []),
    // What the tools said about the runs behind the pair, on its row under the ratio it qualifies.
    fmt(p.baseline), fmt(p.candidate), p.speedup_text, [p.text, ...(p.validity ?? []).map((f) => `⚠ ${translate(locale, 'report.validity.peak', { run: f.run, fact: f.message })}`)].join('\n'),
    withIntervals ? `${sig}\n${intervals(p, locale)}` : sig,
  ];
}

/** A metric as the catalog names it, with its unit where the label does not say it ("total bandwidth (MiB/s)"). */
export function metricName(label: string, unit: string): string {
  return unit && !namesUnit(label, unit) ? `${label} (${unit})` : label;
}

/** A pivot cell's figure: the digits the section asked for, else the unit's usual ones. */
function pivotNumber(v: number | null, unit: string, digits: number | null, locale: Locale): string {
  if (v === null || !Number.isFinite(v)) return '–';
  if (digits !== null) return v.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return formatValue(v, unit, locale);
}

/**
 * A pivot table as rows: `joined` puts every value of a column in its cell, one per line, the
 * units in the column's heading; `grouped` gives each value its own run of columns (S1's means,
 * then its maxima). A pivot without column dimensions is grouped: a column per value.
 */
/** The label names its unit as a word of its own ("% DB time", "IOPS"): "(s)" is not hidden in "Elapsed". */
function namesUnit(label: string, unit: string): boolean {
  const u = unit.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  // Only Latin letters and digits join a word: in "总计IOPS" the unit stands on its own.
  return new RegExp(`(^|[^A-Za-z0-9])${u}($|[^A-Za-z0-9/])`, 'i').test(label);
}

/** Average width of a character at the tables' 10 px, and a cell's padding, px. */
const EM_PX = 6;
const PADDING_PX = 10;

/**
 * Column widths in % for contents of these lengths (in characters): every column as wide as its
 * longest line where the page allows; where it does not, short columns (ids, figures) keep their
 * room and the long texts share what is left and wrap.
 */
export function columnWidths(lengths: readonly number[], width: number): number[] {
  const need = lengths.map((n) => Math.max(5, n) * EM_PX + PADDING_PX);
  const sum = need.reduce((a, b) => a + b, 0);
  const pct = (px: number[]): number[] => { const t = px.reduce((a, b) => a + b, 0); return px.map((p) => (p / t) * 100); };
  if (sum <= width) return pct(need.map((n) => n + ((width - sum) * n) / sum));
  const short = need.map((n, i) => lengths[i]! <= 16 ? n : 0);
  const left = width - short.reduce((a, b) => a + b, 0);
  const longNeed = need.reduce((a, n, i) => a + (short[i] ? 0 : n), 0);
  const longCount = short.filter((n) => n === 0).length;
  // Not even 18 characters a line left for a text: every column shares in proportion instead.
  if (longNeed === 0 || left < longCount * (18 * EM_PX + PADDING_PX)) return pct(need);
  return pct(need.map((n, i) => (short[i] ? n : (left * n) / longNeed)));
}

function pivotBlocks(key: string, table: PivotTable, layout: 'joined' | 'grouped', locale: Locale, width: number): Block[] {
  // "% DB time", not "% DB time (%)": a unit the label already names is not repeated.
  const unitOf = (v: PivotTable['values'][number]): string => (v.unit && !namesUnit(v.label, v.unit) ? ` (${v.unit})` : '');
  const single = table.columns.length === 1 && table.columns[0]!.label === '';
  const grouped = layout === 'grouped' || single;
  // One unit for all ("mean / max (ms)"), else the units in order ("IOPS / MiB/s / ms").
  const shared = table.values.every((v) => v.unit === table.values[0]!.unit) && table.values[0]!.unit !== '';
  const units = shared
    ? `${table.values.map((v) => v.label).join(' / ')}${table.values.every((v) => namesUnit(v.label, v.unit)) ? '' : ` (${table.values[0]!.unit})`}`
    : table.values.map((v) => v.unit || v.label).join(' / ');
  const dataHeads = grouped
    ? table.values.flatMap((v) => [
      ...table.columns.map((c) => (c.label ? `${v.label}${unitOf(v)}\n${c.label}` : `${v.label}${unitOf(v)}`)),
      ...(table.margin_label ? [`${v.label}${unitOf(v)}\n${table.margin_label}`] : []),
    ])
    : [...table.columns.map((c) => `${c.label}\n${units}`), ...(table.margin_label ? [`${table.margin_label}\n${units}`] : [])];
  const header = [...table.row_headers, ...dataHeads];
  const rows = table.rows.map((row) => {
    const fmt = (vals: Array<number | null>, i: number): string => pivotNumber(vals[i] ?? null, table.values[i]!.unit, table.values[i]!.digits, locale);
    const data = grouped
      ? table.values.flatMap((_, i) => [...row.cells.map((c) => fmt(c, i)), ...(row.margin ? [fmt(row.margin, i)] : [])])
      : [...row.cells.map((c) => c.map((_, i) => fmt(c, i)).join('\n')), ...(row.margin ? [row.margin.map((_, i) => fmt(row.margin!, i)).join('\n')] : [])];
    return [...row.labels, ...data];
  });
  // Columns as wide as what they hold (the longest line, or the longest word of a long text,
  // which wraps), so "CREDIT_DB2_DATA01" is not broken while a day needs little room.
  // A Chinese character takes about two Latin ones' room.
  const ems = (line: string): number => [...line].reduce((n, ch) => n + (/[\u3000-\u9fff\uff00-\uffef]/.test(ch) ? 2 : 1), 0);
  // A heading may wrap between its words; a cell's line should not (a long text caps at 40).
  const longest = (c: number): number => Math.max(
    ...header[c]!.split(/[\s\n]+/).map(ems),
    ...rows.flatMap((r) => (r[c] ?? '').split('\n')).map((line) => Math.min(40, ems(line))),
  );
  // Rows by workload family (a row naming "4K random read ×1", then its depths) when the first
  // dimension's labels have one; the first column then holds only the load ("QD16").
  const families = table.row_headers.length > 0 ? groupByFamily(rows, (r) => r[0]!) : null;
  if (families) for (const g of families) for (const x of g.items) x.item[0] = x.load;
  const shape: TableShape = { key, header, widths: columnWidths(header.map((_, c) => longest(c)), width) };
  if (!families) return rows.map((cells) => ({ kind: 'row' as const, table: shape, cells }));
  return families.flatMap((g) => [
    { kind: 'row' as const, table: shape, cells: [g.family], group: true },
    ...g.items.map((x) => ({ kind: 'row' as const, table: shape, cells: x.item, family: g.family })),
  ]);
}

/** A load in words: "64 threads", "32 virtual users", "iodepth 32". */
export function loadText(x: string, load: number, locale: Locale): string {
  const key = x === 'threads' || x === 'vus' || x === 'sessions' ? `report.load.${x}` as MessageKey : 'report.load.other';
  return translate(locale, key, { x, load: load.toLocaleString(locale === 'zh-CN' ? 'zh-CN' : 'en-US') });
}

/**
 * A sweep headline's blocks (issue 28): how a peak and "stable up to" are read, then a card per
 * configuration. The same figures the XLSX's Headline sheet lists.
 */
export function sweepBlocks(sw: SweepHeadline, locale: Locale): Block[] {
  const t = (k: MessageKey, v?: Record<string, string | number>): string => translate(locale, k, v);
  const load = (v: number): string => loadText(sw.x, v, locale);
  const sep = t('list.sep');
  const rules = [t('report.peak.rule', { metric: sw.metric_label, x: sw.x })];
  if (sw.stable_rule) rules.push(t('report.peak.stableRule', { rule: sw.stable_rule }));
  if (sw.price) rules.push(t('report.peak.priceRule', { formula: sw.price.formula }));
  const out: Block[] = [{ kind: 'note', text: rules.join(' '), tone: 'muted' }];
  // One configuration swept (a disk over I/O depths): its peaks stand alone, no "baseline" line.
  const alone = new Set(sw.peaks.map((p) => p.config)).size < 2;
  for (const p of sw.peaks) {
    const facts: string[] = [];
    facts.push(p.latency !== null && sw.latency_label && sw.latency_unit
      ? t('report.peak.latency', { latency: sw.latency_label, load: load(p.peak_at), value: formatValue(p.latency, sw.latency_unit, locale), unit: sw.latency_unit })
      : t('report.peak.noLatency'));
    facts.push(p.stable_up_to === null ? t('report.peak.noStable')
      : p.stable_within_sweep === false ? t('report.peak.stableWhole', { load: load(p.stable_up_to) }) : t('report.peak.stable', { load: load(p.stable_up_to) }));
    if (sw.price) facts.push(p.price_performance !== null ? t('report.peak.price', { value: formatValue(p.price_performance, sw.price.unit, locale), label: sw.price.label }) : t('report.peak.noPrice'));
    const change = p.change_pct === null ? '' : `${p.change_pct >= 0 ? '+' : ''}${p.change_pct.toFixed(1)}%`;
    const ratio = alone ? '' : p.is_baseline ? t('report.peak.isBaseline')
      : p.ratio === null ? t('report.peak.noRatio', { baseline: sw.baseline })
        : t('report.peak.ratio', { ratio: `${p.ratio.toFixed(2)}x`, metric: sw.metric_label, baseline: sw.baseline, change });
    const warnings: string[] = [];
    if (p.peak_at_last_load) warnings.push(t('report.peak.lastLoad', { load: load(p.peak_at) }));
    if (p.excluded.length) warnings.push(t('report.peak.excluded', { count: p.excluded.length, reasons: p.excluded.map((e) => `#${e.run} ${e.reason}`).join(sep) }));
    out.push({
      ...(p.validity?.length ? { validity: p.validity.map((v) => t('report.validity.peak', { run: v.run, fact: v.message })) } : {}),
      kind: 'peak', label: p.label, baseline: p.is_baseline,
      peak: t('report.peak.figure', { value: formatValue(p.peak, sw.unit, locale), unit: sw.unit, load: load(p.peak_at) }),
      ratio, verdict: p.is_baseline ? null : p.verdict, facts,
      basis: p.runs > 1 ? t('report.peak.basis', { count: p.runs, load: load(p.peak_at) }) : t('report.peak.oneRun', { load: load(p.peak_at) }), warnings,
    });
  }
  return out;
}

export function documentBlocks(doc: ReportDocument): { blocks: Block[]; toc: Array<{ number: string; text: string; block: number }> } {
  const locale = doc.report.layout.locale;
  const zh = locale === 'zh-CN';
  const t = (k: MessageKey, v?: Record<string, string | number>): string => translate(locale, k, v);
  const contentWidth = pageGeometry(doc).contentWidth;
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
        if (s.sweep) {
          blocks.push(...sweepBlocks(s.sweep, locale));
          // The items follow a sweep's peaks as secondary figures: one line each, not cards that outweigh the peaks.
          // One label for all (the template's "geometric mean over the sweep (secondary)") heads the list once.
          const shared = s.figures.length > 0 && s.figures.every((f) => f.label === s.figures[0]!.label) ? s.figures[0]!.label : null;
          if (s.figures.length) blocks.push({ kind: 'subtitle', text: shared ?? t('report.peak.secondary') });
          for (const f of s.figures) {
            const said = validityTexts(f.validity, locale);
            blocks.push({ kind: 'item', text: `${shared ? '' : `${f.label} · `}${f.candidate_label}: ${f.text}${f.mark ? ' ~' : ''} (${f.basis})${said.length ? ` — ${said.join(zh ? '；' : '; ')}` : ''}` });
          }
        }
        for (const f of s.sweep ? [] : s.figures) {
          const fmt = (v: number | null): string => (v === null ? '' : `${formatValue(v, f.unit, locale)} ${f.unit}`);
          // A volume has no speedup ("–"): its change is all the line states.
          const ratio = (s: string): string => (s === '–' ? '' : ` · ${s}`);
          // A single measured value (no ratio): the configuration it belongs to.
          const single = f.speedup_text === '';
          const values = single ? f.candidate_label
            : f.baseline !== null && f.candidate !== null
              ? `${f.baseline_label} ${fmt(f.baseline)} → ${f.candidate_label} ${fmt(f.candidate)}${ratio(f.speedup_text)} · ${f.change_text}`
              : `${t('report.against', { candidate: f.candidate_label, baseline: f.baseline_label })}${ratio(f.speedup_text)} · ${f.change_text}`;
          blocks.push({
            kind: 'headline', label: `${f.label}${f.workload ? ` · ${f.workload_label ?? f.workload}` : ''}`, text: f.text, values, basis: f.basis, mark: f.mark === '~',
            verdict: f.verdict, warnings: f.warnings.map((w) => warningText(w, locale)),
            ...(f.validity?.length ? { validity: validityTexts(f.validity, locale) } : {}),
          });
        }
        for (const e of s.errors) blocks.push({ kind: 'note', text: t('report.missing', { reason: e }), tone: 'error' });
        break;
      }
      case 'text': {
        // A commentary holds the user's words or is not printed: an empty one is no section.
        if (!s.markdown.trim()) break;
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
        // A trend states its change points and excursions in words, and the method that found them.
        if (option && s.data?.kind === 'trend') {
          for (const line of [...changeLines(s.data.trend, t), ...excursionLines(s.data.trend, t)]) blocks.push({ kind: 'item', text: line });
          blocks.push({ kind: 'note', text: methodLine(s.data.trend, t), tone: 'muted' });
        }
        break;
      }
      case 'pivot': {
        title(s.title);
        for (const e of s.errors) blocks.push({ kind: 'note', text: t('report.missing', { reason: e }), tone: 'error' });
        s.tables.forEach((table, i) => {
          if (table.title) blocks.push({ kind: 'subtitle', text: table.title });
          // The headings say "mean / max (ms)" when the values share a unit; else this note names them.
          const sharedUnit = table.values.every((v) => v.unit === table.values[0]!.unit && v.unit !== '');
          const joined = s.layout === 'joined' && !(table.columns.length === 1 && table.columns[0]!.label === '') && table.values.length > 1 && !sharedUnit;
          if (joined) blocks.push({ kind: 'note', text: t('report.pivotCell', { values: table.values.map((v) => `${v.label}${v.unit && !namesUnit(v.label, v.unit) ? ` (${v.unit})` : ''}`).join(' / ') }), tone: 'muted' });
          blocks.push(...pivotBlocks(`${s.id}-${i}`, table, s.layout, locale, contentWidth));
        });
        for (const note of s.notes) blocks.push({ kind: 'note', text: note, tone: 'muted' });
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
        const families = groupByFamily(c.pairs, (p) => p.workload_label);
        const fixed = [13, 13, 9, 24, 11];
        const rest = 100 - fixed.reduce((a, b) => a + b, 0);
        const extra = (multi.candidates ? 1 : 0) + (multi.metrics ? 1 : 0);
        // Grouped, the first column holds a load ("QD128") alone: the metric's name gets its room.
        const widths = families && extra === 2 ? [9, 10, 17, 12, 12, 8, 21, 11]
          : [rest / (1 + extra), ...Array(extra).fill(rest / (1 + extra)), ...fixed] as number[];
        const table: TableShape = { key: s.id, header, widths };
        // Intervals per row where any pair has one; else one line says why there are none.
        const withIntervals = c.pairs.some((p) => p.ci_baseline || p.ci_candidate);
        const verdictAt = header.length - 3;
        const rowOf = (p: ComparePair, cells: string[]): Block => ({
          kind: 'row', table, cells, classes: cells.map((_, i) => (i === verdictAt || i === verdictAt + 1 ? `verdict-${p.verdict}` : undefined)),
        });
        // 32 workloads × candidates × metrics: by family (a row naming it), each workload's load
        // once, then its candidates and metrics; a cell that repeats the row above is left blank.
        if (families) {
          const workloadAt = new Map<string, number>();
          for (const p of c.pairs) if (!workloadAt.has(p.workload)) workloadAt.set(p.workload, workloadAt.size);
          const order = (p: ComparePair): number[] => [workloadAt.get(p.workload)!, c.candidates.indexOf(p.candidate_label), c.metrics.indexOf(p.metric)];
          for (const g of families) {
            blocks.push({ kind: 'row', table, cells: [g.family], group: true });
            const members = [...g.items].sort((a, b) => { const x = order(a.item); const y = order(b.item); return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!; });
            members.forEach(({ item: p, load }, k) => {
              const before = k > 0 ? members[k - 1]!.item : null;
              const cells = pairCells(p, locale, multi, withIntervals);
              const sameWorkload = before?.workload === p.workload;
              cells[0] = sameWorkload ? '' : load;
              if (multi.candidates && sameWorkload && before!.candidate_label === p.candidate_label) cells[1] = '';
              blocks.push({ ...rowOf(p, cells), family: g.family } as Block);
            });
          }
        } else {
          for (const p of c.pairs) blocks.push(rowOf(p, pairCells(p, locale, multi, withIntervals)));
        }
        if (!withIntervals && c.pairs.length) blocks.push({ kind: 'note', text: `${t('report.significance')}: ${t('report.noInterval')}`, tone: 'muted' });
        // Why some pairs are "~" whatever their figures (one run, too few runs): said under the table.
        for (const w of c.warnings) if (w.code === 'single-run' || w.code === 'few-repetitions') blocks.push({ kind: 'note', text: `~ ${w.message}`, tone: 'muted' });
        if (c.workload_filter) blocks.push({ kind: 'note', text: c.workload_filter, tone: 'muted' });
        // What the tools said about the runs of these pairs, and the runs left out for it: under the table they qualify.
        // So do a metric compared across engines it is not comparable across (TPM), and settings that differ.
        for (const w of c.warnings) if (UNDER_TABLE.has(w.code)) blocks.push({ kind: 'note', text: warningText({ ...w, runs: [] }, locale), tone: 'error' });
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
    // Another form of a report (its text beside its HTML, gzipped) is kept with that report's run.
    const form = f.same_report_as ? `\n${t('report.sameReport', { file: f.same_report_as.file, run: f.same_report_as.run })}` : '';
    if (!big.has(`${f.config}\u0000${folder}`)) blocks.push({ kind: 'row', table: files, cells: [`${f.file}\n${f.sha256}${form}`, f.format, f.importer_version, f.config, String(f.runs)], mono: [0] });
  }
  for (const g of ev.file_groups.filter((x) => x.files > MAX_LISTED)) {
    const runs = ev.files.filter((f) => f.config === g.config && f.file.startsWith(`${g.folder}/`)).reduce((a, f) => a + f.runs, 0);
    blocks.push({ kind: 'row', table: files, cells: [`${t('report.fileGroup', { folder: g.folder, count: g.files })}\n${g.combined_sha256}`, g.formats.join(t('list.sep')), '', g.config, String(runs)], mono: [0] });
  }
  blocks.push({ kind: 'subtitle', text: t('report.configs') });
  const configs: TableShape = { key: 'evidence-configs', header: [t('report.config'), t('report.runs'), t('report.tools')], widths: [35, 10, 55] };
  for (const c of ev.configs) blocks.push({ kind: 'row', table: configs, cells: [c.name, String(c.runs), c.tools.join(t('list.sep'))] });
  if (ev.periods.length) {
    blocks.push({ kind: 'subtitle', text: t('report.periods') });
    const periods: TableShape = { key: 'evidence-periods', header: [t('report.period'), t('report.spec'), t('report.zone'), t('report.ranges')], widths: [16, 34, 14, 36] };
    for (const p of ev.periods) blocks.push({ kind: 'row', table: periods, cells: [p.name, p.spec, p.zone, p.ranges.map((r) => `${r.start ?? '…'} – ${r.end ?? '…'}`).join('\n')] });
  }
  blocks.push({ kind: 'subtitle', text: t('report.convention') });
  blocks.push({ kind: 'note', text: ev.convention_note, tone: 'convention' });
  blocks.push({ kind: 'subtitle', text: t('report.formulas') });
  for (const f of ev.formulas) blocks.push({ kind: 'item', text: f });
  if (ev.aggregation.length) {
    blocks.push({ kind: 'subtitle', text: t('report.aggregation') });
    for (const a of ev.aggregation) blocks.push({ kind: 'item', text: a });
  }
  blocks.push({ kind: 'subtitle', text: t('report.filters') });
  for (const f of ev.filters) blocks.push({ kind: 'item', text: f });
  // Stated exclusions: each run left out, with the reason the user gave (older documents lack the field).
  if (ev.excluded_runs?.length) {
    blocks.push({ kind: 'subtitle', text: t('report.excludedRuns') });
    const excluded: TableShape = { key: 'evidence-excluded', header: [t('report.excludedRun'), t('report.config'), t('report.file'), t('report.reason'), t('report.excludedWhen')], widths: [16, 16, 26, 28, 14] };
    for (const e of ev.excluded_runs) blocks.push({ kind: 'row', table: excluded, cells: [`#${e.run} ${e.name}`, e.config, e.file, e.reason, [e.at.slice(0, 10), e.by].filter(Boolean).join(t('list.sep'))] });
  }
  // What the tools said about whether each run's result stands (issue 40), and who counted an invalid one in.
  if (ev.validity?.length) {
    blocks.push({ kind: 'subtitle', text: t('report.validityRuns') });
    const validity: TableShape = { key: 'evidence-validity', header: [t('report.excludedRun'), t('report.config'), t('report.file'), t('report.reason'), t('report.validitySeverity')], widths: [16, 16, 24, 30, 14] };
    for (const v of ev.validity) {
      for (const f of v.facts) {
        const severity = f.severity === 'invalid' ? (v.counted_in ? t('report.countedIn', { when: [v.counted_in.at.slice(0, 10), v.counted_in.by].filter(Boolean).join(t('list.sep')) }) : t('report.validityInvalid')) : t('report.validityWarning');
        blocks.push({ kind: 'row', table: validity, cells: [`#${v.run} ${v.name}`, v.config, v.file, f.message, severity] });
      }
    }
  }
  // Constants (prices, vCPUs…) behind derived metrics, and where each came from.
  if (ev.constants?.length) {
    blocks.push({ kind: 'subtitle', text: t('report.constants') });
    const constants: TableShape = { key: 'evidence-constants', header: [t('report.config'), t('report.constant'), t('report.value'), t('report.source')], widths: [22, 22, 18, 38] };
    for (const c of ev.constants) {
      const where = c.source === 'workbench' ? t('report.sourceWorkbench') : c.source === 'cli' ? t('report.sourceCli') : t('report.sourceFile', { file: c.source.replace(/^file:/, '') });
      blocks.push({ kind: 'row', table: constants, cells: [c.config, c.name, `${c.value.toLocaleString(zh ? 'zh-CN' : 'en-US')} ${c.unit}`, [where, c.entered_by, c.entered_at.slice(0, 10)].filter(Boolean).join(t('list.sep'))] });
    }
  }
  blocks.push({ kind: 'subtitle', text: t('report.warnings') });
  if (ev.warnings.length === 0) blocks.push({ kind: 'note', text: t('report.noWarnings'), tone: 'muted' });
  // A warning once, however many runs it concerns: their count, then the runs. In a Chinese report
  // the warning is named in Chinese, the core's detail (tool versions, sizes) after it.
  const runList = (runs: number[]): string => `${t('warnings.runCount', { count: runs.length })}${zh ? '：' : ': '}${runs.slice(0, 20).join(t('list.sep'))}${runs.length > 20 ? '…' : ''}`;
  for (const w of ev.warnings) {
    const text = zh ? `${warningText({ ...w, runs: [] }, locale)}：${w.message}${w.runs.length ? `（${runList(w.runs)}）` : ''}` : `${w.message}${w.runs.length ? ` (${runList(w.runs)})` : ''}`;
    blocks.push({ kind: 'item', text });
  }
  blocks.push({ kind: 'note', text: t('report.generator', { generator: ev.generator }), tone: 'muted' });
  return { blocks, toc };
}
