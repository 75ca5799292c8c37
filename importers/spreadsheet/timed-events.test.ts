/**
 * Tables of timed events through the table mapping: a power test's query log (UTC, BOM, CRLF),
 * benchmark phases in epoch seconds with a figure each, the S1 DBA's hourly slowest statement in
 * Beijing time with its offset; times without a zone; cells that are not times; a mapping given
 * by hand, and mappings that cannot read spans.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { detectFormat } from '../registry.js';
import type { ColumnMapping } from './mapping.js';
import { parseTable } from './spreadsheet.js';
import { cellTime } from './timed-columns.js';
import type { TimedEvent } from './timed-rows.js';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-files');
const file = (name: string): Uint8Array => new Uint8Array(fs.readFileSync(path.join(dir, name)));
const text = (s: string): Uint8Array => new TextEncoder().encode(s);
const events = (r: ReturnType<typeof parseTable>): TimedEvent[] => r.result.runs[0]!.tables['events'] as TimedEvent[];

describe('tables of timed events', () => {
  it('a power test query log in UTC (BOM, CRLF): one run of spans, the database layer, exact times', () => {
    const bytes = file('power-test-queries-utc-bom-crlf.csv');
    assert.equal(detectFormat(bytes).format, 'spreadsheet');
    const t = parseTable(bytes);
    assert.deepEqual(t.result.errors, []);
    assert.deepEqual(t.mapping!.columns.map((c) => c.role), ['event', 'ignore', 'start', 'end']);
    assert.equal(t.result.runs.length, 1, 'spans, not a run per row');
    const run = t.result.runs[0]!;
    assert.equal(run.tool, 'events');
    assert.equal(run.params['layer'], 'database');
    const e = events(t);
    assert.deepEqual(e.map((x) => x.name), ['Q14', 'Q2', 'Q9', 'Q20', 'Q6']);
    // Row 2: Q14 from 10:00:00Z to 10:00:41.5Z.
    assert.deepEqual([e[0]!.start_ms, e[0]!.end_ms], [Date.UTC(2024, 4, 1, 10, 0, 0), Date.UTC(2024, 4, 1, 10, 0, 41, 500)]);
    assert.equal(run.startMs, Date.UTC(2024, 4, 1, 10, 0, 0));
    assert.equal(run.endMs, Date.UTC(2024, 4, 1, 10, 3, 44));
    assert.deepEqual(run.tables['clock'], { kind: 'zoned', zone: 'Z', offset_min: 0 });
    assert.equal(t.result.warnings.length, 0);
  });

  it('phases in epoch seconds with a figure each: the figure is a series at each phase end, the benchmark layer', () => {
    const t = parseTable(file('benchmark-phases-epoch.tsv'));
    assert.deepEqual(t.result.errors, []);
    const run = t.result.runs[0]!;
    assert.equal(run.params['layer'], 'benchmark');
    assert.deepEqual(run.tables['clock'], { kind: 'epoch', zone: 'UTC', offset_min: 0 });
    const tps = run.series.find((s) => s.metric === 'tps')!;
    assert.deepEqual(Array.from(tps.times), [1714557900000, 1714559700000, 1714559760000]);
    assert.deepEqual(Array.from(tps.values), [812.5, 1904.2, 120]);
    assert.equal(events(t)[1]!.values['tps'], 1904.2);
  });

  it("the S1 DBA's hourly slowest statement: seconds kept as seconds, +08:00 applied", () => {
    const t = parseTable(file('slowest-sql-hourly.csv'));
    assert.deepEqual(t.result.errors, []);
    const col = t.mapping!.columns[2]!;
    assert.deepEqual(col, { header: 'slowest SQL elapsed (s)', role: 'metric', name: 'sql.elapsed_max_s', unit: 's' });
    const run = t.result.runs[0]!;
    const s = run.series[0]!;
    assert.equal(s.unit, 's');
    assert.deepEqual(Array.from(s.values), [36.8, 31.2, 24.9]);
    // 2017-09-14 10:00:00 +08:00 is 02:00 UTC: the first hour's end.
    assert.equal(s.times[0], Date.UTC(2017, 8, 14, 2, 0, 0));
    assert.equal((run.tables['clock'] as { offset_min: number }).offset_min, 480);
  });

  it('times without a zone are read as UTC, and the warning says so', () => {
    const t = parseTable(text('phase,start,end\nload,2024-05-01 10:00:00,2024-05-01 10:05:00\nrun,2024-05-01 10:05:00,2024-05-01 10:35:00\n'));
    assert.deepEqual(t.result.errors, []);
    assert.equal(events(t)[0]!.start_ms, Date.UTC(2024, 4, 1, 10, 0));
    assert.match(t.result.warnings.map((w) => w.message).join('\n'), /without a time zone: they are read as UTC/);
    assert.equal((t.result.runs[0]!.tables['clock'] as { kind: string }).kind, 'unzoned');
  });

  it('a cell that is not a time, and an end before its start: errors naming the row and column, no run', () => {
    const t = parseTable(text('query,start,end\nQ1,2024-05-01T10:00:00Z,2024-05-01T10:00:30Z\nQ2,2024-05-01T10:00:30Z,10:01:00\nQ3,2024-05-01T10:02:00Z,2024-05-01T10:01:00Z\n'));
    assert.equal(t.result.runs.length, 0);
    const msgs = t.result.errors.map((e) => e.message);
    assert.ok(msgs.some((m) => /^row 3, column C \("end"\): "10:01:00" is not a date with a time/.test(m)), msgs.join('\n'));
    assert.ok(msgs.some((m) => /^row 4, column C \("end"\): the event ends .* before it starts/.test(m)), msgs.join('\n'));
  });

  it('a mapping given by hand names the columns whatever their headers say', () => {
    const csv = 'step,t0,t1,note\nbuild,1714557600,1714557660,x\nsmoke,1714557660,1714557720,y\n';
    const proposed = parseTable(text(csv));
    assert.equal(proposed.result.runs[0]?.tool ?? null, null, 't0 and t1 are not proposed as start and end');
    const mapping: ColumnMapping = { version: 1, columns: [{ header: 'step', role: 'event' }, { header: 't0', role: 'start' }, { header: 't1', role: 'end' }, { header: 'note', role: 'parameter', name: 'note' }] };
    const t = parseTable(text(csv), { mapping });
    assert.deepEqual(t.result.errors, []);
    assert.deepEqual(events(t).map((e) => [e.name, e.start_ms, e.attrs['note']]), [['build', 1714557600000, 'x'], ['smoke', 1714557660000, 'y']]);
  });

  it('a mapping that cannot read spans is refused with the reason', () => {
    const csv = 'query,start,end\nQ1,2024-05-01T10:00:00Z,2024-05-01T10:00:30Z\n';
    const noEnd: ColumnMapping = { version: 1, columns: [{ header: 'query', role: 'event' }, { header: 'start', role: 'start' }, { header: 'end', role: 'ignore' }] };
    assert.match(parseTable(text(csv), { mapping: noEnd }).result.errors[0]!.message, /needs one start column and one end column/);
    const eventOnly: ColumnMapping = { version: 1, columns: [{ header: 'query', role: 'event' }, { header: 'start', role: 'metric', name: 'total.iops', unit: 'IOPS' }, { header: 'end', role: 'ignore' }] };
    assert.match(parseTable(text(csv), { mapping: eventOnly }).result.errors[0]!.message, /an event column needs a start and an end column/);
  });

  it('a results table with one time column stays a results table', () => {
    const t = parseTable(text('config,recorded at,IOPS\nA,2024-05-01 10:00,1000\nB,2024-05-02 10:00,2000\n'));
    assert.deepEqual(t.result.runs.map((r) => [r.tool, r.config, r.metrics['total.iops']]), [['spreadsheet', 'A', 1000], ['spreadsheet', 'B', 2000]]);
  });

  it('times in cells: a workbook\'s date serial, epoch seconds and milliseconds, never a bare time or a day', () => {
    assert.deepEqual(cellTime(45413.5), { ms: Date.parse('2024-05-01T12:00:00Z'), exact: false, zone: null, epoch: false });
    assert.equal(cellTime('1714557600')!.ms, Date.parse('2024-05-01T10:00:00Z'));
    assert.equal(cellTime(1714557600123)!.ms, 1714557600123);
    assert.equal(cellTime('10:01:00'), null);
    assert.equal(cellTime('2024-05-01'), null);
    assert.equal(cellTime(42), null);
  });
});
