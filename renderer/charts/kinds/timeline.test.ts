/**
 * The timeline's option builder: a lane per series in layer order, each its own grid and value
 * axis, one time axis shown, one zoom and one cursor across all of them; reports drawn flat
 * over their intervals and broken between reports that do not follow each other; events as
 * named spans; the cutover in every lane, the periods named once; a page's height respected;
 * names from files escaped in the tooltip; the zone's words in the chart's language.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { StudyTimeline } from '../../../app/contract/records.js';
import type { TimelineLane } from '../../../app/contract/timeline.js';
import { chartHeight, chartOption } from '../chart-option.js';
import { defaultContext } from './context.js';
import { zoneWords } from './timeline.js';

type Opt = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const T0 = Date.UTC(2017, 8, 14, 0, 0);
const H = 3_600_000;
const EVIL = '<img src=x onerror=alert(1)>';

const lane = (over: Partial<TimelineLane> & Pick<TimelineLane, 'id' | 'layer' | 'kind'>): TimelineLane => ({
  run: 1, runs: [1], config: 'c', tool: 't', source: 'src', object: 'o', metric: 'read.lat_avg_ms', label: 'read mean latency', unit: 'ms',
  zone: { kind: 'epoch', zone: 'UTC', text: 'UTC (seconds since the epoch)' }, offset_s: 0, points: [], steps: [], spans: [], raw: true,
  stats: { samples: 0, mean: null, min: null, max: null }, extent: { from: T0, to: T0 + 24 * H }, ...over,
});

const timeline = (lanes: TimelineLane[]): StudyTimeline => ({
  study: 's', zone: 'Asia/Shanghai', window: null, extent: { from: T0, to: T0 + 24 * H }, lanes, offsets: [], choices: [], missing: [], width: 1000,
  periods: [
    { name: 'before', spec: 'daily 08:30-15:30 on 2017-09-14', zone: 'Asia/Shanghai', ranges: [{ start: new Date(T0 + 0.5 * H).toISOString(), end: new Date(T0 + 7.5 * H).toISOString() }], days: ['2017-09-14'] },
    { name: 'post-cutover', spec: 'after the cutover at 2017-09-14 18:00', zone: 'Asia/Shanghai', ranges: [{ start: new Date(T0 + 10 * H).toISOString(), end: null }], days: [] },
  ],
});

const LANES = [
  lane({ id: '3:vol1:read.lat_avg_ms', layer: 'array', kind: 'series', source: `svc · ${EVIL}`, points: [[T0, 7], [T0 + 12 * H, 1]] }),
  lane({ id: 'events:4', layer: 'database', kind: 'events', metric: 'events', unit: '', spans: [[T0 + H, T0 + 2 * H, 'Q1'], [T0 + 2 * H, T0 + 3 * H, 'Q2']] }),
  lane({ id: 'reports:DB/db1:aas', layer: 'database', kind: 'steps', metric: 'aas', unit: 'sessions', steps: [[T0, T0 + H, 4], [T0 + H, T0 + 2 * H, 9], [T0 + 5 * H, T0 + 6 * H, 2]] }),
  lane({ id: '5:sdb:read.lat_avg_ms', layer: 'host', kind: 'series', zone: { kind: 'unzoned', zone: 'CST', text: 'CST named, which is ambiguous: read as UTC' }, offset_s: -3600, points: [[T0, 6], [T0 + 12 * H, 1]] }),
];
const data = { kind: 'timeline' as const, labels: [], timeline: timeline(LANES) };
const BEIJING = 8 * H;

describe('the timeline option', () => {
  it('a lane per series in layer order, its own grid and axis, one time axis labelled, zoom and cursor shared', () => {
    const o = chartOption({ kind: 'timeline' }, data, defaultContext({ title: 'T', mode: 'interactive' })) as Opt;
    assert.equal(o['grid'].length, 4);
    assert.deepEqual(o['series'].map((s: Opt) => s.xAxisIndex), [0, 1, 2, 3]);
    // Database (events, steps), then host, then array.
    assert.deepEqual(o['series'].map((s: Opt) => s.name), ['src', 'src', 'src', `svc · ${EVIL}`]);
    assert.deepEqual(o['xAxis'].map((x: Opt) => x.axisLabel.show), [false, false, false, true]);
    assert.deepEqual(o['dataZoom'][0].xAxisIndex, [0, 1, 2, 3]);
    assert.deepEqual(o['axisPointer'], { link: [{ xAxisIndex: 'all' }] });
    const headings = o['title'].map((t: Opt) => t.text);
    assert.deepEqual(headings.filter((t: string) => ['Database', 'Host', 'Array'].includes(t)), ['Database', 'Host', 'Array']);
    assert.ok(headings.includes('src: read mean latency (ms) · CST named, which is ambiguous: read as UTC · clock −3,600 s'));
    // Times shown in the study's zone.
    assert.equal(o['xAxis'][0].min, T0 + BEIJING);
  });

  it('reports flat over each interval and broken where they do not follow each other; events as named spans', () => {
    const o = chartOption({ kind: 'timeline' }, data, defaultContext({ title: 'T', mode: 'interactive' })) as Opt;
    const steps = o['series'][1].data;
    assert.deepEqual(steps, [[T0 + BEIJING, 4], [T0 + H + BEIJING, 4], [T0 + H + BEIJING, 9], [T0 + 2 * H + BEIJING, 9], [T0 + 2 * H + BEIJING, null], [T0 + 5 * H + BEIJING, 2], [T0 + 6 * H + BEIJING, 2]]);
    const areas = o['series'][0].markArea.data as Array<[Opt, Opt]>;
    assert.deepEqual(areas.filter(([a]) => a.name === 'Q1' || a.name === 'Q2').map(([a, b]) => [a.name, a.xAxis - BEIJING, b.xAxis - BEIJING]), [['Q1', T0 + H, T0 + 2 * H], ['Q2', T0 + 2 * H, T0 + 3 * H]]);
  });

  it('the cutover in every lane, the periods named over the first only', () => {
    const o = chartOption({ kind: 'timeline' }, data, defaultContext({ title: 'T' })) as Opt;
    for (const s of o['series']) assert.deepEqual(s.markLine.data.map((m: Opt) => m.xAxis), [T0 + 10 * H + BEIJING]);
    const named = o['series'].map((s: Opt) => s.markArea.data.filter(([a]: Opt[]) => a!.name === 'before' && a!.label?.show !== false).length);
    assert.deepEqual(named, [1, 0, 0, 0]);
  });

  it('on paper: within a landscape page however many lanes, no zoom, no tooltip', () => {
    const many = Array.from({ length: 12 }, (_, i) => lane({ id: `${i}:o:m`, layer: i < 6 ? 'host' : 'array', kind: 'series', points: [[T0, i]] }));
    const d = { kind: 'timeline' as const, labels: [], timeline: timeline(many) };
    assert.ok(chartHeight({ kind: 'timeline' }, d, 300) <= 470);
    const o = chartOption({ kind: 'timeline' }, d, defaultContext({ title: 'T' })) as Opt;
    const shown = o['grid'].length;
    assert.ok(shown >= 8 && shown < 12, `${shown} lanes printed`);
    assert.match(o['title'][0].text, new RegExp(`· ${12 - shown} more lanes not printed \\(the XLSX has them\\)$`));
    assert.equal(o['dataZoom'], undefined);
    assert.equal(o['tooltip'], undefined);
  });

  it('a name from a file is escaped in the tooltip', () => {
    const o = chartOption({ kind: 'timeline' }, data, defaultContext({ title: 'T', mode: 'interactive' })) as Opt;
    const html = o['tooltip'].formatter([{ seriesIndex: 3, value: [T0, 7] }]) as string;
    assert.ok(!html.includes('<img') && html.includes('&lt;img'), html);
  });

  it('the zone in Chinese, from what the core says of it', () => {
    assert.equal(zoneWords(LANES[3]!, { locale: 'zh-CN' }), '文件写明 CST，有歧义：按 UTC 读取');
    assert.equal(zoneWords(LANES[0]!, { locale: 'zh-CN' }), 'UTC（纪元秒）');
    assert.equal(zoneWords(LANES[3]!, { locale: 'en' }), 'CST named, which is ambiguous: read as UTC');
  });
});
