import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { corpusFile, readBytes, SKIP_NO_CORPUS } from '../test-support/corpus.js';
import type { ParsedRun, ParseResult } from '../types.js';
import { sysbenchImporter } from './sysbench.js';

const close = (actual: number | undefined, expected: number, rel = 1e-9): void => {
  assert.ok(actual !== undefined, `expected ${expected}, got undefined`);
  assert.ok(Math.abs(actual - expected) <= Math.abs(expected) * rel + 1e-12, `expected ${expected}, got ${actual}`);
};
const parse = (text: string): ParseResult => sysbenchImporter.parse({ bytes: new TextEncoder().encode(text), name: 'sysbench.txt' });
const series = (run: ParsedRun, metric: string): { t: number[]; v: number[] } => {
  const s = run.series.find((x) => x.metric === metric);
  return { t: [...(s?.times ?? [])], v: [...(s?.values ?? [])] };
};

describe('sysbench on the real corpus', () => {
  it('1.0.12 OLTP run from PerfKitBenchmarker: summary, inferred test, 2 s intervals as series', (t) => {
    const p = corpusFile('other/pkb__sysbench-1.0.12_oltp_output.txt');
    if (!p) return t.skip(SKIP_NO_CORPUS);
    const r = sysbenchImporter.parse({ bytes: readBytes(p), name: 'pkb' });
    assert.deepEqual(r.errors, []);
    assert.equal(r.runs.length, 1);
    const run = r.runs[0]!;
    assert.equal(run.toolVersion, '1.0.12'); // line 1: "sysbench 1.0.12 (using bundled LuaJIT 2.1.0-beta2)"
    assert.equal(run.params['threads'], 16); // line 4: "Number of threads: 16"
    // Lines 30-34: 414568 reads, 118446 writes, 59223 other for 29611 transactions = 14 / 4 / 2,
    // the default oltp_read_write mix; the file never names its test.
    assert.equal(run.params['test'], 'oltp_read_write');
    assert.match(run.warnings.join(' '), /inferred from the query mix per transaction \(14\.0 reads, 4\.0 writes, 2\.0 other\)/);
    assert.equal(run.name, 'oltp_read_write, 16 threads');
    close(run.metrics['tps'], 986.49); // line 34: "transactions: 29611  (986.49 per sec.)"
    close(run.metrics['qps'], 19730.45); // line 35: "queries: 592237 (19730.45 per sec.)"
    close(run.metrics['errors_per_s'], 0.03); // line 36: "ignored errors: 1 (0.03 per sec.)"
    assert.equal(run.metrics['reconnects_per_s'], 0); // line 37
    close(run.params['runtime_s'] as number, 30.0145); // line 40: "total time: 30.0145s"
    close(run.metrics['total.lat_avg_ms'], 16.21); // line 45
    close(run.metrics['total.lat_max_ms'], 115.78); // line 46
    // Line 47: this run used --percentile=100: a 100th percentile is no p95, so none is invented.
    assert.equal(run.metrics['total.lat_p95_ms'], undefined);
    assert.deepEqual(run.tables['latency_ms'], { min: 12.38, avg: 16.21, max: 115.78, sum: 480027.19, p100: 116.8 });
    // Lines 13-27: 15 interval lines, every 2 s.
    const tps = series(run, 'tps');
    assert.equal(tps.v.length, 15);
    assert.deepEqual([tps.t[0], tps.v[0], tps.t[14], tps.v[14]], [2000, 1012.86, 30000, 957.96]);
    assert.deepEqual([series(run, 'qps').v[0], series(run, 'qps').v[14]], [20333.18, 19155.63]);
    // "lat (ms,100%)": the per-interval maximum, 28.67 on line 13, 73.13 on line 27.
    const lat = series(run, 'total.lat_max_ms');
    assert.deepEqual([lat.v[0], lat.v[14]], [28.67, 73.13]);
    assert.equal(run.series[0]!.object, 'oltp_read_write');
    assert.equal(run.series.find((s) => s.metric === 'tps')!.unit, 'TPS');
  });
});

