/**
 * The sar reports this importer reads, recognised from their header row, and how each column
 * becomes a canonical metric. Linux sysstat and Solaris/AIX/HP-UX sar name things differently:
 *
 *   Linux -u       CPU %user %nice %system %iowait %steal %idle      (-u ALL: %usr %sys %irq %soft %guest %gnice)
 *   Linux -d       DEV tps rkB/s wkB/s [dkB/s] areq-sz aqu-sz await [svctm] %util
 *                  (sysstat < 11.5: tps rd_sec/s wr_sec/s avgrq-sz avgqu-sz await svctm %util)
 *   Linux -n DEV   IFACE rxpck/s txpck/s rxkB/s txkB/s ...
 *   Linux -r       kbmemfree [kbavail] kbmemused %memused kbbuffers kbcached ...
 *   Unix -u        %usr %sys %wio %idle                   (AIX adds physc %entc on shared processors)
 *   Unix -d        device %busy avque r+w/s blks/s avwait avserv   (AIX: Kbs/s for blks/s)
 *   Unix -q        runq-sz %runocc swpq-sz %swpocc        (a queue that was never occupied prints blanks)
 *   Unix -b        bread/s lread/s %rcache bwrit/s lwrit/s %wcache pread/s pwrit/s
 *   Unix -w        swpin/s bswin/s swpot/s bswot/s pswch/s
 *   Unix -c        scall/s sread/s swrit/s fork/s exec/s rchar/s wchar/s
 *   Unix -a        iget/s namei/s dirbk/s                 (AIX: iget/s lookuppn/s dirblk/s)
 *   Unix -y        rawch/s canch/s outch/s rcvin/s xmtin/s mdmin/s
 *   Unix -m        msg/s sema/s
 *   Solaris -p     atch/s pgin/s ppgin/s pflt/s vflt/s slock/s
 *   Solaris -g     pgout/s ppgout/s pgfree/s pgscan/s %ufs_ipf
 *   Solaris -r     freemem freeswap                       (pages; 512-byte disk blocks)
 * (Solaris sar(1M); AIX and HP-UX sar(1) name the same columns.)
 *
 * Units: sysstat kB = 1024 B, sectors and Unix blks = 512 B, AIX Kbs = KiB, Solaris rchar/wchar
 * = bytes/s. Reports not listed (table sizes -v, kernel memory -k, Linux paging, interrupts, ...)
 * are not read, and the run names them.
 */
import { cpuColumn, DEVICE_COLUMNS, type ColumnSpec } from './columns.js';

export type SectionKind = 'cpu' | 'disk' | 'net' | 'memory' | 'syscalls' | 'queue' | 'buffer' | 'swapping' | 'files' | 'tty' | 'ipc' | 'paging';

/** Header words that name the row's object rather than a figure. */
const KEY_COLUMNS = new Set(['CPU', 'DEV', 'device', 'IFACE', 'INTR', 'TTY', 'FILESYSTEM', 'BUS', 'TEMP', 'FAN', 'DEVICE', 'SOCKET']);

const MIB_PER_KB = 1 / 1024;
const MIB_PER_BLOCK = 512 / 1048576;
const rate = (metric: string): ColumnSpec => ({ metric, unit: '1/s', factor: 1 });
const pct = (metric: string): ColumnSpec => ({ metric, unit: '%', factor: 1 });

const UNIX_DISK: Record<string, ColumnSpec> = {
  '%busy': { metric: 'util_pct', unit: '%', factor: 1 },
  avque: { metric: 'qdepth', unit: 'I/Os', factor: 1 },
  'r+w/s': { metric: 'total.iops', unit: 'IOPS', factor: 1 },
  'blks/s': { metric: 'total.bw_mib_s', unit: 'MiB/s', factor: MIB_PER_BLOCK },
  'Kbs/s': { metric: 'total.bw_mib_s', unit: 'MiB/s', factor: MIB_PER_KB },
  // avwait (queued) + avserv (on the device) is the response time; the importer adds them.
  avwait: { metric: 'wait_avg_ms', unit: 'ms', factor: 1 },
  avserv: { metric: 'svctm_ms', unit: 'ms', factor: 1 },
};

/** AIX shared-processor columns beside the CPU shares. */
const AIX_CPU: Record<string, ColumnSpec> = {
  physc: { metric: 'cpu_physc', unit: 'CPUs', factor: 1 },
  '%entc': pct('cpu_entc_pct'),
};

