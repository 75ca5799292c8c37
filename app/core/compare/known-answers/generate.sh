#!/bin/sh
# Writes the known answers PerfDelta's statistics are tested against (known-answers.test.ts reads
# the JSON; the tests need neither Python nor Go). Needs Python 3 with SciPy (pip install scipy)
# and Go (the module proxy fetches golang.org/x/perf, pinned in go.mod / go.sum).
set -eu
cd "$(dirname "$0")"
python3 cases.py
go run .
python3 scipy_answers.py
