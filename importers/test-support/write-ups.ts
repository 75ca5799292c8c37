/**
 * Write-ups of the kinds that sit beside results in public studies (issue 40): a README.md, a
 * notes.txt, a blog post exported as HTML, each quoting a tool's lines among headings, prose,
 * tables and fenced code. Each carries `quoted`: the tool output it quotes, which on its own
 * (in a file of its own) that tool's importer does claim. For the detection tests and the fuzz
 * suite's seeds.
 */
import { studyReadme } from './hammerdb-study.js';

export interface WriteUpFixture {
  name: string;
  /** The importer whose lines it quotes. */
  tool: string;
  text: string;
  /** The quoted output alone. */
  quoted: string;
}

const FIO_NORMAL = `randwrite-4k: (g=0): rw=randwrite, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=libaio, iodepth=32
fio-3.28
Starting 1 process

randwrite-4k: (groupid=0, jobs=1): err= 0: pid=4211: Tue Mar  5 10:00:00 2024
  write: IOPS=48.2k, BW=188MiB/s (197MB/s)(11.0GiB/60001msec); 0 zone resets
    clat (usec): min=80, max=9000, avg=662.10, stdev=120.40
     lat (usec): min=82, max=9002, avg=663.90, stdev=120.50
  cpu          : usr=8.00%, sys=30.00%, ctx=900000, majf=0, minf=20
  IO depths    : 1=0.1%, 2=0.1%, 4=0.1%, 8=0.1%, 16=0.1%, 32=100.0%, >=64=0.0%
     issued rwts: total=0,2892000,0,0 short=0,0,0,0 dropped=0,0,0,0`;

const SYSBENCH = `sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)

Running the test with following options:
Number of threads: 64

SQL statistics:
    queries performed:
        read:                            8400000
        write:                           2400000
        other:                           1200000
        total:                           12000000
    transactions:                        600000 (1000.00 per sec.)
    queries:                             12000000 (20000.00 per sec.)
    ignored errors:                      12     (0.02 per sec.)
    reconnects:                          0      (0.00 per sec.)

Latency (ms):
         min:                                    3.10
         avg:                                   64.00
         max:                                  412.00
         95th percentile:                      110.66`;

const COCKROACH = `_elapsed___errors__ops/sec(inst)___ops/sec(cum)__p50(ms)__p95(ms)__p99(ms)_pMax(ms)
    1.0s        0          512.0          512.0      3.0     14.7     33.6     52.4 transfer
    2.0s        0          530.9          521.4      2.9     13.6     30.4     48.2 transfer
    3.0s        0          488.1          510.3      3.1     15.2     35.7     60.8 transfer`;

const IOSTAT = `Linux 5.15.0-91-generic (db01) \t03/05/2024 \t_x86_64_\t(16 CPU)

03/05/2024 10:00:01 AM
avg-cpu:  %user   %nice %system %iowait  %steal   %idle
          22.50    0.00    6.00   18.50    0.00   53.00

Device            r/s     w/s     rkB/s     wkB/s   rrqm/s   wrqm/s  %rrqm  %wrqm r_await w_await aqu-sz rareq-sz wareq-sz  svctm  %util
nvme0n1       9800.00 3100.00  39200.00  49600.00     0.00   220.00   0.00   6.62    0.21    0.90   4.85     4.00    16.00   0.07  92.00`;

const VDBENCH = `21:16:10.007 Starting RD=rd1; I/O rate: Uncontrolled MAX; elapsed=5; For loops: xfersize=4k
May 10, 2023    interval        i/o   MB/sec   bytes   read     resp     read    write     read    write     resp  queue
                               rate  1024**2     i/o    pct     time     resp     resp      max      max   stddev  depth
21:16:11.016           1    41287.0   161.28    4096  70.02    0.310    0.270    0.403     4.09     6.16    0.228   12.8
21:16:12.016           2    42010.0   164.10    4096  69.98    0.302    0.262    0.395     3.92     5.88    0.221   12.7
21:16:15.029     avg_2-5    41876.3   163.58    4096  70.01    0.305    0.265    0.398     4.01     6.02    0.224   12.8`;

