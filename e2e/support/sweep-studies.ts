/**
 * Two generated studies of the shapes issues 27 and 28 brought, written in the tools' own
 * console formats so they import as a user's files would:
 *
 * - issue 27's Ceph study: fio 3.x normal output (the layout `fio-3.33` prints here, checked
 *   against a real run of this machine's fio and the corpus' fio 3.1 capture), three ways of
 *   mounting the storage × four workloads (4K random read and write, 64K sequential read and
 *   write) × eight I/O depths, one job per file, one short run (8.1 s), and RBD again at
 *   numjobs=4 (group_reporting);
 * - issue 28's cloud study: sysbench 1.0 oltp_read_write logs, seven configurations swept from 2
 *   to 128 threads (two of them to 512), one file per configuration with each run's command line.
 *
 * The figures come from small models (throughput saturating with load, latency by Little's law)
 * chosen so the charts meet what the issues met: curves an order of magnitude apart, knees at
 * one depth in one panel, long configuration names, and a p95 at 512 threads far above the rest.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sysbenchRunText } from './sysbench-sweep.js';

// ---- fio 3.x normal output ---------------------------------------------------------------

/**
 * fio's num2str with its default 4 significant places (stat.c, lib/num2str.c): the value scaled
 * by 1000 (or 1024 for bytes) until its integer part has 4 digits or fewer, then as many
 * decimals as fit in 4 digits: 22280 -> "22.3k", 109159 -> "109k", 1435 -> "1435".
 */
export function num2str(value: number, base: 1000 | 1024, units: readonly string[]): string {
  let v = value;
  let u = 0;
  while (v >= 10000 && u < units.length - 1) { v /= base; u++; }
  const digits = Math.max(1, Math.floor(Math.log10(Math.max(v, 1))) + 1);
  const decimals = v === Math.floor(v) && u === 0 ? 0 : Math.max(0, 3 - digits);
  return `${v.toFixed(decimals)}${units[u]}`;
}

const COUNT_UNITS = ['', 'k', 'M', 'G'];
const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
const SI_BYTE_UNITS = ['B', 'kB', 'MB', 'GB', 'TB'];

/** fio's unit for a latency line: nsec, usec or msec, from its minimum and mean (stat.c display_lat). */
function latUnit(minNs: number, meanNs: number): ['nsec' | 'usec' | 'msec', number] {
  if (minNs >= 1e6 && meanNs >= 1e6) return ['msec', 1e6];
  if (minNs >= 1e3 && meanNs >= 1e3) return ['usec', 1e3];
  return ['nsec', 1];
}

const fixed = (v: number, d = 2): string => v.toFixed(d);
/** fio prints a latency line's min and max whole (num2str: "max=173733k"), its avg and stdev to 2 places. */
const whole = (v: number): string => num2str(Math.max(1, Math.round(v)), 1000, COUNT_UNITS);
const PCTS = ['1.00', '5.00', '10.00', '20.00', '30.00', '40.00', '50.00', '60.00', '70.00', '80.00', '90.00', '95.00', '99.00', '99.50', '99.90', '99.95', '99.99'];
/** A latency distribution's percentiles as multiples of its mean (a right-skewed shape). */
const PCT_SHAPE = [0.55, 0.64, 0.7, 0.78, 0.85, 0.91, 0.96, 1.02, 1.1, 1.2, 1.42, 1.65, 2.4, 2.9, 4.6, 6.2, 11];

export interface FioJob {
  name: string;
  rw: 'randread' | 'randwrite' | 'read' | 'write';
  bs: number;
  iodepth: number;
  numjobs: number;
  iops: number;
  runtimeMs: number;
  /** When fio printed the report (its end), local time. */
  end: Date;
  pid: number;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** fio's ctime-like date: "Mon Aug 17 23:01:45 2020" (UTC used as the host's local time). */
function fioDate(d: Date): string {
  const p2 = (n: number): string => String(n).padStart(2, '0');
  return `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())} ${d.getUTCFullYear()}`;
}

