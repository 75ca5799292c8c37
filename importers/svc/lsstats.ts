/**
 * 'svc-lsstats': `lssystemstats`, `lsnodestats`, `lsnodecanisterstats`, `lsenclosurestats` and
 * any other `ls<object>stats` (FORMATS.md 4.2), as REST JSON (an array of objects whose values
 * are all strings; key order varies by release: 8.4 writes node_id first, 8.5.2.2 sorts keys) or
 * as CLI output (space-aligned columns under a `stat_name stat_current stat_peak stat_peak_time`
 * header, or any one-byte `-delim`). Each command but lssystemstats puts its own key column
 * first: `node_id node_name`, `enclosure_id` (check_mk's ibm_svc_enclosurestats agent output:
 * `1:power_w:207:218:140410113051`), `drive_id`, ...; the key decides the object and the command
 * named. `-history` output (`sample_time stat_value`, with stat_name and key columns where the
 * command prints them) gives time series.
 *
 * One run per file. Metrics come from stat_current (names: lsstats-names.ts), peaks as
 * `svc.<stat>_peak`; keyed stats are prefixed with their object: `node.<node_name>.`,
 * `enclosure.<enclosure_id>.`. A stat listed twice for one object is kept once when both
 * listings agree and refuses the file when they do not: two values are never folded into one.
 * The output has no clock of its own: the run's time is the latest stat_peak_time (a sample
 * time at most 5 minutes old, FORMATS.md 4.2), and the zone of those times is not written
 * anywhere, so they are read as UTC and a warning says so.
 */
import { jsonErrorOffset } from '../json-error-offset.js';
import { decodeText, lineAt } from '../text.js';
import type { Diagnostic, Importer, ParsedRun, ParsedSeries, ParseResult } from '../types.js';
import { keyScoped, peakMetric, statMapping, statTimeMs, type StatMapping } from './lsstats-names.js';

/** What a row belongs to: the output's own key column (`node_id`/`node_name`, `enclosure_id`, `drive_id`, ...). */
interface RowKey {
  /** "node", "enclosure", "drive", "canister": the key column's prefix. */
  kind: string;
  id: string | null;
  name: string | null;
}

interface StatRow {
  /** 1-based line (CLI text); 0 for JSON. */
  line: number;
  /** Where the row is, as a message says it: "line 12", "array entry 40". */
  where: string;
  key: RowKey | null;
  stat: string;
  current?: string | undefined;
  peak?: string | undefined;
  peakTime?: string | undefined;
  sampleTime?: string | undefined;
  value?: string | undefined;
}

const STAT_COLUMNS = new Set(['stat_name', 'stat_current', 'stat_peak', 'stat_peak_time', 'sample_time', 'stat_value']);
/** A key column: `<object>_id` or `<object>_name` (FORMATS.md 4.2: lsnodestats prefixes node_id node_name). */
const KEY_COLUMN = /^([a-z]+)_(id|name)$/;
const isKeyColumn = (c: string): boolean => !STAT_COLUMNS.has(c) && KEY_COLUMN.test(c);

/** The row's key from its key columns' values; null when the output has none (lssystemstats). */
function rowKey(get: (column: string) => string | undefined, columns: readonly string[]): RowKey | null {
  const keys = columns.filter(isKeyColumn);
  if (keys.length === 0) return null;
  const kind = KEY_COLUMN.exec(keys[0]!)![1]!;
  const id = get(`${kind}_id`);
  const name = get(`${kind}_name`);
  if ((id === undefined || id === '') && (name === undefined || name === '')) return null;
  return { kind, id: id || null, name: name || null };
}

/** The object a key names in metric names and series: the name where the output gives one, else the id. */
const keyLabel = (k: RowKey): string => k.name ?? k.id!;

/**
 * The command an output comes from, by its key column: lsnodestats and lsnodecanisterstats both
 * print node_id node_name (the corpus has both), so that one names the pair.
 */
function commandOf(kind: string | null): string {
  if (kind === null) return 'lssystemstats';
  if (kind === 'node') return 'lsnodestats';
  return `ls${kind}stats`;
}

