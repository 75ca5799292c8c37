import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { StudySeriesResult } from '../../../app/contract/records.js';
import { defaultContext } from './context.js';
import { MAX_PANELS, panelsFit, timeLabel, timeSeriesOption } from './time-series.js';

type Opt = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const DAY = 86_400_000;
const T0 = Date.UTC(2017, 8, 7, 16); // 2017-09-08 00:00 in Shanghai
const volume = (object: string, level: number): StudySeriesResult['objects'][number] => ({
  object, mean: level, max: level * 2, samples: 3, points: [[T0, level], [T0 + DAY, level * 2], [T0 + 2 * DAY, level]],
});
const series = (n: number): StudySeriesResult => ({
  metric: 'read.lat_avg_ms', config: 'production', configs: ['production'], unit: 'ms', zone: 'Asia/Shanghai', all_objects: [], window: null,
  periods: [{ name: 'before', spec: 'x', zone: 'Asia/Shanghai', ranges: [{ start: new Date(T0 + 3600_000).toISOString(), end: new Date(T0 + 7200_000).toISOString() }], days: [] }] as unknown as StudySeriesResult['periods'],
  objects: Array.from({ length: n }, (_, i) => volume(`VOL${i}`, 5 + i)),
});

describe('the study time series', () => {
  it('names month and day on the axis, and the hours once the window is four days or less', () => {
    const at = Date.UTC(2017, 8, 8, 14, 30);
    assert.equal(timeLabel(Date.UTC(2017, 8, 8), 8 * DAY), '09-08');
    assert.equal(timeLabel(at, 8 * DAY), '09-08 14:30', 'a tick off midnight over a long span says its hour');
    assert.equal(timeLabel(at, 2 * 3600_000), '09-08 14:30');
    assert.equal(timeLabel(at + 15_000, 60_000), '09-08 14:30:15', 'seconds in a window of a minute');
  });

  it('on screen, a few objects are a panel each on one time axis, one zoom and one value scale; many are one chart', () => {
    const ctx = defaultContext({ mode: 'interactive', panels: true, title: 'read mean latency' });
    const o = timeSeriesOption({ kind: 'time-series', metric: 'read.lat_avg_ms' }, { kind: 'time-series', labels: [], series: series(5) }, ctx) as Opt;
    assert.equal(o['grid'].length, 5);
    assert.deepEqual(o['series'].map((s: Opt) => [s.xAxisIndex, s.yAxisIndex]), [[0, 0], [1, 1], [2, 2], [3, 3], [4, 4]]);
    const tops = new Set(o['yAxis'].map((y: Opt) => y.max));
    assert.deepEqual([...tops], [20], 'one scale: the highest value (18 ms) rounded up, in every panel');
    assert.deepEqual(o['dataZoom'].map((z: Opt) => z.xAxisIndex), [[0, 1, 2, 3, 4], [0, 1, 2, 3, 4]], 'one zoom moves every panel');
    assert.ok(o['series'].every((s: Opt) => s.markArea?.data.length === 1), 'the period shaded in every panel');
    assert.deepEqual(o['title'].slice(1).map((t: Opt) => t.text), ['VOL0', 'VOL1', 'VOL2', 'VOL3', 'VOL4'], 'each panel named');
    assert.equal(o['xAxis'][0].axisLabel.show, false, 'the time labels under the bottom panel only');

    const many = timeSeriesOption({ kind: 'time-series', metric: 'read.lat_avg_ms' }, { kind: 'time-series', labels: [], series: series(MAX_PANELS + 1) }, ctx) as Opt;
    assert.equal(many['grid'].length, 1);
    assert.equal(many['series'].length, MAX_PANELS + 1);
    // On paper (a report), one chart of its fixed height.
    const paper = timeSeriesOption({ kind: 'time-series', metric: 'read.lat_avg_ms' }, { kind: 'time-series', labels: [], series: series(5) }, defaultContext({ mode: 'print' })) as Opt;
    assert.equal(paper['grid'].length, 1);
    assert.deepEqual([panelsFit(1), panelsFit(2), panelsFit(MAX_PANELS), panelsFit(MAX_PANELS + 1)], [false, true, true, false]);
  });
});
