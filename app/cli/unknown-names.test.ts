/**
 * `perfdelta compare` with a name the study does not have: an error (exit 1) naming the closest
 * names, a JSON error object with --json, never "pairs: []" and exit 0; the core raises it, so
 * the UI's compare gets the same error.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../../importers/test-support/corpus.js';
import { Core, UnknownNameError } from '../core/core.js';
import { closestNames, editDistance } from '../core/closest-names.js';
import { tempDir } from '../core/test-support/temp.js';

const BIN = path.join(REPO_ROOT, 'app', 'cli', 'bin.cjs');
const FIO = path.join(REPO_ROOT, 'samples', 'fio');

function cli(args: string[], home: string): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { env: { ...process.env, PERFDELTA_HOME: home }, encoding: 'utf8' });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

describe('unknown names are errors with the closest names', () => {
  it('closeness: case, prefix, transpositions and typos, the metric\'s last part', () => {
    assert.equal(editDistance('raed.iops', 'read.iops'), 1);
    assert.deepEqual(closestNames('total.iopz', ['total.iops', 'read.iops', 'total.bw_mib_s']), ['total.iops']);
    assert.deepEqual(closestNames('read.lat_avg', ['read.lat_avg_ms', 'write.lat_avg_ms']), ['read.lat_avg_ms']);
    assert.deepEqual(closestNames('TMPFS', ['disk', 'tmpfs']), ['tmpfs']);
    assert.deepEqual(closestNames('tmp', ['disk', 'tmpfs']), ['tmpfs']);
    assert.deepEqual(closestNames('no.such.metric', ['total.iops', 'read.lat_avg_ms']), []);
  });

  it('the CLI: exit 1, the closest names on stderr, and with --json an error object', () => {
    const home = tempDir();
    assert.equal(cli(['import', '--study', 'Disk vs RAM', '--config', 'disk', path.join(FIO, 'disk')], home).code, 0);
    assert.equal(cli(['import', '--study', 'Disk vs RAM', '--config', 'tmpfs', path.join(FIO, 'tmpfs')], home).code, 0);
    const base = ['compare', '--study', 'Disk vs RAM', '--baseline', 'disk', '--candidate', 'tmpfs'];

    const metric = cli([...base, '--metric', 'no.such.metric', '--json'], home);
    assert.equal(metric.code, 1, 'not exit 0 with pairs: []');
    const body = JSON.parse(metric.stdout) as { error: { code: string; kind: string; name: string; suggestions: string[]; message: string } };
    assert.deepEqual([body.error.code, body.error.kind, body.error.name, body.error.suggestions], ['unknown_name', 'metric', 'no.such.metric', []]);
    assert.match(body.error.message, /unknown metric "no\.such\.metric" in the runs of study "Disk vs RAM"; it has: /);
    assert.match(metric.stderr, /unknown metric "no\.such\.metric"/);

    const typo = cli([...base, '--metric', 'total.iopz', '--json'], home);
    assert.equal(typo.code, 1);
    assert.equal((JSON.parse(typo.stdout) as { error: { suggestions: string[] } }).error.suggestions[0], 'total.iops');

    const config = cli(['compare', '--study', 'Disk vs RAM', '--baseline', 'disk', '--candidate', 'tmpf'], home);
    assert.equal(config.code, 1);
    assert.match(config.stderr, /unknown configuration "tmpf" in study "Disk vs RAM"; the closest: "tmpfs"/);

    const study = cli(['compare', '--study', 'Disk vs RAMM', '--baseline', 'disk', '--candidate', 'tmpfs', '--json'], home);
    assert.equal(study.code, 1);
    assert.deepEqual((JSON.parse(study.stdout) as { error: { kind: string; suggestions: string[] } }).error, { ...JSON.parse(study.stdout).error, kind: 'study', suggestions: ['Disk vs RAM', 'disk-vs-ram'] });

    // A metric the study has still compares.
    assert.equal(cli([...base, '--metric', 'total.iops', '--json'], home).code, 0);
  });

  it('the core raises it, so the UI gets the same error: periods and period metrics too', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    try {
      core.importPaths([path.join(FIO, 'disk')], 'Core', 'disk');
      core.importPaths([path.join(FIO, 'tmpfs')], 'Core', 'tmpfs');
      core.definePeriod('Core', 'before', 'before 2020-01-01 00:00');
      core.definePeriod('Core', 'after', 'after 2020-01-01 00:00');
      const err = (f: () => unknown): UnknownNameError => {
        try {
          f();
        } catch (e) {
          assert.ok(e instanceof UnknownNameError, String(e));
          return e;
        }
        assert.fail('no error');
      };
      const p = err(() => core.compare({ study: 'Core', baseline: 'before', candidates: ['aftr'], metrics: ['read.iops'] }));
      assert.deepEqual([p.kind, p.suggestions], ['period', ['after']]);
      const m = err(() => core.compare({ study: 'Core', baseline: 'before', candidates: ['after'], metrics: ['read.lat_avg_ms'] }));
      assert.equal(m.kind, 'metric');
      assert.match(m.message, /the time series of study "Core"/);
    } finally {
      core.close();
    }
  });
});
