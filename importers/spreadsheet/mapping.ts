/**
 * The column mapping: what each column of a table is. Proposed from the header words (English
 * and Chinese) and units; set by the user once and remembered for the same header.
 */
import { columnLetter, type Column, type TableShape } from './header.js';
import { dimensionOfCanonical, parseUnit, trailingBracket, unitInfo, unitInHeader, UNIT_NAMES, type UnitInfo } from './units.js';
import { workloadParams } from './values.js';
import { readRunTime } from './run-time.js';
import { findTimedColumns, spanMetric } from './timed-columns.js';

export interface MetricPart {
  /** A dictionary metric name: total.iops, read.bw_mib_s, total.lat_avg_ms, tpm... */
  name: string;
  /** The unit the cells are written in (converted to the metric's canonical unit). */
  unit: string;
}

export type ColumnRole =
  | { role: 'configuration' }
  /** `unit`: a block size column's unit when its cells are bare numbers ("4" in KiB). */
  | { role: 'parameter'; name: string; unit?: string }
  /** `configuration`: the column holds one configuration's figures (a wide table, a configuration per column). */
  | ({ role: 'metric'; configuration?: string } & MetricPart)
  /** A cell holding several figures split by '/': S1's "IOPS / MB/s / ms". */
  | { role: 'metrics'; parts: MetricPart[] }
  /** When the row's run ran: a dated table of nightly results (time, commit, metrics). */
  | { role: 'time' }
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

export const PARAMETER_NAMES = ['bs', 'pattern', 'read_pct', 'iodepth', 'numjobs', 'threads', 'vus', 'sessions', 'clients', 'workload', 'test', 'rw', 'target', 'host', 'commit', 'build', 'revision', 'version'] as const;
/** The units a block size column's bare numbers may be in. */
const SIZE_UNITS = ['B', 'KiB', 'MiB'];

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
  [/^(clients|connections|concurrency|并发数|客户端数|连接数)$/i, 'clients'],
  [/^(workload|test|test ?name|case|job|job ?name|scenario|benchmark|工作负载|负载|测试项|测试名|测试名称|场景|测试场景)$/i, 'workload'],
  [/^(host|hostname|server|主机|服务器)$/i, 'host'],
  // What a nightly or per-commit history names its builds by.
  [/^(commit|commit ?id|git ?(sha|commit|hash)?|sha|changeset|提交|提交号)$/i, 'commit'],
  [/^(build|build ?(id|number|no\.?)|构建|构建号)$/i, 'build'],
  [/^(revision|rev|修订|修订号)$/i, 'revision'],
  [/^(version|ver|firmware ?version|版本|版本号)$/i, 'version'],
];
/** Header words of the column that says when each row's run ran. */
const TIME_WORDS = /^(time|date|datetime|date ?time|timestamp|ts|run ?time|start|start ?time|started|when|日期|时间|测试时间|开始时间)$/i;
/** What a history names its nights' builds by: there a parameter of each run (PARAM_WORDS), elsewhere a configuration. */
const BUILD_WORDS = /^(version|ver|build|release|版本|版本号)$/i;
/** Words that name what was measured (the system, its build, the device): a configuration, never a workload. */
const CONFIG_WORDS = /^(config|config ?name|configuration|setup|system|array|storage|device|drive|disk|ssd|filesystem|fs|driver|engine|storage ?engine|kernel|version|build|release|instance ?type|vm ?size|platform|cloud|provider|storage ?class|backend|product|vendor|model|sut|配置|存储|存储配置|系统|方案|阵列|设备|硬盘|磁盘|版本|文件系统|平台|型号)$/i;

/**
 * A header as words: snake_case and dashes to spaces, and a unit that spelled out its slash
 * ("mib_s", "mb per s") whole again: "block_size_kib" -> "block size kib", "bw_mib_s" -> "bw mib/s".
 */
export function headerWords(leaf: string): string {
  // Blanks folded first: the patterns after them then meet single spaces only (a run of
  // thousands of blanks before "per" would make "\s+per" try each of them).
  return leaf
    .replace(/[_\s]+/g, ' ')
    .replace(/\b([kmg]?i?b) (?:per )?(s|sec)\b/gi, '$1/$2')
    .replace(/ per (s|sec|second)\b/gi, '/s')
    .trim();
}

