/**
 * A database interval (an AWR or STATSPACK report) against the host's and the array's figures
 * over exactly that interval: physical reads and writes per second from the report's Load
 * Profile against the disks' reads and writes per second (iostat, sar -d, nmon, dstat), and the
 * report's Host CPU against the host monitor's CPU (mpstat, sar -u, vmstat, iostat), with the
 * difference in %. Only samples whose interval ends inside the report's are counted (a monitor
 * stamps a sample at the end of the interval it covers), so a load that started before the
 * begin snapshot is not averaged in, and clock offsets in force apply to both sides.
 */
import { isStackedOrPartition } from '../../../importers/monitors/run-summary.js';
import type { RunRecord } from '../../contract/records.js';
import type { IntervalCheck, IntervalCheckRow } from '../../contract/timeline.js';
import { layerOf } from './layers.js';
import { READS_PER_S, WRITES_PER_S } from './report-steps.js';
import { seriesLaneId } from './lane-ids.js';
import { laneSamples } from './lane-samples.js';
import type { StudyLanes } from './study-lanes.js';
import type { TimelineReader } from './timeline.js';

/** Host monitors whose CPU total is read, in the order one is preferred when several ran. */
const CPU_TOOLS = ['mpstat', 'sar', 'vmstat', 'iostat', 'nmon', 'dstat'];
const DISK_TOOLS = new Set(['iostat', 'sar', 'nmon', 'dstat']);

const QUANTITIES: Array<{ quantity: IntervalCheckRow['quantity']; label: string; unit: string; db: readonly string[]; metric: string }> = [
  { quantity: 'reads_per_s', label: 'physical reads per second', unit: '1/s', db: READS_PER_S, metric: 'read.iops' },
  { quantity: 'writes_per_s', label: 'physical writes per second', unit: '1/s', db: WRITES_PER_S, metric: 'write.iops' },
  { quantity: 'cpu_usr_pct', label: 'CPU user', unit: '%', db: ['cpu_usr_pct'], metric: 'cpu_usr_pct' },
  { quantity: 'cpu_sys_pct', label: 'CPU system', unit: '%', db: ['cpu_sys_pct'], metric: 'cpu_sys_pct' },
  { quantity: 'cpu_iowait_pct', label: 'CPU I/O wait', unit: '%', db: ['cpu_iowait_pct'], metric: 'cpu_iowait_pct' },
];

const DB_SOURCE: Record<string, string> = {
  'load.read_io_requests_per_s': 'Load Profile: Read IO requests per second',
  'load.write_io_requests_per_s': 'Load Profile: Write IO requests per second',
  'load.physical_reads_per_s': 'Load Profile: Physical reads per second',
  'load.physical_writes_per_s': 'Load Profile: Physical writes per second',
  'load.physical_read_blocks_per_s': 'Load Profile: Physical read (blocks) per second',
  'load.physical_write_blocks_per_s': 'Load Profile: Physical write (blocks) per second',
  cpu_usr_pct: 'Host CPU: %User', cpu_sys_pct: 'Host CPU: %System', cpu_iowait_pct: 'Host CPU: %WIO',
};

const diff = (value: number, base: number): number | null => (base !== 0 ? ((value - base) / base) * 100 : null);

