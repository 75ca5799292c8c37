#!/usr/bin/env node
// The first shape of issue 35, generated (real captures of this kind exist; these are our own
// figures): one Oracle 19c RAC benchmark run of ten minutes as a DBA collects it. An AWR text
// report per instance and the RAC global one (layouts of samples/awr/rac.mjs), and from node 1
// `iostat -t -xm 3`, `vmstat -t 3` and `mpstat -P ALL 3`, all written at the same time in the
// host's local zone (China Standard Time), which only vmstat's "CST" header names.
//
// Over the AWR interval (10:00:00 to 10:10:00) the node's disks' reads per second equal
// instance 1's physical reads per second (Read IO requests) within a few per cent, and mpstat's
// user / system / iowait equal the report's Host CPU. The load starts at 09:58:30, before the
// begin snapshot: a real lead, not a clock offset.
//
//   node samples/timeline/rac-ten-minutes.mjs OUTDIR      (or import { generate })
//
// Deterministic: every figure is a function of the second.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { globalSummaryText, instanceHeaderText, num, pad, textTable, TERM, underline } from '../awr/rac-format.mjs';

export const DAY = { y: 2024, m: 3, d: 2 };
/** Local wall-clock seconds of the day (the host's zone, written without one). */
const hms = (h, m, s = 0) => h * 3600 + m * 60 + s;
export const CAPTURE = { from: hms(9, 55), to: hms(10, 15) };
export const LOAD = { from: hms(9, 58, 30), to: hms(10, 10, 40) };
export const SNAPS = { begin: hms(10, 0), end: hms(10, 10), ids: [4411, 4412] };
export const INTERVAL_S = 3;
export const CPUS = 16;
const DATA_DISKS = ['sdb', 'sdc', 'sdd', 'sde'];

/** The load at second t: ramped over its first minute, a slow wave on top, zero outside. */
function load(t) {
  if (t < LOAD.from || t >= LOAD.to) return 0;
  const ramp = Math.min(1, (t - LOAD.from) / 60);
  return ramp * (1 + 0.12 * Math.sin((t - LOAD.from) / 47) + 0.05 * Math.sin(t / 7.3));
}
/** Node 1's reads per second (the instance's physical reads) and writes, and its CPU, at second t. */
export const readsAt = (t) => 24000 * load(t);
export const writesAt = (t) => 3100 * load(t) + 40;
export const cpuAt = (t) => {
  const l = load(t);
  return { usr: 1.5 + 41 * l, sys: 0.8 + 7.5 * l, wio: 0.2 + 3.1 * l };
};
/** Instance 2 does a share of its own (the global report sums both). */
const INSTANCE2_SHARE = 0.93;

const mean = (f, from, to) => {
  let s = 0;
  for (let t = from; t < to; t++) s += f(t);
  return s / (to - from);
};
/** A small, repeatable jitter of a sample's figure (±2%), as a monitor's interval never equals the mean. */
const jitter = (t, k) => 1 + 0.02 * Math.sin(t * 12.9898 + k * 78.233);

// ---- the host monitors ----------------------------------------------------------------------
const two = (n) => String(n).padStart(2, '0');
const clock12 = (t) => {
  const h = Math.floor(t / 3600) % 24;
  return `${two(((h + 11) % 12) + 1)}:${two(Math.floor(t / 60) % 60)}:${two(t % 60)} ${h < 12 ? 'AM' : 'PM'}`;
};
const clock24 = (t) => `${two(Math.floor(t / 3600) % 24)}:${two(Math.floor(t / 60) % 60)}:${two(t % 60)}`;
const usDate = `${two(DAY.m)}/${two(DAY.d)}/${DAY.y}`;
const isoDate = `${DAY.y}-${two(DAY.m)}-${two(DAY.d)}`;
const banner = `Linux 4.14.35-2047.510.5.el7uek.x86_64 (racnode1) \t${usDate} \t_x86_64_\t(${CPUS} CPU)`;
const f2 = (v) => v.toFixed(2);