// Hand-made: no public 0.4/0.5 output or 1.0 sweep was found. Their layout follows the sysbench
// sources (branches 0.4 and 0.5: sb_logger.c, db_driver.c, sb_oltp.c; master: db_driver.c, sysbench.c).
const V10_RUN = (threads: number, tps: number, p95: number): string => `sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)

Running the test with following options:
Number of threads: ${threads}
Report intermediate results every 1 second(s)
Initializing random number generator from current time


Initializing worker threads...

Threads started!

[ 1s ] thds: ${threads} tps: ${tps + 10}.00 qps: ${(tps + 10) * 20}.00 (r/w/o: ${(tps + 10) * 14}.00/${(tps + 10) * 4}.00/${(tps + 10) * 2}.00) lat (ms,95%): ${p95 + 1}.00 err/s: 0.00 reconn/s: 0.00
[ 2s ] thds: ${threads} tps: ${tps - 10}.00 qps: ${(tps - 10) * 20}.00 (r/w/o: ${(tps - 10) * 14}.00/${(tps - 10) * 4}.00/${(tps - 10) * 2}.00) lat (ms,95%): ${p95 - 1}.00 err/s: 0.00 reconn/s: 0.00
SQL statistics:
    queries performed:
        read:                            ${tps * 28}
        write:                           ${tps * 8}
        other:                           ${tps * 4}
        total:                           ${tps * 40}
    transactions:                        ${tps * 2}  (${tps}.00 per sec.)
    queries:                             ${tps * 40} (${tps * 20}.00 per sec.)
    ignored errors:                      0      (0.00 per sec.)
    reconnects:                          0      (0.00 per sec.)

Throughput:
    events/s (eps):                      ${tps}.0000
    time elapsed:                        2.0004s
    total number of events:              ${tps * 2}

Latency (ms):
         min:                                    1.02
         avg:                                    ${(threads / tps * 1000).toFixed(2)}
         max:                                   40.45
         95th percentile:                        ${p95}.00
         sum:                                ${tps * 2 * 3}.00

Threads fairness:
    events (avg/stddev):           100.0000/2.00
    execution time (avg/stddev):   2.0001/0.00

`;

describe('sysbench 1.0 hand-made variants', () => {
  it('a thread sweep in one file: one run per thread count, test and table size from the prepare and command lines', () => {
    const text = [
      '$ sysbench oltp_read_write --tables=4 --table-size=100000 --mysql-db=sbtest prepare',
      'sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)',
      '',
      "Creating table 'sbtest1'...",
      "Inserting 100000 records into 'sbtest1'",
      "Creating a secondary index on 'sbtest1'...",
      '$ sysbench oltp_read_write --tables=4 --table-size=100000 --threads=8 --time=2 --report-interval=1 run',
      V10_RUN(8, 500, 20),
      '$ sysbench oltp_read_write --tables=4 --table-size=100000 --threads=16 --time=2 --report-interval=1 run',
      V10_RUN(16, 800, 30),
      '$ sysbench oltp_read_write --tables=4 --table-size=100000 --threads=32 --time=2 --report-interval=1 run',
      V10_RUN(32, 900, 55),
    ].join('\n');
    const { runs, errors } = parse(text);
    assert.deepEqual(errors, []);
    assert.deepEqual(runs.map((r) => r.params['threads']), [8, 16, 32]);
    assert.deepEqual(runs.map((r) => r.name), ['oltp_read_write, 8 threads', 'oltp_read_write, 16 threads', 'oltp_read_write, 32 threads']);
    for (const r of runs) {
      assert.equal(r.params['test'], 'oltp_read_write');
      assert.equal(r.params['table_size'], 100000);
      assert.equal(r.params['tables'], 4);
      assert.deepEqual(r.warnings, [], 'the command line names the test: nothing inferred');
    }
    assert.deepEqual(runs.map((r) => r.metrics['tps']), [500, 800, 900]);
    assert.deepEqual(runs.map((r) => r.metrics['qps']), [10000, 16000, 18000]);
    assert.deepEqual(runs.map((r) => r.metrics['total.lat_p95_ms']), [20, 30, 55]);
    assert.deepEqual(runs.map((r) => r.metrics['total.lat_avg_ms']), [16, 20, 35.56]);
    assert.equal(runs[2]!.params['runtime_s'], 2.0004, '"time elapsed" of the Throughput section (1.0.18+)');
    assert.deepEqual(series(runs[1]!, 'total.lat_p95_ms'), { t: [1000, 2000], v: [31, 29] });
    assert.deepEqual(series(runs[1]!, 'tps').v, [810, 790]);
    assert.deepEqual(series(runs[1]!, 'qps').v, [16200, 15800]);
  });

  it('the same thread count twice keeps both runs apart', () => {
    const { runs } = parse(V10_RUN(8, 500, 20) + V10_RUN(8, 510, 21));
    assert.deepEqual(runs.map((r) => r.name), ['oltp_read_write, 8 threads', 'oltp_read_write, 8 threads #2']);
  });

  it('cpu test: events per second as ops_per_s, eps interval lines', () => {
    const text = `sysbench 1.0.18 (using system LuaJIT 2.1.0-beta3)

Running the test with following options:
Number of threads: 4
Report intermediate results every 1 second(s)
Initializing random number generator from current time


Prime numbers limit: 10000

Initializing worker threads...

Threads started!

[ 1s ] thds: 4 eps: 3995.91 lat (ms,95%): 1.01
[ 2s ] thds: 4 eps: 4004.09 lat (ms,95%): 1.03
CPU speed:
    events per second:  3999.87

General statistics:
    total time:                          2.0003s
    total number of events:              8001

Latency (ms):
         min:                                    0.97
         avg:                                    1.00
         max:                                    3.12
         95th percentile:                        1.01
         sum:                                 7998.21
`;
    const { runs } = parse(text);
    const r = runs[0]!;
    assert.equal(r.params['test'], 'cpu');
    assert.equal(r.metrics['ops_per_s'], 3999.87);
    assert.equal(r.metrics['tps'], undefined);
    assert.equal(r.metrics['total.lat_p95_ms'], 1.01);
    assert.deepEqual(series(r, 'ops_per_s').v, [3995.91, 4004.09]);
  });
});

