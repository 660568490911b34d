#!/usr/bin/env bash
# `npm run test:thorough`: the heaviest server and simulator test files (whole-demo seeds, the
# route fuzzer at full depth, floods of requests; the list is in vitest.workspace.ts) on a
# throwaway PostgreSQL server (the engine's own files, the route fuzzer among them, on PGlite too;
# decision 109), and the several-process end-to-end files (the live figures
# across two products, the morning mail sent once by three) in chromium. `npm test` runs the
# server and simulator ones once, on PGlite, with samples, and `npm run test:e2e` the one-process
# end-to-end runs of the same journeys; `npm run test:all` (and so CI) ends with this tier. Extra
# arguments go to vitest (a file filter, -t ...).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-node.sh
[ -d node_modules ] || bash scripts/install-deps.sh
bash scripts/ensure-browser.sh
bash scripts/ensure-app-build.sh
# A throwaway server already running (`npm run test:all`'s, which the deploy steps beside this
# tier also use) is reused and left running at the end.
was_running=0
if (exec 3<>"/dev/tcp/127.0.0.1/${COACH_PG_PORT:-54329}") 2>/dev/null; then was_running=1; fi
eval "$(bash scripts/ensure-postgres.sh)"
if [ "$was_running" = 0 ]; then
  trap 'bash scripts/ensure-postgres.sh stop >/dev/null 2>&1 || true' EXIT
fi
started=$SECONDS
COACH_THOROUGH=1 npx vitest run --project server-pglite --project server-postgres \
  --project simulator --project simulator-postgres --project e2e "$@"
echo "thorough tests: $(( SECONDS - started )) s"
