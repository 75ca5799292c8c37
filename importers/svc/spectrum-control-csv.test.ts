/**
 * Spectrum Control / Storage Insights CSV. No real export exists in the corpus (MANIFEST
 * "Gaps"), so these CSVs are written here: one in the stor2rrd TPC-style layout FORMATS.md 4.3
 * cites (header copied from dago/stor2rrd svcperf.pl VDiskPrint, rows in its printf format,
 * times as it writes them: the iostats timestamp, no zone), one with the metric names of the
 * Spectrum Control 5.4.11 docs ("Overall Read I/O Rate (ops/s)", "... (MiB/s)", "(ms/op)").
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ParsedRun } from '../types.js';
import type { ColumnMapping } from './sc-columns.js';
import { parseScTime } from './sc-time.js';
import { spectrumControlCsvImporter } from './spectrum-control-csv.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const parse = (text: string): ParsedRun => {
  const r = spectrumControlCsvImporter.parse({ bytes: enc(text), name: 'export.csv' });
  assert.deepEqual(r.errors, []);
  assert.equal(r.runs.length, 1);
  return r.runs[0]!;
};
const mappingOf = (run: ParsedRun): Record<string, ColumnMapping> =>
  Object.fromEntries((run.tables['column_mapping'] as ColumnMapping[]).map((m) => [m.column, m]));
const close = (a: number | undefined, b: number): void => assert.ok(a !== undefined && Math.abs(a - b) < 1e-9 * Math.max(1, Math.abs(b)), `${a} != ${b}`);

const TPC_HEADER = 'Volume ID,Time,Interval (s),Read IO Rate (IO/s),Write IO Rate (IO/s),Total IO Rate (IO/s),Read Data Rate (KB/s),Write Data Rate (KB/s),Total Data Rate (KB/s),Read Transfer Size (kB),Write Transfer Size (kB),Overall Transfer Size (kB),Read Response Time (ms),Write Response Time (ms),Overall Response Time (ms),Peak Read Response Time (ms),Peak Write Response Time (ms),Host Delay (assuming that all host delay is writes) (ms),Host Delay (assuming that host delay is evenly spread between read and writes) (ms),Read Hits,Write Hits,Data Read (KB),Data Written (KB),Volume (Vdisk) Name,Managed Disk Group ID,Managed Disk Group Name,IO Group ID,IO Group Name,Remote Copy relationship ID,Remote Copy relationship name,Remote Copy Change Volume relationship,FlashCopy map ID,FlashCopy map name,FlashCopy map count,Copy Count,Space Efficient Copy Count,Cache state,Easy Tier On/Off,Easy Tier Status,Preferred Node ID,Capacity (TB),Real Capacity (TB),Used Capacity (TB),Auto Expand,Grain Size,Throttle Unit,Throttle Rate,UDID (for HPUX),';

/** A row in svcperf.pl's printf layout (%04d,%s,%d,%.3f x20,...). */
function tpcRow(id: number, time: string, rIops: number, wIops: number, rKBs: number, wKBs: number, rMs: number, wMs: number, peakR: number, name: string): string {
  const f = (x: number): string => x.toFixed(3);
  const rT = rIops > 0 ? rKBs / rIops : 0;
  const wT = wIops > 0 ? wKBs / wIops : 0;
  return [
    String(id).padStart(4, '0'), time, 300, f(rIops), f(wIops), f(rIops + wIops), f(rKBs), f(wKBs), f(rKBs + wKBs),
    f(rT), f(wT), f((rT + wT) / 2), f(rMs), f(wMs), f((rMs + wMs) / 2), f(peakR), f(0), f(0), f(0),
    f(rIops * 300), f(wIops * 300), f(rKBs * 300), f(wKBs * 300),
    name, '0', 'Pool0', '0', 'io_grp0', '', '', '', '', '', 0, 1, 0, 'readwrite', '', '', '', f(1), 0, 0, 0, 0, '', 0, '', '',
  ].join(',');
}

