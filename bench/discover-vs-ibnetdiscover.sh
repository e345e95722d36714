#!/usr/bin/env bash
# The discovery service's sweep (org.infiniscope.lab.umad.DiscoverBench: what ./infiniscope discover runs, in one
# JVM, best warm sweep of 5 and the cold first one) against Debian's ibnetdiscover at its default (-o 2) and at the
# same window, both through umad2sim to the same ibsim. Wall times, best of RUNS: "warm" and "cold" are the sweep
# alone in one JVM (what a running `serve` or GUI pays), "one-shot" is the whole `./infiniscope discover -o W`
# command as a user types it (launcher, client, the daemon's sweep, printing), as ibnetdiscover's own time is, and
# "in-process" the same with --no-daemon (launcher, JVM and OSGi start, sweep, printing). The first one-shot command
# starts the daemon: its time is printed apart ("first use"), and two more warm the daemon's JIT before the timing.
# Usage: bench/discover-vs-ibnetdiscover.sh [NET_FILE or generator spec, e.g. ft3:24] [RUNS]  (default: ft3-432.net, 3 runs)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
JDK=${INFINISCOPE_JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
LAB="$ROOT/lab/org.infiniscope.mad.umad.lab"
NET=${1:-$LAB/src/test/resources/fabrics/ft3-432.net}
RUNS=${2:-3}
PRELOAD=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
PATH="$PATH:/usr/sbin:/sbin"

for tool in ibsim ibnetdiscover; do
  command -v "$tool" >/dev/null || { echo "missing $tool: apt-get install ibsim-utils infiniband-diags" >&2; exit 1; }
done
[ -r "$PRELOAD" ] || { echo "missing $PRELOAD: apt-get install libumad2sim0" >&2; exit 1; }
if [ ! -d "$LAB/target/lab-lib" ] || [ -n "$(find "$ROOT/bundles/org.infiniscope.mad/src" \
    "$ROOT/bundles/org.infiniscope.discovery/src" "$LAB/src" -newer "$LAB/target/lab-lib" -print -quit)" ]; then
  "$ROOT/infiniscope" build >&2
fi
CP="$LAB/target/test-classes:$(ls "$LAB"/target/lab-lib/*.jar | paste -sd:)"

SCRATCH=$(mktemp -d "$LAB/target/bench.XXXXXX")   # umad2sim writes its fake sysfs into the working folder
if [ -f "$NET" ]; then
  NET=$(readlink -f "$NET")
else   # a generator spec such as ft3:24 (the 3,456-host fat tree)
  "$JDK/bin/java" -cp "$CP" org.infiniscope.lab.umad.WriteNet "$NET" "$SCRATCH/$(tr ':' '-' <<< "$NET").net"
  NET="$SCRATCH/$(tr ':' '-' <<< "$NET").net"
fi
SOCK="infiniscope-bench-$$"
IBSIM_PID=
cleanup() {
  exec 3>&- 2>/dev/null || true
  "$ROOT/infiniscope" daemon stop --fabric "ibsim:$SOCK" 2>/dev/null || true
  [ -n "$IBSIM_PID" ] && kill "$IBSIM_PID" 2>/dev/null && wait "$IBSIM_PID" 2>/dev/null
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

now() { date +%s%N; }
ibnetdiscover_best() {
  local best= i t0 t1 s
  for i in $(seq "$RUNS"); do
    t0=$(now)
    env LD_PRELOAD=$PRELOAD IBSIM_SOCKNAME=$SOCK ibnetdiscover "$@" > /dev/null 2>&1
    t1=$(now)
    s=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", (b - a) / 1e9 }')
    if [ -z "$best" ] || awk -v x="$s" -v y="$best" 'BEGIN { exit !(x < y) }'; then best=$s; fi
  done
  echo "$best"
}
discover_best() {
  local best= cold= i line s c
  for i in $(seq "$RUNS"); do
    line=$(env LD_PRELOAD=$PRELOAD IBSIM_SOCKNAME=$SOCK "$JDK/bin/java" --enable-native-access=ALL-UNNAMED \
      -cp "$CP" org.infiniscope.lab.umad.DiscoverBench "$1" 2>>discover.err | grep '^discover ')
    s=$(sed -E 's/.*seconds=([0-9.]+).*/\1/' <<< "$line"); c=$(sed -E 's/.*cold=([0-9.]+).*/\1/' <<< "$line")
    if [ -z "$best" ] || awk -v x="$s" -v y="$best" 'BEGIN { exit !(x < y) }'; then best=$s; cold=$c; fi
  done
  echo "$best $cold"
}

oneshot_best() {   # the whole one-shot command: launcher, client and daemon (or with --no-daemon JVM and OSGi start)
  local best= i t0 t1 s w=$1
  shift
  for i in $(seq "$RUNS"); do
    t0=$(now)
    "$ROOT/infiniscope" discover --fabric "ibsim:$SOCK" -o "$w" "$@" > /dev/null 2>>oneshot.err ||
      { echo "the one-shot discover failed (a time of a failed run is no figure): $(tail -3 oneshot.err)" >&2; exit 1; }
    t1=$(now)
    s=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", (b - a) / 1e9 }')
    if [ -z "$best" ] || awk -v x="$s" -v y="$best" 'BEGIN { exit !(x < y) }'; then best=$s; fi
  done
  echo "$best"
}

echo "fabric: $NET ($(grep -cE '^(Switch|Hca|Ca|Rt)' "$NET") nodes), best of $RUNS runs, wall seconds"
dflt=$(ibnetdiscover_best)
echo "ibnetdiscover (default -o 2): ${dflt}s"
"$ROOT/infiniscope" version > /dev/null   # builds if needed and trains the one-shot AOT cache outside the timing
"$ROOT/infiniscope" daemon status > /dev/null   # trains the daemon client's AOT cache outside the timing
t0=$(now)
"$ROOT/infiniscope" discover --fabric "ibsim:$SOCK" -o 64 > /dev/null 2>>oneshot.err ||
    { echo "the one-shot discover failed: $(tail -3 oneshot.err)" >&2; exit 1; }
t1=$(now)
echo "one-shot first use (starts the daemon, then sweeps with a cold JIT): $(awk -v a="$t0" -v b="$t1" \
  'BEGIN { printf "%.4f", (b - a) / 1e9 }')s"
for _ in 1 2; do "$ROOT/infiniscope" discover --fabric "ibsim:$SOCK" -o 64 > /dev/null 2>>oneshot.err; done
printf '%-7s %12s %10s %8s %10s %11s %15s %15s %15s\n' window "ibnd -o W" "warm" "cold" "one-shot" "in-process" \
  "ours/ibnd -o W" "oneshot/-o W" "oneshot/default"
for w in 2 16 64; do
  is=$(ibnetdiscover_best -o "$w")
  read -r ds dc <<< "$(discover_best "$w")"
  os=$(oneshot_best "$w")
  ip=$(oneshot_best "$w" --no-daemon)
  printf '%-7s %12s %10s %8s %10s %11s %15s %15s %15s\n' "$w" "$is" "$ds" "$dc" "$os" "$ip" \
    "$(awk -v a="$ds" -v b="$is" 'BEGIN { printf "%.2f", a / b }')" \
    "$(awk -v a="$os" -v b="$is" 'BEGIN { printf "%.2f", a / b }')" \
    "$(awk -v a="$os" -v b="$dflt" 'BEGIN { printf "%.2f", a / b }')"
done
