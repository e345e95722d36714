#!/usr/bin/env bash
# Copies the screenshots that the UI tests saved (under target/) into docs/images/, for the README.
# Run ./infiniscope test first; commit the images that changed.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SHOTS="$ROOT/ui-tests/org.infiniscope.ui.tests/target/screenshots"
for name in infiniscope-window about explorer-ft2-432 properties-node topology-export counters health subnet-manager qp-view; do
  [ -f "$SHOTS/$name.png" ] || { echo "no $SHOTS/$name.png: run ./infiniscope test first" >&2; exit 1; }
  cp "$SHOTS/$name.png" "$ROOT/docs/images/$name.png"
  echo "docs/images/$name.png"
done
