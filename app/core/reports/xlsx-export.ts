/**
 * A study (and a report) as an XLSX workbook: a sheet per chart and table holding the exact
 * numbers the report shows, units in the headers; the runs with their stored values; the
 * evidence. SheetJS CE writes it, no network, no macros.
 */
import * as XLSX from '@e965/xlsx';
import type { ChartData, HeadlineFigure, PivotTable, ReportDocument, RunRecord } from '../../contract/records.js';
import { describeMetric, metricLabel } from '../metrics/dictionary.js';
import { chartRows, pairRows, withUnit, type Row } from '../charts/chart-table.js';
import { shownFileNames } from './evidence.js';
import { sheetName } from './sheet-names.js';
import { runValidityText } from '../validity/compare-validity.js';

/** A metric as a sheet name says it: its label ("Table 1 total IOPS"), the name where the dictionary has none. */
function sheetLabel(metric: string): string {
  const info = describeMetric(metric);
  return info ? metricLabel(info) : metric;
}

/** Excel's limit on the text of one cell (SheetJS refuses to write more). */
export const EXCEL_CELL_CHARS = 32_767;

/**
 * A text longer than a cell holds, cut with a visible mark saying how long it was: one long
 * name or option string must not fail the whole workbook (issue 18). The mark is counted
 * within the limit, and a cut never splits a surrogate pair.
 */
export function fitCell(text: string): string {
  if (text.length <= EXCEL_CELL_CHARS) return text;
  const mark = `… [cut: ${text.length.toLocaleString('en-US')} characters]`;
  let end = EXCEL_CELL_CHARS - mark.length;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return text.slice(0, end) + mark;
}

function add(book: XLSX.WorkBook, taken: Set<string>, name: string, rows: Row[]): void {
  rows = rows.map((r) => r.map((c) => (typeof c === 'string' ? fitCell(c) : c)));
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  const widths = rows[0]?.map((_, c) => Math.min(60, Math.max(8, ...rows.slice(0, 200).map((r) => String(r[c] ?? '').length + 2))));
  if (widths) sheet['!cols'] = widths.map((w) => ({ wch: w }));
  XLSX.utils.book_append_sheet(book, sheet, sheetName(name, taken));
}

/** A table of values: a column per value and column of the pivot (and its margin), units in the headers, the numbers as shown. */
export function pivotRows(table: PivotTable): Row[] {
  const heads = table.values.flatMap((v) => [
    ...table.columns.map((c) => withUnit(c.label ? `${v.label} · ${c.label}` : v.label, v.unit)),
    ...(table.margin_label ? [withUnit(`${v.label} · ${table.margin_label}`, v.unit)] : []),
  ]);
  return [
    [...table.row_headers, ...heads],
    ...table.rows.map((r): Row => [...r.labels, ...table.values.flatMap((_, i) => [...r.cells.map((c) => c[i] ?? null), ...(r.margin ? [r.margin[i] ?? null] : [])])]),
  ];
}

/**
 * The runs as stored: parameters, then every metric with its dictionary unit (derived metrics
 * too, with theirs). An excluded run is listed with its reason: no table of the book counts it.
 */
export function runRows(runs: readonly RunRecord[]): Row[] {
  const params = [...new Set(runs.flatMap((r) => Object.keys(r.params)))];
  const metrics = [...new Set(runs.flatMap((r) => Object.keys(r.metrics)))].sort();
  const header: Row = ['Run', 'Configuration', 'Tool', 'Name', 'Source file', 'SHA-256', 'Excluded from comparisons (reason)', 'What the tool said about the result', ...params, ...metrics.map((m) => withUnit(m, describeMetric(m)?.unit ?? ''))];
  // Never the importing machine's absolute paths: the names the evidence prints.
  const files = shownFileNames(runs.map((r) => r.source.file));
  return [header, ...runs.map((r): Row => [
    r.id, r.config, `${r.tool}${r.tool_version ? ' ' + r.tool_version : ''}`, r.name, files.get(r.source.file) ?? r.source.file, r.source.sha256, r.excluded?.reason ?? null, runValidityText(r),
    ...params.map((p) => (r.params[p] === undefined ? null : typeof r.params[p] === 'boolean' ? String(r.params[p]) : (r.params[p] as string | number))),
    ...metrics.map((m) => r.metrics[m] ?? null),
  ])];
}

/** A headline figure's validity in one cell: each fact with its configuration and workload, "left out" where it was. */
function figureValidityText(validity: HeadlineFigure['validity']): string | null {
  if (!validity?.length) return null;
  return validity.map((v) => `${v.left_out ? 'left out: ' : ''}${v.config} ${v.workload} (run ${v.run}): ${v.message}`).join('; ');
}