export function intervalCheck(reader: TimelineReader, lanes: StudyLanes, runId: number): IntervalCheck {
  const report = lanes.runs.get(runId);
  if (!report || layerOf(report) !== 'database' || !report.start || !report.end) throw new Error(`run ${runId} is not a database report with an interval (an AWR or STATSPACK report)`);
  const shift = (run: number): number => (lanes.offsets.get(run)?.offset_s ?? 0) * 1000;
  const from = Date.parse(report.start) + shift(runId);
  const to = Date.parse(report.end) + shift(runId);
  const notes: string[] = [];
  /** The mean of a series' samples whose interval ends inside (from, to], or null. */
  const meanIn = (run: number, object: string, metric: string): { mean: number; n: number } | null => {
    const s = laneSamples(reader, lanes, seriesLaneId(run, object, metric), { from, to });
    if (typeof s === 'string') return null;
    let sum = 0;
    let n = 0;
    for (let i = 0; i < s.samples.times.length; i++) {
      const t = s.samples.times[i]!;
      const v = s.samples.values[i]!;
      if (t > from && t <= to && Number.isFinite(v)) { sum += v; n++; }
    }
    return n > 0 ? { mean: sum / n, n } : null;
  };
  const sameHost = (run: RunRecord): boolean => {
    // A RAC global report names every instance's host ("racnode1,racnode2").
    const hosts = (report.host ?? '').toLowerCase().split(/\s*,\s*/).filter(Boolean);
    if (hosts.length > 0 && run.host && !hosts.includes(run.host.toLowerCase())) {
      notes.push(`${run.name} (run ${run.id}) is of host ${run.host}, the report of ${report.host}: left out`);
      return false;
    }
    return true;
  };
  const hostRuns = [...lanes.runs.values()].filter((r) => layerOf(r) === 'host' && sameHost(r));
  const arrayRuns = [...lanes.runs.values()].filter((r) => layerOf(r) === 'array');
  const objectsOf = (run: number, metric: string): string[] => lanes.series.filter((s) => s.run_id === run && s.metric === metric).map((s) => s.object);

  /** Every whole disk's rate summed (a monitor's own "all disks" when it has one). */
  const disks = (runs: readonly RunRecord[], metric: string, what: string): { value: number; source: string } | null => {
    for (const run of runs) {
      const objects = objectsOf(run.id, metric);
      if (objects.length === 0) continue;
      const all = new Set(objects);
      const chosen = all.has('all disks') ? ['all disks'] : objects.filter((o) => !isStackedOrPartition(o, all));
      const parts = chosen.map((o) => ({ o, m: meanIn(run.id, o, metric) })).filter((p): p is { o: string; m: { mean: number; n: number } } => p.m !== null);
      if (parts.length === 0) {
        notes.push(`${run.name} (run ${run.id}) has no ${metric} sample inside the interval`);
        continue;
      }
      const n = Math.min(...parts.map((p) => p.m.n));
      return { value: parts.reduce((a, p) => a + p.m.mean, 0), source: `${run.name} (run ${run.id}): ${what} summed over ${parts.map((p) => p.o).join(', ')}, ${n} samples` };
    }
    return null;
  };
  const cpu = (metric: string): { value: number; source: string } | null => {
    const runs = [...hostRuns].sort((a, b) => rank(a.tool) - rank(b.tool));
    for (const run of runs) {
      if (!objectsOf(run.id, metric).includes('cpu')) continue;
      const m = meanIn(run.id, 'cpu', metric);
      if (m) return { value: m.mean, source: `${run.name} (run ${run.id}): all CPUs, ${m.n} samples` };
    }
    return null;
  };

  const rows: IntervalCheckRow[] = QUANTITIES.map((q) => {
    const dbMetric = q.db.find((m) => report.metrics[m] !== undefined);
    const database = dbMetric ? { value: report.metrics[dbMetric]!, source: DB_SOURCE[dbMetric] ?? dbMetric } : null;
    const isCpu = q.quantity.startsWith('cpu');
    const host = isCpu ? cpu(q.metric) : disks(hostRuns.filter((r) => DISK_TOOLS.has(r.tool)), q.metric, q.quantity === 'reads_per_s' ? 'r/s' : 'w/s');
    const array = isCpu ? null : disks(arrayRuns, q.metric, q.quantity === 'reads_per_s' ? 'read I/Os per second' : 'write I/Os per second');
    return {
      quantity: q.quantity, label: q.label, unit: q.unit, database,
      host: host ? { ...host, diff_pct: database ? diff(host.value, database.value) : null } : null,
      array: array ? { ...array, diff_pct: database ? diff(array.value, database.value) : null } : null,
    };
  });
  if (report.params['report'] === 'awrgrpt') notes.push('a RAC global report counts every instance: a host monitor of one node sees that node\'s share');
  return { run: runId, report: report.name, from, to, rows, notes: [...new Set(notes)] };
}

const rank = (tool: string): number => {
  const i = CPU_TOOLS.indexOf(tool);
  return i < 0 ? CPU_TOOLS.length : i;
};
