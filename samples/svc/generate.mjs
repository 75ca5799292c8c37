#!/usr/bin/env node
// Writes study S1's IBM SVC per-volume statistics (../../../shared/STUDIES.md) as iostats XML
// dumps (Nv_stats files), the way the cluster writes them: two nodes, a file per node every 5
// minutes, cumulative counters, 2017-09-07 to 2017-09-15 (Beijing time). 16 volumes: the four
// DB2 data volumes, whose 08:30-15:30 mean and maximum read response time per day equal the S1
// table, and a dozen others, among them CREDIT_WASDB_DATA03 with its night-time write-cache
// episode (high write response at low write throughput). Reads get fast at the cutover,
// 2017-09-14 18:00, when the FlashSystem copy became primary; writes spike before midnight.
//
// The published 09-15 volumes (0.67 0.97 1.25 1.34) average 1.0575, which would make the headline
// 6.91x; volumes 1 and 3 are 0.6749 and 1.2549 here (still printed 0.67 and 1.25) so that the
// day prints 1.06 and 7.31 / 1.06 gives the published 6.90x.
//
// Usage: node generate.mjs OUTDIR   (or import { generate } from it). Deterministic.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ZONE_MIN = 8 * 60; // Beijing
export const DB2 = ['CREDIT_DB2_DATA01', 'CREDIT_DB2_DATA02', 'CREDIT_DB2_DATA03', 'CREDIT_DB2_DATA04'];
const OTHERS = ['CREDIT_DB2_LOG01', 'CREDIT_DB2_LOG02', 'CREDIT_DB2_TEMP01', 'CREDIT_WASDB_DATA01', 'CREDIT_WASDB_DATA02', 'CREDIT_WASDB_DATA03',
  'CREDIT_APP_FS01', 'CREDIT_APP_FS02', 'CREDIT_APP_FS03', 'HADR_STBY_DATA01', 'HADR_STBY_DATA02', 'BACKUP_VOL01'];
const VOLUMES = [...DB2, ...OTHERS];
export const DAYS = ['2017-09-07', '2017-09-08', '2017-09-09', '2017-09-10', '2017-09-11', '2017-09-12', '2017-09-13', '2017-09-14', '2017-09-15'];
export const CUTOVER_LOCAL = Date.UTC(2017, 8, 14, 18, 0); // wall clock, as if UTC

/** S1 table: per day, the four DB2 volumes' window mean and max read response (ms). */
const S1 = {
  '2017-09-08': { mean: [7.64, 6.18, 8.34, 6.46], max: [10.46, 8.99, 12.84, 7.66] },
  '2017-09-13': { mean: [7.67, 6.54, 8.73, 6.06], max: [11.32, 8.90, 11.24, 7.77] },
  '2017-09-14': { mean: [8.10, 7.05, 8.75, 6.20], max: [15.31, 9.43, 12.42, 7.82] },
  '2017-09-15': { mean: [0.6749, 0.97, 1.2549, 1.34], max: [1.02, 1.48, 2.17, 2.91] },
};
const WINDOW = [8 * 60 + 30, 15 * 60 + 30]; // minutes of the day, [start, end)
const MAX_SLOT = 10 * 60; // the window's peak sample is the 10:00 interval

const jitter = (i) => Math.sin(i * 12.9898) * 0.5 + Math.sin(i * 78.233) * 0.5;

/**
 * Per-interval figures of one volume at the interval ending at wall-clock `local` (ms): also what
 * samples/s1/generate-layers.mjs writes the DB host's and the database's layers from.
 */
export function interval(v, name, local, k) {
  const minute = Math.floor((local % 86_400_000) / 60_000);
  const day = new Date(local).toISOString().slice(0, 10);
  const afterCutover = local > CUTOVER_LOCAL;
  // A sample is stamped with its interval's end; a daily 08:30-15:30 period takes the samples
  // stamped 08:30 up to 15:25: 84 of them.
  const inWindow = minute >= WINDOW[0] && minute < WINDOW[1];
  const daytime = minute >= 7 * 60 && minute < 20 * 60;
  const batch = minute >= 21 * 60 + 30 || minute < 30;
  let readIops = (daytime ? 1800 : 400) * (1 + 0.15 * jitter(k + v)) * (v < 4 ? 1 : 0.4);
  let writeIops = (batch ? 2200 : daytime ? 500 : 150) * (1 + 0.2 * jitter(k * 3 + v)) * (v < 4 ? 1 : 0.5);
  let readMs = afterCutover ? 0.9 + 0.3 * jitter(k + 7 * v) : 6.5 + 1.5 * jitter(k + 7 * v);
  let writeMs = batch ? 18 + 22 * Math.abs(jitter(k + v)) : 0.8 + 0.3 * Math.abs(jitter(k * 5 + v));
  let readPeakMs = afterCutover ? 30 + 20 * Math.abs(jitter(k + v)) : 250 + 150 * Math.abs(jitter(k + v));
  const s1 = S1[day];
  if (s1 && inWindow) {
    // 84 samples in the window: one at the day's maximum, 83 at the level that gives its mean.
    // The other twelve volumes follow the four DB2 volumes' figures in turn (all volumes were
    // mirrored the same way), so the mean over every volume is the published mean too.
    const mean = s1.mean[v % 4];
    const max = s1.max[v % 4];
    readMs = minute === MAX_SLOT ? max : (84 * mean - max) / 83;
  }
  if (name === 'CREDIT_WASDB_DATA03' && (minute >= 22 * 60 || minute < 2 * 60)) {
    // Its preferred node's write cache was full: slow writes at a trickle of throughput.
    writeIops = 40 + 20 * Math.abs(jitter(k));
    writeMs = 45 + 35 * Math.abs(jitter(k * 7));
  }
  readIops = Math.max(1, readIops);
  writeIops = Math.max(1, writeIops);
  return { readIops, writeIops, readMs, writeMs, readPeakMs: Math.max(readPeakMs, readMs), writePeakMs: Math.max(writeMs * 4, writeMs) };
}

