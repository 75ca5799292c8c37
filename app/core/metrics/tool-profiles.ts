/**
 * The metric dictionary's word on each tool: its primary metrics (what the tool's users look at
 * first, in the order a report names them) and the columns the Runs table shows for its runs.
 * Compare, Scaling, Time series, the report templates and the CLI start from these (see
 * default-metrics.ts); dictionary.ts re-exports them.
 */

/**
 * What a primary metric is to its tool's users: throughput (IOPS, TPS, NOPM), latency (fio's
 * completion latency, sysbench's p95), time spent (AWR's DB time and average active sessions),
 * waits (AWR's top events) or utilisation (sar's and iostat's %util).
 */
export type PrimaryRole = 'throughput' | 'latency' | 'time' | 'wait' | 'utilisation';

/** One primary figure: the first of `names` the runs have (fio: clat where the run has it, else lat). */
export interface PrimaryMetric {
  role: PrimaryRole;
  names: readonly string[];
}

/** A column of the Runs table: a workload parameter, a metric (the first of `names` a run has), the top wait event, or the objects counted. */
export type RunColumnSpec =
  | { kind: 'param'; key: string }
  | { kind: 'metric'; names: readonly string[] }
  | { kind: 'top-event' }
  | { kind: 'objects' };

export interface ToolProfile {
  /** The tool's headline figures, in the order a report names them. */
  primary: readonly PrimaryMetric[];
  /** What the Runs table shows for the tool's runs: its workload parameters, then its figures. */
  columns: readonly RunColumnSpec[];
}

/** AWR's top events' average waits: `wait.<event>.avg_ms` of the events the runs' Top Events tables name. */
export const TOP_EVENT_WAITS = 'wait.*.avg_ms';

const throughput = (...names: string[]): PrimaryMetric => ({ role: 'throughput', names });
const latency = (...names: string[]): PrimaryMetric => ({ role: 'latency', names });
const param = (key: string): RunColumnSpec => ({ kind: 'param', key });
const column = (...names: string[]): RunColumnSpec => ({ kind: 'metric', names });
const figures = (primary: readonly PrimaryMetric[]): RunColumnSpec[] => primary.filter((p) => p.role !== 'wait').map((p) => column(...p.names));

// Storage engineers compare completion latency (clat: from submission to completion), the figure
// fio's users quote; total latency (lat) adds the submission time. A run without clat (fio 2 terse
// output with clat disabled) falls back to lat.
const FIO_PRIMARY = [throughput('total.iops'), throughput('total.bw_mib_s'), latency('total.clat_avg_ms', 'total.lat_avg_ms')];
const BLOCK_IO_PRIMARY = [throughput('total.iops'), throughput('total.bw_mib_s'), latency('total.lat_avg_ms')];
const AWR: ToolProfile = {
  // Average active sessions first: DB time per second of the report's window, so two reports of
  // different lengths compare; then DB time itself, the top events' average waits, and the
  // Load Profile's transactions per second (what a sweep of sessions buys).
  primary: [{ role: 'time', names: ['aas'] }, { role: 'time', names: ['db_time_s'] }, { role: 'wait', names: [TOP_EVENT_WAITS] }, throughput('load.transactions_per_s')],
  columns: [param('sessions'), column('db_time_s'), column('aas'), { kind: 'top-event' }, column('load.redo_size_bytes_per_s')],
};
const MONITOR_PRIMARY = [{ role: 'utilisation' as const, names: ['util_pct'] }, latency('total.lat_avg_ms')];
const MONITOR: ToolProfile = { primary: MONITOR_PRIMARY, columns: [{ kind: 'objects' }, ...figures(MONITOR_PRIMARY), column('cpu_iowait_pct')] };
const SVC_PRIMARY = [latency('read.lat_avg_ms'), latency('write.lat_avg_ms'), throughput('total.iops')];
const COCKROACH_PRIMARY = [throughput('ops_per_s', 'tpmc'), latency('total.lat_p99_ms', 'total.lat_p95_ms', 'total.lat_avg_ms')];
const SYSBENCH_PRIMARY = [throughput('tps'), latency('total.lat_p95_ms', 'total.lat_avg_ms')];
const HAMMERDB_PRIMARY = [throughput('nopm', 'qph'), throughput('tpm'), latency('queryset.time_s')];
const VDBENCH_PRIMARY = [throughput('total.iops'), latency('total.lat_avg_ms')];
const COSBENCH_PRIMARY = [throughput('ops_per_s'), latency('total.lat_avg_ms')];

/**
 * Each tool's primary metrics and Runs columns, by the run's `tool`. A tool not listed (a
 * spreadsheet's columns) gets the generic storage and database figures it has.
 */
export const TOOL_PROFILES: Readonly<Record<string, ToolProfile>> = {
  fio: { primary: FIO_PRIMARY, columns: [param('bs'), param('rw'), param('read_pct'), param('iodepth'), param('numjobs'), param('ioengine'), ...figures(FIO_PRIMARY), column('read.clat_p99_ms'), column('write.clat_p99_ms')] },
  vdbench: { primary: VDBENCH_PRIMARY, columns: [param('bs'), param('pattern'), param('read_pct'), param('threads'), ...figures(VDBENCH_PRIMARY), column('total.bw_mib_s')] },
  sysbench: { primary: SYSBENCH_PRIMARY, columns: [param('test'), param('threads'), column('tps'), column('qps'), column('rw_qps'), column('total.lat_p95_ms', 'total.lat_avg_ms')] },
  hammerdb: { primary: HAMMERDB_PRIMARY, columns: [param('vus'), ...figures(HAMMERDB_PRIMARY)] },
  'oracle-awr': AWR,
  'oracle-statspack': AWR,
  cockroach: { primary: COCKROACH_PRIMARY, columns: [param('workload'), param('threads'), ...figures(COCKROACH_PRIMARY)] },
  // A node statistics run has no response times: its CPU busy and host bandwidth show instead.
  svc: { primary: SVC_PRIMARY, columns: [{ kind: 'objects' }, ...figures(SVC_PRIMARY), column('total.bw_mib_s'), column('cpu_pct')] },
  cosbench: { primary: COSBENCH_PRIMARY, columns: [param('stage'), param('bs'), param('read_pct'), ...figures(COSBENCH_PRIMARY), column('total.bw_mib_s')] },
  diskspd: { primary: BLOCK_IO_PRIMARY, columns: [param('bs'), param('pattern'), param('read_pct'), param('iodepth'), param('threads'), ...figures(BLOCK_IO_PRIMARY)] },
  iometer: { primary: BLOCK_IO_PRIMARY, columns: [param('bs'), param('pattern'), param('read_pct'), param('iodepth'), param('threads'), ...figures(BLOCK_IO_PRIMARY)] },
  sar: MONITOR,
  iostat: MONITOR,
  nmon: MONITOR,
  dstat: MONITOR,
};

const GENERIC_PRIMARY = [
  throughput('total.iops'), throughput('total.bw_mib_s'), latency('total.clat_avg_ms', 'total.lat_avg_ms'),
  throughput('tps', 'nopm', 'ops_per_s', 'tpm'), latency('total.lat_p95_ms', 'total.lat_p99_ms'),
];
const GENERIC: ToolProfile = {
  primary: GENERIC_PRIMARY,
  columns: [param('bs'), param('pattern'), param('read_pct'), param('iodepth'), param('numjobs'), param('threads'), ...figures(GENERIC_PRIMARY)],
};

/** The primary metrics and Runs columns of a tool's runs. */
export function toolProfile(tool: string): ToolProfile {
  return TOOL_PROFILES[tool] ?? GENERIC;
}
