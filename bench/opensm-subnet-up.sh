#!/usr/bin/env bash
# OpenSM on ibsim against OpenSM on Infiniscope's simulator (./infiniscope simulate --ibsim-socket), the same net
# file, the same unmodified umad2sim clients: the time from OpenSM's start to SUBNET UP (from OpenSM's own log time
# stamps, best and median of RUNS, a fresh server each run), and MADs per second through each server for a
# directed-route sweep (ibnetdiscover at its default and at -o 16, best of RUNS; its MAD count from ibsim -v).
# Fabrics: the lab's ft3-432 and a generated 3,456-host 3-level fat tree (ft3:24: 720 switches, past ibsim's default
# limits, so ibsim gets -N/-S/-P).
# Usage: bench/opensm-subnet-up.sh [RUNS] [NET_FILE_OR_SPEC...]     (default: 3 runs; ft3-432.net and ft3:24)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
source "$ROOT/bench/lib.sh"
RUNS=${1:-3}
shift || true
FABRICS=("$@")
[ ${#FABRICS[@]} -gt 0 ] || FABRICS=("$LAB/src/test/resources/fabrics/ft3-432.net" "ft3:24")
for i in "${!FABRICS[@]}"; do [ -f "${FABRICS[$i]}" ] && FABRICS[$i]=$(readlink -f "${FABRICS[$i]}"); done

require_tools "ibsim-utils opensm infiniband-diags" ibsim opensm ibnetdiscover
"$ROOT/infiniscope" build --check >/dev/null 2>&1 || "$ROOT/infiniscope" build >&2
[ -d "$LAB/target/lab-lib" ] || "$ROOT/infiniscope" build >&2

SCRATCH=$(mktemp -d "$LAB/target/bench-opensm.XXXXXX")   # umad2sim writes its fake sysfs into the working folder
cd "$SCRATCH"
SERVER_KIND=
SM_PID=
stop() {
  [ -n "$SM_PID" ] && { kill "$SM_PID" 2>/dev/null; wait "$SM_PID" 2>/dev/null; SM_PID=; }
  # closing the console stops ours (given 10 s); ibsim spins on it: killed at once
  if [ "$SERVER_KIND" = ours ]; then server_stop 10; else server_stop; fi
}
trap stop EXIT

# start_server KIND NET SOCKET: ibsim (raising its limits for large fabrics) or ours, serving NET on SOCKET
start_server() {
  local kind=$1 net=$2 sock=$3
  SERVER_KIND=$kind
  if [ "$kind" = ibsim ]; then
    # shellcheck disable=SC2086
    IBSIM_LOG="server-$kind.log" ibsim_start "$net" "$sock" ${IBSIM_VERBOSE:-}
  else
    serve_on_console "$sock" "server-$kind.log" env -u LD_PRELOAD -u IBSIM_SOCKNAME "$ROOT/infiniscope" simulate \
      --net "$net" --ibsim-socket "$sock"
  fi
}

# seconds from OpenSM's first log line to its first SUBNET UP, from the log's own time stamps
subnet_up_seconds() {
  awk '{ split($3, t, ":"); s = t[1] * 3600 + t[2] * 60 + t[3] + $4 / 1e6 }
       NR == 1 { first = s } /SUBNET UP/ { printf "%.3f\n", s - first; exit }' "$1"
}

# time_subnet_up KIND NET: one run; prints the seconds
time_subnet_up() {
  local kind=$1 net=$2 sock="infiniscope-bench-$BASHPID-$(date +%N)" state
  start_server "$kind" "$net" "$sock"
  state=$(mktemp -d "$SCRATCH/opensm.XXXXXX")
  env LD_PRELOAD=$PRELOAD IBSIM_SOCKNAME=$sock SIM_HOST=h00001 OSM_CACHE_DIR="$state" OSM_TMP_DIR="$state" \
    opensm -d2 -f "$state/opensm.log" > "$state/opensm.out" 2>&1 &
  SM_PID=$!
  for _ in $(seq 6000); do
    grep -q 'SUBNET UP' "$state/opensm.log" 2>/dev/null && break
    kill -0 "$SM_PID" 2>/dev/null || { echo "OpenSM ended on $kind: $(tail -5 "$state/opensm.log")" >&2; exit 1; }
    sleep 0.05
  done
  grep -q 'SUBNET UP' "$state/opensm.log" || { echo "no SUBNET UP on $kind within 300 s: $(tail -5 "$state/opensm.log")" >&2; exit 1; }
  subnet_up_seconds "$state/opensm.log"
  stop
}

# sweep_best KIND NET [IBNETDISCOVER ARGS]: the fastest of RUNS ibnetdiscover sweeps through a server, no SM
sweep_best() {
  local kind=$1 net=$2 sock="infiniscope-bench-$BASHPID-$(date +%N)" best= t0 t1 s
  shift 2
  start_server "$kind" "$net" "$sock"
  for _ in $(seq "$RUNS"); do
    t0=$(date +%s%N)
    env LD_PRELOAD=$PRELOAD IBSIM_SOCKNAME=$sock SIM_HOST=h00001 ibnetdiscover "$@" > "sweep-$kind.out" 2>&1 ||
      { echo "ibnetdiscover failed on $kind: $(tail -3 "sweep-$kind.out")" >&2; exit 1; }
    t1=$(date +%s%N)
    s=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", (b - a) / 1e9 }')
    if [ -z "$best" ] || awk -v x="$s" -v y="$best" 'BEGIN { exit !(x < y) }'; then best=$s; fi
  done
  stop
  echo "$best"
}

# the MADs one ibnetdiscover sweep sends: counted by ibsim -v ("replying" lines), the same for any server
sweep_mads() {
  local net=$1 sock="infiniscope-bench-$BASHPID-$(date +%N)" n
  IBSIM_VERBOSE=-v start_server ibsim "$net" "$sock"
  env LD_PRELOAD=$PRELOAD IBSIM_SOCKNAME=$sock SIM_HOST=h00001 ibnetdiscover "${@:2}" > /dev/null 2>&1
  n=$(grep -c replying server-ibsim.log || true)
  stop
  echo "$n"
}

stats() { sort -n | awk '{ v[NR] = $1 } END { printf "%s %s", v[1], v[int((NR + 1) / 2)] }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

echo "$(nproc) cores; $RUNS runs each; $(opensm --version 2>/dev/null | grep -m1 -o 'OpenSM [0-9.]*' || echo '?')"
for fabric in "${FABRICS[@]}"; do
  if [ -f "$fabric" ]; then
    net=$(readlink -f "$fabric")
  else
    net=$(net_file "$fabric" "$SCRATCH")
  fi
  nodes=$(grep -cE '^(Switch|Hca|Ca|Rt)' "$net"); switches=$(grep -c '^Switch' "$net")
  echo
  echo "fabric $(basename "$net"): $nodes nodes, $switches switches"
  declare -A best median
  for kind in ibsim ours; do
    read -r best[$kind] median[$kind] <<< "$(for _ in $(seq "$RUNS"); do time_subnet_up "$kind" "$net"; done | stats)"
  done
  printf '  OpenSM start to SUBNET UP   ibsim %7ss (median %ss)   ours %7ss (median %ss)   ours/ibsim %s\n' \
    "${best[ibsim]}" "${median[ibsim]}" "${best[ours]}" "${median[ours]}" "$(ratio "${best[ours]}" "${best[ibsim]}")"
  for args in "" "-o 16"; do
    # shellcheck disable=SC2086
    mads=$(sweep_mads "$net" $args)
    # shellcheck disable=SC2086
    ti=$(sweep_best ibsim "$net" $args)
    # shellcheck disable=SC2086
    to=$(sweep_best ours "$net" $args)
    printf '  ibnetdiscover %-8s %6s MADs   ibsim %8ss %8s MADs/s   ours %8ss %8s MADs/s   ours/ibsim %s\n' \
      "${args:-(default)}" "$mads" "$ti" "$(awk -v m="$mads" -v s="$ti" 'BEGIN { printf "%.0f", m / s }')" \
      "$to" "$(awk -v m="$mads" -v s="$to" 'BEGIN { printf "%.0f", m / s }')" "$(ratio "$(awk -v m="$mads" -v s="$to" 'BEGIN { print m / s }')" "$(awk -v m="$mads" -v s="$ti" 'BEGIN { print m / s }')")"
  done
done
