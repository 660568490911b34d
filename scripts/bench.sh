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
# The peer grids of the table benchmark: their own package and lockfile, not in `npm start`'s install.
[ -d bench/table-grids/node_modules ] || npm ci --prefix bench/table-grids --no-audit --no-fund
node bench/run.ts "$@"
