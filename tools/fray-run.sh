#!/usr/bin/env bash
# The Fray run (issue 18): every stress race on both thread-safe variants (must pass), every racy twin through the
# races that declare it (must be caught), then the grade, which writes reports/stress/fray.md and saves each failure's
# schedule under reports/stress/fray/<twin>/<race>/. Needs a JDK 25 (tools/fray-jdk.sh); the build itself runs on
# the JDK 17 Maven uses. Not part of the gate (mvn -B verify): the Fray tests run only in the fray profile.
# Extra arguments go to Maven (e.g. -o).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jdk="$("$root/tools/fray-jdk.sh")"
cd "$root"
# The ledger the grade reads is this run's alone: no entry of an earlier run or of a replay may count.
rm -rf fray/target/fray-results
# -Dtest=NONE: the upstream modules' tests do not run (the fray module names its own tests in its pom).
mvn -B verify -pl fray -am -Pfray -Dfray.jdk="$jdk" -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false "$@"
