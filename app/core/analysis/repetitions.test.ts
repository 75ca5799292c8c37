import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Core } from '../core.js';
import { tempDir } from '../test-support/temp.js';
import { fioVolumes, importFioVolumes, importSysbenchServers, SERVERS, writeFioVolumes } from '../test-support/stranger-studies.js';
import { paramsFromPath } from '../import/path-params.js';
import { checkRepetitions, measureNoise } from './repetitions.js';
import { whatTellsApart, type RunFacts } from './discriminators.js';

function withCore<T>(fn: (core: Core) => T): T {
  const core = new Core(path.join(tempDir(), 'db.sqlite'));
  try {
    return fn(core);
  } finally {
    core.close();
  }
}

describe('repetitions are checked before they are folded', () => {
  it('short- and long-range runs of one thread count are not repetitions: the file-name token is what tells them apart', () => {
    withCore((core) => {
      const written = importSysbenchServers(core, path.join(tempDir(), 'sb'), 'db', SERVERS.slice(0, 2));
      const check = checkRepetitions(core.runs({ study: 'db' }), core.settings('db').pairing_keys);
      assert.equal(check.disagreeing.length, 18, 'every thread count of both servers');
      const worst = check.disagreeing[0]!;
      const [short, long] = ['short', 'long'].map((t) => written.find((w) => w.server === worst.config && w.token === t && `oltp ${w.threads} thread${w.threads === 1 ? '' : 's'}` === worst.workload)!);
      assert.deepEqual([...worst.values].sort((a, b) => a - b), [long!.tps, short!.tps]);
      const best = check.discriminators[0]!;
      assert.equal(best.kind, 'path');
      assert.deepEqual(best.values, ['long', 'short']);
      assert.equal(best.separates, true, 'long below short in every group');
      // The rule reads the token from every file, and from nothing else.
      for (const w of written) assert.equal(paramsFromPath(w.file, [best.rule!])[best.rule!.param], w.token);
      assert.match(check.message!, /not repetitions/);
      assert.match(check.message!, /--path-param 'ro\\\.\(short\|long\)\\\.=variant'/);
    });
  });

  it('a third token value is read by the same rule', () => {
    withCore((core) => {
      const tokens = [{ token: 'short', factor: () => 1 }, { token: 'long', factor: () => 0.3 }, { token: 'mixed', factor: () => 0.6 }];
      const written = importSysbenchServers(core, path.join(tempDir(), 'sb'), 'db', SERVERS.slice(0, 1), [1, 8, 64], tokens);
      const check = checkRepetitions(core.runs({ study: 'db' }), core.settings('db').pairing_keys);
      const best = check.discriminators[0]!;
      assert.deepEqual(best.values, ['long', 'mixed', 'short']);
      for (const w of written) assert.equal(paramsFromPath(w.file, [best.rule!])[best.rule!.param], w.token);
    });
  });

  it('once the token is a parameter, nothing disagrees', () => {
    withCore((core) => {
      importSysbenchServers(core, path.join(tempDir(), 'sb'), 'db', SERVERS.slice(0, 2));
      const rule = checkRepetitions(core.runs({ study: 'db' }), core.settings('db').pairing_keys).discriminators[0]!.rule!;
      core.updateSettings('db', { path_params: [rule] });
      const check = checkRepetitions(core.runs({ study: 'db' }), core.settings('db').pairing_keys);
      assert.equal(check.disagreeing.length, 0);
      assert.equal(check.message, null);
      assert.equal(check.groups_checked, 0, 'one run a point: nothing to fold');
    });
  });

  it('volumes dropped as one configuration: the device they ran on is proposed as configurations, named by their file-name token', () => {
    withCore((core) => {
      const written = writeFioVolumes(path.join(tempDir(), 'fio'));
      core.importPaths(written.map((w) => w.file), 'ebs', 'default', {});
      const check = checkRepetitions(core.runs({ study: 'ebs' }), core.settings('ebs').pairing_keys);
      assert.equal(check.discriminators[0]!.param, 'target', 'fio\'s filename comes first: what the runs ran on');
      assert.equal(check.configurations.length, 1);
      const p = check.configurations[0]!;
      assert.equal(p.by, 'target');
      assert.deepEqual(p.groups.map((g) => g.label).sort(), ['gp3-1000mbs', 'gp3-16000', 'io2-16000', 'raid0-gp3x2']);
      const byLabel = new Map(p.groups.map((g) => [g.label, g.runs.length]));
      assert.deepEqual([...byLabel.values()], [7, 7, 7, 7]);
      assert.match(p.message, /rather than paired as repetitions/);
    });
  });

  it('runs that agree: their noise is measured, nothing is proposed', () => {
    withCore((core) => {
      importFioVolumes(core, path.join(tempDir(), 'a'), 'ebs');
      // io2 again, 0.4% faster: two runs a point that agree.
      const io2 = fioVolumes()[0]!;
      const again = writeFioVolumes(path.join(tempDir(), 'b'), [{ ...io2, mibs: Object.fromEntries(Object.entries(io2.mibs).map(([k, v]) => [k, v * 1.004])) }]);
      core.importPaths(again.filter((w) => w.volume === 'io2-16000').map((w) => w.file), 'ebs', 'io2-16000', {});
      const runs = core.runs({ study: 'ebs' });
      const check = checkRepetitions(runs, core.settings('ebs').pairing_keys);
      assert.equal(check.disagreeing.length, 0);
      assert.equal(check.configurations.length, 0);
      const noise = measureNoise(runs, core.settings('ebs').pairing_keys);
      assert.equal(noise.workloads, 7);
      assert.ok(noise.pct! > 0.15 && noise.pct! < 0.25, `half of 0.4%: ${noise.pct}`);
    });
  });
});

