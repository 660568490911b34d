#!/usr/bin/env bash
# `npm run test:ops`: what an operator loads, held to the product (the Vitest project `ops`, in
# ops/): Debian's Prometheus scrapes the product started as a process under a little traffic and
# answers as the traffic says; it loads the alert rules (docs/operating/alerts.yml), which also
# pass `promtool check rules` and their unit tests (`promtool test rules alerts.test.yml`); it
# answers every query of the Grafana dashboard (docs/operating/grafana-dashboard.json). Installs
# Debian's prometheus (both tools) with apt-get when either is missing (where systemd runs, the
# package starts its own service on port 9090 too: the tests start theirs on a free port). Extra
# arguments go to vitest (a file, -t ...).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-node.sh
[ -d node_modules ] || bash scripts/install-deps.sh
if ! command -v prometheus >/dev/null 2>&1 || ! command -v promtool >/dev/null 2>&1; then
  bash scripts/apt-install.sh prometheus
fi
npx vitest run --project ops "$@"
