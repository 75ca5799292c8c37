#!/usr/bin/env python3
"""
Known answers for PerfDelta's change-point detection (app/core/catalog/trend/change-points.ts).

Writes answers.json: for each series, the change points Apache Otava finds (indices, p-values,
magnitudes, means and standard deviations on either side, the weak change points of its split
step) and the ones MongoDB's signal-processing-algorithms finds (its original E-divisive with a
permutation test, seeded as its own tests seed it). change-points.test.ts reads the JSON: the
tests need neither Python nor these packages.

The series are the ones the two projects' own tests use, read from their repositories at pinned
commits (clones given with --otava-src / --spa-src, else cloned from GitHub), and generated ones
(steps, a ramp, noise, outliers, a single dip, a 400-night history) made here with Python's own
seeded random module, so the JSON holds every input and every output.

Each package runs in a virtual environment of its own (they pin different numpy majors):
  apache-otava==0.8.0                       (numpy 2.2, scipy 1.16)
  signal-processing-algorithms==2.1.6       (numpy < 2; installed --no-deps: its gevent pin does
                                             not build on Python 3.11 and e_divisive never uses it)

Usage: python3 make.py [--otava-src DIR] [--spa-src DIR] [--venvs DIR]
"""
import argparse
import ast
import json
import math
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
OTAVA = {"package": "apache-otava==0.8.0", "repo": "https://github.com/apache/otava", "commit": "1ceb1537a49d516cf6cef9a79bea6926002082f8"}
SPA = {"package": "signal-processing-algorithms==2.1.6", "repo": "https://github.com/mongodb/signal-processing-algorithms", "commit": "aec099a9696d17ccd1e85a357313614a01f859a2"}
OTAVA_DEFAULT = {"window_len": 50, "max_pvalue": 0.001, "min_magnitude": 0.0}


# ---- the parts that run inside each package's environment ---------------------------------

def run_otava(cases):
    from otava.analysis import TTestSignificanceTester, compute_change_points, split
    from otava.change_point_divisive.calculator import PairDistanceCalculator
    from otava.change_point_divisive.detector import ChangePointDetector

    def point(c):
        s = c.stats
        return {
            "index": int(c.index),
            "pvalue": float(s.pvalue),
            "magnitude": float(s.change_magnitude()),
            "forward_change_percent": float(s.forward_change_percent()),
            "mean_before": float(s.mean_1), "mean_after": float(s.mean_2),
            "stddev_before": float(s.std_1), "stddev_after": float(s.std_2),
        }

    out = {}
    for case in cases:
        o = case["otava"]
        if o is None:
            continue
        values = list(case["values"])
        if o.get("mode") == "detector":
            # E-divisive over the whole series with the t-test as its stopping rule (no window, no merge).
            detector = ChangePointDetector(significance_tester=TTestSignificanceTester(o["max_pvalue"]), calculator=PairDistanceCalculator)
            cps = detector.get_change_points(series=values)
            out[case["name"]] = {"change_points": [point(c) for c in cps]}
            continue
        cps, _ = compute_change_points(values, window_len=o["window_len"], max_pvalue=o["max_pvalue"], min_magnitude=o["min_magnitude"])
        # compute_change_points hands back its weak list after merge() has deleted from it: the
        # split step's own answer is asked for here, with the first-pass threshold it uses.
        p = o["max_pvalue"]
        first_pass = p * 10 if p < 0.05 else (p * 2 if p < 0.5 else p)
        weak = split(list(values), o["window_len"], first_pass)
        out[case["name"]] = {"change_points": [point(c) for c in cps], "weak": [int(c.index) for c in weak]}
    return out


def run_spa(cases):
    from signal_processing_algorithms.determinism import deterministic_numpy_random
    from signal_processing_algorithms.energy_statistics import cext_calculator
    from signal_processing_algorithms.energy_statistics.energy_statistics import e_divisive

    out = {"_c_extension": bool(cext_calculator.C_EXTENSION_LOADED)}
    for case in cases:
        m = case["spa"]
        if m is None:
            continue
        with deterministic_numpy_random(m["seed"]):
            points = e_divisive(case["values"], pvalue=m["pvalue"], permutations=m["permutations"])
        out[case["name"]] = {"change_points": sorted(int(p) for p in points)}
    return out


# ---- the series ---------------------------------------------------------------------------

