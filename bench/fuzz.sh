#!/usr/bin/env bash
# The long fuzz run of every MAD decoder (a slice of it runs in the unit tests).
# Usage: bench/fuzz.sh [CASES-PER-DECODER [SEED]]   (default: 1,000,000)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
JDK=${INFINISCOPE_JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
JAR="$ROOT/bench/org.infiniscope.bench/target/benchmarks.jar"
if [ ! -f "$JAR" ] || [ -n "$(find "$ROOT/bundles/org.infiniscope.mad/src" "$ROOT/bench/org.infiniscope.bench/src" -newer "$JAR" -print -quit)" ]; then
  "$ROOT/infiniscope" build >&2
fi
exec "$JDK/bin/java" -cp "$JAR" org.infiniscope.bench.FuzzDecoders "$@"
