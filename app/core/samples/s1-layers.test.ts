/**
 * S1's layers written by samples/s1/generate-layers.mjs, read by the importers a user's files go
 * through: the DB host's LUNs follow their volumes' read response (the SVC figures behind S1's
 * table) before and after the cutover, and the hourly slowest SQL is 36.8 s at worst before it
 * and about 3 s after, as published.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { iostatTextImporter } from '../../../importers/monitors/iostat-text.js';
import { parseTable } from '../../../importers/spreadsheet/spreadsheet.js';
import { tempDir } from '../test-support/temp.js';
// @ts-expect-error the sample generators are plain ES modules without types
import { generate } from '../../../samples/s1/generate-layers.mjs';

const CUTOVER = Date.UTC(2017, 8, 14, 10, 0); // 18:00 Beijing
const dir = tempDir();
generate(dir);
const read = (name: string): Uint8Array => new Uint8Array(fs.readFileSync(path.join(dir, name)));
/** Mean of a series over 08:30-15:30 Beijing of one day (stamps 08:30 to 15:25, as S1's windows take them). */
function dayWindowMean(times: Float64Array, values: Float64Array, day: string): number {
  const from = Date.parse(`${day}T00:30:00Z`);
  const to = Date.parse(`${day}T07:30:00Z`);
  let sum = 0;
  let n = 0;
  times.forEach((t, i) => { if (t >= from && t < to) { sum += values[i]!; n++; } });
  return sum / n;
}

describe("S1's host and database layers", () => {
  it('the DB host\'s LUN sdb (DB2 data volume 1) reads as its volume does, plus the host\'s 0.12 ms, on Beijing time', () => {
    const r = iostatTextImporter.parse({ bytes: read('db-host-iostat-xt-300.txt'), name: 'iostat' });
    assert.deepEqual(r.errors, []);
    assert.doesNotMatch(r.warnings.map((w) => w.message).join('\n'), /read as UTC/, 'ISO times with +0800 carry their zone');
    const s = r.runs[0]!.series.find((x) => x.object === 'sdb' && x.metric === 'read.lat_avg_ms')!;
    // S1's table: volume 1's daytime mean 7.64 ms on 09-08, 0.67 on 09-15.
    assert.ok(Math.abs(dayWindowMean(s.times, s.values, '2017-09-08') - (7.64 + 0.12)) < 0.01);
    assert.ok(Math.abs(dayWindowMean(s.times, s.values, '2017-09-15') - (0.6749 + 0.12)) < 0.01);
  });

  it('the hourly slowest SQL: 36.8 s at worst before the cutover, about 3 s by day after it', () => {
    const t = parseTable(read('db2-slowest-sql-hourly.csv'));
    assert.deepEqual(t.result.errors, []);
    const s = t.result.runs[0]!.series[0]!;
    assert.equal(s.metric, 'sql.elapsed_max_s');
    const before = Array.from(s.values).filter((_, i) => s.times[i]! <= CUTOVER);
    assert.equal(Math.max(...before), 36.8);
    const after = Array.from(s.values).filter((_, i) => s.times[i]! > Date.parse('2017-09-15T00:30:00Z') && s.times[i]! <= Date.parse('2017-09-15T07:30:00Z'));
    const mean = after.reduce((a, b) => a + b, 0) / after.length;
    assert.ok(mean > 2.5 && mean < 3.5, `after the cutover, by day: ${mean} s`);
  });
});