/** A sweep headline's peaks, below the figures: the numbers the report's cards state. */
export function peakRows(doc: ReportDocument): Row[] {
  const rows: Row[] = [];
  for (const s of doc.sections) {
    if (s.type !== 'headline' || !s.sweep) continue;
    const w = s.sweep;
    rows.push([], [`Peaks over ${w.x} (median of each load's runs, excluded runs left out)${w.stable_rule ? `; stable up to: the last load before ${w.stable_rule}` : ''}`]);
    rows.push([
      'Configuration', `Peak ${w.metric_label} [${w.unit}]`, `At ${w.x}`, 'Runs at the peak', ...(w.latency_label ? [`${w.latency_label} at the peak [${w.latency_unit}]`] : []),
      `Stable up to (${w.x})`, 'Stable over the whole sweep', ...(w.price ? [w.price.label] : []), `Peak against ${w.baseline}'s peak [x]`, 'Change [%]', 'Peak at the highest load swept', 'Runs left out (reason)',
    ]);
    for (const p of w.peaks) {
      rows.push([
        p.label, p.peak, p.peak_at, p.runs, ...(w.latency_label ? [p.latency] : []), p.stable_up_to, p.stable_within_sweep === null ? null : p.stable_within_sweep ? 'no' : 'yes',
        ...(w.price ? [p.price_performance] : []), p.is_baseline ? 'baseline' : p.ratio, p.change_pct, p.peak_at_last_load ? 'yes' : 'no',
        p.excluded.map((e) => `#${e.run} ${e.reason}`).join('; ') || null,
      ]);
    }
  }
  return rows;
}

export function studyWorkbook(runs: readonly RunRecord[], doc: ReportDocument | null): Uint8Array {
  const book = XLSX.utils.book_new();
  const taken = new Set<string>();
  if (doc) {
    const figures = doc.sections.flatMap((s) => (s.type === 'headline' ? s.figures : []));
    add(book, taken, 'Headline', [
      [doc.report.layout.title], [doc.evidence.convention_note], [],
      ['Figure', 'Baseline', 'Candidate', 'Workload', 'Unit', 'Baseline value', 'Candidate value', 'Speedup [x, >1 = candidate better]', 'Change', 'Ratio as worded', 'Basis', 'What the tools said about the runs'],
      ...figures.map((f): Row => [f.label, f.baseline_label, f.candidate_label, f.workload, f.unit, f.baseline, f.candidate, f.speedup, f.change_text, f.text, f.basis, figureValidityText(f.validity)]),
      ...peakRows(doc),
    ]);
    let t = 0;
    for (const s of doc.sections) {
      if (s.type === 'table' && s.compare) {
        t++;
        for (const metric of s.compare.metrics) add(book, taken, `Table ${t} ${sheetLabel(metric)}`, pairRows(s.compare.pairs.filter((p) => p.metric === metric)));
      }
      if (s.type === 'chart' && s.data) add(book, taken, `Chart ${s.title}`, chartRows(s.data));
      if (s.type === 'pivot') {
        for (const table of s.tables) {
          t++;
          add(book, taken, `Table ${t} ${table.title ?? s.title}`, [...pivotRows(table), [], ...s.notes.map((n): Row => [n])]);
        }
      }
    }
  }
  add(book, taken, 'Runs', runRows(runs));
  if (doc) {
    add(book, taken, 'Evidence', [
      ['File', 'SHA-256', 'Format', 'Importer version', 'Configuration', 'Imported at', 'Runs'],
      ...doc.evidence.files.map((f): Row => [f.file, f.sha256, f.format, f.importer_version, f.config, f.imported_at, f.runs]),
      [], ['Formulas'], ...doc.evidence.formulas.map((f): Row => [f]),
      ...(doc.evidence.excluded_runs.length ? [[], ['Excluded runs', 'Configuration', 'Name', 'File', 'Reason', 'Excluded at', 'By'],
        ...doc.evidence.excluded_runs.map((e): Row => [e.run, e.config, e.name, e.file, e.reason, e.at, e.by])] : []),
      ...(doc.evidence.constants.length ? [[], ['Constant', 'Configuration', 'Value', 'Unit', 'Source', 'Entered by', 'Entered at'],
        ...doc.evidence.constants.map((c): Row => [c.name, c.config, c.value, c.unit, c.source, c.entered_by, c.entered_at])] : []),
      ...(doc.evidence.validity?.length ? [[], ['What the tools said about the runs', 'Configuration', 'Name', 'File', 'Fact', 'Severity', 'Counted in'],
        ...doc.evidence.validity.flatMap((v) => v.facts.map((f): Row => [v.run, v.config, v.name, v.file, f.message, f.severity, v.counted_in ? `${v.counted_in.at}${v.counted_in.by ? ` by ${v.counted_in.by}` : ''}` : null]))] : []),
      [], ['Filters'], ...doc.evidence.filters.map((f): Row => [f]),
      ...(doc.evidence.warnings.length ? [[], ['Warnings', 'Runs'], ...doc.evidence.warnings.map((w): Row => [w.message, w.runs.join(' ')])] : []),
      ...(doc.evidence.aggregation.length ? [[], ['Aggregation'], ...doc.evidence.aggregation.map((f): Row => [f])] : []),
    ]);
  }
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Uint8Array;
}

/** One chart's numbers as a workbook of one sheet: the chart's XLSX button, from the data it is drawn from. */
export function chartWorkbook(name: string, data: ChartData): Uint8Array {
  const book = XLSX.utils.book_new();
  add(book, new Set(), name, chartRows(data));
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Uint8Array;
}
