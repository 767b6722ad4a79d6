#!/bin/bash
# Where the explorer's allocation goes: runs tools/bench-explore.sh (RUNS=1) under Java Flight Recorder and
# prints, from its allocation samples (weighted by bytes), the share of each (class, innermost cursorcheck
# method) pair and of each cursorcheck method on the stack (inclusive).
# usage: tools/alloc-explore.sh [the arguments of tools/bench-explore.sh]
set -euo pipefail
cd "$(dirname "$0")/.."
JDK_JAVA_OPTIONS="-XX:StartFlightRecording=filename=target/explore-alloc.jfr,settings=profile" RUNS=1 \
  tools/bench-explore.sh "$@" 2>&1 | grep -v "^Picked up\|jfr\|Started recording\|Use jcmd" || true
jfr print --stack-depth 30 --events jdk.ObjectAllocationSample target/explore-alloc.jfr > target/explore-alloc.txt
python3 - <<'PY'
import re, collections
evs = open('target/explore-alloc.txt').read().split('jdk.ObjectAllocationSample')
pair = collections.Counter(); incl = collections.Counter(); total = 0
for e in evs:
    m = re.search(r'objectClass = ([\w.$\[\]]+)', e); w = re.search(r'weight = ([\d.]+) (\w+)', e)
    if not m or not w: continue
    v = float(w.group(1)) * {'bytes': 1, 'kB': 1e3, 'MB': 1e6, 'GB': 1e9}.get(w.group(2), 1)
    fr = re.findall(r'^\s+([\w.$<>]+)\(', e, re.M)
    cc = [f for f in fr if f.startswith('io.cursorcheck')]
    pair[(m.group(1), cc[0] if cc else '?')] += v; total += v
    for f in set(cc): incl[f] += v
print('--- inclusive (cursorcheck methods)')
for k, v in incl.most_common(25): print(f"{v*100/total:5.1f}% {k}")
print('--- (class, innermost cursorcheck method)')
for k, v in pair.most_common(30): print(f"{v*100/total:5.1f}% {k[0]}  {k[1]}")
PY