def source_text(src, commit, path):
    """A file of a clone at the pinned commit (or its work tree when git cannot show it)."""
    try:
        return subprocess.run(["git", "-C", src, "show", f"{commit}:{path}"], check=True, capture_output=True, text=True).stdout
    except (subprocess.CalledProcessError, FileNotFoundError):
        with open(os.path.join(src, path), encoding="utf-8") as f:
            return f.read()


def literal_in(text, function, name=None):
    """The list literal a test function assigns to `name` (or returns, or passes to np.array)."""
    tree = ast.parse(text)
    for node in ast.walk(tree):
        targets = []
        if isinstance(node, ast.FunctionDef) and node.name == function:
            for inner in ast.walk(node):
                if isinstance(inner, ast.Assign) and name and any(isinstance(t, ast.Name) and t.id == name for t in inner.targets):
                    targets.append(inner.value)
                if isinstance(inner, ast.Return) and name is None and inner.value is not None:
                    targets.append(inner.value)
        elif function is None and isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            targets.append(node.value)
        for value in targets:
            if isinstance(value, ast.Call):
                value = value.args[0]
            return [float(v) for v in ast.literal_eval(value)]
    raise SystemExit(f"no list {name or 'returned'} in {function}")


def otava_cases(src):
    c = OTAVA["commit"]
    tb = literal_in(source_text(src, c, "tests/tigerbeetle_test.py"), "_get_series")
    single = literal_in(source_text(src, c, "tests/analysis_test.py"), "test_single_series", "series")
    st = source_text(src, c, "tests/series_test.py")
    s1 = literal_in(st, "test_change_point_detection", "series_1")
    s2 = literal_in(st, "test_change_point_detection", "series_2")
    zero = literal_in(st, "test_div_by_zero", "series_1")
    seq = literal_in(source_text(src, c, "tests/change_point_divisive_test.py"), None, "SEQUENCE")
    where = f"{OTAVA['repo']} @ {c[:10]}"
    cases = [
        case("otava: analysis_test single series (window 10, p 0.0001)", single, f"{where} tests/analysis_test.py test_single_series", {"window_len": 10, "max_pvalue": 0.0001, "min_magnitude": 0.0}),
        case("otava: series_test series_1", s1, f"{where} tests/series_test.py", OTAVA_DEFAULT),
        case("otava: series_test series_2", s2, f"{where} tests/series_test.py", OTAVA_DEFAULT),
        case("otava: series_test series_1, magnitude 0.2", s1, f"{where} tests/series_test.py test_change_point_min_magnitude", {**OTAVA_DEFAULT, "min_magnitude": 0.2}),
        case("otava: series_test div by zero", zero, f"{where} tests/series_test.py test_div_by_zero", OTAVA_DEFAULT),
        case("otava: change_point_divisive_test SEQUENCE", seq, f"{where} tests/change_point_divisive_test.py", OTAVA_DEFAULT),
        case("otava: change_point_divisive_test SEQUENCE, detector p 0.01", seq, f"{where} tests/change_point_divisive_test.py test_ttest", {"mode": "detector", "max_pvalue": 0.01}, spa=False),
        case("otava: tigerbeetle, defaults", tb, f"{where} tests/tigerbeetle_test.py", OTAVA_DEFAULT),
    ]
    for p, m in [(0.01, 0.05), (0.05, 0.05), (0.1, 0.05), (0.2, 0.05), (0.2, 0.0), (0.1, 0.0)]:
        cases.append(case(f"otava: tigerbeetle, window 30, p {p}, magnitude {m}", tb, f"{where} tests/tigerbeetle_test.py", {"window_len": 30, "max_pvalue": p, "min_magnitude": m}, spa=False))
    return cases