const NET: Record<string, ColumnSpec> = {
  'rxkB/s': { metric: 'net_recv_mib_s', unit: 'MiB/s', factor: MIB_PER_KB },
  'txkB/s': { metric: 'net_send_mib_s', unit: 'MiB/s', factor: MIB_PER_KB },
};

const MEMORY: Record<string, ColumnSpec> = {
  kbmemfree: { metric: 'mem_free_mib', unit: 'MiB', factor: MIB_PER_KB },
  kbmemused: { metric: 'mem_used_mib', unit: 'MiB', factor: MIB_PER_KB },
  kbbuffers: { metric: 'mem_buffers_mib', unit: 'MiB', factor: MIB_PER_KB },
  kbcached: { metric: 'mem_cached_mib', unit: 'MiB', factor: MIB_PER_KB },
  // Solaris -r: free pages (the page size is the host's: 8 KiB on SPARC, 4 KiB on x86) and
  // free swap in 512-byte disk blocks.
  freemem: { metric: 'mem_free_pages', unit: 'pages', factor: 1 },
  freeswap: { metric: 'swap_free_mib', unit: 'MiB', factor: MIB_PER_BLOCK },
  freeswp: { metric: 'swap_free_mib', unit: 'MiB', factor: MIB_PER_BLOCK },
};

const SYSCALLS: Record<string, ColumnSpec> = {
  'scall/s': { metric: 'syscalls_per_s', unit: '1/s', factor: 1 },
  'sread/s': { metric: 'sread_per_s', unit: '1/s', factor: 1 },
  'swrit/s': { metric: 'swrit_per_s', unit: '1/s', factor: 1 },
  'fork/s': { metric: 'fork_per_s', unit: '1/s', factor: 1 },
  'exec/s': { metric: 'exec_per_s', unit: '1/s', factor: 1 },
  'rchar/s': { metric: 'rchar_mib_s', unit: 'MiB/s', factor: 1 / 1048576 },
  'wchar/s': { metric: 'wchar_mib_s', unit: 'MiB/s', factor: 1 / 1048576 },
};

const QUEUE: Record<string, ColumnSpec> = {
  'runq-sz': { metric: 'runq_sz', unit: 'processes', factor: 1 },
  '%runocc': pct('runq_occ_pct'),
  'swpq-sz': { metric: 'swpq_sz', unit: 'processes', factor: 1 },
  '%swpocc': pct('swpq_occ_pct'),
};

const BUFFER: Record<string, ColumnSpec> = {
  'bread/s': rate('bread_per_s'), 'lread/s': rate('lread_per_s'), '%rcache': pct('rcache_pct'),
  'bwrit/s': rate('bwrit_per_s'), 'lwrit/s': rate('lwrit_per_s'), '%wcache': pct('wcache_pct'),
  'pread/s': rate('pread_per_s'), 'pwrit/s': rate('pwrit_per_s'),
};

const SWAPPING: Record<string, ColumnSpec> = {
  'swpin/s': rate('swpin_per_s'), 'swpot/s': rate('swpot_per_s'), 'pswch/s': rate('pswch_per_s'),
  // 512-byte units swapped (Solaris sar(1M) -w).
  'bswin/s': { metric: 'swap_in_mib_s', unit: 'MiB/s', factor: MIB_PER_BLOCK },
  'bswot/s': { metric: 'swap_out_mib_s', unit: 'MiB/s', factor: MIB_PER_BLOCK },
};

const FILES: Record<string, ColumnSpec> = {
  'iget/s': rate('iget_per_s'), 'namei/s': rate('namei_per_s'), 'lookuppn/s': rate('namei_per_s'),
  'dirbk/s': rate('dirbk_per_s'), 'dirblk/s': rate('dirbk_per_s'),
};

const TTY: Record<string, ColumnSpec> = {
  'rawch/s': rate('rawch_per_s'), 'canch/s': rate('canch_per_s'), 'outch/s': rate('outch_per_s'),
  'rcvin/s': rate('rcvin_per_s'), 'xmtin/s': rate('xmtin_per_s'), 'mdmin/s': rate('mdmin_per_s'),
};

const IPC: Record<string, ColumnSpec> = { 'msg/s': rate('msg_per_s'), 'sema/s': rate('sema_per_s') };

