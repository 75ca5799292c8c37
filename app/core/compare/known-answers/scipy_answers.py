"""SciPy's answers for every case of cases.json, written to scipy.json.

p_exact: mannwhitneyu(method='exact') without ties; with ties, permutation_test over every split
(mannwhitneyu(method=PermutationMethod(n_resamples=inf))) where there are at most 2,000,000 of them;
beyond that (16 and 40 a side with ties) an exact count in Python integers of the rank-sum
distribution given the tie pattern (`exact_by_counting`, checked here against permutation_test on
every case small enough for both). p_asymptotic: method='asymptotic' (tie and continuity corrected).
median_ci: quantile_test(...).confidence_interval(0.95), SciPy's equal-tailed interval, given for
reference; median_ci_orders: for n = 2..60 the order statistics go-moremath's QuantileCI rule picks
when worked in exact fractions, with their binomial coverage.
"""
import json
import math
from fractions import Fraction

import numpy as np
import scipy
from scipy import stats


def midranks(values):
    order = sorted(values)
    ranks2 = {}
    i = 0
    while i < len(order):
        j = i
        while j < len(order) and order[j] == order[i]:
            j += 1
        ranks2[order[i]] = i + j + 1  # twice the midrank
        i = j
    return ranks2


def exact_by_counting(a, b):
    """Two-sided p = 2·min(P(S ≤ s), P(S ≥ s)), S the doubled rank sum of a, counted exactly."""
    r2 = midranks(a + b)
    groups = {}
    for v in a + b:
        groups[r2[v]] = groups.get(r2[v], 0) + 1
    m = len(a)
    dist = {(0, 0): 1}  # (values taken, doubled sum) -> ways
    for w, t in groups.items():
        nxt = {}
        for (j, s), ways in dist.items():
            for c in range(0, min(t, m - j) + 1):
                key = (j + c, s + c * w)
                nxt[key] = nxt.get(key, 0) + ways * math.comb(t, c)
        dist = nxt
    obs = sum(r2[v] for v in a)
    total = math.comb(len(a) + len(b), m)
    less = sum(w for (j, s), w in dist.items() if j == m and s <= obs)
    greater = sum(w for (j, s), w in dist.items() if j == m and s >= obs)
    return float(min(Fraction(1), 2 * Fraction(min(less, greater), total)))


def coverage_of(n, lo, hi):
    """P(x(lo) <= median <= x(hi)) = P(lo <= K < hi), K ~ Binomial(n, 1/2) runs below the median."""
    return float(stats.binom.cdf(hi - 1, n, 0.5) - stats.binom.cdf(lo - 1, n, 0.5))


cases = json.load(open("cases.json"))
out = []
for c in cases:
    a, b = c["a"], c["b"]
    ties = len(set(a + b)) < len(a + b)
    rec = {"name": c["name"], "ties": ties}
    if len(set(a + b)) == 1:
        rec.update(p_exact=1.0, p_exact_method="all values equal", p_asymptotic=1.0)
    else:
        rec["p_asymptotic"] = float(stats.mannwhitneyu(a, b, method="asymptotic").pvalue)
        splits = math.comb(len(a) + len(b), len(a))
        if not ties:
            rec["p_exact"] = float(stats.mannwhitneyu(a, b, method="exact").pvalue)
            rec["p_exact_method"] = "mannwhitneyu(method='exact')"
        elif splits <= 2_000_000:
            p = float(stats.mannwhitneyu(a, b, method=stats.PermutationMethod(n_resamples=np.inf)).pvalue)
            counted = exact_by_counting(a, b)
            assert abs(p - counted) <= 1e-12 * max(p, 1e-300), (c["name"], p, counted)
            rec["p_exact"] = p
            rec["p_exact_method"] = "permutation_test over all splits"
        else:
            rec["p_exact"] = exact_by_counting(a, b)
            rec["p_exact_method"] = "exact count of the tie pattern's rank-sum distribution (Python integers)"
    for side in ("a", "b"):
        x = sorted(c[side])
        n = len(x)
        s = {"n": n, "median": float(np.median(x))}
        if n >= 2:
            ci = stats.quantile_test(x, q=float(np.median(x)), p=0.5).confidence_interval(0.95)
            # None where SciPy finds no interval reaching 95% (it returns nan or ±inf).
            s["scipy_equal_tailed_ci"] = [None if not math.isfinite(v) else float(v) for v in (ci.low, ci.high)]
            s["range_coverage"] = coverage_of(n, 1, n)
        rec[side] = s
    out.append(rec)

def greedy_orders(n, level=Fraction(95, 100)):
    """go-moremath QuantileCI's rule for the median, in exact fractions: from the lower mode, add
    the more probable neighbour (the left one on a tie) until the coverage reaches the level."""
    pmf = [Fraction(math.comb(n, k), 2 ** n) for k in range(n + 1)]
    at = lambda k: pmf[k] if 0 <= k <= n else Fraction(0)
    x = math.ceil((n + 1) / 2) - 1
    lo, hi, acc = x, x + 1, at(x)
    while acc < level and (at(lo - 1) > 0 or at(hi) > 0):
        if at(lo - 1) >= at(hi):
            acc += at(lo - 1)
            lo -= 1
        else:
            acc += at(hi)
            hi += 1
    return max(lo, 0), min(hi, n + 1), acc


# For n = 2..60: the orders QuantileCI's rule picks in exact arithmetic, with SciPy's binomial
# coverage of them, and SciPy's coverage of the orders benchstat itself printed (benchstat.json,
# so the Go program runs first).
bench_orders = json.load(open("benchstat.json"))["median_ci_orders"]
orders = {}
for n in range(2, 61):
    lo, hi, acc = greedy_orders(n)
    b = bench_orders[str(n)]
    orders[str(n)] = {"lo": lo, "hi": hi, "coverage": coverage_of(n, lo, hi), "coverage_exact_fraction": str(acc),
                      "benchstat_orders_coverage": coverage_of(n, b["lo"], b["hi"])}
with open("scipy.json", "w") as f:
    json.dump({"scipy": scipy.__version__, "cases": out, "median_ci_orders": orders}, f, indent=1, allow_nan=False)
    f.write("\n")
print(f"SciPy {scipy.__version__}: {len(out)} cases written to scipy.json")