function iostat() {
  const out = [banner, ''];
  const dev = 'Device            r/s     w/s     rMB/s     wMB/s   rrqm/s   wrqm/s  %rrqm  %wrqm r_await w_await aqu-sz rareq-sz wareq-sz  svctm  %util';
  // The first report (since boot) at the capture's start, then one per interval.
  for (let t = CAPTURE.from; t <= CAPTURE.to; t += INTERVAL_S) {
    const from = t === CAPTURE.from ? t - 3600 : t - INTERVAL_S;
    const r = mean(readsAt, Math.max(from, 0), t);
    const w = mean(writesAt, Math.max(from, 0), t);
    const c = { usr: mean((x) => cpuAt(x).usr, from, t), sys: mean((x) => cpuAt(x).sys, from, t), wio: mean((x) => cpuAt(x).wio, from, t) };
    out.push(`${usDate} ${clock12(t)}`);
    out.push('avg-cpu:  %user   %nice %system %iowait  %steal   %idle');
    out.push(`          ${[c.usr, 0, c.sys, c.wio, 0, 100 - c.usr - c.sys - c.wio].map((v) => f2(v).padStart(7)).join(' ')}`);
    out.push('');
    out.push(dev);
    const row = (name, rs, ws, await_) => `${name.padEnd(12)} ${[rs, ws, (rs * 8) / 1024, (ws * 8) / 1024, 0, 0, 0, 0, await_, 0.4, (rs * await_) / 1000, 8, 8, 0.1, Math.min(100, rs / 80)].map((v) => f2(v).padStart(7)).join(' ')}`;
    out.push(row('sda', 4 * jitter(t, 9), 11, 0.6));
    DATA_DISKS.forEach((d, k) => out.push(row(d, (r / DATA_DISKS.length) * jitter(t, k), (w / DATA_DISKS.length) * jitter(t, k + 4), 0.9 + 0.4 * load(t))));
    // The OS volume on sda: LVM counts its I/O again.
    out.push(row('dm-0', 4 * jitter(t, 9), 11, 0.6));
    out.push('');
  }
  return out.join('\n');
}

function vmstat() {
  const out = ['procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu----- -----timestamp-----',
    ' r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st                 CST'];
  for (let t = CAPTURE.from; t <= CAPTURE.to; t += INTERVAL_S) {
    const from = t === CAPTURE.from ? t - 3600 : t - INTERVAL_S;
    const r = mean(readsAt, Math.max(0, from), t) * jitter(t, 20);
    const w = mean(writesAt, Math.max(0, from), t);
    const c = { usr: mean((x) => cpuAt(x).usr, from, t), sys: mean((x) => cpuAt(x).sys, from, t), wio: mean((x) => cpuAt(x).wio, from, t) };
    const us = Math.round(c.usr);
    const sy = Math.round(c.sys);
    const wa = Math.round(c.wio);
    const cols = [Math.round(2 + 30 * load(t)), Math.round(3 * load(t)), 0, 88123456, 412345, 31234567, 0, 0, Math.round(r * 8 + 4 * 8), Math.round(w * 8 + 44), Math.round(9000 * load(t) + 800), Math.round(41000 * load(t) + 2100), us, sy, 100 - us - sy - wa, wa, 0];
    const widths = [2, 2, 6, 9, 6, 8, 4, 4, 6, 6, 5, 6, 2, 2, 2, 2, 2];
    out.push(`${cols.map((v, i) => String(v).padStart(widths[i])).join(' ')} ${isoDate} ${clock24(t)}`);
  }
  return out.join('\n') + '\n';
}

function mpstat() {
  const head = 'CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle';
  const out = [banner, ''];
  for (let t = CAPTURE.from + INTERVAL_S; t <= CAPTURE.to; t += INTERVAL_S) {
    const from = t - INTERVAL_S;
    const c = { usr: mean((x) => cpuAt(x).usr, from, t), sys: mean((x) => cpuAt(x).sys, from, t), wio: mean((x) => cpuAt(x).wio, from, t) };
    out.push(`${clock12(from)}  ${head}`);
    const row = (cpu, k) => {
      // Each CPU near the total; the total is what mpstat averages them to.
      const d = k < 0 ? 1 : 1 + 0.03 * Math.sin(k * 1.7 + t);
      const [u, s, w] = [c.usr * d, c.sys, c.wio];
      return `${clock12(t)}  ${String(cpu).padStart(3)} ${[u, 0, s, w, 0, 0.1, 0, 0, 0, Math.max(0, 100 - u - s - w - 0.1)].map((v) => f2(v).padStart(7)).join(' ')}`;
    };
    out.push(row('all', -1));
    for (let k = 0; k < CPUS; k++) out.push(row(k, k));
    out.push('');
  }
  return out.join('\n');
}