/** One job's report as `fio --output-format=normal` prints it (fio 3.x, group_reporting). */
export function fioNormalOutput(job: FioJob): string {
  const read = job.rw === 'randread' || job.rw === 'read';
  const seconds = job.runtimeMs / 1000;
  const issued = Math.round(job.iops * seconds);
  const iops = issued / seconds;
  const bwBytes = iops * job.bs;
  const ioBytes = issued * job.bs;
  // Little's law: the jobs' outstanding I/Os over the rate, plus a submission latency.
  const clatNs = ((job.iodepth * job.numjobs) / iops) * 1e9;
  const slatNs = 4200 + 18 * job.iodepth;
  const latNs = clatNs + slatNs;
  const [cu, cd] = latUnit(clatNs * 0.4, clatNs);
  const [su, sd] = latUnit(1800, slatNs);
  const [lu, ld] = latUnit(latNs * 0.4, latNs);
  const pctMax = clatNs * PCT_SHAPE[PCT_SHAPE.length - 1]!;
  const [pu, pd] = pctMax >= 1e8 ? ['msec', 1e6] as const : ['usec', 1e3] as const;
  const cells = PCTS.map((p, i) => `${p.padStart(5)}th=[${String(Math.max(1, Math.round((clatNs * PCT_SHAPE[i]!) / pd))).padStart(5)}]`);
  const rows: string[] = [];
  for (let i = 0; i < cells.length; i += 4) rows.push(`     | ${cells.slice(i, i + 4).join(', ')}${i + 4 < cells.length ? ',' : ''}`);
  const dir = read ? 'read' : 'write';
  const bsText = `${job.bs}B-${job.bs}B`;
  const kib = bwBytes / 1024;
  const total = read ? `${issued},0,0,0` : `0,${issued},0,0`;
  const depthBucket = job.iodepth >= 64 ? '>=64' : String(2 ** Math.floor(Math.log2(job.iodepth)));
  const depths = ['1', '2', '4', '8', '16', '32', '>=64'].map((d) => `${d}=${d === depthBucket ? '100.0' : '0.0'}%`).join(', ');
  const runMs = `run=${job.runtimeMs}-${job.runtimeMs}msec`;
  const bw = `${num2str(bwBytes, 1024, BYTE_UNITS)}/s (${num2str(bwBytes, 1000, SI_BYTE_UNITS)}/s)`;
  return [
    `${job.name}: (g=0): rw=${job.rw}, bs=(R) ${bsText}, (W) ${bsText}, (T) ${bsText}, ioengine=libaio, iodepth=${job.iodepth}`,
    ...(job.numjobs > 1 ? ['...'] : []),
    'fio-3.7',
    `Starting ${job.numjobs} process${job.numjobs > 1 ? 'es' : ''}`,
    '',
    `${job.name}: (groupid=0, jobs=${job.numjobs}): err= 0: pid=${job.pid}: ${fioDate(job.end)}`,
    `  ${dir.padStart(5)}: IOPS=${num2str(iops, 1000, COUNT_UNITS)}, BW=${bw}(${num2str(ioBytes, 1024, BYTE_UNITS)}/${job.runtimeMs}msec)`,
    `    slat (${su}): min=${whole(1800 / sd)}, max=${whole((slatNs * 9) / sd)}, avg=${fixed(slatNs / sd)}, stdev=${fixed((slatNs * 0.3) / sd)}`,
    `    clat (${cu}): min=${whole((clatNs * 0.4) / cd)}, max=${whole((clatNs * 14) / cd)}, avg=${fixed(clatNs / cd)}, stdev=${fixed((clatNs * 0.35) / cd)}`,
    `     lat (${lu}): min=${whole((latNs * 0.4) / ld)}, max=${whole((latNs * 14) / ld)}, avg=${fixed(latNs / ld)}, stdev=${fixed((latNs * 0.35) / ld)}`,
    `    clat percentiles (${pu}):`,
    ...rows,
    `   bw (  KiB/s): min=${Math.round(kib * 0.9)}, max=${Math.round(kib * 1.1)}, per=100.00%, avg=${fixed(kib)}, stdev=${fixed(kib * 0.03)}, samples=${Math.max(1, Math.round(seconds * 2))}`,
    `   iops        : min=${Math.round(iops * 0.9)}, max=${Math.round(iops * 1.1)}, avg=${fixed(iops)}, stdev=${fixed(iops * 0.03)}, samples=${Math.max(1, Math.round(seconds * 2))}`,
    `  cpu          : usr=${fixed(1 + job.iodepth / 40)}%, sys=${fixed(3 + job.iodepth / 20)}%, ctx=${issued + 15}, majf=0, minf=${30 + job.iodepth}`,
    `  IO depths    : ${depths}`,
    '     submit    : 0=0.0%, 4=100.0%, 8=0.0%, 16=0.0%, 32=0.0%, 64=0.0%, >=64=0.0%',
    '     complete  : 0=0.0%, 4=100.0%, 8=0.0%, 16=0.0%, 32=0.0%, 64=0.0%, >=64=0.0%',
    `     issued rwts: total=${total} short=0,0,0,0 dropped=0,0,0,0`,
    `     latency   : target=0, window=0, percentile=100.00%, depth=${job.iodepth}`,
    '',
    'Run status group 0 (all jobs):',
    `  ${dir.toUpperCase().padStart(5)}: bw=${bw}, ${num2str(bwBytes, 1024, BYTE_UNITS)}/s-${num2str(bwBytes, 1024, BYTE_UNITS)}/s (${num2str(bwBytes, 1000, SI_BYTE_UNITS)}/s-${num2str(bwBytes, 1000, SI_BYTE_UNITS)}/s), io=${num2str(ioBytes, 1024, BYTE_UNITS)} (${num2str(ioBytes, 1000, SI_BYTE_UNITS)}), ${runMs}`,
    '',
    'Disk stats (read/write):',
    `  rbd0: ios=${read ? issued : 4}/${read ? 4 : issued}, merge=0/1, ticks=${Math.round(seconds * 900)}/${Math.round(seconds * 8)}, in_queue=${Math.round(seconds * 890)}, util=96.54%`,
    '',
  ].join('\n');
}

