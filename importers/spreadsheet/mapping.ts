/**
 * The column mapping: what each column of a table is. Proposed from the header words (English
 * and Chinese) and units; set by the user once and remembered for the same header.
 */
import type { Column, TableShape } from './header.js';
import { findTimedColumns, spanMetric } from './timed-columns.js';
import { dimensionOfCanonical, parseUnit, unitInfo, UNIT_NAMES } from './units.js';

export interface MetricPart {
  /** A dictionary metric name: total.iops, read.bw_mib_s, total.lat_avg_ms, tpm... */
  name: string;
  /** The unit the cells are written in (converted to the metric's canonical unit). */
  unit: string;
}

export type ColumnRole =
  | { role: 'configuration' }
  | { role: 'parameter'; name: string }
  | ({ role: 'metric' } & MetricPart)
  /** A cell holding several figures split by '/': S1's "IOPS / MB/s / ms". */
  | { role: 'metrics'; parts: MetricPart[] }
  /** A table of timed events (timed-columns.ts): the span's name, its start and its end. */
  | { role: 'event' }
  | { role: 'start' }
  | { role: 'end' }
  | { role: 'ignore' };

export type MappedColumn = ColumnRole & { header: string };

export interface ColumnMapping {
  version: 1;
  /** One entry per column, left to right; `header` is there to be read and checked. */
  columns: MappedColumn[];
  /** Block titles (text above each table) to configuration labels. */
  configurations?: Record<string, string>;
}

export const PARAMETER_NAMES = ['bs', 'pattern', 'read_pct', 'iodepth', 'numjobs', 'threads', 'vus', 'sessions', 'workload', 'test', 'rw', 'target', 'host'] as const;

/** Header words of parameters, English and Chinese. */
const PARAM_WORDS: Array<[RegExp, string]> = [
  [/^(bs|block ?size|blocksize|xfersize|transfer ?size|io ?size|i\/o ?size|块大小|块尺寸|数据块|io大小)$/i, 'bs'],
  [/^(pattern|access ?pattern|workload ?pattern|io ?pattern|rw|模式|读写模式|访问模式|测试模式|io模式)$/i, 'pattern'],
  [/^(read ?%|read ?pct|rdpct|read ?ratio|read ?mix|rw ?mix|r\/w ?mix|mix|r\/w|read\/write|读写比|读写比例|读比例|读百分比|读写混合比|混合比)$/i, 'read_pct'],
  [/^(iodepth|io ?depth|queue ?depth|qd|队列深度|队列)$/i, 'iodepth'],
  [/^(numjobs|jobs|进程数)$/i, 'numjobs'],
  [/^(threads?|线程|线程数|并发线程)$/i, 'threads'],
  [/^(vus?|virtual ?users|users|虚拟用户|用户数)$/i, 'vus'],
  [/^(sessions|会话|会话数|并发)$/i, 'sessions'],
  [/^(workload|test|case|工作负载|负载|测试项|场景|测试场景)$/i, 'workload'],
  [/^(host|hostname|server|主机|服务器)$/i, 'host'],
];
const CONFIG_WORDS = /^(config|configuration|setup|system|array|storage|配置|存储|存储配置|系统|方案|阵列)$/i;

/** Quantity from header words and unit: iops, bw_mib_s, lat_avg_ms... (null when none fits). */
function quantityOf(words: string, unitDim: string | null): string | null {
  const w = words.toLowerCase();
  if (/p99\.9|99\.9(th)?\b/.test(w)) return 'lat_p999_ms';
  if (/p99|99(th)?\b/.test(w) && /lat|resp|延迟|时延|响应|rt\b|p99/.test(w)) return 'lat_p99_ms';
  if (/p95|95(th)?\b/.test(w)) return 'lat_p95_ms';
  if (/p50|median|中位/.test(w)) return 'lat_p50_ms';
  if (/\biops\b|io\/s|iops|每秒读写|每秒io/.test(w)) return 'iops';
  if (/\btpm\b/.test(w)) return 'tpm';
  if (/\bnopm\b/.test(w)) return 'nopm';
  if (/\btps\b|每秒事务/.test(w)) return 'tps';
  if (/\bqps\b|每秒查询/.test(w)) return 'qps';
  if (/ops\/s|op\/s|ops\b/.test(w)) return 'ops_per_s';
  if (/bandwidth|throughput|\bbw\b|mb\/s|mib\/s|kb\/s|gb\/s|吞吐|带宽|传输率|速率/.test(w) || unitDim === 'bandwidth') return 'bw_mib_s';
  const latency = /latency|\blat\b|response|resp|\brt\b|延迟|时延|响应/.test(w) || unitDim === 'time';
  if (latency && /max|peak|最大|峰值/.test(w)) return 'lat_max_ms';
  if (latency) return 'lat_avg_ms';
  if (unitDim === 'rate') return 'iops';
  return null;
}

