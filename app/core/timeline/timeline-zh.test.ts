/**
 * A timeline in a Chinese report says everything in Chinese: the layers, the lanes' metrics
 * (the dictionary's labelZh), unit words, zones and clock offsets on the page; the windows where
 * one layer's latency rises and the report interval's sources and notes in the workbench. What
 * came from files (run names, objects, event names) stays as it is, and the same report in
 * English says it all in English, as the CLI does.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { ChartData, SavedChart } from '../../contract/records.js';
import { reportChartOption } from '../../../renderer/views/reports/report-charts.js';
import { Core } from '../core.js';
import { addRun, seriesOf } from '../test-support/parsed-runs.js';
import { tempDir } from '../test-support/temp.js';

const T0 = Date.UTC(2024, 4, 1, 0, 0);
const MIN = 60_000;
const HOUR = 3_600_000;
const UNZONED = ['the file gives clock times without a time zone: they are read as UTC'];

/** A study of four layers over two hours, each lane named by a file of its own. */
function study(): { core: Core; lanes: string[]; offsets: Record<string, number>; sar: number; awr: number[]; db: number; disk: number } {
  const core = new Core(path.join(tempDir(), 'perfdelta.sqlite'));
  const awr = [0, 1].map((k) => addRun(core, 'S', 'db', {
    name: `PROD/prod1 ${k + 10}-${k + 11}`, tool: 'oracle-awr', startMs: T0 + k * HOUR, endMs: T0 + (k + 1) * HOUR, host: 'db1',
    params: { report: 'awrrpt', db_name: 'PROD', instance: 'prod1', inst_num: 1 },
    metrics: { aas: 4 + k, db_time_s: (4 + k) * 3600, 'load.read_io_requests_per_s': 1000, cpu_usr_pct: 30 },
  }, { warnings: UNZONED }));
  const sar = addRun(core, 'S', 'host', {
    name: 'sar db1', tool: 'sar', startMs: T0, host: 'db1',
    series: [seriesOf('cpu', 'cpu_usr_pct', '%', T0, MIN, 120, () => 30), seriesOf('sdb', 'read.iops', 'IOPS', T0, MIN, 120, () => 1000)],
  }, { warnings: UNZONED });
  const disk = addRun(core, 'S', 'host', { name: 'iostat db1', tool: 'iostat', startMs: T0, host: 'db1', series: [seriesOf('sdb', 'read.lat_avg_ms', 'ms', T0, MIN, 120, (i) => 0.9 + 0.01 * (i % 3))] });
  const svc = addRun(core, 'S', 'array', { name: 'svc cluster', tool: 'svc', startMs: T0, series: [seriesOf('vol1', 'read.lat_avg_ms', 'ms', T0, 5 * MIN, 24, () => 1.2)] });
  const fio = addRun(core, 'S', 'bench', { name: 'fio randread', tool: 'fio', startMs: T0, series: [seriesOf('job1', 'read.iops', 'IOPS', T0, MIN, 120, () => 900)] });
  const db = addRun(core, 'S', 'db', {
    name: 'queries', tool: 'events', startMs: T0, endMs: T0 + 2 * HOUR, params: { layer: 'database' },
    series: [seriesOf('events', 'sql.elapsed_max_s', 's', T0, MIN, 120, (i) => (i >= 60 && i < 70 ? 9 : 3))],
    tables: { events: [{ name: 'Q1', start_ms: T0, end_ms: T0 + HOUR, row: 2, values: {}, attrs: {} }, { name: 'Q2', start_ms: T0 + HOUR, end_ms: T0 + 2 * HOUR, row: 3, values: {}, attrs: {} }], clock: { kind: 'zoned', zone: 'Z', offset_min: 0 } },
  });
  const lanes = ['reports:PROD/prod1:aas', `events:${db}`, `${sar}:cpu:cpu_usr_pct`, `${sar}:sdb:read.iops`, `${svc}:vol1:read.lat_avg_ms`, `${fio}:job1:read.iops`];
  return { core, lanes, offsets: { [sar]: 60 }, sar, awr, db, disk };
}

/** Every text a timeline section puts on the page: the chart's headings and lane titles. */
function pageTexts(core: Core, locale: 'en' | 'zh-CN', lanes: string[], offsets: Record<string, number>): { texts: string[]; data: Extract<ChartData, { kind: 'timeline' }> } {
  const chart = core.saveChart('S', `Timeline ${locale}`, { kind: 'timeline', lanes, offsets });
  const report = core.saveReport('S', { name: `R ${locale}`, layout: { title: 'R', page: 'A4', orientation: 'landscape', convention: 'x-fold', locale }, sections: [{ id: 't', type: 'chart', chart: chart.id }] });
  const section = core.renderReport('S', report.id).sections[0]!;
  assert.equal(section.type, 'chart');
  if (section.type !== 'chart' || !section.chart || section.data?.kind !== 'timeline') throw new Error('no timeline data');
  assert.deepEqual(section.errors, []);
  const option = reportChartOption(section.chart as SavedChart, section.data, { allObjects: '' }, locale) as { title: Array<{ text: string }> };
  return { texts: option.title.map((t) => t.text), data: section.data };
}

/** What is left of a text once the data in it (run names, objects, the chart's name, the zone) is taken out. */
function wordsOf(texts: string[], data: string[]): string[] {
  return texts.map((t) => data.reduce((s, d) => s.split(d).join(' '), t));
}

