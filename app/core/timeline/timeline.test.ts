/**
 * The timeline's lanes on one axis: each read for its window with its own budget (the pyramid's
 * buckets far out, every sample close in), clock offsets moving a lane's samples and its window
 * alike, consecutive reports as steps over their intervals, events as spans, the zone of a
 * capture without a clock, the lanes it opens on, and the windows where one layer's latency
 * rises while the other's does not.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Core } from '../core.js';
import { addRun, seriesOf } from '../test-support/parsed-runs.js';
import { tempDir } from '../test-support/temp.js';
import { parseOffsetArg } from './clock-offsets.js';
import { parseLaneId, remapTimelineRuns } from './lane-ids.js';

const T0 = Date.UTC(2024, 4, 1, 0, 0, 0);
const HOUR = 3_600_000;
const core = (): Core => new Core(path.join(tempDir(), 'perfdelta.sqlite'));

describe('lane ids and offsets as written', () => {
  it('RUN:OBJECT:METRIC keeps colons in the object; reports and events have their own', () => {
    assert.deepEqual(parseLaneId('12:postgres: checkpointer:proc_cpu_pct'), { kind: 'series', run: 12, object: 'postgres: checkpointer', metric: 'proc_cpu_pct' });
    assert.deepEqual(parseLaneId('#7:sdb:read.iops'), { kind: 'series', run: 7, object: 'sdb', metric: 'read.iops' });
    assert.deepEqual(parseLaneId('reports:SLOBRAC/slobrac1:aas'), { kind: 'steps', group: 'SLOBRAC/slobrac1', metric: 'aas' });
    assert.deepEqual(parseLaneId('events:3'), { kind: 'events', run: 3 });
    assert.equal(parseLaneId('sdb:read.iops'), null);
  });

  it('a saved timeline follows its runs to their new ids (a study file opened elsewhere)', () => {
    const moved = remapTimelineRuns({ kind: 'timeline', lanes: ['12:sdb:read.iops', 'events:3', 'reports:DB/db1:aas', '7:x:y'], offsets: { 12: -3600 } }, new Map([[12, 40], [3, 41]]));
    assert.deepEqual(moved, { kind: 'timeline', lanes: ['40:sdb:read.iops', 'events:41', 'reports:DB/db1:aas', '7:x:y'], offsets: { 40: -3600 } });
  });

  it('RUN=SECONDS, negative, fractional or as hours and minutes', () => {
    assert.deepEqual(parseOffsetArg('3=-3600'), { run: 3, seconds: -3600 });
    assert.deepEqual(parseOffsetArg('#3=+12.5'), { run: 3, seconds: 12.5 });
    assert.deepEqual(parseOffsetArg('3=-01:00'), { run: 3, seconds: -3600 });
    assert.deepEqual(parseOffsetArg('3=05:30:15'), { run: 3, seconds: 19815 });
    assert.equal(parseOffsetArg('3=1h'), null);
  });
});

describe('lanes read for a window', () => {
  it('each lane within its budget of the chart\'s width, every sample once the window is small, statistics over every sample', () => {
    const c = core();
    const n = 200_000;
    const run = addRun(c, 'S', 'host', {
      name: 'iostat db1', tool: 'iostat', startMs: T0, endMs: T0 + n * 1000,
      series: [seriesOf('sdb', 'read.iops', 'IOPS', T0, 1000, n, (i) => (i === 123_456 ? 90_000 : 1000 + (i % 100)))],
    });
    const id = `${run}:sdb:read.iops`;
    const whole = c.timeline.get('S', { lanes: [id], width: 500 }).lanes[0]!;
    assert.ok(whole.points.length <= 2 * 500 + 2, `${whole.points.length} points`);
    assert.equal(whole.raw, false);
    assert.equal(whole.stats.samples, n);
    assert.equal(whole.stats.max, 90_000, 'the one spike is in the statistics');
    assert.ok(whole.points.some(([t, v]) => t === T0 + 123_456_000 && v === 90_000), 'and drawn, at its own time');
    const zoom = c.timeline.get('S', { lanes: [id], from: T0 + 1000_000, to: T0 + 1_300_000, width: 500, choices: false });
    assert.deepEqual(zoom.choices, [], 'a zoom lists no other lanes');
    const small = zoom.lanes[0]!;
    assert.equal(small.raw, true);
    assert.equal(small.points.length, 301);
    assert.deepEqual(small.points[0], [T0 + 1_000_000, 1000]);
  });

  it('an offset moves a lane\'s samples, its extent and the window it is read for', () => {
    const c = core();
    const run = addRun(c, 'S', 'host', { name: 'sar', tool: 'sar', startMs: T0, series: [seriesOf('cpu', 'cpu_usr_pct', '%', T0 + HOUR, 10_000, 360, (i) => i)] }, { warnings: ['the file gives clock times without a time zone: they are read as UTC'] });
    const id = `${run}:cpu:cpu_usr_pct`;
    const t = c.timeline.get('S', { lanes: [id], from: T0, to: T0 + 600_000, offsets: { [run]: -3600 } });
    const lane = t.lanes[0]!;
    assert.equal(lane.offset_s, -3600);
    assert.deepEqual(lane.extent, { from: T0, to: T0 + 359 * 10_000 });
    assert.deepEqual(lane.points.slice(0, 2), [[T0, 0], [T0 + 10_000, 1]]);
    assert.equal(lane.points.length, 61, 'the window [0, 600 s] after the shift: samples 0 to 60');
    assert.equal(lane.zone.text, 'no zone in the file: read as UTC');
  });

  it('consecutive AWR reports are steps over their snapshot intervals; a gap between reports stays a gap', () => {
    const c = core();
    const report = (snap: number, from: number, to: number, aas: number) => addRun(c, 'S', 'db', {
      name: `DB/db1 ${snap}-${snap + 1}`, tool: 'oracle-awr', startMs: from, endMs: to,
      params: { report: 'awrrpt', db_name: 'DB', instance: 'db1', inst_num: 1 }, metrics: { aas, db_time_s: aas * (to - from) / 1000, 'load.read_io_requests_per_s': aas * 1000 },
    });
    report(10, T0, T0 + HOUR, 4);
    report(11, T0 + HOUR, T0 + 2 * HOUR, 9);
    report(13, T0 + 3 * HOUR, T0 + 4 * HOUR, 2);
    const t = c.timeline.get('S', { lanes: ['reports:DB/db1:aas'] });
    assert.deepEqual(t.lanes[0]!.steps, [[T0, T0 + HOUR, 4], [T0 + HOUR, T0 + 2 * HOUR, 9], [T0 + 3 * HOUR, T0 + 4 * HOUR, 2]]);
    assert.equal(t.lanes[0]!.layer, 'database');
    const choices = t.choices.filter((x) => x.kind === 'steps').map((x) => x.id);
    assert.deepEqual(choices, ['reports:DB/db1:aas', 'reports:DB/db1:db_time_s', 'reports:DB/db1:load.read_io_requests_per_s']);
    // A window takes the steps it touches.
    assert.equal(c.timeline.get('S', { lanes: ['reports:DB/db1:aas'], from: T0 + 2.5 * HOUR, to: T0 + 5 * HOUR }).lanes[0]!.steps.length, 1);
  });

  it('a capture without a clock says so, and is not among the lanes a timeline opens on until an offset places it', () => {
    const c = core();
    addRun(c, 'S', 'array', { name: 'svc', tool: 'svc', startMs: T0, series: [seriesOf('vol1', 'read.lat_avg_ms', 'ms', T0, 60_000, 60, () => 1)] });
    const rel = addRun(c, 'S', 'host', { name: 'iostat', tool: 'iostat', startMs: null, series: [seriesOf('sda', 'read.iops', 'IOPS', 1000, 1000, 60, () => 5)] });
    const t = c.timeline.get('S');
    assert.deepEqual(t.lanes.map((l) => l.tool), ['svc']);
    assert.equal(t.lanes[0]!.zone.text, 'UTC (the statistics\' timestamp_utc)');
    const placed = c.timeline.get('S', { offsets: { [rel]: T0 / 1000 } });
    const lane = placed.lanes.find((l) => l.tool === 'iostat')!;
    assert.equal(lane.zone.text, 'no clock: times since the start (place it with a clock offset)');
    assert.equal(lane.extent!.from, T0 + 1000);
  });

  it('the lanes it opens on: the layers near each other in time, not a pre-test of other weeks', () => {
    const c = core();
    addRun(c, 'S', 'pre-test', { name: 'vdbench', tool: 'vdbench', startMs: T0 - 20 * 24 * HOUR, series: [seriesOf('sd1', 'total.iops', 'IOPS', T0 - 20 * 24 * HOUR, 60_000, 30, () => 100)] });
    const svc = addRun(c, 'S', 'production', { name: 'svc', tool: 'svc', startMs: T0, series: [seriesOf('vol1', 'read.lat_avg_ms', 'ms', T0, 300_000, 288, () => 5), seriesOf('vol2', 'read.lat_avg_ms', 'ms', T0, 300_000, 288, () => 7), seriesOf('vol2', 'read.iops', 'IOPS', T0, 300_000, 288, () => 700)] });
    const host = addRun(c, 'S', 'db host', { name: 'iostat db1', tool: 'iostat', startMs: T0, series: [seriesOf('sdb', 'read.lat_avg_ms', 'ms', T0, 300_000, 288, () => 6), seriesOf('sdb1', 'read.lat_avg_ms', 'ms', T0, 300_000, 288, () => 9)] });
    const t = c.timeline.get('S');
    assert.deepEqual(t.lanes.map((l) => l.id), [`${svc}:vol2:read.lat_avg_ms`, `${svc}:vol2:read.iops`, `${host}:sdb:read.lat_avg_ms`]);
    assert.deepEqual(t.lanes.map((l) => l.layer), ['array', 'array', 'host']);
    assert.ok(t.choices.some((x) => x.source === 'vdbench · sd1'), 'the pre-test is still a choice');
  });
});

describe('where one layer\'s latency rises and the other\'s does not', () => {
  it('names the window, the lanes, and the numbers', () => {
    const c = core();
    const db = addRun(c, 'S', 'db', { name: 'queries', tool: 'events', startMs: T0, params: { layer: 'database' }, series: [seriesOf('events', 'sql.elapsed_max_s', 's', T0, 60_000, 120, (i) => (i >= 60 && i < 70 ? 9 : 3))] });
    const disk = addRun(c, 'S', 'host', { name: 'iostat db1', tool: 'iostat', startMs: T0, series: [seriesOf('sdb', 'read.lat_avg_ms', 'ms', T0, 60_000, 120, (i) => 0.9 + 0.01 * (i % 3))] });
    const d = c.timeline.divergence('S', `${db}:events:sql.elapsed_max_s`, `${disk}:sdb:read.lat_avg_ms`);
    assert.equal(d.windows.length >= 1, true);
    const w = d.windows[0]!;
    assert.equal(w.rising, 'a');
    assert.ok(w.from >= T0 + 58 * 60_000 && w.to <= T0 + 71 * 60_000, `${new Date(w.from).toISOString()} to ${new Date(w.to).toISOString()}`);
    assert.equal(w.a.usual, 3);
    assert.match(w.text, /^2024-05-01 00:\d\d \+00:00 to 01:\d\d \+00:00: queries: Slowest SQL elapsed time rose 200% \(3\.000 → 9\.000 s\) while iostat db1 · sdb: read mean latency stayed at 0\.9\d\d ms \([+-][\d.]+% against its usual 0\.9\d\d ms\): the rise is not in iostat db1 · sdb: read mean latency$/);
    assert.match(d.rule, /at least 50% above its usual level/);
    // Flat both: nothing to say.
    assert.deepEqual(c.timeline.divergence('S', `${disk}:sdb:read.lat_avg_ms`, `${disk}:sdb:read.lat_avg_ms`).windows, []);
  });
});
