#!/bin/bash
# The explorer's own speed on one bound: explores it RUNS times (default 5) after one warm-up run, in one
# JVM, and prints each run's distinct states per CPU second of the exploring thread and their median.
# The machine is shared, so one run says little; compare medians of the same bound before and after.
# BENCH_ROOT=DIR measures another built copy of the project (say, an older commit, unpacked with
# git archive and compiled as bin/cursorcheck compiles) with this tool.
# usage: RUNS=5 tools/bench-explore.sh [VARIANT [POLICY [BUDGET [SIZES [CONSUMERS [DEPTH]]]]]]
# defaults: the explorer profile's bound (docs/explorer.md), cached-count unbounded 2 1,2 3 11
set -euo pipefail
cd "$(dirname "$0")/.."
tool="$PWD/tools/ExploreBench.java"
root="${BENCH_ROOT:-$PWD}"
[ -n "${BENCH_ROOT:-}" ] || bin/cursorcheck help >/dev/null # builds if a source changed
exec java -cp "$root/cli/target/classes:$(cat "$root/target/cli.classpath")" "$tool" "$root" "${RUNS:-5}" \
  "${1:-cached-count}" "${2:-unbounded}" "${3:-2}" "${4:-1,2}" "${5:-3}" "${6:-11}"
