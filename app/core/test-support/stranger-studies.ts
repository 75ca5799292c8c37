/**
 * Two studies PerfDelta had never seen (issue 33), generated in their tools' own formats so they
 * import as the authors' files would. Not copies of anyone's files: the shapes the issue describes,
 * with figures from small models, every figure returned as written so a test can compute what a
 * report must say from the same numbers.
 *
 * (a) Four cloud volumes, one workload over block sizes: fio 2.14 JSON (KiB in io_bytes and bw,
 *     µs latencies, one job with group_reporting), random write, iodepth 16 × 16 jobs, 10 s runs,
 *     one run per point. The volume is only in the file name and fio's `filename` option. The
 *     general-purpose volume at the same IOPS matches the provisioned one up to 64K and is 16.7%
 *     and 16.5% lower at 128K and 256K; the RAID-0 of two tops out near 1,317 MiB/s against 1,043.
 * (b) Database servers, sysbench 0.5 OLTP read-only, 1 to 256 threads: each server's folder
 *     holds a short-range and a long-range run per thread count (`sysbench.ro.short.N.res`,
 *     `sysbench.ro.long.N.res`) with very different TPS, told apart only by the file-name token.
 */
import fs from 'node:fs';
import path from 'node:path';

// ---- (a) fio 2.14 JSON over block sizes ------------------------------------------------------

export interface VolumeModel {
  /** The token in the file name ("io2-16000"). */
  name: string;
  /** fio's filename option: the device the volume is. */
  device: string;
  /** MiB/s at each block size of the study (KiB → MiB/s), as fio would report it. */
  mibs: Record<number, number>;
}

export const FIO_BLOCK_SIZES_KIB = [4, 8, 16, 32, 64, 128, 256] as const;

/** MiB/s of a volume that does `iops` until `cap` MiB/s. */
function limited(iops: number, capMibs: number, sizes: readonly number[]): Record<number, number> {
  return Object.fromEntries(sizes.map((kib) => [kib, Math.min(iops * (kib / 1024), capMibs)]));
}

/** The four volumes: provisioned IOPS, general purpose at the same IOPS, general purpose at high throughput, a RAID-0 of two. */
export function fioVolumes(sizes: readonly number[] = FIO_BLOCK_SIZES_KIB): VolumeModel[] {
  const io2 = limited(16000, 1043, sizes);
  // Within ±0.3% up to 64K; 16.7% and 16.5% lower at 128K and 256K (and 16.6% beyond).
  const gp3Factor: Record<number, number> = { 4: 1.001, 8: 0.998, 16: 1.003, 32: 0.999, 64: 0.997, 128: 0.833, 256: 0.835 };
  const gp3 = Object.fromEntries(sizes.map((kib) => [kib, io2[kib]! * (gp3Factor[kib] ?? (kib > 64 ? 0.834 : 1.002))]));
  return [
    { name: 'io2-16000', device: '/dev/nvme1n1', mibs: io2 },
    { name: 'gp3-16000', device: '/dev/nvme2n1', mibs: gp3 },
    { name: 'gp3-1000mbs', device: '/dev/nvme3n1', mibs: limited(8000, 1000, sizes) },
    { name: 'raid0-gp3x2', device: '/dev/md0', mibs: limited(32000, 1317, sizes) },
  ];
}

export interface FioRun {
  volume: string;
  bsKib: number;
  iops: number;
  mibs: number;
  file: string;
}

const r3 = (v: number): number => Math.round(v * 1000) / 1000;

