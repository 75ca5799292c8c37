/**
 * TPROC-H query sets: "Completed N query set(s) in S seconds" is the time of set N alone
 * (do_tpch restarts its clock for every set: src/mysql/mysqlolap.tcl `set start [clock seconds]`
 * inside the set loop, `puts "Completed [expr $it + 1] query set(s) in [expr $end - $start] seconds"`).
 * The logs here are written the way hammerdbcli prints them, with query times that add up to
 * each set's time as HammerDB's whole-second clock reads it; the two the tests start from are in
 * test-files/ (the fuzz suite starts from the same bytes), with the report header's numeric zone
 * offset (`Sun May 09 09:16:33 -05 2021`).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Core } from '../../app/core/core.js';
import { tempDir } from '../../app/core/test-support/temp.js';
import { REPO_ROOT } from '../test-support/corpus.js';
import type { ParseResult } from '../types.js';
import { hammerdbLogImporter } from './hammerdb-log.js';

/** TPC-H's query order of one stream (HammerDB's ordered_set), as in the corpus log. */
const ORDER = [14, 2, 9, 20, 6, 17, 18, 8, 21, 13, 3, 22, 16, 4, 11, 15, 1, 10, 19, 5, 7, 12];

/** One Vuser's set: 22 query times (ms resolution) that add up to `totalS`. */
function setLines(vu: number, set: number, totalS: number, printedS = totalS): string[] {
  const out: string[] = [];
  const each = Math.floor((totalS * 1000) / 22);
  ORDER.forEach((q, i) => {
    const ms = i === 21 ? totalS * 1000 - each * 21 : each;
    out.push(`Vuser ${vu}:Executing Query ${q} (${i + 1} of 22)`, `Vuser ${vu}:query ${q} completed in ${ms / 1000} seconds`);
  });
  out.push(`Vuser ${vu}:Completed ${set} query set(s) in ${printedS} seconds`, `Vuser ${vu}:Geometric mean of query times returning rows (22) is ${(totalS / 22).toFixed(5)}`);
  return out;
}

function log(sets: Array<[vu: number, set: number, seconds: number, printed?: number]>): string {
  return ['Hammerdb Log @ Sun May 09 09:16:33 -05 2021', '+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+', ...sets.flatMap(([vu, set, s, p]) => setLines(vu, set, s, p)), 'Vuser 1:FINISHED SUCCESS', 'Vuser 2:FINISHED SUCCESS', 'ALL VIRTUAL USERS COMPLETE', ''].join('\n');
}

const parse = (text: string): ParseResult => hammerdbLogImporter.parse({ bytes: new TextEncoder().encode(text), name: 'hammerdb.log' });
const testFile = (name: string): string => path.join(REPO_ROOT, 'importers/hammerdb/test-files', name);
/** Two Vusers, three sets each (60, 62, 58 s and 66, 64, 68 s), interleaved as the log writes them. */
const TWO_VUSERS = fs.readFileSync(testFile('tproch-two-vusers-three-sets.log'), 'utf8');
/** One Vuser, two sets: the second printed as 57 s, its queries adding up to 50 s. */
const NOT_QUERY_SUM = fs.readFileSync(testFile('tproch-set-time-not-query-sum.log'), 'utf8');

describe('TPROC-H query sets', () => {
  it('each "Completed N query set(s) in S seconds" is set N\'s own time, never S / N', () => {
    const { runs, errors } = parse(TWO_VUSERS);
    assert.deepEqual(errors, []);
    const r = runs[0]!;
    assert.equal(r.params['benchmark'], 'TPROC-H');
    // Set N's time: the slowest Vuser's; S / N would have given 31 and 22.67 for sets 2 and 3.
    assert.deepEqual([r.metrics['queryset1.time_s'], r.metrics['queryset2.time_s'], r.metrics['queryset3.time_s']], [66, 64, 68]);
    // One set's time: the mean of the slowest Vuser's sets (Vuser 2: 66, 64, 68).
    assert.equal(r.metrics['queryset.time_s'], 66);
    const sets = r.tables['query_sets'] as Array<{ vu: number; set: number; time_s: number; queries: number; query_time_sum_s: number }>;
    assert.deepEqual(sets.map((s) => [s.vu, s.set, s.time_s, s.queries, s.query_time_sum_s]), [[1, 1, 60, 22, 60], [2, 1, 66, 22, 66], [1, 2, 62, 22, 62], [2, 2, 64, 22, 64], [1, 3, 58, 22, 58], [2, 3, 68, 22, 68]]);
    // Every set prints its own geometric mean: the mean of all six.
    const printed = [60, 66, 62, 64, 58, 68].map((s) => Number((s / 22).toFixed(5)));
    assert.equal(r.metrics['queryset.geomean_s'], printed.reduce((a, g) => a + g, 0) / 6);
    assert.deepEqual(r.warnings.filter((w) => /query set/.test(w)), [], 'every set agrees with its queries');
  });

  it('a set whose time and query sum disagree beyond the clock\'s second is named with both figures', () => {
    const r = parse(NOT_QUERY_SUM).runs[0]!;
    assert.equal(r.metrics['queryset2.time_s'], 57, 'the printed time is stored, not replaced');
    const said = r.warnings.filter((w) => /query set/.test(w));
    assert.equal(said.length, 1);
    assert.match(said[0]!, /query set 2 of Vuser 1 took 57 s but its 22 timed queries add up to 50 s: 7 s went to work HammerDB does not time/);
    // Within one second (both clocks truncate to seconds): no warning.
    assert.deepEqual(parse(log([[1, 1, 60, 61]])).runs[0]!.warnings.filter((w) => /query set/.test(w)), []);
  });

  it('the report header\'s numeric offset is an offset, and the run goes through the core with its set times', () => {
    const core = new Core(path.join(tempDir(), 'perfdelta.sqlite'));
    try {
      const result = core.importPaths([testFile('tproch-two-vusers-three-sets.log')], 'TPROC-H', 'mysql8');
      assert.deepEqual(result.files.map((f) => [f.format, f.status]), [['hammerdb-log', 'imported']]);
      const [run] = core.runs({ study: 'tproc-h' });
      assert.equal(run!.metrics['queryset.time_s'], 66);
      assert.equal(run!.metrics['queryset2.time_s'], 64);
      assert.equal(run!.start, '2021-05-09T14:16:33.000Z', '"Sun May 09 09:16:33 -05 2021" is 14:16:33 UTC');
      assert.doesNotMatch(run!.warnings.join('\n'), /zone/);
    } finally {
      core.close();
    }
  });
});
