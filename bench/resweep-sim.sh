#!/usr/bin/env bash
# The light re-sweep (Discovery.resweep) against a full directed-route sweep on the embedded simulated fabric, in
# one OSGi test JVM (ResweepBenchTest): best of five of each on an unchanged fabric, then one cable pulled. There is
# no third-party peer for an incremental re-sweep: the peer is our own full sweep, at the same window (64).
# Usage: bench/resweep-sim.sh [SPECS]   (default: ft3:12,ft3:36 - the 432- and 11,664-host fat trees)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
export JAVA_HOME=${INFINISCOPE_JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
export INFINISCOPE_RESWEEP_BENCH=${1:-ft3:12,ft3:36}
cd "$ROOT"
.mvn/dist/apache-maven-3.9.16/bin/mvn -o -q -pl target-platform,bundles/org.infiniscope.mad,bundles/org.infiniscope.console,bundles/org.infiniscope.topology,bundles/org.infiniscope.sim,bundles/org.infiniscope.discovery,bundles/org.infiniscope.discovery.tests \
  verify -Dtest=ResweepBenchTest -Dsurefire.failIfNoSpecifiedTests=false 2>&1 | grep -E '^resweep |FAIL|ERROR' || true