describe('spectrum-control-csv: stor2rrd TPC-style layout', () => {
  const csv = [
    '',
    'Volume Level Statistics',
    '\tInterval Start:   2024-03-25 18:53:01',
    '\tInterval End:     2024-03-25 18:58:01',
    '\tInterval Length:  300 seconds',
    '---------------------',
    TPC_HEADER,
    tpcRow(29, '2024-03-25 18:58:01', 10, 5, 512, 1024, 5, 2, 40, 'HA_Volume0'),
    tpcRow(30, '2024-03-25 18:58:01', 0, 0, 0, 0, 0, 0, 0, 'HA_Volume1'),
    tpcRow(29, '2024-03-25 19:03:01', 30, 5, 1536, 1024, 1, 2, 20, 'HA_Volume0'),
    tpcRow(30, '2024-03-25 19:03:01', 0, 0, 0, 0, 0, 0, 0, 'HA_Volume1'),
    '',
    'Volume Cache Level Statistics',
    'Volume ID,Time,Interval (s),Volume (Vdisk) Name,Cache read hits (%),Cache write hits (%),',
    '0029,2024-03-25 19:03:01,300,HA_Volume0,75.000,25.000,',
  ].join('\n');

  it('detects it and maps the columns by pattern', () => {
    assert.equal(spectrumControlCsvImporter.detect(csv), true);
    const run = parse(csv);
    const m = mappingOf(run);
    assert.deepEqual([m['Volume ID']!.role, m['Time']!.role, m['Interval (s)']!.role, m['Volume (Vdisk) Name']!.role], ['object_id', 'time', 'interval', 'object']);
    assert.equal(m['Read IO Rate (IO/s)']!.metric, 'read.iops');
    assert.equal(m['Total IO Rate (IO/s)']!.metric, 'total.iops');
    assert.deepEqual([m['Read Data Rate (KB/s)']!.metric, m['Read Data Rate (KB/s)']!.factor], ['read.bw_mib_s', 1 / 1024]);
    assert.equal(m['Overall Response Time (ms)']!.metric, 'total.lat_avg_ms');
    assert.equal(m['Peak Read Response Time (ms)']!.metric, 'read.lat_peak_ms');
    assert.equal(m['Read Transfer Size (kB)']!.metric, 'sc.read_transfer_size_kb');
    assert.equal(m['Host Delay (assuming that all host delay is writes) (ms)']!.metric, 'sc.host_delay_assuming_that_all_host_delay_is_writes_ms');
    assert.equal(m['Read Hits']!.metric, 'sc.read_hits');
    assert.deepEqual([m['Managed Disk Group ID']!.role, m['Managed Disk Group Name']!.role, m['Preferred Node ID']!.role], ['attribute', 'attribute', 'attribute']);
    assert.equal(m['Capacity (TB)']!.metric, 'sc.capacity_tb');
  });

  it('series per volume (by name), run metrics combined over volumes, warnings for what it assumed', () => {
    const run = parse(csv);
    assert.equal(run.tool, 'svc');
    const s = run.series.find((x) => x.object === 'HA_Volume0' && x.metric === 'read.iops')!;
    assert.deepEqual([...s.times], [Date.UTC(2024, 2, 25, 18, 58, 1), Date.UTC(2024, 2, 25, 19, 3, 1)]);
    assert.deepEqual([...s.values], [10, 30]);
    assert.deepEqual([...run.series.find((x) => x.object === 'HA_Volume0' && x.metric === 'read.bw_mib_s')!.values], [0.5, 1.5]);
    // Means: HA_Volume0 read 20 IOPS at (5+1)/2 = 3 ms; HA_Volume1 idle.
    assert.equal(run.metrics['read.iops'], 20);
    assert.equal(run.metrics['write.iops'], 5);
    assert.equal(run.metrics['read.bw_mib_s'], 1);
    assert.equal(run.metrics['read.lat_avg_ms'], 3, 'weighted by IOPS: the idle volume\'s 0 ms does not count');
    assert.equal(run.metrics['read.lat_peak_ms'], 30, 'peaks: the maximum of the volume means ((40 + 20) / 2 and 0)');
    assert.deepEqual([run.startMs, run.endMs], [Date.UTC(2024, 2, 25, 18, 58, 1), Date.UTC(2024, 2, 25, 19, 3, 1)]);
    assert.deepEqual(run.params, { interval_s: 300 });
    const w = run.warnings.join(' | ');
    assert.match(w, /4 time stamp\(s\) without a zone read as UTC/);
    assert.match(w, /3 line\(s\) after the first table \(from line 13\) not read/);
  });
});