describe('what tells runs apart (no store: the import sheet calls it with staged files)', () => {
  const facts = (id: number, file: string, params: Record<string, string | number> = {}, value?: number): RunFacts => ({ id, file, params, ...(value !== undefined ? { value } : {}) });

  it('a folder that differs: the rule reads the folder', () => {
    const runs = [facts(1, 'srv/short/1.res', { threads: 1 }), facts(2, 'srv/long/1.res', { threads: 1 }), facts(3, 'srv/short/8.res', { threads: 8 }), facts(4, 'srv/long/8.res', { threads: 8 })];
    const [d] = whatTellsApart(runs, [[1, 2], [3, 4]]);
    assert.equal(d!.kind, 'path');
    assert.deepEqual(d!.values, ['long', 'short']);
    assert.equal(paramsFromPath('x/srv/long/64.res', [d!.rule!])['variant'], 'long');
    assert.equal(d!.separates, null, 'staged files: no values to judge');
  });

  it('a folder and a file-name token that both differ: each is a parameter of its own, with a rule that reads it', () => {
    const runs: RunFacts[] = [];
    let id = 0;
    for (const threads of [1, 8]) {
      for (const server of ['mariadb-10.2', 'mysql-8.0', 'percona-5.7']) {
        for (const [range, tps] of [['short', 12000], ['long', 4000]] as const) runs.push(facts(++id, `sb/${server}/sysbench.ro.${range}.${threads}.res`, { threads }, tps * (server === 'mysql-8.0' ? 1.3 : 1)));
      }
    }
    const groups = [1, 8].map((t) => runs.filter((r) => r.params['threads'] === t).map((r) => r.id));
    const found = whatTellsApart(runs, groups).filter((d) => d.kind === 'path');
    assert.deepEqual(found.map((d) => d.values).sort((a, b) => a.length - b.length), [['long', 'short'], ['mariadb-10.2', 'mysql-8.0', 'percona-5.7']]);
    const token = found.find((d) => d.values.includes('short'))!;
    const folder = found.find((d) => d.values.includes('mysql-8.0'))!;
    assert.notEqual(token.param, folder.param, 'two parameters, two names');
    assert.equal(paramsFromPath('x/sb/percona-5.7/sysbench.ro.long.64.res', [token.rule!])[token.param], 'long');
    assert.equal(paramsFromPath('x/sb/percona-5.7/sysbench.ro.long.64.res', [folder.rule!])[folder.param], 'percona-5.7');
    // The range sets the runs apart far more than the server: it leads, and it separates.
    assert.equal(found[0], token);
    assert.equal(token.separates, true);
  });

  it('a repetition index splits every group too, but its order is noise: it does not separate', () => {
    const runs = [facts(1, 'rep1.json', {}, 100), facts(2, 'rep2.json', {}, 140), facts(3, 'a/rep1.json', {}, 141), facts(4, 'a/rep2.json', {}, 99)];
    const found = whatTellsApart(runs.map((r, i) => ({ ...r, file: i < 2 ? `x/${r.file}` : `y/${r.file.slice(2)}` })), [[1, 2], [3, 4]]);
    const token = found.find((d) => d.kind === 'path');
    assert.equal(token?.separates, false);
  });

  it('a measured parameter (a runtime different in every run) is no discriminator', () => {
    const runs = [facts(1, 'a.res', { runtime_s: 300.01, x: 1.1 }), facts(2, 'b.res', { runtime_s: 300.02, x: 1.2 }), facts(3, 'c.res', { runtime_s: 300.03, x: 1.3 }), facts(4, 'd.res', { runtime_s: 300.04, x: 1.4 })];
    assert.ok(!whatTellsApart(runs, [[1, 2], [3, 4]]).some((d) => d.kind === 'param'));
  });
});
