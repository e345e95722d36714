#!/usr/bin/env bash
# Route quality of the programmed fabric, our SM against OpenSM 3.3.23, per routing engine, as issue 6 asks:
# "measured from ibroute dumps of the programmed fabric for hosts in LID order". For each fat tree and each engine
# (minhop, updn, ftree) a fresh ibsim is brought up once by OpenSM (-R ENGINE, its own cache) and once by our SM
# (`./infiniscope sm --once --routing ENGINE`); the SM then stops (the ports stay Active, the tables stay), and
# Debian's tools read the fabric back from another host: `ibswitches` lists the switches, `ibroute` dumps each one's
# LFT (the first switch with its destinations named: they give every port's LID; the others with -n), each dump
# checked and read again when a read timed out (a loaded machine). From the
# dumps alone (and the fabric's cabling) org.infiniscope.bench.RoutingBench computes, hosts in LID order, the most
# all-to-all routes on an inter-switch link direction (and the mean), the busiest link of each shift permutation
# host i -> i+k averaged over k (1.0 ideal), and our route checker's verdict; one row per SM and engine.
# Usage: bench/sm-route-quality-ibroute.sh [SPEC...]   (default: ft3:12 ft3:24 = 432 and 3,456 hosts)
#        Env: ENGINES (default "minhop updn ftree"), SM_TIMEOUT seconds per SM run (default 900), KEEP=1 keeps
#        the dumps (their folder is printed).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
source "$ROOT/bench/lib.sh"
JAR="$ROOT/bench/org.infiniscope.bench/target/benchmarks.jar"
SPECS=("$@")
[ ${#SPECS[@]} -gt 0 ] || SPECS=(ft3:12 ft3:24)
ENGINES=${ENGINES:-minhop updn ftree}
SM_TIMEOUT=${SM_TIMEOUT:-900}

require_tools "ibsim-utils opensm infiniband-diags" ibsim opensm ibroute ibswitches
# build first: a build started by our launcher mid-run would clean the runtime
"$ROOT/infiniscope" build --check >/dev/null 2>&1 || "$ROOT/infiniscope" build >&2
if [ ! -f "$JAR" ] || [ -n "$(find "$ROOT/bundles/org.infiniscope.sm/src" "$ROOT/bundles/org.infiniscope.topology/src" \
    "$ROOT/bench/org.infiniscope.bench/src" -newer "$JAR" -print -quit)" ]; then
  export JAVA_HOME=$JDK
  "$ROOT/.mvn/dist/apache-maven-3.9.16/bin/mvn" -o -q -f "$ROOT/pom.xml" -pl bench/org.infiniscope.bench package >&2
fi
bench() { "$JDK/bin/java" -Xmx6g -cp "$JAR" org.infiniscope.bench.RoutingBench "$@"; }

# outside target: umad2sim writes its fake sysfs into the working folder
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/sm-route-quality.XXXXXX")
cd "$SCRATCH"
SM_PID=
stop_sm() { [ -n "$SM_PID" ] && { kill "$SM_PID" 2>/dev/null; wait "$SM_PID" 2>/dev/null || true; SM_PID=; }; return 0; }
stop() {
  stop_sm
  server_stop
}
trap 'stop; [ -n "${KEEP:-}" ] && echo "dumps kept in $SCRATCH" >&2 || rm -rf "$SCRATCH"' EXIT

# dump SOCKET NET FILE: every switch's LFT as ibroute prints it, read from h00002 (not the SM's host). On a loaded
# machine a read can time out: the switch list (every switch) and each dump (complete, and in the first every
# destination named) are checked and read again.
dump() {
  local sock=$1 net=$2 out=$3 lids lid try part switches
  switches=$(grep -c '^Switch' "$net")
  for try in 1 2 3; do
    lids=$(env LD_PRELOAD=$PRELOAD IBSIM_SOCKNAME=$sock SIM_HOST=h00002 ibswitches 2>/dev/null |
      sed -ne 's/^.* lid \([0-9]*\) .*$/\1/p') || true
    [ "$(wc -w <<< "$lids")" != "$switches" ] || break
  done
  [ "$(wc -w <<< "$lids")" = "$switches" ] ||
    { echo "ibswitches found $(wc -w <<< "$lids") of $switches switches" >&2; exit 1; }
  : > "$out"
  part="$out.part"
  for lid in $lids; do
    for try in 1 2 3; do
      if [ -s "$out" ]; then
        env LD_PRELOAD=$PRELOAD IBSIM_SOCKNAME=$sock SIM_HOST=h00002 ibroute -n "$lid" > "$part" 2>/dev/null &&
          grep -q 'valid lids dumped' "$part" && break
      else   # the first switch with its destinations named (each one's NodeInfo read): they give every port's LID
        env LD_PRELOAD=$PRELOAD IBSIM_SOCKNAME=$sock SIM_HOST=h00002 ibroute "$lid" > "$part" 2>/dev/null &&
          grep -q 'valid lids dumped' "$part" &&
          [ "$(grep -c 'portguid' "$part")" = "$(grep -cE '^0x[0-9a-f]+ ' "$part")" ] && break
      fi
    done
    [ $try -lt 3 ] || grep -q 'valid lids dumped' "$part" || echo "  ibroute of LID $lid failed 3 times" >&2
    cat "$part" >> "$out"
  done
  rm -f "$part"
}

opensm_up() {   # NET ENGINE SOCKET: OpenSM -R ENGINE until SUBNET UP, then stopped
  local net=$1 engine=$2 sock=$3 state t0
  state=$(mktemp -d "$SCRATCH/opensm.XXXXXX")
  t0=$(date +%s)
  env LD_PRELOAD=$PRELOAD IBSIM_SOCKNAME=$sock SIM_HOST=h00001 OSM_CACHE_DIR="$state" OSM_TMP_DIR="$state" \
    opensm -d2 -D 0x07 -R "$engine" -f "$state/opensm.log" > "$state/opensm.out" 2>&1 &
  SM_PID=$!
  until grep -q 'SUBNET UP' "$state/opensm.log" 2>/dev/null; do
    kill -0 "$SM_PID" 2>/dev/null || { echo "OpenSM -R $engine ended: $(tail -3 "$state/opensm.log")" >&2; exit 1; }
    [ $(( $(date +%s) - t0 )) -lt "$SM_TIMEOUT" ] || { echo "OpenSM -R $engine: no SUBNET UP in $SM_TIMEOUT s" >&2; exit 1; }
    sleep 0.2
  done
  stop_sm
  used=$( (grep -o "building routing with '[a-z0-9]*'" "$state/opensm.log" || true) | tail -1 | cut -d"'" -f2)
  [ "$used" = "$engine" ] || echo "  (OpenSM fell back from $engine to $used: its routes are $used's)" >&2
}

ours_up() {   # ENGINE SOCKET: our SM --once with --routing ENGINE
  local engine=$1 sock=$2 state
  state=$(mktemp -d "$SCRATCH/ours.XXXXXX")
  timeout "$SM_TIMEOUT" "$ROOT/infiniscope" sm --fabric "ibsim:$sock@h00001" --once --routing "$engine" \
    --guid2lid "$state/guid2lid" --sweep-interval 0 > "$state/sm.out" 2> "$state/sm.err" ||
    { echo "our SM --routing $engine: $(tail -3 "$state/sm.err")" >&2; exit 1; }
  grep -q 'SUBNET UP' "$state/sm.out" || { echo "our SM --routing $engine: no SUBNET UP" >&2; exit 1; }
}

echo "$(nproc) cores; $( (opensm --version 2>/dev/null || true) | grep -m1 -o "OpenSM [0-9.]*"); $(date -u +%FT%TZ)"
for spec in "${SPECS[@]}"; do
  name=$(tr ':' '-' <<< "$spec")
  net="$SCRATCH/$name.net"
  bench net "$spec" "$net"
  echo
  echo "== $spec: $(grep -c '^Hca' "$net") hosts, $(grep -c '^Switch' "$net") switches; routes read back by ibroute"
  args=()
  for engine in $ENGINES; do
    for sm in OpenSM ours; do
      sock="sm-quality-$$-$sm-$engine"
      ibsim_start "$net" "$sock"
      t0=$EPOCHREALTIME
      if [ $sm = OpenSM ]; then opensm_up "$net" "$engine" "$sock"; else ours_up "$engine" "$sock"; fi
      t1=$EPOCHREALTIME
      dump "$sock" "$net" "$SCRATCH/$name-$sm-$engine.ibroute"
      t2=$EPOCHREALTIME
      stop
      awk -v s="$sm" -v e="$engine" -v a="$t0" -v b="$t1" -v c="$t2" -v l="$(wc -l < "$SCRATCH/$name-$sm-$engine.ibroute")" \
        'BEGIN { printf "  %s %s: up in %.1f s, ibroute dump %.1f s, %d lines\n", s, e, b - a, c - b, l }' >&2
      args+=(--dump "$sm $engine:$SCRATCH/$name-$sm-$engine.ibroute")
    done
  done
  bench quality "$spec" "${args[@]}"
  [ -n "${KEEP:-}" ] || rm -f "$SCRATCH"/*.ibroute
  rm -rf "$SCRATCH"/opensm.* "$SCRATCH"/ours.*
done
