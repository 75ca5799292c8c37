/**
 * The real cross-layer sample (samples/timeline/fio-host, made by samples/timeline/generate.sh):
 * fio's per-second logs and the host monitors recorded on one clock line up with no offset, and
 * the correlation its description and report state is the one the timeline computes.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { Core } from '../core.js';
import { tempDir } from '../test-support/temp.js';
import { loadSamples, samplesDir } from './samples.js';

const SLUG = 'fio-host-timeline';

describe('the fio and host monitors sample', () => {
  const dir = tempDir();
  let core: Core;
  before(async () => {
    core = new Core(path.join(dir, 'perfdelta.sqlite'));
    await loadSamples(core, [SLUG]);
  });

  it('lines fio, iostat, vmstat and mpstat up with no offset, every lane on an exact clock but mpstat\'s', () => {
    const t = core.timeline.get(SLUG);
    assert.deepEqual(t.offsets, []);
    assert.deepEqual(new Set(t.lanes.map((l) => l.layer)), new Set(['host', 'benchmark']));
    const zones = new Map(t.lanes.map((l) => [l.tool, l.zone.text]));
    assert.equal(zones.get('fio'), 'UTC (fio\'s epoch timestamps)');
    assert.equal(zones.get('vmstat'), 'UTC (stated in the file)');
    assert.equal(zones.get('iostat'), 'the zone stated in the file, applied');
    assert.equal(zones.get('mpstat'), 'no zone in the file: read as UTC');
  });

  it("fio's read IOPS against the disk's r/s: the correlation the sample states, at a proposed offset of 0 s", () => {
    const lanes = core.timeline.get(SLUG).choices;
    const fio = lanes.find((c) => c.metric === 'read.iops' && c.source.startsWith('fio'))!;
    const disk = lanes.find((c) => c.metric === 'read.iops' && c.source.startsWith('iostat'))!;
    const p = core.timeline.proposeOffset(SLUG, fio.id, disk.id);
    assert.equal(p.offset_s, 0);
    assert.ok(p.correlation! > 0.95);
    const stated = `r = ${p.correlation!.toFixed(3)}`;
    const studies = fs.readFileSync(path.join(samplesDir(), 'studies.json'), 'utf8');
    const reports = fs.readFileSync(path.join(samplesDir(), 'reports.json'), 'utf8');
    assert.ok(studies.includes(`correlate at ${stated} as recorded`), `studies.json states ${stated}`);
    assert.ok(reports.includes(`correlate at ${stated} as recorded`), `reports.json states ${stated}`);
  });
});