def spa_cases(src):
    c = SPA["commit"]
    where = f"{SPA['repo']} @ {c[:10]} tests/"
    data = lambda f: json.loads(source_text(src, c, f"tests/data/{f}"))
    def full(n, v, sets):
        s = [float(v)] * n
        for idx, val in sets:
            if isinstance(idx, slice):
                for i in range(*idx.indices(n)):
                    s[i] = float(val)
            else:
                s[idx] = float(val)
        return s
    random_ish = [41, 18, 23, 3, 32, 11, 40, 13, 29, 48, 47, 35, 18, 21, 6, 2, 23, 3, 4, 7,
                  120, 103, 102, 81, 71, 62, 115, 61, 108, 63, 70, 98, 65, 96, 64, 74, 70, 113, 90, 114,
                  208, 196, 153, 150, 225, 179, 206, 165, 177, 151, 218, 217, 244, 245, 229, 195, 225, 229, 176, 250]
    spa01 = lambda seed=1234: {"pvalue": 0.01, "permutations": 100, "seed": seed}
    return [
        case("spa: random-ish data", [float(v) for v in random_ish], where + "test_detection.py test_random_ish_data", OTAVA_DEFAULT, spa01()),
        case("spa: simple regression", full(30, 50, [(slice(15, 30), 100)]), where + "test_detection.py test_finds_simple_regression", OTAVA_DEFAULT, spa01()),
        case("spa: finds ahead", [50.0] * 14 + [74.0] + [100.0] * 15, where + "test_detection.py test_finds_ahead", OTAVA_DEFAULT, spa01()),
        case("spa: finds behind", full(30, 50, [(14, 76), (slice(15, 30), 100)]), where + "test_detection.py test_finds_behind", OTAVA_DEFAULT, spa01()),
        case("spa: simple regression 2", full(30, 50, [(2, 100), (slice(15, 30), 100)]), where + "test_detection.py test_finds_simple_regression2", OTAVA_DEFAULT, spa01()),
        case("spa: regression and recovery", full(45, 50, [(2, 100), (slice(15, 30), 100), (32, 100)]), where + "test_detection.py test_regression_and_recovery", OTAVA_DEFAULT, spa01(1000)),
        case("spa: two regressions", full(45, 50, [(2, 100), (slice(15, 30), 100), (slice(30, 45), 150)]), where + "test_detection.py test_two_regressions", OTAVA_DEFAULT, spa01()),
        case("spa: no regressions", full(30, 50, []), where + "test_detection.py test_no_regressions", OTAVA_DEFAULT, spa01()),
        case("spa: absolute certainty", [0.0] * 1000 + [1.0] * 1000, where + "test_e_divisive.py test_absolute_certainty_univariate", OTAVA_DEFAULT, {"pvalue": 0.05, "permutations": 100, "seed": 1234}),
        case("spa: long_series.json", [float(v) for v in data("long_series.json")], where + "data/long_series.json (test_long_series)", OTAVA_DEFAULT, spa01()),
        case("spa: profiling/short.json", [float(v) for v in data("profiling/short.json")["series"]], where + "data/profiling/short.json", OTAVA_DEFAULT, spa01()),
        case("spa: profiling/small.json", [float(v) for v in data("profiling/small.json")["series"]], where + "data/profiling/small.json", OTAVA_DEFAULT, spa01()),
        case("spa: profiling/medium.json", [float(v) for v in data("profiling/medium.json")["series"]], where + "data/profiling/medium.json", OTAVA_DEFAULT, spa01()),
    ]


def generated_cases():
    """Shapes a nightly history takes, with Python's seeded Mersenne Twister (the values are written out)."""
    def noisy(seed, levels, sd_pct=1.5):
        rng = random.Random(seed)
        return [round(level * (1 + rng.gauss(0, sd_pct / 100)), 3) for level in levels]
    spa05 = {"pvalue": 0.05, "permutations": 100, "seed": 1234}
    step = [1000.0] * 60 + [890.0] * 60
    two_steps = [1000.0] * 150 + [890.0] * 130 + [890.0 * 1.19] * 120
    dip = [1000.0] * 100
    dip[50] = 700.0
    ramp = [1000.0 + 2.0 * i for i in range(120)]
    outliers = [1000.0] * 120
    for i in (17, 45, 46, 90):
        outliers[i] = 1500.0 if i % 2 else 600.0
    history = [20000.0] * 130 + [17800.0] * 140 + [17800.0 * 1.19] * 130
    history_dip = list(history)
    history_dip[200] *= 0.6
    g = "generated by make.py"
    return [
        case("generated: one step -11%", noisy(1, step), g, OTAVA_DEFAULT, spa05),
        case("generated: two steps -11% and +19%", noisy(2, two_steps), g, OTAVA_DEFAULT, spa05),
        case("generated: a single-run dip", noisy(3, dip), g, OTAVA_DEFAULT, spa05),
        case("generated: a ramp", noisy(4, ramp), g, OTAVA_DEFAULT, spa05),
        case("generated: noise only", noisy(5, [1000.0] * 200, 3.0), g, OTAVA_DEFAULT, spa05),
        case("generated: outliers", noisy(6, outliers), g, OTAVA_DEFAULT, spa05),
        case("generated: a small step (2%) in 1.5% noise", noisy(7, [1000.0] * 80 + [980.0] * 80), g, OTAVA_DEFAULT, spa05),
        case("generated: 400 nights, -11% at 130, +19% at 270, a dip at 200", noisy(8, history_dip), g, OTAVA_DEFAULT, spa05),
        case("generated: 400 nights, window 30, p 0.01, magnitude 0.05", noisy(8, history_dip), g, {"window_len": 30, "max_pvalue": 0.01, "min_magnitude": 0.05}, None),
    ]


