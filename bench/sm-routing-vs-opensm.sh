#!/usr/bin/env bash
# Our routing engines against OpenSM 3.3.23's on the same fat trees: OpenSM runs on ibsim with -R minhop|updn|ftree
# (a fresh OpenSM and cache per engine; its routing phase is timed by its own log, from "building routing with" to
# "tables configured on all switches", which includes queuing the LFT MADs); ours route the same graph with the LIDs
# OpenSM gave (its guid2lid), in one JVM: the first (cold) call, then best of RUNS after 3 s of warm-up (JIT), as in
# a running SM. Route quality of both from the same
# code (org.infiniscope.sm.routing.RouteQuality): ours from our tables, OpenSM's from its opensm-lfts.dump (written
# with log flag 0x40), hosts in LID order: all-to-all routes per inter-switch link direction (max, mean) and the
# busiest link of each shift permutation host i -> i+k averaged over k (1.0 ideal). Our checker runs on both.
# Usage: bench/sm-routing-vs-opensm.sh [RUNS] [SPEC...]   (default: 10 runs; ft3:12 ft3:24 ft3:36 = 432, 3,456, 11,664
#        hosts). Env: ENGINES (default "minhop updn ftree"), SM_TIMEOUT seconds per OpenSM run (default 900).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
source "$ROOT/bench/lib.sh"
JAR="$ROOT/bench/org.infiniscope.bench/target/benchmarks.jar"
RUNS=${1:-10}
shift || true
SPECS=("$@")
[ ${#SPECS[@]} -gt 0 ] || SPECS=(ft3:12 ft3:24 ft3:36)
ENGINES=${ENGINES:-minhop updn ftree}
SM_TIMEOUT=${SM_TIMEOUT:-900}

require_tools "ibsim-utils opensm" ibsim opensm
if [ ! -f "$JAR" ] || [ -n "$(find "$ROOT/bundles/org.infiniscope.sm/src" "$ROOT/bundles/org.infiniscope.topology/src" \
    "$ROOT/bench/org.infiniscope.bench/src" -newer "$JAR" -print -quit)" ]; then
  export JAVA_HOME=$JDK
  "$ROOT/.mvn/dist/apache-maven-3.9.16/bin/mvn" -o -q -f "$ROOT/pom.xml" -pl bench/org.infiniscope.bench package >&2 ||
    "$ROOT/infiniscope" build >&2
fi
bench() { "$JDK/bin/java" -Xmx6g -cp "$JAR" org.infiniscope.bench.RoutingBench "$@"; }

SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/sm-routing-bench.XXXXXX")   # umad2sim writes its fake sysfs into the working folder
cd "$SCRATCH"
SM_PID=
stop_sm() { [ -n "$SM_PID" ] && { kill "$SM_PID" 2>/dev/null; wait "$SM_PID" 2>/dev/null || true; SM_PID=; }; return 0; }
stop() {
  stop_sm
  server_stop
}
trap 'stop; rm -rf "$SCRATCH"' EXIT

# seconds between the first lines matching two patterns, from OpenSM's log time stamps
log_seconds() {
  awk -v a="$2" -v b="$3" '{ split($3, t, ":"); s = t[1] * 3600 + t[2] * 60 + t[3] + $4 / 1e6 }
       index($0, a) && !from { from = s } index($0, b) && from { printf "%.3f\n", s - from; exit }' "$1"
}

echo "$(nproc) cores; $( (opensm --version 2>/dev/null || true) | grep -m1 -o "OpenSM [0-9.]*"); $(date -u +%FT%TZ)"
for spec in "${SPECS[@]}"; do
  net="$SCRATCH/$(tr ':' '-' <<< "$spec").net"
  bench net "$spec" "$net"
  echo
  echo "== $spec: $(grep -c '^Hca' "$net") hosts, $(grep -c '^Switch' "$net") switches"
  args=()
  lids=
  for engine in $ENGINES; do
    sock="sm-routing-$$-$engine"
    ibsim_start "$net" "$sock"
    state="$SCRATCH/opensm-$(tr ':' '-' <<< "$spec")-$engine"
    mkdir -p "$state"
    t0=$(date +%s)
    env LD_PRELOAD=$PRELOAD IBSIM_SOCKNAME=$sock SIM_HOST=h00001 OSM_CACHE_DIR="$state" OSM_TMP_DIR="$state" \
      opensm -d2 -R "$engine" -D 0x47 -f "$state/opensm.log" --dump_files_dir "$state" > "$state/opensm.out" 2>&1 &
    SM_PID=$!
    until grep -q 'SUBNET UP' "$state/opensm.log" 2>/dev/null; do
      kill -0 "$SM_PID" 2>/dev/null || { echo "OpenSM -R $engine ended: $(tail -3 "$state/opensm.log")" >&2; exit 1; }
      [ $(( $(date +%s) - t0 )) -lt "$SM_TIMEOUT" ] || { echo "OpenSM -R $engine: no SUBNET UP in $SM_TIMEOUT s" >&2; exit 1; }
      sleep 0.2
    done
    # the dumps are written around SUBNET UP: wait until the LFT dump stops growing
    size=-1
    until [ -s "$state/opensm-lfts.dump" ] && [ "$(stat -c %s "$state/opensm-lfts.dump")" = "$size" ]; do
      size=$(stat -c %s "$state/opensm-lfts.dump" 2>/dev/null || echo -1)
      sleep 1
    done
    stop_sm
    stop
    secs=$(log_seconds "$state/opensm.log" "building routing with" "tables configured on all switches")
    used=$(grep -o "building routing with '[a-z0-9]*'" "$state/opensm.log" | tail -1 | cut -d"'" -f2)
    up=$(log_seconds "$state/opensm.log" "OpenSM 3" "SUBNET UP")
    echo "  OpenSM -R $engine: routing ${secs}s (engine used: $used), start to SUBNET UP ${up}s," \
      "LFT dump $(du -h "$state/opensm-lfts.dump" | cut -f1)"
    [ "$used" = "$engine" ] || echo "  (OpenSM fell back from $engine to $used: its time and routes are $used's)"
    args+=(--opensm "$engine:$secs:$state/opensm-lfts.dump:$state/guid2lid")
    [ -n "$lids" ] || lids="$state/guid2lid"
  done
  bench compare "$spec" --runs "$RUNS" --guid2lid "$lids" "${args[@]}"
  rm -rf "$SCRATCH"/opensm-*
done
