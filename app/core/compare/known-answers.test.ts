/**
 * PerfDelta's statistics against benchstat (golang.org/x/perf/benchmath) and SciPy, case by case.
 * The answers were written by ./known-answers/generate.sh (Python with SciPy, and Go) and are
 * read here as committed JSON: these tests need neither. Where PerfDelta and benchstat differ, the
 * difference is listed below with its reason, and the test checks that it still exists.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { mannWhitneyU } from './mann-whitney.js';
import { medianInterval, medianOrders } from './median-interval.js';
import { ALPHA, significanceOf } from './significance.js';
import { median } from './stats.js';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'known-answers');
const read = <T>(f: string): T => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as T;

interface Case { name: string; a: number[]; b: number[]; note: string }
interface SciSide { n: number; median: number; scipy_equal_tailed_ci?: [number | null, number | null]; range_coverage?: number }
interface SciCase { name: string; ties: boolean; p_exact: number; p_exact_method: string; p_asymptotic: number; a: SciSide; b: SciSide }
interface BenchSide { median: number; lo: number | null; hi: number | null; confidence: number; warnings: string[] }
interface BenchCase { name: string; p: number; significant: boolean; exact: boolean; warnings: string[]; a: BenchSide; b: BenchSide }
interface Orders { lo: number; hi: number; coverage: number }

const cases = read<Case[]>('cases.json');
const scipy = read<{ cases: SciCase[]; median_ci_orders: Record<string, Orders & { benchstat_orders_coverage: number }> }>('scipy.json');
const bench = read<{ cases: BenchCase[]; median_ci_orders: Record<string, Orders & { confidence: number }> }>('benchstat.json');

/** Where benchstat's p differs from the exact permutation p, and why. */
const BENCHSTAT_P_DIFFERS: Record<string, string> = {
  "ties: lopsided, benchstat's p too small (5 vs 3)": 'lopsided ties, U1 > U2: benchstat doubles P(U1 ≤ U2) from the distribution of U1',
  "ties: lopsided, benchstat's p = 0 (4 vs 3)": 'the same: benchstat prints p = 0 where no test can go below 2/35',
  'ties: small integers #6 (3 vs 5)': 'the same, and uncapped: benchstat prints p = 1.07',
  'n=40 one distribution': 'values tie (one decimal): benchstat leaves the exact distribution beyond 25 a side with ties',
  'n=40 with ties': 'benchstat leaves the exact distribution beyond 25 a side with ties',
};

/** Sample sizes whose 95% median interval benchstat prints differently, and why. */
const BENCHSTAT_ORDERS_DIFFER: Record<number, string> = {
  24: 'two intervals tie exactly; benchstat\'s floating-point binomial breaks the tie to the right, its own rule says left: the mirror image, the same coverage',
  43: 'benchstat uses a normal approximation of the binomial above 30 runs and picks a wider interval',
  44: 'the same',
};

const close = (x: number, y: number, rel = 1e-9): boolean => x === y || Math.abs(x - y) <= rel * Math.max(Math.abs(x), Math.abs(y));

