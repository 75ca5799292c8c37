/**
 * 'svc-lsstats': `lssystemstats`, `lsnodestats` and `lsnodecanisterstats` (FORMATS.md 4.2), as
 * REST JSON (an array of objects whose values are all strings; key order varies by release:
 * 8.4 writes node_id first, 8.5.2.2 sorts keys) or as CLI output (space-aligned columns under a
 * `stat_name stat_current stat_peak stat_peak_time` header, `node_id node_name` first for node
 * stats, or any one-byte `-delim`). `-history` output (`sample_time stat_value`, with stat_name
 * and node columns where the command prints them) gives time series.
 *
 * One run per file. Metrics come from stat_current (names: lsstats-names.ts), peaks as
 * `svc.<stat>_peak`; for node stats every name is prefixed `node.<node_name>.`.
 * The output has no clock of its own: the run's time is the latest stat_peak_time (a sample
 * time at most 5 minutes old, FORMATS.md 4.2), and the zone of those times is not written
 * anywhere, so they are read as UTC and a warning says so.
 */
import { jsonErrorOffset } from '../json-error-offset.js';
import { decodeText, lineAt } from '../text.js';
import type { Diagnostic, Importer, ParsedRun, ParsedSeries, ParseResult } from '../types.js';
import { nodeScoped, peakMetric, statMapping, statTimeMs, type StatMapping } from './lsstats-names.js';

interface StatRow {
  line: number;
  node: string | null;
  nodeId: string | null;
  stat: string;
  current?: string | undefined;
  peak?: string | undefined;
  peakTime?: string | undefined;
  sampleTime?: string | undefined;
  value?: string | undefined;
}

const COLUMNS = new Set(['node_id', 'node_name', 'stat_name', 'stat_current', 'stat_peak', 'stat_peak_time', 'sample_time', 'stat_value']);

/** Columns of a header line and its delimiter (null: space-aligned), or null for any other line. */
function headerOf(line: string): { columns: string[]; delim: string | null } | null {
  const t = line.trim();
  if (!t.startsWith('node_id') && !t.startsWith('stat_name') && !t.startsWith('sample_time')) return null;
  let columns: string[];
  let delim: string | null = null;
  if (/^[a-z_]+(?:[ \t]+[a-z_]+)+$/.test(t)) columns = t.split(/[ \t]+/);
  else {
    const m = /^[a-z_]+([^a-z_\s])/.exec(t);
    if (!m) return null;
    delim = m[1]!;
    columns = t.split(delim).map((c) => c.trim());
  }
  if (!columns.every((c) => COLUMNS.has(c)) || (!columns.includes('stat_name') && !columns.includes('stat_value'))) return null;
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

function rowsFromJson(text: string, errors: Diagnostic[]): StatRow[] {
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
  data.forEach((o: unknown) => {
    if (o === null || typeof o !== 'object') return;
    const r = o as Record<string, unknown>;
    const stat = str(r['stat_name']);
    if (!stat) return;
    rows.push({
      line: 0, node: str(r['node_name']) ?? str(r['node_id']) ?? null, nodeId: str(r['node_id']) ?? null, stat,
      current: str(r['stat_current']), peak: str(r['stat_peak']), peakTime: str(r['stat_peak_time']),
      sampleTime: str(r['sample_time']), value: str(r['stat_value']),
    });
  });
  return rows;
}

function rowsFromText(text: string, warnings: string[]): StatRow[] {
  const rows: StatRow[] = [];
  const lines = text.split(/\r?\n/);
  let header: { columns: string[]; delim: string | null } | null = null;
  const stray: number[] = [];
  lines.forEach((raw, k) => {
    const line = raw.trim();
    if (line === '') return;
    const h = headerOf(line);
    if (h) {
      header = h;
      return;
    }
    const cur = header as { columns: string[]; delim: string | null } | null;
    if (!cur) return; // before the first header: a prompt or the command line
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
      line: k + 1, node: get('node_name') ?? get('node_id') ?? null, nodeId: get('node_id') ?? null, stat,
      current: get('stat_current'), peak: get('stat_peak'), peakTime: get('stat_peak_time'), sampleTime: get('sample_time'), value: get('stat_value'),
    });
  });
  if (stray.length > 0) warnings.push(`${stray.length} line(s) that are not stats rows skipped (first: line ${stray[0]})`);
  return rows;
}

const num = (s: string | undefined): number | null => (s !== undefined && s.trim() !== '' && Number.isFinite(Number(s)) ? Number(s) : null);

