/** `perfdelta compare` and `scaling` without --metric (and --x) take the study's defaults and say which. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { REPO_ROOT } from '../../importers/test-support/corpus.js';
import { tempDir } from '../core/test-support/temp.js';

const BIN = path.join(REPO_ROOT, 'app', 'cli', 'bin.cjs');
const cli = (home: string, ...args: string[]) => {
  const r = spawnSync(process.execPath, [BIN, ...args], { env: { ...process.env, PERFDELTA_HOME: home }, encoding: 'utf8' });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
};

describe('perfdelta without --metric', () => {
  const home = tempDir();
  before(() => {
    assert.equal(cli(home, 'samples', '--load', 'fio-disk-vs-tmpfs', 's5-rook-ceph-optane', 's4-aws-cluster').code, 0);
  });

  it('compare takes the primary metrics of the runs compared (fio: completion latency) and says so', () => {
    const r = cli(home, 'compare', '--study', 'fio-disk-vs-tmpfs', '--baseline', 'disk', '--candidate', 'tmpfs');
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^metrics: total\.iops, total\.bw_mib_s, total\.clat_avg_ms \(the primary metrics of the runs compared; --metric names others\)$/m);
    const json = JSON.parse(cli(home, 'compare', '--study', 'fio-disk-vs-tmpfs', '--baseline', 'disk', '--candidate', 'tmpfs', '--json').stdout) as { metrics: string[] };
    assert.deepEqual(json.metrics, ['total.iops', 'total.bw_mib_s', 'total.clat_avg_ms']);
  });

  it('scaling takes the load swept and its throughput, says so, and prints numbers as the workbench does', () => {
    const r = cli(home, 'scaling', '--study', 's5-rook-ceph-optane');
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^x: vus \(the load swept\); metric: nopm \(the primary throughput of the runs swept\)/m);
    assert.match(r.stdout, /^baseline: 1→763 {2}2→1,374 /m);
    const json = JSON.parse(cli(home, 'scaling', '--study', 's5-rook-ceph-optane', '--x', 'vus', '--json').stdout) as { metric: string };
    assert.equal(json.metric, 'nopm', 'X named, the metric still the default');
  });

  it('scaling with no load swept asks for --x, naming what varies', () => {
    const r = cli(home, 'scaling', '--study', 's4-aws-cluster');
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--x is required: no load .* is swept in "s4-aws-cluster" \(these parameters vary: bs, read_pct\)/);
  });
});
