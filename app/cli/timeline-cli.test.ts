/**
 * `perfdelta timeline` on the power-test shape (samples/timeline/power-test.mjs): the lanes as
 * text and --json, a proposal printed and not applied, an offset given for one answer, kept with
 * --save-offsets, a window in the study's zone, the interval check of a report, and usage errors
 * that say what a lane and an offset look like.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { REPO_ROOT } from '../../importers/test-support/corpus.js';
import { tempDir } from '../core/test-support/temp.js';
// @ts-expect-error the sample generators are plain ES modules without types
import { generate as powerTest } from '../../samples/timeline/power-test.mjs';
// @ts-expect-error the sample generators are plain ES modules without types
import { generate as racRun } from '../../samples/timeline/rac-ten-minutes.mjs';

const BIN = path.join(REPO_ROOT, 'app', 'cli', 'bin.cjs');

function cli(args: string[], home: string): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { env: { ...process.env, PERFDELTA_HOME: home }, encoding: 'utf8' });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

describe('perfdelta timeline', () => {
  // Made here, not in before(): a temporary folder made in a hook is removed when the hook ends.
  const home = tempDir();
  const rac = tempDir();
  let ids: { pidstat: number; sar: number; events: number };
  before(() => {
    const files = path.join(home, 'files');
    powerTest(files);
    assert.equal(cli(['import', '--study', 'pt', '--config', 'power test', files], home).code, 0);
    const runs = JSON.parse(cli(['runs', '--study', 'pt', '--json'], home).stdout) as Array<{ id: number; tool: string }>;
    ids = { pidstat: runs.find((r) => r.tool === 'pidstat')!.id, sar: runs.find((r) => r.tool === 'sar')!.id, events: runs.find((r) => r.tool === 'events')!.id };
  });

  it('--json: the lanes it opens on, each with its layer, zone and unit, and every lane there is', () => {
    const r = cli(['timeline', '--study', 'pt', '--json'], home);
    assert.equal(r.code, 0, r.stderr);
    const t = JSON.parse(r.stdout) as { lanes: Array<{ id: string; layer: string; unit: string; zone: { text: string } }>; choices: unknown[]; offsets: unknown[] };
    const sar = t.lanes.find((l) => l.id === `${ids.sar}:cpu:cpu_usr_pct`)!;
    assert.deepEqual([sar.layer, sar.unit, sar.zone.text], ['host', '%', 'no zone in the file: read as UTC']);
    assert.ok(t.lanes.some((l) => l.id === `events:${ids.events}` && l.layer === 'database'));
    assert.ok(t.choices.length > t.lanes.length);
    assert.deepEqual(t.offsets, []);
  });

  it('--propose-offset prints −3,600 s with its correlation, and how to apply it; nothing is applied', () => {
    const r = cli(['timeline', '--study', 'pt', '--propose-offset', `${ids.pidstat}:postgres:proc_cpu_pct`, `${ids.sar}:cpu:cpu_usr_pct`], home);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^offset −3,600 s for run \d+ .* r = 0\.99\d there/);
    assert.match(r.stdout, new RegExp(`apply it: perfdelta timeline --study "pt" --offset ${ids.sar}=-3600 --save-offsets`));
    const json = JSON.parse(cli(['timeline', '--study', 'pt', '--propose-offset', `${ids.pidstat}:postgres:proc_cpu_pct`, `${ids.sar}:cpu:cpu_usr_pct`, '--json'], home).stdout);
    assert.equal(json.offset_s, -3600);
    assert.equal(json.applied, false);
    assert.deepEqual(JSON.parse(cli(['timeline', '--study', 'pt', '--json'], home).stdout).offsets, []);
  });

  it('--offset for one answer, a window in the study\'s zone, then --save-offsets keeps it', () => {
    const lane = `${ids.sar}:cpu:cpu_usr_pct`;
    const given = JSON.parse(cli(['timeline', '--study', 'pt', '--series', lane, '--offset', `${ids.sar}=-01:00`, '--from', '2024-05-01 10:00', '--to', '2024-05-01T10:05:00Z', '--json'], home).stdout);
    assert.equal(given.lanes[0].offset_s, -3600);
    assert.equal(given.lanes[0].stats.samples, 31, '10:00:00 to 10:05:00 at 10 s, both ends in');
    assert.deepEqual(given.offsets, [{ run: ids.sar, offset_s: -3600, source: 'given' }]);
    assert.deepEqual(JSON.parse(cli(['timeline', '--study', 'pt', '--json'], home).stdout).offsets, [], 'given, not kept');
    assert.equal(cli(['timeline', '--study', 'pt', '--offset', `${ids.sar}=-3600`, '--save-offsets'], home).code, 0);
    const kept = JSON.parse(cli(['timeline', '--study', 'pt', '--json'], home).stdout);
    assert.equal(kept.offsets[0].source, 'stored');
    assert.equal(kept.offsets[0].offset_s, -3600);
  });

  it('usage errors say what a lane, an offset and a time look like', () => {
    const lane = cli(['timeline', '--study', 'pt', '--propose-offset', 'sda'], home);
    assert.equal(lane.code, 2);
    assert.match(lane.stderr, /takes two lanes: REFERENCE SUBJECT \(RUN:OBJECT:METRIC/);
    assert.match(cli(['timeline', '--study', 'pt', '--offset', '3=1h'], home).stderr, /--offset takes RUN=SECONDS/);
    assert.match(cli(['timeline', '--study', 'pt', '--from', 'yesterday'], home).stderr, /"yesterday" is not a time/);
    const missing = JSON.parse(cli(['timeline', '--study', 'pt', '--series', 'sda:read.iops', '--json'], home).stdout);
    assert.match(missing.missing[0].reason, /^not a lane id/);
  });

  it('--check: an AWR report\'s interval against the host\'s figures over it', () => {
    racRun(path.join(rac, 'files'));
    assert.equal(cli(['import', '--study', 'rac', '--config', 'run', path.join(rac, 'files')], rac).code, 0);
    const runs = JSON.parse(cli(['runs', '--study', 'rac', '--json'], rac).stdout) as Array<{ id: number; params: Record<string, unknown> }>;
    const inst1 = runs.find((r) => r.params['report'] === 'awrrpt' && r.params['inst_num'] === 1)!;
    const r = cli(['timeline', '--study', 'rac', '--check', String(inst1.id)], rac);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^physical reads per second: database 24,037 1\/s; host 24,040 1\/s \(\+0\.0\d+%\)$/m);
    assert.match(r.stdout, /^CPU user: database 42\.6 %; host 42\.6 % \(-0\.\d+%\)$/m);
  });
});