export const CEPH_WORKLOADS = [
  { slug: '4k-randread', rw: 'randread', bs: 4096 },
  { slug: '4k-randwrite', rw: 'randwrite', bs: 4096 },
  { slug: '64k-read', rw: 'read', bs: 65536 },
  { slug: '64k-write', rw: 'write', bs: 65536 },
] as const;
export const CEPH_DEPTHS = [1, 2, 4, 8, 16, 32, 64, 128];

/**
 * Each mount's saturation per workload: peak IOPS and the depth at half of it. RBD and CephFS
 * saturate alike on 4K random reads (their knees fall at one depth: pins that must stand apart),
 * 64K runs reach a tenth of the 4K IOPS.
 */
export const CEPH_CONFIGS = [
  { label: 'RBD + XFS', slug: 'rbd', numjobs: 1, model: { '4k-randread': [42000, 12], '4k-randwrite': [14000, 6], '64k-read': [4800, 4], '64k-write': [2400, 3] } },
  { label: 'CephFS', slug: 'cephfs', numjobs: 1, model: { '4k-randread': [33000, 12], '4k-randwrite': [9000, 8], '64k-read': [3900, 5], '64k-write': [1500, 3] } },
  { label: 'NFS-Ganesha', slug: 'nfs', numjobs: 1, model: { '4k-randread': [16000, 6], '4k-randwrite': [5200, 4], '64k-read': [2100, 3], '64k-write': [900, 2] } },
  { label: 'RBD + XFS, numjobs=4', slug: 'rbd-numjobs4', numjobs: 4, model: { '4k-randread': [56000, 5], '4k-randwrite': [19000, 3], '64k-read': [5600, 2], '64k-write': [2900, 2] } },
] as const;

/** The one short run: NFS-Ganesha's 64K write at depth 128 ran 8.1 s (issue 27.1). */
export const CEPH_SHORT_RUN = { config: 'nfs', workload: '64k-write', iodepth: 128, runtimeMs: 8100 };

/** Writes the Ceph study: a folder per configuration, a file per job. Returns the folders by label. */
export function writeCephStudy(dir: string): Array<{ label: string; folder: string; files: string[] }> {
  let t = Date.UTC(2020, 7, 17, 23, 1, 45);
  let pid = 174833;
  return CEPH_CONFIGS.map((c) => {
    const folder = path.join(dir, c.slug);
    fs.mkdirSync(folder, { recursive: true });
    const files: string[] = [];
    for (const w of CEPH_WORKLOADS) {
      const [peak, half] = c.model[w.slug];
      for (const qd of CEPH_DEPTHS) {
        const short = c.slug === CEPH_SHORT_RUN.config && w.slug === CEPH_SHORT_RUN.workload && qd === CEPH_SHORT_RUN.iodepth;
        const runtimeMs = short ? CEPH_SHORT_RUN.runtimeMs : 60001 + (qd % 3);
        const load = qd * c.numjobs;
        t += runtimeMs + 5000;
        const file = path.join(folder, `${w.slug}-qd${qd}.txt`);
        fs.writeFileSync(file, fioNormalOutput({ name: `${c.slug}-${w.slug}`, rw: w.rw, bs: w.bs, iodepth: qd, numjobs: c.numjobs, iops: (peak * load) / (load + half), runtimeMs, end: new Date(t), pid: pid++ }));
        files.push(file);
      }
    }
    return { label: c.label, folder, files };
  });
}

