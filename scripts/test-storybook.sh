#!/usr/bin/env bash
# Builds the static Storybook and runs every story in Debian's chromium with
# @storybook/test-runner: play functions, axe (serious/critical fail) and visual snapshots.
#   bash scripts/test-storybook.sh                 all stories
#   bash scripts/test-storybook.sh -u              update the visual baselines
#   bash scripts/test-storybook.sh stories/ui/X.stories.tsx   only those files
# Every run writes the visual review (scripts/visual-review.sh): test-results/visual/index.html;
# a run of all files also renders every Docs page (scripts/storybookDocs.ts), unless SB_DOCS=0
# (`npm test`, the gate, leaves them to `npm run test:all`).
# SB_OUT (build folder), SB_PORT (static server port), SB_SKIP_BUILD=1 (reuse a build),
# SB_WORKERS (browser pages at once, default 3: each story spends much of its time waiting),
# SB_SNAPSHOTS=0 (plays and axe only, no picture and no visual review: `npm test`, the gate,
# leaves the pictures to `npm run test:all`; they are a quarter of the run's CPU),
# SB_AXE=0 (no axe check: the gate leaves it to `npm run test:all` too, a quarter of what is left).
set -euo pipefail
cd "$(dirname "$0")/.."

out="${SB_OUT:-storybook-static}"
port="${SB_PORT:-6007}"

if [ "${SB_SKIP_BUILD:-0}" != "1" ]; then
  npx storybook build --quiet -o "$out" >/dev/null
fi

# Another server on the port (an earlier run's, another build's) would be tested in this one's place.
if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
  echo "Port $port is already taken: stop what listens there, or choose another with SB_PORT" >&2
  exit 1
fi
node_modules/.bin/http-server "$out" -p "$port" -a 127.0.0.1 -s -c-1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
# Up when the port takes a connection (30 s at most).
for _ in $(seq 300); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then break; fi
  sleep 0.1
done
(exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || { echo "The Storybook server did not start on port $port" >&2; exit 1; }

# A fresh visual review for this run: the renders of the stories that run now, then the report.
# The last review moves to test-results/visual-runs/ (named by when it was written), where the
# newest five are kept and linked from the new review's page.
# A run without pictures (SB_SNAPSHOTS=0) leaves the last review where it is.
export SB_SNAPSHOTS="${SB_SNAPSHOTS:-1}"
if [ "$SB_SNAPSHOTS" != 0 ] && [ -d test-results/visual ]; then
  mkdir -p test-results/visual-runs
  written=$(date -u -r test-results/visual +%Y-%m-%dT%H-%M-%SZ)
  rm -rf "test-results/visual-runs/$written"
  mv test-results/visual "test-results/visual-runs/$written"
  ls -1 test-results/visual-runs | sort -r | tail -n +6 | while read -r old; do
    rm -rf "test-results/visual-runs/$old"
  done
fi
status=0
TZ=UTC node_modules/.bin/test-storybook --url "http://127.0.0.1:$port" --maxWorkers="${SB_WORKERS:-3}" "$@" ||
  status=$?
if [ "$SB_SNAPSHOTS" != 0 ]; then bash scripts/visual-review.sh; fi

# A run of every story file also opens every Docs page (scripts/storybookDocs.ts), unless SB_DOCS=0.
story_files=0
for argument in "$@"; do
  case "$argument" in -*) ;; *) story_files=1 ;; esac
done
if [ "$story_files" = 0 ] && [ "${SB_DOCS:-1}" != 0 ]; then
  STORYBOOK_URL="http://127.0.0.1:$port" node --test --test-reporter=spec scripts/storybookDocs.ts ||
    status=$((status == 0 ? 1 : status))
fi
exit "$status"