/** One run's JSON as fio 2.14 writes it (`--output-format=json`, group_reporting: one job for the 16). */
export function fio214Json(v: VolumeModel, kib: number, started: number): { text: string; iops: number; mibs: number } {
  const runtimeMs = 10_000 + (kib % 7);
  const bwKib = Math.round(v.mibs[kib]! * 1024);
  const ios = Math.round((bwKib * runtimeMs) / 1000 / kib);
  const iops = r3((ios * 1000) / runtimeMs);
  const clatUs = ((16 * 16) / iops) * 1e6;
  const zero = { io_bytes: 0, bw: 0, iops: 0.0, runtime: 0, total_ios: 0, short_ios: 0, drop_ios: 0, slat: { min: 0, max: 0, mean: 0.0, stddev: 0.0 }, clat: { min: 0, max: 0, mean: 0.0, stddev: 0.0 }, lat: { min: 0, max: 0, mean: 0.0, stddev: 0.0 }, bw_min: 0, bw_max: 0, bw_agg: 0.0, bw_mean: 0.0, bw_dev: 0.0 };
  const pct: Record<string, number> = {};
  for (const [q, f] of [['1.000000', 0.4], ['5.000000', 0.55], ['10.000000', 0.62], ['50.000000', 0.95], ['90.000000', 1.5], ['95.000000', 1.8], ['99.000000', 2.6], ['99.900000', 4.2], ['99.990000', 7.5]] as const) pct[q] = Math.round(clatUs * f);
  const write = {
    io_bytes: ios * kib, bw: bwKib, iops, runtime: runtimeMs, total_ios: ios, short_ios: 0, drop_ios: 0,
    slat: { min: 2, max: 410, mean: 6.5, stddev: 3.1 },
    clat: { min: Math.round(clatUs * 0.3), max: Math.round(clatUs * 9), mean: r3(clatUs), stddev: r3(clatUs * 0.4), percentile: pct },
    lat: { min: Math.round(clatUs * 0.3) + 3, max: Math.round(clatUs * 9) + 40, mean: r3(clatUs + 6.5), stddev: r3(clatUs * 0.4) },
    bw_min: Math.round(bwKib / 16 * 0.7), bw_max: Math.round(bwKib / 16 * 1.3), bw_agg: 6.25, bw_mean: r3(bwKib / 16), bw_dev: r3(bwKib / 160),
  };
  const doc = {
    'fio version': 'fio-2.14',
    timestamp: Math.floor(started / 1000),
    time: new Date(started).toUTCString().replace(/,/, ''),
    jobs: [{
      jobname: 'randwrite', groupid: 0, error: 0, eta: 0, elapsed: 11,
      'job options': { name: 'randwrite', filename: v.device, rw: 'randwrite', bs: `${kib}k`, iodepth: '16', numjobs: '16', ioengine: 'libaio', direct: '1', runtime: '10', time_based: '1', group_reporting: '1' },
      read: zero, write, trim: zero,
      usr_cpu: 1.2, sys_cpu: 4.8, ctx: 120000, majf: 0, minf: 150,
      iodepth_level: { '1': 0.1, '2': 0.1, '4': 0.1, '8': 0.1, '16': 99.9, '32': 0.0, '>=64': 0.0 },
      latency_us: { '2': 0.0, '4': 0.0, '10': 0.0, '20': 0.0, '50': 0.0, '100': 0.0, '250': 0.0, '500': 0.0, '750': 0.0, '1000': 0.0 },
      latency_ms: { '2': 10.0, '4': 50.0, '10': 30.0, '20': 8.0, '50': 2.0, '100': 0.0, '250': 0.0, '500': 0.0, '750': 0.0, '1000': 0.0, '2000': 0.0, '>=2000': 0.0 },
      latency_depth: 16, latency_target: 0, latency_percentile: 100.0, latency_window: 0,
    }],
    disk_util: [{ name: v.device.replace('/dev/', ''), read_ios: 0, write_ios: ios, read_merges: 0, write_merges: 0, read_ticks: 0, write_ticks: 9000, in_queue: 9100, util: 99.1 }],
  };
  return { text: JSON.stringify(doc, null, 2), iops, mibs: (ios * kib) / 1024 / (runtimeMs / 1000) };
}

/**
 * Writes the volumes' runs into one folder, `fio_randwrite_<volume>_<bs>k.json`: the volume is
 * only in the file name and in fio's filename option. Returns every run as written.
 */
