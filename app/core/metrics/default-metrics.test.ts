import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ParamValue } from '../../contract/records.js';
import { defaultMetricNames, defaultMetrics, defaultOfRole, runColumns, topEventOf, topEventWaits, type RunLike } from './default-metrics.js';
import { TOOL_PROFILES, describeMetric } from './dictionary.js';

const run = (tool: string, metrics: Record<string, number>, params: Record<string, ParamValue> = {}, tables: Record<string, unknown> = {}): RunLike => ({ tool, metrics, params, tables });

const FIO = { 'total.iops': 20642, 'total.bw_mib_s': 80.6, 'total.lat_avg_ms': 0.049, 'total.clat_avg_ms': 0.046, 'read.clat_p99_ms': 0.08 };
const AWR_TOP = [
  { name: 'free buffer waits', waits: 1039389, time_s: 12200, avg_ms: 11.72, pct_db_time: 63 },
  { name: 'cell single block physical read', waits: 9244945, time_s: 4252, avg_ms: 0.46, pct_db_time: 22 },
  { name: 'DB CPU', waits: null, time_s: 2561, avg_ms: null, pct_db_time: 13.3 },
  { name: 'cell list of blocks physical read', waits: 358004, time_s: 737, avg_ms: 2.06, pct_db_time: 3.8 },
  { name: 'latch: gc element', waits: 144537, time_s: 368, avg_ms: 2.55, pct_db_time: 1.9 },
];
const AWR = run('oracle-awr', {
  db_time_s: 19347, aas: 63.85, 'load.transactions_per_s': 211.7, 'load.redo_size_bytes_per_s': 10765680,
  'wait.free_buffer_waits.avg_ms': 11.72, 'wait.cell_single_block_physical_read.avg_ms': 0.46,
  'wait.cell_list_of_blocks_physical_read.avg_ms': 2.06, 'wait.latch_gc_element.avg_ms': 2.55,
}, { sessions: 392 }, { top_events: AWR_TOP });

describe('the default metrics for these runs (each tool\'s primary metrics)', () => {
  it('fio: IOPS, bandwidth and completion latency where the runs have clat, else total latency', () => {
    assert.deepEqual(defaultMetricNames([run('fio', FIO)]), ['total.iops', 'total.bw_mib_s', 'total.clat_avg_ms']);
    const { 'total.clat_avg_ms': _, ...noClat } = FIO;
    assert.deepEqual(defaultMetricNames([run('fio', noClat)]), ['total.iops', 'total.bw_mib_s', 'total.lat_avg_ms']);
    assert.equal(defaultOfRole([run('fio', FIO)], 'latency'), 'total.clat_avg_ms');
  });

  it('sysbench: TPS and p95, not mean latency; HammerDB: NOPM, then TPM', () => {
    assert.deepEqual(defaultMetricNames([run('sysbench', { tps: 869.29, qps: 18265, 'total.lat_avg_ms': 36.8, 'total.lat_p95_ms': 61.08 })]), ['tps', 'total.lat_p95_ms']);
    assert.deepEqual(defaultMetricNames([run('hammerdb', { tpm: 7718, nopm: 2544 }, { vus: 8 })]), ['nopm', 'tpm']);
  });

  it('AWR: active sessions, DB time, the top events\' average waits (DB CPU is no wait), transactions per second', () => {
    assert.deepEqual(defaultMetrics([AWR]).map((d) => [d.metric, d.role]), [
      ['aas', 'time'], ['db_time_s', 'time'],
      ['wait.free_buffer_waits.avg_ms', 'wait'], ['wait.cell_single_block_physical_read.avg_ms', 'wait'], ['wait.cell_list_of_blocks_physical_read.avg_ms', 'wait'],
      ['load.transactions_per_s', 'throughput'],
    ]);
    assert.deepEqual(topEventWaits([AWR], 1), ['wait.free_buffer_waits.avg_ms'], 'the biggest share of DB time first');
  });

  it('AWR: an idle event atop the list (a RAC global report\'s watchdog) is neither the top event nor a primary wait', () => {
    const watchdog = { name: 'watchdog main loop', waits: 52000, time_s: 30000, avg_ms: 576.9, pct_db_time: 155, idle: true };
    const rac = run('oracle-awr', { ...AWR.metrics, 'wait.watchdog_main_loop.avg_ms': 576.9 }, AWR.params, { top_events: [watchdog, ...AWR_TOP] });
    assert.equal(topEventOf(rac), 'free buffer waits');
    assert.deepEqual(topEventWaits([rac], 2), ['wait.free_buffer_waits.avg_ms', 'wait.cell_single_block_physical_read.avg_ms']);
    const onlyIdle = run('oracle-awr', { 'wait.watchdog_main_loop.avg_ms': 576.9 }, {}, { top_events: [watchdog] });
    assert.equal(topEventOf(onlyIdle), null, 'no non-idle wait: no top event');
  });

  it('CockroachDB: ops/s and p99; SVC: read and write response, I/O rate; vdbench, COSBench, IOmeter, sar', () => {
    assert.deepEqual(defaultMetricNames([run('cockroach', { ops_per_s: 504.4, 'total.lat_avg_ms': 437.8, 'total.lat_p95_ms': 1200, 'total.lat_p99_ms': 1751 })]), ['ops_per_s', 'total.lat_p99_ms']);
    assert.deepEqual(defaultMetricNames([run('svc', { 'read.lat_avg_ms': 7.6, 'write.lat_avg_ms': 1.1, 'total.iops': 3000 })]), ['read.lat_avg_ms', 'write.lat_avg_ms', 'total.iops']);
    assert.deepEqual(defaultMetricNames([run('vdbench', { 'total.iops': 307135, 'total.lat_avg_ms': 0.831, 'total.bw_mib_s': 1199 })]), ['total.iops', 'total.lat_avg_ms']);
    assert.deepEqual(defaultMetricNames([run('cosbench', { ops_per_s: 3697, 'total.lat_avg_ms': 8.6, 'read.ops_per_s': 2589 })]), ['ops_per_s', 'total.lat_avg_ms']);
    assert.deepEqual(defaultMetricNames([run('iometer', { 'total.iops': 2000, 'total.bw_mib_s': 7.8, 'total.lat_avg_ms': 4 })]), ['total.iops', 'total.bw_mib_s', 'total.lat_avg_ms']);
    assert.deepEqual(defaultMetricNames([run('sar', { util_pct: 40, 'total.lat_avg_ms': 22 })]), ['util_pct', 'total.lat_avg_ms']);
  });

  it('several tools: the tool with the most runs first (S5: NOPM before a COSBench stage)', () => {
    const runs = [
      run('cosbench', { ops_per_s: 1, 'total.lat_avg_ms': 1 }), run('cosbench', { ops_per_s: 2, 'total.lat_avg_ms': 2 }),
      ...[1, 2, 4].map((v) => run('hammerdb', { nopm: v, tpm: 3 * v }, { vus: v })),
    ];
    assert.deepEqual(defaultMetricNames(runs), ['nopm', 'tpm', 'ops_per_s', 'total.lat_avg_ms']);
  });

  it('every metric a tool profile names is in the dictionary, with a unit', () => {
    for (const [tool, profile] of Object.entries(TOOL_PROFILES)) {
      for (const name of profile.primary.flatMap((p) => p.names).filter((n) => !n.includes('*'))) assert.ok(describeMetric(name), `${tool}: ${name}`);
      for (const c of profile.columns) if (c.kind === 'metric') for (const n of c.names) assert.ok(describeMetric(n), `${tool} column: ${n}`);
    }
  });
});

