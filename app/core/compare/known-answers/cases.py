"""The cases PerfDelta's statistics are checked on: written once to cases.json, read by
scipy_answers.py, by the Go program (benchstat) and by known-answers.test.ts.

Run ./generate.sh (needs Python 3 with SciPy, and Go); the tests read the JSON it writes.
"""
import json
import random

rng = random.Random(25)
cases = []


def add(name, a, b, note=""):
    cases.append({"name": name, "a": [float(v) for v in a], "b": [float(v) for v in b], "note": note})


def normal(n, mu, sd, digits=1):
    return [round(rng.gauss(mu, sd), digits) for _ in range(n)]


# n = 1..12 per side: a clear change, and two sets of runs from one distribution.
for n in range(1, 13):
    add(f"n={n} separated", normal(n, 10000, 150), normal(n, 12000, 150), "candidate about 20% higher")
    add(f"n={n} one distribution", normal(n, 10000, 300), normal(n, 10000, 300), "both sides drawn from N(10000, 300)")

# Ties.
add("ties: 3 identical figures per side", [219, 219, 219], [328, 328, 328], "the issue's example: p = 0.1, not 0.047")
add("ties: rounded figures 4 vs 4", [12, 13, 13, 14], [14, 15, 15, 16], "spreadsheet figures rounded to integers")
add("ties: crossing tie, 4 vs 4", [1, 2, 3, 5], [5, 6, 7, 8], "a tie across the sides: the smallest possible p is 0.057")
add("ties: fio percentile buckets 6 vs 6", [0.512, 0.544, 0.544, 0.576, 0.544, 0.512], [0.576, 0.608, 0.576, 0.608, 0.640, 0.576],
    "clat percentiles fall in histogram buckets")
add("ties: lopsided tie pattern 5 vs 5", [1, 1, 1, 2, 3], [3, 4, 4, 4, 4], "an asymmetric null distribution, the observation in its short tail")
# With a lopsided tie pattern and U1 > U2, benchstat doubles P(U1 <= U2) from U1's distribution
# instead of P(U1 >= U1): a permutation test and PerfDelta disagree with it here.
add("ties: lopsided, benchstat's p too small (5 vs 3)", [5, 4, 2, 5, 5], [1, 4, 2], "permutation p 0.18; benchstat 0.036")
add("ties: lopsided, benchstat's p = 0 (4 vs 3)", [3, 3, 3, 5], [1, 2, 1], "4 against 3 cannot reach p < 0.05 (2/35 at best); benchstat says 0")
for i in range(8):
    n1, n2 = rng.randint(3, 6), rng.randint(3, 6)
    add(f"ties: small integers #{i + 1} ({n1} vs {n2})", [rng.randint(1, 6) for _ in range(n1)], [rng.randint(2, 7) for _ in range(n2)],
        "random small integer-valued samples")

# Identical sides.
add("identical: one value everywhere", [5, 5, 5], [5, 5, 5], "no ordering at all: p = 1")
add("identical: the same runs on both sides", [1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6], "")

# Outliers.
add("outlier: n=2 with one outlier (IOPS)", [212, 1300], [220, 230], "today's Student t interval goes negative")
add("outlier: latency 5 vs 5, one slow run", [1.2, 1.3, 1.25, 9.8, 1.22], [1.1, 1.15, 1.12, 1.18, 1.09], "ms")
add("outlier: 8 vs 8, one wild run each", [100, 101, 99, 102, 98, 100, 101, 500], [110, 111, 109, 112, 108, 110, 1, 111], "")

# Unequal sizes.
add("unequal: 2 vs 5 separated", [10, 11], [20, 21, 22, 23, 24], "smallest p 2/21")
add("unequal: 3 vs 5 separated", [10, 11, 12], [20, 21, 22, 23, 24], "smallest p 2/56")
add("unequal: 1 vs 6", [10], [20, 21, 22, 23, 24, 25], "")

# 16 and 40 per side.
add("n=16 fully separated", list(range(1, 17)), list(range(101, 117)), "exact p 3.3e-9 (the normal approximation says 1.5e-6)")
add("n=16 overlapping", normal(16, 10000, 300), normal(16, 10150, 300), "")
add("n=16 with ties", [rng.randint(95, 105) for _ in range(16)], [rng.randint(98, 108) for _ in range(16)], "integers: many ties")
add("n=40 separated", normal(40, 10000, 150), normal(40, 11000, 150), "")
add("n=40 one distribution", normal(40, 10000, 300), normal(40, 10000, 300), "")
add("n=40 with ties", [rng.randint(90, 110) for _ in range(40)], [rng.randint(93, 113) for _ in range(40)], "integers: many ties")
add("n=60 with ties (normal approximation)", [rng.randint(90, 110) for _ in range(60)], [rng.randint(92, 112) for _ in range(60)],
    "beyond 50 a side: the normal approximation with tie and continuity corrections")

with open("cases.json", "w") as f:
    json.dump(cases, f, indent=1)
    f.write("\n")
print(f"{len(cases)} cases written to cases.json")
