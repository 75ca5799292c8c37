#!/usr/bin/env node
// Writes study S4's IOmeter results (../../../shared/STUDIES.md: a storage-management/cluster
// product on AWS, RHEL 7.7 on t2.large with one 5 GB gp2 volume), one results.csv per
// configuration, run at load time by the sample loader (14 files of ~40 KB, derived: not kept in
// the repository). IOmeter's GUI runs on Windows only and its dynamo needs the study's cluster,
// so these are written, not measured.
//
// Layout: Iometer 1.1.0's results.csv exactly as its sources write it (iometer-org/iometer:
// CPageSetup::SaveResults for the 'Test Type / 'Version / 'Time Stamp header,
// AccessSpecList::SaveResults for each 'Access specifications block, ManagerList, Manager and
// Worker::SaveResults for the 'Results block with its ALL, MANAGER, PROCESSOR, WORKER and DISK
// rows ("Record results: all"), then 'Time Stamp, and 'End Test; fixed 6-decimal doubles,
// integer counts, CRLF line ends as a Windows ofstream writes them). No real IOmeter results file
// is in ../shared/corpus (MANIFEST.md, Gaps), so the sources are the reference.
//
// Figures follow the published shape: (1) single node and (2) the shared-disk cluster about
// 2,000 IOPS (8 MB/s at 4K), the in-AZ mirrors (3) TCP and (4) two UDP links about half of that,
// (5) across AZs lower again; CPU overhead of mirroring at most ~2 percentage points. The
// tuning variants (MTU 1500 -> 9000, socket buffers x4, heartbeat flow-control threshold x2) of
// each mirror are configurations of their own, named "<mirror> / <tuning>", with the untuned
// mirror as the "none" variant: MTU 9000 wins for 4K 50/50 sequential over TCP in one AZ, bigger
// buffers win slightly for 64K 50/50 sequential over UDP, the flow-control threshold wins across
// AZs (every workload). Arithmetic as IOmeter does it: I/O counts are whole numbers over a
// measured run time; IOps = I/Os / run time; MiBps (Binary) = bytes / 2^20 / s, MBps (Decimal) =
// bytes / 10^6 / s; response times are Little's law for the 8 outstanding I/Os (avg ms = 8 /
// IOps x 1000, split between reads and writes so the weighted mean is the total); raw latency
// sums are ticks of the manager's timer (2.3 GHz); CPU effectiveness = IOps / CPU %. The latency
// bins hold every I/O, spread log-normally around the mean. Deterministic (no randomness).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nine workloads: [name, bytes, % reads, % random]. */
export const WORKLOADS = [
  ['4K; 100% Read; 100% random', 4096, 100, 100],
  ['4K; 50% Read; 100% random', 4096, 50, 100],
  ['4K; 0% Read; 100% random', 4096, 0, 100],
  ['4K; 100% Read; 0% random', 4096, 100, 0],
  ['4K; 50% Read; 0% random', 4096, 50, 0],
  ['4K; 0% Read; 0% random', 4096, 0, 0],
  ['64K; 100% Read; 0% random', 65536, 100, 0],
  ['64K; 50% Read; 0% random', 65536, 50, 0],
  ['64K; 0% Read; 0% random', 65536, 0, 0],
];
const OUTSTANDING = 8;

// Total IOPS of the single node per workload, in WORKLOADS order (gp2 at ~2,000 IOPS; 64K I/Os
// a little fewer, near the volume's throughput ceiling).
const SINGLE = [2012, 1991, 1968, 2034, 2006, 1979, 1893, 1871, 1849];

