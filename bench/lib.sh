# Shared by the bench scripts that run the ibsim lab (sourced, never run): the tool checks, a fabric server started
# on a console that keeps it running, and wall-clock helpers. A script sets ROOT before it sources this file.
# shellcheck shell=bash

JDK=${INFINISCOPE_JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
LAB="$ROOT/lab/org.infiniscope.mad.umad.lab"
PRELOAD=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
PATH="$PATH:/usr/sbin:/sbin"
SERVER_PID=

# require_tools "PACKAGES" TOOL...: exits, naming the Debian packages, when a tool is missing or umad2sim is absent
require_tools() {
  local packages=$1 tool
  shift
  for tool in "$@"; do
    command -v "$tool" >/dev/null || { echo "missing $tool: apt-get install $packages" >&2; exit 1; }
  done
  [ -r "$PRELOAD" ] || { echo "missing $PRELOAD: apt-get install libumad2sim0" >&2; exit 1; }
}

# lab_classpath: the lab's test classes and its lab-lib jars (built by ./infiniscope build)
lab_classpath() {
  echo "$LAB/target/test-classes:$(ls "$LAB"/target/lab-lib/*.jar | paste -sd:)"
}

# net_file NET_FILE_OR_SPEC FOLDER: prints the net file's absolute path; a generator spec such as ft3:24 (the
# 3,456-host fat tree) is written into FOLDER first
net_file() {
  if [ -f "$1" ]; then
    readlink -f "$1"
  else
    local net
    net="$2/$(tr ':' '-' <<< "$1").net"
    "$JDK/bin/java" -cp "$(lab_classpath)" org.infiniscope.lab.umad.WriteNet "$1" "$net" >&2
    echo "$net"
  fi
}

# serve_on_console SOCKET LOG COMMAND...: runs a fabric server (ibsim or ./infiniscope simulate) in the background
# with a FIFO `console` in the working folder as its standard input, held open on fd 3 (ibsim busy-loops at 100 % CPU
# when its console reaches end of file; closing it stops simulate), its output in LOG. Sets SERVER_PID and returns
# once the server has bound @SOCKET:ctl; exits the script when the server ends or has not bound it within 60 s.
serve_on_console() {
  local sock=$1 log=$2
  shift 2
  mkfifo console
  "$@" < console > "$log" 2>&1 &
  SERVER_PID=$!
  exec 3> console
  for _ in $(seq 1200); do
    grep -q "@$sock:ctl" /proc/net/unix && return 0
    kill -0 "$SERVER_PID" 2>/dev/null || { echo "the server did not start ($log): $(tail -5 "$log")" >&2; exit 1; }
    sleep 0.05
  done
  echo "the server did not open @$sock:ctl within 60 s ($log)" >&2
  exit 1
}

# ibsim_start NET SOCKET [IBSIM OPTION...]: ibsim serving NET on @SOCKET (log: $IBSIM_LOG, else ibsim.log), past its
# default node, switch and port limits for a large fabric (the 3,456-host ft3:24 has 720 switches)
ibsim_start() {
  local net=$1 sock=$2 limits=()
  shift 2
  [ "$(grep -cE '^(Switch|Hca|Ca|Rt)' "$net")" -gt 2048 ] || [ "$(grep -c '^Switch' "$net")" -gt 256 ] &&
    limits=(-N 16384 -S 2048 -P 100000)
  serve_on_console "$sock" "${IBSIM_LOG:-ibsim.log}" env IBSIM_SOCKNAME="$sock" ibsim "${limits[@]}" "$@" -s "$net"
}

# server_stop [WAIT_SECONDS]: closes the console and stops the server (none running: nothing); a server that ends
# by itself when its console closes (simulate) is given WAIT_SECONDS first
server_stop() {
  { exec 3>&-; } 2>/dev/null || true
  if [ -n "$SERVER_PID" ]; then
    for _ in $(seq $((${1:-0} * 10))); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=
  fi
  rm -f console
  return 0
}

now() { date +%s%N; }
# seconds T0 T1: the seconds between two `now` readings
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", (b - a) / 1e9 }'; }
# less_than X Y: whether X < Y (for the best of several runs; an empty Y counts as no run yet)
less_than() { [ -z "$2" ] || awk -v x="$1" -v y="$2" 'BEGIN { exit !(x < y) }'; }