export function writeFioVolumes(dir: string, volumes: readonly VolumeModel[] = fioVolumes(), sizes: readonly number[] = FIO_BLOCK_SIZES_KIB): FioRun[] {
  fs.mkdirSync(dir, { recursive: true });
  const out: FioRun[] = [];
  let t = Date.UTC(2019, 2, 4, 9, 0, 0);
  for (const v of volumes) {
    for (const kib of sizes) {
      t += 25_000;
      const { text, iops, mibs } = fio214Json(v, kib, t);
      const file = path.join(dir, `fio_randwrite_${v.name}_${kib}k.json`);
      fs.writeFileSync(file, text);
      out.push({ volume: v.name, bsKib: kib, iops, mibs, file });
    }
  }
  return out;
}

// ---- (b) sysbench 0.5 OLTP read-only, short and long ranges -------------------------------------

export interface ServerModel {
  /** The folder (and configuration) name. */
  name: string;
  /** Short-range TPS at each thread count. */
  short: number[];
  /** Long-range TPS ÷ short-range TPS (the long ranges read far more rows per transaction). */
  longRatio: number;
}

export const SYSBENCH_THREADS = [1, 2, 4, 8, 16, 32, 64, 128, 256] as const;

/**
 * Six servers. MariaDB 10.3 peaks at 32 threads and goes down; 10.2 is 17-19% faster from 64 to
 * 256 threads; MySQL 8.0 is a lot faster. Imported in this order: 10.3 is the baseline.
 */
export const SERVERS: readonly ServerModel[] = [
  { name: 'mariadb-10.3', short: [1190, 2340, 4580, 8690, 12790, 13708, 11520, 10890, 10410], longRatio: 0.3104 },
  { name: 'mariadb-10.2', short: [1210, 2380, 4650, 8820, 12930, 13620, 13590, 12850, 12390], longRatio: 0.3121 },
  { name: 'mysql-8.0', short: [1520, 3010, 5920, 11480, 17950, 21860, 22410, 22080, 21530], longRatio: 0.3342 },
  { name: 'mysql-5.7', short: [1330, 2620, 5140, 9830, 14720, 16310, 15840, 15120, 14460], longRatio: 0.3195 },
  { name: 'percona-5.7', short: [1350, 2650, 5210, 9980, 14960, 16640, 16380, 15690, 15030], longRatio: 0.3188 },
  { name: 'mysql-5.6', short: [1280, 2510, 4880, 9210, 13280, 13940, 12460, 11710, 11020], longRatio: 0.3067 },
];

/** One run's console output as sysbench 0.5 prints it for oltp.lua read-only (14 reads and BEGIN/COMMIT per transaction). */
export function sysbench05Text(threads: number, tps: number): string {
  const time = 300;
  const tx = Math.round(tps * time);
  const reads = tx * 14;
  const other = tx * 2;
  const rate = (n: number): string => (n / time).toFixed(2);
  const avg = (threads / tps) * 1000;
  const pad = (label: string, value: string): string => `${label}${' '.repeat(Math.max(1, 41 - label.length))}${value}`;
  return [
    'sysbench 0.5:  multi-threaded system evaluation benchmark',
    '',
    'Running the test with following options:',
    `Number of threads: ${threads}`,
    'Random number generator seed is 0 and will be ignored',
    '',
    '',
    'Threads started!',
    '',
    'OLTP test statistics:',
    '    queries performed:',
    pad('        read:', String(reads)),
    pad('        write:', '0'),
    pad('        other:', String(other)),
    pad('        total:', String(reads + other)),
    pad('    transactions:', `${tx}  (${rate(tx)} per sec.)`),
    pad('    read/write requests:', `${reads} (${rate(reads)} per sec.)`),
    pad('    other operations:', `${other}  (${rate(other)} per sec.)`),
    pad('    ignored errors:', '0      (0.00 per sec.)'),
    pad('    reconnects:', '0      (0.00 per sec.)'),
    '',
    'General statistics:',
    pad('    total time:', `${time}.0031s`),
    pad('    total number of events:', String(tx)),
    pad('    total time taken by event execution:', `${((avg * tx) / 1000).toFixed(4)}s`),
    '    response time:',
    `         min:                                  ${(avg * 0.3).toFixed(2)}ms`,
    `         avg:                                  ${avg.toFixed(2)}ms`,
    `         max:                                ${(avg * 12).toFixed(2)}ms`,
    `         approx.  95 percentile:               ${(avg * 1.9).toFixed(2)}ms`,
    '',
    'Threads fairness:',
    `    events (avg/stddev):           ${(tx / threads).toFixed(4)}/${(tx / threads / 90).toFixed(2)}`,
    `    execution time (avg/stddev):   ${(time - 0.02).toFixed(4)}/0.01`,
    '',
  ].join('\n');
}

