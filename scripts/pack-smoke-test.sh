#!/usr/bin/env bash
# Packs @coach/ui as it would be published, installs the tarball into a fresh project next to
# its peer dependencies, and renders SortableTable from it with plain Node ESM resolution, under
# Node's test runner.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

npm run build -w @coach/ui --silent
tarball=$(npm pack -w @coach/ui --pack-destination "$work" --silent | tail -n 1)
echo "packed $tarball: $(du -k "$work/$tarball" | cut -f1) KiB gzip"

peer() { node -p "require('$root/node_modules/$1/package.json').version"; }
mkdir -p "$work/consumer"
cat > "$work/consumer/package.json" <<JSON
{ "name": "ui-consumer", "private": true, "type": "module" }
JSON
(cd "$work/consumer" && npm install --no-audit --no-fund --prefer-offline --loglevel=error \
  "../$tarball" "react@$(peer react)" "react-dom@$(peer react-dom)" \
  "@chakra-ui/react@$(peer @chakra-ui/react)" "@emotion/react@$(peer @emotion/react)" >/dev/null)

cp scripts/pack-smoke-render.mjs "$work/consumer/render.test.mjs"
# The spec reporter ends with the runner's totals ('ℹ pass N', 'ℹ fail N'): test-all.sh counts them.
(cd "$work/consumer" && node --test --test-reporter=spec render.test.mjs)
