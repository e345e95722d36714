#!/usr/bin/env bash
# JMH benchmarks of the codecs and the simulator (absolute figures: no peer runs in process side by side).
# Usage: bench/jmh.sh [JMH options, e.g. a benchmark regex or -prof gc]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
JDK=${INFINISCOPE_JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
JAR="$ROOT/bench/org.infiniscope.bench/target/benchmarks.jar"
if [ ! -f "$JAR" ] || [ -n "$(find "$ROOT/bundles/org.infiniscope.mad/src" "$ROOT/bundles/org.infiniscope.topology/src" "$ROOT/bundles/org.infiniscope.sim/src" "$ROOT/bench/org.infiniscope.bench/src" -newer "$JAR" -print -quit)" ]; then
  "$ROOT/infiniscope" build >&2
fi
exec "$JDK/bin/java" -jar "$JAR" "$@"