/** Columns of a header line and its delimiter (null: space-aligned), or null for any other line. */
function headerOf(line: string): { columns: string[]; delim: string | null } | null {
  const t = line.trim();
  if (!/^(?:[a-z]+_(?:id|name)|stat_name|sample_time)\b/.test(t)) return null;
  let columns: string[];
  let delim: string | null = null;
  if (/^[a-z_]+(?:[ \t]+[a-z_]+)+$/.test(t)) columns = t.split(/[ \t]+/);
  else {
    const m = /^[a-z_]+([^a-z_\s])/.exec(t);
    if (!m) return null;
    delim = m[1]!;
    columns = t.split(delim).map((c) => c.trim());
  }
  if (!columns.every((c) => STAT_COLUMNS.has(c) || isKeyColumn(c))) return null;
  const current = columns.includes('stat_name') && columns.includes('stat_current');
  const history = columns.includes('sample_time') && columns.includes('stat_value');
  return current || history ? { columns, delim } : null;
}

const FIRST_OBJECT = /^\s*\[\s*(\{[^{}]*\})?/;

function detectLsstats(head: string): boolean {
  const m = FIRST_OBJECT.exec(head);
  if (m?.[1]) return /"stat_name"\s*:/.test(m[1]) && /"stat_(?:current|value)"\s*:/.test(m[1]);
  if (m) return false;
  // CLI: the header within the first lines (a shell prompt or the command may come first).
  return head.split('\n', 30).some((l) => headerOf(l) !== null);
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

function rowsFromJson(text: string, errors: Diagnostic[], warnings: string[]): StatRow[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    const at = jsonErrorOffset(text);
    errors.push({ message: `not valid JSON: ${(e as Error).message}`, line: lineAt(text, at < 0 ? text.length : at) });
    return [];
  }
  if (!Array.isArray(data)) {
    errors.push({ message: 'expected a JSON array of stats', line: 1 });
    return [];
  }
  const rows: StatRow[] = [];
  const unknownKeys = new Set<string>();
  let notStats = 0;
  data.forEach((o: unknown, k) => {
    const r = o !== null && typeof o === 'object' ? (o as Record<string, unknown>) : null;
    const stat = r ? str(r['stat_name']) : undefined;
    if (!r || !stat) {
      notStats++;
      return;
    }
    for (const key of Object.keys(r)) if (!STAT_COLUMNS.has(key) && !isKeyColumn(key)) unknownKeys.add(key);
    rows.push({
      line: 0, where: `array entry ${k + 1}`, key: rowKey((c) => str(r[c]), Object.keys(r)), stat,
      current: str(r['stat_current']), peak: str(r['stat_peak']), peakTime: str(r['stat_peak_time']),
      sampleTime: str(r['sample_time']), value: str(r['stat_value']),
    });
  });
  if (unknownKeys.size > 0) warnings.push(`fields this importer does not read: ${[...unknownKeys].sort().join(', ')}`);
  if (notStats > 0) warnings.push(`${notStats} array entr${notStats === 1 ? 'y' : 'ies'} without a stat_name left out`);
  return rows;
}

function rowsFromText(text: string, warnings: string[]): StatRow[] {
  const rows: StatRow[] = [];
  const lines = text.split(/\r?\n/);
  let header: { columns: string[]; delim: string | null } | null = null;
  const stray: number[] = [];
  const before: number[] = [];
  lines.forEach((raw, k) => {
    const line = raw.trim();
    if (line === '') return;
    const h = headerOf(line);
    if (h) {
      header = h;
      return;
    }
    const cur = header as { columns: string[]; delim: string | null } | null;
    if (!cur) {
      before.push(k + 1); // before the first header: a prompt or the command line
      return;
    }
    const fields = cur.delim === null ? line.split(/[ \t]+/) : line.split(cur.delim).map((f) => f.trim());
    if (fields.length !== cur.columns.length) {
      stray.push(k + 1);
      return;
    }
    const get = (c: string): string | undefined => {
      const i = cur.columns.indexOf(c);
      return i < 0 ? undefined : fields[i];
    };
    const stat = get('stat_name') ?? '';
    rows.push({
      line: k + 1, where: `line ${k + 1}`, key: rowKey(get, cur.columns), stat,
      current: get('stat_current'), peak: get('stat_peak'), peakTime: get('stat_peak_time'), sampleTime: get('sample_time'), value: get('stat_value'),
    });
  });
  if (before.length > 0) warnings.push(`${before.length} line(s) before the first header (a prompt or the command?) not read (first: line ${before[0]})`);
  if (stray.length > 0) warnings.push(`${stray.length} line(s) that are not stats rows skipped (first: line ${stray[0]})`);
  return rows;
}

const num = (s: string | undefined): number | null => (s !== undefined && s.trim() !== '' && Number.isFinite(Number(s)) ? Number(s) : null);

/** The first place a (key, stat) was listed, to compare a second listing with. */
interface Listed {
  where: string;
  current: number | null;
  peak: number | null;
}

function buildRun(rows: StatRow[], warnings: string[], errors: Diagnostic[]): ParsedRun {
  const metrics: Record<string, number> = {};
  const table: Array<Record<string, string | number | null>> = [];
  const mapping = new Map<string, StatMapping>();
  /** Objects per key kind, in order of appearance: "node" -> node1, node2. */
  const objects = new Map<string | null, string[]>();
  const history = new Map<string, { object: string; map: StatMapping; t: number[]; v: number[] }>();
  const listed = new Map<string, Listed>();
  const times: number[] = [];
  let unreadable = 0;
  let firstUnreadable = 0;
  let repeated = 0;
  const skip = (r: StatRow): void => {
    if (unreadable++ === 0) firstUnreadable = r.line;
  };
  for (const r of rows) {
    const kind = r.key?.kind ?? null;
    const label = r.key ? keyLabel(r.key) : null;
    const list = objects.get(kind) ?? [];
    if (label !== null && !list.includes(label)) list.push(label);
    objects.set(kind, list);
    const map = statMapping(r.stat || 'unnamed');
    mapping.set(map.stat, map);
    if (r.sampleTime !== undefined) {
      const t = statTimeMs(r.sampleTime);
      const v = num(r.value);
      if (t === null || v === null) {
        skip(r);
        continue;
      }
      const key = `${kind ?? ''}\u0000${label ?? ''}\u0000${map.stat}`;
      let h = history.get(key);
      if (!h) history.set(key, (h = { object: seriesObject(r.key), map, t: [], v: [] }));
      h.t.push(t);
      h.v.push(v * map.factor);
      times.push(t);
      continue;
    }
    const current = num(r.current);
    const peak = num(r.peak);
    const peakTimeMs = r.peakTime === undefined ? null : statTimeMs(r.peakTime);
    if (current === null) skip(r);
    const name = keyScoped(r.key, map.metric);
    // A stat listed twice for one object (two captures pasted together, or two objects an older
    // reading took for one): kept once when both say the same, else the file is refused.
    const id = `${kind ?? ''}\u0000${label ?? ''}\u0000${r.stat}`;
    const before = listed.get(id);
    if (before) {
      if (before.current === current && before.peak === peak) repeated++;
      else errors.push({ message: `${r.stat}${label !== null ? ` of ${kind} ${label}` : ''} is listed twice with different values (${before.where}: ${before.current ?? '?'} / peak ${before.peak ?? '?'}; ${r.where}: ${current ?? '?'} / peak ${peak ?? '?'}): two captures in one file? Import each as a file of its own`, ...(r.line > 0 ? { line: r.line } : {}) });
      continue;
    }
    listed.set(id, { where: r.where, current, peak });
    if (current !== null) metrics[name] = current * map.factor;
    if (peak !== null) metrics[keyScoped(r.key, peakMetric(r.stat))] = peak;
    if (peakTimeMs !== null) times.push(peakTimeMs);
    table.push({
      object_kind: kind, object_id: r.key?.id ?? null, object_name: r.key?.name ?? null, stat_name: r.stat, stat_current: current, stat_peak: peak,
      stat_peak_time: r.peakTime ?? null, stat_peak_time_ms: peakTimeMs, metric: name,
    });
  }
  const series: ParsedSeries[] = [];
  for (const [key, h] of history) {
    const order = h.t.map((_, i) => i).sort((a, b) => h.t[a]! - h.t[b]!);
    series.push({
      object: h.object, metric: h.map.metric, unit: h.map.unit,
      times: Float64Array.from(order.map((i) => h.t[i]!)), values: Float64Array.from(order.map((i) => h.v[i]!)),
    });
    const [kind, label] = key.split('\u0000');
    const name = keyScoped(kind ? { kind, id: label!, name: null } : null, h.map.metric);
    if (!(name in metrics)) metrics[name] = h.v.reduce((s, x) => s + x, 0) / h.v.length;
  }
  if (unreadable > 0) warnings.push(`${unreadable} stat row(s) without a readable value skipped${firstUnreadable > 0 ? ` (first: line ${firstUnreadable})` : ''}`);
  if (repeated > 0) warnings.push(`${repeated} stat(s) listed twice for the same object with the same values: kept once`);
  if (times.length > 0) warnings.push('stat_peak_time / sample_time carry no time zone (the system\'s local time): read as UTC');
  if (table.length > 0 && times.length > 0) warnings.push('the output has no sample time of its own: the run\'s time is the latest stat_peak_time');
  const commands = [...objects].map(([kind, list]) => ({ kind, command: commandOf(kind), objects: list }));
  const keyed = commands.flatMap((c) => c.objects);
  return {
    name: commands.map((c) => `${c.command}${history.size > 0 ? ' -history' : ''}${c.objects.length > 0 ? ` ${c.objects.join(', ')}` : ''}`).join('; '),
    tool: 'svc',
    toolVersion: null,
    host: commands.length === 1 && commands[0]!.kind === 'node' && keyed.length === 1 ? keyed[0]! : null,
    startMs: times.length > 0 ? (history.size > 0 ? Math.min(...times) : Math.max(...times)) : null,
    endMs: times.length > 0 ? Math.max(...times) : null,
    params: {},
    metrics,
    tables: {
      svc_stats: table, stat_mapping: [...mapping.values()],
      svc_command: commands.map((c) => ({
        command: c.command, key_column: c.kind === null ? null : `${c.kind}_id`, objects: c.objects,
        ...(c.kind === 'node' ? { note: 'or lsnodecanisterstats, which prints the same columns' } : {}),
      })),
    },
    series,
    warnings,
    errors: [],
  };
}

/** A -history series' object: a node by its name (node1), another object with its kind (enclosure 1); the system as "system". */
function seriesObject(key: RowKey | null): string {
  if (!key) return 'system';
  return key.kind === 'node' ? keyLabel(key) : `${key.kind} ${keyLabel(key)}`;
}

export const svcLsstatsImporter: Importer = {
  id: 'svc-lsstats',
  version: '2',
  tool: 'svc',
  title: 'IBM SVC / Storwize lssystemstats, lsnodestats, lsnodecanisterstats (REST JSON or CLI)',
  detect: detectLsstats,
  parse({ bytes }): ParseResult {
    const text = decodeText(bytes).text;
    if (text.trim() === '') return { runs: [], warnings: [], errors: [{ message: 'the file is empty' }] };
    const errors: Diagnostic[] = [];
    const warnings: string[] = [];
    const rows = text.trimStart().startsWith('[') ? rowsFromJson(text, errors, warnings) : rowsFromText(text, warnings);
    if (errors.length > 0) return { runs: [], warnings: [], errors };
    if (rows.length === 0) return { runs: [], warnings: warnings.map((message) => ({ message })), errors: [{ message: 'no stats rows (stat_name with stat_current, or sample_time with stat_value)' }] };
    const run = buildRun(rows, warnings, errors);
    if (errors.length > 0) return { runs: [], warnings: warnings.map((message) => ({ message })), errors: errors.slice(0, 20) };
    return { runs: [run], warnings: [], errors: [] };
  },
};
