#!/usr/bin/env bash
# The README's test command: every check the project has, in order, failing fast.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-node.sh

step() { printf '\n\033[1m== %s ==\033[0m\n' "$1"; }

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  step "install"
  bash scripts/install-deps.sh
fi
bash scripts/ensure-browser.sh

step "typecheck"
npm run typecheck
step "lint"
npm run lint
step "format"
npm run format:check
step "unit tests (vitest)"
npm run test:unit
step "ui package: build, pack and render from the tarball"
bash scripts/pack-smoke-test.sh
step "storybook: build and test every story in chromium (play, axe, visual)"
npm run test-storybook -- --ci
