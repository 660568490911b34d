#!/usr/bin/env bash
# `npm run reliability [-- <name> ...]`: Node 22, the dependencies, a throwaway PostgreSQL server,
# then every reliability check (or the named ones); figures go to reliability/results.json and
# reliability/results.md. Not part of `npm test`: the load alone runs for minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-node.sh
[ -d node_modules ] || bash scripts/install-deps.sh
eval "$(bash scripts/ensure-postgres.sh)"
node reliability/run.ts "$@"
