#!/usr/bin/env bash
# Regenerates the table of configuration keys in docs/configuration.md from the bundles' @ObjectClassDefinitions
# (ConfigDoc, run as a single source file by Java 25). ConfigurationDocTest fails until this has run after a key
# was added, renamed or given another default or description; commit docs/configuration.md afterwards.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
JDK=${INFINISCOPE_JAVA_HOME:-${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}}
"$JDK/bin/java" "$ROOT/product/org.infiniscope.dist/src/test/java/org/infiniscope/dist/ConfigDoc.java" \
  "$ROOT" "$ROOT/docs/configuration.md"
echo "docs/configuration.md"
