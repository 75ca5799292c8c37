/**
 * The default report of a study of configurations is built from its design (issue 33): findings
 * first, the charts the design calls for, every configuration's values; AWR and period studies
 * keep their templates; `--template sweep` works on a block-size sweep and says what varies
 * where nothing is swept.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Core } from '../core.js';
import { loadSamples } from '../samples/samples.js';
import { tempDir } from '../test-support/temp.js';
import { importFioVolumes } from '../test-support/stranger-studies.js';

describe('the default report from the study\'s design', () => {
  let core: Core;
  before(async () => {
    core = new Core(path.join(tempDir(), 'db.sqlite'));
    importFioVolumes(core, path.join(tempDir(), 'fio'), 'ebs');
    await loadSamples(core, ['s1-flash-migration', 's2-exadata-flash-cache', 'fio-disk-vs-tmpfs']);
  });
  after(() => core.close());

  it('four volumes over block sizes: findings, a curve per binding metric, the heat map, the comparison and every value', () => {
    const r = core.createReport('ebs');
    assert.equal(r.name, 'Findings');
    const head = r.sections[0]!;
    assert.ok(head.type === 'headline' && head.findings === true && !head.sweep, 'findings, no peaks: block size is no load');
    const charts = core.charts('ebs').filter((c) => r.sections.some((s) => s.type === 'chart' && s.chart === c.id)).map((c) => c.spec);
    assert.deepEqual(charts.map((c) => (c.kind === 'scaling' ? `${c.kind}:${c.x}:${c.metric}` : c.kind)), ['scaling:bs:total.iops', 'scaling:bs:total.bw_mib_s', 'speedup-heatmap']);
    const pivots = r.sections.filter((s) => s.type === 'pivot');
    assert.ok(pivots.every((p) => p.type === 'pivot' && p.values.every((v) => v.statistic === 'median')), 'medians, as the methods say');
    const doc = core.renderReport('ebs', r.id);
    const values = doc.sections.find((s) => s.type === 'pivot');
    assert.ok(values?.type === 'pivot' && values.notes.includes('A cell is the median of its runs.'));
    assert.deepEqual(values.tables[0]!.columns.map((c) => c.label), ['io2-16000', 'gp3-16000', 'gp3-1000mbs', 'raid0-gp3x2'], 'every configuration');
    assert.deepEqual(values.tables[0]!.rows.map((row) => row.labels[0]), ['4K random write QD16 ×16', '8K random write QD16 ×16', '16K random write QD16 ×16', '32K random write QD16 ×16', '64K random write QD16 ×16', '128K random write QD16 ×16', '256K random write QD16 ×16'], 'natural order');
    const headline = doc.sections[0]!;
    assert.ok(headline.type === 'headline' && headline.analysis && headline.errors.length === 0);
  });

  it('--template sweep on a block-size sweep is the same report; where nothing is swept it says what varies', () => {
    const r = core.createReport('ebs', { template: 'sweep' });
    assert.ok(r.sections[0]!.type === 'headline' && r.sections[0]!.findings === true);
    const one = new Core(path.join(tempDir(), 'db.sqlite'));
    try {
      importFioVolumes(one, path.join(tempDir(), 'fio'), 'flat', undefined, [4]);
      assert.throws(() => one.createReport('flat', { template: 'sweep' }), /no ordered parameter is swept .* the parameters that vary are none/);
    } finally {
      one.close();
    }
  });

  it('AWR and period studies keep their templates; two fio configurations get findings', () => {
    assert.notEqual(core.createReport('s2-exadata-flash-cache').sections[0]!.type === 'headline' && (core.createReport('s2-exadata-flash-cache').sections[0] as { findings?: boolean }).findings, true);
    assert.equal(core.createReport('s1-flash-migration').name, 'Before and after');
    const fio = core.createReport('fio-disk-vs-tmpfs');
    assert.equal(fio.name, 'Sweep', 'its I/O depths are a swept load');
    assert.ok(fio.sections[0]!.type === 'headline' && fio.sections[0]!.findings === true);
  });
});