// ---- the AWR reports -------------------------------------------------------------------------
const DB = { name: 'SLOBRAC', id: '2716499301', release: '19.0.0.0.0', platform: 'Linux x86 64-bit' };
const INSTANCES = [
  { num: 1, name: 'slobrac1', host: 'racnode1', share: 1 },
  { num: 2, name: 'slobrac2', host: 'racnode2', share: INSTANCE2_SHARE },
];
const ELAPSED_S = SNAPS.end - SNAPS.begin;
const snapTime = (t) => `02-Mar-24 ${clock24(t)}`;

/** What an instance did over the interval, from the same functions the monitors sampled. */
export function instanceFigures(share = 1) {
  const reads = mean(readsAt, SNAPS.begin, SNAPS.end) * share;
  const writes = mean(writesAt, SNAPS.begin, SNAPS.end) * share;
  const cpu = { usr: mean((x) => cpuAt(x).usr, SNAPS.begin, SNAPS.end), sys: mean((x) => cpuAt(x).sys, SNAPS.begin, SNAPS.end), wio: mean((x) => cpuAt(x).wio, SNAPS.begin, SNAPS.end) };
  const dbCpu = (cpu.usr / 100) * CPUS * ELAPSED_S * 0.9 * share;
  const seqRead = { waits: reads * ELAPSED_S * 0.97, avg: 0.52 };
  const dbTime = dbCpu + (seqRead.waits * seqRead.avg) / 1000 + 310 * share;
  return { reads, writes, cpu, dbCpu, dbTime, seqRead, txn: 1900 * share };
}

function instanceText(inst) {
  const f = instanceFigures(inst.share);
  const perS = (v) => num(v, 1);
  const load = [['DB Time(s):', f.dbTime / ELAPSED_S], ['DB CPU(s):', f.dbCpu / ELAPSED_S], ['Read IO requests:', f.reads], ['Write IO requests:', f.writes], ['Transactions:', f.txn]];
  const top = [
    ['db file sequential read', num(f.seqRead.waits), num((f.seqRead.waits * f.seqRead.avg) / 1000, 1), `${f.seqRead.avg.toFixed(2)}ms`, ((100 * f.seqRead.waits * f.seqRead.avg) / 1000 / f.dbTime).toFixed(1), 'User I/O'],
    ['DB CPU', '', num(f.dbCpu, 1), '', ((100 * f.dbCpu) / f.dbTime).toFixed(1), ''],
    ['log file sync', num(f.txn * ELAPSED_S), num((f.txn * ELAPSED_S * 1.1) / 1000, 1), '1.10ms', ((100 * f.txn * ELAPSED_S * 1.1) / 1000 / f.dbTime).toFixed(1), 'Commit'],
  ];
  return `
${instanceHeaderText(DB, { ...inst, startup: '01-Mar-24 21:40' }, CPUS)}

              Snap Id      Snap Time      Sessions Curs/Sess Instances
            --------- ------------------- -------- --------- ---------
Begin Snap:  ${pad(SNAPS.ids[0], 8, true)} ${snapTime(SNAPS.begin)} ${pad(141, 8, true)}       2.1         2
  End Snap:  ${pad(SNAPS.ids[1], 8, true)} ${snapTime(SNAPS.end)} ${pad(140, 8, true)}       2.1         2
   Elapsed:               ${(ELAPSED_S / 60).toFixed(2)} (mins)
   DB Time:               ${num(f.dbTime / 60, 2)} (mins)

Load Profile                    Per Second   Per Transaction  Per Exec  Per Call
~~~~~~~~~~~~~~~            ---------------   --------------- --------- ---------
${load.map(([l, v]) => `${pad(l, 23, true)} ${pad(perS(v), 17, true)}${l === 'Transactions:' ? '' : ` ${pad(num(v / f.txn, 1), 17, true)}`}`).join('\n')}

Top 10 Foreground Events by Total Wait Time
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
${textTable([
    { head: ['Event'], w: 30 }, { head: ['Waits'], w: 11, right: true }, { head: ['Total Wait', 'Time (sec)'], w: 10, right: true },
    { head: ['Avg', 'Wait'], w: 9, right: true }, { head: ['% DB', 'time'], w: 6, right: true }, { head: ['Wait', 'Class'], w: 8 },
  ], top)}

Host CPU
~~~~~~~~                  Load Average
 CPUs Cores Sockets     Begin       End     %User   %System      %WIO     %Idle
----- ----- ------- --------- --------- --------- --------- --------- ---------
${pad(CPUS, 5, true)} ${pad(8, 5, true)} ${pad(1, 7, true)} ${pad('3.10', 9, true)} ${pad('28.40', 9, true)} ${[f.cpu.usr, f.cpu.sys, f.cpu.wio, 100 - f.cpu.usr - f.cpu.sys - f.cpu.wio].map((v) => pad(v.toFixed(1), 9, true)).join(' ')}

${TERM}

End of Report
`;
}

