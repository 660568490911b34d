#!/usr/bin/env bash
# `npm run test:engines`: the coach's main journeys in Firefox and WebKit (e2e/engines/), each
# engine's file against a product of its own. Installs the engines and their drivers when missing
# (scripts/ensure-engines.sh), builds the app when needed, type-checks the journeys with the
# drivers' types (the gate's typecheck leaves out the files that import the drivers, which it
# does not install), then runs them. Extra arguments go to vitest (a file, -t ...).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-node.sh
[ -d node_modules ] || bash scripts/install-deps.sh
bash scripts/ensure-engines.sh
bash scripts/ensure-app-build.sh
npx tsc -p e2e/engines/tsconfig.json
npx vitest run --project e2e-engines "$@"
