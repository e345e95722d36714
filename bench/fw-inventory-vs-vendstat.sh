#!/usr/bin/env bash
# Fabric-wide firmware inventory: `./infiniscope fw inventory` (one sweep, then one GeneralInfo Get to every node,
# -o MADs in flight) against Debian's `vendstat -N LID` run node by node (one process per node, as a script over
# the fabric would), both through umad2sim on `./infiniscope simulate` (ibsim answers no vendor class) after
# OpenSM brought the subnet up. vendstat runs on a SAMPLE of the nodes (default 200, spread over the LIDs) and
# its time is extrapolated linearly to every node; the script says so in its output.
# Usage: bench/fw-inventory-vs-vendstat.sh [NET_FILE or spec, default ft3:24 (3,456 hosts)] [SAMPLE (200)] [RUNS (3)]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
JDK=${INFINISCOPE_JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
LAB="$ROOT/lab/org.infiniscope.mad.umad.lab"
NET=${1:-ft3:24}
SAMPLE=${2:-200}
RUNS=${3:-3}
PRELOAD=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
PATH="$PATH:/usr/sbin:/sbin"

for tool in vendstat opensm; do
  command -v "$tool" >/dev/null || { echo "missing $tool: apt-get install infiniband-diags opensm" >&2; exit 1; }
done
[ -r "$PRELOAD" ] || { echo "missing $PRELOAD: apt-get install libumad2sim0" >&2; exit 1; }
"$ROOT/infiniscope" build >&2   # builds only when a source changed
[ -d "$LAB/target/lab-lib" ] || { echo "no $LAB/target/lab-lib: run the lab module's build once" >&2; exit 1; }
CP="$LAB/target/test-classes:$(ls "$LAB"/target/lab-lib/*.jar | paste -sd:)"

SCRATCH=$(mktemp -d "$LAB/target/bench-fw.XXXXXX")   # umad2sim writes its fake sysfs into the working folder
if [ -f "$NET" ]; then
  NET=$(readlink -f "$NET")
else
  "$JDK/bin/java" -cp "$CP" org.infiniscope.lab.umad.WriteNet "$NET" "$SCRATCH/$(tr ':' '-' <<< "$NET").net"
  NET="$SCRATCH/$(tr ':' '-' <<< "$NET").net"
fi
NODES=$(grep -cE '^(Switch|Hca|Ca|Rt)' "$NET")
HOST1=$(grep -m1 -E '^(Hca|Ca)' "$NET" | sed -E 's/.*"([^"]+)".*/\1/')
HOST2=$(grep -E '^(Hca|Ca)' "$NET" | sed -n 2p | sed -E 's/.*"([^"]+)".*/\1/')
SOCK="infiniscope-bench-fw-$$"
SIM_PID=
SM_PID=
cleanup() {
  [ -n "$SM_PID" ] && kill "$SM_PID" 2>/dev/null && wait "$SM_PID" 2>/dev/null || true
  exec 3>&- 2>/dev/null || true   # closing simulate's standard input stops it
  [ -n "$SIM_PID" ] && { wait "$SIM_PID" 2>/dev/null || true; }
  rm -f "$SCRATCH/console"
}
trap cleanup EXIT
cd "$SCRATCH"
mkfifo console
INFINISCOPE_DAEMON=0 "$ROOT/infiniscope" simulate --net "$NET" --ibsim-socket "$SOCK" < console > simulate.out 2> simulate.err &
SIM_PID=$!
exec 3> console
ready() { grep -qs "IBSIM_SOCKNAME=$SOCK" simulate.out simulate.err; }   # what simulate says once it serves
for _ in $(seq 3000); do ready && break; kill -0 "$SIM_PID" || { echo "simulate ended: $(tail -5 simulate.err)" >&2; exit 1; }; sleep 0.1; done
ready || { echo "simulate did not start within 300 s: $(tail -5 simulate.err)" >&2; exit 1; }

mkdir -p sm
env LD_PRELOAD=$PRELOAD IBSIM_SOCKNAME=$SOCK SIM_HOST=$HOST1 OSM_CACHE_DIR="$SCRATCH/sm" OSM_TMP_DIR="$SCRATCH/sm" \
  opensm -d2 -f "$SCRATCH/sm/opensm.log" > "$SCRATCH/sm/opensm.out" 2>&1 &
SM_PID=$!
for _ in $(seq 12000); do
  grep -q 'SUBNET UP' sm/opensm.log 2>/dev/null && break
  kill -0 "$SM_PID" 2>/dev/null || { echo "OpenSM ended: $(tail -5 sm/opensm.log)" >&2; exit 1; }
  sleep 0.05
done
grep -q 'SUBNET UP' sm/opensm.log || { echo "no SUBNET UP within 600 s" >&2; exit 1; }
while [ $(( $(date +%s) - $(stat -c %Y sm/opensm.log) )) -lt 2 ]; do sleep 0.2; done   # quiet for 2 s

now() { date +%s%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", (b - a) / 1e9 }'; }
inventory_best() {
  local best= i t0 t1 s
  for i in $(seq "$RUNS"); do
    t0=$(now)
    INFINISCOPE_DAEMON=0 "$ROOT/infiniscope" fw inventory --fabric "ibsim:$SOCK@$HOST2" --timing "$@" \
      > inventory.out 2> inventory.err || { echo "fw inventory failed: $(tail -3 inventory.err)" >&2; exit 1; }
    t1=$(now)
    s=$(secs "$t0" "$t1")
    if [ -z "$best" ] || awk -v x="$s" -v y="$best" 'BEGIN { exit !(x < y) }'; then best=$s; fi
  done
  echo "$best"
}

echo "fabric: $NET ($NODES nodes) on ./infiniscope simulate, OpenSM up; wall seconds"
inv=$(inventory_best)
echo "fw inventory (default -o 64), best of $RUNS: ${inv}s   [$(tail -1 inventory.err)]"
tail -1 inventory.out | sed 's/^/  /'
answered=$(grep -c '^0x' inventory.out || true)
inv1=$(inventory_best -o 1)
echo "fw inventory -o 1 (vendstat's one MAD in flight), best of $RUNS: ${inv1}s   [$(tail -1 inventory.err)]"

# vendstat -N on a sample of LIDs spread over 1..NODES (OpenSM gives this fabric's nodes LIDs 1..NODES)
step=$(( NODES / SAMPLE )); [ "$step" -ge 1 ] || step=1
t0=$(now); n=0; bad=0
for lid in $(seq 1 "$step" "$NODES"); do
  [ "$n" -lt "$SAMPLE" ] || break
  env LD_PRELOAD=$PRELOAD IBSIM_SOCKNAME=$SOCK SIM_HOST=$HOST2 vendstat -N "$lid" > vendstat.out 2>&1 || bad=$((bad + 1))
  n=$((n + 1))
done
t1=$(now)
vs=$(secs "$t0" "$t1")
per=$(awk -v s="$vs" -v n="$n" 'BEGIN { printf "%.4f", s / n }')
all=$(awk -v p="$per" -v n="$NODES" 'BEGIN { printf "%.1f", p * n }')
echo "vendstat -N node by node: $n of $NODES nodes sampled ($bad failed) in ${vs}s = ${per}s a node;" \
  "extrapolated to all $NODES nodes: ${all}s"
echo "ratio (vendstat node by node, extrapolated / fw inventory): $(awk -v a="$all" -v b="$inv" 'BEGIN { printf "%.1f", a / b }')x" \
  "(at -o 1: $(awk -v a="$all" -v b="$inv1" 'BEGIN { printf "%.1f", a / b }')x); fw inventory listed $answered nodes"