/** Latin words a Chinese page may carry: symbols and names that are the same in both languages. */
const SAME_IN_BOTH = new Set(['UTC', 'CPU', 'IOPS', 'ms', 'XLSX']);

describe('a timeline in a Chinese report', () => {
  const s = study();
  const zh = pageTexts(s.core, 'zh-CN', s.lanes, s.offsets);
  const en = pageTexts(s.core, 'en', s.lanes, s.offsets);
  const data = (d: typeof zh.data): string[] => [`Timeline ${d === zh.data ? 'zh-CN' : 'en'}`, d.timeline.zone, ...d.timeline.lanes.map((l) => l.source)];

  it('every lane, layer, unit, zone and offset word is Chinese; run names and objects stay as the files give them', () => {
    assert.equal(zh.data.timeline.lanes.length, 6);
    const left = wordsOf(zh.texts, data(zh.data)).flatMap((t) => t.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !SAME_IN_BOTH.has(w));
    assert.deepEqual(left, [], `English left on the Chinese page: ${zh.texts.join(' | ')}`);
    for (const heading of ['数据库', '主机', '存储阵列', '基准测试']) assert.ok(zh.texts.includes(heading), heading);
    const title = (source: string): string => zh.texts.find((t) => t.startsWith(`${source}：`)) ?? '';
    assert.match(title('PROD/prod1 (AWR)'), /^PROD\/prod1 \(AWR\)：平均活动会话 · 文件无时区：按 UTC 读取$/);
    assert.match(title('sar db1 · cpu'), /用户态 CPU|CPU 用户/);
    assert.match(title('sar db1 · cpu'), /时钟 \+60 秒$/);
    assert.match(title('queries'), /^queries：事件 · /);
    assert.match(title('svc cluster · vol1'), /^svc cluster · vol1：读平均延迟（ms） · UTC/);
  });

  it('the same report in English says them in English', () => {
    for (const heading of ['Database', 'Host', 'Array', 'Benchmark']) assert.ok(en.texts.includes(heading), heading);
    assert.ok(en.texts.includes('PROD/prod1 (AWR): Average active sessions · no zone in the file: read as UTC'), en.texts.join(' | '));
    assert.ok(en.texts.some((t) => t.startsWith('sar db1 · cpu: ') && t.endsWith('clock +60 s')), en.texts.join(' | '));
    assert.ok(en.texts.some((t) => t.startsWith('svc cluster · vol1: read mean latency (ms) · ')), en.texts.join(' | '));
    assert.doesNotMatch(en.texts.join(' '), /[\u4e00-\u9fff]/);
  });

  it('where one layer\'s latency rises: the rule and every window in Chinese, the CLI\'s English unchanged', () => {
    const a = `${s.db}:events:sql.elapsed_max_s`;
    const b = `${s.disk}:sdb:read.lat_avg_ms`;
    const d = s.core.timeline.divergence('S', a, b, { locale: 'zh-CN' });
    assert.ok(d.windows.length >= 1);
    assert.match(d.windows[0]!.text, /^2024-05-01 00:\d\d \+00:00 至 01:\d\d \+00:00：queries：最慢 SQL 耗时 上升 200%（3\.000 → 9\.000 s），而 iostat db1 · sdb：读平均延迟 保持在 0\.9\d\d ms（相对其常态 0\.9\d\d ms 为 [+-][\d.]+%）：上升不在 iostat db1 · sdb：读平均延迟$/);
    assert.match(d.rule, /^[\d.,]+ 秒的窗口中/);
    const english = s.core.timeline.divergence('S', a, b);
    assert.match(english.windows[0]!.text, / rose 200% .* while iostat db1 · sdb: read mean latency stayed at /);
    assert.equal(english.windows[0]!.from, d.windows[0]!.from);
  });

  it('a report\'s interval against the host: its figures named, read from and noted in Chinese', () => {
    const check = s.core.timeline.intervalCheck('S', s.awr[0]!, { locale: 'zh-CN' });
    const reads = check.rows.find((r) => r.quantity === 'reads_per_s')!;
    assert.equal(reads.label, '每秒物理读');
    assert.match(reads.host!.source, /^sar db1（运行 \d+）：r\/s，为 sdb 之和，\d+ 个样本$/);
    const cpu = check.rows.find((r) => r.quantity === 'cpu_usr_pct')!;
    assert.match(cpu.host!.source, /^sar db1（运行 \d+）：全部 CPU，\d+ 个样本$/);
    assert.equal(s.core.timeline.intervalCheck('S', s.awr[0]!).rows.find((r) => r.quantity === 'reads_per_s')!.label, 'physical reads per second');
  });

  it('why a lane named is missing, in the workbench\'s language; in English for the CLI', () => {
    const named = ['999:sdb:read.iops', `${s.sar}:sdz:read.iops`, 'reports:NOPE/x:aas', 'not a lane'];
    const zh = s.core.timeline.get('S', { lanes: named, locale: 'zh-CN' }).missing.map((m) => m.reason);
    assert.equal(zh.length, 4);
    assert.match(zh[0]!, /^研究中没有运行 999（或已被排除）$/);
    assert.match(zh[1]!, /^运行 \d+ 没有“sdz”的 read\.iops 序列$/);
    assert.match(zh[2]!, /^研究中没有“NOPE\/x”的报告（现有分组：PROD\/prod1）$/);
    assert.match(zh[3]!, /^不是通道标识/);
    const en = s.core.timeline.get('S', { lanes: named }).missing.map((m) => m.reason);
    assert.equal(en[0], 'the study has no run 999 (or it is excluded)');
  });
});
