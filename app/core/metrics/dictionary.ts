/**
 * The metric dictionary: the single source of truth for every metric's unit and direction.
 * Ratios, charts, tables, the CLI and PDFs all read it. Names are `<scope>.<quantity>` for
 * directional storage metrics (scope read|write|trim|total) and bare quantities for tool-level
 * metrics (tpm, nopm, ...).
 */

export type Better = 'higher' | 'lower';
export type Scope = 'read' | 'write' | 'trim' | 'total';

export const SCOPES: readonly Scope[] = ['read', 'write', 'trim', 'total'];

export interface Quantity {
  quantity: string;
  unit: string;
  better: Better;
  /** English label, and the Simplified Chinese one. */
  label: string;
  labelZh: string;
  /** Where each tool's value comes from, for the evidence appendix and the docs. */
  sources: Record<string, string>;
  /** A volume of work (waits, executions, physical writes done): its change is stated as a change, never better or worse. */
  volume?: true;
}

export interface MetricInfo extends Quantity {
  name: string;
  scope: Scope | null;
}

const FIO_LAT = (kind: string, stat: string): string =>
  `fio JSON ${kind}_ns.${stat} / 1e6 (fio 3.x, ns); ${kind}.${stat} / 1e3 (fio 2.x, µs); total: mean weighted by I/O count`;

const FIO_PCT = (p: string): string =>
  `fio JSON clat_ns.percentile["${p}"] / 1e6 (fio 3.x); clat.percentile["${p}"] / 1e3 (fio 2.x)`;

