/**
 * A study (and a report) as an XLSX workbook: a sheet per chart and table holding the exact
 * numbers the report shows, units in the headers; the runs with their stored values; the
 * evidence. SheetJS CE writes it, no network, no macros.
 */
import * as XLSX from '@e965/xlsx';
import type { ChartData, ReportDocument, RunRecord } from '../../contract/records.js';
import { describeMetric, metricLabel } from '../metrics/dictionary.js';
import { chartRows, pairRows, withUnit, type Row } from '../charts/chart-table.js';
import { sheetName } from './sheet-names.js';

/** A metric as a sheet name says it: its label ("Table 1 total IOPS"), the name where the dictionary has none. */
function sheetLabel(metric: string): string {
  const info = describeMetric(metric);
  return info ? metricLabel(info) : metric;
}

function add(book: XLSX.WorkBook, taken: Set<string>, name: string, rows: Row[]): void {
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  const widths = rows[0]?.map((_, c) => Math.min(60, Math.max(8, ...rows.slice(0, 200).map((r) => String(r[c] ?? '').length + 2))));
  if (widths) sheet['!cols'] = widths.map((w) => ({ wch: w }));
  XLSX.utils.book_append_sheet(book, sheet, sheetName(name, taken));
}

/** The runs as stored: parameters, then every metric with its dictionary unit. */
export function runRows(runs: readonly RunRecord[]): Row[] {
  const params = [...new Set(runs.flatMap((r) => Object.keys(r.params)))];
  const metrics = [...new Set(runs.flatMap((r) => Object.keys(r.metrics)))].sort();
  const header: Row = ['Run', 'Configuration', 'Tool', 'Name', 'Source file', 'SHA-256', ...params, ...metrics.map((m) => withUnit(m, describeMetric(m)?.unit ?? ''))];
  return [header, ...runs.map((r): Row => [
    r.id, r.config, `${r.tool}${r.tool_version ? ' ' + r.tool_version : ''}`, r.name, r.source.file, r.source.sha256,
    ...params.map((p) => (r.params[p] === undefined ? null : typeof r.params[p] === 'boolean' ? String(r.params[p]) : (r.params[p] as string | number))),
    ...metrics.map((m) => r.metrics[m] ?? null),
  ])];
}

export function studyWorkbook(runs: readonly RunRecord[], doc: ReportDocument | null): Uint8Array {
  const book = XLSX.utils.book_new();
  const taken = new Set<string>();
  if (doc) {
    const figures = doc.sections.flatMap((s) => (s.type === 'headline' ? s.figures : []));
    add(book, taken, 'Headline', [
      [doc.report.layout.title], [doc.evidence.convention_note], [],
      ['Figure', 'Baseline', 'Candidate', 'Workload', 'Unit', 'Baseline value', 'Candidate value', 'Speedup [x, >1 = candidate better]', 'Change', 'Ratio as worded', 'Basis'],
      ...figures.map((f): Row => [f.label, f.baseline_label, f.candidate_label, f.workload, f.unit, f.baseline, f.candidate, f.speedup, f.change_text, f.text, f.basis]),
    ]);
    let t = 0;
    for (const s of doc.sections) {
      if (s.type === 'table' && s.compare) {
        t++;
        for (const metric of s.compare.metrics) add(book, taken, `Table ${t} ${sheetLabel(metric)}`, pairRows(s.compare.pairs.filter((p) => p.metric === metric)));
      }
      if (s.type === 'chart' && s.data) add(book, taken, `Chart ${s.title}`, chartRows(s.data));
    }
  }
  add(book, taken, 'Runs', runRows(runs));
  if (doc) {
    add(book, taken, 'Evidence', [
      ['File', 'SHA-256', 'Format', 'Importer version', 'Configuration', 'Imported at', 'Runs'],
      ...doc.evidence.files.map((f): Row => [f.file, f.sha256, f.format, f.importer_version, f.config, f.imported_at, f.runs]),
      [], ['Formulas'], ...doc.evidence.formulas.map((f): Row => [f]),
      [], ['Filters'], ...doc.evidence.filters.map((f): Row => [f]),
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