const pad = (n, w = 2) => String(n).padStart(w, '0');
const stamp = (ms) => { const d = new Date(ms); return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`; };
const nameStamp = (ms) => { const d = new Date(ms); return `${pad(d.getUTCFullYear() % 100)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}_${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`; };

/**
 * `options` lets the benchmark write a bigger cluster: { volumes: 1000, days: 7 } adds synthetic
 * volumes after the sixteen of the study and keeps the first `days` days.
 */
export function generate(outDir, options = {}) {
  fs.mkdirSync(outDir, { recursive: true });
  const volumes = [...VOLUMES];
  for (let i = volumes.length; i < (options.volumes ?? VOLUMES.length); i++) volumes.push(`BENCH_VOL${String(i).padStart(4, '0')}`);
  const nodes = [{ id: 'node1', nodeId: '0x0000000000000001', share: 0.55, offsetS: 0 }, { id: 'node2', nodeId: '0x0000000000000002', share: 0.45, offsetS: 3 }];
  // Cumulative counters since node start, per node and volume.
  const counters = nodes.map((_, n) => volumes.map((__, v) => ({ ro: 1e8 + v * 1e6 + n * 7e6, wo: 5e7 + v * 1e6, rb: 8e9 + v * 1e7, wb: 4e9 + v * 1e7, rl: 6e8 + v * 1e6, wl: 2e8 + v * 1e6 })));
  const first = Date.UTC(2017, 8, 7, 0, 0);
  const last = options.days ? first + options.days * 86_400_000 - 300_000 : Date.UTC(2017, 8, 15, 23, 55);
  let files = 0;
  for (let local = first, k = 0; local <= last; local += 300_000, k++) {
    nodes.forEach((node, n) => {
      const t = local + node.offsetS * 1000; // wall clock of this node's dump
      const utc = t - ZONE_MIN * 60_000;
      const rows = volumes.map((name, v) => {
        const c = counters[n][v];
        if (local > first) {
          const f = interval(v, name, local, k);
          const ro = Math.round(f.readIops * 300 * node.share);
          const wo = Math.round(f.writeIops * 300 * node.share);
          c.ro += ro; c.wo += wo;
          c.rb += ro * 16; c.wb += wo * 16; // 8 KiB I/Os: 16 blocks of 512 B
          c.rl += Math.round(ro * f.readMs); c.wl += Math.round(wo * f.writeMs);
          c.rlw = Math.round(f.readPeakMs * 1000); c.wlw = Math.round(f.writePeakMs * 1000);
        }
        return `    <vdsk idx="${v}" id="${name}" ro="${c.ro}" wo="${c.wo}" rb="${c.rb}" wb="${c.wb}" rl="${c.rl}" wl="${c.wl}" rlw="${c.rlw ?? 0}" wlw="${c.wlw ?? 0}" xl="0" ctr="0" ctw="0" ctrh="0" ctwft="0">\n        <ca r="0" rh="0" d="0" ft="0" wt="0"/>\n    </vdsk>`;
      });
      const xml = `<?xml version="1.0" encoding="utf-8" ?>
<diskStatsColl
    xmlns="http://ibm.com/storage/management/performance/api/2005/08/vDiskStats"
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xsi:schemaLocation="http://ibm.com/storage/management/performance/api/2005/08/vDiskStats schema/SVCPerfStatsV.xsd"
    scope="node" id="${node.id}" cluster="SVC_CREDIT" node_id="${node.nodeId}" cluster_id="0x00000200a0c01234"
    sizeUnits="512B" timeUnits="msec" contains="virtualDiskStats" timestamp="${stamp(t)}" timezone="GMT+8:00"
    timestamp_utc="${stamp(utc)}">
${rows.join('\n')}
</diskStatsColl>
`;
      fs.writeFileSync(path.join(outDir, `Nv_stats_78N16G4-${n + 1}_${nameStamp(t)}`), xml);
      files++;
    });
  }
  return files;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const out = process.argv[2];
  if (!out) {
    console.error('usage: node generate.mjs OUTDIR');
    process.exit(2);
  }
  console.error(`wrote ${generate(out)} files to ${out}`);
}
