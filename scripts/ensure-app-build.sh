#!/usr/bin/env bash
# Builds the coach app (packages/app/dist) when it is missing or older than anything it is built
# from: its sources and public files, the ui, api and domain packages, the Vite config and the lock file.
# Used by `npm start` and `npm run test:e2e`. FORCE_APP_BUILD=1 builds anyway.
set -euo pipefail
cd "$(dirname "$0")/.."

stamp=packages/app/dist/index.html
sources=(packages/app/src packages/app/public packages/app/index.html packages/app/vite.config.ts
  packages/app/precompress.ts packages/app/package.json packages/ui/src packages/api/src packages/domain/src
  packages/api/package.json package-lock.json)
# Files only: a folder's time changes when a file comes and goes in it, and a ui test writes and
# removes a scratch entry in packages/ui/src/theme (system.test.ts), which made every build stale.
if [ "${FORCE_APP_BUILD:-0}" = "1" ] || [ ! -f "$stamp" ] ||
  [ -n "$(find "${sources[@]}" -type f -newer "$stamp" -print -quit)" ]; then
  echo "Building the coach app (packages/app/dist)..." >&2
  # Quiet when it works; the build's whole output when it fails.
  build_log=$(mktemp)
  if ! npm run build --silent -w @coach/app >"$build_log" 2>&1; then
    cat "$build_log" >&2
    rm -f "$build_log"
    echo "The coach app did not build: see the errors above." >&2
    exit 1
  fi
  rm -f "$build_log"
fi
