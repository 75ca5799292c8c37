/**
 * No `cockroach workload run` output is in the corpus. The samples below follow the text
 * formatter of pkg/workload/cli/format.go; the final blocks carry the figures of study S5
 * (STUDIES.md: bank 504.4 ops/s at 437.8 ms, movr 233.2 ops/s, ycsb 50766.5 ops/s at 4.4 ms),
 * laid out as that study's own report pasted them, per-second lines made up around them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ParsedRun, ParseResult } from '../types.js';
import { cockroachWorkloadImporter, goDurationS } from './cockroach-workload.js';

const parse = (text: string): ParseResult => cockroachWorkloadImporter.parse({ bytes: new TextEncoder().encode(text), name: 'workload.log' });
const values = (run: ParsedRun, metric: string): number[] => [...(run.series.find((s) => s.metric === metric)?.values ?? [])];

const TICK = '_elapsed___errors__ops/sec(inst)___ops/sec(cum)__p50(ms)__p95(ms)__p99(ms)_pMax(ms)';
const FINAL = '_elapsed___errors_____ops(total)___ops/sec(cum)__avg(ms)__p50(ms)__p95(ms)__p99(ms)_pMax(ms)';

const BANK = `root@cockroachdb-0:/cockroach# cockroach workload run bank --duration=300s --concurrency=8 'postgresql://root@localhost:26257?sslmode=disable'
I201126 08:14:02.113256 1 workload/cli/run.go:356  creating load generator...
I201126 08:14:02.131552 1 workload/cli/run.go:387  creating load generator... done (took 18.296ms)
${TICK}
    1.0s        0          569.9          577.7      2.9     15.2     35.7     54.5 transfer
    2.0s        0          630.6          604.1      2.8     13.1     24.1     44.0 transfer
    3.0s        0          401.2          536.5      3.1     19.9    104.9    151.0 transfer

${FINAL}__total
  300.0s        0         151311          504.4    437.8     12.1    520.1  14495.5  94489.3  transfer

${FINAL}__result
  300.0s        0         151311          504.4    437.8     12.1    520.1  14495.5  94489.3  
`;

const MOVR = `${TICK}
    1.0s        0            3.0            3.0      5.2      5.8      5.8      5.8 addUser
    1.0s        0          190.1          190.1      1.0      1.4      1.6      4.7 readVehicles
    2.0s        0            4.0            3.5      5.5      7.3      7.3      7.3 addUser
    2.0s        0          215.3          202.7      1.0      1.3      1.5      3.1 readVehicles

${FINAL}__total
  300.0s        0            977            3.3      5.5      5.2      7.3     15.7     35.7  addUser

${FINAL}__total
  300.0s        0          63421          211.4      1.0      1.0      1.3      1.5     60.8  readVehicles

${FINAL}__total
  300.0s        0           3276           10.9     62.2     60.8     79.7    167.8    285.2  updateActiveRides

${FINAL}__result
  300.0s        0          69973          233.2      4.3      1.0     17.8     71.3    285.2  
`;

const YCSB = `$ cockroach workload run ycsb --workload=b --duration=300s
${FINAL}__total
  300.0s        0       14470912        48235.7      3.9      1.0     15.2     60.8    738.2  read

${FINAL}__total
  300.0s        0         759249         2530.8     13.7      8.9     39.8     92.3   1275.1  update

${FINAL}__result
  300.0s        0       15230161        50766.5      4.4      1.1     16.8     65.0   1275.1  
`;

describe('cockroach workload: samples with the S5 figures', () => {
  it('bank: overall and per-operation summary, workload and concurrency from the command, per-second series', () => {
    const { runs, errors, warnings } = parse(BANK);
    assert.deepEqual(errors, []);
    assert.deepEqual(warnings, []);
    assert.equal(runs.length, 1);
    const r = runs[0]!;
    assert.equal(r.name, 'bank');
    assert.deepEqual(r.params, { workload: 'bank', threads: 8, runtime_s: 300 });
    // The __result line: 504.4 ops/s, avg 437.8, p50 12.1, p95 520.1, p99 14495.5, pMax 94489.3.
    assert.deepEqual(
      ['ops_per_s', 'total.lat_avg_ms', 'total.lat_p50_ms', 'total.lat_p95_ms', 'total.lat_p99_ms', 'total.lat_max_ms', 'errors'].map((k) => r.metrics[k]),
      [504.4, 437.8, 12.1, 520.1, 14495.5, 94489.3, 0],
    );
    assert.equal(r.metrics['transfer.ops_per_s'], 504.4);
    assert.equal(r.metrics['transfer.lat_p99_ms'], 14495.5);
    assert.deepEqual((r.tables['operations'] as Array<{ ops: number }>)[0]!.ops, 151311);
    // Log lines are UTC: the run starts at the first one and lasts the 300 s it reports.
    assert.equal(r.startMs, Date.UTC(2020, 10, 26, 8, 14, 2, 113));
    assert.equal(r.endMs, r.startMs! + 300_000);
    const s = r.series.find((x) => x.metric === 'transfer.ops_per_s')!;
    assert.deepEqual([...s.values], [569.9, 630.6, 401.2]);
    assert.deepEqual([...s.times].map((t) => t - r.startMs!), [1000, 2000, 3000]);
    assert.equal(s.object, 'bank');
    assert.deepEqual(values(r, 'transfer.lat_p99_ms'), [35.7, 24.1, 104.9]);
    assert.equal(values(r, 'ops_per_s').length, 0, 'one operation: its own series is the total');
  });

  it('movr: many operations, names lowercased, workload inferred and said so', () => {
    const { runs } = parse(MOVR);
    const r = runs[0]!;
    assert.equal(r.params['workload'], 'movr');
    assert.match(r.warnings.join(' '), /inferred from its operation names/);
    assert.equal(r.metrics['ops_per_s'], 233.2);
    assert.equal(r.metrics['total.lat_avg_ms'], 4.3);
    assert.equal(r.metrics['readvehicles.ops_per_s'], 211.4);
    assert.equal(r.metrics['readvehicles.lat_max_ms'], 60.8);
    assert.equal(r.metrics['updateactiverides.lat_p95_ms'], 79.7);
    assert.equal(r.metrics['adduser.lat_avg_ms'], 5.5);
    // Per second, the operations' rates add up.
    assert.deepEqual(values(r, 'ops_per_s'), [193.1, 219.3]);
    assert.deepEqual(values(r, 'adduser.lat_p50_ms'), [5.2, 5.5]);
    assert.equal(r.startMs, null, 'no log line: no wall-clock time');
    assert.deepEqual([...r.series[0]!.times], [1000, 2000]);
  });

  it('ycsb (B) and bank appended in one file: two runs', () => {
    const { runs } = parse(`${YCSB}\n${BANK}`);
    assert.deepEqual(runs.map((r) => r.name), ['ycsb', 'bank']);
    assert.equal(runs[0]!.params['ycsb_workload'], 'B');
    assert.equal(runs[0]!.metrics['ops_per_s'], 50766.5);
    assert.equal(runs[0]!.metrics['total.lat_avg_ms'], 4.4);
    assert.equal(runs[0]!.metrics['read.ops_per_s'], 48235.7);
    assert.equal(runs[0]!.metrics['update.lat_p99_ms'], 92.3);
    assert.equal(runs[1]!.metrics['ops_per_s'], 504.4);
  });

  it('tpcc: tpmC and efficiency from the audit block', () => {
    const text = `${FINAL}__total
  300.0s        0             63            0.2     31.4     31.5     39.8     44.0     71.3  newOrder

${FINAL}__total
  300.0s        0             61            0.2     23.3     17.8     60.8    104.9    130.0  payment

${FINAL}__result
  300.0s        0            124            0.4     27.4     26.2     52.4    104.9    130.0  
Audit check 9.2.2.5.3: PASS

_elapsed_______tpmC____efc__avg(ms)__p50(ms)__p90(ms)__p95(ms)__p99(ms)_pMax(ms)
  300.0s       12.6  98.0%     31.4     31.5     39.8     39.8     44.0     71.3
`;
    const r = parse(text).runs[0]!;
    assert.equal(r.params['workload'], 'tpcc');
    assert.equal(r.metrics['tpmc'], 12.6);
    assert.equal(r.metrics['efc_pct'], 98);
    assert.equal(r.metrics['neworder.ops_per_s'], 0.2);
  });

  it('older releases: one __total header for all operations and no __result: summed, said so', () => {
    const text = `${FINAL}__total
  60.0s        3          60000         1000.0      2.0      1.8      4.0      6.0     20.0  read
  60.0s        3           6000          100.0     12.0     10.0     30.0     40.0     80.0  write
`;
    const r = parse(text).runs[0]!;
    assert.equal(r.params['workload'], 'kv');
    assert.equal(r.metrics['ops_per_s'], 1100);
    assert.equal(r.metrics['total.lat_avg_ms'], (2 * 60000 + 12 * 6000) / 66000);
    assert.equal(r.metrics['total.lat_max_ms'], 80);
    assert.equal(r.metrics['total.lat_p99_ms'], undefined, 'percentiles of two histograms cannot be combined');
    assert.equal(r.metrics['errors'], 3);
    assert.match(r.warnings.join(' '), /no overall \(__result\) block/);
  });
});

describe('cockroach workload: bad input', () => {
  it('cut off during the run: cumulative rates of the last lines, said so', () => {
    const cut = BANK.slice(0, BANK.indexOf('\n\n') + 1); // the process stopped after a whole line
    const { runs, errors } = parse(cut);
    assert.deepEqual(errors, []);
    assert.equal(runs[0]!.metrics['ops_per_s'], 536.5, 'ops/sec(cum) of the 3.0s line');
    assert.equal(runs[0]!.metrics['total.lat_avg_ms'], undefined);
    assert.match(runs[0]!.warnings.join(' '), /no final summary .* 3 s/);
  });

  it('a line cut in the middle is skipped and counted', () => {
    const cut = BANK.replace('    3.0s        0          401.2          536.5      3.1     19.9    104.9    151.0 transfer', '    3.0s        0          401.2');
    const r = parse(cut).runs[0]!;
    assert.equal(values(r, 'transfer.ops_per_s').length, 2);
    assert.match(r.warnings.join(' '), /1 result line\(s\) could not be read/);
  });

  it('a last per-second line cut inside the operation name is no new operation', () => {
    const cut = BANK.slice(0, BANK.indexOf('151.0 transfer') + '151.0 tra'.length);
    const r = parse(cut).runs[0]!;
    assert.equal(r.metrics['tra.ops_per_s'], undefined);
    assert.equal(values(r, 'transfer.ops_per_s').length, 2);
    assert.match(r.warnings.join(' '), /1 result line\(s\) could not be read/);
  });

  it('empty and foreign files', () => {
    assert.match(parse('').errors[0]!.message, /no cockroach workload results/);
    assert.match(parse(`${TICK}\n`).errors[0]!.message, /no cockroach workload results/);
    assert.equal(cockroachWorkloadImporter.detect('elapsed,errors,ops\n1,0,5\n'), false);
    assert.equal(cockroachWorkloadImporter.detect(BANK), true);
  });

  it('Go durations as the old releases printed them', () => {
    assert.deepEqual(['1s', '300.0s', '1m30s', '2h0m0s', 'abc', ''].map(goDurationS), [1, 300, 90, 7200, null, null]);
  });
});