/** The words of a header without a trailing unit word, and that unit: "block size kib" -> "block size", KiB. */
function withoutUnit(words: string): { name: string; unit: UnitInfo | null } {
  const bare = trailingBracket(words)?.before ?? words;
  const unit = unitInHeader(words);
  const parts = bare.split(' ');
  if (parts.length > 1 && parseUnit(parts[parts.length - 1]!)) return { name: parts.slice(0, -1).join(' '), unit: unit ?? parseUnit(parts[parts.length - 1]!) };
  return { name: bare, unit };
}

/** A dated table's time column: its header names a time and every value it shows reads as one. */
function isTimeColumn(col: Column): boolean {
  const leaf = headerWords(trailingBracket(col.leaf)?.before ?? col.leaf.trim());
  return !col.group && TIME_WORDS.test(leaf) && col.samples.length > 0 && col.samples.every((v) => readRunTime(v) !== null);
}

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
  const unitInfo = col.unit ?? unitInHeader(words);
  const q = quantityOf(words, unitInfo?.dimension ?? null);
  if (!q) return null;
  const name = metricName(q, scopeOf(words));
  const canonicalDim = dimensionOfCanonical(canonicalUnitOf(name));
  const unit = unitInfo && unitInfo.dimension === canonicalDim ? unitInfo.unit : defaultUnit(name);
  return { name, unit };
}

/**
 * The unit of a block size column whose cells are bare numbers: the header's size unit
 * ("Block Size (KiB)", "bs_kb"), else KiB when a value is under 512 (no block is smaller than a
 * sector: "4" is 4 KiB, never 4 bytes). Null: bytes, or sizes written with their unit ("4K").
 */