function scopeOf(words: string): 'read' | 'write' | 'total' {
  const w = words.toLowerCase();
  const read = /\bread\b|\brd\b|读/.test(w);
  const write = /\bwrite\b|\bwr\b|写/.test(w);
  if (read && !write) return 'read';
  if (write && !read) return 'write';
  return 'total';
}

/**
 * Importers do not read app/: the metric dictionary's naming rules are what this relies on
 * (`<scope>.<quantity>` for directional quantities, units in the name: _ms, bw_mib_s, _pct),
 * and the core checks every mapped name against the dictionary itself (see knownMetric).
 */
const UNSCOPED = new Set(['tpm', 'nopm', 'tps', 'qps', 'qph', 'errors', 'errors_per_s']);

/** The metric name for a quantity: scoped unless it is a tool-level quantity. */
function metricName(quantity: string, scope: 'read' | 'write' | 'total'): string {
  return UNSCOPED.has(quantity) ? quantity : `${scope}.${quantity}`;
}

/** The canonical unit of a metric, from its name. */
export function canonicalUnitOf(metric: string): string {
  const q = metric.replace(/^(read|write|trim|total)\./, '');
  if (q === 'bw_mib_s' || q.endsWith('_mib_s')) return 'MiB/s';
  if (q.endsWith('_ms')) return 'ms';
  // Seconds (sql.elapsed_s, a query's time): not a rate per second, not MiB/s.
  if (q.endsWith('_s') && !q.endsWith('_per_s')) return 's';
  if (q.endsWith('_pct')) return '%';
  if (q === 'errors') return 'errors';
  return 'IOPS';
}

/** The unit a figure of this metric is most likely written in, when the table does not say. */
function defaultUnit(metric: string): string {
  const canonical = canonicalUnitOf(metric);
  return canonical === 'MiB/s' ? 'MB/s' : canonical === 'errors' ? 'count' : canonical;
}

function proposeMetric(col: Column, words: string): MetricPart | null {
  const q = quantityOf(words, col.unit?.dimension ?? null);
  if (!q) return null;
  const name = metricName(q, scopeOf(col.leaf));
  const canonicalDim = dimensionOfCanonical(canonicalUnitOf(name));
  const unit = col.unit && col.unit.dimension === canonicalDim ? col.unit.unit : defaultUnit(name);
  return { name, unit };
}

/** The figures in "IOPS / MB/s / ms" cells, from the caption that says so, else that order. */
function tupleParts(n: number, captions: string[]): MetricPart[] {
  const said = captions.map((c) => /([A-Za-z/µ%]+(?:\s*\/\s*[A-Za-z/µ%]+)+)\s*\)?\s*\.?$/.exec(c)?.[1] ?? '').find((s) => s.split(/\s+\/\s+/).length === n);
  const words = said ? said.split(/\s+\/\s+/) : n === 3 ? ['IOPS', 'MB/s', 'ms'] : n === 2 ? ['IOPS', 'ms'] : [];
  return words.slice(0, n).map((w) => {
    const unit = parseUnit(w);
    const q = quantityOf(w, unit?.dimension ?? null) ?? 'iops';
    const name = metricName(q, 'total');
    return { name, unit: unit?.unit ?? defaultUnit(name) };
  });
}

