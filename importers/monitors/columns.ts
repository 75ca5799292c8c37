/**
 * Column names of the monitors mapped to canonical metric names and units, one table for
 * iostat (text and JSON, whose keys are the text headers) and sar, which share sysstat's names.
 *
 * Units in sysstat: "kB" is 1024 bytes (sysstat divides 512-byte sectors by 2), "MB" is 2^20
 * bytes (sectors / 2048), "sec" columns (rsec/s, rd_sec/s, Blk_read/s) count 512-byte sectors
 * whatever the device's sector size, and avgrq-sz (sysstat < 11.5) is in sectors while its
 * successors areq-sz / rareq-sz are in kB. Everything is converted to MiB/s, KiB and ms.
 */

export interface ColumnSpec {
  metric: string;
  unit: string;
  /** Multiplies the file's value into `unit`. */
  factor: number;
}

const KB_S = 1 / 1024;
const SECT_S = 512 / 1048576;

const iops = (scope: string): ColumnSpec => ({ metric: `${scope}.iops`, unit: 'IOPS', factor: 1 });
const bw = (scope: string, factor: number): ColumnSpec => ({ metric: `${scope}.bw_mib_s`, unit: 'MiB/s', factor });
const lat = (scope: string): ColumnSpec => ({ metric: `${scope}.lat_avg_ms`, unit: 'ms', factor: 1 });
const reqKib = (scope: string, factor: number): ColumnSpec => ({ metric: `${scope}.req_kib`, unit: 'KiB', factor });
const merges = (scope: string): ColumnSpec => ({ metric: `${scope}.merges_per_s`, unit: '1/s', factor: 1 });

/**
 * sysstat device columns: iostat -x (sysstat 10/11 and 12 layouts), plain iostat, sar -d, and
 * the same keys in iostat's JSON ("util" there is "%util" in text). Per-second rates only: the
 * cumulative kB_read / kB_wrtn of plain iostat are left out.
 */
export const DEVICE_COLUMNS: Record<string, ColumnSpec> = {
  'r/s': iops('read'),
  'w/s': iops('write'),
  'd/s': iops('trim'), // discards (sysstat 12), which fio calls trim
  tps: iops('total'),
  'rkB/s': bw('read', KB_S),
  'wkB/s': bw('write', KB_S),
  'dkB/s': bw('trim', KB_S),
  'rMB/s': bw('read', 1),
  'wMB/s': bw('write', 1),
  'dMB/s': bw('trim', 1),
  'rsec/s': bw('read', SECT_S),
  'wsec/s': bw('write', SECT_S),
  'rd_sec/s': bw('read', SECT_S),
  'wr_sec/s': bw('write', SECT_S),
  'kB_read/s': bw('read', KB_S),
  'kB_wrtn/s': bw('write', KB_S),
  'kB_dscd/s': bw('trim', KB_S),
  'MB_read/s': bw('read', 1),
  'MB_wrtn/s': bw('write', 1),
  'MB_dscd/s': bw('trim', 1),
  'Blk_read/s': bw('read', SECT_S),
  'Blk_wrtn/s': bw('write', SECT_S),
  r_await: lat('read'),
  w_await: lat('write'),
  d_await: lat('trim'),
  await: lat('total'),
  'avgqu-sz': { metric: 'qdepth', unit: 'I/Os', factor: 1 },
  'aqu-sz': { metric: 'qdepth', unit: 'I/Os', factor: 1 },
  '%util': { metric: 'util_pct', unit: '%', factor: 1 },
  util: { metric: 'util_pct', unit: '%', factor: 1 },
  'avgrq-sz': reqKib('total', 0.5), // sectors
  'areq-sz': reqKib('total', 1),
  'rareq-sz': reqKib('read', 1),
  'wareq-sz': reqKib('write', 1),
  'dareq-sz': reqKib('trim', 1),
  'rrqm/s': merges('read'),
  'wrqm/s': merges('write'),
  'drqm/s': merges('trim'),
  'f/s': { metric: 'flush_per_s', unit: '1/s', factor: 1 },
  f_await: { metric: 'flush_lat_avg_ms', unit: 'ms', factor: 1 },
  // Kept because old reports quote it, though sysstat deprecated it as meaningless on
  // devices that serve I/Os in parallel.
  svctm: { metric: 'svctm_ms', unit: 'ms', factor: 1 },
};

/**
 * CPU shares, named as sysstat (%user, %usr, JSON "user"), Solaris sar (%wio), nmon (User%,
 * Wait%) and dstat (usr, wai, hiq, siq, stl) name them, after dropping '%' and lower-casing.
 */
const CPU_NAMES: Record<string, string> = {
  user: 'cpu_usr_pct', usr: 'cpu_usr_pct',
  nice: 'cpu_nice_pct',
  system: 'cpu_sys_pct', sys: 'cpu_sys_pct',
  iowait: 'cpu_iowait_pct', wio: 'cpu_iowait_pct', wait: 'cpu_iowait_pct', wai: 'cpu_iowait_pct',
  steal: 'cpu_steal_pct', stl: 'cpu_steal_pct', st: 'cpu_steal_pct',
  idle: 'cpu_idle_pct', idl: 'cpu_idle_pct',
  irq: 'cpu_irq_pct', hiq: 'cpu_irq_pct',
  soft: 'cpu_soft_pct', siq: 'cpu_soft_pct',
  guest: 'cpu_guest_pct',
  gnice: 'cpu_gnice_pct',
};

export function cpuColumn(name: string): ColumnSpec | null {
  const metric = CPU_NAMES[name.replace(/%/g, '').trim().toLowerCase()];
  return metric ? { metric, unit: '%', factor: 1 } : null;
}

/** The CPU metrics a run reports as means, in the order they are listed. */
export const CPU_METRICS = [
  'cpu_usr_pct', 'cpu_nice_pct', 'cpu_sys_pct', 'cpu_iowait_pct', 'cpu_steal_pct', 'cpu_irq_pct',
  'cpu_soft_pct', 'cpu_guest_pct', 'cpu_gnice_pct', 'cpu_idle_pct',
] as const;