/** Each configuration's IOPS relative to the single node, per workload; CPU % over the single node; target name. */
const BASE = {
  'single node': { dir: 'single-node', factor: [1, 1, 1, 1, 1, 1, 1, 1, 1], cpu: 0, disk: 'xvdf', link: null },
  'shared-disk cluster': { dir: 'shared-disk', factor: [0.993, 0.994, 0.991, 0.994, 0.994, 0.991, 0.993, 0.993, 0.991], cpu: 0.3, disk: 'xvdf', link: null },
  'in-AZ TCP mirror': { dir: 'in-az-tcp', factor: [0.55, 0.5, 0.47, 0.56, 0.5, 0.47, 0.53, 0.49, 0.46], cpu: 1.4, disk: 'vmirror0', link: 'tcp' },
  'in-AZ UDP mirror': { dir: 'in-az-udp', factor: [0.56, 0.51, 0.48, 0.56, 0.51, 0.48, 0.54, 0.5, 0.47], cpu: 1.5, disk: 'vmirror0', link: 'udp' },
  'cross-AZ mirror': { dir: 'cross-az', factor: [0.4, 0.34, 0.3, 0.41, 0.34, 0.3, 0.37, 0.32, 0.28], cpu: 1.7, disk: 'vmirror0', link: 'tcp-cross' },
};

/** Tuning variants per mirror: IOPS relative to the untuned mirror, per workload. */
const TUNING = {
  'in-AZ TCP mirror': {
    'MTU 9000': [1.01, 1.02, 0.99, 1.0, 1.14, 1.01, 1.02, 1.03, 1.01],
    'buffers x4': [1.0, 0.99, 1.01, 1.0, 1.03, 1.0, 1.01, 1.02, 1.0],
    'flow control x2': [0.99, 1.01, 1.0, 1.01, 1.02, 0.99, 1.0, 1.01, 1.02],
  },
  'in-AZ UDP mirror': {
    'MTU 9000': [1.01, 1.0, 0.99, 1.0, 1.01, 1.0, 1.0, 1.01, 1.0],
    'buffers x4': [1.0, 1.01, 1.0, 0.99, 1.0, 1.01, 1.01, 1.04, 1.01],
    'flow control x2': [0.99, 1.0, 1.01, 1.0, 0.99, 1.0, 1.0, 1.02, 1.0],
  },
  'cross-AZ mirror': {
    'MTU 9000': [1.01, 1.02, 1.01, 1.0, 1.02, 1.01, 1.02, 1.01, 1.0],
    'buffers x4': [1.02, 1.03, 1.02, 1.01, 1.03, 1.02, 1.03, 1.04, 1.03],
    'flow control x2': [1.12, 1.16, 1.18, 1.1, 1.15, 1.17, 1.11, 1.14, 1.16],
  },
};
const TUNING_DIR = { 'MTU 9000': 'mtu-9000', 'buffers x4': 'buffers-x4', 'flow control x2': 'flow-control-x2' };

/** Every configuration: label, folder, IOPS per workload, CPU % over the single node, target, link, tuning. */
export function configurations() {
  const out = [];
  for (const [label, b] of Object.entries(BASE)) {
    out.push({ label, dir: b.dir, iops: SINGLE.map((v, i) => v * b.factor[i]), cpu: b.cpu, disk: b.disk, link: b.link, tuning: null });
    for (const [tuning, f] of Object.entries(TUNING[label] ?? {})) {
      out.push({ label: `${label} / ${tuning}`, dir: `${b.dir}-${TUNING_DIR[tuning]}`, iops: SINGLE.map((v, i) => v * b.factor[i] * f[i]), cpu: b.cpu + (tuning === 'MTU 9000' ? -0.2 : 0.1), disk: b.disk, link: b.link, tuning });
    }
  }
  return out;
}