describe('sysbench 0.5 and 0.4 hand-made variants', () => {
  it('0.5: intervals with "threads: 8, tps: ...", qps = read/write requests + other operations', () => {
    const text = `sysbench 0.5:  multi-threaded system evaluation benchmark

Running the test with following options:
Number of threads: 8
Report intermediate results every 10 second(s)
Random number generator seed is 0 and will be ignored


Threads started!

[  10s] threads: 8, tps: 1160.78, reads: 16252.02, writes: 4643.22, response time: 9.38ms (95%), errors: 0.00, reconnects:  0.00
[  20s] threads: 8, tps: 1183.40, reads: 16567.57, writes: 4733.60, response time: 9.02ms (95%), errors: 0.10, reconnects:  0.00
OLTP test statistics:
    queries performed:
        read:                            332752
        write:                           95072
        other:                           47536
        total:                           475360
    transactions:                        23768  (1188.24 per sec.)
    read/write requests:                 427824 (21388.36 per sec.)
    other operations:                    47536  (2376.47 per sec.)
    ignored errors:                      1      (0.05 per sec.)
    reconnects:                          0      (0.00 per sec.)

General statistics:
    total time:                          20.0025s
    total number of events:              23768
    total time taken by event execution: 159.9011s
    response time:
         min:                                  3.15ms
         avg:                                  6.73ms
         max:                                 42.23ms
         approx.  95 percentile:               9.23ms

Threads fairness:
    events (avg/stddev):           2971.0000/24.38
    execution time (avg/stddev):   19.9876/0.00
`;
    const { runs, errors } = parse(text);
    assert.deepEqual(errors, []);
    const r = runs[0]!;
    assert.equal(r.toolVersion, '0.5');
    assert.equal(r.params['test'], 'oltp', '0.5 runs tests/db/oltp.lua');
    assert.equal(r.params['threads'], 8);
    close(r.metrics['tps'], 1188.24);
    close(r.metrics['qps'], 21388.36 + 2376.47);
    // The read/write requests that author tabulated, under their own name beside qps.
    close(r.metrics['rw_qps'], 21388.36);
    close(r.metrics['errors_per_s'], 0.05);
    close(r.metrics['total.lat_avg_ms'], 6.73);
    close(r.metrics['total.lat_max_ms'], 42.23);
    close(r.metrics['total.lat_p95_ms'], 9.23);
    assert.deepEqual(series(r, 'tps'), { t: [10000, 20000], v: [1160.78, 1183.4] });
    assert.deepEqual(series(r, 'total.lat_p95_ms').v, [9.38, 9.02]);
    assert.equal(series(r, 'qps').v.length, 0, '0.5 intervals count no BEGIN/COMMIT: no qps series that would not match the summary');
  });

  it('0.4.12: "Doing OLTP test.", deadlocks, Test execution summary with per-request statistics', () => {
    const text = `sysbench 0.4.12:  multi-threaded system evaluation benchmark

Running the test with following options:
Number of threads: 16

Doing OLTP test.
Running mixed OLTP test
Using Special distribution (12 iterations,  1 pct of values are returned in 75 pct cases)
Using "BEGIN" for starting transactions
Using auto_inc on the id column
Maximum number of requests for OLTP test is limited to 10000
Threads started!
Done.

OLTP test statistics:
    queries performed:
        read:                            140000
        write:                           50000
        other:                           20000
        total:                           210000
    transactions:                        10000  (1034.84 per sec.)
    deadlocks:                           2      (0.21 per sec.)
    read/write requests:                 190000 (19661.88 per sec.)
    other operations:                    20000  (2069.67 per sec.)

Test execution summary:
    total time:                          9.6634s
    total number of events:              10000
    total time taken by event execution: 154.5213
    per-request statistics:
         min:                                  2.40ms
         avg:                                 15.45ms
         max:                                 56.39ms
         approx.  95 percentile:              21.52ms

Threads fairness:
    events (avg/stddev):           625.0000/13.46
    execution time (avg/stddev):   9.6576/0.00
`;
    const r = parse(text).runs[0]!;
    assert.equal(r.toolVersion, '0.4.12');
    assert.equal(r.params['test'], 'oltp');
    assert.equal(r.params['threads'], 16);
    close(r.metrics['tps'], 1034.84);
    close(r.metrics['qps'], 19661.88 + 2069.67);
    close(r.metrics['errors_per_s'], 0.21, 1e-9); // 0.4 calls them deadlocks
    close(r.metrics['total.lat_avg_ms'], 15.45);
    close(r.metrics['total.lat_p95_ms'], 21.52);
    close(r.params['runtime_s'] as number, 9.6634);
    assert.equal(r.series.length, 0, '0.4 wrote no interval lines');
  });
});

