#!/usr/bin/env bash
# The REST API's requests a second and 99th-percentile latency for the fabric summary and one port's counters, with
# the 3,456-host fat tree (ft3:24) loaded in the headless runtime (RestThroughputIT, Failsafe): 8 clients, 20,000
# requests each after a warm-up, over HTTP/1.1 on the loopback. No other REST server serves this model, so the
# figures are absolute. Needs `./infiniscope build` first.
# Usage: bench/rest-throughput.sh [FABRIC] [CLIENTS] [REQUESTS]   (default: sim:ft3:24 8 20000)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
export JAVA_HOME=${INFINISCOPE_JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
cd "$ROOT"
.mvn/dist/apache-maven-3.9.16/bin/mvn -o -q -pl target-platform,product/org.infiniscope.headless verify \
  -Dit.test=RestThroughputIT -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false -Dinfiniscope.rest.bench=true \
  -Dinfiniscope.rest.bench.fabric="${1:-sim:ft3:24}" -Dinfiniscope.rest.bench.clients="${2:-8}" \
  -Dinfiniscope.rest.bench.requests="${3:-20000}" 2>&1 | grep -E '^rest-throughput|FAIL|ERROR' || true