describe('spectrum-control-csv: Spectrum Control documented metric names', () => {
  const header = '"Volume","Pool","Time","Overall Read I/O Rate (ops/s)","Overall Write I/O Rate (ops/s)","Total Overall I/O Rate (ops/s)","Maximum Read I/O Rate (ops/s)","Read Data Rate (MiB/s)","Write Data Rate (MiB/s)","Total Data Rate (MiB/s)","Read Response Time (ms/op)","Write Response Time (ms/op)","Read Cache Hit Response Time (ms/op)","Read Cache Hits (%)","Write Cache Delay Percentage (%)"';
  const row = (vol: string, time: string, r: number, w: number, rMiB: number, rMs: number, hit: number): string =>
    `"${vol}","Pool0","${time}",${r},${w},${r + w},${r * 2},${rMiB},0.5,${rMiB + 0.5},${rMs},0.25,0.1,${hit},0`;
  const csv = [
    header,
    row('db,data', '2024-03-25T19:55:00+01:00', 100, 10, 1, 1, 90),
    row('db,data', '2024-03-25T20:00:00+01:00', 200, 10, 2, 2, 80),
    row('db,data', '2024-03-25T20:05:00+01:00', 300, 10, 3, 3, 70),
    row('logs', '2024-03-25T19:55:00+01:00', 50, 10, 0.5, 4, 10),
    row('logs', '2024-03-25T20:00:00+01:00', 50, 10, 0.5, 4, 10),
    row('logs', '2024-03-25T20:05:00+01:00', 50, 10, 0.5, 4, 10),
  ].join('\r\n');

  it('canonical names where the documented metric maps, sc.* for the rest', () => {
    const run = parse(csv);
    const m = mappingOf(run);
    assert.equal(m['Volume']!.role, 'object');
    assert.equal(m['Pool']!.role, 'attribute');
    assert.equal(m['Overall Read I/O Rate (ops/s)']!.metric, 'read.iops');
    assert.equal(m['Total Overall I/O Rate (ops/s)']!.metric, 'total.iops');
    assert.equal(m['Maximum Read I/O Rate (ops/s)']!.metric, 'sc.maximum_read_io_rate_ops_per_s');
    assert.deepEqual([m['Read Data Rate (MiB/s)']!.metric, m['Read Data Rate (MiB/s)']!.factor], ['read.bw_mib_s', 1]);
    assert.equal(m['Read Response Time (ms/op)']!.metric, 'read.lat_avg_ms');
    assert.equal(m['Read Cache Hit Response Time (ms/op)']!.metric, 'sc.read_cache_hit_response_time_ms_per_op');
    assert.equal(m['Read Cache Hits (%)']!.metric, 'read.cache_hit_pct');
    assert.equal(m['Write Cache Delay Percentage (%)']!.metric, 'sc.write_cache_delay_percentage_pct');
  });

  it('quoted names with commas, zoned times, means per series and combined', () => {
    const run = parse(csv);
    assert.deepEqual(run.warnings, [], 'zoned times: nothing assumed');
    const s = run.series.find((x) => x.object === 'db,data' && x.metric === 'read.lat_avg_ms')!;
    assert.deepEqual([...s.times], [18, 19, 19].map((h, k) => Date.UTC(2024, 2, 25, h, [55, 0, 5][k]!)));
    const means = run.tables['object_means'] as Array<{ object: string; metric: string; mean: number }>;
    assert.equal(means.find((x) => x.object === 'db,data' && x.metric === 'read.iops')!.mean, 200);
    assert.equal(run.metrics['read.iops'], 250); // 200 + 50
    close(run.metrics['read.lat_avg_ms'], (200 * 2 + 50 * 4) / 250); // 2.4 ms, IOPS-weighted
    close(run.metrics['read.cache_hit_pct'], (200 * 80 + 50 * 10) / 250);
    assert.equal(run.metrics['sc.maximum_read_io_rate_ops_per_s'], (400 + 100) / 2, 'unknown columns: the mean over volumes');
    assert.equal(run.name, 'Spectrum Control volume export (2 objects)');
  });

  it('semicolon and decimal comma; pool objects are prefixed', () => {
    const run = parse('Pool Name;Time;Read I/O Rate (ops/s);Write I/O Rate (ops/s);Read Response Time (ms/op)\nPool0;2024-03-25 18:55:00 UTC;1,5;2;0,25\n');
    assert.deepEqual([run.metrics['read.iops'], run.metrics['read.lat_avg_ms']], [1.5, 0.25]);
    assert.equal(run.series[0]!.object, 'pool Pool0');
  });
});

