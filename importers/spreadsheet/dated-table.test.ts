/**
 * A history as a dated table: one row per nightly (or per-commit) run, its time, the build it
 * measured and its figures, the shape Apache Otava's CSV importer reads (time, commit, metric1,
 * metric2). Each row is a run placed at its time, with the build as a parameter; the table is
 * detected by content though a time column leads it, because a column names the build.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectFormat } from '../registry.js';
import { parseTable } from './spreadsheet.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

/** Otava's tests/resources/sample.csv shape, generated here: dates with a +0100 offset. */
function otavaShape(rows: number, eol = '\n'): string {
  const lines = ['time,commit,IOPS,p99 latency (ms)'];
  for (let i = 0; i < rows; i++) lines.push(`2024.01.${String(i + 1).padStart(2, '0')} 3:00:00 +0100,aaa${i},${150000 - i * 10},${(0.4 + i / 1000).toFixed(3)}`);
  return lines.join(eol) + eol;
}

describe('a dated table: one row a run at its time', () => {
  it("reads Otava's shape: each row a run at its time, its commit a parameter", () => {
    const bytes = enc(otavaShape(5));
    assert.equal(detectFormat(bytes).format, 'spreadsheet');
    const { result, mapping } = parseTable(bytes);
    assert.deepEqual(result.errors, []);
    assert.deepEqual(mapping!.columns.map((c) => c.role), ['time', 'parameter', 'metric', 'metric']);
    assert.equal(result.runs.length, 5);
    assert.equal(result.runs[0]!.startMs, Date.UTC(2024, 0, 1, 2, 0, 0));
    assert.equal(result.runs[4]!.startMs, Date.UTC(2024, 0, 5, 2, 0, 0));
    assert.equal(result.runs[2]!.params['commit'], 'aaa2');
    assert.equal(result.runs[2]!.metrics['total.iops'], 149980);
    // The one note is what the import read of each column (issue 34): no word of the times' zone.
    assert.deepEqual(result.warnings.map((w) => w.message), ['columns read: A "time" as the time of the run, B "commit" as parameter commit, C "IOPS" as total.iops (IOPS), D "p99 latency (ms)" as total.lat_p99_ms (ms); every column read'], 'the times carry their zone');
  });

  it('with a BOM and CRLF, epoch seconds, or ISO times with Z: the same instants', () => {
    const crlf = parseTable(enc('\uFEFF' + otavaShape(3, '\r\n'))).result;
    assert.deepEqual(crlf.runs.map((r) => r.startMs), [1, 2, 3].map((d) => Date.UTC(2024, 0, d, 2)));
    const epoch = parseTable(enc('timestamp,build,TPS\n1704074400,b1,870\n1704160800,b2,869\n')).result;
    assert.deepEqual(epoch.runs.map((r) => [r.startMs, r.params['build'], r.metrics['tps']]), [[Date.UTC(2024, 0, 1, 2), 'b1', 870], [Date.UTC(2024, 0, 2, 2), 'b2', 869]]);
    const iso = parseTable(enc('date;version;IOPS\n2024-03-01T02:00:00Z;1.2.0;1000\n2024-03-02T02:00:00Z;1.2.1;990\n')).result;
    assert.deepEqual(iso.runs.map((r) => [r.startMs, r.params['version']]), [[Date.UTC(2024, 2, 1, 2), '1.2.0'], [Date.UTC(2024, 2, 2, 2), '1.2.1']]);
  });

  it('times that print no zone are read as UTC and said so; an unreadable time is an error naming its cell', () => {
    const local = parseTable(enc('time,commit,IOPS\n2024-03-01 02:00,c1,1000\n2024-03-02 02:00,c2,990\n')).result;
    assert.equal(local.runs[0]!.startMs, Date.UTC(2024, 2, 1, 2));
    assert.match(local.warnings.map((w) => w.message).join('\n'), /column A \("time"\) print no zone: read as UTC/);
    const bad = parseTable(enc('time,commit,IOPS\n2024-03-01 02:00,c1,1000\nyesterday,c2,990\n'), {
      mapping: { version: 1, columns: [{ header: 'time', role: 'time' }, { header: 'commit', role: 'parameter', name: 'commit' }, { header: 'IOPS', role: 'metric', name: 'total.iops', unit: 'IOPS' }] },
    }).result;
    assert.equal(bad.runs.length, 0);
    assert.match(bad.errors[0]!.message, /row 3, column A \("time"\): "yesterday" is not a time/);
  });

  it('one time column at most; a time series of an unknown tool (no build column) is still not a table of runs', () => {
    const two = parseTable(enc('start,end,commit,IOPS\n2024-03-01T02:00:00Z,2024-03-01T03:00:00Z,c1,1000\n'), {
      mapping: { version: 1, columns: [{ header: 'start', role: 'time' }, { header: 'end', role: 'time' }, { header: 'commit', role: 'parameter', name: 'commit' }, { header: 'IOPS', role: 'metric', name: 'total.iops', unit: 'IOPS' }] },
    }).result;
    assert.match(two.errors.map((e) => e.message).join('\n'), /only one column can say when the run ran/);
    assert.equal(detectFormat(enc('time,cpu_user,cpu_sys\n2024-03-01T02:00:00Z,12,3\n2024-03-01T02:00:05Z,14,3\n')).format, null);
  });
});
