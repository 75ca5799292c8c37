/**
 * What the host monitors run beside a benchmark give besides disks and CPU shares: vmstat's
 * process and memory columns, dstat's system rates and load, pidstat's per-process figures.
 * Part of the dictionary (dictionary.ts lists them with the other tool-level quantities).
 */
/** The dictionary's Quantity, as this list fills it (dictionary.ts imports this file, not the other way). */
interface HostQuantity {
  quantity: string;
  unit: string;
  better: 'higher' | 'lower';
  label: string;
  labelZh: string;
  sources: Record<string, string>;
  volume?: true;
}

const VMSTAT = (column: string): Record<string, string> => ({ vmstat: column });
const PIDSTAT = (column: string): Record<string, string> => ({ pidstat: column });

export const HOST_QUANTITIES: HostQuantity[] = [
  { quantity: 'procs_blocked', unit: 'processes', better: 'lower', label: 'Processes blocked on I/O', labelZh: 'I/O 阻塞进程数', sources: VMSTAT('b') },
  { quantity: 'swap_used_mib', unit: 'MiB', better: 'lower', label: 'Swap used', labelZh: '已用交换空间', sources: VMSTAT('swpd (KiB) / 1024') },
  { quantity: 'mem_inactive_mib', unit: 'MiB', better: 'higher', volume: true, label: 'Inactive memory', labelZh: '非活动内存', sources: VMSTAT('-a inact (KiB) / 1024') },
  { quantity: 'mem_active_mib', unit: 'MiB', better: 'higher', volume: true, label: 'Active memory', labelZh: '活动内存', sources: VMSTAT('-a active (KiB) / 1024') },
  { quantity: 'interrupts_per_s', unit: '1/s', better: 'higher', volume: true, label: 'Interrupts per second', labelZh: '每秒中断数', sources: { vmstat: 'in', dstat: 'system int' } },
  { quantity: 'ctx_switches_per_s', unit: '1/s', better: 'higher', volume: true, label: 'Context switches per second', labelZh: '每秒上下文切换数', sources: { vmstat: 'cs', dstat: 'system csw' } },
  { quantity: 'load_1m', unit: 'tasks', better: 'lower', label: 'Load average (1 min)', labelZh: '1 分钟平均负载', sources: { dstat: 'load avg 1m' } },
  { quantity: 'load_5m', unit: 'tasks', better: 'lower', label: 'Load average (5 min)', labelZh: '5 分钟平均负载', sources: { dstat: 'load avg 5m' } },
  { quantity: 'load_15m', unit: 'tasks', better: 'lower', label: 'Load average (15 min)', labelZh: '15 分钟平均负载', sources: { dstat: 'load avg 15m' } },
  { quantity: 'proc_cpu_pct', unit: '%', better: 'lower', label: 'Process CPU (% of one CPU)', labelZh: '进程 CPU（单核 %）', sources: PIDSTAT('%CPU (a process on n CPUs reaches n × 100%); a command: the sum over its processes') },
  { quantity: 'cpu_wait_pct', unit: '%', better: 'lower', label: 'Waiting to run', labelZh: '等待运行', sources: PIDSTAT('%wait') },
  { quantity: 'minflt_per_s', unit: '1/s', better: 'lower', label: 'Minor page faults per second', labelZh: '每秒次缺页数', sources: PIDSTAT('-r minflt/s') },
  { quantity: 'majflt_per_s', unit: '1/s', better: 'lower', label: 'Major page faults per second', labelZh: '每秒主缺页数', sources: PIDSTAT('-r majflt/s') },
  { quantity: 'vsz_mib', unit: 'MiB', better: 'lower', volume: true, label: 'Virtual size', labelZh: '虚拟内存大小', sources: PIDSTAT('-r VSZ (KiB) / 1024') },
  { quantity: 'rss_mib', unit: 'MiB', better: 'lower', volume: true, label: 'Resident set size', labelZh: '常驻内存大小', sources: PIDSTAT('-r RSS (KiB) / 1024') },
  { quantity: 'mem_pct', unit: '%', better: 'lower', volume: true, label: 'Share of memory', labelZh: '内存占比', sources: PIDSTAT('-r %MEM') },
  { quantity: 'ccwr_mib_s', unit: 'MiB/s', better: 'lower', label: 'Cancelled writes', labelZh: '取消的写入量', sources: PIDSTAT('-d kB_ccwr/s / 1024') },
  { quantity: 'iodelay_ticks', unit: 'ticks', better: 'lower', label: 'Block I/O delay', labelZh: '块 I/O 延迟', sources: PIDSTAT('-d iodelay (clock ticks)') },
  { quantity: 'cswch_per_s', unit: '1/s', better: 'higher', volume: true, label: 'Voluntary context switches per second', labelZh: '每秒自愿上下文切换数', sources: PIDSTAT('-w cswch/s') },
  { quantity: 'nvcswch_per_s', unit: '1/s', better: 'lower', label: 'Involuntary context switches per second', labelZh: '每秒非自愿上下文切换数', sources: PIDSTAT('-w nvcswch/s') },
];
