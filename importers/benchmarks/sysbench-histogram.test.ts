/**
 * sysbench's --histogram block (issue 24 item 5) and the blocks a run is read past: a sysbench
 * 1.0.20 oltp_read_only run with --histogram --percentile=99, written for these tests in the
 * layout of sysbench.c report_cumulative / sb_histogram_print (test-files/sysbench-oltp-histogram.txt:
 * 95 log-spaced buckets from 3.020 to 16.762 ms holding the run's 12,000 events).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../test-support/corpus.js';
import type { LatencyBins, ParseResult } from '../types.js';
import { sysbenchImporter } from './sysbench.js';

const TEXT = fs.readFileSync(path.join(REPO_ROOT, 'importers/benchmarks/test-files/sysbench-oltp-histogram.txt'), 'utf8');
const parse = (text: string): ParseResult => sysbenchImporter.parse({ bytes: new TextEncoder().encode(text), name: 'sysbench.txt' });

describe('sysbench --histogram', () => {
  it('the latency histogram is kept as the run\'s latency distribution, every bucket and count', () => {
    const { runs, errors } = parse(TEXT);
    assert.deepEqual(errors, []);
    assert.equal(runs.length, 1, 'the histogram is part of its run, not a run of its own');
    const run = runs[0]!;
    const bins = (run.tables['latency_bins'] as { total: LatencyBins }).total;
    assert.equal(bins.ms.length, 95);
    // First and last rows: "       3.020 |**   12" and "      16.762 |      1".
    assert.deepEqual([bins.ms[0], bins.counts[0], bins.ms[94], bins.counts[94]], [3.02, 12, 16.762, 1]);
    assert.equal(bins.counts.reduce((a, b) => a + b, 0), 12000, 'as many events as "total number of events"');
    assert.equal(run.metrics['total.lat_p99_ms'], 11.85);
    assert.doesNotMatch(run.warnings.join(' '), /does not read|left out|histogram/, 'nothing read past: the histogram, General statistics and Threads fairness are all read');
    assert.deepEqual(run.tables['statistics'], { events: 12000, events_per_thread_avg: 1500, events_per_thread_stddev: 12.4, thread_time_avg_s: 9.99, thread_time_stddev_s: 0 });
  });

  it('a histogram cut off mid-row keeps the whole rows and says what it left out', () => {
    const cut = TEXT.slice(0, TEXT.indexOf('       6.') + 20);
    const run = parse(cut).runs[0]!;
    const bins = (run.tables['latency_bins'] as { total: LatencyBins }).total;
    assert.ok(bins.ms.length > 20 && bins.ms.length < 95);
    assert.match(run.warnings.join(' '), /1 latency histogram row\(s\) stop short \(cut off\?\)/);
    assert.match(run.warnings.join(' '), /no final statistics/);
  });

  it('a block this importer does not know is named with its line; nothing is skipped in silence', () => {
    const text = TEXT.replace('Threads fairness:', 'Debug statistics:\n    spin waits:                          42\n\nThreads fairness:');
    const run = parse(text).runs[0]!;
    const line = text.split('\n').indexOf('Debug statistics:') + 1;
    assert.match(run.warnings.join(' '), new RegExp(`blocks of the output this importer does not read: "Debug statistics:" \\(line ${line}\\)`));
    assert.equal(run.metrics['tps'], 1200, 'the rest is read as before');
  });

  it('a histogram that disagrees with the event count is said to', () => {
    const text = TEXT.replace('total number of events:              12000', 'total number of events:              12500');
    assert.match(parse(text).runs[0]!.warnings.join(' '), /the latency histogram counts 12000 events where the statistics count 12500/);
  });

  it('fileio\'s File operations and Throughput blocks give per-direction figures', () => {
    const text = `sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)

Running the test with following options:
Number of threads: 4
Initializing random number generator from current time

Extra file open flags: (none)
128 files, 16MiB each
2GiB total file size
Block size 16KiB
Periodic FSYNC enabled, calling fsync() each 100 requests.
Using synchronous I/O mode
Doing random r/w test
Initializing worker threads...

Threads started!


File operations:
    reads/s:                      2213.53
    writes/s:                     1475.69
    fsyncs/s:                     4722.38

Throughput:
    read, MiB/s:                  34.59
    written, MiB/s:               23.06

General statistics:
    total time:                          10.0104s
    total number of events:              84125

Latency (ms):
         min:                                    0.00
         avg:                                    0.47
         max:                                   21.55
         95th percentile:                        1.96
         sum:                                39968.96

Threads fairness:
    events (avg/stddev):           21031.2500/180.60
    execution time (avg/stddev):   9.9922/0.00
`;
    const run = parse(text).runs[0]!;
    assert.equal(run.params['test'], 'fileio');
    assert.deepEqual([run.metrics['read.iops'], run.metrics['write.iops'], run.metrics['read.bw_mib_s'], run.metrics['write.bw_mib_s']], [2213.53, 1475.69, 34.59, 23.06]);
    assert.equal((run.tables['statistics'] as Record<string, number>)['fsyncs_per_s'], 4722.38);
    assert.doesNotMatch(run.warnings.join(' '), /does not read/);
  });
});
