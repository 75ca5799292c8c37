#!/usr/bin/env node
// The second shape of issue 35, generated (our own figures): one database power test. The
// driver's per-query start and end times in UTC in a CSV, `pidstat -h -H -u 1` of the database's
// processes (epoch seconds: exact), and `sar -u 10` text written in the host's local time, one
// hour ahead of UTC, with no zone anywhere. Read as UTC the sar lane sits an hour after the test
// and misses it entirely; a proposal from the database's CPU (pidstat) against sar's user CPU
// finds -3,600 s with a correlation near 1.
//
//   node samples/timeline/power-test.mjs OUTDIR [SHIFT_S]     (or import { generate })
//
// SHIFT_S (default 3600): how far ahead of UTC the host's clock is. Deterministic.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const START_MS = Date.UTC(2024, 4, 1, 10, 0, 0);
export const CPUS = 4;
/** TPC-H's 22 queries in the power test's order, each with its run time (s) and how many CPUs it keeps busy. */
export const QUERIES = [
  ['Q14', 62, 3.1], ['Q2', 24, 1.4], ['Q9', 143, 3.8], ['Q20', 51, 2.2], ['Q6', 18, 3.6], ['Q17', 97, 1.1], ['Q18', 121, 3.3],
  ['Q8', 58, 2.7], ['Q21', 166, 1.9], ['Q13', 77, 3.5], ['Q3', 69, 2.4], ['Q22', 21, 1.2], ['Q16', 33, 2.9], ['Q4', 45, 3.7],
  ['Q11', 19, 1.6], ['Q15', 38, 3.0], ['Q1', 112, 3.9], ['Q10', 61, 2.1], ['Q19', 29, 3.4], ['Q5', 73, 2.6], ['Q7', 66, 1.8], ['Q12', 41, 3.2],
];
/** A pause between queries (the driver's bookkeeping), seconds. */
const GAP_S = 3;
const SAR_STEP_S = 10;

/** The queries' spans, epoch ms. */
export function schedule() {
  let t = START_MS;
  return QUERIES.map(([name, seconds, cpus]) => {
    const span = { name, start: t, end: t + seconds * 1000, cpus };
    t = span.end + GAP_S * 1000;
    return span;
  });
}

/** The database's CPU at second `ms` (in % of one CPU): the running query's, with a small ripple. */
function dbCpuAt(ms, spans) {
  const q = spans.find((s) => ms >= s.start && ms < s.end);
  const ripple = 1 + 0.06 * Math.sin(ms / 4100) + 0.03 * Math.sin(ms / 1300);
  return q ? q.cpus * 100 * ripple : 4;
}

/** Repeatable noise in [−1, 1]: the rest of the host, and each sample's own wobble. */
const noise = (x) => { const s = Math.sin(x * 12.9898) * 43758.5453; return 2 * (s - Math.floor(s)) - 1; };
const two = (n) => String(n).padStart(2, '0');
const iso = (ms) => new Date(ms).toISOString().replace('.000Z', 'Z');

function queriesCsv(spans) {
  return ['query,start_time,end_time', ...spans.map((s) => `${s.name},${iso(s.start)},${iso(s.end)}`)].join('\n') + '\n';
}

function pidstat(spans, from, to) {
  const pids = [41211, 41212, 41213, 41214];
  const out = ['Linux 5.14.0-362.8.1.el9_3.x86_64 (tpch-db) \t05/01/2024 \t_x86_64_\t(4 CPU)', ''];
  for (let ms = from + 1000; ms <= to; ms += 1000) {
    out.push('# Time        UID       PID    %usr %system  %guest   %wait    %CPU   CPU  Command');
    const total = dbCpuAt(ms - 500, spans);
    // The query's work spread over the backend and its parallel workers.
    const shares = [0.4, 0.2, 0.2, 0.2];
    pids.forEach((pid, k) => {
      const cpu = total * shares[k] * (1 + 0.04 * noise(ms / 1000 + k));
      if (cpu < 0.5) return; // pidstat leaves out a process that did nothing
      const usr = cpu * 0.86;
      const sys = cpu - usr;
      out.push(`${Math.floor(ms / 1000)}       26     ${pid}  ${usr.toFixed(2).padStart(6)}  ${sys.toFixed(2).padStart(6)}    0.00    0.00  ${cpu.toFixed(2).padStart(6)}     ${k}  postgres`);
    });
    out.push('');
  }
  return out.join('\n');
}

function sar(spans, from, to, shiftS) {
  const local = (ms) => new Date(ms + shiftS * 1000);
  const clock = (ms) => { const d = local(ms); const h = d.getUTCHours(); return `${two(((h + 11) % 12) + 1)}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'}`; };
  const d0 = local(from);
  const out = [`Linux 5.14.0-362.8.1.el9_3.x86_64 (tpch-db) \t${two(d0.getUTCMonth() + 1)}/${two(d0.getUTCDate())}/${d0.getUTCFullYear()} \t_x86_64_\t(4 CPU)`, ''];
  out.push(`${clock(from)}     CPU     %user     %nice   %system   %iowait    %steal     %idle`);
  const rows = [];
  for (let ms = from + SAR_STEP_S * 1000; ms <= to; ms += SAR_STEP_S * 1000) {
    let db = 0;
    for (let t = ms - SAR_STEP_S * 1000; t < ms; t += 1000) db += dbCpuAt(t + 500, spans) / SAR_STEP_S;
    // The host's user CPU: the database's share of all CPUs, plus the rest of the host.
    const user = (db * 0.86) / CPUS + 2.5 + 2 * noise(ms / 10000);
    const system = (db * 0.14) / CPUS + 0.6;
    const row = [user, 0, system, 0.4, 0, 100 - user - system - 0.4];
    rows.push(row);
    out.push(`${clock(ms)}     all ${row.map((v) => v.toFixed(2).padStart(9)).join(' ')}`);
  }
  const avg = rows[0].map((_, i) => rows.reduce((a, r) => a + r[i], 0) / rows.length);
  out.push(`Average:        all ${avg.map((v) => v.toFixed(2).padStart(9)).join(' ')}`);
  return out.join('\n') + '\n';
}

/** Writes the test's three files under `outDir`; returns their names. */
export function generate(outDir, shiftS = 3600) {
  fs.mkdirSync(outDir, { recursive: true });
  const spans = schedule();
  const end = spans[spans.length - 1].end;
  // The monitors ran from ten minutes before the test to ten after.
  const from = START_MS - 600_000;
  const to = end + 600_000 - ((end + 600_000 - from) % (SAR_STEP_S * 1000));
  const files = { 'power-test-queries.csv': queriesCsv(spans), 'pidstat-postgres.txt': pidstat(spans, from, to), 'sar-u.txt': sar(spans, from, to, shiftS) };
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(outDir, name), text);
  return Object.keys(files);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const out = process.argv[2];
  if (!out) {
    process.stderr.write('usage: node samples/timeline/power-test.mjs OUTDIR [SHIFT_S]\n');
    process.exit(2);
  }
  process.stderr.write(`wrote ${generate(out, process.argv[3] ? Number(process.argv[3]) : 3600).join(', ')} to ${out}\n`);
}
