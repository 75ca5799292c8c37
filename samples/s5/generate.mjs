#!/usr/bin/env node
// Writes study S5's CockroachDB and COSBench results (../../../shared/STUDIES.md: Rook-Ceph with
// Optane PMem and Open CAS) for baseline, config-1 and config-2, in the tools' own text formats
// (CockroachDB `workload run` output as pkg/workload/cli/format.go prints it; the COSBench
// workload summary CSV), carrying the published figures in their final lines. The per-second
// lines around them are made up; the study did not publish movr's baseline latency, so its 4.6 ms
// here is a sample value. The HammerDB part of S5 is in ../hammerdb. Deterministic.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const S5 = {
  baseline: { bank: [504.4, 437.8], movr: [233.2, 4.6], ycsb: [50766.5, 4.4], cos: { readMs: 4.27, readOps: 2589.33, writeMs: 18.8, writeOps: 1107.46 }, day: 20 },
  'config-1': { bank: [648.8, 340.9], movr: [248.3, 4.3], ycsb: [51287.7, 4.4], cos: { readMs: 4.36, readOps: 2813.52, writeMs: 16.25, writeOps: 1207.04 }, day: 21 },
  'config-2': { bank: [1494.5, 149.7], movr: [258.8, 3.9], ycsb: [57635.6, 3.9], cos: { readMs: 4.35, readOps: 3198.58, writeMs: 13.07, writeOps: 1371.9 }, day: 22 },
};
const TICK = '_elapsed___errors__ops/sec(inst)___ops/sec(cum)__p50(ms)__p95(ms)__p99(ms)_pMax(ms)';
const FINAL = '_elapsed___errors_____ops(total)___ops/sec(cum)__avg(ms)__p50(ms)__p95(ms)__p99(ms)_pMax(ms)';
const jitter = (i) => Math.sin(i * 12.9898) * 0.5 + Math.sin(i * 78.233) * 0.5;
const col = (v, w) => String(v).padStart(w);
const row = (elapsed, errors, total, cum, avg, p50, p95, p99, max, op = '') =>
  `${col(elapsed, 8)}${col(errors, 9)}${col(total, 15)}${col(cum.toFixed(1), 15)}${col(avg.toFixed(1), 9)}${col(p50.toFixed(1), 9)}${col(p95.toFixed(1), 9)}${col(p99.toFixed(1), 9)}${col(max.toFixed(1), 9)}  ${op}`;

function workloadLog(name, ops, avgMs, opName) {
  const lines = [`$ cockroach workload run ${name} --duration=300s --concurrency=8 'postgresql://root@cockroachdb-public:26257?sslmode=disable'`, TICK];
  for (let s = 1; s <= 30; s++) {
    const inst = ops * (1 + 0.08 * jitter(s));
    lines.push(`${col(`${s}.0s`, 8)}${col(0, 9)}${col(inst.toFixed(1), 15)}${col((ops * (1 + 0.02 * jitter(s * 3))).toFixed(1), 15)}${col((avgMs * 0.4).toFixed(1), 9)}${col((avgMs * 1.8).toFixed(1), 9)}${col((avgMs * 3.5).toFixed(1), 9)}${col((avgMs * 6).toFixed(1), 9)} ${opName}`);
  }
  const total = Math.round(ops * 300);
  lines.push('', `${FINAL}__total`, row('300.0s', 0, total, ops, avgMs, avgMs * 0.4, avgMs * 1.9, avgMs * 4, avgMs * 9, opName));
  lines.push('', `${FINAL}__result`, row('300.0s', 0, total, ops, avgMs, avgMs * 0.4, avgMs * 1.9, avgMs * 4, avgMs * 9));
  return lines.join('\n') + '\n';
}

const HEADER = 'Stage,Op-Name,Op-Type,Op-Count,Byte-Count,Avg-ResTime,Avg-ProcTime,60%-ResTime,80%-ResTime,90%-ResTime,95%-ResTime,99%-ResTime,100%-ResTime,Throughput,Bandwidth,Succ-Ratio,Status,Detailed Status';
const history = (day, start, end) => `waiting @ 2021-01-${day} 10:00:00,booting @ 2021-01-${day} ${start},submitting @ 2021-01-${day} ${start},authing @ 2021-01-${day} ${start},launching @ 2021-01-${day} ${start},running @ 2021-01-${day} ${start},closing @ 2021-01-${day} ${end},completed @ 2021-01-${day} ${end}`;

function cosbench(c, day) {
  const reads = Math.round(c.readOps * 300);
  const writes = Math.round(c.writeOps * 300);
  return [
    HEADER,
    `s1-init,init,init,8,0,1135.5,1135.5,1140,1150,1150,1150,1150,1150,6.99,0,100%,completed,${history(day, '10:00:02', '10:00:04')}`,
    `s2-prepare,prepare-write,prepare,100000,400000000,12.3,11.9,10,20,20,20,30,310,812.34,3249360,100%,completed,${history(day, '10:00:05', '10:02:08')}`,
    `s3-4k-70r30w,read,read,${reads},${reads * 4000},${c.readMs},${(c.readMs * 0.98).toFixed(2)},10,10,20,20,40,880,${c.readOps},${Math.round(c.readOps * 4000)},100%,completed,${history(day, '10:02:09', '10:07:09')}`,
    `s3-4k-70r30w,write,write,${writes},${writes * 4000},${c.writeMs},${(c.writeMs * 0.98).toFixed(2)},20,20,40,50,90,1250,${c.writeOps},${Math.round(c.writeOps * 4000)},100%,completed,${history(day, '10:02:09', '10:07:09')}`,
    `s5-cleanup,cleanup-delete,cleanup,100000,0,8.1,8.1,10,10,10,10,20,120,1230.77,0,100%,completed,${history(day, '10:07:41', '10:09:02')}`,
  ].join('\n') + '\n';
}

for (const [name, c] of Object.entries(S5)) {
  const dir = path.join(here, name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'cockroach-bank.log'), workloadLog('bank', c.bank[0], c.bank[1], 'transfer'));
  fs.writeFileSync(path.join(dir, 'cockroach-movr.log'), workloadLog('movr', c.movr[0], c.movr[1], 'readVehicles'));
  fs.writeFileSync(path.join(dir, 'cockroach-ycsb.log'), workloadLog('ycsb', c.ycsb[0], c.ycsb[1], 'read'));
  fs.writeFileSync(path.join(dir, 'cosbench-w1-4k-70r30w.csv'), cosbench(c.cos, c.day));
}
console.error(`wrote ${Object.keys(S5).length} configurations to ${here}`);
