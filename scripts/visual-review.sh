#!/usr/bin/env bash
# The visual review of the last story run (test-results/visual/), written by test-storybook.sh:
# scripts/visualReview.ts holds each render of the run (actual/) against its committed baseline
# (stories/__image_snapshots__) with the snapshot check's tolerance and writes
#   index.html   the changed and new stories grouped by component, each with its baseline
#                (expected/), its render and the difference (diff/), a filter, Approve buttons
#   report.json  the same as data
# Only the stories that ran are compared (a run of some story files leaves out the others). The
# earlier runs' reviews are kept in test-results/visual-runs/ (scripts/test-storybook.sh).
#   bash scripts/visual-review.sh           compare and write the report (never fails the run)
#   bash scripts/visual-review.sh --open    serve it on http://127.0.0.1:6008, approvals included
set -euo pipefail
cd "$(dirname "$0")/.."
review=test-results/visual

if [ "${1:-}" = "--open" ]; then
  [ -f "$review/index.html" ] || { echo "No visual review yet: run npm run test-storybook" >&2; exit 1; }
  exec node scripts/visualReviewServer.ts "${VISUAL_REVIEW_PORT:-6008}"
fi
node scripts/visualReview.ts "$review" stories/__image_snapshots__ ||
  echo "visual review: not written (see above); the run's result stands" >&2
