/**
 * The sar reports this importer reads, recognised from their header row, and how each column
 * becomes a canonical metric. Linux sysstat and Solaris/AIX sar name things differently:
 *
 *   Linux -u       CPU %user %nice %system %iowait %steal %idle      (-u ALL: %usr %sys %irq %soft %guest %gnice)
 *   Linux -d       DEV tps rkB/s wkB/s [dkB/s] areq-sz aqu-sz await [svctm] %util
 *                  (sysstat < 11.5: tps rd_sec/s wr_sec/s avgrq-sz avgqu-sz await svctm %util)
 *   Linux -n DEV   IFACE rxpck/s txpck/s rxkB/s txkB/s ...
 *   Linux -r       kbmemfree [kbavail] kbmemused %memused kbbuffers kbcached ...
 *   Solaris -u     %usr %sys %wio %idle
 *   Solaris -d     device %busy avque r+w/s blks/s avwait avserv
 *   Solaris -c     scall/s sread/s swrit/s fork/s exec/s rchar/s wchar/s
 *
 * Units: sysstat kB = 1024 B, sectors and Solaris blks = 512 B, Solaris rchar/wchar = bytes/s.
 * Reports not listed (paging, queue, interrupts, ...) are skipped and named in the run's tables.
 */
import { cpuColumn, DEVICE_COLUMNS, type ColumnSpec } from './columns.js';

export type SectionKind = 'cpu' | 'disk' | 'net' | 'memory' | 'syscalls';

/** Header words that name the row's object rather than a figure. */
const KEY_COLUMNS = new Set(['CPU', 'DEV', 'device', 'IFACE', 'INTR', 'TTY', 'FILESYSTEM', 'BUS', 'TEMP', 'FAN', 'DEVICE', 'SOCKET']);

const MIB_PER_KB = 1 / 1024;

const SOLARIS_DISK: Record<string, ColumnSpec> = {
  '%busy': { metric: 'util_pct', unit: '%', factor: 1 },
  avque: { metric: 'qdepth', unit: 'I/Os', factor: 1 },
  'r+w/s': { metric: 'total.iops', unit: 'IOPS', factor: 1 },
  'blks/s': { metric: 'total.bw_mib_s', unit: 'MiB/s', factor: 512 / 1048576 },
  // avwait (queued) + avserv (on the device) is the response time; the importer adds them.
  avwait: { metric: 'wait_avg_ms', unit: 'ms', factor: 1 },
  avserv: { metric: 'svctm_ms', unit: 'ms', factor: 1 },
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

export interface Section {
  kind: SectionKind | null;
  /** The header as printed, for the list of skipped reports. */
  header: string;
  hasKey: boolean;
  columns: string[];
  /** Column → metric, null where a column is not imported. */
  specs: Array<ColumnSpec | null>;
}

/** A header row: the words after the time. Returns null for a row of figures. */
export function readHeader(words: string[]): Section | null {
  const last = words[words.length - 1];
  if (!last || /^-?\d+(?:[.,]\d+)?$/.test(last)) return null;
  const hasKey = KEY_COLUMNS.has(words[0]!);
  const columns = hasKey ? words.slice(1) : words;
  const has = (c: string): boolean => columns.includes(c);
  let kind: SectionKind | null = null;
  let table: (c: string) => ColumnSpec | null = () => null;
  if ((words[0] === 'CPU' || !hasKey) && has('%idle') && !has('%memused')) {
    kind = 'cpu';
    table = cpuColumn;
  } else if (words[0] === 'DEV' || words[0] === 'device') {
    kind = 'disk';
    table = (c) => DEVICE_COLUMNS[c] ?? SOLARIS_DISK[c] ?? null;
  } else if (words[0] === 'IFACE' && has('rxkB/s')) {
    kind = 'net';
    table = (c) => NET[c] ?? null;
  } else if (!hasKey && has('kbmemfree')) {
    kind = 'memory';
    table = (c) => MEMORY[c] ?? null;
  } else if (!hasKey && has('scall/s')) {
    kind = 'syscalls';
    table = (c) => SYSCALLS[c] ?? null;
  }
  return { kind, header: words.join(' '), hasKey, columns, specs: columns.map(table) };
}

/** The series object a row belongs to: "cpu" for all CPUs, "cpu3", a device, an interface. */
export function rowObject(section: Section, key: string | null): string {
  switch (section.kind) {
    case 'cpu':
      return key === null || key === 'all' ? 'cpu' : `cpu${key}`;
    case 'memory':
      return 'memory';
    case 'syscalls':
      return 'system';
    default:
      return key ?? section.kind ?? 'unknown';
  }
}
