/**
 * A study (and a report) as an XLSX workbook: a sheet per chart and table holding the exact
 * numbers the report shows, units in the headers; the runs with their stored values; the
 * evidence. SheetJS CE writes it, no network, no macros.
 */
import * as XLSX from '@e965/xlsx';
import type { ChartData, ComparePair, ReportDocument, RunRecord } from '../../contract/records.js';
import { describeMetric } from '../metrics/dictionary.js';

type Row = Array<string | number | null>;

/** Excel's sheet-name rules: 31 characters, none of []:*?/\, unique in the book. */
function sheetName(wanted: string, taken: Set<string>): string {
  const base = wanted.replace(/[[\]:*?/\\]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 31) || 'Sheet';
  let name = base;
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${base.slice(0, 27)} (${i})`;
  taken.add(name.toLowerCase());
  return name;
}

function add(book: XLSX.WorkBook, taken: Set<string>, name: string, rows: Row[]): void {
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  const widths = rows[0]?.map((_, c) => Math.min(60, Math.max(8, ...rows.slice(0, 200).map((r) => String(r[c] ?? '').length + 2))));
  if (widths) sheet['!cols'] = widths.map((w) => ({ wch: w }));
  XLSX.utils.book_append_sheet(book, sheet, sheetName(name, taken));
}

const withUnit = (label: string, unit: string): string => (unit ? `${label} [${unit}]` : label);

/** A side's interval of the median: its bounds and the probability that it holds the median (%). */
const intervalCells = (ci: ComparePair['ci_baseline']): Row => (ci ? [ci.low, ci.high, ci.coverage * 100] : [null, null, null]);

function pairRows(pairs: readonly ComparePair[]): Row[] {
  const unit = pairs[0]?.unit ?? '';
  const b = pairs[0]?.baseline_label ?? 'baseline';
  return [
    ['Workload', 'Candidate', withUnit(`Baseline (${b})`, unit), withUnit('Candidate', unit), 'Speedup [x, >1 = candidate better]', 'Change [%]', 'Ratio as worded', 'Significance', 'n baseline', 'n candidate', 'p-value', 'Baseline runs', 'Candidate runs',
      withUnit('Baseline median interval, low', unit), withUnit('Baseline median interval, high', unit), 'Baseline interval coverage [%]',
      withUnit('Candidate median interval, low', unit), withUnit('Candidate median interval, high', unit), 'Candidate interval coverage [%]', 'Smallest possible p'],
    ...pairs.map((p): Row => [
      p.object === '*' ? 'all objects' : p.workload, p.candidate_label, p.baseline, p.candidate, p.speedup, p.change_pct, p.text, `${p.mark === '~' ? '~ ' : ''}${p.significance_note}`,
      p.n_baseline, p.n_candidate, p.p_value, p.baseline_runs.join(' '), p.candidate_runs.join(' '),
      ...intervalCells(p.ci_baseline), ...intervalCells(p.ci_candidate), p.p_min,
    ]),
  ];
}

function chartRows(data: ChartData): Row[] {
  switch (data.kind) {
    case 'compare-bars':
      return pairRows(data.compare.pairs.filter((p) => p.candidate_label === data.compare.candidate));
    case 'speedup-heatmap': {
      const m = data.compare.matrix[0];
      if (!m) return [['No pairs']];
      return [['Workload', ...m.candidates.map((c) => `${c} speedup against ${m.baseline} [x]`)], ...m.workloads.map((w, j): Row => [w, ...m.candidates.map((_, i) => m.speedup[i]![j] ?? null)])];
    }
    case 'scaling': {
      const s = data.scaling;
      return [['Line', 'Configuration', s.x, withUnit(s.metric, s.unit), 'Runs'], ...s.series.flatMap((line) => line.points.map((p): Row => [line.label, line.config, p.x, p.y, p.runs.join(' ')]))];
    }
    case 'time-series': {
      const s = data.series;
      return [['Object', 'Time (UTC)', withUnit(s.metric, s.unit)], ...s.objects.flatMap((o) => o.points.map((p): Row => [o.object, new Date(p[0]).toISOString(), p[1]]))];
    }
  }
}

/**
 * The runs as stored: parameters, then every metric with its dictionary unit (derived metrics
 * too, with theirs). An excluded run is listed with its reason: no table of the book counts it.
 */
export function runRows(runs: readonly RunRecord[]): Row[] {
  const params = [...new Set(runs.flatMap((r) => Object.keys(r.params)))];
  const metrics = [...new Set(runs.flatMap((r) => Object.keys(r.metrics)))].sort();
  const header: Row = ['Run', 'Configuration', 'Tool', 'Name', 'Source file', 'SHA-256', 'Excluded from comparisons (reason)', ...params, ...metrics.map((m) => withUnit(m, describeMetric(m)?.unit ?? ''))];
  return [header, ...runs.map((r): Row => [
    r.id, r.config, `${r.tool}${r.tool_version ? ' ' + r.tool_version : ''}`, r.name, r.source.file, r.source.sha256, r.excluded?.reason ?? null,
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
        for (const metric of s.compare.metrics) add(book, taken, `Table ${t} ${metric}`, pairRows(s.compare.pairs.filter((p) => p.metric === metric)));
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
      ...(doc.evidence.excluded_runs.length ? [[], ['Excluded runs', 'Configuration', 'Name', 'File', 'Reason', 'Excluded at', 'By'],
        ...doc.evidence.excluded_runs.map((e): Row => [e.run, e.config, e.name, e.file, e.reason, e.at, e.by])] : []),
      ...(doc.evidence.constants.length ? [[], ['Constant', 'Configuration', 'Value', 'Unit', 'Source', 'Entered by', 'Entered at'],
        ...doc.evidence.constants.map((c): Row => [c.name, c.config, c.value, c.unit, c.source, c.entered_by, c.entered_at])] : []),
      [], ['Filters'], ...doc.evidence.filters.map((f): Row => [f]),
      ...(doc.evidence.aggregation.length ? [[], ['Aggregation'], ...doc.evidence.aggregation.map((f): Row => [f])] : []),
    ]);
  }
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Uint8Array;
}