describe('spectrum-control-csv: times and bad input', () => {
  it('time shapes', () => {
    const utc = Date.UTC(2024, 2, 25, 18, 53, 1);
    assert.deepEqual(parseScTime('2024-03-25 18:53:01'), { ms: utc, zone: 'none' });
    assert.deepEqual(parseScTime('2015:04:07T10:55:10'), { ms: Date.UTC(2015, 3, 7, 10, 55, 10), zone: 'none' });
    assert.deepEqual(parseScTime('2024-03-25T19:53:01.000+01:00'), { ms: utc, zone: 'explicit' });
    assert.deepEqual(parseScTime('Mar 25, 2024 7:53:01 PM GMT+01:00'), { ms: utc, zone: 'explicit' });
    assert.deepEqual(parseScTime('25 Mar 2024 13:53:01 GMT-05:00'), { ms: utc, zone: 'explicit' });
    assert.deepEqual(parseScTime('3/25/2024 6:53:01 PM UTC'), { ms: utc, zone: 'explicit' });
    // CET is UTC+1 wherever it is printed (importers/dates.ts); CST is US Central, China or Cuba.
    assert.deepEqual(parseScTime('2024-03-25 19:53:01 CET'), { ms: utc, zone: 'explicit' });
    assert.deepEqual(parseScTime('2024-03-25 18:53:01 CST'), { ms: utc, zone: 'unresolved', zoneText: 'CST' });
    assert.equal(parseScTime('25/03/2024 18:53:01'), null, 'day/month order unknown without AM/PM');
    assert.equal(parseScTime('2024-13-25 18:53:01'), null);
  });

  it('empty file; a row whose time is not understood; a short row', () => {
    assert.match(spectrumControlCsvImporter.parse({ bytes: enc(''), name: 'e' }).errors[0]!.message, /empty/);
    const run = parse('Volume,Time,Read I/O Rate (ops/s),Read Response Time (ms/op)\nv1,yesterday,1,2\nv1,2024-03-25 18:53:01 Z,3,4\nv1,2024-03-25 18:58:01 Z,5\n');
    assert.deepEqual([run.metrics['read.iops'], run.metrics['read.lat_avg_ms']], [3, 4]);
    assert.match(run.warnings.join(' '), /line 2: time "yesterday" not understood/);
    assert.match(run.warnings.join(' '), /1 row\(s\) with a different number of fields/);
    const none = spectrumControlCsvImporter.parse({ bytes: enc('a,b,c\n1,2,3\n'), name: 'x' });
    assert.match(none.errors[0]!.message, /no header line/);
  });
});