describe('known answers: PerfDelta against SciPy and benchstat', () => {
  it('the case files belong together', () => {
    assert.ok(cases.length >= 50, `${cases.length} cases`);
    assert.deepEqual(scipy.cases.map((c) => c.name), cases.map((c) => c.name));
    assert.deepEqual(bench.cases.map((c) => c.name), cases.map((c) => c.name));
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 16, 40]) assert.ok(cases.some((c) => c.a.length === n && c.b.length === n), `a case with ${n} a side`);
    assert.ok(cases.some((c) => c.name.startsWith('ties:')) && cases.some((c) => c.name.startsWith('identical:')) && cases.some((c) => c.name.startsWith('outlier:')));
  });

  for (const [i, c] of cases.entries()) {
    const sp = scipy.cases[i]!;
    const bs = bench.cases[i]!;
    it(`${c.name}: p-value, verdict, medians and intervals`, () => {
      const test = mannWhitneyU(c.a, c.b)!;
      // SciPy: mannwhitneyu exact, a permutation test over every split with ties, or (16 and 40
      // a side with ties) an exact count in Python integers; asymptotic beyond 50 a side.
      const reference = test.method === 'exact' ? sp.p_exact : sp.p_asymptotic;
      assert.ok(close(test.pValue, reference), `p ${test.pValue} against SciPy's ${reference} (${test.method}, ${sp.p_exact_method})`);
      assert.ok(test.pValue >= test.pMin, 'never below the smallest achievable p');

      const sig = significanceOf(c.a, c.b, 'en');
      const scipySignificant = c.a.length > 1 && c.b.length > 1 && reference < ALPHA;
      assert.equal(sig.significant === true, scipySignificant, `verdict: ${sig.significance_note}`);
      assert.equal(sig.mark, scipySignificant ? '' : '~');

      const differs = BENCHSTAT_P_DIFFERS[c.name];
      if (differs === undefined) {
        assert.ok(close(test.pValue, bs.p), `p ${test.pValue} against benchstat's ${bs.p}`);
        if (c.a.length > 1 && c.b.length > 1) assert.equal(sig.significant, bs.significant, 'the same verdict as benchstat');
      } else {
        assert.ok(!close(test.pValue, bs.p), `listed as differing (${differs}), but benchstat now agrees`);
      }

      for (const side of ['a', 'b'] as const) {
        const values = c[side];
        const n = values.length;
        assert.ok(close(median(values), bs[side].median, 1e-12), `median of ${side} against benchstat`);
        assert.ok(close(median(values), sp[side].median, 1e-12), `median of ${side} against NumPy`);
        const ci = medianInterval(values);
        if (n === 1) {
          assert.equal(ci, null);
          continue;
        }
        assert.ok(ci && ci.low <= median(values) && median(values) <= ci.high, 'the interval holds the median');
        if (n < 6) {
          // benchstat: ±∞ on a side ("need >= 6 samples for confidence interval at level 0.95").
          assert.ok(bs[side].lo === null || bs[side].hi === null, 'benchstat has no finite 95% interval below 6 runs');
          assert.deepEqual([ci.method, ci.low, ci.high], ['min-max', Math.min(...values), Math.max(...values)]);
          assert.ok(close(ci.coverage, sp[side].range_coverage!, 1e-12), `range coverage ${ci.coverage}`);
        } else {
          assert.equal(ci.method, 'median-order-statistics');
          assert.ok(ci.coverage >= 0.95);
          if (BENCHSTAT_ORDERS_DIFFER[n] === undefined) {
            assert.deepEqual([ci.low, ci.high], [bs[side].lo, bs[side].hi], 'benchstat\'s interval');
            if (n <= 30) assert.ok(close(ci.coverage, bs[side].confidence, 1e-12), 'benchstat\'s confidence');
          }
        }
      }
    });
  }

  it('the order statistics of the median\'s interval, n = 2..60: QuantileCI\'s rule in exact arithmetic (SciPy), and benchstat', () => {
    for (let n = 2; n <= 60; n++) {
      const mine = medianOrders(n);
      const exact = scipy.median_ci_orders[String(n)]!;
      const go = bench.median_ci_orders[String(n)]!;
      assert.deepEqual([mine.low, mine.high], [exact.lo, exact.hi], `n = ${n}: the rule worked in fractions`);
      assert.ok(close(mine.coverage, exact.coverage, 1e-12), `n = ${n}: coverage ${mine.coverage} against SciPy's binomial ${exact.coverage}`);
      const reason = BENCHSTAT_ORDERS_DIFFER[n];
      if (reason === undefined) {
        assert.deepEqual([mine.low, mine.high], [go.lo, go.hi], `n = ${n}: benchstat's orders`);
        if (n <= 30) assert.ok(close(mine.coverage, go.confidence, 1e-12), `n = ${n}: benchstat's confidence`);
      } else {
        assert.notDeepEqual([mine.low, mine.high], [go.lo, go.hi], `n = ${n} is listed (${reason}) but benchstat now agrees`);
        assert.ok(mine.coverage >= 0.95 && mine.coverage <= exact.benchstat_orders_coverage + 1e-12, `n = ${n}: never wider than benchstat's`);
      }
    }
  });

  it('the issue\'s figures: 219 vs 328 three times each is p = 0.1 and "~"; 16 vs 16 fully separated is 3.3e-9', () => {
    const ties = significanceOf([219, 219, 219], [328, 328, 328], 'en');
    assert.equal(ties.p_value, 0.1);
    assert.equal(ties.mark, '~');
    assert.equal(ties.significance_note, '3 runs per side cannot reach p < 0.05; at least 4 per side are needed (the smallest possible p is 0.1)');
    const sixteen = mannWhitneyU(Array.from({ length: 16 }, (_, i) => i + 1), Array.from({ length: 16 }, (_, i) => i + 101))!;
    assert.equal(sixteen.method, 'exact');
    assert.ok(close(sixteen.pValue, 2 / 601080390, 1e-12), `${sixteen.pValue}`);
    assert.equal(medianInterval([1, 2, 3, 4, 5])!.coverage, 0.9375);
    assert.deepEqual(medianInterval([1, 2, 3, 4, 5, 6, 7, 8]), { low: 1, high: 7, level: 0.95, method: 'median-order-statistics', coverage: 0.9609375, low_order: 1, high_order: 7 });
  });
});