export function blockSizeUnit(col: Column, headerUnit: UnitInfo | null): string | null {
  if (headerUnit?.dimension === 'size') return headerUnit.unit;
  return col.minBare !== null && col.minBare < 512 ? 'KiB' : null;
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
  const dated = shape.columns.some(isTimeColumn);
  const columns: MappedColumn[] = shape.columns.map((col) => {
    const header = col.header;
    // A column with neither a name nor a value (a row of tabs gives thousands): nothing to read.
    if (col.samples.length === 0 && !col.group && /^column \d+$/.test(col.leaf)) return { header, role: 'ignore' };
    const words = headerWords(col.leaf);
    const leaf = headerWords(trailingBracket(col.leaf)?.before ?? col.leaf.trim());
    const bare = withoutUnit(words);
    // A dated table's time column: named so, and its values read as dates or epoch times.
    if (isTimeColumn(col)) return { header, role: 'time' };
    // In a dated table (a history: one row a night) a build or version names the run, not a
    // configuration: each night's build is a parameter of its run, so the nights stay one trend.
    const history = dated && BUILD_WORDS.test(leaf);
    if (!col.group && !history && (CONFIG_WORDS.test(leaf) || CONFIG_WORDS.test(bare.name))) return { header, role: 'configuration' };
    // A read/write mix ("70/30" under 读写比 or "rw mix") is a parameter, though its cells split
    // by '/' like S1's "IOPS / ms" figures: read as figures it made a phantom run per row.
    if (col.mix && !col.group) return { header, role: 'parameter', name: 'read_pct' };
    // Cells of figures next: S1's "RW" column is random write, not fio's rw parameter.
    if (col.tuple >= 2) return { header, role: 'metrics', parts: tupleParts(col.tuple, shape.captions) };
    if (!col.group) {
      const param = PARAM_WORDS.find(([re]) => re.test(leaf) || re.test(bare.name));
      if (param) {
        const unit = param[1] === 'bs' ? blockSizeUnit(col, bare.unit ?? col.unit) : null;
        return { header, role: 'parameter', name: param[1], ...(unit && unit !== 'B' ? { unit } : {}) };
      }
    }
    if (col.numeric || col.samples.length === 0) {
      const metric = proposeMetric(col, `${words} ${col.unit?.unit ?? ''}`.trim());
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
  } else {
    wideConfigurations(shape, columns);
    if (!columns.some((c) => c.role === 'configuration')) configurationFromValues(shape, columns);
  }
  return { version: 1, columns };
}

/** The mapping reads a table of timed events: a start and an end column. */
export const isTimedMapping = (mapping: ColumnMapping): boolean => mapping.columns.some((m) => m.role === 'start') || mapping.columns.some((m) => m.role === 'end');

/**
 * An author's table of one figure swept over a load, a configuration per column (FORMATS.md 6.3:
 * "# threads  10.1.36  10.2.18  10.3.9"): the first column a parameter, every other column figures
 * under a name that is no metric's nor parameter's. The metric is the one the captions (the
 * comment lines above) name; none named, the columns stay unmapped and the mapping's check says
 * what they hold.
 */
function wideConfigurations(shape: TableShape, columns: MappedColumn[]): void {
  const rest = columns.slice(1);
  const first = columns[0];
  if (!first || (first.role !== 'parameter' && !(first.role === 'ignore' && shape.columns[0]!.numeric)) || rest.length < 2 || columns.some((c) => c.role === 'configuration')) return;
  if (!rest.every((c, i) => c.role === 'ignore' && shape.columns[i + 1]!.numeric && !shape.columns[i + 1]!.group)) return;
  const said = shape.captions.map((c) => headerWords(c));
  const q = said.map((w) => quantityOf(w, unitInHeader(w)?.dimension ?? null)).find((x) => x !== null) ?? null;
  if (!q) return;
  const words = said.join(' ');
  const name = metricName(q, scopeOf(words));
  // A unit the captions state, bracketed or as a word ("transactions per second (TPS)", "latency ms").
  const stated = said.flatMap((w) => w.split(/[\s,;:()[\]]+/)).map((w) => parseUnit(w)).find((u) => u && u.dimension === dimensionOfCanonical(canonicalUnitOf(name)));
  const unit = stated?.unit ?? defaultUnit(name);
  rest.forEach((c, i) => {
    columns[i + 1] = { header: c.header, role: 'metric', name, unit, configuration: shape.columns[i + 1]!.leaf.slice(0, 200) };
  });
  // The swept x under a name no word knows ("load", gnuplot's unnamed first column): a parameter of that name.
  if (first.role === 'ignore') columns[0] = { header: first.header, role: 'parameter', name: headerWords(shape.columns[0]!.leaf).toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').replace(/^(\d)/, 'x$1') || 'x' };
}

/**
 * A text column that tells configurations apart when no header says which column does: its
 * values vary, none names a workload ("rand-read", "4K seq write" name workloads), and without it
 * rows would be the same workload twice. Two or more such columns: none is chosen.
 */
function configurationFromValues(shape: TableShape, columns: MappedColumn[]): void {
  const rows = shape.blocks.flatMap((b) => b.rows.map((r) => ({ title: b.title, cells: r.cells })));
  if (rows.length < 2 || !columns.some((c) => c.role === 'metric' || c.role === 'metrics')) return;
  const params = columns.flatMap((c, i) => (c.role === 'parameter' ? [i] : []));
  const cell = (r: { cells: unknown[] }, i: number): string => String(r.cells[i] ?? '').trim();
  const candidates = params.filter((i) => {
    const col = shape.columns[i]!;
    if (col.numeric || PARAM_WORDS.some(([re]) => re.test(headerWords(col.leaf)))) return false;
    const values = rows.map((r) => cell(r, i)).filter(Boolean);
    if (new Set(values).size < 2) return false;
    if (values.filter((v) => Object.keys(workloadParams(v)).length > 0).length > values.length / 2) return false;
    const others = params.filter((j) => j !== i);
    const keys = rows.map((r) => JSON.stringify([r.title, ...others.map((j) => cell(r, j))]));
    return new Set(keys).size < keys.length;
  });
  if (candidates.length === 1) columns[candidates[0]!] = { header: columns[candidates[0]!]!.header, role: 'configuration' };
}

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
    if (m.role === 'parameter' && m.unit !== undefined) {
      const u = unitInfo(m.unit);
      if (!u || u.dimension !== 'size' || m.name !== 'bs') problems.push(`${where}: a unit is for a block size column's bare numbers (bs in ${SIZE_UNITS.join(', ')}), not "${m.unit}" for ${m.name}`);
    }
    if (m.role === 'metric' && m.configuration !== undefined && m.configuration.trim() === '') problems.push(`${where}: name the configuration whose figures the column holds, or leave "configuration" out`);
  });
  const count = (role: string): number => mapping.columns.filter((m) => m.role === role).length;
  if (isTimedMapping(mapping)) {
    // Timed events need no figure: a span is what they hold.
    if (count('start') !== 1 || count('end') !== 1) problems.push('a table of timed events needs one start column and one end column');
    if (count('event') > 1) problems.push('only one column can name the events');
  } else if (!mapping.columns.some((m) => m.role === 'metric' || m.role === 'metrics')) {
    const figures = mapping.columns.flatMap((m, i) => (m.role === 'ignore' && shape.columns[i]!.numeric ? [`${i + 1} ("${shape.columns[i]!.header}")`] : []));
    problems.push(`no column is mapped to a metric${figures.length > 1
      ? `: columns ${figures.join(', ')} hold figures but nothing names their metric; map each to one (a wide table: the same metric and a "configuration" each)`
      : ''}`);
  } else if (count('event') > 0) problems.push('an event column needs a start and an end column');
  if (mapping.columns.filter((m) => m.role === 'configuration').length > 1) problems.push('only one column can name the configuration');
  if (mapping.columns.filter((m) => m.role === 'time').length > 1) problems.push('only one column can say when the run ran');
  return problems;
}

