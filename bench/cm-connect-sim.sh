#!/usr/bin/env bash
# CM connections a second between two simulated hosts (h1 -> h2, two switches apart): connect to ESTABLISHED on
# both sides (REQ/REP/RTU, both QPs moved to RTS), serial and 16 in flight, in one OSGi test JVM (CmBenchTest).
# An absolute figure: there is no peer CM to run on the simulator.
# Usage: bench/cm-connect-sim.sh [CONNECTIONS]   (default 4000)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
export JAVA_HOME=${INFINISCOPE_JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
export INFINISCOPE_CM_BENCH=${1:-4000}
cd "$ROOT"
.mvn/dist/apache-maven-3.9.16/bin/mvn -o -q -pl target-platform,bundles/org.infiniscope.mad,bundles/org.infiniscope.console,bundles/org.infiniscope.topology,bundles/org.infiniscope.pci,bundles/org.infiniscope.sim,bundles/org.infiniscope.verbs,bundles/org.infiniscope.cm,bundles/org.infiniscope.cm.tests \
  verify -Dtest=CmBenchTest -Dsurefire.failIfNoSpecifiedTests=false 2>&1 | grep -E '^cm-connect |FAIL|ERROR' || true
