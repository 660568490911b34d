#!/usr/bin/env bash
# `npm run test-storybook:changed [-- <git ref>]`: builds the static Storybook with its module
# graph, then runs only the story files that import, directly or not, a file changed since the
# ref (default main; uncommitted and untracked files count), with the visual review as usual.
# Barrels are followed by name (scripts/storyGraph.ts); a change to .storybook/ runs every story.
set -euo pipefail
cd "$(dirname "$0")/.."
ref="${1:-main}"
out="${SB_OUT:-storybook-static}"
stats=test-results/storybook-stats
mkdir -p "$stats"
npx storybook build --quiet -o "$out" --stats-json "$stats" >/dev/null
mapfile -t files < <(node scripts/changedStories.ts "$stats" "$ref" | sed "s|^\./||")
if [ "${#files[@]}" -eq 0 ]; then
  echo "No story imports a file changed since $ref."
  exit 0
fi
if [ "${files[0]}" = "all" ]; then
  echo "The preview changed since $ref: every story runs."
  SB_SKIP_BUILD=1 SB_OUT="$out" exec bash scripts/test-storybook.sh
fi
echo "Story files reached by the changes since $ref (${#files[@]}):"
printf '  %s\n' "${files[@]}"
SB_SKIP_BUILD=1 SB_OUT="$out" exec bash scripts/test-storybook.sh "${files[@]}"
