#!/usr/bin/env bash
# `npm run bench`: Node 22, a throwaway PostgreSQL server for the database figures, then every
# benchmark; figures go to bench/results/latest.json.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-node.sh
[ -d node_modules ] || bash scripts/install-deps.sh
eval "$(bash scripts/ensure-postgres.sh)"
bash scripts/ensure-browser.sh
bash scripts/ensure-app-build.sh
node scripts/bench.ts
