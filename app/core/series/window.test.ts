import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Core } from '../core.js';
import { tempDir } from '../test-support/temp.js';

describe('a zoomed run chart asks for its window', () => {
  it('a 20,000-sample fio log comes back downsampled whole (its one spike kept), and at full detail inside a window', () => {
    const dir = tempDir();
    // fio's iops log: time (ms), value, direction, block size; one sample every 100 ms.
    const lines = Array.from({ length: 20_000 }, (_, i) => `${(i + 1) * 100}, ${i === 12_345 ? 99_999 : 1000 + (i % 97)}, 0, 4096`);
    const file = path.join(dir, 'job_iops.1.log');
    fs.writeFileSync(file, lines.join('\n') + '\n');
    const core = new Core(path.join(dir, 'db.sqlite'));
    try {
      const result = core.importPaths([file], 'Zoom', 'disk');
      assert.equal(result.files[0]!.status, 'imported', JSON.stringify(result.files[0]!.errors));
      const run = core.runs({ study: 'Zoom' })[0]!;
      const whole = core.series(run.id, undefined, undefined, 4000);
      assert.ok(whole[0]!.points.length <= 4000 && whole[0]!.points.length > 2000, `the overview is downsampled to at most 4,000 points (${whole[0]!.points.length})`);
      assert.ok(whole[0]!.points.some(([t, v]) => v === 99_999 && t === whole[0]!.points[0]![0] + 12_345 * 100), 'the single-sample spike is drawn, at its time');
      const t0 = core.series(run.id)[0]!.points[0]![0];
      const from = t0 + 500_000;
      const to = t0 + 599_900;
      const window = core.series(run.id, undefined, undefined, 4000, from, to)[0]!.points;
      assert.equal(window.length, 1000, 'every sample of the window: 1,000 samples of 100 ms');
      assert.ok(window.every(([t]) => t >= from && t <= to));
      const raw = core.series(run.id)[0]!.points.filter(([t]) => t >= from && t <= to);
      assert.deepEqual(window, raw, 'the raw samples, not a downsampled copy');
    } finally {
      core.close();
    }
  });
});