const TIMER_HZ = 2300000000; // the manager's timer: the t2.large's Xeon E5-2686 v4 at 2.3 GHz
const RUN_S = 300.00183; // IOmeter's measured run time for a 5-minute run (30 s ramp-up before it)
const HEADER = ['Target Type', 'Target Name', 'Access Specification Name', '# Managers', '# Workers', '# Disks', 'IOps', 'Read IOps', 'Write IOps',
  'MiBps (Binary)', 'Read MiBps (Binary)', 'Write MiBps (Binary)', 'MBps (Decimal)', 'Read MBps (Decimal)', 'Write MBps (Decimal)',
  'Transactions per Second', 'Connections per Second', 'Average Response Time', 'Average Read Response Time', 'Average Write Response Time',
  'Average Transaction Time', 'Average Connection Time', 'Maximum Response Time', 'Maximum Read Response Time', 'Maximum Write Response Time',
  'Maximum Transaction Time', 'Maximum Connection Time', 'Errors', 'Read Errors', 'Write Errors', 'Bytes Read', 'Bytes Written', 'Read I/Os',
  'Write I/Os', 'Connections', 'Transactions per Connection', 'Total Raw Read Response Time', 'Total Raw Write Response Time',
  'Total Raw Transaction Time', 'Total Raw Connection Time', 'Maximum Raw Read Response Time', 'Maximum Raw Write Response Time',
  'Maximum Raw Transaction Time', 'Maximum Raw Connection Time', 'Total Raw Run Time', 'Starting Sector', 'Maximum Size', 'Queue Depth',
  '% CPU Utilization', '% User Time', '% Privileged Time', '% DPC Time', '% Interrupt Time', 'Processor Speed', 'Interrupts per Second',
  'CPU Effectiveness', 'Packets/Second', 'Packet Errors', 'Segments Retransmitted/Second'];
const BINS = ['0 to 50 uS', '50 to 100 uS', '100 to 200 uS', '200 to 500 uS', '0.5 to 1 mS', '1 to 2 mS', '2 to 5 mS', '5 to 10 mS', '10 to 15 mS',
  '15 to 20 mS', '20 to 30 mS', '30 to 50 mS', '50 to 100 mS', '100 to 200 mS', '200 to 500 mS', '0.5 to 1 S', '1 to 2 s', '2 to 4.7 s',
  '4.7 to 5 s', '5 to 10 s', ' >= 10 s'];
const BIN_EDGES_MS = [0, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 20, 30, 50, 100, 200, 500, 1000, 2000, 4700, 5000, 10000, Infinity];
const COLUMNS = [...HEADER, ...BINS];
const col = (name) => {
  const i = COLUMNS.indexOf(name);
  if (i < 0) throw new Error(`no column ${name}`);
  return i;
};

const d6 = (x) => x.toFixed(6);
const jitter = (i) => Math.sin(i * 12.9898) * 0.5 + Math.sin(i * 78.233) * 0.5;