export interface SysbenchRun {
  server: string;
  token: string;
  threads: number;
  /** TPS as printed (two decimals), and read/write requests per second. */
  tps: number;
  rw: number;
  qps: number;
  file: string;
}

/**
 * Writes `<dir>/<server>/sysbench.ro.<token>.<threads>.res` for each server, token and thread
 * count. `tokens`: the file-name tokens and each one's TPS factor against the short range.
 */
export function writeSysbenchServers(
  dir: string, servers: readonly ServerModel[] = SERVERS, threads: readonly number[] = SYSBENCH_THREADS,
  tokens: ReadonlyArray<{ token: string; factor: (s: ServerModel) => number }> = [{ token: 'short', factor: () => 1 }, { token: 'long', factor: (s) => s.longRatio }],
): SysbenchRun[] {
  const out: SysbenchRun[] = [];
  for (const s of servers) {
    const folder = path.join(dir, s.name);
    fs.mkdirSync(folder, { recursive: true });
    threads.forEach((n, i) => {
      for (const t of tokens) {
        const model = (s.short[i] ?? s.short[s.short.length - 1]!) * t.factor(s);
        const tx = Math.round(model * 300);
        const tps = Number((tx / 300).toFixed(2));
        const file = path.join(folder, `sysbench.ro.${t.token}.${n}.res`);
        fs.writeFileSync(file, sysbench05Text(n, model));
        out.push({ server: s.name, token: t.token, threads: n, tps, rw: Number(((tx * 14) / 300).toFixed(2)), qps: Number(((tx * 14) / 300).toFixed(2)) + Number(((tx * 2) / 300).toFixed(2)), file });
      }
    });
  }
  return out;
}

// ---- imported, for tests ------------------------------------------------------------------------

interface Importer {
  importPaths(inputs: string[], study: string, config: string, options: object): { files: Array<{ status: string; path: string; errors: string[] }> };
}

function imported(result: ReturnType<Importer['importPaths']>): void {
  const bad = result.files.filter((f) => f.status !== 'imported');
  if (bad.length) throw new Error(`not imported: ${bad.map((f) => `${f.path}: ${f.status} ${f.errors.join('; ')}`).join(', ')}`);
}

/** The volumes imported one configuration each (as their author labelled them), io2 first. */
export function importFioVolumes(core: Importer, dir: string, study: string, volumes: readonly VolumeModel[] = fioVolumes(), sizes: readonly number[] = FIO_BLOCK_SIZES_KIB): FioRun[] {
  const runs = writeFioVolumes(dir, volumes, sizes);
  for (const v of volumes) imported(core.importPaths(runs.filter((r) => r.volume === v.name).map((r) => r.file), study, v.name, {}));
  return runs;
}

/** The servers imported one configuration per folder, in the order of `servers` (the first is the baseline). */
export function importSysbenchServers(core: Importer, dir: string, study: string, ...rest: Parameters<typeof writeSysbenchServers> extends [string, ...infer R] ? R : never): SysbenchRun[] {
  const runs = writeSysbenchServers(dir, ...rest);
  const servers = rest[0] ?? SERVERS;
  for (const s of servers) imported(core.importPaths([path.join(dir, s.name)], study, s.name, {}));
  return runs;
}
