/**
 * Report templates start from the tools' primary metrics (issue 28 item 5) and, at a fixed queue
 * depth, headline throughput alone with the reason (issue 27 item 4).
 */
import assert from 'node:assert/strict';
import { scalingCurves } from '../compare/scaling.js';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Core } from '../core.js';
import { loadSamples } from '../samples/samples.js';
import { tempDir } from '../test-support/temp.js';
import { closedLoopAtFixedLoad } from './templates.js';

describe('templates from the primary metrics', () => {
  let core: Core;
  before(async () => {
    core = new Core(path.join(tempDir(), 'db.sqlite'));
    await loadSamples(core, ['fio-disk-vs-tmpfs', 'fio-bs-qd-sweep', 's2-exadata-flash-cache']);
  });
  after(() => core.close());

  it('two fio configurations at fixed queue depths: the headline gives IOPS and says why, the table IOPS and completion latency', () => {
    const r = core.createReport('fio-disk-vs-tmpfs', { template: 'cache-on-off' });
    const headline = r.sections.find((s) => s.type === 'headline');
    assert.ok(headline?.type === 'headline');
    assert.deepEqual(headline.items.map((i) => i.metric), ['total.iops'], 'one finding, not the same one twice');
    // PerfDelta's note says why, under its own title; the Commentary is left to the user, empty.
    const texts = r.sections.filter((s) => s.type === 'text');
    assert.deepEqual(texts.map((s) => s.type === 'text' && s.title), ['About the headline', 'Commentary']);
    const note = texts[0]!;
    assert.ok(note.type === 'text' && /Little's law/.test(note.markdown) && /total mean completion latency/.test(note.markdown));
    assert.ok(texts[1]!.type === 'text' && texts[1]!.markdown === '', 'no generated words in the user\'s commentary');
    const table = r.sections.find((s) => s.type === 'table');
    assert.ok(table?.type === 'table');
    assert.deepEqual(table.metrics, ['total.iops', 'total.bw_mib_s', 'total.clat_avg_ms'], 'bandwidth beside IOPS, and completion latency where the runs have clat');
    const zh = core.createReport('fio-disk-vs-tmpfs', { template: 'cache-on-off', locale: 'zh-CN' });
    const zhText = zh.sections.find((s) => s.type === 'text');
    assert.ok(zhText?.type === 'text' && /利特尔定律/.test(zhText.markdown));
  });

  it('a sweep draws completion latency beside IOPS', () => {
    const r = core.createReport('fio-bs-qd-sweep', { template: 'sweep' });
    const specs = core.charts('fio-bs-qd-sweep').filter((c) => r.sections.some((s) => s.type === 'chart' && s.chart === c.id)).map((c) => c.spec);
    assert.deepEqual(specs.map((s) => (s.kind === 'scaling' ? s.metric : s.kind)), ['total.iops', 'total.clat_avg_ms']);
    const commentary = r.sections.find((s) => s.type === 'text');
    assert.ok(commentary?.type === 'text' && commentary.markdown === '', 'not "Swept parameter: iodepth." written as if the user had');
    // The headline's peaks judge "stable up to" on completion latency too (issue 27.4), not fio's total lat.
    const headline = core.renderReport('fio-bs-qd-sweep', r.id).sections.find((s) => s.type === 'headline');
    assert.equal(headline?.type === 'headline' ? headline.sweep?.latency_metric : null, 'total.clat_avg_ms');
    assert.equal(scalingCurves({ runs: core.runs({ study: 'fio-bs-qd-sweep' }), x: 'iodepth', metric: 'total.iops' }).latency_metric, 'total.clat_avg_ms', 'Scaling judges on clat by default');
  });

  it('an AWR report\'s note on reading its figures is titled as PerfDelta\'s; its Commentary is left empty for the user', () => {
    const r = core.createReport('s2-exadata-flash-cache', { template: 'cache-on-off' });
    const texts = r.sections.flatMap((s) => (s.type === 'text' ? [[s.title, s.markdown === '' ? 'empty' : 'note']] : []));
    assert.deepEqual(texts, [['About these figures', 'note'], ['Commentary', 'empty']]);
  });

  it('AWR reports are no closed loop: their headline is not cut to one figure', () => {
    assert.equal(closedLoopAtFixedLoad(core.runs({ study: 's2-exadata-flash-cache' })), false);
    assert.equal(closedLoopAtFixedLoad(core.runs({ study: 'fio-disk-vs-tmpfs' })), true);
    const limited = core.runs({ study: 'fio-disk-vs-tmpfs' }).map((r) => ({ ...r, params: { ...r.params, rate_iops: 5000 } }));
    assert.equal(closedLoopAtFixedLoad(limited), false, 'a rate-limited run is an open loop: its latency is a finding of its own');
  });
});
