#!/usr/bin/env bash
# `npm run test-storybook:approve -- <story id> [...]`: makes the last run's render of each named
# story its new baseline (stories/__image_snapshots__/<id>.png), and nothing else. The ids are
# those the visual review lists (test-results/visual/index.html), e.g. ui-modal--default.
set -euo pipefail
cd "$(dirname "$0")/.."
renders=test-results/visual/actual
if [ "$#" -eq 0 ]; then
  echo "usage: npm run test-storybook:approve -- <story id> [...]  (ids from the visual review)" >&2
  exit 2
fi
for id in "$@"; do
  id="${id%.png}"
  if [[ ! "$id" =~ ^[a-z0-9-]+--[a-z0-9-]+$ ]]; then
    echo "not a story id: '$id' (like ui-modal--default)" >&2
    exit 2
  fi
  if [ ! -f "$renders/$id.png" ]; then
    echo "no render of $id in the last run ($renders): run its stories first" >&2
    exit 1
  fi
done
for id in "$@"; do
  id="${id%.png}"
  cp "$renders/$id.png" "stories/__image_snapshots__/$id.png"
  echo "approved: $id"
done
