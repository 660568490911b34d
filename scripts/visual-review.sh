#!/usr/bin/env bash
# The visual review of the last story run (test-results/visual/), written by test-storybook.sh:
# reg-cli compares each render of the run (actual/) that is not its committed baseline
# (stories/__image_snapshots__) byte for byte with that baseline, and writes
#   index.html   one page: each changed story with baseline, render and difference side by side
#                (slider and toggle), the share of changed pixels, the new and unchanged counts
#                (the unchanged it shows are those that differ within tolerance)
#   report.json  the same as data, changes.json the shares;  junit.xml  a test case per compared render
#   diff/        the difference images;  actual/  the renders themselves
# Only the stories that ran are compared (a run of some story files leaves out the others).
#   bash scripts/visual-review.sh           compare and write the report (never fails the run)
#   bash scripts/visual-review.sh --open    serve the last report on http://127.0.0.1:6008
set -euo pipefail
cd "$(dirname "$0")/.."
review=test-results/visual
baselines=stories/__image_snapshots__

if [ "${1:-}" = "--open" ]; then
  [ -f "$review/index.html" ] || { echo "No visual review yet: run npm run test-storybook" >&2; exit 1; }
  echo "Visual review: http://127.0.0.1:${VISUAL_REVIEW_PORT:-6008}/index.html (Ctrl-C to stop)"
  exec node_modules/.bin/http-server "$review" -p "${VISUAL_REVIEW_PORT:-6008}" -a 127.0.0.1 -s -c-1
fi

[ -d "$review/actual" ] || { echo "visual review: no renders in $review/actual" >&2; exit 0; }
rm -rf "$review/compared" "$review/expected" "$review/diff"
mkdir -p "$review/compared" "$review/expected"
# A render that is its baseline byte for byte is unchanged without a look (most of a run, and the
# pixel comparison of a pair costs tens of milliseconds): reg-cli compares the others, each in
# compared/ beside its baseline in expected/ (a new story's render has none).
identical=0
for render in "$review"/actual/*.png; do
  name=$(basename "$render")
  if [ -f "$baselines/$name" ] && cmp -s "$render" "$baselines/$name"; then
    identical=$((identical + 1))
    continue
  fi
  cp "$render" "$review/compared/$name"
  if [ -f "$baselines/$name" ]; then cp "$baselines/$name" "$review/expected/$name"; fi
done
# The same tolerance as the snapshot check of .storybook/test-runner.ts (scripts/visualTolerance.ts):
# pixelmatch's 0.01 colour distance, anti-aliased pixels not counted, and a story changes when
# more than 0.05 % of its pixels do; so the review lists exactly the stories the check failed.
node_modules/.bin/reg-cli "$review/compared" "$review/expected" "$review/diff" \
  --ignoreChange --enableAntialias --matchingThreshold 0.01 --thresholdRate 0.0005 --concurrency 2 \
  --report "$review/index.html" --json "$review/report.json" --junit "$review/junit.xml" \
  >"$review/reg-cli.log" 2>&1 || { cat "$review/reg-cli.log" >&2; exit 0; }
node scripts/visual-changes.mjs "$review" "$identical"
