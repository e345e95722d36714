#!/usr/bin/env bash
# The performance manager's sweep of every port's counters (org.infiniscope.lab.umad.PerfBench: in one JVM, the
# first sweep and the best later one, the topology known from one discovery sweep) against Debian's ibqueryerrors
# (which discovers the fabric, then reads every node's PortCounters) on the same ibsim with OpenSM up, at
# ibqueryerrors' default and at an equal number of MADs in flight (-o W). Then one sweep of the embedded simulator's
# fabric (SimPerfBench: time and the heap the manager holds); it has no third-party peer.
# The rounds are side by side: each round runs ibqueryerrors and ours one after the other, so that the load of a
# shared machine weighs on both alike, and each round's ratios are its own; the medians of the rounds are printed last.
# Then the one-shot command as a user runs it, `./infiniscope perf --fabric ibsim:SOCK@h00002 [-o W] [--json]` (the
# launcher, the daemon client, the resident daemon's discovery and one sweep with a manager of its own, the table or
# JSON of every port), interleaved with ibqueryerrors run by run (ibqueryerrors at its default, ours at its default
# window 64, then per window W ibqueryerrors -o W and ours -o W), PERF_ONESHOT_ROUNDS times: best of N and medians of
# each, and their ratios. Its first use (which starts the daemon) is timed apart and not counted in the rounds.
# Usage: bench/perf-vs-ibqueryerrors.sh [NET_FILE or spec, default ft3:24 (3,456 hosts)] [ROUNDS (3)] [SIM_SPEC (ft3:36)]
#   PERF_WINDOWS="2 16 64" (MADs in flight), PERF_SWEEPS=5 (counter sweeps a PerfBench JVM runs),
#   PERF_ONESHOT_ROUNDS=9, PERF_PARTS="perfbench oneshot sim" (which parts run)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
JDK=${INFINISCOPE_JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
LAB="$ROOT/lab/org.infiniscope.mad.umad.lab"
NET=${1:-ft3:24}
RUNS=${2:-3}
SIM_SPEC=${3:-ft3:36}
WINDOWS=${PERF_WINDOWS:-2 16 64}   # MADs in flight: ours, and ibqueryerrors' -o (its discovery's; it reads the PMAs one by one)
SWEEPS=${PERF_SWEEPS:-5}
ONESHOT_ROUNDS=${PERF_ONESHOT_ROUNDS:-9}
PARTS=" ${PERF_PARTS:-perfbench oneshot sim} "
PRELOAD=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
PATH="$PATH:/usr/sbin:/sbin"

for tool in ibsim ibqueryerrors opensm; do
  command -v "$tool" >/dev/null || { echo "missing $tool: apt-get install ibsim-utils infiniband-diags opensm" >&2; exit 1; }
done
[ -r "$PRELOAD" ] || { echo "missing $PRELOAD: apt-get install libumad2sim0" >&2; exit 1; }
if [ ! -f "$LAB/target/lab-lib/org.infiniscope.perf.jar" ] || [ -n "$(find "$ROOT/bundles/org.infiniscope.perf/src" \
    "$ROOT/bundles/org.infiniscope.diag/src" "$ROOT/bundles/org.infiniscope.discovery/src" "$LAB/src" \
    -newer "$LAB/target/lab-lib" -print -quit)" ]; then
  "$ROOT/infiniscope" build >&2
fi
CP="$LAB/target/test-classes:$(ls "$LAB"/target/lab-lib/*.jar | paste -sd:)"

SCRATCH=$(mktemp -d "$LAB/target/bench-perf.XXXXXX")   # umad2sim writes its fake sysfs into the working folder
if [ -f "$NET" ]; then
  NET=$(readlink -f "$NET")
else
  "$JDK/bin/java" -cp "$CP" org.infiniscope.lab.umad.WriteNet "$NET" "$SCRATCH/$(tr ':' '-' <<< "$NET").net"
  NET="$SCRATCH/$(tr ':' '-' <<< "$NET").net"
fi
SOCK="infiniscope-bench-$$"
IBSIM_PID=
SM_PID=
cleanup() {
  [ -z "${SOCK:-}" ] || "$ROOT/infiniscope" daemon stop --fabric "ibsim:$SOCK@h00002" 2>/dev/null || true
  [ -n "$SM_PID" ] && kill "$SM_PID" 2>/dev/null && wait "$SM_PID" 2>/dev/null || true
  exec 3>&- 2>/dev/null || true
  [ -n "$IBSIM_PID" ] && kill "$IBSIM_PID" 2>/dev/null && wait "$IBSIM_PID" 2>/dev/null || true
  rm -f "$SCRATCH/console"
}
trap cleanup EXIT
cd "$SCRATCH"
mkfifo console
LIMITS=()
[ "$(grep -cE '^(Switch|Hca|Ca|Rt)' "$NET")" -gt 2048 ] || [ "$(grep -c '^Switch' "$NET")" -gt 256 ] &&
  LIMITS=(-N 16384 -S 2048 -P 100000)   # past ibsim's default limits (the 3,456-host ft3:24 has 720 switches)
IBSIM_SOCKNAME=$SOCK ibsim "${LIMITS[@]}" -s "$NET" < console > ibsim.log 2>&1 &
IBSIM_PID=$!
exec 3> console   # ibsim's console: held open so that it keeps running
# a 4,176-node fabric takes ibsim seconds to read, more on a loaded machine: up to 60 s
for _ in $(seq 1200); do grep -q "@$SOCK:ctl" /proc/net/unix && break; kill -0 "$IBSIM_PID" || exit 1; sleep 0.05; done
grep -q "@$SOCK:ctl" /proc/net/unix || { echo "ibsim did not start: $(cat ibsim.log)" >&2; exit 1; }

mkdir -p sm
env LD_PRELOAD=$PRELOAD IBSIM_SOCKNAME=$SOCK SIM_HOST=h00001 OSM_CACHE_DIR="$SCRATCH/sm" OSM_TMP_DIR="$SCRATCH/sm" \
  opensm -d2 -f "$SCRATCH/sm/opensm.log" > "$SCRATCH/sm/opensm.out" 2>&1 &
SM_PID=$!
for _ in $(seq 12000); do
  grep -q 'SUBNET UP' sm/opensm.log 2>/dev/null && break
  kill -0 "$SM_PID" 2>/dev/null || { echo "OpenSM ended: $(tail -5 sm/opensm.log)" >&2; exit 1; }
  sleep 0.05
done
grep -q 'SUBNET UP' sm/opensm.log || { echo "no SUBNET UP within 600 s" >&2; exit 1; }
# quiet: no log line for 2 s (OpenSM sweeps again when the hosts' links come up)
while [ $(( $(date +%s) - $(stat -c %Y sm/opensm.log) )) -lt 2 ]; do sleep 0.2; done

now() { date +%s%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", (b - a) / 1e9 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
ibqueryerrors_once() {
  local t0 t1
  t0=$(now)
  env LD_PRELOAD=$PRELOAD IBSIM_SOCKNAME=$SOCK SIM_HOST=h00002 ibqueryerrors "$@" > ibqueryerrors.out 2>&1 || true
  t1=$(now)
  secs "$t0" "$t1"
}
# PerfBench in a JVM of its own: prints its "perf ..." line with the wall time of the whole process appended (jvm=S)
perf_run() {
  local t0 t1 line
  t0=$(now)
  line=$(env LD_PRELOAD=$PRELOAD IBSIM_SOCKNAME=$SOCK SIM_HOST=h00002 "$JDK/bin/java" --enable-native-access=ALL-UNNAMED \
    -cp "$CP" org.infiniscope.lab.umad.PerfBench "$1" "$2" 2>>perf.err | grep '^perf ')
  t1=$(now)
  echo "$line jvm=$(secs "$t0" "$t1")"
}
field() { sed -E "s/.* $1=([0-9.]+).*/\\1/" <<< "$2"; }
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }


# --- the one-shot command through the daemon, interleaved with ibqueryerrors -------------------------------------
ours_once() {   # prints the wall seconds of one `./infiniscope perf`, after checking that it read every port
  local t0 t1 line
  t0=$(now)
  "$ROOT/infiniscope" perf --fabric "ibsim:$SOCK@h00002" "$@" > oneshot.out 2>> oneshot.err ||
    { echo "the one-shot perf $* failed (a failed run is no figure): $(tail -3 oneshot.err)" >&2; exit 1; }
  t1=$(now)
  if [ "${1:-}" = --json ] || [ "${3:-}" = --json ]; then
    line=$(grep -o '"nodes":[0-9]*,"ports":[0-9]*' oneshot.out | head -1)
    [ "$line" = "\"nodes\":$NODES,\"ports\":$PORTS" ] || { echo "the one-shot perf $* read $line" >&2; exit 1; }
  else
    line=$(tail -1 oneshot.out)
    [[ $line == "Sweep: $NODES nodes, $PORTS ports, "*"; 0 unreachable" ]] ||
      { echo "the one-shot perf $* ended with: $line" >&2; exit 1; }
  fi
  secs "$t0" "$t1"
}
best() { sort -n | head -1; }
median4() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.4f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
oneshot_part() {
  NODES=$(grep -cE '^(Switch|Hca|Ca|Rt)' "$NET")
  # every port that has a link: a switch's and a CA's linked ports (each link line once from each end)
  PORTS=$(grep -cE '^\[[0-9]+\]' "$NET")
  echo
  echo "one-shot \`./infiniscope perf --fabric ibsim:SOCK@h00002\` through the daemon (launcher, client, discovery, one"
  echo "sweep of every port with a manager of its own, the table or JSON printed), $ONESHOT_ROUNDS rounds interleaved with"
  echo "ibqueryerrors (default; ours at its default -o 64; per W: ibqueryerrors -o W, ours -o W), wall seconds:"
  local load0 t first
  load0=$(cut -d' ' -f1-3 /proc/loadavg)
  "$ROOT/infiniscope" daemon stop --fabric "ibsim:$SOCK@h00002" 2>/dev/null || true
  first=$(ours_once)
  for _ in 1 2; do ours_once > /dev/null; ours_once -o 16 > /dev/null; done   # the daemon's JIT on this fabric
  echo "  first use (starts the daemon): $first s; load $load0"
  : > os.times
  for r in $(seq "$ONESHOT_ROUNDS"); do
    t=$(ibqueryerrors_once); echo "dflt ibqe $t" >> os.times
    t=$(ours_once); echo "dflt ours $t" >> os.times
    t=$(ours_once --json); echo "dflt json $t" >> os.times
    for w in $WINDOWS; do
      t=$(ibqueryerrors_once -o "$w"); echo "$w ibqe $t" >> os.times
      t=$(ours_once -o "$w"); echo "$w ours $t" >> os.times
    done
    echo "  round $r done, load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
  done
  local d_best d_med
  d_best=$(awk '$1 == "dflt" && $2 == "ibqe" { print $3 }' os.times | best)
  d_med=$(awk '$1 == "dflt" && $2 == "ibqe" { print $3 }' os.times | median4)
  printf '  %-22s %10s %10s   %-24s %10s %10s\n' "" best median "" "best/dflt" "med/dflt"
  printf '  %-22s %10s %10s\n' "ibqueryerrors" "$d_best" "$d_med"
  local kind label b m
  for kind in ours json; do
    label="ours -o 64 (default)"; [ "$kind" = json ] && label="ours -o 64 --json"
    b=$(awk -v k="$kind" '$1 == "dflt" && $2 == k { print $3 }' os.times | best)
    m=$(awk -v k="$kind" '$1 == "dflt" && $2 == k { print $3 }' os.times | median4)
    printf '  %-22s %10s %10s   %-24s %10s %10s\n' "$label" "$b" "$m" "vs ibqueryerrors default" \
      "$(ratio "$b" "$d_best")" "$(ratio "$m" "$d_med")"
  done
  printf '  %-22s %10s %10s   %-24s %10s %10s %10s %10s\n' "" best median "" "best/-oW" "med/-oW" "best/dflt" "med/dflt"
  local w ib im ob om
  for w in $WINDOWS; do
    ib=$(awk -v w="$w" '$1 == w && $2 == "ibqe" { print $3 }' os.times | best)
    im=$(awk -v w="$w" '$1 == w && $2 == "ibqe" { print $3 }' os.times | median4)
    ob=$(awk -v w="$w" '$1 == w && $2 == "ours" { print $3 }' os.times | best)
    om=$(awk -v w="$w" '$1 == w && $2 == "ours" { print $3 }' os.times | median4)
    printf '  %-22s %10s %10s\n' "ibqueryerrors -o $w" "$ib" "$im"
    printf '  %-22s %10s %10s   %-24s %10s %10s %10s %10s\n' "ours -o $w" "$ob" "$om" "vs ibqueryerrors" \
      "$(ratio "$ob" "$ib")" "$(ratio "$om" "$im")" "$(ratio "$ob" "$d_best")" "$(ratio "$om" "$d_med")"
  done
  echo "  load average before -> after: $load0 -> $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "  ibqueryerrors: discovery, a SA PathRecord query, ClassPortInfo of every node, PortCounters summed over a"
  echo "  switch's ports (AllPortSelect; each port only when the sum shows errors) and each CA port's PortCounters;"
  echo "  it prints the ports with errors. Ours: discovery, ClassPortInfo once a kind of device, PortCounters of every"
  echo "  port ($PORTS), and every port's line."
}

if [[ $PARTS == *" perfbench "* ]]; then
echo "fabric: $NET ($(grep -cE '^(Switch|Hca|Ca|Rt)' "$NET") nodes), OpenSM up; $RUNS rounds, each side by side:"
echo "  ibqueryerrors at its default, then per window W: ibqueryerrors -o W; PerfBench W in one JVM (discovery, then"
echo "  $SWEEPS counter sweeps: cold = the first, warm = the best later one, topology and capabilities known, no JVM start);"
echo "  own-jvm = PerfBench in a JVM of its own from start to end: JVM start, discovery and one sweep (not the"
echo "  ./infiniscope perf command, which the daemon serves: its figures follow)."
echo "  ibqueryerrors figures are whole processes (start, discovery, ClassPortInfo and one PortCounters(+Extended) a node)."
echo "  cpu = the CPU time our JVM used in the warm sweep (all its threads; the machine has $(nproc) cores)."
printf '%-5s %-6s %9s %9s %9s %9s %9s %9s %9s %8s %11s %11s %12s %12s\n' round window "ibqe dflt" "ibqe -oW" discover \
  cold warm cpu own-jvm queries "warm/-oW" "warm/dflt" "ownjvm/-oW" "ownjvm/dflt"
: > ratios
for r in $(seq "$RUNS"); do
  dflt=$(ibqueryerrors_once)
  [ "$r" = 1 ] && tail -2 ibqueryerrors.out | sed 's/^/  ibqueryerrors: /' >&2
  for w in $WINDOWS; do
    is=$(ibqueryerrors_once -o "$w")
    line=$(perf_run "$w" "$SWEEPS")
    one=$(perf_run "$w" 1)
    d=$(field discover "$line"); c=$(field cold "$line"); s=$(field seconds "$line"); j=$(field jvm "$one")
    printf '%-5s %-6s %9s %9s %9s %9s %9s %9s %9s %8s %11s %11s %12s %12s  load %s\n' "$r" "$w" "$dflt" "$is" "$d" "$c" \
      "$s" "$(field cpu "$line")" "$j" "$(field queries "$line")" "$(ratio "$s" "$is")" "$(ratio "$s" "$dflt")" "$(ratio "$j" "$is")" \
      "$(ratio "$j" "$dflt")" "$(cut -d' ' -f1-3 /proc/loadavg)"
    echo "$w $(ratio "$s" "$is") $(ratio "$s" "$dflt") $(ratio "$j" "$is") $(ratio "$j" "$dflt")" >> ratios
  done
done
echo "medians over the rounds (min-max):"
for w in $WINDOWS; do
  out="  window $w:"
  k=2
  for name in warm/-oW warm/dflt ownjvm/-oW ownjvm/dflt; do
    vals=$(awk -v w="$w" -v k="$k" '$1 == w { print $k }' ratios)
    out="$out $name $(median <<< "$vals") ($(sort -n <<< "$vals" | head -1)-$(sort -n <<< "$vals" | tail -1))"
    k=$((k + 1))
  done
  echo "$out"
done
fi
[[ $PARTS != *" oneshot "* ]] || oneshot_part
cleanup
IBSIM_PID=; SM_PID=

[[ $PARTS == *" sim "* ]] || exit 0
echo "embedded simulator $SIM_SPEC (absolute figures: no third-party peer)"
"$JDK/bin/java" -Xmx6g -cp "$CP" org.infiniscope.lab.umad.SimPerfBench "$SIM_SPEC" 64 3
