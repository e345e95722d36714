#!/usr/bin/env bash
# The fabric model (org.infiniscope.model) on the 11,664-host 3-level fat tree (ft3:36: 13,284 nodes, 71,604
# ports, 34,992 links), in the OSGi test runtime of org.infiniscope.model.tests: the first update from a snapshot,
# its heap, the same snapshot again, one cable pulled (best of 5), XMI save and load; then a sweep of the same fabric
# on the embedded simulator through the Discovery service into the model, and a second sweep after a cable is pulled.
# Absolute figures (no peer exists); LargeFabricMeasurement checks the results, never the times.
# Usage: bench/model-ft3-36.sh [-Xmx...]      (default -Xmx3g)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
export JAVA_HOME=${INFINISCOPE_JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
MVN="$ROOT/.mvn/dist/apache-maven-3.9.16/bin/mvn"
[ -x "$MVN" ] || "$ROOT/infiniscope" build >&2
LOG=$(mktemp)
trap 'rm -f "$LOG"' EXIT
cd "$ROOT"
if ! "$MVN" -o -pl target-platform,bundles/org.infiniscope.mad,bundles/org.infiniscope.console,\
bundles/org.infiniscope.topology,bundles/org.infiniscope.sim,bundles/org.infiniscope.discovery,\
bundles/org.infiniscope.model,bundles/org.infiniscope.model.tests verify -Dtest=LargeFabricMeasurement \
    -Dsurefire.failIfNoSpecifiedTests=false "-Dtycho.testArgLine=-Dinfiniscope.model.large=true ${1:--Xmx3g}" \
    >"$LOG" 2>&1; then
  tail -40 "$LOG" >&2
  exit 1
fi
grep '^model ' "$LOG"
