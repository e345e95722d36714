#!/usr/bin/env bash
# The performance manager's sweep of every port's counters (org.infiniscope.lab.umad.PerfBench: in one JVM, the
# first sweep and the best later one, the topology known from one discovery sweep) against Debian's ibqueryerrors
# (which discovers the fabric, then reads every node's PortCounters) on the same ibsim with OpenSM up, at
# ibqueryerrors' default and at an equal number of MADs in flight (-o W). Then one sweep of the embedded simulator's
# fabric (SimPerfBench: time and the heap the manager holds); it has no third-party peer.
# Usage: bench/perf-vs-ibqueryerrors.sh [NET_FILE or spec, default ft3:24 (3,456 hosts)] [RUNS (3)] [SIM_SPEC (ft3:36)]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
JDK=${INFINISCOPE_JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
LAB="$ROOT/lab/org.infiniscope.mad.umad.lab"
NET=${1:-ft3:24}
RUNS=${2:-3}
SIM_SPEC=${3:-ft3:36}
PRELOAD=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
PATH="$PATH:/usr/sbin:/sbin"

for tool in ibsim ibqueryerrors opensm; do
  command -v "$tool" >/dev/null || { echo "missing $tool: apt-get install ibsim-utils infiniband-diags opensm" >&2; exit 1; }
done
[ -r "$PRELOAD" ] || { echo "missing $PRELOAD: apt-get install libumad2sim0" >&2; exit 1; }
if [ ! -f "$LAB/target/lab-lib/org.infiniscope.perf.jar" ] || [ -n "$(find "$ROOT/bundles/org.infiniscope.perf/src" \
    "$ROOT/bundles/org.infiniscope.diag/src" "$ROOT/bundles/org.infiniscope.discovery/src" "$LAB/src" \
    -newer "$LAB/target/lab-lib" -print -quit)" ]; then
  "$ROOT/infiniscope" build >&2
fi
CP="$LAB/target/test-classes:$(ls "$LAB"/target/lab-lib/*.jar | paste -sd:)"

SCRATCH=$(mktemp -d "$LAB/target/bench-perf.XXXXXX")   # umad2sim writes its fake sysfs into the working folder
if [ -f "$NET" ]; then
  NET=$(readlink -f "$NET")
else
  "$JDK/bin/java" -cp "$CP" org.infiniscope.lab.umad.WriteNet "$NET" "$SCRATCH/$(tr ':' '-' <<< "$NET").net"
  NET="$SCRATCH/$(tr ':' '-' <<< "$NET").net"
fi
SOCK="infiniscope-bench-$$"
IBSIM_PID=
SM_PID=
cleanup() {
  [ -n "$SM_PID" ] && kill "$SM_PID" 2>/dev/null && wait "$SM_PID" 2>/dev/null || true
  exec 3>&- 2>/dev/null || true
  [ -n "$IBSIM_PID" ] && kill "$IBSIM_PID" 2>/dev/null && wait "$IBSIM_PID" 2>/dev/null || true
  rm -f "$SCRATCH/console"
}
trap cleanup EXIT
cd "$SCRATCH"
mkfifo console
LIMITS=()
[ "$(grep -cE '^(Switch|Hca|Ca|Rt)' "$NET")" -gt 2048 ] || [ "$(grep -c '^Switch' "$NET")" -gt 256 ] &&
  LIMITS=(-N 16384 -S 2048 -P 100000)   # past ibsim's default limits (the 3,456-host ft3:24 has 720 switches)
IBSIM_SOCKNAME=$SOCK ibsim "${LIMITS[@]}" -s "$NET" < console > ibsim.log 2>&1 &
IBSIM_PID=$!
exec 3> console   # ibsim's console: held open so that it keeps running
for _ in $(seq 200); do grep -q "@$SOCK:ctl" /proc/net/unix && break; kill -0 "$IBSIM_PID" || exit 1; sleep 0.05; done
grep -q "@$SOCK:ctl" /proc/net/unix || { echo "ibsim did not start: $(cat ibsim.log)" >&2; exit 1; }

mkdir -p sm
env LD_PRELOAD=$PRELOAD IBSIM_SOCKNAME=$SOCK SIM_HOST=h00001 OSM_CACHE_DIR="$SCRATCH/sm" OSM_TMP_DIR="$SCRATCH/sm" \
  opensm -d2 -f "$SCRATCH/sm/opensm.log" > "$SCRATCH/sm/opensm.out" 2>&1 &
SM_PID=$!
for _ in $(seq 12000); do
  grep -q 'SUBNET UP' sm/opensm.log 2>/dev/null && break
  kill -0 "$SM_PID" 2>/dev/null || { echo "OpenSM ended: $(tail -5 sm/opensm.log)" >&2; exit 1; }
  sleep 0.05
done
grep -q 'SUBNET UP' sm/opensm.log || { echo "no SUBNET UP within 600 s" >&2; exit 1; }
# quiet: no log line for 2 s (OpenSM sweeps again when the hosts' links come up)
while [ $(( $(date +%s) - $(stat -c %Y sm/opensm.log) )) -lt 2 ]; do sleep 0.2; done

now() { date +%s%N; }
ibqueryerrors_best() {
  local best= i t0 t1 s
  for i in $(seq "$RUNS"); do
    t0=$(now)
    env LD_PRELOAD=$PRELOAD IBSIM_SOCKNAME=$SOCK SIM_HOST=h00002 ibqueryerrors "$@" > ibqueryerrors.out 2>&1 || true
    t1=$(now)
    s=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", (b - a) / 1e9 }')
    if [ -z "$best" ] || awk -v x="$s" -v y="$best" 'BEGIN { exit !(x < y) }'; then best=$s; fi
  done
  echo "$best"
}
perf_run() {
  env LD_PRELOAD=$PRELOAD IBSIM_SOCKNAME=$SOCK SIM_HOST=h00002 "$JDK/bin/java" --enable-native-access=ALL-UNNAMED \
    -cp "$CP" org.infiniscope.lab.umad.PerfBench "$1" "$RUNS" 2>>perf.err | grep '^perf '
}
field() { sed -E "s/.* $1=([0-9.]+).*/\\1/" <<< "$2"; }

echo "fabric: $NET ($(grep -cE '^(Switch|Hca|Ca|Rt)' "$NET") nodes), OpenSM up; ibqueryerrors best of $RUNS, wall seconds"
dflt=$(ibqueryerrors_best)
tail -2 ibqueryerrors.out | sed 's/^/  ibqueryerrors: /'
echo "ibqueryerrors (default): ${dflt}s"
printf '%-7s %14s %10s %10s %10s %8s %9s %14s %16s %16s\n' window "ibqe -o W" discover cold warm ports queries \
  "warm/ibqe -o W" "(disc+cold)/-o W" "warm/ibqe dflt"
for w in 2 16 64; do
  is=$(ibqueryerrors_best -o "$w")
  line=$(perf_run "$w")
  d=$(field discover "$line"); c=$(field cold "$line"); s=$(field seconds "$line")
  printf '%-7s %14s %10s %10s %10s %8s %9s %14s %16s %16s\n' "$w" "$is" "$d" "$c" "$s" "$(field ports "$line")" \
    "$(field queries "$line")" "$(awk -v a="$s" -v b="$is" 'BEGIN { printf "%.2f", a / b }')" \
    "$(awk -v a="$d" -v c="$c" -v b="$is" 'BEGIN { printf "%.2f", (a + c) / b }')" \
    "$(awk -v a="$s" -v b="$dflt" 'BEGIN { printf "%.2f", a / b }')"
done
cleanup
IBSIM_PID=; SM_PID=

echo "embedded simulator $SIM_SPEC (absolute figures: no third-party peer)"
"$JDK/bin/java" -Xmx6g -cp "$CP" org.infiniscope.lab.umad.SimPerfBench "$SIM_SPEC" 64 3
