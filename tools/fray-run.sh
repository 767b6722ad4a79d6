#!/usr/bin/env bash
# The Fray run: every stress race on both thread-safe variants (must pass), every racy twin through the
# races that declare it (must be caught; end-published-before-entry with memory accesses as switching points, where
# PublishVsRead also runs on both variants), then the grade, which writes its numbers to fray/target/fray-grade.json
# and, given --reports DIR, writes DIR/stress/fray.md and saves each failure's schedule under
# DIR/stress/fray/<twin>/<race>/. Without --reports it writes no report: bin/cursorcheck fray passes its
# ReportRun's staging copy of reports/ (published only once the run is complete), and --published the reports
# directory that copy becomes, so that the replay commands in fray.md name the published folders.
# Needs a JDK 25 (tools/fray-jdk.sh; exit 2 without one); the build itself runs on the JDK 17 Maven uses. Not part
# of the gate (mvn -B verify): the Fray tests run only in the fray profile.
# Usage: tools/fray-run.sh [--reports DIR [--published REPORTS]] [maven arguments, e.g. -o]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
props=()
if [ "${1:-}" = "--reports" ]; then
  [ $# -ge 2 ] || { echo "fray-run: --reports needs a directory" >&2; exit 2; }
  mkdir -p "$2"
  props+=("-Dcursorcheck.fray.reports=$(cd "$2" && pwd)")
  shift 2
  if [ "${1:-}" = "--published" ]; then
    [ $# -ge 2 ] || { echo "fray-run: --published needs a directory" >&2; exit 2; }
    props+=("-Dcursorcheck.reports=$2")
    shift 2
  fi
fi
jdk="$("$root/tools/fray-jdk.sh")"
cd "$root"
# The ledger and the grade the part reads are this run's alone: no entry of an earlier run or of a replay may count.
rm -rf fray/target/fray-results fray/target/fray-grade.json

# A stopped run ends Maven's whole tree, not Maven alone: the test JVM it forked (Fray's) would run on.
# Bash runs a trap only once its foreground command is done, so Maven runs in the background and the
# script waits for it; the tree is listed before anyone is signalled (a member whose parent died leaves
# the tree); SIGTERM to all, since a job started in the background of a script ignores SIGINT; SIGKILL
# to what is left after 5 s.
tree_of() {
  local child
  for child in $(ps -o pid= --ppid "$1" 2>/dev/null); do
    tree_of "$child"
  done
  echo "$1"
}
stop_maven() {
  local members i
  members="$(tree_of "$maven")"
  kill -TERM $members 2>/dev/null || true
  for ((i = 0; i < 50; i++)); do
    kill -0 $members 2>/dev/null || break # true while any member is alive
    sleep 0.1
  done
  kill -KILL $members 2>/dev/null || true
  exit "$1"
}
# -Dtest=NONE: the upstream modules' tests do not run (the fray module names its own tests in its pom).
mvn -B verify -pl fray -am -Pfray -Dfray.jdk="$jdk" -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false \
  ${props[@]+"${props[@]}"} "$@" &
maven=$!
trap 'stop_maven 130' INT
trap 'stop_maven 143' TERM
trap 'stop_maven 129' HUP
wait "$maven"
