#!/usr/bin/env bash
# Directed-route sweep of a whole ibsim fabric: MADs per second through Infiniscope's umad transport
# (org.infiniscope.lab.umad.UmadBench, TransportConfig window 1/4/16/64) against ibnetdiscover at its default
# and at -o 1/4/16/64, both through umad2sim to the same ibsim. MAD counts come from ibsim -v ("replying" lines),
# times are the best of RUNS. UmadBench sweeps 5 times in one JVM: the table shows the best warm sweep (JVM start
# and JIT warm-up excluded: a long-running console sweeps warm), the "cold" column the first sweep of the best run.
# Usage: bench/umad-vs-ibnetdiscover.sh [NET_FILE] [RUNS]      (default: the 432-host fat tree, 3 runs)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
source "$ROOT/bench/lib.sh"
NET=$(readlink -f "${1:-$LAB/src/test/resources/fabrics/ft2-432.net}")
RUNS=${2:-3}

require_tools "ibsim-utils infiniband-diags" ibsim ibnetdiscover
if [ ! -d "$LAB/target/lab-lib" ] || [ -n "$(find "$ROOT/bundles/org.infiniscope.mad/src" \
    "$ROOT/bundles/org.infiniscope.mad.umad/src" "$LAB/src" -newer "$LAB/target/lab-lib" -print -quit)" ]; then
  "$ROOT/infiniscope" build >&2
fi
CP=$(lab_classpath)

SCRATCH=$(mktemp -d "$LAB/target/bench.XXXXXX")   # umad2sim writes its fake sysfs into the working folder
SOCK="infiniscope-bench-$$"
trap server_stop EXIT
cd "$SCRATCH"
ibsim_start "$NET" "$SOCK" -v

answered() { grep -c "replying" ibsim.log || true; }

# best_of RUNS COMMAND...: prints "MADS SECONDS" of the fastest run, MADs counted by ibsim
ibnetdiscover_best() {
  local best= mads=0 i before t0 t1 s
  for i in $(seq "$RUNS"); do
    before=$(answered); t0=$(now)
    env LD_PRELOAD=$PRELOAD IBSIM_SOCKNAME=$SOCK ibnetdiscover "$@" > /dev/null 2>&1
    t1=$(now); mads=$(( $(answered) - before ))
    s=$(seconds "$t0" "$t1")
    if less_than "$s" "$best"; then best=$s; fi
  done
  echo "$mads $best"
}
umad_best() {
  local best= mads=0 cold= i line s c
  for i in $(seq "$RUNS"); do
    line=$(env LD_PRELOAD=$PRELOAD IBSIM_SOCKNAME=$SOCK "$JDK/bin/java" --enable-native-access=ALL-UNNAMED \
      -cp "$CP" org.infiniscope.lab.umad.UmadBench "$1" 2>>umad.err | grep '^umad ')
    s=$(sed -E 's/.*seconds=([0-9.]+).*/\1/' <<< "$line"); c=$(sed -E 's/.*cold=([0-9.]+).*/\1/' <<< "$line")
    if less_than "$s" "$best"; then best=$s; cold=$c; fi
  done
  # UmadBench counts the MADs of one sweep itself
  mads=$(sed -E 's/.*mads=([0-9]+).*/\1/' <<< "$line")
  echo "$mads $best $cold"
}
rate() { awk -v m="$1" -v s="$2" 'BEGIN { printf "%.0f", m / s }'; }

echo "fabric: $NET ($(grep -cE '^(Switch|Hca|Ca|Rt)' "$NET") nodes), best of $RUNS runs"
read -r dm ds <<< "$(ibnetdiscover_best)"
echo "ibnetdiscover (default -o): $dm MADs in ${ds}s = $(rate "$dm" "$ds") MADs/s"
printf '%-8s %28s %28s %8s %10s %10s\n' window "ibnetdiscover -o W" "umad transport (warm)" "cold s" "MADs/s" "sweep"
printf '%-8s %28s %28s %8s %10s %10s\n' "" "MADs  s  MADs/s" "MADs  s  MADs/s" "" "umad/ibnd" "ibnd/umad"
for w in 1 4 16 64; do
  read -r im is <<< "$(ibnetdiscover_best -o "$w")"
  read -r um us uc <<< "$(umad_best "$w")"
  ir=$(rate "$im" "$is"); ur=$(rate "$um" "$us")
  printf '%-8s %28s %28s %8s %10s %10s\n' "$w" "$im $is $ir" "$um $us $ur" "$uc" \
    "$(awk -v a="$ur" -v b="$ir" 'BEGIN { printf "%.2f", a / b }')" \
    "$(awk -v a="$is" -v b="$us" 'BEGIN { printf "%.2f", a / b }')"
done
