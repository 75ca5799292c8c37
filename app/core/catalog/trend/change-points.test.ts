/**
 * PerfDelta's change points against Apache Otava 0.8.0 and MongoDB's signal-processing-algorithms
 * 2.1.6, series by series. The answers were written by ./known-answers/make.py (each package in
 * its own Python environment) and are read here as committed JSON: these tests need neither.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { changePoints, compareSegments, eDivisive, OTAVA_DEFAULTS } from './change-points.js';
import { studentSf, tTestFromStats } from './student-t.js';

interface OtavaPoint { index: number; pvalue: number; magnitude: number; forward_change_percent: number; mean_before: number; mean_after: number; stddev_before: number; stddev_after: number }
interface Case {
  name: string;
  source: string;
  values: number[];
  otava: { window_len: number; max_pvalue: number; min_magnitude: number; mode?: undefined } | { mode: 'detector'; max_pvalue: number } | null;
  spa: { pvalue: number; permutations: number; seed: number } | null;
  otava_answer: { change_points: OtavaPoint[]; weak?: number[] } | null;
  spa_answer: { change_points: number[] } | null;
}
const answers = JSON.parse(fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'known-answers', 'answers.json'), 'utf8')) as {
  otava: { versions: Record<string, string> }; signal_processing_algorithms: { versions: Record<string, string> }; cases: Case[];
};
const windowed = answers.cases.filter((c): c is Case & { otava: { window_len: number; max_pvalue: number; min_magnitude: number } } => c.otava !== null && c.otava.mode === undefined);
const optionsOf = (c: (typeof windowed)[number]): { windowLen: number; maxPValue: number; minMagnitude: number } => ({ windowLen: c.otava.window_len, maxPValue: c.otava.max_pvalue, minMagnitude: c.otava.min_magnitude });

/** Equal to the last few bits: the same sums in the same order, numpy's pairwise mean aside. */
const close = (x: number, y: number, rel = 1e-9): boolean => x === y || Math.abs(x - y) <= rel * Math.max(Math.abs(x), Math.abs(y));

/**
 * Where PerfDelta's default (a level lasts at least 2 runs) differs from Otava's answer: every
 * index Otava has and PerfDelta has not bounds a level of one run (checked below).
 */
const SHORT_LEVELS: Record<string, string> = {
  'otava: tigerbeetle, window 30, p 0.1, magnitude 0.05': 'Otava marks the one-run drop at run 10 (15,672 among ~26,700) as changes at 10 and 11',
  'otava: tigerbeetle, window 30, p 0.2, magnitude 0.05': 'the same one-run drop at run 10',
  'otava: tigerbeetle, window 30, p 0.2, magnitude 0.0': 'at p 0.2 with no magnitude floor Otava keeps many one-run levels in the noise',
  'otava: tigerbeetle, window 30, p 0.1, magnitude 0.0': 'the same, fewer of them',
  'spa: finds ahead': 'Otava: 14 and 15 around the one run at 74 between 50 and 100; PerfDelta keeps one change, at 15 (74 is closer to 50)',
  'spa: finds behind': 'Otava: 14 and 15 around the one run at 76; PerfDelta keeps one change, at 14 (76 is closer to 100)',
  'generated: 400 nights, -11% at 130, +19% at 270, a dip at 200': 'Otava marks the one-night dip at 200 as changes at 200 and 201',
  'generated: 400 nights, window 30, p 0.01, magnitude 0.05': 'the same dip',
};

/** Where MongoDB's E-divisive (whole series, permutation test, κ at the segment's end) answers otherwise. */
const SPA_DIFFERS: Record<string, string> = {
  'spa: random-ish data': "Otava's window of 50 runs a t-test between 40-49 and 50-59 (means 191 and 213, p < 0.001) that the whole-series permutation test at p 0.01 does not reach",
  'spa: regression and recovery': "SPA places the recovery after the one-run spike at 32 (its statistic fixes κ at the segment's end); Otava's Q̂ over every κ places it at 30",
  'spa: profiling/small.json': 'the same changes, three of them one run apart (70/69, 243/242, 287/288): the two statistics weigh the runs next to a change differently',
  'spa: profiling/medium.json': 'the same as small.json, and 416/415, 460/461',
  'generated: two steps -11% and +19%': "Otava's windowed t-test also finds a shift at 90 in the noise (p < 0.001 within its window) that the whole-series permutation test does not",
  'generated: a ramp': 'a ramp has no change point; both cut it in steps, one of them two runs apart (29/31)',
};

