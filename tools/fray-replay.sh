#!/usr/bin/env bash
# Replays one saved Fray failure and prints its interleaving as our harness logged it (thread: operation -> answer
# | state after it). DIR is a folder the Fray run saved, reports/stress/fray/<subject>/<race>/ (its scene.properties
# names the race and the subject; its recording/ is Fray's). Exit 0 when the replay ends with the same forbidden
# outcome as the saved run, 1 when it does not, 2 on a bad argument. Extra arguments after DIR go to Maven (e.g. -o).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ $# -lt 1 ]; then
  echo "usage: tools/fray-replay.sh DIR [maven arguments]   (DIR: reports/stress/fray/<subject>/<race>)" >&2
  exit 2
fi
dir="$1"; shift
if [ ! -f "$dir/scene.properties" ] || [ ! -f "$dir/recording/random.json" ]; then
  echo "fray-replay: DIR '$dir' is not a saved Fray failure (no scene.properties or recording/random.json)" >&2
  exit 2
fi
dir="$(cd "$dir" && pwd)"
jdk="$("$root/tools/fray-jdk.sh")"
# Fray's annotation takes a constant path: the recording goes to fray/target/fray-replay/recording.
rm -rf "$root/fray/target/fray-replay"
mkdir -p "$root/fray/target/fray-replay"
cp -r "$dir/recording" "$root/fray/target/fray-replay/recording"
log="$root/fray/target/fray-replay/replay.log"
# A schedule replays only in the mode it was found in: memoryOps=true (memory accesses as switching points, which
# Fray's JUnit extension cannot do) replays through our launcher; a folder saved before the mode existed has no key
# and was found in the extension's mode.
test_class=FrayReplayTest
if grep -q '^memoryOps=true$' "$dir/scene.properties"; then
  test_class=MemoryOpsReplayTest
fi
cd "$root"
set +e
mvn -B verify -pl fray -am -Pfray -Dfray.jdk="$jdk" -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false \
  -Dfray.tests="$test_class" -Dfray.realFailuresGraded=false -Dfray.replayOnly=true -Dcursorcheck.fray.replay="$dir" "$@" > "$log" 2>&1
set -e
# The trace and the verdict, as the replay test (or, for a deadlock, the ledger) printed them; the full Maven log
# stays in $log.
awk '/^REPLAY /{print; next} /^Replay of |^Fray (CAUGHT|ERROR) /{on=1} on && !/^([0-9]+\. |Replay of |Fray |Trace )/{on=0} on' "$log"
saved="$(sed -n 's/^outcome=//p' "$dir/scene.properties")"
if grep -q '^REPLAY REPRODUCED' "$log"; then
  exit 0
fi
# A lost wake-up replays as the same deadlock: Fray fails the test, and the ledger grades it STALE again.
if [ "$saved" = "STALE" ] && grep -q '^Fray CAUGHT .*forbidden outcome \[STALE\]' "$log"; then
  echo "REPLAY REPRODUCED: the same forbidden outcome [STALE] as the saved run"
  exit 0
fi
echo "fray-replay: the replay did not reproduce the saved outcome [$saved]; see $log" >&2
exit 1
