#!/usr/bin/env bash
# Time to SUBNET UP, our SM against OpenSM, on the same ibsim fabric (a fresh ibsim for each SM run, both attached at
# h00001 through umad2sim), side by side with ratios:
#   wall   from the moment the operator's command starts to SUBNET UP: OpenSM's from the start of `opensm` to its log's
#          time stamp of SUBNET UP; ours from the start of `./infiniscope sm --once` (the launcher script, its build
#          check and all) to the moment it prints SUBNET UP, in two ways:
#            daemon  served by the fabric's one-shot daemon (as `./infiniscope sm` runs by default), which was started
#                    beforehand (`./infiniscope daemon start`, as an earlier command on the fabric leaves it) and left
#                    to finish its warm-up (its CPU time stops growing) before the command starts
#            cold    in-process (--no-daemon): a JVM and OSGi framework started for the command (AOT cache, C1)
#   phase  the SM's own time: OpenSM's from its first log line to SUBNET UP; ours the sum of its printed phases
#          (discovery, lids, routing, programming, activation)
# The runs of OpenSM, ours through the daemon and ours cold alternate, so that a change of the machine's load hits
# all three alike. Best and median of RUNS. Fabrics: the lab's ft2-16, ft2-432, ft3-432 and a generated 3,456-host 3-level fat tree
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
DAEMON_FABRIC=
stop() {
  [ -n "$SM_PID" ] && { kill "$SM_PID" 2>/dev/null; wait "$SM_PID" 2>/dev/null; SM_PID=; }
  [ -n "$DAEMON_FABRIC" ] && { "$ROOT/infiniscope" daemon stop --fabric "$DAEMON_FABRIC" >/dev/null 2>&1; DAEMON_FABRIC=; }
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
  local net=$1 sock="infiniscope-bench-$BASHPID-$(date +%N)" state start h m s
  start_ibsim "$net" "$sock"
  state=$(mktemp -d "$SCRATCH/opensm.XXXXXX")
  # the start as seconds since local midnight, as the log's time stamps, taken with builtins right before the fork
  local now=$EPOCHREALTIME hms
  printf -v hms '%(%H:%M:%S)T' "${now%.*}"
  IFS=: read -r h m s <<< "$hms"
  start=$((10#$h * 3600 + 10#$m * 60 + 10#$s)).${now#*.}
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

# cpu_ticks PID: the user and system CPU time of a process, in clock ticks
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null || echo gone; }

# daemon_ready FABRIC: starts the fabric's daemon and waits until its warm-up is over (its CPU time stops growing)
daemon_ready() {
  local fabric=$1 pid before after
  DAEMON_FABRIC=$fabric
  INFINISCOPE_DAEMON=1 "$ROOT/infiniscope" daemon start --fabric "$fabric" >/dev/null 2>&1 ||
    { echo "the daemon of $fabric did not start" >&2; exit 1; }
  pid=$("$ROOT/infiniscope" daemon status --fabric "$fabric" | awk '$1 == "pid" { print $2; exit }')
  [ -n "$pid" ] || { echo "no daemon runs for $fabric" >&2; exit 1; }
  before=$(cpu_ticks "$pid")
  for _ in $(seq 240); do
    sleep 0.25
    after=$(cpu_ticks "$pid")
    [ "$after" != "$before" ] || return 0
    before=$after
  done
}

# ours_run NET MODE: one run of our SM (--once) on a fresh ibsim, MODE daemon or cold; prints "WALL PHASE"
ours_run() {
  local net=$1 mode=$2 sock="infiniscope-bench-$BASHPID-$(date +%N)" state start line wall= phase=0 daemon=0
  start_ibsim "$net" "$sock"
  state=$(mktemp -d "$SCRATCH/ours.XXXXXX")
  if [ "$mode" = daemon ]; then
    daemon=1
    daemon_ready "ibsim:$sock@h00001"
  fi
  # only builtins in the loop: a process forked there would delay the reading of SUBNET UP and be charged to us
  local phases=() up=
  start=$EPOCHREALTIME
  while IFS= read -r line; do
    case $line in
      "SM phase "*) phases+=("$line") ;;
      "SUBNET UP") up=$EPOCHREALTIME ;;
    esac
  done < <(INFINISCOPE_DAEMON=$daemon "$ROOT/infiniscope" sm --fabric "ibsim:$sock@h00001" --once \
    --guid2lid "$state/guid2lid" --sweep-interval 0 2> "$state/sm.err")
  [ -n "$up" ] || { echo "our SM: no SUBNET UP: $(tail -5 "$state/sm.err")" >&2; exit 1; }
  wall=$(awk -v a="$start" -v b="$up" 'BEGIN { printf "%.3f", b - a }')
  phase=$(printf '%s\n' "${phases[@]}" | awk '{ s += $4 } END { printf "%.3f", s }')
  printf '%s %s\n' "$wall" "$phase"
  stop
}

# best and median of column COL
stats() { awk -v c="$1" '{ print $c }' | sort -n | awk '{ v[NR] = $1 } END { printf "%s %s", v[1], v[int((NR + 1) / 2)] }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

echo "$(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg); $RUNS runs each, best (median); $(opensm --version 2>/dev/null | grep -m1 -o 'OpenSM [0-9.]*' || echo 'OpenSM ?')"
echo "wall: from the command's start; ours through the fabric's daemon (warm), and cold (--no-daemon: a JVM started)"
printf '%-10s %6s %4s | %-27s | %-27s | %-27s | %s\n' fabric nodes sw "OpenSM wall / phase (s)" \
  "ours daemon wall / phase" "ours cold-JVM wall / phase" "ours/OpenSM wall: daemon, cold"
for fabric in "${FABRICS[@]}"; do
  if [ -f "$fabric" ]; then
    net=$fabric
  else
    net="$SCRATCH/$(tr ':' '-' <<< "$fabric").net"
    "$JDK/bin/java" -cp "$CP" org.infiniscope.lab.umad.WriteNet "$fabric" "$net"
  fi
  nodes=$(grep -cE '^(Switch|Hca|Ca|Rt)' "$net"); switches=$(grep -c '^Switch' "$net")
  o= d= c=
  for _ in $(seq "$RUNS"); do
    o+="$(opensm_run "$net")"$'\n'
    d+="$(ours_run "$net" daemon)"$'\n'
    c+="$(ours_run "$net" cold)"$'\n'
  done
  o=${o%$'\n'} d=${d%$'\n'} c=${c%$'\n'}
  read -r ow owm <<< "$(stats 1 <<< "$o")"; read -r op opm <<< "$(stats 2 <<< "$o")"
  read -r dw dwm <<< "$(stats 1 <<< "$d")"; read -r dp dpm <<< "$(stats 2 <<< "$d")"
  read -r cw cwm <<< "$(stats 1 <<< "$c")"; read -r cp cpm <<< "$(stats 2 <<< "$c")"
  printf '%-10s %6s %4s | %5s (%5s) / %5s (%5s) | %5s (%5s) / %5s (%5s) | %5s (%5s) / %5s (%5s) | %s, %s\n' \
    "$(basename "$net" .net)" "$nodes" "$switches" "$ow" "$owm" "$op" "$opm" "$dw" "$dwm" "$dp" "$dpm" \
    "$cw" "$cwm" "$cp" "$cpm" "$(ratio "$dw" "$ow")" "$(ratio "$cw" "$ow")"
done
echo "load at the end $(cut -d' ' -f1 /proc/loadavg)"