/** Quantities measured per direction (read/write/trim/total). */
const SCOPED: Quantity[] = [
  {
    quantity: 'iops', unit: 'IOPS', better: 'higher', label: 'IOPS', labelZh: 'IOPS',
    sources: { fio: 'fio JSON <dir>.iops (total = read + write + trim); terse: 3rd field of the direction block; normal output: "IOPS="; write_iops_log values', vdbench: 'i/o rate (avg row); read/write = rate × read pct', svc: 'iostats Δro / Δt, Δwo / Δt, summed over the nodes' },
  },
  {
    quantity: 'bw_mib_s', unit: 'MiB/s', better: 'higher', label: 'Bandwidth', labelZh: '带宽',
    sources: { fio: 'fio JSON <dir>.bw_bytes / 2^20 (fio >= 3.2), else <dir>.bw (KiB/s) / 1024' },
  },
  { quantity: 'lat_avg_ms', unit: 'ms', better: 'lower', label: 'Mean latency', labelZh: '平均延迟', sources: { fio: FIO_LAT('lat', 'mean') } },
  { quantity: 'lat_max_ms', unit: 'ms', better: 'lower', label: 'Max latency', labelZh: '最大延迟', sources: { fio: FIO_LAT('lat', 'max') } },
  { quantity: 'clat_avg_ms', unit: 'ms', better: 'lower', label: 'Mean completion latency', labelZh: '平均完成延迟', sources: { fio: FIO_LAT('clat', 'mean') } },
  { quantity: 'clat_max_ms', unit: 'ms', better: 'lower', label: 'Max completion latency', labelZh: '最大完成延迟', sources: { fio: FIO_LAT('clat', 'max') } },
  { quantity: 'clat_p50_ms', unit: 'ms', better: 'lower', label: 'Completion latency p50', labelZh: '完成延迟 p50', sources: { fio: FIO_PCT('50.000000') } },
  { quantity: 'clat_p90_ms', unit: 'ms', better: 'lower', label: 'Completion latency p90', labelZh: '完成延迟 p90', sources: { fio: FIO_PCT('90.000000') } },
  { quantity: 'clat_p95_ms', unit: 'ms', better: 'lower', label: 'Completion latency p95', labelZh: '完成延迟 p95', sources: { fio: FIO_PCT('95.000000') } },
  { quantity: 'clat_p99_ms', unit: 'ms', better: 'lower', label: 'Completion latency p99', labelZh: '完成延迟 p99', sources: { fio: FIO_PCT('99.000000') } },
  { quantity: 'clat_p999_ms', unit: 'ms', better: 'lower', label: 'Completion latency p99.9', labelZh: '完成延迟 p99.9', sources: { fio: FIO_PCT('99.900000') } },
  { quantity: 'clat_p9999_ms', unit: 'ms', better: 'lower', label: 'Completion latency p99.99', labelZh: '完成延迟 p99.99', sources: { fio: FIO_PCT('99.990000') } },
  { quantity: 'slat_avg_ms', unit: 'ms', better: 'lower', label: 'Mean submission latency', labelZh: '平均提交延迟', sources: { fio: FIO_LAT('slat', 'mean') } },
  { quantity: 'lat_p50_ms', unit: 'ms', better: 'lower', label: 'Latency p50', labelZh: '延迟 p50', sources: { sysbench: 'percentile line', diskspd: 'Latency Bucket 50th', cockroach: 'p50(ms)' } },
  { quantity: 'lat_p90_ms', unit: 'ms', better: 'lower', label: 'Latency p90', labelZh: '延迟 p90', sources: { diskspd: 'Latency Bucket 90th' } },
  { quantity: 'lat_p95_ms', unit: 'ms', better: 'lower', label: 'Latency p95', labelZh: '延迟 p95', sources: { sysbench: '95th percentile', cockroach: 'p95(ms)' } },
  { quantity: 'lat_p99_ms', unit: 'ms', better: 'lower', label: 'Latency p99', labelZh: '延迟 p99', sources: { diskspd: 'Latency Bucket 99th', cockroach: 'p99(ms)' } },
  { quantity: 'lat_p999_ms', unit: 'ms', better: 'lower', label: 'Latency p99.9', labelZh: '延迟 p99.9', sources: { diskspd: 'Latency Bucket 99.9th' } },
  { quantity: 'lat_p9999_ms', unit: 'ms', better: 'lower', label: 'Latency p99.99', labelZh: '延迟 p99.99', sources: { diskspd: 'Latency Bucket 99.99th' } },
  { quantity: 'ops_per_s', unit: 'ops/s', better: 'higher', label: 'Operations per second', labelZh: '每秒操作数', sources: { cosbench: 'Op-Count / time', cockroach: 'ops/sec(cum)' } },
  { quantity: 'success_pct', unit: '%', better: 'higher', label: 'Success ratio', labelZh: '成功率', sources: { cosbench: 'Succ-Ratio' } },
  { quantity: 'lat_peak_ms', unit: 'ms', better: 'lower', label: 'Peak latency in the interval', labelZh: '采样间隔内峰值延迟', sources: { svc: 'iostats rlw / wlw (µs, worst response since the last collection) / 1000; mdisk pre / pwe' } },
  { quantity: 'cache_hit_pct', unit: '%', better: 'higher', label: 'Cache hits', labelZh: '缓存命中率', sources: { svc: '100 × Δctrhs / Δctrs (read), Δctwhs / Δctws (write)' } },
  { quantity: 'queue_avg_ms', unit: 'ms', better: 'lower', label: 'Mean queue time', labelZh: '平均排队时间', sources: { svc: 'mdisk / drive Δrq / Δro (ms), Δurq / 1000 / Δro (µs counters)' } },
  { quantity: 'lat_stddev_ms', unit: 'ms', better: 'lower', label: 'Latency standard deviation', labelZh: '延迟标准差', sources: { vdbench: 'resp stddev (summary); resp_std / read_std / write_std (flatfile)' } },
  // Latency samples over time (fio logs): per-I/O values, or window means with log_avg_msec.
  { quantity: 'lat_ms', unit: 'ms', better: 'lower', label: 'Latency', labelZh: '延迟', sources: { fio: 'write_lat_log <name>_lat.N.log value / 1e6 (fio 3, ns) or / 1e3 (fio 2, µs)' } },
  { quantity: 'clat_ms', unit: 'ms', better: 'lower', label: 'Completion latency', labelZh: '完成延迟', sources: { fio: 'write_lat_log <name>_clat.N.log value, as lat' } },
  { quantity: 'slat_ms', unit: 'ms', better: 'lower', label: 'Submission latency', labelZh: '提交延迟', sources: { fio: 'write_lat_log <name>_slat.N.log value, as lat' } },
  // Window maxima of fio logs (log_avg_msec with log_window_value=both, or log_max_value=1);
  // lat and clat maxima share the run summary's lat_max_ms / clat_max_ms.
  { quantity: 'slat_max_ms', unit: 'ms', better: 'lower', label: 'Max submission latency', labelZh: '最大提交延迟', sources: { fio: 'write_lat_log <name>_slat.N.log window maximum (log_window_value=both: the value after the mean; log_max_value=1: the value)' } },
  { quantity: 'bw_max_mib_s', unit: 'MiB/s', better: 'higher', label: 'Peak bandwidth in the window', labelZh: '窗口内峰值带宽', sources: { fio: 'write_bw_log window maximum (log_window_value=both, log_max_value=1) / 1024' } },
  { quantity: 'iops_max', unit: 'IOPS', better: 'higher', label: 'Peak IOPS in the window', labelZh: '窗口内峰值 IOPS', sources: { fio: 'write_iops_log window maximum (log_window_value=both, log_max_value=1)' } },
];