describe('change points: known answers', () => {
  it('were made by the pinned versions', () => {
    assert.equal(answers.otava.versions['apache-otava'], '0.8.0');
    assert.equal(answers.signal_processing_algorithms.versions['signal-processing-algorithms'], '2.1.6');
    assert.ok(windowed.length >= 30, 'the answers hold the series');
  });

  it("Otava's method (a level of one run allowed): the same indices, weak points, p-values, magnitudes, means and deviations", () => {
    for (const c of windowed) {
      const got = changePoints(c.values, { ...optionsOf(c), minLevelRuns: 1 });
      const want = c.otava_answer!.change_points;
      assert.deepEqual(got.changePoints.map((p) => p.index), want.map((p) => p.index), c.name);
      assert.deepEqual(got.weak.map((p) => p.index), c.otava_answer!.weak, `${c.name}: weak change points`);
      got.changePoints.forEach((p, i) => {
        const w = want[i]!;
        assert.ok(close(p.pValue, w.pvalue), `${c.name} @${p.index}: p ${p.pValue} against ${w.pvalue}`);
        assert.ok(close(p.magnitude, w.magnitude), `${c.name} @${p.index}: magnitude`);
        assert.ok(close(p.forwardChange * 100, w.forward_change_percent), `${c.name} @${p.index}: change %`);
        assert.ok(close(p.meanBefore, w.mean_before) && close(p.meanAfter, w.mean_after), `${c.name} @${p.index}: means`);
        assert.ok(close(p.sdBefore, w.stddev_before, 1e-8) && close(p.sdAfter, w.stddev_after, 1e-8), `${c.name} @${p.index}: deviations`);
      });
    }
  });

  it("E-divisive with the t-test over a whole series: Otava's detector", () => {
    for (const c of answers.cases.filter((x) => x.otava?.mode === 'detector')) {
      const got = eDivisive(Float64Array.from(c.values), c.otava!.max_pvalue);
      assert.deepEqual(got.map((p) => p.index), c.otava_answer!.change_points.map((p) => p.index), c.name);
    }
  });

  it('by default a level lasts three runs: where Otava differs, its extra points bound shorter levels, listed as excursions', () => {
    for (const c of windowed) {
      const ours = changePoints(c.values, optionsOf(c));
      const otava = c.otava_answer!.change_points.map((p) => p.index);
      const same = JSON.stringify(ours.changePoints.map((p) => p.index)) === JSON.stringify(otava);
      if (!SHORT_LEVELS[c.name]) {
        assert.ok(same, `${c.name}: PerfDelta ${JSON.stringify(ours.changePoints.map((p) => p.index))}, Otava ${JSON.stringify(otava)}`);
        continue;
      }
      assert.ok(!same, `${c.name}: explained as different, but the answers agree now`);
      const bounds = [0, ...otava, c.values.length];
      const short = (i: number): boolean => {
        const k = bounds.indexOf(i);
        return k >= 0 && (bounds[k + 1]! - i < 3 || i - bounds[k - 1]! < 3);
      };
      const mine = ours.changePoints.map((p) => p.index);
      assert.ok(otava.some((x) => short(x) && !mine.includes(x)), `${c.name}: no one-run level was found`);
      // A point PerfDelta adds is where a one-run level between two levels joins one of them.
      for (const i of mine.filter((x) => !otava.includes(x))) assert.ok(short(i), `${c.name}: ${i} is not at a one-run level`);
      // A point it leaves out bounds a one-run level, or is no longer a change once they are gone.
      for (const i of otava.filter((x) => !mine.includes(x) && !short(x))) {
        const left = Math.max(0, ...mine.filter((x) => x < i));
        const right = Math.min(c.values.length, ...mine.filter((x) => x > i));
        const s = compareSegments(c.values, { start: left, stop: i }, { start: i, stop: right });
        const magnitude = Math.max(Math.abs(s.meanAfter / s.meanBefore - 1), Math.abs(s.meanBefore / s.meanAfter - 1));
        assert.ok(!(s.pValue < c.otava.max_pvalue) || magnitude <= c.otava.min_magnitude, `${c.name}: ${i} left out, though still a change (p ${s.pValue})`);
      }
    }
  });

  it('the one-night dip of the 400-night history is an excursion, with its size and p', () => {
    const c = windowed.find((x) => x.name.startsWith('generated: 400 nights, -11%'))!;
    const r = changePoints(c.values);
    assert.deepEqual(r.changePoints.map((p) => p.index), [130, 270]);
    assert.equal(r.excursions.length, 1);
    const dip = r.excursions[0]!;
    assert.equal(dip.index, 200);
    assert.equal(dip.count, 1);
    assert.equal(dip.where, 'inside');
    assert.ok(dip.change < -0.35 && dip.change > -0.45, `the dip is about -40% (${dip.change})`);
    assert.ok(dip.pValue < 1e-20);
    // The steps' sizes, stated as Otava states them: the forward change and the magnitude.
    assert.ok(Math.abs(r.changePoints[0]!.forwardChange - -0.11) < 0.01, `${r.changePoints[0]!.forwardChange}`);
    assert.ok(Math.abs(r.changePoints[1]!.forwardChange - 0.19) < 0.01, `${r.changePoints[1]!.forwardChange}`);
  });

  it("against MongoDB's E-divisive: the same changes, or the difference explained", () => {
    for (const c of windowed.filter((x) => x.spa_answer)) {
      const ours = changePoints(c.values, optionsOf(c)).changePoints.map((p) => p.index);
      const same = JSON.stringify(ours) === JSON.stringify(c.spa_answer!.change_points);
      if (SPA_DIFFERS[c.name]) assert.ok(!same, `${c.name}: explained as different, but the answers agree now`);
      else assert.ok(same, `${c.name}: PerfDelta ${JSON.stringify(ours)}, signal-processing-algorithms ${JSON.stringify(c.spa_answer!.change_points)}`);
    }
  });
});

