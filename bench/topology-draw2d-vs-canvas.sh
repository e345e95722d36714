#!/usr/bin/env bash
# Draw2d 3.2.100 (2007, the only GEF Classic on Maven Central) against the topology view's own drawing list and
# SWT painter (org.infiniscope.ui.topology), on today's SWT, on the 3,456-host 3-level fat tree (ft3:24): the time to
# build the picture and its heap, and frame times painting into a 1280x800 image with the whole fabric in view and
# with a window of it at zoom 1, hosts folded into their leaves and drawn. The peer (Draw2d) runs at its defaults:
# a figure a node, a label a switch, a polyline a link, painted through SWTGraphics/ScaledGraphics (Draw2d culls by
# clip; it has no level of detail). Outside OSGi, on a plain class path; under Xvfb when there is no display.
# Needs the bundles built (./infiniscope build). Usage: bench/topology-draw2d-vs-canvas.sh [RADIX]   (default 24)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
export JAVA_HOME=${INFINISCOPE_JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
MVN="$ROOT/.mvn/dist/apache-maven-3.9.16/bin/mvn"
REPO=${MAVEN_REPO:-$HOME/.m2/repository}
SWT=$REPO/org/eclipse/platform/org.eclipse.swt.gtk.linux.x86_64/3.135.0/org.eclipse.swt.gtk.linux.x86_64-3.135.0.jar
DRAW2D=$REPO/org/eclipse/draw2d/3.2.100-v20070529/draw2d-3.2.100-v20070529.jar
for jar in "$SWT:org.eclipse.platform:org.eclipse.swt.gtk.linux.x86_64:3.135.0" \
    "$DRAW2D:org.eclipse:draw2d:3.2.100-v20070529"; do
  [ -f "${jar%%:*}" ] || "$MVN" -q -B org.apache.maven.plugins:maven-dependency-plugin:3.8.1:get \
      -Dtransitive=false "-Dartifact=${jar#*:}" >&2
done
CLASSES="$ROOT/bundles/org.infiniscope.ui.topology/target/classes:$ROOT/bundles/org.infiniscope.topology/target/classes"
for c in ${CLASSES//:/ }; do
  [ -d "$c" ] || { echo "$c is missing: run ./infiniscope build first" >&2; exit 1; }
done
OUT="$ROOT/bench/target/topology-draw2d"
rm -rf "$OUT" && mkdir -p "$OUT"
CP="$SWT:$DRAW2D:$CLASSES"
"$JAVA_HOME/bin/javac" -nowarn -d "$OUT" -cp "$CP" \
    "$ROOT/bench/topology-draw2d/org/infiniscope/ui/topology/internal/graph/Draw2dVsCanvas.java"
RUN=("$JAVA_HOME/bin/java" -Xmx2g "-Dbench.out=$OUT" -cp "$OUT:$CP" org.infiniscope.ui.topology.internal.graph.Draw2dVsCanvas "${1:-24}")
if [ -z "${DISPLAY:-}" ]; then
  xvfb-run -a "${RUN[@]}"
else
  "${RUN[@]}"
fi
