#!/usr/bin/env bash
# `npm run release`: builds @coach/ui, packs it into release/ and checks that very tarball with the
# pack smoke test (installed beside its peers, rendered, a consumer type-checked against its
# types). It publishes nothing: publish the checked tarball with `npm publish release/<tarball>`.
set -euo pipefail
cd "$(dirname "$0")/.."

# A release carries its changelog: changesets still waiting mean the version is not made yet.
pending=$(find .changeset -name '*.md' ! -name README.md)
if [ -n "$pending" ]; then
  echo "Changesets wait to be versioned: run 'npm run version-packages', commit, then release." >&2
  echo "$pending" >&2
  exit 1
fi

mkdir -p release
# npm pack builds the package first (its prepack script).
tarball=$(npm pack -w @coach/ui --pack-destination release --silent | tail -n 1)
bash scripts/pack-smoke-test.sh "release/$tarball"
echo
echo "release/$tarball is built and checked. Publish it with: npm publish release/$tarball"
