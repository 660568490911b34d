#!/usr/bin/env bash
# The README's run command: installs what is missing, builds the coach app when it is missing or
# older than its sources, and starts the product (the app and the services, demo data seeded on
# the embedded PGlite database in .data/) on http://localhost:8080 (PORT to change it).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-node.sh

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "Installing dependencies (npm ci)..."
  bash scripts/install-deps.sh
fi
bash scripts/ensure-app-build.sh
# The simulator's main: the server's start with the demo's history as its demo seed.
exec node packages/simulator/src/main.ts