// ---- sysbench 1.0 -----------------------------------------------------------------------

export interface SysbenchConfig {
  label: string;
  slug: string;
  threads: number[];
  tps: number[];
  /** The 95th percentile sysbench prints, ms. */
  p95: number[];
  /**
   * Worked out by hand from the tables (the rule: the last load before p95, or the mean, grows
   * by more than 50% for one doubling): what the product must find.
   */
  stableP95: number;
  stableMean: number;
}

const T128 = [2, 4, 8, 16, 32, 64, 128];
const T512 = [...T128, 256, 512];
const meanOf = (c: SysbenchConfig, i: number): number => (c.threads[i]! / c.tps[i]!) * 1000;

/**
 * Seven clouds. The mean latency sysbench prints (threads / TPS by Little's law) jumps as soon as
 * TPS stops keeping pace, while p95 (what sysbench's summary and the author state) grows by half
 * a step later: judged on the mean, four of the seven read stable one step earlier than on p95
 * (issue 28.2: the knee on the mean sat one step before the author's "stable up to"). Two go to
 * 512 threads, where p95 reaches seconds: on a linear axis every other point lies flat.
 */
export const SYSBENCH_CONFIGS: SysbenchConfig[] = [
  { label: 'AWS RDS db.m6i.2xlarge gp3', slug: 'aws', threads: T512, tps: [310, 620, 1210, 2330, 4300, 5600, 5892, 5850, 5700], p95: [7.4, 7.6, 8.1, 8.9, 10.8, 14.5, 26.7, 61.1, 1401.6], stableP95: 64, stableMean: 32 },
  { label: 'Azure Database for PostgreSQL Flexible Server D8ds v5', slug: 'azure', threads: T512, tps: [280, 550, 1060, 1900, 3100, 3900, 4100, 4080, 3950], p95: [8.3, 8.6, 9.4, 11.2, 14.2, 20.5, 41.9, 92.4, 1903.2], stableP95: 64, stableMean: 32 },
  { label: 'Google Cloud SQL 8 vCPU', slug: 'gcp', threads: T128, tps: [300, 590, 1150, 2150, 3700, 4600, 4750], p95: [7.7, 7.9, 8.4, 9.5, 11.7, 15.8, 28.4], stableP95: 64, stableMean: 32 },
  { label: 'Alibaba Cloud ApsaraDB RDS 8C32G', slug: 'alibaba', threads: T128, tps: [260, 500, 950, 1700, 2600, 3050, 3120], p95: [8.9, 9.2, 10.1, 12.1, 16.4, 31.4, 58.9], stableP95: 32, stableMean: 32 },
  { label: 'Tencent Cloud TencentDB 8C32G', slug: 'tencent', threads: T128, tps: [240, 470, 880, 1500, 2150, 2400, 2430], p95: [9.6, 9.9, 11.0, 13.5, 19.2, 34.3, 69.3], stableP95: 32, stableMean: 32 },
  { label: 'Huawei Cloud RDS 8 vCPUs 32 GB', slug: 'huawei', threads: T128, tps: [200, 380, 700, 1150, 1500, 1560, 1540], p95: [11.3, 11.9, 13.2, 17.0, 27.7, 63.3, 132.5], stableP95: 16, stableMean: 16 },
  { label: 'Oracle OCI Database with PostgreSQL 8 OCPU', slug: 'oci', threads: T128, tps: [290, 570, 1100, 2050, 3500, 4300, 4420], p95: [7.9, 8.1, 8.7, 9.9, 12.4, 17.3, 31.5], stableP95: 64, stableMean: 32 },
];

/** Writes the cloud study: one log per configuration holding its thread sweep. */
export function writeSysbenchStudy(dir: string): Array<{ label: string; file: string; config: SysbenchConfig }> {
  fs.mkdirSync(dir, { recursive: true });
  return SYSBENCH_CONFIGS.map((c) => {
    const file = path.join(dir, `${c.slug}-sysbench.log`);
    fs.writeFileSync(file, c.threads.map((t, i) => sysbenchRunText(t, c.tps[i]!, c.p95[i]!, `${c.slug}.db.internal`)).join('\n'));
    return { label: c.label, file, config: c };
  });
}

/** The mean latency sysbench prints for a point of the table (threads / TPS). */
export const sysbenchMean = meanOf;