/** Standard normal CDF (Abramowitz-Stegun 7.1.26), enough for spreading counts over bins. */
function phi(z) {
  const t = 1 / (1 + 0.3275911 * Math.abs(z) / Math.SQRT2);
  const erf = 1 - (((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t) * Math.exp(-(z * z) / 2);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** I/O counts per latency bin: log-normal around the mean, none beyond the maximum; they sum to n. */
function bins(n, avgMs, maxMs) {
  const sigma = 0.45;
  const mu = Math.log(avgMs) - (sigma * sigma) / 2;
  const cdf = (ms) => (ms <= 0 ? 0 : ms >= maxMs ? 1 : phi((Math.log(ms) - mu) / sigma) / phi((Math.log(maxMs) - mu) / sigma));
  const cum = BIN_EDGES_MS.map((e) => Math.round(cdf(e) * n));
  cum[cum.length - 1] = n;
  return BINS.map((_, k) => cum[k + 1] - cum[k]);
}

/** The figures of one results block (one access specification on one configuration). */
function figures(config, w, k) {
  const [, bs, readPct] = WORKLOADS[w];
  const seed = k * 17 + w;
  const iops = config.iops[w];
  const total = Math.round(iops * RUN_S);
  const reads = Math.round((total * readPct) / 100);
  const writes = total - reads;
  const latMs = (OUTSTANDING / (total / RUN_S)) * 1000; // Little's law
  // Writes of a mirror wait for the partner: slower than reads; the weighted mean stays latMs.
  const skew = config.link ? 0.24 : 0.08;
  let readMs = latMs;
  let writeMs = latMs;
  if (reads > 0 && writes > 0) {
    writeMs = latMs * (1 + skew);
    readMs = (latMs * total - writeMs * writes) / reads;
  }
  const maxRead = reads > 0 ? readMs * (7 + jitter(seed)) : 0;
  const maxWrite = writes > 0 ? writeMs * (9 + jitter(seed + 1)) : 0;
  // CPU: IOmeter's own work plus the product's; a mirror adds at most ~2 points.
  const cpu = 6.2 + (bs === 65536 ? -0.9 : 0) + config.cpu + 0.1 * jitter(seed + 2);
  const segments = (mtu) => Math.ceil(bs / (mtu - 52));
  const mtu = config.tuning === 'MTU 9000' ? 9000 : 1500;
  const packets = config.link ? 18 + (writes / RUN_S) * (segments(mtu) + 1) * 2 + (reads / RUN_S) * 0.02 : config.label.startsWith('shared') ? 41.5 : 14.2;
  const retrans = config.link === 'tcp-cross' ? (config.tuning === 'flow control x2' ? 0.31 : 0.94) : config.link === 'tcp' ? 0.05 : 0;
  return { bs, reads, writes, total, latMs, readMs, writeMs, maxRead, maxWrite, cpu, packets: packets + 0.4 * jitter(seed + 3), retrans };
}

function rowCells(type, name, spec, f, cpuCells, opts) {
  const cells = new Array(COLUMNS.length).fill('');
  const set = (c, v) => (cells[col(c)] = String(v));
  set('Target Type', type);
  set('Target Name', name);
  const s = RUN_S;
  const rd = f.reads * f.bs;
  const wr = f.writes * f.bs;
  if (opts.spec) set('Access Specification Name', spec);
  if (opts.counts) for (const [c, v] of Object.entries(opts.counts)) set(c, v);
  set('IOps', d6(f.total / s)); set('Read IOps', d6(f.reads / s)); set('Write IOps', d6(f.writes / s));
  set('MiBps (Binary)', d6((rd + wr) / s / 1048576)); set('Read MiBps (Binary)', d6(rd / s / 1048576)); set('Write MiBps (Binary)', d6(wr / s / 1048576));
  set('MBps (Decimal)', d6((rd + wr) / s / 1e6)); set('Read MBps (Decimal)', d6(rd / s / 1e6)); set('Write MBps (Decimal)', d6(wr / s / 1e6));
  set('Transactions per Second', d6(f.total / s)); set('Connections per Second', d6(0));
  set('Average Response Time', d6(f.latMs)); set('Average Read Response Time', d6(f.reads ? f.readMs : 0)); set('Average Write Response Time', d6(f.writes ? f.writeMs : 0));
  set('Average Transaction Time', d6(f.latMs)); set('Average Connection Time', d6(0));
  set('Maximum Response Time', d6(Math.max(f.maxRead, f.maxWrite))); set('Maximum Read Response Time', d6(f.maxRead)); set('Maximum Write Response Time', d6(f.maxWrite));
  set('Maximum Transaction Time', d6(Math.max(f.maxRead, f.maxWrite))); set('Maximum Connection Time', d6(0));
  set('Errors', 0); set('Read Errors', 0); set('Write Errors', 0);
  set('Bytes Read', rd); set('Bytes Written', wr); set('Read I/Os', f.reads); set('Write I/Os', f.writes); set('Connections', 0);
  set('Transactions per Connection', -1);
  if (opts.raw) {
    const ticks = (ms, n) => Math.round((ms / 1000) * TIMER_HZ * n);
    set('Total Raw Read Response Time', ticks(f.readMs, f.reads)); set('Total Raw Write Response Time', ticks(f.writeMs, f.writes));
    set('Total Raw Transaction Time', ticks(f.latMs, f.total)); set('Total Raw Connection Time', 0);
    set('Maximum Raw Read Response Time', ticks(f.maxRead, 1)); set('Maximum Raw Write Response Time', ticks(f.maxWrite, 1));
    set('Maximum Raw Transaction Time', ticks(Math.max(f.maxRead, f.maxWrite), 1)); set('Maximum Raw Connection Time', 0);
    set('Total Raw Run Time', Math.round(RUN_S * TIMER_HZ));
  }
  set('Starting Sector', 0); set('Maximum Size', 0); set('Queue Depth', OUTSTANDING);
  if (cpuCells) for (const [c, v] of Object.entries(cpuCells)) set(c, v);
  if (opts.timer) set('Processor Speed', d6(TIMER_HZ));
  const counts = bins(f.total, f.latMs, Math.max(f.maxRead, f.maxWrite));
  BINS.forEach((b, i) => set(b, counts[i]));
  return cells;
}

function cpuOf(f) {
  const user = f.cpu * 0.13;
  const irq = f.cpu * 0.04;
  return {
    '% CPU Utilization': d6(f.cpu), '% User Time': d6(user), '% Privileged Time': d6(f.cpu - user), '% DPC Time': d6(0), '% Interrupt Time': d6(irq),
    'Interrupts per Second': d6((f.total / RUN_S) * 1.12 + 310), 'CPU Effectiveness': d6(f.total / RUN_S / f.cpu),
    'Packets/Second': d6(f.packets), 'Packet Errors': d6(0), 'Segments Retransmitted/Second': d6(f.retrans),
  };
}

const pad = (n, w = 2) => String(n).padStart(w, '0');
const stamp = (ms) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}:${pad(d.getUTCMilliseconds(), 3)}`;
};

/** One configuration's results.csv. */
export function resultsCsv(config, k) {
  const host = 'ip-172-31-20-11';
  let t = Date.UTC(2020, 2, 9 + k, 9, 30, 0) + 137 + k * 71;
  const lines = ["'Test Type,Test Description", `0,S4 ${config.label}`, "'Version", '1.1.0', "'Time Stamp", stamp(t)];
  WORKLOADS.forEach(([spec, bs, readPct, randomPct], w) => {
    lines.push("'Access specifications", "'Access specification name,default assignment", `${spec},0`,
      "'size,% of size,% reads,% random,delay,burst,align,reply", `${bs},100,${readPct},${randomPct},0,1,${bs},0,`, "'End access specifications");
    const f = figures(config, w, k);
    const cpu = cpuOf(f);
    const perCpu = (n) => {
      const u = f.cpu * (n === 0 ? 1.07 : 0.93);
      const cells = new Array(HEADER.length).fill('');
      cells[0] = 'PROCESSOR';
      cells[1] = `CPU ${n}`;
      cells[col('% CPU Utilization')] = d6(u); cells[col('% User Time')] = d6(u * 0.13); cells[col('% Privileged Time')] = d6(u * 0.87);
      cells[col('% DPC Time')] = d6(0); cells[col('% Interrupt Time')] = d6(u * 0.04); cells[col('Processor Speed')] = d6(TIMER_HZ);
      cells[col('Interrupts per Second')] = d6(((f.total / RUN_S) * 1.12 + 310) / 2);
      return cells;
    };
    const rows = [
      rowCells('ALL', 'All', spec, f, cpu, { spec: true, counts: { '# Managers': 1, '# Workers': 1, '# Disks': 1 } }),
      rowCells('MANAGER', host, spec, f, cpu, { spec: true, counts: { '# Workers': 1, '# Disks': 1 }, raw: true, timer: true }),
      perCpu(0),
      perCpu(1),
      rowCells('WORKER', 'Worker 1', spec, f, null, { spec: true, counts: { '# Disks': 1 }, raw: true, timer: true }),
      rowCells('DISK', config.disk, spec, f, null, { raw: true, timer: true }),
    ];
    lines.push("'Results", `'${COLUMNS.join(',')}`, ...rows.map((r) => r.join(',')));
    t += (30 + RUN_S) * 1000 + 412;
    lines.push("'Time Stamp", stamp(t));
  });
  lines.push("'End Test");
  return lines.join('\r\n') + '\r\n';
}

/** Writes every configuration's results.csv under outDir/<folder>/; returns the number of files. */
export function generate(outDir) {
  const configs = configurations();
  configs.forEach((c, k) => {
    const dir = path.join(outDir, c.dir);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'results.csv'), resultsCsv(c, k));
  });
  return configs.length;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const out = process.argv[2];
  if (!out) {
    console.error('usage: node generate.mjs OUTDIR');
    process.exit(2);
  }
  console.error(`wrote ${generate(out)} IOmeter results files to ${out}`);
}
