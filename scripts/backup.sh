#!/usr/bin/env bash
# `npm run backup [-- --out FILE]` and `npm run restore -- FILE --yes` (restore.sh): Node 22, then
# the backup command against the product's database (DATABASE_URL, else the embedded database in
# DATA_DIR, .data by default; stop a server running on that DATA_DIR first).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-node.sh >&2
[ -d node_modules ] || bash scripts/install-deps.sh >&2
exec node packages/server/src/backup/cli.ts "${COACH_BACKUP_COMMAND:-backup}" "$@"
