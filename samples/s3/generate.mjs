#!/usr/bin/env node
// Writes study S3's sysbench OLTP run (../../../shared/STUDIES.md: a cloud SSD disk, 10,000,000
// rows, 869 TPS and 18,265 QPS) as a console capture of sysbench 1.0: the prepare step, then the
// run, in the layout of the real sysbench 1.0.12 output in ../shared/corpus/other (interval
// lines, "SQL statistics", "General statistics", "Latency (ms)", "Threads fairness"; the
// printf formats are sysbench's own, src/db_driver.c and src/sysbench.c). sysbench cannot run
// here without a MySQL server and the study's disk: the file is written, not measured.
//
// The published figures fix the run: 18,265 / 869 = 21.02 queries per transaction, one more than
// oltp_read_write's default 20 (14 reads, 4 writes, BEGIN and COMMIT), so the run uses
// --index_updates=2 (5 writes); the remaining 0.02 per transaction are the statements of
// transactions rolled back on deadlocks and retried (sysbench's "ignored errors"), which with two
// index updates per transaction on one table are to be expected. Counts are whole numbers and the
// per-second figures are count / total time, as sysbench computes them; the latency sum is the
// threads' busy time (threads x run time, Little's law: avg = threads / TPS); percentiles are
// values of sysbench's own latency histogram (1024 buckets, log scale, 0.001 ms to 100 s). The
// interval lines vary deterministically around the totals (no randomness). Deterministic.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

const ROWS = 10_000_000;
const THREADS = 32;
const TIME_S = 300.0417; // sysbench's "total time"
const INTERVAL_S = 10;
const TPS = 869.33; // published: 869
const QPS = 18265.39; // published: 18,265
const PER_TXN = { read: 14, write: 5, other: 2 }; // oltp_read_write, --index_updates=2

const transactions = Math.round(TPS * TIME_S);
const queries = Math.round(QPS * TIME_S);
// Statements of the rolled-back attempts, beyond 21 per committed transaction.
const extra = queries - transactions * (PER_TXN.read + PER_TXN.write + PER_TXN.other);
const errors = 257;
const extraOther = 2 * errors; // BEGIN and ROLLBACK of each failed attempt
const extraWrite = Math.round((extra - extraOther) * 0.22);
const extraRead = extra - extraOther - extraWrite;
const reads = transactions * PER_TXN.read + extraRead;
const writes = transactions * PER_TXN.write + extraWrite;
const other = transactions * PER_TXN.other + extraOther;
if (reads + writes + other !== queries || extraRead < 0 || extraWrite < 0) throw new Error('query counts do not add up');
if (Math.floor(transactions / TIME_S) !== 869 || Math.round(queries / TIME_S) !== 18265) throw new Error('not the published figures');

/** sysbench's latency histogram (sb_histogram.c): 1024 buckets, log scale from 0.001 to 100,000 ms. */
const HIST = { size: 1024, min: 0.001, max: 100000 };
const mult = (HIST.size - 1) / (Math.log(HIST.max) - Math.log(HIST.min));
const bucketMs = (ms) => Math.exp(Math.round((Math.log(ms) - Math.log(HIST.min)) * mult) / mult + Math.log(HIST.min));

const latencySumMs = THREADS * TIME_S * 1000 * 0.99996; // threads busy all the run, less thread start-up
const avgMs = latencySumMs / transactions;
const minMs = 5.12;
const maxMs = 412.36;
const p95Ms = bucketMs(avgMs * 1.66);

const f2 = (x) => x.toFixed(2);
const jitter = (i) => Math.sin(i * 12.9898) * 0.5 + Math.sin(i * 78.233) * 0.5;

const COMMON = `--db-driver=mysql --mysql-host=10.0.1.21 --mysql-port=3306 --mysql-user=sbtest --mysql-db=sbtest --tables=1 --table-size=${ROWS}`;
const BANNER = 'sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)';

function output() {
  const lines = [];
  lines.push(`[root@bench-client ~]# sysbench oltp_read_write ${COMMON} prepare`);
  lines.push(BANNER, '', "Creating table 'sbtest1'...", `Inserting ${ROWS} records into 'sbtest1'`, "Creating a secondary index on 'sbtest1'...");
  lines.push(`[root@bench-client ~]# sysbench oltp_read_write ${COMMON} --index_updates=2 --threads=${THREADS} --time=300 --report-interval=${INTERVAL_S} run`);
  lines.push(BANNER, '', 'Running the test with following options:', `Number of threads: ${THREADS}`, `Report intermediate results every ${INTERVAL_S} second(s)`,
    'Initializing random number generator from current time', '', '', 'Initializing worker threads...', '', 'Threads started!', '');
  const n = Math.round(300 / INTERVAL_S);
  const qpt = queries / transactions;
  for (let i = 1; i <= n; i++) {
    const tps = TPS * (1 + 0.045 * jitter(i));
    const qps = tps * qpt;
    const r = (qps * reads) / queries;
    const w = (qps * writes) / queries;
    const o = qps - r - w;
    const lat = bucketMs(p95Ms * (1 + 0.12 * jitter(i + 40)));
    const err = Math.max(0, (errors / TIME_S) * (1 + 0.6 * jitter(i + 80)));
    lines.push(`[ ${i * INTERVAL_S}s ] thds: ${THREADS} tps: ${f2(tps)} qps: ${f2(qps)} (r/w/o: ${f2(r)}/${f2(w)}/${f2(o)}) lat (ms,95%): ${f2(lat)} err/s: ${f2(err)} reconn/s: 0.00`);
  }
  const rate = (label, count) => `    ${label}${' '.repeat(37 - label.length)}${String(count).padEnd(6)} (${f2(count / TIME_S)} per sec.)`;
  lines.push('SQL statistics:', '    queries performed:',
    `        read:                            ${reads}`, `        write:                           ${writes}`,
    `        other:                           ${other}`, `        total:                           ${queries}`,
    rate('transactions:', transactions), rate('queries:', queries), rate('ignored errors:', errors), rate('reconnects:', 0), '');
  lines.push('General statistics:', `    total time:                          ${TIME_S.toFixed(4)}s`, `    total number of events:              ${transactions}`, '');
  const lat = (label, v) => `         ${label}: ${f2(v).padStart(37)}`;
  lines.push('Latency (ms):', lat('min', minMs), lat('avg', avgMs), lat('max', maxMs), `         95th percentile: ${f2(p95Ms).padStart(25)}`, lat('sum', latencySumMs), '');
  lines.push('Threads fairness:', `    events (avg/stddev):           ${(transactions / THREADS).toFixed(4)}/${f2(41.27)}`,
    `    execution time (avg/stddev):   ${(latencySumMs / THREADS / 1000).toFixed(4)}/${f2(0.01)}`, '');
  return lines.join('\n') + '\n';
}

const dir = path.join(here, 'cloud-ssd');
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, 'sysbench-oltp-read-write-10m.txt'), output());
console.error(`wrote sysbench: ${transactions} transactions (${f2(transactions / TIME_S)}/s), ${queries} queries (${f2(queries / TIME_S)}/s) to ${dir}`);
