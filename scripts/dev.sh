#!/usr/bin/env bash
# `npm run dev`: the services in demo mode on http://localhost:8080 (PORT) and Vite's dev server
# for the app on http://localhost:5173 (hot reload, `/api` proxied to the services). Ctrl-C, or
# either one stopping, stops both.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-node.sh

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "Installing dependencies (npm ci)..."
  bash scripts/install-deps.sh
fi

port="${PORT:-8080}"
vite_port="${VITE_PORT:-5173}"
pids=()
stop() {
  trap - INT TERM EXIT
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait "${pids[@]}" 2>/dev/null || true
}
trap 'stop; exit 130' INT TERM
trap stop EXIT

# Links in mails (invites) point at the dev server, where the app is.
PORT="$port" APP_URL="${APP_URL:-http://localhost:$vite_port}" node packages/simulator/src/main.ts &
pids+=($!)
(cd packages/app && COACH_API_TARGET="http://localhost:$port" exec ../../node_modules/.bin/vite --port "$vite_port" --strictPort) &
pids+=($!)
echo "Coach (dev): the app on http://localhost:$vite_port, the services on http://localhost:$port"

# Whichever stops first (a crash, a port in use) stops the other.
set +e
wait -n "${pids[@]}"
status=$?
set -e
exit "$status"
