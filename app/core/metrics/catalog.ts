/**
 * A study's metric catalog: every metric its runs have, described by the dictionary (its
 * families included: an AWR report's 900-odd `wait.*`, `bgwait.*` and `load.*` names) and put
 * in a family a reader looks for: the load profile, I/O, the top waits, the other wait events,
 * the time model, SQL. The Compare tab's picker groups by family and searches the names.
 */
import type { MetricFamily, MetricInfo, RunRecord } from '../../contract/records.js';
import { describeMetric, metricOrder } from './dictionary.js';
import { isIdleEventKey } from '../../../importers/awr/idle-events.js';
import { snakeKey } from '../../../importers/awr/names.js';

/** Families in the order a picker shows them. */
export const FAMILY_ORDER: readonly MetricFamily[] = ['throughput', 'latency', 'load', 'io', 'top-waits', 'time-model', 'waits', 'bg-waits', 'sql', 'other', 'idle-waits'];

const TIME_MODEL = new Set(['db_time_s', 'elapsed_s', 'aas', 'cpu.db_cpu_s']);
const THROUGHPUT_UNITS = new Set(['IOPS', 'MiB/s', 'ops/s', 'TPM', 'NOPM', 'TPS', 'QPS', 'QPH', 'tpmC']);

interface EventRow { name: string; idle?: true; wait_class?: string | null; time_s?: number | null }

/** Events of the runs' top lists (non-idle), and events the runs mark idle, as metric key parts. */
function eventSets(runs: readonly RunRecord[]): { top: Set<string>; idle: Set<string> } {
  const top = new Set<string>();
  const idle = new Set<string>();
  for (const r of runs) {
    for (const table of ['top_events', 'foreground_events', 'background_events']) {
      const rows = r.tables[table];
      if (!Array.isArray(rows)) continue;
      for (const e of rows as EventRow[]) {
        const key = snakeKey(e.name);
        if (e.idle) idle.add(key);
        else if (table === 'top_events') top.add(key);
      }
    }
  }
  return { top, idle };
}

export function familyOf(name: string, info: MetricInfo | null, events: { top: Set<string>; idle: Set<string> }): MetricFamily {
  const wait = /^(wait|bgwait)\.([a-z0-9_]+)\./.exec(name);
  if (wait) {
    if (events.idle.has(wait[2]!) || isIdleEventKey(wait[2]!)) return 'idle-waits';
    if (wait[1] === 'wait' && events.top.has(wait[2]!)) return 'top-waits';
    return wait[1] === 'bgwait' ? 'bg-waits' : 'waits';
  }
  if (name.startsWith('load.')) return 'load';
  if (name.startsWith('io.')) return 'io';
  if (name.startsWith('sql.')) return 'sql';
  if (TIME_MODEL.has(name)) return 'time-model';
  if (info && THROUGHPUT_UNITS.has(info.unit) && info.better === 'higher') return 'throughput';
  if (info && info.unit === 'ms' && info.better === 'lower') return 'latency';
  return 'other';
}

/** The study's metrics, described and grouped; a name the dictionary does not know is listed by its name. */
export function metricCatalog(runs: readonly RunRecord[]): MetricInfo[] {
  const names = metricOrder(new Set(runs.flatMap((r) => Object.keys(r.metrics))));
  const events = eventSets(runs);
  const out = names.map((name): MetricInfo => {
    const info = describeMetric(name);
    const base: MetricInfo = info
      ? { name, scope: info.scope, quantity: info.quantity, unit: info.unit, better: info.better, label: info.label, labelZh: info.labelZh, sources: info.sources, ...(info.volume ? { volume: true as const } : {}) }
      : { name, scope: null, quantity: name, unit: '', better: 'higher', label: name, labelZh: name, sources: {} };
    return { ...base, family: familyOf(name, info, events) };
  });
  const rank = new Map(FAMILY_ORDER.map((f, i) => [f, i]));
  return out.sort((a, b) => rank.get(a.family!)! - rank.get(b.family!)!);
}
