#!/usr/bin/env bash
# CM connections a second through the runtime's path: a one-shot `cm connect` between two hosts of the built-in
# simulated fabric (h00001 -> h00002): the SA's PathRecord from the bring-up SM, REQ/REP/RTU, both QPs to RTS, then
# DREQ/DREP and the QPs destroyed, one connection after the other. Needs `./infiniscope build` first.
# An absolute figure: there is no peer CM to run on the simulator.
# Usage: bench/cm-connect-runtime.sh [CONNECTIONS]   (default 2000)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
./infiniscope cm connect -n "${1:-2000}" h00001 h00002 | tail -1