/** The mapping the importer proposes for a table it has not seen before. */
export function proposeMapping(shape: TableShape): ColumnMapping {
  const columns: MappedColumn[] = shape.columns.map((col) => {
    const header = col.header;
    const leaf = col.leaf.replace(/[([（【][^)\]）】]*[)\]）】]\s*$/, '').trim();
    if (!col.group && CONFIG_WORDS.test(leaf)) return { header, role: 'configuration' };
    // A read/write mix ("70/30" under 读写比 or "rw mix") is a parameter, though its cells split
    // by '/' like S1's "IOPS / ms" figures: read as figures it made a phantom run per row.
    if (col.mix && !col.group) return { header, role: 'parameter', name: 'read_pct' };
    // Cells of figures next: S1's "RW" column is random write, not fio's rw parameter.
    if (col.tuple >= 2) return { header, role: 'metrics', parts: tupleParts(col.tuple, shape.captions) };
    if (!col.group) {
      const param = PARAM_WORDS.find(([re]) => re.test(leaf));
      if (param) return { header, role: 'parameter', name: param[1] };
    }
    if (col.numeric || col.samples.length === 0) {
      const metric = proposeMetric(col, `${col.leaf} ${col.unit?.unit ?? ''}`);
      if (metric) return { header, role: 'metric', ...metric };
      return { header, role: 'ignore' };
    }
    // A text column no word names: a parameter under its own name (host, tier, volume...).
    const slug = leaf.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '_').replace(/^_+|_+$/g, '');
    return slug ? { header, role: 'parameter', name: slug } : { header, role: 'ignore' };
  });
  // A start and an end time: a table of timed events, each row a span (timed-rows.ts).
  const timed = findTimedColumns(shape);
  if (timed) {
    shape.columns.forEach((col, i) => {
      const header = col.header;
      if (i === timed.start) columns[i] = { header, role: 'start' };
      else if (i === timed.end) columns[i] = { header, role: 'end' };
      else if (i === timed.event) columns[i] = { header, role: 'event' };
      else if (columns[i]!.role === 'metric') {
        const span = spanMetric(col);
        if (span) columns[i] = { header, role: 'metric', ...span };
      }
    });
  }
  return { version: 1, columns };
}

/** The mapping reads a table of timed events: a start and an end column. */
export const isTimedMapping = (mapping: ColumnMapping): boolean => mapping.columns.some((m) => m.role === 'start') || mapping.columns.some((m) => m.role === 'end');

/** Checks a mapping against a table's columns (and the dictionary, given): problems as sentences. */
export function mappingProblems(mapping: ColumnMapping, shape: TableShape, knownMetric?: (name: string) => boolean): string[] {
  const problems: string[] = [];
  if (mapping.columns.length !== shape.columns.length) {
    problems.push(`the mapping has ${mapping.columns.length} columns, the table ${shape.columns.length}`);
    return problems;
  }
  const checkMetric = (p: MetricPart, where: string): void => {
    if (!/^[a-z0-9_]+(\.[a-z0-9_]+)?$/.test(p.name) || (knownMetric && !knownMetric(p.name))) return void problems.push(`${where}: "${p.name}" is not a metric of the dictionary`);
    const unit = unitInfo(p.unit);
    if (!unit) return void problems.push(`${where}: unit "${p.unit}" is not one of ${UNIT_NAMES.join(', ')}`);
    const canonical = canonicalUnitOf(p.name);
    if (unit.dimension !== dimensionOfCanonical(canonical)) problems.push(`${where}: ${p.name} is in ${canonical}, and ${p.unit} cannot be converted to it`);
  };
  mapping.columns.forEach((m, i) => {
    const where = `column ${i + 1} ("${shape.columns[i]!.header}")`;
    if (m.role === 'metric') checkMetric(m, where);
    if (m.role === 'metrics') {
      if (m.parts.length === 0) problems.push(`${where}: name the figures its cells hold`);
      m.parts.forEach((p) => checkMetric(p, where));
    }
    if (m.role === 'parameter' && !/^[a-z][a-z0-9_]*$/.test(m.name)) problems.push(`${where}: parameter name "${m.name}" must be lower-case letters, digits and _`);
  });
  const count = (role: string): number => mapping.columns.filter((m) => m.role === role).length;
  if (isTimedMapping(mapping)) {
    // Timed events need no figure: a span is what they hold.
    if (count('start') !== 1 || count('end') !== 1) problems.push('a table of timed events needs one start column and one end column');
    if (count('event') > 1) problems.push('only one column can name the events');
  } else if (!mapping.columns.some((m) => m.role === 'metric' || m.role === 'metrics')) problems.push('no column is mapped to a metric');
  else if (count('event') > 0) problems.push('an event column needs a start and an end column');
  if (mapping.columns.filter((m) => m.role === 'configuration').length > 1) problems.push('only one column can name the configuration');
  return problems;
}

/** Re-uses a mapping made for the same header, keeping the proposal where it does not fit. */
export function fitsShape(mapping: ColumnMapping, shape: TableShape): boolean {
  return mapping.columns.length === shape.columns.length;
}
