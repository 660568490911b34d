#!/usr/bin/env bash
# `npm run test:deploy`: the deploy steps of docs/deploying.md, word for word, on a clean clone of this
# repository's committed HEAD. It runs the commands of that page's marked blocks
# (`<!-- deploy:build` and `<!-- deploy:start`) with a throwaway database of the local PostgreSQL
# server (scripts/ensure-postgres.sh) in the environment step 3 exports, creates the first coach
# with the block `<!-- deploy:coach` (a password on standard input), then checks that no
# development tool was installed, the server answers /api/health, and the coach signs in to the
# app in Chromium (scripts/deployCheck.ts). Everything it made goes at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-node.sh
root=$(pwd)

# The commands of docs/deploying.md's block after the marker `<!-- deploy:<name>`, without the list's
# indentation.
block() {
  awk -v marker="<!-- deploy:$1" '
    index($0, marker) { found = 1; next }
    found && !inside && /```sh/ { inside = 1; next }
    inside && /```/ { exit }
    inside { sub(/^   /, ""); print }
  ' docs/deploying.md
}
build_steps=$(block build)
start_step=$(block start)
coach_step=$(block coach)
if [ -z "$build_steps" ] || [ -z "$start_step" ] || [ -z "$coach_step" ]; then
  echo "test-deploy: docs/deploying.md has no deploy:build, deploy:start or deploy:coach block" >&2
  exit 1
fi

# A throwaway server already running (another test run's) is reused and left running at the end.
was_running=0
if (exec 3<>"/dev/tcp/127.0.0.1/${COACH_PG_PORT:-54329}") 2>/dev/null; then was_running=1; fi
eval "$(bash scripts/ensure-postgres.sh)"
work=$(mktemp -d)
database="coach_deploy_$$"
server=""
clean_up() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  psql "$TEST_DATABASE_URL" -qc "drop database if exists $database with (force)" >/dev/null 2>&1 || true
  rm -rf "$work"
  if [ "$was_running" = 0 ]; then bash "$root/scripts/ensure-postgres.sh" stop >/dev/null 2>&1 || true; fi
}
trap clean_up EXIT
psql "$TEST_DATABASE_URL" -qc "create database $database" >/dev/null

git clone -q "$root" "$work/coach"
cd "$work/coach"
echo "== the deploy page's build steps, in a clean clone"
printf '%s\n' "$build_steps"
started=$SECONDS
bash -euo pipefail -c "$build_steps"
echo "(built and installed in $(( SECONDS - started )) s: $(ls node_modules | wc -l) top-level packages)"
# (vite and typescript stay: optional peers of production packages, which npm keeps.)
for tool in vitest storybook @storybook/test-runner @biomejs/biome jsdom lighthouse knip; do
  if [ -e "node_modules/$tool" ]; then
    echo "test-deploy: the deployment's install holds the development tool $tool" >&2
    exit 1
  fi
done
[ -f packages/app/dist/index.html ] || { echo "test-deploy: no app build" >&2; exit 1; }

port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
echo "== the deploy page's start step"
printf '%s\n' "$start_step"
# The environment step 3 exports, for the start and for the first coach (step 6).
export DATABASE_URL="${TEST_DATABASE_URL%/*}/$database" \
  JWT_SECRET=$(openssl rand -hex 32) TRUST_PROXY=1 \
  SMTP_URL=smtp://127.0.0.1:1 APP_URL="http://127.0.0.1:$port"
PORT="$port" HOST=127.0.0.1 bash -c "$start_step" >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 600); do
  if grep -qs 'Coach is running on' "$work/server.log"; then break; fi
  if ! kill -0 "$server" 2>/dev/null; then cat "$work/server.log" >&2; exit 1; fi
  sleep 0.1
done
grep -q 'Coach is running on' "$work/server.log" || { cat "$work/server.log" >&2; exit 1; }
if grep -q 'WARNING: no build of the coach app' "$work/server.log"; then
  cat "$work/server.log" >&2
  exit 1
fi

echo "== the deploy page's first coach"
printf '%s\n' "$coach_step"
coach_email=$(printf '%s\n' "$coach_step" | sed -n 's/.*--email \([^ ]*\).*/\1/p')
coach_password="Deploy-$(openssl rand -hex 8)-A1"
printf '%s\n' "$coach_password" | bash -euo pipefail -c "$coach_step"

cd "$root"
DEPLOY_URL="http://127.0.0.1:$port" DEPLOY_COACH_EMAIL="$coach_email" \
  DEPLOY_COACH_PASSWORD="$coach_password" \
  node --test --test-reporter=spec scripts/deployCheck.ts
