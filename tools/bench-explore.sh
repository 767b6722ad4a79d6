#!/bin/bash
# The explorer's own speed, several runs: runs `bin/cursorcheck explore ARGS...` RUNS times (default 5)
# and prints each run's distinct states per CPU second of the exploring thread, then their median.
# The machine is shared, so one run says little; compare medians of the same bound before and after.
# usage: RUNS=5 tools/bench-explore.sh --variant cached-count --consumers 3 --sizes 1,2 --depth 11 --policy unbounded
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
figures=()
for ((i = 1; i <= runs; i++)); do
  line=$(bin/cursorcheck explore "$@" 2>&1 | grep -E "holds|DOES" | grep "per CPU second" | head -1)
  echo "run $i: $line"
  figures+=("$(sed -E 's/.*; ([0-9,]+) per CPU second.*/\1/; s/,//g' <<<"$line")")
done
printf '%s\n' "${figures[@]}" | sort -n | awk '{a[NR]=$1} END {m = NR % 2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2; printf "median of %d runs: %d states per CPU second\n", NR, m}'
