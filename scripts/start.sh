#!/usr/bin/env bash
# The README's run command: installs what is missing, builds what is missing and starts the
# product on http://localhost:8080 (PORT to change it).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-node.sh

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "Installing dependencies (npm ci)..."
  bash scripts/install-deps.sh
fi
if [ ! -f storybook-static/index.html ] || [ -n "$(find packages/ui/src stories .storybook -newer storybook-static/index.html -print -quit)" ]; then
  echo "Building the component library's Storybook..."
  npx storybook build --quiet -o storybook-static >/dev/null
fi
exec node packages/server/src/main.ts