function buildRun(rows: StatRow[], warnings: string[]): ParsedRun {
  const metrics: Record<string, number> = {};
  const table: Array<Record<string, string | number | null>> = [];
  const mapping = new Map<string, StatMapping>();
  const nodes = [...new Set(rows.map((r) => r.node).filter((n): n is string => n !== null))];
  const history = new Map<string, { node: string | null; map: StatMapping; t: number[]; v: number[] }>();
  const times: number[] = [];
  let unreadable = 0;
  let firstUnreadable = 0;
  let duplicates = 0;
  const skip = (r: StatRow): void => {
    if (unreadable++ === 0) firstUnreadable = r.line;
  };
  for (const r of rows) {
    const map = statMapping(r.stat || 'unnamed');
    mapping.set(map.stat, map);
    if (r.sampleTime !== undefined) {
      const t = statTimeMs(r.sampleTime);
      const v = num(r.value);
      if (t === null || v === null) {
        skip(r);
        continue;
      }
      const key = `${r.node ?? ''}\u0000${map.stat}`;
      let h = history.get(key);
      if (!h) history.set(key, (h = { node: r.node, map, t: [], v: [] }));
      h.t.push(t);
      h.v.push(v * map.factor);
      times.push(t);
      continue;
    }
    const current = num(r.current);
    const peak = num(r.peak);
    const peakTimeMs = r.peakTime === undefined ? null : statTimeMs(r.peakTime);
    if (current === null) skip(r);
    const name = nodeScoped(r.node, map.metric);
    if (current !== null) {
      if (name in metrics) duplicates++;
      metrics[name] = current * map.factor;
    }
    if (peak !== null) metrics[nodeScoped(r.node, peakMetric(r.stat))] = peak;
    if (peakTimeMs !== null) times.push(peakTimeMs);
    table.push({
      node_id: r.nodeId, node_name: r.node, stat_name: r.stat, stat_current: current, stat_peak: peak,
      stat_peak_time: r.peakTime ?? null, stat_peak_time_ms: peakTimeMs, metric: name,
    });
  }
  const series: ParsedSeries[] = [];
  for (const h of history.values()) {
    const order = h.t.map((_, i) => i).sort((a, b) => h.t[a]! - h.t[b]!);
    series.push({
      object: h.node ?? 'system', metric: h.map.metric, unit: h.map.unit,
      times: Float64Array.from(order.map((i) => h.t[i]!)), values: Float64Array.from(order.map((i) => h.v[i]!)),
    });
    const name = nodeScoped(h.node, h.map.metric);
    if (!(name in metrics)) metrics[name] = h.v.reduce((s, x) => s + x, 0) / h.v.length;
  }
  if (unreadable > 0) warnings.push(`${unreadable} stat row(s) without a readable value skipped${firstUnreadable > 0 ? ` (first: line ${firstUnreadable})` : ''}`);
  if (duplicates > 0) warnings.push(`${duplicates} stat(s) listed twice for the same node: the later value kept`);
  if (times.length > 0) warnings.push('stat_peak_time / sample_time carry no time zone (the system\'s local time): read as UTC');
  if (table.length > 0 && times.length > 0) warnings.push('the output has no sample time of its own: the run\'s time is the latest stat_peak_time');
  const command = nodes.length > 0 ? 'lsnodestats' : 'lssystemstats';
  return {
    name: `${command}${history.size > 0 ? ' -history' : ''}${nodes.length > 0 ? ` ${nodes.join(', ')}` : ''}`,
    tool: 'svc',
    toolVersion: null,
    host: nodes.length === 1 ? nodes[0]! : null,
    startMs: times.length > 0 ? (history.size > 0 ? Math.min(...times) : Math.max(...times)) : null,
    endMs: times.length > 0 ? Math.max(...times) : null,
    params: {},
    metrics,
    tables: { svc_stats: table, stat_mapping: [...mapping.values()] },
    series,
    warnings,
    errors: [],
  };
}

export const svcLsstatsImporter: Importer = {
  id: 'svc-lsstats',
  version: '1',
  tool: 'svc',
  title: 'IBM SVC / Storwize lssystemstats, lsnodestats, lsnodecanisterstats (REST JSON or CLI)',
  detect: detectLsstats,
  parse({ bytes }): ParseResult {
    const text = decodeText(bytes).text;
    if (text.trim() === '') return { runs: [], warnings: [], errors: [{ message: 'the file is empty' }] };
    const errors: Diagnostic[] = [];
    const warnings: string[] = [];
    const rows = text.trimStart().startsWith('[') ? rowsFromJson(text, errors) : rowsFromText(text, warnings);
    if (errors.length > 0) return { runs: [], warnings: [], errors };
    if (rows.length === 0) return { runs: [], warnings: warnings.map((message) => ({ message })), errors: [{ message: 'no stats rows (stat_name with stat_current, or sample_time with stat_value)' }] };
    return { runs: [buildRun(rows, warnings)], warnings: [], errors: [] };
  },
};
