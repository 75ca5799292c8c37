/**
 * 'spectrum-control-csv': Spectrum Control / Storage Insights (and TPC-style) performance CSV
 * exports of volumes, pools, nodes and ports (FORMATS.md 4.3). No real export was found for the
 * corpus (MANIFEST "Gaps"), and the column strings, time format and zone are UNVERIFIED; the
 * reading is by pattern (sc-columns.ts, sc-time.ts) and reports every choice it made.
 *
 * One run per file: a series per object (volume name) and metric; run metrics are the series
 * means combined over objects the way the SVC aggregation combines nodes: rates add up, mean
 * latencies and hit percentages are weighted by the same direction's IOPS, peaks take the
 * maximum, everything else is averaged. The per-object means are in tables.object_means.
 */
import { decodeText } from '../text.js';
import type { Importer, ParsedRun, ParsedSeries, ParseResult } from '../types.js';
import { csvNumber, guessDelimiter, parseCsv, type CsvRecord } from './csv.js';
import { canonicalMetric, headerRole, looksLikeHeader, objectKind, snakeCase, splitUnit, type ColumnMapping } from './sc-columns.js';
import { parseScTime } from './sc-time.js';

/** Where the header is: a title or a stor2rrd "Volume Level Statistics" preamble may come first. */
const HEADER_SEARCH_LINES = 30;

function findHeader(records: CsvRecord[]): number {
  const limit = Math.min(records.length, HEADER_SEARCH_LINES);
  for (let i = 0; i < limit; i++) if (looksLikeHeader(records[i]!.fields.map((f) => f.trim()))) return i;
  return -1;
}

function detectScCsv(head: string): boolean {
  const lines = head.split(/\r?\n/, HEADER_SEARCH_LINES);
  return lines.some((l) => l.length < 20000 && looksLikeHeader(parseCsv(l, guessDelimiter(l))[0]?.fields.map((f) => f.trim()) ?? []));
}

/** How each metric combines over objects (as app/core/import/svc-aggregate.ts combines nodes). */
function combine(metric: string, perObject: Map<string, Map<string, number>>): number {
  const values = [...perObject.values()].map((m) => ({ v: m.get(metric), w: m.get(`${metric.split('.')[0]}.iops`) ?? 0 })).filter((x): x is { v: number; w: number } => x.v !== undefined);
  if (values.length === 0) return NaN;
  if (/_peak_ms$/.test(metric)) return Math.max(...values.map((x) => x.v));
  if (/^(read|write|total)\.(iops|bw_mib_s)$/.test(metric)) return values.reduce((s, x) => s + x.v, 0);
  const w = values.reduce((s, x) => s + x.w, 0);
  if (/^(read|write|total)\./.test(metric) && /_(ms|pct)$/.test(metric) && w > 0) return values.reduce((s, x) => s + x.v * x.w, 0) / w;
  return values.reduce((s, x) => s + x.v, 0) / values.length;
}

