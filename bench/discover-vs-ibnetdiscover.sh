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
source "$ROOT/bench/lib.sh"
NET=${1:-$LAB/src/test/resources/fabrics/ft3-432.net}
RUNS=${2:-3}

require_tools "ibsim-utils infiniband-diags" ibsim ibnetdiscover
if [ ! -d "$LAB/target/lab-lib" ] || [ -n "$(find "$ROOT/bundles/org.infiniscope.mad/src" \
    "$ROOT/bundles/org.infiniscope.discovery/src" "$LAB/src" -newer "$LAB/target/lab-lib" -print -quit)" ]; then
  "$ROOT/infiniscope" build >&2
fi
CP=$(lab_classpath)

SCRATCH=$(mktemp -d "$LAB/target/bench.XXXXXX")   # umad2sim writes its fake sysfs into the working folder
NET=$(net_file "$NET" "$SCRATCH")
SOCK="infiniscope-bench-$$"
cleanup() {
  "$ROOT/infiniscope" daemon stop --fabric "ibsim:$SOCK" 2>/dev/null || true
  server_stop
}
trap cleanup EXIT
cd "$SCRATCH"
ibsim_start "$NET" "$SOCK"

ibnetdiscover_best() {
  local best= i t0 t1 s
  for i in $(seq "$RUNS"); do
    t0=$(now)
    env LD_PRELOAD=$PRELOAD IBSIM_SOCKNAME=$SOCK ibnetdiscover "$@" > /dev/null 2>&1
    t1=$(now)
    s=$(seconds "$t0" "$t1")
    if less_than "$s" "$best"; then best=$s; fi
  done
  echo "$best"
}
discover_best() {
  local best= cold= i line s c
  for i in $(seq "$RUNS"); do
    line=$(env LD_PRELOAD=$PRELOAD IBSIM_SOCKNAME=$SOCK "$JDK/bin/java" --enable-native-access=ALL-UNNAMED \
      -cp "$CP" org.infiniscope.lab.umad.DiscoverBench "$1" 2>>discover.err | grep '^discover ')
    s=$(sed -E 's/.*seconds=([0-9.]+).*/\1/' <<< "$line"); c=$(sed -E 's/.*cold=([0-9.]+).*/\1/' <<< "$line")
    if less_than "$s" "$best"; then best=$s; cold=$c; fi
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
    s=$(seconds "$t0" "$t1")
    if less_than "$s" "$best"; then best=$s; fi
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
echo "one-shot first use (starts the daemon, then sweeps with a cold JIT): $(seconds "$t0" "$t1")s"
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