function globalText() {
  const per = INSTANCES.map((inst) => ({ inst, f: instanceFigures(inst.share) }));
  const sum = (g) => per.reduce((a, p) => a + g(p.f), 0);
  const all = Object.fromEntries(['reads', 'writes', 'dbTime', 'dbCpu', 'txn'].map((k) => [k, sum((f) => f[k])]));
  const rows = (g, d) => [...per.map((p) => [String(p.inst.num), ...g(p.f).map((v) => num(v, d))]), ['Sum', ...g(all).map((v) => num(v, d))]];
  return `
WORKLOAD REPOSITORY REPORT (RAC)

${globalSummaryText(DB, { begin: SNAPS.ids[0], end: SNAPS.ids[1], beginTime: snapTime(SNAPS.begin), endTime: snapTime(SNAPS.end) }, ELAPSED_S, per.map((p) => ({ ...p.inst, startup: '01-Mar-24 21:40', dbTime: p.f.dbTime })))}

${underline('Time Model')}
${textTable([{ head: ['I#'], w: 4, right: true }, { head: ['DB time (s)'], w: 12, right: true }, { head: ['DB CPU (s)'], w: 11, right: true }, { head: ['bg time (s)'], w: 11, right: true }],
    rows((f) => [f.dbTime, f.dbCpu, 120], 2))}

${underline('System Statistics - Per Second')}
${textTable([{ head: ['I#'], w: 4, right: true }, ...['Physical Reads/s', 'Physical Writes/s', 'Txns/s'].map((h) => ({ head: h.split(' '), w: 13, right: true }))],
    rows((f) => [f.reads, f.writes, f.txn], 2))}

${TERM}

End of Report
`;
}

/** Writes the run's files under `outDir`; returns how many. */
export function generate(outDir) {
  fs.mkdirSync(outDir, { recursive: true });
  const files = {
    'awrrpt_1_4411_4412.txt': instanceText(INSTANCES[0]),
    'awrrpt_2_4411_4412.txt': instanceText(INSTANCES[1]),
    'awrgrpt_4411_4412.txt': globalText(),
    'racnode1_iostat_txm3.txt': iostat(),
    'racnode1_vmstat_t3.txt': vmstat(),
    'racnode1_mpstat_P_ALL_3.txt': mpstat(),
  };
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(outDir, name), text);
  return Object.keys(files).length;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const out = process.argv[2];
  if (!out) {
    process.stderr.write('usage: node samples/timeline/rac-ten-minutes.mjs OUTDIR\n');
    process.exit(2);
  }
  process.stderr.write(`wrote ${generate(out)} files to ${out}\n`);
}
