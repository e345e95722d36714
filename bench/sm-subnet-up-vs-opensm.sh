#!/usr/bin/env bash
# Time to SUBNET UP, our SM against OpenSM, on the same ibsim fabric (a fresh ibsim for each SM run, both attached at
# h00001 through umad2sim), side by side with ratios:
#   wall   from the SM process's start to SUBNET UP: OpenSM's from its log's time stamp of SUBNET UP; ours from the
#          moment `./infiniscope sm --once` prints SUBNET UP (JVM and OSGi start included)
#   phase  the SM's own time: OpenSM's from its first log line to SUBNET UP; ours the sum of its printed phases
#          (discovery, lids, routing, programming, activation)
# Best and median of RUNS. Fabrics: the lab's ft2-16, ft2-432, ft3-432 and a generated 3,456-host 3-level fat tree
# (ft3:24: 720 switches, past ibsim's default limits, so ibsim gets -N/-S/-P as bench/discover-vs-ibnetdiscover.sh).
# Usage: bench/sm-subnet-up-vs-opensm.sh [RUNS] [NET_FILE_OR_SPEC...]   (default: 3 runs; the four fabrics above)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
JDK=${INFINISCOPE_JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
LAB="$ROOT/lab/org.infiniscope.mad.umad.lab"
RUNS=${1:-3}
shift || true
FABRICS=("$@")
[ ${#FABRICS[@]} -gt 0 ] || FABRICS=("$LAB/src/test/resources/fabrics/ft2-16.net"
  "$LAB/src/test/resources/fabrics/ft2-432.net" "$LAB/src/test/resources/fabrics/ft3-432.net" "ft3:24")
for i in "${!FABRICS[@]}"; do [ -f "${FABRICS[$i]}" ] && FABRICS[$i]=$(readlink -f "${FABRICS[$i]}"); done
PRELOAD=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
PATH="$PATH:/usr/sbin:/sbin"

for tool in ibsim opensm; do
  command -v "$tool" >/dev/null || { echo "missing $tool: apt-get install ibsim-utils opensm" >&2; exit 1; }
done
[ -r "$PRELOAD" ] || { echo "missing $PRELOAD: apt-get install libumad2sim0" >&2; exit 1; }
# build first: a build started by our launcher mid-run would clean lab/target
"$ROOT/infiniscope" build --check >/dev/null 2>&1 || "$ROOT/infiniscope" build >&2
[ -d "$LAB/target/lab-lib" ] || "$ROOT/infiniscope" build >&2
CP="$LAB/target/test-classes:$(ls "$LAB"/target/lab-lib/*.jar | paste -sd:)"

# outside target: the scratch survives a build, and umad2sim writes its fake sysfs into the working folder
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/infiniscope-bench-sm.XXXXXX")
cd "$SCRATCH"
IBSIM_PID=
SM_PID=
stop() {
  [ -n "$SM_PID" ] && { kill "$SM_PID" 2>/dev/null; wait "$SM_PID" 2>/dev/null; SM_PID=; }
  { exec 3>&-; } 2>/dev/null || true
  [ -n "$IBSIM_PID" ] && { kill "$IBSIM_PID" 2>/dev/null; wait "$IBSIM_PID" 2>/dev/null; IBSIM_PID=; }
  rm -f console
  return 0
}
cleanup() { stop; rm -rf "$SCRATCH"; }
trap cleanup EXIT

# start_ibsim NET SOCKET: a fresh ibsim (its limits raised for large fabrics) serving NET on SOCKET
start_ibsim() {
  local net=$1 sock=$2 limits=()
  mkfifo console
  [ "$(grep -cE '^(Switch|Hca|Ca|Rt)' "$net")" -gt 2048 ] || [ "$(grep -c '^Switch' "$net")" -gt 256 ] &&
    limits=(-N 16384 -S 2048 -P 100000)
  IBSIM_SOCKNAME=$sock ibsim "${limits[@]}" -s "$net" < console > ibsim.log 2>&1 &
  IBSIM_PID=$!
  exec 3> console   # held open so that ibsim keeps running
  for _ in $(seq 1200); do
    grep -q "@$sock:ctl" /proc/net/unix && return 0
    kill -0 "$IBSIM_PID" 2>/dev/null || { echo "ibsim did not start: $(tail -5 ibsim.log)" >&2; exit 1; }
    sleep 0.05
  done
  echo "ibsim did not open @$sock:ctl" >&2; exit 1
}

# seconds since midnight of an OpenSM log line's time stamp ("Nov 29 17:50:01 123456 [...")
log_seconds() { awk '{ split($3, t, ":"); printf "%.6f\n", t[1] * 3600 + t[2] * 60 + t[3] + $4 / 1e6 }'; }

# opensm_run NET: one OpenSM run on a fresh ibsim; prints "WALL PHASE"
opensm_run() {
  local net=$1 sock="infiniscope-bench-$BASHPID-$(date +%N)" state start
  start_ibsim "$net" "$sock"
  state=$(mktemp -d "$SCRATCH/opensm.XXXXXX")
  start=$(date +%H:%M:%S.%N | awk -F: '{ printf "%.6f", $1 * 3600 + $2 * 60 + $3 }')
  env LD_PRELOAD=$PRELOAD IBSIM_SOCKNAME=$sock SIM_HOST=h00001 OSM_CACHE_DIR="$state" OSM_TMP_DIR="$state" \
    opensm -d2 -f "$state/opensm.log" > "$state/opensm.out" 2>&1 &
  SM_PID=$!
  for _ in $(seq 6000); do
    grep -q 'SUBNET UP' "$state/opensm.log" 2>/dev/null && break
    kill -0 "$SM_PID" 2>/dev/null || { echo "OpenSM ended: $(tail -5 "$state/opensm.log")" >&2; exit 1; }
    sleep 0.05
  done
  grep -q 'SUBNET UP' "$state/opensm.log" || { echo "OpenSM: no SUBNET UP within 300 s" >&2; exit 1; }
  local first up
  first=$(head -1 "$state/opensm.log" | log_seconds)
  up=$(grep -m1 'SUBNET UP' "$state/opensm.log" | log_seconds)
  awk -v s="$start" -v f="$first" -v u="$up" 'BEGIN { printf "%.3f %.3f\n", u - s, u - f }'
  stop
}

# ours_run NET: one run of our SM (--once) on a fresh ibsim; prints "WALL PHASE"
ours_run() {
  local net=$1 sock="infiniscope-bench-$BASHPID-$(date +%N)" state start line wall= phase=0
  start_ibsim "$net" "$sock"
  state=$(mktemp -d "$SCRATCH/ours.XXXXXX")
  start=$EPOCHREALTIME
  while IFS= read -r line; do
    case $line in
      "SM phase "*) phase=$(awk -v a="$phase" -v b="$(awk '{ print $4 }' <<< "$line")" 'BEGIN { print a + b }') ;;
      "SUBNET UP") wall=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", b - a }') ;;
    esac
  done < <("$ROOT/infiniscope" sm --fabric "ibsim:$sock@h00001" --once \
    --guid2lid "$state/guid2lid" --sweep-interval 0 2> "$state/sm.err")
  [ -n "$wall" ] || { echo "our SM: no SUBNET UP: $(tail -5 "$state/sm.err")" >&2; exit 1; }
  printf '%s %.3f\n' "$wall" "$phase"
  stop
}

