/**
 * A study of the local store that holds a history (a dated table of 400 nightly runs) has a
 * trend without any server: the steps found at the right nights with their sizes, the one-night
 * dip listed as an excursion and not a change; as a chart kind, saved, drawn in a report and in
 * its XLSX rows.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { chartRows } from '../../charts/chart-table.js';
import { Core } from '../../core.js';
import { tempDir } from '../../test-support/temp.js';
import { localTrend } from '../handlers.js';
import { EVIDENCE_HISTORY, historyCsv, historyRows, type HistoryShape } from '../test-support/history.js';
import { TrendError } from './trend.js';

function historyStore(shape: HistoryShape = EVIDENCE_HISTORY, extra = ''): { core: Core; rows: ReturnType<typeof historyRows> } {
  const dir = tempDir();
  const file = path.join(dir, 'nightly.csv');
  const rows = historyRows(shape);
  fs.writeFileSync(file, historyCsv(shape, rows) + extra);
  const core = new Core(path.join(dir, 'db.sqlite'));
  const r = core.importPaths([file], 'nightly fio', 'array-7');
  assert.equal(r.files[0]!.status, 'imported', JSON.stringify(r.files[0]));
  return { core, rows };
}

describe('trends over a study of the local store', () => {
  it('400 nights: -11% at night 130 and +19% at night 270 found with their sizes, the one-night dip at 200 an excursion', () => {
    const { core, rows } = historyStore();
    try {
      const t = localTrend(core, { study: 'nightly fio', metric: 'total.iops' });
      assert.equal(t.points.length, 400);
      assert.deepEqual(t.change_points.map((c) => c.index), [130, 270]);
      const [down, up] = t.change_points as [typeof t.change_points[0], typeof t.change_points[0]];
      // The sizes as generated, to within the noise of the levels' means (1.5% a night).
      assert.ok(Math.abs(down.change_pct - -11) < 1, `${down.change_pct}`);
      assert.ok(Math.abs(up.change_pct - 19) < 1.2, `${up.change_pct}`);
      assert.ok(Math.abs(down.magnitude - (1 / 0.89 - 1)) < 0.012, `${down.magnitude}`);
      assert.ok(down.p_value < 1e-30 && up.p_value < 1e-30);
      assert.deepEqual([down.verdict, up.verdict], ['worse', 'better'], 'IOPS that fall are worse');
      // The runs and commits on either side.
      assert.deepEqual([down.before.version, down.after.version], [rows[129]!.commit, rows[130]!.commit]);
      assert.deepEqual([up.before.version, up.after.version], [rows[269]!.commit, rows[270]!.commit]);
      assert.equal(down.time, rows[130]!.time.replace('Z', '.000Z'));
      assert.equal(t.excursions.length, 1);
      assert.equal(t.excursions[0]!.index, 200);
      assert.equal(t.excursions[0]!.points[0]!.version, rows[200]!.commit);
      assert.ok(t.excursions[0]!.change_pct < -35, `${t.excursions[0]!.change_pct}`);
      assert.match(t.source, /nightly-fio/);
      // Otava's own answer (a level may last one run) marks the dip as two changes.
      const otava = localTrend(core, { study: 'nightly fio', metric: 'total.iops', minLevelRuns: 1 });
      assert.ok(otava.change_points.some((c) => c.index === 200), 'Otava alone calls the dip a change');
    } finally {
      core.close();
    }
  });

  it('in any such history: both steps at their nights, the dip never a change (40 seeds)', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const { core } = historyStore({ ...EVIDENCE_HISTORY, seed });
      try {
        const t = localTrend(core, { study: 'nightly fio', metric: 'total.iops' });
        const at = t.change_points.map((c) => c.index);
        assert.ok(at.includes(130) && at.includes(270), `seed ${seed}: ${JSON.stringify(at)}`);
        assert.ok(!at.some((i) => i >= 199 && i <= 202), `seed ${seed}: the dip is a change (${JSON.stringify(at)})`);
      } finally {
        core.close();
      }
    }
  });

  it('latency too, with its direction; options change the answer as Otava\'s do', () => {
    const { core } = historyStore();
    try {
      const t = localTrend(core, { study: 'nightly fio', metric: 'total.lat_p99_ms' });
      assert.deepEqual(t.change_points.map((c) => [c.index, c.verdict]), [[130, 'worse'], [270, 'better']], 'latency that rises is worse');
      // Otava's magnitude floor: the -11% step (magnitude 0.124) goes first; the +19% step is then
      // measured against all the nights before it (+12%) and goes too.
      const strict = localTrend(core, { study: 'nightly fio', metric: 'total.iops', minMagnitude: 0.15 });
      assert.deepEqual(strict.change_points.map((c) => c.index), []);
      assert.deepEqual(strict.options, { window_len: 50, max_pvalue: 0.001, min_magnitude: 0.15, min_level_runs: 3 });
      assert.deepEqual(localTrend(core, { study: 'nightly fio', metric: 'total.iops', minMagnitude: 0.1 }).change_points.map((c) => c.index), [130, 270]);
    } finally {
      core.close();
    }
  });

  it('runs of several workloads are refused, each named with its --workload; one named is a trend', () => {
    const dir = tempDir();
    const file = path.join(dir, 'two.csv');
    const lines = ['time,commit,block size,IOPS'];
    for (let n = 0; n < 20; n++) for (const bs of ['4K', '64K']) lines.push(`2024-03-${String(n + 1).padStart(2, '0')}T02:00:00Z,c${n},${bs},${bs === '4K' ? 20000 + n : 3000 + n}`);
    fs.writeFileSync(file, lines.join('\n') + '\n');
    const core = new Core(path.join(dir, 'db.sqlite'));
    try {
      assert.equal(core.importPaths([file], 'two', 'a').files[0]!.status, 'imported');
      assert.throws(() => localTrend(core, { study: 'two', metric: 'total.iops' }), (e: Error) => e instanceof TrendError && /2 workloads: 4K \(20 runs\), 64K \(20 runs\); name one with --workload \(for example "bs=4K"\)/.test(e.message));
      const t = localTrend(core, { study: 'two', metric: 'total.iops', workload: 'bs=64K' });
      assert.equal(t.points.length, 20);
      assert.deepEqual(t.workloads.map((w) => w.workload), ['bs=4K', 'bs=64K']);
      assert.ok(t.points.every((p) => p.value < 4000));
    } finally {
      core.close();
    }
  });

  it('a chart kind: saved, drawn in a report and its XLSX rows mark the changes and the excursion', () => {
    const { core, rows } = historyStore();
    try {
      const saved = core.saveChart('nightly fio', 'IOPS over the nights', { kind: 'trend', metric: 'total.iops' });
      const report = core.saveReport('nightly fio', {
        name: 'Nightly', layout: { title: 'Nightly fio', page: 'A4', orientation: 'portrait', convention: 'x-fold', locale: 'en' },
        sections: [{ id: 's1', type: 'chart', chart: saved.id }],
      });
      const doc = core.renderReport('nightly fio', report.id);
      const section = doc.sections.find((s) => s.type === 'chart') as unknown as { data: { kind: string; trend: { change_points: unknown[] } } };
      assert.equal(section.data.kind, 'trend');
      assert.equal(section.data.trend.change_points.length, 2);
      const data = core.chartData('nightly fio', saved.spec);
      const table = chartRows(data);
      assert.deepEqual(table[0]!.slice(0, 3), ['Time (UTC)', 'Version', 'Study']);
      assert.equal(table.length, 401);
      assert.equal(table[131]![1], rows[130]!.commit);
      assert.ok(typeof table[131]![8] === 'number' && (table[131]![8] as number) < -10, 'the change in % on the first night of the new level');
      assert.equal(table[201]![11], 'yes', 'night 200 is marked as an excursion');
    } finally {
      core.close();
    }
  });
});