/** Re-uses a mapping made for the same header, keeping the proposal where it does not fit. */
export function fitsShape(mapping: ColumnMapping, shape: TableShape): boolean {
  return mapping.columns.length === shape.columns.length;
}

/**
 * What the import read of each column and what it left, one line for the import's notes: a
 * summary CSV's block size, bandwidth and test name left unmapped must never go unsaid.
 */
export function columnsRead(shape: TableShape, mapping: ColumnMapping): string {
  const name = (i: number): string => `${columnLetter(i)} "${shape.columns[i]?.header ?? ''}"`;
  const read: string[] = [];
  const left: string[] = [];
  mapping.columns.forEach((m, i) => {
    if (m.role === 'ignore') left.push(name(i));
    else if (m.role === 'configuration') read.push(`${name(i)} as the configuration`);
    else if (m.role === 'parameter') read.push(`${name(i)} as parameter ${m.name}${m.unit ? ` (${m.unit})` : ''}`);
    else if (m.role === 'metric') read.push(`${name(i)} as ${m.name} (${m.unit})${m.configuration !== undefined ? ` of configuration "${m.configuration}"` : ''}`);
    else if (m.role === 'time') read.push(`${name(i)} as the time of the run`);
    else if (m.role === 'event' || m.role === 'start' || m.role === 'end') read.push(`${name(i)} as the ${m.role === 'event' ? 'event' : `${m.role} of each event`}`);
    else read.push(`${name(i)} as ${m.parts.map((p) => `${p.name} (${p.unit})`).join(' / ')}`);
  });
  // Named up to a screenful each: a row of tabs can make a million columns.
  const list = (xs: string[]): string => (xs.length > 24 ? `${xs.slice(0, 24).join(', ')} and ${xs.length - 24} more` : xs.join(', '));
  return `columns read: ${list(read)}; ${left.length > 0 ? `left unmapped: ${list(left)}` : 'every column read'}`;
}

/** Why the proposal read a column as it did, where the table did not say (bare block sizes). */
export function proposalNotes(shape: TableShape, mapping: ColumnMapping): string[] {
  const out: string[] = [];
  mapping.columns.forEach((m, i) => {
    const col = shape.columns[i]!;
    if (m.role !== 'parameter' || m.name !== 'bs' || m.unit !== 'KiB') return;
    if (withoutUnit(headerWords(col.leaf)).unit?.dimension === 'size' || col.unit?.dimension === 'size') return;
    out.push(`column ${columnLetter(i)} ("${col.header}"): block sizes written as bare numbers, ${col.minBare} among them, cannot be bytes (no block is under 512): read as KiB; give the column's unit in the mapping if they are something else`);
  });
  return out;
}