def case(name, values, source, otava, spa=None):
    return {"name": name, "source": source, "values": values, "otava": otava, "spa": spa if spa else None}


# ---- driver -------------------------------------------------------------------------------

def venv_python(root, name, installs):
    """A virtual environment with the package, made once under `root`."""
    path = os.path.join(root, name)
    py = os.path.join(path, "bin", "python")
    if not os.path.exists(py):
        subprocess.run([sys.executable, "-m", "venv", path], check=True)
        for args in installs:
            subprocess.run([py, "-m", "pip", "install", "--quiet", *args], check=True)
    return py


def clone(repo, commit, root):
    path = os.path.join(root, os.path.basename(repo))
    if not os.path.exists(path):
        subprocess.run(["git", "clone", "--quiet", repo, path], check=True)
    subprocess.run(["git", "-C", path, "cat-file", "-e", commit], check=True)
    return path


def versions(py, modules):
    code = "import importlib.metadata as m, json, sys; print(json.dumps({k: m.version(k) for k in sys.argv[1:]}))"
    return json.loads(subprocess.run([py, "-c", code, *modules], check=True, capture_output=True, text=True).stdout)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--part", choices=["otava", "spa"])
    ap.add_argument("--otava-src")
    ap.add_argument("--spa-src")
    ap.add_argument("--venvs", default=os.path.join(tempfile.gettempdir(), "perfdelta-change-point-venvs"))
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()
    if args.part:
        with open(args.files[0], encoding="utf-8") as f:
            cases = json.load(f)
        result = run_otava(cases) if args.part == "otava" else run_spa(cases)
        with open(args.files[1], "w", encoding="utf-8") as f:
            json.dump(result, f)
        return

    os.makedirs(args.venvs, exist_ok=True)
    otava_src = args.otava_src or clone(OTAVA["repo"], OTAVA["commit"], args.venvs)
    spa_src = args.spa_src or clone(SPA["repo"], SPA["commit"], args.venvs)
    cases = otava_cases(otava_src) + spa_cases(spa_src) + generated_cases()
    py_otava = venv_python(args.venvs, "otava", [[OTAVA["package"]]])
    py_spa = venv_python(args.venvs, "spa", [["numpy<2", "scipy", "more-itertools<9", "structlog", "typing-extensions", "pyyaml"], ["--no-deps", SPA["package"]]])
    with tempfile.TemporaryDirectory() as tmp:
        inp = os.path.join(tmp, "cases.json")
        with open(inp, "w", encoding="utf-8") as f:
            json.dump(cases, f)
        results = {}
        for part, py in (("otava", py_otava), ("spa", py_spa)):
            out = os.path.join(tmp, f"{part}.json")
            subprocess.run([py, os.path.abspath(__file__), "--part", part, inp, out], check=True)
            with open(out, encoding="utf-8") as f:
                results[part] = json.load(f)
    for c in cases:
        c["otava_answer"] = results["otava"].get(c["name"])
        c["spa_answer"] = results["spa"].get(c["name"])
        assert all(math.isfinite(v) for v in c["values"])
    answers = {
        "made_by": "app/core/catalog/trend/known-answers/make.py",
        "otava": {**OTAVA, "versions": versions(py_otava, ["apache-otava", "numpy", "scipy"])},
        "signal_processing_algorithms": {**SPA, "versions": versions(py_spa, ["signal-processing-algorithms", "numpy"]), "c_extension": results["spa"]["_c_extension"]},
        "cases": cases,
    }
    with open(os.path.join(HERE, "answers.json"), "w", encoding="utf-8") as f:
        json.dump(answers, f, indent=1)
        f.write("\n")
    print(f"answers.json: {len(cases)} series")


if __name__ == "__main__":
    main()