function parseScCsv(text: string): ParseResult {
  const firstLine = text.split(/\r?\n/).find((l) => looksLikeHeader(parseCsv(l, guessDelimiter(l))[0]?.fields.map((f) => f.trim()) ?? [])) ?? '';
  const delim = guessDelimiter(firstLine);
  const records = parseCsv(text, delim);
  const h = findHeader(records);
  if (h < 0) return { runs: [], warnings: [], errors: [{ message: 'no header line with a time column and I/O rate / data rate / response time columns' }] };
  const header = records[h]!.fields.map((f) => f.trim());
  const warnings: string[] = [];

  // Data rows: up to the first blank line (stor2rrd-style files carry further sections after it).
  const rows: CsvRecord[] = [];
  let i = h + 1;
  for (; i < records.length; i++) {
    const r = records[i]!;
    if (r.fields.every((f) => f.trim() === '')) break;
    rows.push(r);
  }
  const after = records.slice(i).filter((r) => r.fields.some((f) => f.trim() !== ''));
  if (after.length > 0) warnings.push(`${after.length} line(s) after the first table (from line ${after[0]!.line}) not read: one table per file`);

  // Roles from the header, then numeric columns become metrics.
  const roles = header.map((c) => headerRole(c));
  const timeCol = roles.indexOf('time');
  const objectCol = roles.indexOf('object');
  const idCol = roles.indexOf('object_id');
  const intervalCol = roles.indexOf('interval');
  if (timeCol < 0) return { runs: [], warnings: [], errors: [{ message: 'no time column', line: records[h]!.line }] };
  const kind = objectKind(splitUnit(header[objectCol >= 0 ? objectCol : idCol] ?? '').label);

  const mapping: ColumnMapping[] = [];
  const used = new Set<string>();
  const metricOf: Array<{ metric: string; factor: number } | null> = header.map((column, c) => {
    const { unit } = splitUnit(column);
    if (c === timeCol) mapping.push({ column, role: 'time', metric: null, unit, factor: 1 });
    else if (c === objectCol) mapping.push({ column, role: 'object', metric: null, unit, factor: 1 });
    else if (c === idCol) mapping.push({ column, role: 'object_id', metric: null, unit, factor: 1, ...(objectCol >= 0 ? { note: 'the name column names the objects; the id where it is blank' } : {}) });
    else if (c === intervalCol) mapping.push({ column, role: 'interval', metric: null, unit: 's', factor: 1 });
    else if (column === '') return null;
    else if (roles[c] !== null || /(?:^|\s)id$/i.test(splitUnit(column).label)) {
      // Another object's name or id (the pool of a volume, its I/O group): a label, not a measure.
      mapping.push({ column, role: 'attribute', metric: null, unit, factor: 1 });
    } else {
      const numeric = rows.some((r) => csvNumber(r.fields[c] ?? '', delim) !== null)
        && rows.every((r) => (r.fields[c] ?? '').trim() === '' || csvNumber(r.fields[c]!, delim) !== null);
      if (!numeric) {
        mapping.push({ column, role: 'attribute', metric: null, unit, factor: 1 });
        return null;
      }
      const canon = canonicalMetric(column);
      let metric = canon?.metric ?? `sc.${snakeCase(column)}`;
      let note = canon?.note;
      if (used.has(metric)) {
        note = `${metric} already comes from an earlier column`;
        metric = `sc.${snakeCase(column)}`;
        for (let k = 2; used.has(metric); k++) metric = `sc.${snakeCase(column)}_${k}`;
      }
      used.add(metric);
      mapping.push({ column, role: 'metric', metric, unit: canon?.unit ?? unit, factor: canon?.factor ?? 1, ...(note ? { note } : {}) });
      return { metric, factor: canon?.factor ?? 1 };
    }
    return null;
  });

  const points = new Map<string, { object: string; metric: string; unit: string; t: number[]; v: number[] }>();
  const unitOf = new Map(mapping.filter((m) => m.metric).map((m) => [m.metric!, m.unit]));
  const zones = new Set<string>();
  let noZone = 0;
  let badTime = 0;
  let shortRows = 0;
  const intervals = new Set<number>();
  for (const r of rows) {
    const f = r.fields;
    // stor2rrd ends rows and header alike with a comma; tolerate one trailing empty field.
    if (f.length !== header.length && !(f.length === header.length + 1 && f[f.length - 1]!.trim() === '')) {
      shortRows++;
      continue;
    }
    const time = parseScTime(f[timeCol] ?? '');
    if (!time) {
      if (++badTime === 1) warnings.push(`line ${r.line}: time "${f[timeCol] ?? ''}" not understood: row skipped`);
      continue;
    }
    if (time.zone === 'none') noZone++;
    if (time.zone === 'unresolved') zones.add(time.zoneText ?? '');
    const name = (objectCol >= 0 ? f[objectCol]?.trim() : '') || (idCol >= 0 ? f[idCol]?.trim() : '') || '';
    const object = name === '' ? (kind ?? 'all') : kind && kind !== 'volume' ? `${kind} ${name}` : name;
    if (intervalCol >= 0) {
      const iv = csvNumber(f[intervalCol] ?? '', delim);
      if (iv !== null) intervals.add(iv);
    }
    metricOf.forEach((m, c) => {
      if (!m) return;
      const v = csvNumber(f[c] ?? '', delim);
      if (v === null) return;
      const key = `${object}\u0000${m.metric}`;
      let p = points.get(key);
      if (!p) points.set(key, (p = { object, metric: m.metric, unit: unitOf.get(m.metric) ?? '', t: [], v: [] }));
      p.t.push(time.ms);
      p.v.push(v * m.factor);
    });
  }
  if (badTime > 1) warnings.push(`${badTime} rows with a time that is not understood skipped`);
  if (shortRows > 0) warnings.push(`${shortRows} row(s) with a different number of fields than the header skipped`);
  if (noZone > 0) warnings.push(`${noZone} time stamp(s) without a zone read as UTC (FORMATS.md 4.3: the export's zone is UNVERIFIED)`);
  if (zones.size > 0) warnings.push(`time zone ${[...zones].join(', ')} not resolved (named zones are ambiguous): read as UTC`);
  if (intervals.size > 1) warnings.push(`rows have different intervals (${[...intervals].sort((a, b) => a - b).join(', ')} s)`);

  const series: ParsedSeries[] = [];
  const perObject = new Map<string, Map<string, number>>();
  const objectMeans: Array<{ object: string; metric: string; mean: number; samples: number }> = [];
  let first = Infinity;
  let last = -Infinity;
  for (const p of points.values()) {
    const order = p.t.map((_, k) => k).sort((a, b) => p.t[a]! - p.t[b]!);
    const times = Float64Array.from(order.map((k) => p.t[k]!));
    const values = Float64Array.from(order.map((k) => p.v[k]!));
    series.push({ object: p.object, metric: p.metric, unit: p.unit, times, values });
    const mean = values.reduce((s, x) => s + x, 0) / values.length;
    objectMeans.push({ object: p.object, metric: p.metric, mean, samples: values.length });
    let m = perObject.get(p.object);
    if (!m) perObject.set(p.object, (m = new Map()));
    m.set(p.metric, mean);
    first = Math.min(first, times[0]!);
    last = Math.max(last, times[times.length - 1]!);
  }
  const metrics: Record<string, number> = {};
  for (const metric of new Set(series.map((s) => s.metric))) {
    const v = combine(metric, perObject);
    if (Number.isFinite(v)) metrics[metric] = v;
  }
  if (series.length === 0) warnings.push('no data rows with a readable time and numbers');
  const objects = [...perObject.keys()];
  const run: ParsedRun = {
    name: `Spectrum Control ${kind ?? 'performance'} export (${objects.length} object${objects.length === 1 ? '' : 's'})`,
    // The same system's volumes as the iostats importer's runs: one tool, so they compare.
    tool: 'svc',
    toolVersion: null,
    host: null,
    startMs: Number.isFinite(first) ? first : null,
    endMs: Number.isFinite(last) ? last : null,
    params: intervals.size === 1 ? { interval_s: [...intervals][0]! } : {},
    metrics,
    tables: { column_mapping: mapping, object_means: objectMeans },
    series,
    warnings,
    errors: [],
  };
  return { runs: [run], warnings: [], errors: [] };
}

export const spectrumControlCsvImporter: Importer = {
  id: 'spectrum-control-csv',
  version: '2',
  tool: 'svc',
  title: 'IBM Spectrum Control / Storage Insights performance CSV (volumes, pools, nodes, ports)',
  detect: detectScCsv,
  parse({ bytes }): ParseResult {
    const text = decodeText(bytes).text;
    if (text.trim() === '') return { runs: [], warnings: [], errors: [{ message: 'the file is empty' }] };
    return parseScCsv(text);
  },
};
