#!/usr/bin/env bash
# Prints the folder of a JDK 25 that Fray's Maven plugin (goal prepare-fray) can jlink its instrumented JDK from,
# making a stand-in folder when the installed JDK has no jmods/.
#
# Why a stand-in: prepare-fray runs "<jdk>/bin/jlink ... --module-path=<jdk>/jmods". Temurin 25 ships without
# jmods/ (JEP 493: its jlink links from the running image), and jlink refuses a module path that does not exist.
# The stand-in's bin/java is the JDK's own; its bin/jlink calls the JDK's jlink without that argument, and names
# the JDK's own modules where the plugin asks for ALL-MODULE-PATH (which jlink accepts only with a module path).
# Left without a JDK, the plugin would try to download one, which this machine cannot reach.
#
# Where the JDK 25 comes from, first found: $JDK25_HOME, /usr/lib/jvm/temurin-25-jdk-amd64, any /usr/lib/jvm/*25*.
# FRAY_JDK_CANDIDATES (folders separated by ':'), when set, replaces the last two: a test sets it to show the
# refusal on a machine that has a JDK 25.
# Idempotent: the stand-in (target/fray-jdk/ under the repository root) is rebuilt only when it is missing or
# points at another JDK. Exit 2, with the reason, when no JDK 25 is found.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

is_jdk25() { # a folder whose bin/java reports version 25 and which has bin/jlink
  [ -x "$1/bin/java" ] && [ -x "$1/bin/jlink" ] && "$1/bin/java" -version 2>&1 | sed -n 1p | grep -q '"25'
}

if [ -n "${FRAY_JDK_CANDIDATES+set}" ]; then
  IFS=: read -r -a installed <<< "$FRAY_JDK_CANDIDATES"
  where="${FRAY_JDK_CANDIDATES:-nothing else}"
else
  installed=(/usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/*25*)
  where="/usr/lib/jvm/temurin-25-jdk-amd64, /usr/lib/jvm/*25*"
fi
jdk=""
for candidate in "${JDK25_HOME:-}" ${installed[@]+"${installed[@]}"}; do
  if [ -n "$candidate" ] && is_jdk25 "$candidate"; then
    jdk="$(cd "$candidate" && pwd -P)"
    break
  fi
done
if [ -z "$jdk" ]; then
  echo "fray-jdk: no JDK 25 found (looked at JDK25_HOME='${JDK25_HOME:-}', $where);" \
    "Fray 0.9.2 runs its tests on a JDK 25: install one (apt temurin-25-jdk from" \
    "Adoptium's repository, or a JDK 25 tarball) and set JDK25_HOME" >&2
  exit 2
fi

if [ -d "$jdk/jmods" ]; then
  echo "$jdk"   # a JDK with jmods/ works as it is
  exit 0
fi

standin="$root/target/fray-jdk"
if [ "$(cat "$standin/source" 2>/dev/null || true)" != "$jdk" ]; then
  partial="$standin.partial"
  rm -rf "$partial"
  mkdir -p "$partial/bin"
  ln -s "$jdk/bin/java" "$partial/bin/java"
  # Less jdk.jlink and jdk.jpackage (which needs it): a JDK without jmods/ cannot link jlink itself (JEP 493).
  modules="$("$jdk/bin/java" --list-modules | sed 's/@.*//' | grep -v -x -e jdk.jlink -e jdk.jpackage | paste -sd, -)"
  # The jlink wrapper: every argument passed on but the module path to the missing jmods/ folder, and
  # ALL-MODULE-PATH (the modules in jmods/) becomes the list of the modules the JDK's image has.
  cat > "$partial/bin/jlink" <<WRAPPER
#!/usr/bin/env bash
args=()
for a in "\$@"; do
  case "\$a" in
    --module-path=*/jmods) ;;
    --add-modules=ALL-MODULE-PATH) args+=("--add-modules=$modules") ;;
    *) args+=("\$a") ;;
  esac
done
exec "$jdk/bin/jlink" "\${args[@]}"
WRAPPER
  chmod +x "$partial/bin/jlink"
  echo "$jdk" > "$partial/source"
  rm -rf "$standin"
  mv "$partial" "$standin"
fi
echo "$standin"
