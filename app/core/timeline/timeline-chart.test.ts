/**
 * The timeline as a chart of the one chart model: saved with its lanes, window and offsets,
 * drawn again from the data in a report, and its XLSX sheet a row per sample, report interval
 * and span, each with its lane's unit, clock offset and zone (lanes differ in all three).
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import * as XLSX from '@e965/xlsx';
import { Core } from '../core.js';
import { addRun, seriesOf } from '../test-support/parsed-runs.js';
import { tempDir } from '../test-support/temp.js';

const T0 = Date.UTC(2024, 4, 1, 10, 0);

describe('the timeline chart', () => {
  const core = new Core(path.join(tempDir(), 'perfdelta.sqlite'));
  const sar = addRun(core, 'S', 'host', { name: 'sar db1', tool: 'sar', startMs: T0 + 3_600_000, series: [seriesOf('cpu', 'cpu_usr_pct', '%', T0 + 3_600_000, 10_000, 6, (i) => 10 * i)] },
    { warnings: ['the file gives clock times without a time zone: they are read as UTC'] });
  const queries = addRun(core, 'S', 'db', {
    name: '2 rows by query', tool: 'events', startMs: T0, endMs: T0 + 60_000, params: { layer: 'database' },
    tables: { events: [{ name: 'Q1', start_ms: T0, end_ms: T0 + 30_000, row: 2, values: {}, attrs: {} }, { name: 'Q2', start_ms: T0 + 30_000, end_ms: T0 + 60_000, row: 3, values: {}, attrs: {} }], clock: { kind: 'zoned', zone: 'Z', offset_min: 0 } },
  });
  const spec = { kind: 'timeline' as const, lanes: [`events:${queries}`, `${sar}:cpu:cpu_usr_pct`], offsets: { [sar]: -3600 } };

  it('saved, it keeps its lanes and offsets; its data moves the lane by the offset it names, storing nothing', () => {
    const saved = core.saveChart('S', 'CPU beside the queries', spec);
    assert.deepEqual(core.chart('S', saved.id).spec, spec);
    const data = core.chartData('S', saved.spec);
    assert.equal(data.kind, 'timeline');
    if (data.kind !== 'timeline') return;
    assert.deepEqual(data.timeline.lanes.map((l) => [l.id, l.offset_s]), [[`events:${queries}`, 0], [`${sar}:cpu:cpu_usr_pct`, -3600]]);
    assert.equal(data.timeline.lanes[1]!.points[0]![0], T0);
    assert.deepEqual(core.timeline.get('S').offsets, []);
  });

  it('its XLSX: a row per sample and span, with unit, offset and zone', () => {
    const book = XLSX.read(core.chartXlsx('S', spec, 'CPU beside the queries'), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    assert.deepEqual(rows[0], ['Lane', 'Layer', 'Source', 'Metric', 'Unit', 'Time (UTC)', 'End (UTC)', 'Value', 'Event', 'Clock offset [s]', 'Zone']);
    const cpu = rows.filter((r) => r[0] === `${sar}:cpu:cpu_usr_pct`);
    assert.equal(cpu.length, 6);
    const spans = rows.filter((r) => r[0] === `events:${queries}`);
    assert.deepEqual(spans.map((r) => [r[5], r[6], r[8]]), [[new Date(T0).toISOString(), new Date(T0 + 30_000).toISOString(), 'Q1'], [new Date(T0 + 30_000).toISOString(), new Date(T0 + 60_000).toISOString(), 'Q2']]);
    assert.deepEqual([cpu[1]![4], cpu[1]![5], cpu[1]![7], cpu[1]![9], cpu[1]![10]], ['%', new Date(T0 + 10_000).toISOString(), 10, -3600, 'no zone in the file: read as UTC']);
  });

  it('in a report, drawn from the data like any chart', () => {
    const chart = core.saveChart('S', 'Timeline for the report', { kind: 'timeline' });
    const report = core.saveReport('S', { name: 'R', layout: { title: 'R', page: 'A4', orientation: 'landscape', convention: 'x-fold', locale: 'en' }, sections: [{ id: 's1', type: 'chart', chart: chart.id }] });
    const doc = core.renderReport('S', report.id);
    const section = doc.sections[0]!;
    assert.equal(section.type, 'chart');
    if (section.type !== 'chart') return;
    assert.deepEqual(section.errors, []);
    assert.equal(section.data?.kind, 'timeline');
  });
});
