#!/usr/bin/env bash
# SA PathRecord queries a second: OpenSM 3.3.23's SA against ours, each the master SM of a fresh ibsim on the same fabric in
# turn, queried by the same client (org.infiniscope.lab.umad.SaPathRecordBench: SubnAdmGet(PathRecord) with SLID and
# DLID between random LIDs, through the umad transport under umad2sim, W queries in flight) at the second CA of the
# net file. Each figure is the best of ROUNDS rounds of QUERIES in one JVM (the first round, cold, shown apart).
# Usage: bench/sa-pathrecord-vs-opensm.sh [NET_FILE] [QUERIES] [ROUNDS]   (default: ft2-432, 20000, 5)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
JDK=${INFINISCOPE_JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
LAB="$ROOT/lab/org.infiniscope.mad.umad.lab"
NET=$(readlink -f "${1:-$LAB/src/test/resources/fabrics/ft2-432.net}")
QUERIES=${2:-20000}
ROUNDS=${3:-5}
PRELOAD=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
PATH="$PATH:/usr/sbin:/sbin"

for tool in ibsim opensm; do
  command -v "$tool" >/dev/null || { echo "missing $tool: apt-get install ibsim-utils opensm" >&2; exit 1; }
done
[ -r "$PRELOAD" ] || { echo "missing $PRELOAD: apt-get install libumad2sim0" >&2; exit 1; }
# up to date first (a no-op when it is): our SM's launcher would otherwise build, and clean lab/target, mid-run
"$ROOT/infiniscope" build >&2
CP="$LAB/target/test-classes:$(ls "$LAB"/target/lab-lib/*.jar | paste -sd:)"
mapfile -t CAS < <(sed -nE 's/^(Hca|Ca)[[:space:]]+[0-9]+[[:space:]]+"([^"]+)".*/\2/p' "$NET")
SM_NODE=${CAS[0]}
CLIENT=${CAS[1]}
NODES=$(grep -cE '^(Switch|Hca|Ca|Rt)' "$NET")

SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/infiniscope-sa-bench.XXXXXX")   # umad2sim writes its fake sysfs into the cwd
SOCK=
IBSIM_PID= SM_PID=
stop_ibsim() {
  { exec 3>&-; } 2>/dev/null || true
  [ -n "$IBSIM_PID" ] && kill "$IBSIM_PID" 2>/dev/null && wait "$IBSIM_PID" 2>/dev/null || true
  IBSIM_PID=
  rm -f "$SCRATCH/console"
}
cleanup() {
  [ -n "$SM_PID" ] && kill "$SM_PID" 2>/dev/null && wait "$SM_PID" 2>/dev/null || true
  stop_ibsim
  echo "logs: $SCRATCH" >&2
}
trap cleanup EXIT
cd "$SCRATCH"
# start_ibsim NAME: a fresh ibsim on the net file, on a socket of its own (each SM gets a fabric no SM configured)
start_ibsim() {
  SOCK="infiniscope-sa-bench-$$-$1"
  mkfifo console
  IBSIM_SOCKNAME=$SOCK ibsim -s "$NET" < console > "ibsim-$1.log" 2>&1 &
  IBSIM_PID=$!
  exec 3> console   # ibsim's console: held open so that it keeps running
  for _ in $(seq 200); do grep -q "@$SOCK:ctl" /proc/net/unix && break; kill -0 "$IBSIM_PID" || exit 1; sleep 0.05; done
  grep -q "@$SOCK:ctl" /proc/net/unix || { echo "ibsim did not start: $(cat "ibsim-$1.log")" >&2; exit 1; }
}

# wait_for FILE TEXT SECONDS
wait_for() {
  for _ in $(seq $(( $3 * 20 ))); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.05; done
  echo "no '$2' in $1 within $3 s:" >&2; tail -20 "$1" >&2; return 1
}
bench() {   # bench WINDOW: prints "SECONDS COLD OK"
  local line
  line=$(env LD_PRELOAD=$PRELOAD IBSIM_SOCKNAME=$SOCK SIM_HOST=$CLIENT "$JDK/bin/java" \
    --enable-native-access=ALL-UNNAMED -cp "$CP" org.infiniscope.lab.umad.SaPathRecordBench "$1" "$QUERIES" \
    "$NODES" "$ROUNDS" 2>>bench.err | grep '^sa ')
  echo "$(sed -E 's/.*seconds=([0-9.]+).*/\1/' <<< "$line") $(sed -E 's/.*cold=([0-9.]+).*/\1/' <<< "$line")" \
    "$(sed -E 's/.*ok=([0-9]+).*/\1/' <<< "$line")"
}
rate() { awk -v m="$QUERIES" -v s="$1" 'BEGIN { printf "%.0f", m / s }'; }
WINDOWS="1 16 64"
declare -A OPENSM OURS

start_ibsim opensm
mkdir -p osm
env LD_PRELOAD=$PRELOAD IBSIM_SOCKNAME=$SOCK SIM_HOST=$SM_NODE OSM_CACHE_DIR="$SCRATCH/osm" OSM_TMP_DIR="$SCRATCH/osm" \
  opensm -d2 -f "$SCRATCH/opensm.log" > opensm.out 2>&1 &
SM_PID=$!
wait_for opensm.log "SUBNET UP" 120
for w in $WINDOWS; do OPENSM[$w]=$(bench "$w"); done
kill "$SM_PID"; wait "$SM_PID" 2>/dev/null || true; SM_PID=
stop_ibsim

start_ibsim ours

# the launcher's own state folder, whose build stamp the build above set: a fresh one would start a build that
# cleans lab/target, this scratch folder included
"$ROOT/infiniscope" sm --fabric "ibsim:$SOCK@$SM_NODE" > ours.out 2> ours.err &
SM_PID=$!
if wait_for ours.out "SUBNET UP" 120; then
  for w in $WINDOWS; do OURS[$w]=$(bench "$w"); done
fi

echo "fabric: $NET ($NODES nodes; LIDs 1..$NODES asked), $QUERIES PathRecord Gets a round, best of $ROUNDS rounds"
printf '%-8s %32s %32s %10s\n' window "OpenSM 3.3.23 SA" "Infiniscope SA" "ours/OpenSM"
printf '%-8s %32s %32s %10s\n' "" "q/s (s, cold s, answered ok)" "q/s (s, cold s, answered ok)" ""
for w in $WINDOWS; do
  read -r os oc ok <<< "${OPENSM[$w]}"
  if [ -n "${OURS[$w]:-}" ]; then
    read -r us uc uk <<< "${OURS[$w]}"
    printf '%-8s %32s %32s %10s\n' "$w" "$(rate "$os") ($os, $oc, $ok)" "$(rate "$us") ($us, $uc, $uk)" \
      "$(awk -v a="$os" -v b="$us" 'BEGIN { printf "%.2f", a / b }')"
  else
    printf '%-8s %32s %32s %10s\n' "$w" "$(rate "$os") ($os, $oc, $ok)" "(our SM did not come up)" "-"
  fi
done