describe('sysbench bad input', () => {
  it('cut off after the interval lines: interval means, said so', () => {
    const full = V10_RUN(8, 500, 20);
    const { runs, errors } = parse(full.slice(0, full.indexOf('SQL statistics:')));
    assert.deepEqual(errors, []);
    assert.equal(runs[0]!.metrics['tps'], 500, 'mean of 510 and 490');
    assert.equal(runs[0]!.metrics['total.lat_avg_ms'], undefined);
    assert.match(runs[0]!.warnings.join(' '), /no final statistics .* 2 interval lines/);
  });

  it('an interval line cut mid-number is left out, not read as a smaller figure', () => {
    const full = V10_RUN(8, 500, 20);
    const cut = full.slice(0, full.indexOf('qps: 9800.00') + 'qps: 98'.length);
    const { runs } = parse(cut);
    assert.deepEqual(series(runs[0]!, 'tps').v, [510], 'the 2s line stops at "qps: 98"');
    assert.match(runs[0]!.warnings.join(' '), /1 interval line\(s\) stop before their last field/);
  });

  it('cut off inside the final statistics: what was printed, and a warning', () => {
    const full = V10_RUN(8, 500, 20);
    const { runs } = parse(full.slice(0, full.indexOf('Latency (ms):')));
    assert.equal(runs[0]!.metrics['tps'], 500);
    assert.match(runs[0]!.warnings.join(' '), /stop before the latency summary/);
  });

  it('empty or foreign text is an error, not an empty import', () => {
    assert.match(parse('').errors[0]!.message, /no sysbench results/);
    assert.match(parse('sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)\n\nFATAL: unable to connect to MySQL server\n').errors[0]!.message, /no sysbench results/);
    assert.equal(sysbenchImporter.detect('time,iops\n1,2\n'), false);
    assert.equal(sysbenchImporter.detect('sysbench 0.5:  multi-threaded system evaluation benchmark\n'), true);
    assert.equal(sysbenchImporter.detect('[ 1s ] thds: 8 tps: 1.00 qps: 2.00 (r/w/o: 1.00/1.00/0.00) lat (ms,95%): 3.00 err/s: 0.00 reconn/s: 0.00\n[ 2s ] thds: 8 tps: 1.00 qps: 2.00 (r/w/o: 1.00/1.00/0.00) lat (ms,95%): 3.00 err/s: 0.00 reconn/s: 0.00\n'), true);
  });
});
