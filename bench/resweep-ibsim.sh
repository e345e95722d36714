#!/usr/bin/env bash
# The light re-sweep against a full directed-route sweep through libibumad and umad2sim on ibsim
# (org.infiniscope.lab.umad.ResweepBench, one JVM, best of 5 each after a warm-up). The peer is our own full sweep at
# the same window: ibnetdiscover has no incremental mode. Needs ./infiniscope build (for the lab's class path).
# Usage: bench/resweep-ibsim.sh [NET-FILE] [WINDOW]   (default: the lab's ft3-432.net, 16)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
JDK=${INFINISCOPE_JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
LAB="$ROOT/lab/org.infiniscope.mad.umad.lab"
NET=$(readlink -f "${1:-$LAB/src/test/resources/fabrics/ft3-432.net}")
WINDOW=${2:-16}
CP="$LAB/target/test-classes:$(ls "$LAB"/target/lab-lib/*.jar | paste -sd:)"
SCRATCH=$(mktemp -d)
SOCK=resweep$$
trap 'kill $IBSIM $HOLD 2>/dev/null || true; rm -rf "$SCRATCH"' EXIT
cd "$SCRATCH"
mkfifo console
sleep infinity > console & HOLD=$!
IBSIM_SOCKNAME=$SOCK ibsim -s "$NET" < console > ibsim.log 2>&1 & IBSIM=$!
for _ in $(seq 100); do grep -q "@$SOCK:ctl" /proc/net/unix && break; sleep 0.1; done
LD_PRELOAD=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so IBSIM_SOCKNAME=$SOCK \
  "$JDK/bin/java" --enable-native-access=ALL-UNNAMED -cp "$CP" org.infiniscope.lab.umad.ResweepBench "$WINDOW" \
  2>resweep.err | grep '^resweep ' || cat resweep.err >&2
