#!/usr/bin/env bash
# The light re-sweep against a full directed-route sweep through libibumad and umad2sim on ibsim
# (org.infiniscope.lab.umad.ResweepBench, one JVM, best of 5 each after a warm-up). The peer is our own full sweep at
# the same window: ibnetdiscover has no incremental mode. Needs ./infiniscope build (for the lab's class path).
# Usage: bench/resweep-ibsim.sh [NET-FILE] [WINDOW]   (default: the lab's ft3-432.net, 16)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
source "$ROOT/bench/lib.sh"
NET=$(readlink -f "${1:-$LAB/src/test/resources/fabrics/ft3-432.net}")
WINDOW=${2:-16}
require_tools ibsim-utils ibsim
CP=$(lab_classpath)
SCRATCH=$(mktemp -d)
SOCK=resweep$$
trap 'server_stop; rm -rf "$SCRATCH"' EXIT
cd "$SCRATCH"
ibsim_start "$NET" "$SOCK"
LD_PRELOAD=$PRELOAD IBSIM_SOCKNAME=$SOCK \
  "$JDK/bin/java" --enable-native-access=ALL-UNNAMED -cp "$CP" org.infiniscope.lab.umad.ResweepBench "$WINDOW" \
  2>resweep.err | grep '^resweep ' || cat resweep.err >&2
