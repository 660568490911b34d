#!/usr/bin/env bash
# `npm run test-storybook:changed [-- <git ref>]`: builds the static Storybook with its module
# graph, then runs only the story files that import, directly or not, a file changed since the
# ref (default main; uncommitted and untracked files count), with the visual review as usual.
# Barrels are followed by name (scripts/storyGraph.ts); a change to .storybook/ runs every story.
# It ends with what it ran against all there is, and how long it took, also written to
# test-results/storybook-changed.json (the run's share of the stories is what its time follows).
set -euo pipefail
cd "$(dirname "$0")/.."
ref="${1:-main}"
out="${SB_OUT:-storybook-static}"
stats=test-results/storybook-stats
mkdir -p "$stats"
npx storybook build --quiet -o "$out" --stats-json "$stats" >/dev/null
# Read from a variable, not a process substitution: a failure of the script stops the run here
# instead of reading as 'no story reached'.
reached_list=$(node scripts/changedStories.ts "$stats" "$ref")
mapfile -t files < <(printf '%s\n' "$reached_list" | sed "s|^\./||" | sed '/^$/d')
if [ "${#files[@]}" -eq 0 ]; then
  echo "No story imports a file changed since $ref."
  exit 0
fi
all_files=$(find stories -name '*.stories.tsx' | wc -l)
status=0
if [ "${files[0]}" = "all" ]; then
  echo "The preview changed since $ref: every story runs."
  reached=$all_files
  SB_SKIP_BUILD=1 SB_OUT="$out" bash scripts/test-storybook.sh || status=$?
else
  echo "Story files reached by the changes since $ref (${#files[@]}):"
  printf '  %s\n' "${files[@]}"
  reached=${#files[@]}
  SB_SKIP_BUILD=1 SB_OUT="$out" bash scripts/test-storybook.sh "${files[@]}" || status=$?
fi
# From the start: the build with its module graph, then the stories.
seconds=$SECONDS
# The review counts every snapshot the run compared (unchanged ones too).
snapshots=$(node -e 'const r = require("./test-results/visual/report.json"); console.log(r.changed.length + r.added.length + r.unchanged)' 2>/dev/null || echo null)
printf '{ "ref": "%s", "storyFiles": %s, "allStoryFiles": %s, "snapshots": %s, "seconds": %s, "passed": %s }\n' \
  "$ref" "$reached" "$all_files" "$snapshots" "$seconds" "$([ "$status" = 0 ] && echo true || echo false)" \
  >test-results/storybook-changed.json
echo "change-following run: $reached of $all_files story files, $snapshots snapshots, $seconds s (test-results/storybook-changed.json)"
exit "$status"