/** Tool-level quantities: no direction. */
const UNSCOPED: Quantity[] = [
  { quantity: 'tpm', unit: 'TPM', better: 'higher', label: 'Transactions per minute', labelZh: '每分钟事务数', sources: { hammerdb: 'result line "System achieved ... TPM" (not comparable across HammerDB versions); counter log: mean after the first nonzero sample' } },
  { quantity: 'tpm_max', unit: 'TPM', better: 'higher', label: 'Peak transactions per minute', labelZh: '峰值每分钟事务数', sources: { hammerdb: 'counter log maximum' } },
  { quantity: 'qph', unit: 'QPH', better: 'higher', label: 'Queries per hour', labelZh: '每小时查询数', sources: { hammerdb: 'TPROC-H counter log mean' } },
  { quantity: 'qph_max', unit: 'QPH', better: 'higher', label: 'Peak queries per hour', labelZh: '峰值每小时查询数', sources: { hammerdb: 'TPROC-H counter log maximum' } },
  { quantity: 'nopm', unit: 'NOPM', better: 'higher', label: 'New orders per minute', labelZh: '每分钟新订单数', sources: { hammerdb: 'result line "... N NOPM" (v4+ "N NOPM from M <DB> TPM"; v2.23-v3 "... TPM at N NOPM")' } },
  { quantity: 'ops_per_s', unit: 'ops/s', better: 'higher', label: 'Operations per second', labelZh: '每秒操作数', sources: {} },
  { quantity: 'tps', unit: 'TPS', better: 'higher', label: 'Transactions per second', labelZh: '每秒事务数', sources: {} },
  { quantity: 'qps', unit: 'QPS', better: 'higher', label: 'Queries per second', labelZh: '每秒查询数', sources: {} },
  { quantity: 'errors', unit: 'errors', better: 'lower', label: 'Errors', labelZh: '错误数', sources: { cockroach: 'errors', iometer: 'Errors' } },
  { quantity: 'errors_per_s', unit: '1/s', better: 'lower', label: 'Errors per second', labelZh: '每秒错误数', sources: { sysbench: 'ignored errors per sec' } },
  { quantity: 'reconnects_per_s', unit: '1/s', better: 'lower', label: 'Reconnects per second', labelZh: '每秒重连数', sources: { sysbench: 'reconnects per sec' } },
  { quantity: 'tpmc', unit: 'tpmC', better: 'higher', label: 'tpmC', labelZh: 'tpmC', sources: { cockroach: 'tpcc tpmC' } },
  { quantity: 'efc_pct', unit: '%', better: 'higher', label: 'Efficiency', labelZh: '效率', sources: { cockroach: 'tpcc efc' } },
  { quantity: 'cpu_util_pct', unit: '%', better: 'lower', label: 'CPU utilisation', labelZh: 'CPU 利用率', sources: { iometer: '% CPU Utilization', diskspd: 'CPU Usage' } },
  { quantity: 'util_pct', unit: '%', better: 'lower', label: 'Device busy', labelZh: '设备繁忙率', sources: { iostat: '%util', sar: '%util', nmon: 'DISKBUSY' } },
  { quantity: 'cpu_iowait_pct', unit: '%', better: 'lower', label: 'CPU I/O wait', labelZh: 'CPU I/O 等待', sources: { iostat: '%iowait', sar: '%iowait', nmon: 'CPU_ALL Wait%' } },
  { quantity: 'cpu_steal_pct', unit: '%', better: 'lower', label: 'CPU steal', labelZh: 'CPU 被窃取', sources: { sar: '%steal', iostat: '%steal' } },
  { quantity: 'cpu_idle_pct', unit: '%', better: 'higher', label: 'CPU idle', labelZh: 'CPU 空闲', sources: { sar: '%idle', iostat: '%idle', nmon: 'CPU_ALL Idle%' } },
  { quantity: 'cpu_pct', unit: '%', better: 'lower', label: 'CPU busy', labelZh: 'CPU 使用率', sources: { svc: 'lssystemstats / lsnodestats cpu_pc' } },
  { quantity: 'qdepth', unit: 'I/Os', better: 'lower', label: 'Average queue depth', labelZh: '平均队列深度', sources: { vdbench: 'queue depth (summary), queue_depth (flatfile): average outstanding I/Os' } },
  { quantity: 'db_time_s', unit: 's', better: 'lower', label: 'DB time', labelZh: 'DB 时间', sources: { awr: 'header DB Time (mins) × 60' } },
  { quantity: 'elapsed_s', unit: 's', better: 'lower', label: 'Elapsed', labelZh: '时长', sources: { awr: 'header Elapsed (mins) × 60' } },
  { quantity: 'aas', unit: 'sessions', better: 'lower', label: 'Average active sessions', labelZh: '平均活动会话', sources: { awr: 'DB time / elapsed' } },
  { quantity: 'cpu_usr_pct', unit: '%', better: 'lower', label: 'CPU user', labelZh: 'CPU 用户态', sources: { fio: 'fio JSON usr_cpu' } },
  { quantity: 'cpu_sys_pct', unit: '%', better: 'lower', label: 'CPU system', labelZh: 'CPU 内核态', sources: { fio: 'fio JSON sys_cpu' } },
];