describe('change points: options and the t-test', () => {
  it("defaults are Otava's", () => {
    assert.deepEqual(OTAVA_DEFAULTS, { windowLen: 50, maxPValue: 0.001, minMagnitude: 0 });
    const r = changePoints([1, 2, 3]);
    assert.deepEqual(r.options, { windowLen: 50, maxPValue: 0.001, minMagnitude: 0, minLevelRuns: 3 });
  });

  it('refuses options it cannot use, saying which', () => {
    assert.throws(() => changePoints([1, 2], { windowLen: 1 }), /at least 2/);
    assert.throws(() => changePoints([1, 2], { maxPValue: 0 }), /p-value/);
    assert.throws(() => changePoints([1, 2], { minMagnitude: -1 }), /magnitude/);
    assert.throws(() => changePoints([1, 2], { minLevelRuns: 0 }), /whole number of runs/);
    assert.throws(() => changePoints([1, Number.NaN]), /finite/);
  });

  it("Student's t: SciPy's values", () => {
    // scipy.stats.ttest_ind_from_stats(15.0, sqrt(87.5), 13, 12.0, sqrt(39.0), 11): t 0.9051358, p 0.3751996 (SciPy's docstring)
    const r = tTestFromStats(15.0, Math.sqrt(87.5), 13, 12.0, Math.sqrt(39.0), 11);
    assert.ok(Math.abs(r.t - 0.9051358093310269) < 1e-12, `t ${r.t}`);
    assert.ok(Math.abs(r.p - 0.3751996797581487) < 1e-12, `p ${r.p}`);
    // scipy.special.stdtr(10, -3) = 0.006671827511284783
    assert.ok(Math.abs(studentSf(3, 10) - 0.006671827511284783) < 1e-15, `sf ${studentSf(3, 10)}`);
    // Constant sides: an infinite t (p 0) when they differ, 0/0 (NaN) when they agree.
    assert.equal(tTestFromStats(1, 0, 5, 2, 0, 5).p, 0);
    assert.ok(Number.isNaN(tTestFromStats(1, 0, 5, 1, 0, 5).p), 'NaN p');
  });
});