# best and median of column COL
stats() { awk -v c="$1" '{ print $c }' | sort -n | awk '{ v[NR] = $1 } END { printf "%s %s", v[1], v[int((NR + 1) / 2)] }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

echo "$(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg); $RUNS runs each, best (median); $(opensm --version 2>/dev/null | grep -m1 -o 'OpenSM [0-9.]*' || echo 'OpenSM ?')"
printf '%-14s %7s %6s | %-26s | %-26s | %s\n' fabric nodes sw "OpenSM wall / phase (s)" "ours wall / phase (s)" \
  "ours/OpenSM wall, phase"
for fabric in "${FABRICS[@]}"; do
  if [ -f "$fabric" ]; then
    net=$fabric
  else
    net="$SCRATCH/$(tr ':' '-' <<< "$fabric").net"
    "$JDK/bin/java" -cp "$CP" org.infiniscope.lab.umad.WriteNet "$fabric" "$net"
  fi
  nodes=$(grep -cE '^(Switch|Hca|Ca|Rt)' "$net"); switches=$(grep -c '^Switch' "$net")
  o=$(for _ in $(seq "$RUNS"); do opensm_run "$net"; done)
  u=$(for _ in $(seq "$RUNS"); do ours_run "$net"; done)
  read -r ow owm <<< "$(stats 1 <<< "$o")"; read -r op opm <<< "$(stats 2 <<< "$o")"
  read -r uw uwm <<< "$(stats 1 <<< "$u")"; read -r up upm <<< "$(stats 2 <<< "$u")"
  printf '%-14s %7s %6s | %5s (%5s) / %5s (%5s) | %5s (%5s) / %5s (%5s) | %s, %s\n' "$(basename "$net" .net)" \
    "$nodes" "$switches" "$ow" "$owm" "$op" "$opm" "$uw" "$uwm" "$up" "$upm" "$(ratio "$uw" "$ow")" "$(ratio "$up" "$op")"
done
