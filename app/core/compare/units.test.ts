import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../../../importers/test-support/corpus.js';
import { Core } from '../core.js';
import { tempDir } from '../test-support/temp.js';

describe('display units chosen once per study', () => {
  it('converts values (not ratios) and names the unit; storage stays canonical', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    const fio = path.join(REPO_ROOT, 'samples', 'fio');
    core.importPaths([path.join(fio, 'disk')], 'Units', 'disk');
    core.importPaths([path.join(fio, 'tmpfs')], 'Units', 'tmpfs');
    const args = { study: 'units', baseline: 'disk', candidates: ['tmpfs'], metrics: ['total.lat_avg_ms', 'total.bw_mib_s'] };
    const canonical = core.compare(args);
    core.updateSettings('units', { units: { latency: 'us' } });
    core.updateSettings('units', { units: { bandwidth: 'MB/s' } });
    assert.deepEqual(core.settings('units').units, { latency: 'us', bandwidth: 'MB/s' }, 'partial updates merge');
    const shown = core.compare(args);
    shown.pairs.forEach((p, i) => {
      const c = canonical.pairs[i]!;
      const factor = p.metric === 'total.lat_avg_ms' ? 1000 : 1.048576;
      assert.equal(p.unit, p.metric === 'total.lat_avg_ms' ? 'µs' : 'MB/s');
      assert.ok(Math.abs(p.baseline - c.baseline * factor) < 1e-9 * p.baseline);
      assert.equal(p.speedup, c.speedup, 'ratios do not depend on units');
      assert.equal(p.text, c.text);
    });
    const stored = core.runs({ study: 'units', config: 'disk' })[0]!;
    assert.ok(stored.metrics['total.lat_avg_ms']! < 10, 'the database keeps milliseconds');
    core.close();
  });

  it('short ratio labels follow the convention', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    const fio = path.join(REPO_ROOT, 'samples', 'fio');
    core.importPaths([path.join(fio, 'disk')], 'Short', 'disk');
    core.importPaths([path.join(fio, 'tmpfs')], 'Short', 'tmpfs');
    for (const [convention, pattern] of [['x-fold', /^\d+\.\d\dx$/], ['percent-change', /^[+-]\d+\.\d%$/], ['percent-of-baseline', /^\d+\.\d%$/]] as const) {
      const r = core.compare({ study: 'short', baseline: 'disk', candidates: ['tmpfs'], metrics: ['total.lat_avg_ms'], convention });
      for (const p of r.pairs) assert.match(p.short_text, pattern, convention);
      const p = r.pairs[0]!;
      if (convention === 'percent-of-baseline') assert.equal(p.short_text, `${((p.candidate / p.baseline) * 100).toFixed(1)}%`);
    }
    core.close();
  });
});
