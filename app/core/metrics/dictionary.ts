/**
 * The metric dictionary: the single source of truth for every metric's unit and direction.
 * Ratios, charts, tables, the CLI and PDFs all read it. Names are `<scope>.<quantity>` for
 * directional storage metrics (scope read|write|trim|total) and bare quantities for tool-level
 * metrics (tpm, nopm, ...).
 */

import { HOST_QUANTITIES } from './host-quantities.js';

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
  /**
   * What the metric counts is defined by each database engine (`engine`) or each tool (`tool`):
   * figures of two engines or tools are not comparable. A comparison across them warns, naming
   * `instead` when there is a metric that is; the default metrics of runs of several engines
   * (tools) leave it out.
   */
  specific?: MetricSpecificity;
}

export interface MetricSpecificity {
  to: 'engine' | 'tool';
  /** The metric to compare instead (HammerDB's TPM: NOPM). */
  instead?: string;
  /** Why, in a clause: "TPM counts each database's own transaction statements". */
  why: string;
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
    sources: { fio: 'fio JSON <dir>.iops (total = read + write + trim); terse: 3rd field of the direction block; normal output: "IOPS="; write_iops_log values', vdbench: 'i/o rate (avg row); read/write = rate × read pct', svc: 'iostats Δro / Δt, Δwo / Δt, summed over the nodes; a node statistics (Nn) run: total = commands received from hosts, Σ ports Δher / Δt' },
  },
  {
    quantity: 'bw_mib_s', unit: 'MiB/s', better: 'higher', label: 'Bandwidth', labelZh: '带宽',
    sources: { fio: 'fio JSON <dir>.bw_bytes / 2^20 (fio >= 3.2), else <dir>.bw (KiB/s) / 1024', svc: 'iostats Δrb, Δwb × sizeUnits / Δt / 2^20, summed over the nodes; a node statistics (Nn) run: read = data sent to hosts (Σ ports Δhbt), write = data received from hosts (Σ Δhbr), / Δt / 2^20' },
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

const SAR = (columns: string): Record<string, string> => ({ sar: columns });
const rate = (quantity: string, label: string, labelZh: string, sources: Record<string, string>, better: Better | 'volume' = 'volume'): Quantity => ({
  quantity, unit: '1/s', better: better === 'volume' ? 'higher' : better, label, labelZh, sources, ...(better === 'volume' ? { volume: true as const } : {}),
});

/**
 * What sar's reports (Linux sysstat; Solaris, AIX and HP-UX sar -A) and the other monitors give
 * besides disks and CPU shares. Counts of work done are volumes (neither better nor worse);
 * queues, swapping, paging out and scanning are signs of pressure (lower is better); free
 * memory and cache hit ratios are better higher.
 */
const MONITOR_QUANTITIES: Quantity[] = [
  { quantity: 'cpu_nice_pct', unit: '%', better: 'lower', label: 'CPU nice', labelZh: 'CPU nice', sources: { sar: '%nice', iostat: '%nice' } },
  { quantity: 'cpu_irq_pct', unit: '%', better: 'lower', label: 'CPU interrupts', labelZh: 'CPU 硬中断', sources: { sar: '%irq', dstat: 'hiq' } },
  { quantity: 'cpu_soft_pct', unit: '%', better: 'lower', label: 'CPU soft interrupts', labelZh: 'CPU 软中断', sources: { sar: '%soft', dstat: 'siq' } },
  { quantity: 'cpu_guest_pct', unit: '%', better: 'lower', label: 'CPU guest', labelZh: 'CPU 虚拟机', sources: { sar: '%guest' } },
  { quantity: 'cpu_gnice_pct', unit: '%', better: 'lower', label: 'CPU guest nice', labelZh: 'CPU 虚拟机 nice', sources: { sar: '%gnice' } },
  { quantity: 'cpu_physc', unit: 'CPUs', better: 'lower', label: 'Physical processors consumed', labelZh: '消耗的物理处理器', sources: SAR('AIX physc') },
  { quantity: 'cpu_entc_pct', unit: '%', better: 'lower', label: 'Entitled capacity consumed', labelZh: '已用授权容量', sources: SAR('AIX %entc') },
  { quantity: 'wait_avg_ms', unit: 'ms', better: 'lower', label: 'Mean queue wait', labelZh: '平均排队等待', sources: SAR('Unix -d avwait') },
  { quantity: 'svctm_ms', unit: 'ms', better: 'lower', label: 'Mean service time', labelZh: '平均服务时间', sources: { sar: 'svctm; Unix -d avserv', iostat: 'svctm' } },
  { quantity: 'mem_free_mib', unit: 'MiB', better: 'higher', label: 'Free memory', labelZh: '空闲内存', sources: { sar: 'Linux -r kbmemfree / 1024', nmon: 'MEM memfree', dstat: 'free' } },
  { quantity: 'mem_used_mib', unit: 'MiB', better: 'higher', volume: true, label: 'Memory used', labelZh: '已用内存', sources: { sar: 'Linux -r kbmemused / 1024', dstat: 'used' } },
  { quantity: 'mem_buffers_mib', unit: 'MiB', better: 'higher', volume: true, label: 'Memory in buffers', labelZh: '缓冲区内存', sources: { sar: 'Linux -r kbbuffers / 1024' } },
  { quantity: 'mem_cached_mib', unit: 'MiB', better: 'higher', volume: true, label: 'Memory in page cache', labelZh: '页缓存内存', sources: { sar: 'Linux -r kbcached / 1024' } },
  { quantity: 'mem_free_pages', unit: 'pages', better: 'higher', label: 'Free memory pages', labelZh: '空闲内存页数', sources: SAR('Unix -r freemem (pages of the host\'s page size)') },
  { quantity: 'swap_free_mib', unit: 'MiB', better: 'higher', label: 'Free swap', labelZh: '空闲交换空间', sources: { sar: 'Unix -r freeswap (512-byte blocks) × 512 / 2^20', nmon: 'MEM swapfree' } },
  { quantity: 'net_recv_mib_s', unit: 'MiB/s', better: 'higher', volume: true, label: 'Network received', labelZh: '网络接收', sources: { sar: 'Linux -n DEV rxkB/s / 1024' } },
  { quantity: 'net_send_mib_s', unit: 'MiB/s', better: 'higher', volume: true, label: 'Network sent', labelZh: '网络发送', sources: { sar: 'Linux -n DEV txkB/s / 1024' } },
  rate('syscalls_per_s', 'System calls per second', '每秒系统调用数', SAR('-c scall/s')),
  rate('sread_per_s', 'read calls per second', '每秒 read 调用数', SAR('-c sread/s')),
  rate('swrit_per_s', 'write calls per second', '每秒 write 调用数', SAR('-c swrit/s')),
  rate('fork_per_s', 'fork calls per second', '每秒 fork 调用数', SAR('-c fork/s')),
  rate('exec_per_s', 'exec calls per second', '每秒 exec 调用数', SAR('-c exec/s')),
  { quantity: 'rchar_mib_s', unit: 'MiB/s', better: 'higher', volume: true, label: 'Characters read by system calls', labelZh: '系统调用读取字符量', sources: SAR('-c rchar/s (bytes) / 2^20') },
  { quantity: 'wchar_mib_s', unit: 'MiB/s', better: 'higher', volume: true, label: 'Characters written by system calls', labelZh: '系统调用写入字符量', sources: SAR('-c wchar/s (bytes) / 2^20') },
  { quantity: 'runq_sz', unit: 'processes', better: 'lower', label: 'Run queue length', labelZh: '运行队列长度', sources: SAR('Unix -q runq-sz (while occupied)') },
  { quantity: 'runq_occ_pct', unit: '%', better: 'lower', label: 'Run queue occupied', labelZh: '运行队列占用率', sources: SAR('Unix -q %runocc') },
  { quantity: 'swpq_sz', unit: 'processes', better: 'lower', label: 'Swap queue length', labelZh: '交换队列长度', sources: SAR('Unix -q swpq-sz (while occupied)') },
  { quantity: 'swpq_occ_pct', unit: '%', better: 'lower', label: 'Swap queue occupied', labelZh: '交换队列占用率', sources: SAR('Unix -q %swpocc') },
  rate('bread_per_s', 'Buffer reads from disk per second', '每秒从磁盘读入缓冲区次数', SAR('Unix -b bread/s')),
  rate('lread_per_s', 'Logical buffer reads per second', '每秒逻辑缓冲区读取数', SAR('Unix -b lread/s')),
  { quantity: 'rcache_pct', unit: '%', better: 'higher', label: 'Buffer cache read hits', labelZh: '缓冲区读命中率', sources: SAR('Unix -b %rcache') },
  rate('bwrit_per_s', 'Buffer writes to disk per second', '每秒缓冲区写入磁盘次数', SAR('Unix -b bwrit/s')),
  rate('lwrit_per_s', 'Logical buffer writes per second', '每秒逻辑缓冲区写入数', SAR('Unix -b lwrit/s')),
  { quantity: 'wcache_pct', unit: '%', better: 'higher', label: 'Buffer cache write hits', labelZh: '缓冲区写命中率', sources: SAR('Unix -b %wcache') },
  rate('pread_per_s', 'Raw device reads per second', '每秒裸设备读取数', SAR('Unix -b pread/s')),
  rate('pwrit_per_s', 'Raw device writes per second', '每秒裸设备写入数', SAR('Unix -b pwrit/s')),
  rate('swpin_per_s', 'Swap-ins per second', '每秒换入次数', SAR('Unix -w swpin/s'), 'lower'),
  rate('swpot_per_s', 'Swap-outs per second', '每秒换出次数', SAR('Unix -w swpot/s'), 'lower'),
  { quantity: 'swap_in_mib_s', unit: 'MiB/s', better: 'lower', label: 'Swapped in', labelZh: '换入量', sources: SAR('Unix -w bswin/s (512-byte units) × 512 / 2^20') },
  { quantity: 'swap_out_mib_s', unit: 'MiB/s', better: 'lower', label: 'Swapped out', labelZh: '换出量', sources: SAR('Unix -w bswot/s (512-byte units) × 512 / 2^20') },
  rate('pswch_per_s', 'Process switches per second', '每秒进程切换数', SAR('Unix -w pswch/s')),
  rate('iget_per_s', 'Inode lookups per second', '每秒 inode 查找数', SAR('Unix -a iget/s')),
  rate('namei_per_s', 'Path lookups per second', '每秒路径查找数', SAR('Unix -a namei/s (AIX lookuppn/s)')),
  rate('dirbk_per_s', 'Directory block reads per second', '每秒目录块读取数', SAR('Unix -a dirbk/s (AIX dirblk/s)')),
  rate('rawch_per_s', 'Raw terminal input characters per second', '每秒终端原始输入字符数', SAR('Unix -y rawch/s')),
  rate('canch_per_s', 'Canonical terminal input characters per second', '每秒终端规范输入字符数', SAR('Unix -y canch/s')),
  rate('outch_per_s', 'Terminal output characters per second', '每秒终端输出字符数', SAR('Unix -y outch/s')),
  rate('rcvin_per_s', 'Receive interrupts per second', '每秒接收中断数', SAR('Unix -y rcvin/s')),
  rate('xmtin_per_s', 'Transmit interrupts per second', '每秒发送中断数', SAR('Unix -y xmtin/s')),
  rate('mdmin_per_s', 'Modem interrupts per second', '每秒调制解调器中断数', SAR('Unix -y mdmin/s')),
  rate('msg_per_s', 'Message operations per second', '每秒消息操作数', SAR('Unix -m msg/s')),
  rate('sema_per_s', 'Semaphore operations per second', '每秒信号量操作数', SAR('Unix -m sema/s')),
  rate('atch_per_s', 'Page faults met by reclaiming pages per second', '每秒通过回收页满足的缺页数', SAR('Solaris -p atch/s')),
  rate('pgin_per_s', 'Page-in requests per second', '每秒页换入请求数', SAR('Solaris -p pgin/s'), 'lower'),
  rate('ppgin_per_s', 'Pages paged in per second', '每秒换入页数', SAR('Solaris -p ppgin/s'), 'lower'),
  rate('pflt_per_s', 'Copy-on-write faults per second', '每秒写时复制缺页数', SAR('Solaris -p pflt/s')),
  rate('vflt_per_s', 'Address translation faults per second', '每秒地址转换缺页数', SAR('Solaris -p vflt/s'), 'lower'),
  rate('slock_per_s', 'Software lock faults per second', '每秒软件锁缺页数', SAR('Solaris -p slock/s'), 'lower'),
  rate('pgout_per_s', 'Page-out requests per second', '每秒页换出请求数', SAR('Solaris -g pgout/s'), 'lower'),
  rate('ppgout_per_s', 'Pages paged out per second', '每秒换出页数', SAR('Solaris -g ppgout/s'), 'lower'),
  rate('pgfree_per_s', 'Pages freed per second', '每秒释放页数', SAR('Solaris -g pgfree/s')),
  rate('pgscan_per_s', 'Pages scanned per second', '每秒扫描页数', SAR('Solaris -g pgscan/s'), 'lower'),
  { quantity: 'ufs_ipf_pct', unit: '%', better: 'lower', label: 'UFS inodes freed with their pages', labelZh: '连同页面释放的 UFS inode 比例', sources: SAR('Solaris -g %ufs_ipf') },
];

/**
 * HammerDB's TPM is the database's own count of transaction statements (commits and rollbacks
 * as each engine reports them): HammerDB's documentation says to compare NOPM across engines.
 */
const HAMMERDB_TPM: MetricSpecificity = { to: 'engine', instead: 'nopm', why: 'TPM counts each database\'s own transaction statements, as that engine reports them' };

/** Tool-level quantities: no direction. */
const UNSCOPED: Quantity[] = [
  { quantity: 'tpm', unit: 'TPM', better: 'higher', label: 'Transactions per minute', labelZh: '每分钟事务数', sources: { hammerdb: 'result line "System achieved ... TPM" (not comparable across HammerDB versions); counter log: mean after the first nonzero sample' }, specific: HAMMERDB_TPM },
  { quantity: 'tpm_max', unit: 'TPM', better: 'higher', label: 'Peak transactions per minute', labelZh: '峰值每分钟事务数', sources: { hammerdb: 'counter log maximum' }, specific: HAMMERDB_TPM },
  { quantity: 'qph', unit: 'QPH', better: 'higher', label: 'Queries per hour', labelZh: '每小时查询数', sources: { hammerdb: 'TPROC-H counter log mean' } },
  { quantity: 'qph_max', unit: 'QPH', better: 'higher', label: 'Peak queries per hour', labelZh: '峰值每小时查询数', sources: { hammerdb: 'TPROC-H counter log maximum' } },
  { quantity: 'nopm', unit: 'NOPM', better: 'higher', label: 'New orders per minute', labelZh: '每分钟新订单数', sources: { hammerdb: 'result line "... N NOPM" (v4+ "N NOPM from M <DB> TPM"; v2.23-v3 "... TPM at N NOPM")' } },
  { quantity: 'ops_per_s', unit: 'ops/s', better: 'higher', label: 'Operations per second', labelZh: '每秒操作数', sources: {}, specific: { to: 'tool', why: 'an operation is what each tool defines it to be (a COSBench object read, a CockroachDB workload statement)' } },
  { quantity: 'tps', unit: 'TPS', better: 'higher', label: 'Transactions per second', labelZh: '每秒事务数', sources: {}, specific: { to: 'tool', why: 'a transaction is what each tool\'s script makes it (sysbench\'s oltp_read_write is 18 statements)' } },
  { quantity: 'qps', unit: 'QPS', better: 'higher', label: 'Queries per second', labelZh: '每秒查询数', sources: {}, specific: { to: 'tool', why: 'a query is what each tool\'s script issues' } },
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
  { quantity: 'cpu_pct', unit: '%', better: 'lower', label: 'CPU busy', labelZh: 'CPU 使用率', sources: { svc: 'lssystemstats / lsnodestats cpu_pc; iostats Nn 100 × Δbusy (cpu) or Δsystem (cpu_core) / Δt (ms)' } },
  { quantity: 'cpu_comp_pct', unit: '%', better: 'lower', label: 'Compression CPU busy', labelZh: '压缩 CPU 使用率', sources: { svc: 'iostats Nn 100 × Δcomp / Δt (ms)' } },
  { quantity: 'link_errors_per_s', unit: '1/s', better: 'lower', label: 'Link errors per second', labelZh: '每秒链路错误数', sources: { svc: 'iostats Nn port Δ(lf + lsy + lsi + pspe + itw + icrc) / Δt' } },
  { quantity: 'qdepth', unit: 'I/Os', better: 'lower', label: 'Average queue depth', labelZh: '平均队列深度', sources: { vdbench: 'queue depth (summary), queue_depth (flatfile): average outstanding I/Os' } },
  { quantity: 'db_time_s', unit: 's', better: 'lower', label: 'DB time', labelZh: 'DB 时间', sources: { awr: 'header DB Time (mins) × 60' }, volume: true },
  { quantity: 'elapsed_s', unit: 's', better: 'lower', label: 'Elapsed', labelZh: '时长', sources: { awr: 'header Elapsed (mins) × 60' }, volume: true },
  { quantity: 'aas', unit: 'sessions', better: 'lower', label: 'Average active sessions', labelZh: '平均活动会话', sources: { awr: 'DB time / elapsed' }, volume: true },
  { quantity: 'cpu_usr_pct', unit: '%', better: 'lower', label: 'CPU user', labelZh: 'CPU 用户态', sources: { fio: 'fio JSON usr_cpu' } },
  { quantity: 'cpu_sys_pct', unit: '%', better: 'lower', label: 'CPU system', labelZh: 'CPU 内核态', sources: { fio: 'fio JSON sys_cpu' } },
  // System monitors (sar, iostat, nmon, dstat): the figures of their reports beyond disks and CPU shares.
  ...MONITOR_QUANTITIES,
  // vmstat, pidstat and dstat's process, memory and system figures.
  ...HOST_QUANTITIES,
];

// Each tool's primary metrics and Runs columns: part of the dictionary, kept in their own file.
export { TOOL_PROFILES, TOP_EVENT_WAITS, toolProfile, type PrimaryMetric, type PrimaryRole, type RunColumnSpec, type ToolProfile } from './tool-profiles.js';

const SCOPE_ZH: Record<Scope, string> = { read: '读', write: '写', trim: 'trim', total: '总计' };

/** "read mean latency" / "读 平均延迟": the label a page prints for a full metric name. */
export function metricLabel(info: MetricInfo, locale: 'en' | 'zh-CN' = 'en'): string {
  if (locale === 'zh-CN') return info.scope ? `${SCOPE_ZH[info.scope]}${info.labelZh}` : info.labelZh;
  const label = /^[A-Z][a-z]/.test(info.label) ? info.label.charAt(0).toLowerCase() + info.label.slice(1) : info.label;
  return info.scope ? `${info.scope} ${label}` : info.label;
}

/**
 * Each tool's tail latency: the percentile its own summary states latency by, and so the one a
 * study of that tool publishes (sysbench prints the 95th percentile; CockroachDB's workload
 * summary p95). A sweep's knee and "stable up to" are judged on it unless the user picks another
 * (issue 28.2: judged on mean latency, the knee sat a step before the author's own p95 reading).
 * A tool not listed names none, and the mean is used.
 */
export const TAIL_LATENCY: Readonly<Record<string, string>> = { sysbench: 'total.lat_p95_ms', cockroach: 'total.lat_p95_ms' };

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
    // pct_call_time: STATSPACK's (and AWR 10g's) "%Total Call Time", a share of call time (DB CPU
    // plus non-idle waits), not of DB time: its own name, so it never pairs with pct_db_time.
    pattern: /^(wait|bgwait)\.([a-z0-9_]+)\.(avg_ms|waits|time_s|pct_db_time|pct_bg_time|pct_call_time)$/,
    describe: (m) => {
      const stat = m[3]!;
      const unit = stat === 'avg_ms' ? 'ms' : stat === 'time_s' ? 's' : stat === 'waits' ? 'waits' : '%';
      const what = { avg_ms: 'average wait', waits: 'waits', time_s: 'total wait time', pct_db_time: '% of DB time', pct_bg_time: '% of background time', pct_call_time: '% of total call time' }[stat]!;
      const whatZh = { avg_ms: '平均等待', waits: '等待次数', time_s: '总等待时间', pct_db_time: '占 DB 时间 %', pct_bg_time: '占后台时间 %', pct_call_time: '占总调用时间 %' }[stat]!;
      const event = m[2]!.replace(/_/g, ' ');
      return {
        quantity: stat, unit, better: 'lower', label: `${event} ${what}`, labelZh: `${event} ${whatZh}`,
        sources: { awr: `${m[1] === 'bgwait' ? 'Background' : 'Foreground'} Wait Events table (Top events for the top list)${stat === 'pct_call_time' ? '; "%Total Call Time" column (STATSPACK, AWR 10g)' : ''}` },
        // How often an event was waited for is how much work ran into it, not how well it ran.
        ...(stat === 'waits' ? { volume: true as const } : {}),
      };
    },
  },
  {
    // SVC node ports (iostats Nn <port>): traffic with hosts, controllers, the local and remote nodes.
    pattern: /^(host|ctrl|lnode|rnode)_(send|recv)_(mib_s|per_s)$/,
    describe: (m) => {
      const peer = { host: ['hosts', '主机'], ctrl: ['controllers', '后端控制器'], lnode: ['local nodes', '本地节点'], rnode: ['remote nodes', '远程节点'] }[m[1] as 'host']!;
      const sent = m[2] === 'send';
      const bytes = m[3] === 'mib_s';
      return {
        quantity: `${m[2]}_${m[3]}`, unit: bytes ? 'MiB/s' : '1/s', better: 'higher', volume: true,
        label: `Port ${bytes ? 'data' : 'commands'} ${sent ? 'sent to' : 'received from'} ${peer[0]}`,
        labelZh: `端口${sent ? '发往' : '接收自'}${peer[1]}的${bytes ? '数据' : '命令'}`,
        sources: { svc: `iostats Nn <port> Δ${{ host: 'h', ctrl: 'c', lnode: 'ln', rnode: 'rm' }[m[1] as 'host']}${bytes ? 'b' : 'e'}${sent ? 't' : 'r'} / Δt${bytes ? ' / 2^20' : ''}` },
      };
    },
  },
  {
    // SVC node-to-node traffic (iostats Nn <node>): messages, bytes, and their latency and queue time.
    pattern: /^peer_(send|recv)_(per_s|mib_s|lat_ms|queue_ms)$/,
    describe: (m) => {
      const sent = m[1] === 'send';
      const what = { per_s: ['messages per second', '每秒消息数', '1/s'], mib_s: ['data', '数据量', 'MiB/s'], lat_ms: ['mean latency', '平均延迟', 'ms'], queue_ms: ['mean queue time', '平均排队时间', 'ms'] }[m[2] as 'per_s']!;
      const time = m[2] === 'lat_ms' || m[2] === 'queue_ms';
      return {
        quantity: `${m[1]}_${m[2]}`, unit: what[2]!, better: time ? 'lower' : 'higher', ...(time ? {} : { volume: true as const }),
        label: `Node-to-node ${sent ? 'sent' : 'received'}: ${what[0]}`, labelZh: `节点间${sent ? '发送' : '接收'}${what[1]}`,
        sources: { svc: `iostats Nn <node> ${{ per_s: sent ? 'Δwo / Δt' : 'Δro / Δt', mib_s: sent ? 'Δwb / Δt / 2^20' : 'Δrb / Δt / 2^20', lat_ms: sent ? 'Δwe / Δwo' : 'Δre / Δro', queue_ms: sent ? 'Δwq / Δwo' : 'Δrq / Δro' }[m[2] as 'per_s']}` },
      };
    },
  },
  {
    // An AWR SQL report's statement statistics, summed over its plans: per execution a cost
    // (lower is better), in total a volume of work.
    pattern: /^sql\.([a-z0-9_]+?)(_per_exec)?$/,
    describe: (m): Quantity => {
      const unit = /_ms$/.test(m[1]!) ? 'ms' : /_s$/.test(m[1]!) ? 's' : '';
      // A table of timed rows (an hour's slowest statement, timed-rows.ts): what it is, in words.
      if (m[1] === 'elapsed_max_s' && !m[2]) return { quantity: 'elapsed_max_s', unit, better: 'lower', label: 'Slowest SQL elapsed time', labelZh: '最慢 SQL 耗时', sources: { events: 'a timed table\'s column of each span\'s slowest statement' } };
      const what = m[1]!.replace(/_/g, ' ');
      return m[2]
        ? { quantity: `${m[1]}_per_exec`, unit, better: 'lower', label: `SQL ${what} per execution`, labelZh: `SQL 每次执行 ${what}`, sources: { awr: 'SQL report (awrsqrpt) plan statistics / executions' } }
        : { quantity: m[1]!, unit, better: 'lower', label: `SQL ${what}`, labelZh: `SQL ${what}`, sources: { awr: 'SQL report (awrsqrpt) plan statistics' }, volume: true };
    },
  },
  {
    pattern: /^cpu\.db_cpu_s$/,
    describe: () => ({ quantity: 'db_cpu_s', unit: 's', better: 'lower', label: 'DB CPU', labelZh: 'DB CPU', sources: { awr: 'Time Model / top events DB CPU' }, volume: true }),
  },
  {
    pattern: /^io\.(read|write|total)_(iops|mib_s)$/,
    describe: (m) => ({
      quantity: m[2]!, unit: m[2] === 'iops' ? 'IOPS' : 'MiB/s', better: 'higher', label: `AWR ${m[1]} ${m[2] === 'iops' ? 'IOPS' : 'MiB/s'}`,
      labelZh: `AWR ${m[1] === 'read' ? '读' : m[1] === 'write' ? '写' : '总'} ${m[2] === 'iops' ? 'IOPS' : 'MiB/s'}`, sources: { awr: 'IO Profile (11gR2+) requests / MB per second' },
      // What the database did in the interval: its load, stated as a change (item 10, issue 29).
      volume: true,
    }),
  },
  {
    pattern: /^load\.([a-z0-9_]+)_per_(s|txn)$/,
    describe: (m) => {
      // Work done per second is better higher; costs (DB time, parses, rollbacks) lower.
      const cost = /db_time|db_cpu|hard_parse|rollback|logon|parse/.test(m[1]!);
      // The load profile is what the database did (physical writes done, executions): a
      // volume, stated as a change, never "27.68x faster".
      return {
        quantity: `${m[1]}_per_${m[2]}`, unit: m[2] === 's' ? '/s' : '/txn', better: m[2] === 'txn' || cost ? 'lower' : 'higher',
        label: `${m[1]!.replace(/_/g, ' ')} per ${m[2] === 's' ? 'second' : 'transaction'}`, labelZh: `每${m[2] === 's' ? '秒' : '事务'} ${m[1]!.replace(/_/g, ' ')}`,
        sources: { awr: 'Load Profile' }, volume: true,
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
    pattern: /^(query\d+|queryset\d*)\.(time|geomean)_s$/,
    describe: (m) => ({
      quantity: `${m[2]}_s`, unit: 's', better: 'lower', label: `${m[1]} ${m[2] === 'geomean' ? 'geometric mean time' : 'time'}`,
      labelZh: `${m[1]} ${m[2] === 'geomean' ? '几何平均时间' : '时间'}`,
      sources: { hammerdb: 'TPROC-H "query N completed in X seconds"; "Completed N query set(s) in S seconds" is set N\'s own time (queryset<N>.time_s; queryset.time_s: the mean set of the slowest Vuser)' },
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
