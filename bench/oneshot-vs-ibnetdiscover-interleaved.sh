#!/usr/bin/env bash
# The one-shot `./infiniscope discover -o W` (launcher, daemon client, the daemon's sweep, printing) against Debian's
# `ibnetdiscover -o W` on the same ibsim, interleaved run by run (ibnetdiscover, then ours, ROUNDS times per window),
# reporting medians and their ratio with the load average before and after: on a machine that other work shares, a
# load change hits both sides of a pair alike, where bench/discover-vs-ibnetdiscover.sh's best-of-N does not.
# Usage: bench/oneshot-vs-ibnetdiscover-interleaved.sh [NET_FILE or generator spec, e.g. ft3:24] [ROUNDS] [WINDOWS...]
#   (default: ft3:24, the 3,456-host fat tree; 15 rounds; windows 64 16)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
source "$ROOT/bench/lib.sh"
NET=${1:-ft3:24}
ROUNDS=${2:-15}
shift $(($# > 2 ? 2 : $#))
WINDOWS=("$@")
[ ${#WINDOWS[@]} -gt 0 ] || WINDOWS=(64 16)

require_tools "ibsim-utils infiniband-diags" ibsim ibnetdiscover
"$ROOT/infiniscope" build --check >/dev/null || "$ROOT/infiniscope" build >&2

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

"$ROOT/infiniscope" version > /dev/null
"$ROOT/infiniscope" daemon status > /dev/null
for _ in 1 2 3; do   # starts the daemon and warms its JIT on this fabric
  "$ROOT/infiniscope" discover --fabric "ibsim:$SOCK" -o 64 > /dev/null 2>>oneshot.err ||
    { echo "the one-shot discover failed: $(tail -3 oneshot.err)" >&2; exit 1; }
done
median() { sort -n | awk '{ a[NR] = $1 } END { printf "%.4f", (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) / 1e9 }'; }
echo "fabric: $NET ($(grep -cE '^(Switch|Hca|Ca|Rt)' "$NET") nodes), $ROUNDS interleaved rounds, median wall seconds"
printf '%-7s %12s %10s %7s   %s\n' window "ibnd -o W" "one-shot" ratio "load average (1 min) before -> after"
for w in "${WINDOWS[@]}"; do
  load0=$(cut -d' ' -f1 /proc/loadavg)
  : > ibnd.times; : > ours.times
  for _ in $(seq "$ROUNDS"); do
    t0=$(now)
    env LD_PRELOAD=$PRELOAD IBSIM_SOCKNAME=$SOCK ibnetdiscover -o "$w" > /dev/null 2>&1
    t1=$(now)
    "$ROOT/infiniscope" discover --fabric "ibsim:$SOCK" -o "$w" > /dev/null 2>>oneshot.err ||
      { echo "the one-shot discover failed (a time of a failed run is no figure): $(tail -3 oneshot.err)" >&2; exit 1; }
    t2=$(now)
    echo $((t1 - t0)) >> ibnd.times
    echo $((t2 - t1)) >> ours.times
  done
  is=$(median < ibnd.times)
  os=$(median < ours.times)
  printf '%-7s %12s %10s %7s   %s -> %s\n' "$w" "$is" "$os" "$(awk -v a="$os" -v b="$is" 'BEGIN { printf "%.2f", a / b }')" \
    "$load0" "$(cut -d' ' -f1 /proc/loadavg)"
done
