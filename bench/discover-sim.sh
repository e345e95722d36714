#!/usr/bin/env bash
# The discovery service's directed-route sweep of the embedded simulated fabric, in one JVM (SimDiscoverBench):
# the time to build the simulated fabric, the first (cold) sweep and the best of the later ones, and the heap the
# fabric and one snapshot hold. Then the whole one-shot command `./infiniscope discover --fabric sim:SPEC` with its
# peak RSS. There is no third-party peer for the embedded simulator: compare with bench/discover-vs-ibnetdiscover.sh.
# Usage: bench/discover-sim.sh [SPEC] [WINDOW] [SWEEPS]   (default: ft3:36, the 11,664-host fat tree; 64; 5)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
JDK=${INFINISCOPE_JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
LAB="$ROOT/lab/org.infiniscope.mad.umad.lab"
SPEC=${1:-ft3:36}
WINDOW=${2:-64}
SWEEPS=${3:-5}
if [ ! -f "$LAB/target/lab-lib/org.infiniscope.sim.jar" ] || [ -n "$(find "$ROOT/bundles/org.infiniscope.mad/src" \
    "$ROOT/bundles/org.infiniscope.sim/src" "$ROOT/bundles/org.infiniscope.discovery/src" "$LAB/src" \
    -newer "$LAB/target/lab-lib" -print -quit)" ]; then
  "$ROOT/infiniscope" build >&2
fi
CP="$LAB/target/test-classes:$(ls "$LAB"/target/lab-lib/*.jar | paste -sd:)"
"$JDK/bin/java" -Xmx4g -cp "$CP" org.infiniscope.lab.umad.SimDiscoverBench "$SPEC" "$WINDOW" "$SWEEPS"
"$ROOT/infiniscope" version > /dev/null   # builds if needed and trains the one-shot AOT cache outside the timing
for i in 1 2 3; do
  /usr/bin/time -f "one-shot ./infiniscope discover --fabric sim:$SPEC -o $WINDOW: %e s wall, %M KB peak RSS" \
    "$ROOT/infiniscope" discover --fabric "sim:$SPEC" -o "$WINDOW" > /dev/null
done