const SCOPE_ZH: Record<Scope, string> = { read: '读', write: '写', trim: 'trim', total: '总计' };

/** "read mean latency" / "读 平均延迟": the label a page prints for a full metric name. */
export function metricLabel(info: MetricInfo, locale: 'en' | 'zh-CN' = 'en'): string {
  if (locale === 'zh-CN') return info.scope ? `${SCOPE_ZH[info.scope]}${info.labelZh}` : info.labelZh;
  const label = /^[A-Z][a-z]/.test(info.label) ? info.label.charAt(0).toLowerCase() + info.label.slice(1) : info.label;
  return info.scope ? `${info.scope} ${label}` : info.label;
}

/**
 * Families of names a tool writes with its own prefixes: HammerDB's per-transaction latencies
 * (`neword.lat_p99_ms`) and TPROC-H query times (`query14.time_s`). One rule per family.
 */
const FAMILIES: Array<{ pattern: RegExp; describe(m: RegExpExecArray): Quantity }> = [
  {
    pattern: /^(neword|payment|delivery|slev|ostat)\.lat_(avg|p50|p95|p99|max)_ms$/,
    describe: (m) => ({
      quantity: `lat_${m[2]}_ms`, unit: 'ms', better: 'lower',
      label: `${m[1]} ${m[2] === 'avg' ? 'mean' : m[2]} response`, labelZh: `${m[1]} ${m[2] === 'avg' ? '平均' : m[2]} 响应时间`,
      sources: { hammerdb: 'time profile (xtprof SUMMARY, or the old |PERCENTILES profiler): per-transaction response time, ms' },
    }),
  },
  {
    pattern: /^(neword|payment|delivery|slev|ostat)\.calls$/,
    describe: (m) => ({ quantity: 'calls', unit: 'calls', better: 'higher', label: `${m[1]} calls`, labelZh: `${m[1]} 调用次数`, sources: { hammerdb: 'time profile CALLS' } }),
  },
  {
    pattern: /^fs\.([a-z]+)s_per_s$/,
    describe: (m) => ({ quantity: `${m[1]}s_per_s`, unit: 'ops/s', better: 'higher', label: `${m[1]}s per second`, labelZh: `每秒 ${m[1]} 操作数`, sources: { vdbench: 'file-system (fwd) "<op> rate" column; flatfile <Op>_rate' } }),
  },
  {
    pattern: /^fs\.([a-z]+)_resp_ms$/,
    describe: (m) => ({ quantity: `${m[1]}_resp_ms`, unit: 'ms', better: 'lower', label: `${m[1]} response`, labelZh: `${m[1]} 响应时间`, sources: { vdbench: 'file-system (fwd) "<op> resp" column; flatfile <Op>_resp' } }),
  },
  {
    // Oracle AWR wait events: foreground (wait.) and background (bgwait.) per event.
    pattern: /^(wait|bgwait)\.([a-z0-9_]+)\.(avg_ms|waits|time_s|pct_db_time|pct_bg_time)$/,
    describe: (m) => {
      const stat = m[3]!;
      const unit = stat === 'avg_ms' ? 'ms' : stat === 'time_s' ? 's' : stat === 'waits' ? 'waits' : '%';
      const what = { avg_ms: 'average wait', waits: 'waits', time_s: 'total wait time', pct_db_time: '% of DB time', pct_bg_time: '% of background time' }[stat]!;
      const whatZh = { avg_ms: '平均等待', waits: '等待次数', time_s: '总等待时间', pct_db_time: '占 DB 时间 %', pct_bg_time: '占后台时间 %' }[stat]!;
      const event = m[2]!.replace(/_/g, ' ');
      return { quantity: stat, unit, better: 'lower', label: `${event} ${what}`, labelZh: `${event} ${whatZh}`, sources: { awr: `${m[1] === 'bgwait' ? 'Background' : 'Foreground'} Wait Events table (Top events for the top list)` } };
    },
  },
  {
    pattern: /^cpu\.db_cpu_s$/,
    describe: () => ({ quantity: 'db_cpu_s', unit: 's', better: 'lower', label: 'DB CPU', labelZh: 'DB CPU', sources: { awr: 'Time Model / top events DB CPU' } }),
  },
  {
    pattern: /^io\.(read|write|total)_(iops|mib_s)$/,
    describe: (m) => ({
      quantity: m[2]!, unit: m[2] === 'iops' ? 'IOPS' : 'MiB/s', better: 'higher', label: `AWR ${m[1]} ${m[2] === 'iops' ? 'IOPS' : 'MiB/s'}`,
      labelZh: `AWR ${m[1] === 'read' ? '读' : m[1] === 'write' ? '写' : '总'} ${m[2] === 'iops' ? 'IOPS' : 'MiB/s'}`, sources: { awr: 'IO Profile (11gR2+) requests / MB per second' },
    }),
  },
  {
    pattern: /^load\.([a-z0-9_]+)_per_(s|txn)$/,
    describe: (m) => {
      // Work done per second is better higher; costs (DB time, parses, rollbacks) lower.
      const cost = /db_time|db_cpu|hard_parse|rollback|logon|parse/.test(m[1]!);
      return {
        quantity: `${m[1]}_per_${m[2]}`, unit: m[2] === 's' ? '/s' : '/txn', better: m[2] === 'txn' || cost ? 'lower' : 'higher',
        label: `${m[1]!.replace(/_/g, ' ')} per ${m[2] === 's' ? 'second' : 'transaction'}`, labelZh: `每${m[2] === 's' ? '秒' : '事务'} ${m[1]!.replace(/_/g, ' ')}`,
        sources: { awr: 'Load Profile' },
      };
    },
  },
  {
    // Per-operation figures of workload generators (CockroachDB ops, COSBench delete/init).
    pattern: /^([a-z][a-z0-9_]*)\.(ops_per_s|success_pct|bw_mib_s)$/,
    describe: (m) => ({
      quantity: m[2]!, unit: m[2] === 'ops_per_s' ? 'ops/s' : m[2] === 'bw_mib_s' ? 'MiB/s' : '%', better: 'higher',
      label: `${m[1]} ${m[2] === 'ops_per_s' ? 'operations per second' : m[2] === 'bw_mib_s' ? 'bandwidth' : 'success ratio'}`,
      labelZh: `${m[1]} ${m[2] === 'ops_per_s' ? '每秒操作数' : m[2] === 'bw_mib_s' ? '带宽' : '成功率'}`, sources: { cockroach: 'per-operation block', cosbench: 'per-operation columns' },
    }),
  },
  {
    pattern: /^([a-z][a-z0-9_]*)\.lat_(avg|max|p\d+)_ms$/,
    describe: (m) => ({
      quantity: `lat_${m[2]}_ms`, unit: 'ms', better: 'lower', label: `${m[1]} ${m[2] === 'avg' ? 'mean' : m[2]} latency`, labelZh: `${m[1]} ${m[2] === 'avg' ? '平均' : m[2]} 延迟`,
      sources: { hammerdb: 'time profile per transaction', cockroach: 'per-operation block', cosbench: 'per-operation Avg-ResTime' },
    }),
  },
  {
    pattern: /^(query\d+|queryset)\.(time|geomean)_s$/,
    describe: (m) => ({
      quantity: `${m[2]}_s`, unit: 's', better: 'lower', label: `${m[1]} ${m[2] === 'geomean' ? 'geometric mean time' : 'time'}`,
      labelZh: `${m[1]} ${m[2] === 'geomean' ? '几何平均时间' : '时间'}`, sources: { hammerdb: 'TPROC-H "query N completed in X seconds" / query set total' },
    }),
  },
];