/** Solaris -p (page-in and faults) and -g (page-out and scanning): one "paging" object. */
const PAGING: Record<string, ColumnSpec> = {
  'atch/s': rate('atch_per_s'), 'pgin/s': rate('pgin_per_s'), 'ppgin/s': rate('ppgin_per_s'),
  'pflt/s': rate('pflt_per_s'), 'vflt/s': rate('vflt_per_s'), 'slock/s': rate('slock_per_s'),
  'pgout/s': rate('pgout_per_s'), 'ppgout/s': rate('ppgout_per_s'), 'pgfree/s': rate('pgfree_per_s'),
  'pgscan/s': rate('pgscan_per_s'), '%ufs_ipf': pct('ufs_ipf_pct'),
};

export interface Section {
  kind: SectionKind | null;
  /** The header as printed, for the list of skipped reports. */
  header: string;
  hasKey: boolean;
  columns: string[];
  /** Column → metric, null where a column is not imported. */
  specs: Array<ColumnSpec | null>;
  /** Rows may stop short: Unix -q leaves a queue that was never occupied blank. */
  partial: boolean;
  /** Unix -v (proc-sz, inod-sz, file-sz...): its rows hold used/size fractions ("98/30000"), and no other report's do. */
  sizes: boolean;
}

/** Words that can only be a header: every one names something (figures, "50/30000" included, never do). */
export const headerWords = (words: readonly string[]): boolean => words.length > 0 && words.every((w) => /[A-Za-z%]/.test(w));

/** A header row: the words after the time. Returns null for a row of figures. */
export function readHeader(words: string[]): Section | null {
  const last = words[words.length - 1];
  if (!last || /^-?\d+(?:[.,]\d+)?$/.test(last)) return null;
  const hasKey = KEY_COLUMNS.has(words[0]!);
  const columns = hasKey ? words.slice(1) : words;
  const has = (c: string): boolean => columns.includes(c);
  let kind: SectionKind | null = null;
  let table: (c: string) => ColumnSpec | null = () => null;
  const from = (k: SectionKind, t: Record<string, ColumnSpec>): void => {
    kind = k;
    table = (c) => t[c] ?? null;
  };
  if ((words[0] === 'CPU' || !hasKey) && has('%idle') && !has('%memused')) {
    kind = 'cpu';
    table = (c) => cpuColumn(c) ?? AIX_CPU[c] ?? null;
  } else if (words[0] === 'DEV' || words[0] === 'device') {
    kind = 'disk';
    table = (c) => DEVICE_COLUMNS[c] ?? UNIX_DISK[c] ?? null;
  } else if (words[0] === 'IFACE' && has('rxkB/s')) from('net', NET);
  else if (hasKey) kind = null;
  else if (has('kbmemfree') || (has('freemem') && (has('freeswap') || has('freeswp')))) from('memory', MEMORY);
  else if (has('scall/s')) from('syscalls', SYSCALLS);
  else if (has('%runocc')) from('queue', QUEUE);
  else if (has('%rcache')) from('buffer', BUFFER);
  else if (has('swpin/s') && has('pswch/s')) from('swapping', SWAPPING);
  else if (has('iget/s')) from('files', FILES);
  else if (has('rawch/s')) from('tty', TTY);
  else if (has('msg/s') && has('sema/s')) from('ipc', IPC);
  // Linux -B has pgfree/s too, but neither atch/s nor pgscan/s (it splits pgscank/s, pgscand/s).
  else if (has('atch/s') || has('pgscan/s')) from('paging', PAGING);
  const sizes = columns.some((c) => /^(proc|inod|file|text|lock)-sz$/.test(c));
  return { kind, header: words.join(' '), hasKey, columns, specs: columns.map(table), partial: (kind as SectionKind | null) === 'queue', sizes };
}

/** The series object a row belongs to: "cpu" for all CPUs, "cpu3", a device, an interface, or the report's own ("queue", "paging"). */
export function rowObject(section: Section, key: string | null): string {
  switch (section.kind) {
    case 'cpu':
      return key === null || key === 'all' ? 'cpu' : `cpu${key}`;
    case 'syscalls':
      return 'system';
    case 'disk':
    case 'net':
    case null:
      return key ?? section.kind ?? 'unknown';
    default:
      return section.kind;
  }
}

/** The objects whose sar Average rows are run metrics as they are (devices and interfaces are rolled up instead). */
export const RUN_OBJECTS = ['cpu', 'memory', 'system', 'queue', 'buffer', 'swapping', 'files', 'tty', 'ipc', 'paging'] as const;
