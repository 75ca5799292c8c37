#!/usr/bin/env node
// Study S1's missing layers, written at load time from the same figures as its SVC statistics
// (../svc/generate.mjs): the layers the S1 author lined up by hand.
//
// - The DB host's `iostat -x -t 300` (S_TIME_FORMAT=ISO, so its times carry +0800): the four
//   DB2 data LUNs sdb to sde, each the host's view of one DB2 data volume, its r_await following
//   the volume's read response (plus the host's own 0.12 ms), r/s the volume's read rate; sda
//   the boot disk.
// - The database's hourly slowest SQL elapsed time, as the DBA's monitoring kept it: a table of
//   hour start, hour end (Beijing time with its offset), the slowest statement's elapsed time and
//   its SQL id. It follows the DB2 volumes' read response over the hour (elapsed ∝ response^1.25:
//   the slowest statements are read-bound and wait on more than one read), scaled so that the
//   slowest hour before the cutover is the published 36.8 s; after it, about 3 s as published.
//
// Usage: node generate-layers.mjs OUTDIR   (or import { generate } from it). Deterministic.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CUTOVER_LOCAL, DB2, interval, ZONE_MIN } from '../svc/generate.mjs';

const LUNS = ['sdb', 'sdc', 'sdd', 'sde'];
const STEP = 300_000;
const FIRST = Date.UTC(2017, 8, 7, 0, 5);
const LAST = Date.UTC(2017, 8, 15, 23, 55);
const HOST_MS = 0.12;
export const PUBLISHED_BEFORE_S = 36.8;

const pad = (n, w = 2) => String(n).padStart(w, '0');
/** A wall-clock instant (ms, as if UTC) in ISO with the host's +0800, as S_TIME_FORMAT=ISO prints it. */
const iso = (local) => { const d = new Date(local); return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}+0800`; };
const table = (local) => { const d = new Date(local); return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:00 +08:00`; };
const f2 = (v) => v.toFixed(2);

/** The four DB2 volumes' figures for the interval ending at `local`, as the SVC statistics give them. */
const volumes = (local) => {
  const k = Math.round((local - Date.UTC(2017, 8, 7, 0, 0)) / STEP);
  return DB2.map((name, v) => interval(v, name, local, k));
};

function iostat() {
  const out = ['Linux 3.10.0-693.el7.x86_64 (credit-db2-p1) \t2017-09-07 \t_x86_64_\t(32 CPU)', ''];
  const head = 'Device:         rrqm/s   wrqm/s     r/s     w/s    rkB/s    wkB/s avgrq-sz avgqu-sz   await r_await w_await  svctm  %util';
  const report = (local, vols) => {
    out.push(iso(local));
    out.push('avg-cpu:  %user   %nice %system %iowait  %steal   %idle');
    const wait = vols.reduce((a, f) => a + f.readMs, 0) / vols.length;
    out.push(`          ${[18.2, 0, 4.1, Math.min(30, wait * 0.9), 0, 100 - 22.3 - Math.min(30, wait * 0.9)].map((x) => f2(x).padStart(6)).join('  ')}`);
    out.push('');
    out.push(head);
    out.push(`sda               0.00     1.20    0.40    3.10     6.40    28.80    20.11     0.01    1.10    0.80    1.14   0.40   0.14`);
    vols.forEach((f, i) => {
      const r = f.readIops;
      const w = f.writeIops;
      const rAwait = f.readMs + HOST_MS;
      const wAwait = f.writeMs + HOST_MS;
      const awaitAll = (r * rAwait + w * wAwait) / (r + w);
      const cells = [0, 0, r, w, r * 8, w * 8, 16, ((r + w) * awaitAll) / 1000, awaitAll, rAwait, wAwait, 0.1, Math.min(100, (r + w) / 40)];
      out.push(`${LUNS[i].padEnd(14)}${cells.map((x) => f2(x).padStart(8)).join(' ')}`);
    });
    out.push('');
  };
  // The first report: averages since boot, at the capture's start.
  report(FIRST - STEP, volumes(FIRST));
  for (let local = FIRST; local <= LAST; local += STEP) report(local, volumes(local));
  return out.join('\n');
}

/** Each hour's slowest statement: from the DB2 volumes' mean read response over the hour. */
function slowestSql() {
  const hours = [];
  // Whole hours inside the capture (it ends 2017-09-15 23:55, as the SVC statistics do).
  for (let start = Date.UTC(2017, 8, 7, 0, 0); start + 3_600_000 <= LAST; start += 3_600_000) {
    let sum = 0;
    let n = 0;
    for (let local = start + STEP; local <= start + 3_600_000 && local <= LAST; local += STEP) {
      for (const f of volumes(local)) { sum += f.readMs; n++; }
    }
    if (n > 0) hours.push({ start, end: start + 3_600_000, load: (sum / n) ** 1.25 });
  }
  const k = PUBLISHED_BEFORE_S / Math.max(...hours.filter((h) => h.end <= CUTOVER_LOCAL).map((h) => h.load));
  const ids = ['7ttk2c1v3u0vd', '0axg3zq8m1cpa', 'b4n9x2a1t7qkc', 'fq3w8d5c2m1zs'];
  const rows = hours.map((h, i) => `${table(h.start)},${table(h.end)},${(k * h.load).toFixed(1)},${ids[(i * 7) % ids.length]}`);
  return ['hour start,hour end,slowest SQL elapsed (s),sql id', ...rows].join('\n') + '\n';
}

export function generate(outDir) {
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'db-host-iostat-xt-300.txt'), iostat());
  fs.writeFileSync(path.join(outDir, 'db2-slowest-sql-hourly.csv'), slowestSql());
  return 2;
}

export { ZONE_MIN };

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const out = process.argv[2];
  if (!out) {
    console.error('usage: node generate-layers.mjs OUTDIR');
    process.exit(2);
  }
  console.error(`wrote ${generate(out)} files to ${out}`);
}