const SCOPED_BY_NAME = new Map(SCOPED.map((q) => [q.quantity, q]));
const UNSCOPED_BY_NAME = new Map(UNSCOPED.map((q) => [q.quantity, q]));

/**
 * The open study's derived metrics (metric ÷ constant × factor, `derived.<key>`): defined per
 * study, so the core sets them whenever it opens a study for a call (it serves one call at a time,
 * in the worker or the CLI), and every reader of the dictionary sees their unit and direction.
 */
const DERIVED = new Map<string, MetricInfo>();

export function setDerivedMetrics(infos: readonly MetricInfo[]): void {
  DERIVED.clear();
  for (const i of infos) DERIVED.set(i.name, i);
}

/** Looks a canonical metric name up; null for a name the dictionary does not know. */
export function describeMetric(name: string): MetricInfo | null {
  if (name.startsWith('derived.')) return DERIVED.get(name) ?? null;
  const dot = name.indexOf('.');
  if (dot > 0) {
    const scope = name.slice(0, dot) as Scope;
    const q = SCOPED_BY_NAME.get(name.slice(dot + 1));
    if (q && SCOPES.includes(scope)) return { ...q, name, scope };
  } else {
    const q = UNSCOPED_BY_NAME.get(name);
    if (q) return { ...q, name, scope: null };
  }
  for (const f of FAMILIES) {
    const m = f.pattern.exec(name);
    if (m) return { ...f.describe(m), name, scope: null };
  }
  return null;
}

/** The whole dictionary, every scope expanded: what the UI and the docs list. */
export function allMetrics(): MetricInfo[] {
  const scoped = SCOPES.flatMap((scope) => SCOPED.map((q) => ({ ...q, name: `${scope}.${q.quantity}`, scope })));
  const unscoped = UNSCOPED.map((q) => ({ ...q, name: q.quantity, scope: null }));
  return [...scoped, ...unscoped];
}

/** The order metrics are offered in: the dictionary's order, then unknown names alphabetically. */
export function metricOrder(names: Iterable<string>): string[] {
  const order = new Map(allMetrics().map((m, i) => [m.name, i]));
  return [...new Set(names)].sort((a, b) => (order.get(a) ?? 1e9) - (order.get(b) ?? 1e9) || a.localeCompare(b));
}
