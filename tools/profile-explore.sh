#!/bin/bash
# Where the explorer's time goes: runs `bin/cursorcheck explore ARGS...` under Java Flight Recorder
# and prints, from its execution samples, the share of samples in which each cursorcheck method is
# on the stack (inclusive), is the innermost cursorcheck frame (self), and the JVM's top frames.
# usage: tools/profile-explore.sh --variant cached-count --consumers 3 --sizes 1,2 --depth 11 --policy unbounded
set -euo pipefail
cd "$(dirname "$0")/.."
CURSORCHECK_JAVA_OPTS="-XX:StartFlightRecording=filename=target/explore.jfr,settings=profile" bin/cursorcheck explore "$@" 2>&1 | grep -E "holds|DOES" || true
jfr print --stack-depth 40 --events jdk.ExecutionSample target/explore.jfr > target/explore-samples.txt
python3 - <<'PY'
import re,collections
txt=open('target/explore-samples.txt').read()
evs=txt.split('jdk.ExecutionSample')
incl=collections.Counter(); first=collections.Counter(); top=collections.Counter(); n=0
for e in evs:
    fr=re.findall(r'^\s+([\w.$<>]+)\(',e,re.M)
    if not fr: continue
    n+=1
    seen=set()
    for f in fr:
        if f.startswith('io.cursorcheck') and f not in seen:
            seen.add(f); incl[f]+=1
    cc=[f for f in fr if f.startswith('io.cursorcheck')]
    if cc: first[cc[0]]+=1
    top[fr[0]]+=1
print(n,'samples')
for k,v in incl.most_common(30): print(f"{v*100/n:5.1f}% {k}")
print('--- self (first cursorcheck frame)')
for k,v in first.most_common(20): print(f"{v*100/n:5.1f}% {k}")
print('--- top frames')
for k,v in top.most_common(15): print(f"{v*100/n:5.1f}% {k}")
PY