/** Each write-up, and what it quotes. */
export function writeUpFixtures(): WriteUpFixture[] {
  const readme = studyReadme();
  return [
    { name: 'hammerdb/README.md', tool: 'hammerdb-log', text: readme, quoted: 'Vuser 1:100 Active Virtual Users configured\nVuser 1:TEST RESULT : System achieved 2891 NOPM from 6720 MySQL TPM\n' },
    {
      name: 'hammerdb/notes.txt', tool: 'hammerdb-log', quoted: 'Vuser 29:FINISHED SUCCESS\nVuser 30:FINISHED FAILED\n',
      text: [
        'Notes on the PostgreSQL attempts, March 2024',
        '',
        'The second attempt set pg_raiseerror to true, so that a serialization failure ends the virtual user',
        'instead of being printed and ignored. At 100 users almost every user died within the first minutes of',
        'the timed run, and the few that were left produced a fraction of the throughput we saw before.',
        '',
        'Vuser 30:FINISHED FAILED',
        '',
        'The third attempt went back to pg_raiseerror false and only ran at 10 users. Its result was close to',
        'the first attempt at the same load, which suggests the machine itself had not changed in between.',
        '',
        'Vuser 1:TEST RESULT : System achieved 2602 NOPM from 6010 PostgreSQL TPM',
        '',
      ].join('\n'),
    },
    {
      name: 'fio/blog-export.html', tool: 'fio-normal', quoted: `${FIO_NORMAL}\n`,
      text: [
        '<!DOCTYPE html>', '<html lang="en"><head><meta charset="utf-8"><title>Tuning NVMe for small writes</title></head>', '<body><article>',
        '<h1>Tuning NVMe for small writes</h1>',
        '<p>We measured random 4K writes on the new NVMe drives with fio before and after changing the I/O scheduler. The numbers below come from the run after the change.</p>',
        '<h2>The run</h2>',
        `<pre><code>${FIO_NORMAL.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</code></pre>`,
        '<p>Completion latency stayed well under a millisecond at a queue depth of 32, which is what the database needs for its redo writes.</p>',
        '<ul><li>Scheduler: none</li><li>Queue depth: 32</li></ul>',
        '</article></body></html>', '',
      ].join('\n'),
    },
    {
      name: 'fio/README.md', tool: 'fio-normal', quoted: `${FIO_NORMAL}\n`,
      text: ['# NVMe write tests', '', 'This folder holds the fio JSON of every run. For readers without a JSON viewer, here is the console output of the main run, copied from the terminal.', '', '```', FIO_NORMAL, '```', '', '## How to run', '', '- `fio jobs/randwrite.fio --output-format=json`', ''].join('\n'),
    },
    {
      name: 'sysbench/results.md', tool: 'sysbench', quoted: `${SYSBENCH}\n`,
      text: ['# sysbench oltp_read_write on PostgreSQL 15', '', 'We ran sysbench for ten minutes at 64 threads against a freshly prepared database of ten tables. The summary the tool printed at the end is below, unedited.', '', '```text', SYSBENCH, '```', '', '| Threads | TPS | p95 (ms) |', '|---|---|---|', '| 64 | 1000.00 | 110.66 |', ''].join('\n'),
    },
    {
      name: 'cockroach/notes.txt', tool: 'cockroach-workload', quoted: `${COCKROACH}\n`,
      text: ['The bank workload ran for five minutes against the three-node cluster. The first seconds looked like this, and the rate held steady after that.', '', COCKROACH, '', 'We saw no errors at any point of the run, and the p99 stayed under forty milliseconds for the first minute.', ''].join('\n'),
    },
    {
      name: 'iostat/README.md', tool: 'iostat', quoted: `${IOSTAT}\n`,
      text: ['# Device load during the TPC-C run', '', 'We left iostat running beside the benchmark. A typical sample from the middle of the run shows the NVMe device almost saturated.', '', '```', IOSTAT, '```', ''].join('\n'),
    },
    {
      name: 'vdbench/README.md', tool: 'vdbench', quoted: `${VDBENCH}\n`,
      text: ['## vdbench on the new array', '', 'The raw device test ran at uncontrolled maximum rate for five seconds per block size. This is the part of summary.html for 4K, copied as it was printed.', '', '```', VDBENCH, '```', ''].join('\n'),
    },
  ];
}
