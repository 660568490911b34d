#!/usr/bin/env bash
# Packs @coach/ui as it would be published (or takes the tarball given as the first argument, as
# `npm run release` does), installs it into a fresh project next to its peer dependencies and
# checks it under Node's test runner: SortableTable rendered with plain Node ESM resolution, and a
# consumer (packages/ui/README.md's examples and every export) type-checked against the packed
# types with the repository's TypeScript.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$(mktemp -d)
# KEEP_WORK=1 keeps the consumer project for a look after a failure.
trap '[ -n "${KEEP_WORK:-}" ] || rm -rf "$work"' EXIT

if [ $# -ge 1 ]; then
  cp "$1" "$work/"
  tarball=$(basename "$1")
else
  # npm pack builds the package first (its prepack script).
  tarball=$(npm pack -w @coach/ui --pack-destination "$work" --silent | tail -n 1)
fi
echo "packed $tarball: $(du -k "$work/$tarball" | cut -f1) KiB gzip"

version() { node -p "require('$root/node_modules/$1/package.json').version"; }
mkdir -p "$work/consumer"
cat > "$work/consumer/package.json" <<JSON
{ "name": "ui-consumer", "private": true, "type": "module" }
JSON
# The peers at the versions the repository tests with; the types and react-icons as a consuming
# app declares them (the README's examples use react-icons).
(cd "$work/consumer" && npm install --no-audit --no-fund --prefer-offline --loglevel=error \
  "../$tarball" "react@$(version react)" "react-dom@$(version react-dom)" \
  "@chakra-ui/react@$(version @chakra-ui/react)" "@emotion/react@$(version @emotion/react)" \
  "@types/react@$(version @types/react)" "@types/react-dom@$(version @types/react-dom)" \
  "react-icons@$(version react-icons)" >/dev/null)

cp scripts/pack-smoke-render.mjs "$work/consumer/render.test.mjs"
cp scripts/pack-smoke-types.mjs "$work/consumer/types.test.mjs"
# The spec reporter ends with the runner's totals ('ℹ pass N', 'ℹ fail N'): test-all.sh counts them.
(cd "$work/consumer" && COACH_ROOT="$root" node --test --test-reporter=spec render.test.mjs types.test.mjs)