describe('the Runs table\'s columns for a tool', () => {
  it('fio: its workload parameters and figures, and only the columns the runs fill', () => {
    const cols = runColumns('fio', [run('fio', FIO, { bs: 4096, rw: 'randread', read_pct: 100, iodepth: 1, numjobs: 1, ioengine: 'libaio' })]);
    assert.deepEqual(cols.map((c) => c.key), ['bs', 'rw', 'read_pct', 'iodepth', 'numjobs', 'ioengine', 'total.iops', 'total.bw_mib_s', 'total.clat_avg_ms', 'read.clat_p99_ms']);
  });

  it('a run without clat beside runs with it: total latency gets a column of its own, no column is all dashes', () => {
    const { 'total.clat_avg_ms': _, ...noClat } = FIO;
    const cols = runColumns('fio', [run('fio', FIO), run('fio', noClat)]).map((c) => c.key);
    assert.ok(cols.includes('total.clat_avg_ms') && cols.includes('total.lat_avg_ms'));
    assert.ok(!runColumns('fio', [run('fio', FIO)]).some((c) => c.key === 'total.lat_avg_ms'));
  });

  it('AWR: sessions, DB time, AAS, top event, redo; HammerDB: VUs, NOPM, TPM; sysbench: TPS, QPS, p95; Cockroach: ops/s, p99; SVC: objects and responses', () => {
    assert.deepEqual(runColumns('oracle-awr', [AWR]).map((c) => c.key), ['sessions', 'db_time_s', 'aas', 'top_event', 'load.redo_size_bytes_per_s']);
    assert.deepEqual(runColumns('hammerdb', [run('hammerdb', { nopm: 2544, tpm: 7718 }, { vus: 8 })]).map((c) => c.key), ['vus', 'nopm', 'tpm']);
    assert.deepEqual(runColumns('sysbench', [run('sysbench', { tps: 869, qps: 18265, 'total.lat_p95_ms': 61 }, { test: 'oltp_read_write', threads: 32 })]).map((c) => c.key), ['test', 'threads', 'tps', 'qps', 'total.lat_p95_ms']);
    assert.deepEqual(runColumns('cockroach', [run('cockroach', { ops_per_s: 504, 'total.lat_p99_ms': 1751 }, { workload: 'bank', threads: 8 })]).map((c) => c.key), ['workload', 'threads', 'ops_per_s', 'total.lat_p99_ms']);
    const svc = run('svc', { 'read.lat_avg_ms': 7.6, 'write.lat_avg_ms': 1.1 });
    assert.deepEqual(runColumns('svc', [svc], () => 28).map((c) => c.key), ['objects', 'read.lat_avg_ms', 'write.lat_avg_ms']);
    assert.deepEqual(runColumns('svc', [svc]).map((c) => c.key), ['read.lat_avg_ms', 'write.lat_avg_ms'], 'no series: no objects column');
    const vd = run('vdbench', { 'total.iops': 307135, 'total.lat_avg_ms': 0.831, 'total.bw_mib_s': 1199 }, { bs: 8192, pattern: 'random', read_pct: 70, threads: 64 });
    assert.deepEqual(runColumns('vdbench', [vd]).map((c) => c.key), ['bs', 'pattern', 'read_pct', 'threads', 'total.iops', 'total.lat_avg_ms', 'total.bw_mib_s'], 'vdbench: threads, i/o rate, response, MB/s');
  });
});
