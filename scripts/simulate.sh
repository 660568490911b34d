#!/usr/bin/env bash
# `npm run simulate -- --clients N --days D [--seed S] [--coach-email E]`: Node 22, then the
# client simulator against the product's database (DATABASE_URL, else the PGlite DATA_DIR, .data
# by default; stop a server running on that DATA_DIR first).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-node.sh
[ -d node_modules ] || bash scripts/install-deps.sh
exec node packages/simulator/src/cli.ts "$@"
