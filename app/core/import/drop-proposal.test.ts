import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Core } from '../core.js';
import { createCoreHandlers } from '../rpc/handlers.js';
import { validateArgs } from '../rpc/schemas.js';
import { tempDir } from '../test-support/temp.js';
import { writeFioVolumes } from '../test-support/stranger-studies.js';

function withCore<T>(fn: (core: Core) => T): T {
  const core = new Core(path.join(tempDir(), 'db.sqlite'));
  try {
    return fn(core);
  } finally {
    core.close();
  }
}

describe('a drop of four volumes imports as four configurations', () => {
  it('proposed from the staged files, kept by the import: four configurations of seven runs, in one import', async () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    try {
      const written = writeFioVolumes(path.join(tempDir(), 'drop'));
      const handlers = createCoreHandlers(core, { mode: 'cli', dataDir: tempDir() });
      const ids = written.map((w) => core.stage(path.basename(w.file), fs.readFileSync(w.file)).id);
      const proposal = (await handlers['import.proposeConfigs'](validateArgs('import.proposeConfigs', { ids, study: '' })))!;
      assert.deepEqual(proposal.groups.map((g) => g.label), ['gp3-1000mbs', 'gp3-16000', 'io2-16000', 'raid0-gp3x2']);
      // The user renames one label in the sheet.
      const configs: Record<string, string> = {};
      for (const g of proposal.groups) for (const id of g.files) configs[id] = g.label === 'raid0-gp3x2' ? 'RAID-0 of two gp3' : g.label;
      const result = core.commit(validateArgs('import.commit', { ids, study: 'ebs', config: 'gp3-1000mbs', configs }).ids, 'ebs', 'gp3-1000mbs', { configs });
      assert.equal(result.files.filter((f) => f.status === 'imported').length, 28);
      const runs = core.runs({ study: 'ebs' });
      const byConfig = new Map<string, string[]>();
      for (const r of runs) byConfig.set(r.config, [...(byConfig.get(r.config) ?? []), path.basename(r.source.file)]);
      assert.deepEqual([...byConfig.keys()].sort(), ['RAID-0 of two gp3', 'gp3-1000mbs', 'gp3-16000', 'io2-16000']);
      for (const [config, files] of byConfig) {
        assert.equal(files.length, 7, config);
        const token = config === 'RAID-0 of two gp3' ? 'raid0-gp3x2' : config;
        assert.ok(files.every((f) => f.includes(`_${token}_`)), `${config}: ${files.join(', ')}`);
      }
      assert.equal(new Set(runs.map((r) => r.params['target'])).size, 4);
      // Paired by block size across the four, nothing folded: one run a point.
      assert.equal(core.analysis('ebs').design.runs_per_point.max, 1);
    } finally {
      core.close();
    }
  });

  it('a label the schema refuses fails the whole import: nothing is written', () => {
    withCore((core) => {
      const written = writeFioVolumes(path.join(tempDir(), 'drop')).slice(0, 2);
      const ids = written.map((w) => core.stage(path.basename(w.file), fs.readFileSync(w.file)).id);
      assert.throws(() => validateArgs('import.commit', { ids, study: 'ebs', config: 'x', configs: { [ids[0]!]: '   ' } }));
    });
  });

  it('the same volume twice (true repetitions of each block size): nothing proposed', () => {
    withCore((core) => {
      const dir = tempDir();
      const a = writeFioVolumes(path.join(dir, 'a')).filter((w) => w.volume === 'io2-16000');
      const b = writeFioVolumes(path.join(dir, 'b')).filter((w) => w.volume === 'io2-16000');
      // Different bytes (another run), the same workload on the same device, names as a repetition would be.
      const ids = [...a.map((w) => ({ w, n: 1 })), ...b.map((w) => ({ w, n: 2 }))].map(({ w, n }) => {
        const text = fs.readFileSync(w.file, 'utf8').replace('"usr_cpu": 1.2', `"usr_cpu": ${1.2 + n / 10}`);
        return core.stage(`run${n}/${path.basename(w.file)}`, new TextEncoder().encode(text)).id;
      });
      assert.equal(core.proposeConfigs(ids, ''), null);
    });
  });
});
