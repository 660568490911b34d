#!/usr/bin/env bash
# Two commands, one script, failing fast, each ending with the seconds of each step and one line
# that counts the tests run ('N passed, N failed'):
#   npm test             (bash scripts/test-all.sh)        the gate before a push, within 5 minutes
#     on two cores: typecheck, lint, format, the dependency check, the unit, app, server and
#     simulator tests on PGlite (the heaviest files left to the thorough tier), every story in
#     chromium (their plays; their axe checks and pictures are `npm run test:all`'s).
#   npm run test:all     (bash scripts/test-all.sh --all)  every test, what CI runs: the gate's
#     steps, the server and simulator tests also on a PostgreSQL server, the stories' visual
#     snapshots and their review, the packed ui library's smoke test, every Docs page, the end-to-end tests of the built product (in chromium, and the
#     main journeys in Firefox and WebKit), the operator's alert rules and dashboard against a real
#     Prometheus (scripts/test-ops.sh), the thorough tier (scripts/test-thorough.sh) and the
#     deploy steps of docs/deploying.md on a clean clone (scripts/test-deploy.sh).
# What waits more than it computes runs beside other steps: the typecheck, the dependency check and
# the builds (and, with --all, the ui package's smoke test) beside the unit tests; in `npm test`,
# the stories too; with --all, the thorough tier and the deploy steps beside the end-to-end runs.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-node.sh
all=0
case "${1:-}" in
  --all) all=1 ;;
  "") ;;
  *) echo "usage: bash scripts/test-all.sh [--all]" >&2; exit 2 ;;
esac

# Each step's seconds, printed together at the end (where the run's time goes).
step_names=()
step_seconds=()
step_started=$SECONDS
step_end() {
  if [ "${#step_names[@]}" -gt 0 ]; then step_seconds+=($(( SECONDS - step_started ))); fi
}
step() {
  step_end
  step_names+=("$1")
  step_started=$SECONDS
  printf '\n\033[1m== %s ==\033[0m\n' "$1"
}
print_step_times() {
  echo "time per step (seconds):"
  for index in "${!step_names[@]}"; do
    printf '  %5s  %s\n' "${step_seconds[$index]:-?}" "${step_names[$index]}"
  done
}
logs=$(mktemp -d)
# Reads "<n> passed" / "<n> failed" from a runner's summary line, colours stripped.
count() { [ -f "$1" ] || { echo 0; return; }; sed 's/\x1b\[[0-9;]*m//g' "$1" | grep -E "$2" | tail -n 1 | grep -oE "[0-9]+ $3" | grep -oE '^[0-9]+' || echo 0; }
# Reads "pass <n>" / "fail <n>" from the totals of Node's test runner (spec reporter).
count_node() { [ -f "$1" ] || { echo 0; return; }; sed 's/\x1b\[[0-9;]*m//g' "$1" | grep -E "^[^ ]+ $2 [0-9]+$" | tail -n 1 | grep -oE '[0-9]+$' || echo 0; }

# Installing (dependencies, the browser) is timed apart from the checks and tests.
install_start=$SECONDS
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  step "install"
  bash scripts/install-deps.sh
fi
bash scripts/ensure-browser.sh
install_seconds=$(( SECONDS - install_start ))
test_start=$SECONDS
times_printed=0
on_exit() {
  # A failed step still shows where the time went until it stopped.
  if [ "$times_printed" = 0 ]; then step_end; print_step_times; fi
  # The thorough tier and the deploy steps still going beside the end-to-end runs stop with it.
  for job in "${thorough:-}" "${deploy:-}"; do
    if [ -n "$job" ]; then kill -TERM -- "-$job" 2>/dev/null || true; fi
  done
  # A typecheck still going (an earlier check failed) stops with the run.
  if [ -n "${typecheck:-}" ]; then pkill -TERM -P "$typecheck" 2>/dev/null || true; fi
  # The gate's stories still going (the unit tests failed) stop with it, browsers and server.
  if [ -n "${stories:-}" ]; then kill -TERM -- "-$stories" 2>/dev/null || true; fi
  rm -rf "$logs"
  bash scripts/ensure-postgres.sh stop >/dev/null 2>&1 || true
}
trap on_exit EXIT

# The typecheck and the dependency check (one core each, for seconds) run beside the other checks
# and the unit tests, whose workers leave part of the two cores idle while they wait on timers,
# sockets and their databases; their results are read when the unit tests end, and a failure
# fails the run.
(
  status=0
  npm run typecheck >"$logs/typecheck.log" 2>&1 || status=$?
  echo "$status" >"$logs/typecheck.status"
  status=0
  npm run deps:check >"$logs/deps.log" 2>&1 || status=$?
  echo "$status" >"$logs/deps.status"
) &
typecheck=$!
# Waits for those two checks and fails the run on either's failure, printing its output.
read_checks() {
  wait "$typecheck" || true
  typecheck=""
  for check in typecheck deps; do
    if [ "$(cat "$logs/$check.status" 2>/dev/null)" != 0 ]; then
      cat "$logs/$check.log"
      echo "The $check check failed (see above)." >&2
      exit 1
    fi
  done
  echo "The typecheck and the dependency check (every import declared, nothing declared unused), begun beside the unit tests, passed."
}
step "lint"
npm run lint
step "format"
npm run format:check
if [ "$all" = 1 ]; then
  step "postgresql server for the server tests"
  eval "$(bash scripts/ensure-postgres.sh)"
  # The static Storybook, the app and the end-to-end run's template database (the demo seeded
  # once, which every product of that run copies) build one after the other beside the unit
  # tests, whose workers often wait on PostgreSQL, and then the ui package's smoke test runs (its
  # install waits on npm); a failed build or smoke test stops the run before the browser tests.
  export COACH_E2E_TEMPLATE_DATA_DIR="$logs/e2e-template"
  (npx storybook build --quiet -o storybook-static >/dev/null && bash scripts/ensure-app-build.sh &&
    node e2e/harness/template.ts "$COACH_E2E_TEMPLATE_DATA_DIR") >"$logs/builds.log" 2>&1 &&
    bash scripts/pack-smoke-test.sh >"$logs/pack.log" 2>&1 &
  builds=$!
  # Firefox, WebKit and their drivers (scripts/ensure-engines.sh: apt-get and npm, waiting on the
  # network) install beside the unit tests too; their step runs the install again, which then
  # finds everything there or shows why it failed.
  bash scripts/ensure-engines.sh >"$logs/engines-install.log" 2>&1 &
  engines_install=$!
  step "unit and server tests (vitest: ui and app in jsdom, api, server on PostgreSQL and its database layer on PGlite too; the heaviest files left to the thorough tier)"
  # The heaviest server and simulator files run once, at full depth, in the
  # thorough tier at the end, not also with a sample here (vitest.workspace.ts).
  COACH_THOROUGH_LATER=1 npm run test:unit 2>&1 | tee "$logs/vitest.log"
  step "begun beside the unit tests: the typecheck and dependency check, the static Storybook, the app, the e2e template database; the ui package built, packed, rendered, type-checked"
  read_checks
else
  # The gate: the server tests on PGlite only (PostgreSQL's run is in `npm run test:all`), the
  # heaviest files left to the thorough tier as in `npm run test:all`, and beside them the static
  # Storybook, built for tests (`--test`: the stories without the Docs pages, which the gate does
  # not open, in about half the CPU time), then every story's play in two browser pages, without
  # its picture (SB_SNAPSHOTS=0: a quarter of the stories' CPU, two cores kept busy; `npm run
  # test:all` and `npm run test-storybook` take and review them) and without its axe check
  # (SB_AXE=0, decision 118: a quarter of what is left; `npm run test:all` runs it), but the
  # whole-page captures of every width and language (tag 'whole-page', decision 111: their plays
  # are their screens' own, their pictures and widths `npm run test:all`'s). The unit tests'
  # workers leave part of the two cores idle while they wait on
  # timers, sockets and their PGlite threads, and the stories' pages fill it. The stories run in a
  # process group of their own (setsid), stopped with the run when the unit tests fail; their
  # output is printed after the unit tests'.
  setsid bash -c 'npx storybook build --test --quiet -o storybook-static >"$1/builds.log" 2>&1 || exit 90
    SB_WORKERS=2 SB_SKIP_BUILD=1 SB_DOCS=0 SB_SNAPSHOTS=0 SB_AXE=0 npm run test-storybook -- --ci --excludeTags=whole-page >"$1/storybook.log" 2>&1' \
    stories "$logs" &
  stories=$!
  step "unit and server tests (vitest: ui and app in jsdom, api, server and simulator on PGlite; the heaviest files left to the thorough tier), every story in chromium beside them"
  # One worker more than the cores: the server and simulator files wait on timers, sockets and
  # their PGlite threads about as much as they compute, so a third worker on two cores fills the
  # gaps (a fourth only adds contention).
  COACH_SKIP_POSTGRES=1 COACH_THOROUGH_LATER=1 COACH_UNIT_WORKERS=150% npm run test:unit 2>&1 | tee "$logs/vitest.log"
  step "begun beside the unit tests: the typecheck and dependency check; the static Storybook, every story's play in chromium, the rest of their run"
  read_checks
  stories_status=0
  wait "$stories" || stories_status=$?
  stories=""
  if [ "$stories_status" = 90 ]; then
    cat "$logs/builds.log"
    echo "The Storybook build failed (see above)." >&2
    exit 1
  fi
  cat "$logs/storybook.log"
  [ "$stories_status" = 0 ] || { echo "The stories failed (see above)." >&2; exit "$stories_status"; }
  builds=""
fi
if [ -n "$builds" ] && ! wait "$builds"; then
  cat "$logs/builds.log"
  [ -f "$logs/pack.log" ] && cat "$logs/pack.log"
  exit 1
fi
[ -f "$logs/pack.log" ] && cat "$logs/pack.log"
# With --all: the stories and the Docs pages; then the end-to-end runs (chromium, then the main
# journeys in Firefox and WebKit, then the operators' Prometheus checks), which wait on their
# products' starts, tokens running out, throttles, a killed server's restart and mail for a third of
# their time (63 % of two cores busy, measured in CI), so the thorough tier and the deploy steps on
# a clean clone (`npm run test:deploy`) run beside them. Each of those two runs in a process group
# of its own (stopped with the run when it fails), its output printed whole once the end-to-end
# runs are done; a failure of either fails the run then. (The stories keep both cores busy.)
if [ "$all" = 1 ]; then
  step "storybook: every story in chromium (play, axe, visual) and every Docs page"
  SB_SKIP_BUILD=1 SB_DOCS=1 npm run test-storybook -- --ci 2>&1 | tee "$logs/storybook.log"
  # The app's build is checked once here: the end-to-end run and the thorough tier each check it
  # too, and two builds at once into one folder fail.
  bash scripts/ensure-app-build.sh
  setsid bash -c 'bash scripts/test-thorough.sh >"$1/thorough.log" 2>&1' beside "$logs" &
  thorough=$!
  setsid bash -c 'npm run test:deploy >"$1/deploy.log" 2>&1' beside "$logs" &
  deploy=$!
  step "end-to-end: the built app and the services in chromium (e2e/); the thorough tier and the deploy steps beside it"
  npm run test:e2e 2>&1 | tee "$logs/e2e.log"
  step "end-to-end in Firefox and WebKit: the coach's main journeys (e2e/engines/)"
  wait "$engines_install" || true
  npm run test:engines 2>&1 | tee "$logs/engines.log"
  step "operators: a real Prometheus scrapes the product; the alert rules under promtool; a trace over OTLP"
  npm run test:ops 2>&1 | tee "$logs/ops.log"
  step "begun beside the end-to-end runs: the thorough tier (the heaviest server and simulator files at full depth, the several-process e2e files) and the deploy steps on a clean clone, the rest of their run"
  for job in thorough deploy; do
    status=0
    wait "${!job}" || status=$?
    printf -v "$job" '%s' ""
    cat "$logs/$job.log"
    [ "$status" = 0 ] || { echo "The $job step failed (see above)." >&2; exit "$status"; }
  done
fi

step_end
total() {
  echo $(( $(count "$logs/vitest.log" '^ +Tests ' "$1") + $(count_node "$logs/pack.log" "$2") +
    $(count "$logs/storybook.log" '^Tests:' "$1") + $(count_node "$logs/storybook.log" "$2") +
    $(count "$logs/e2e.log" '^ +Tests ' "$1") + $(count "$logs/engines.log" '^ +Tests ' "$1") +
    $(count "$logs/ops.log" '^ +Tests ' "$1") + $(count "$logs/thorough.log" '^ +Tests ' "$1") +
    $(count_node "$logs/deploy.log" "$2") ))
}
passed=$(total passed pass)
failed=$(total failed fail)
echo
print_step_times
times_printed=1
echo "install: $install_seconds s; checks and tests: $(( SECONDS - test_start )) s"
if [ "$all" = 1 ]; then
  echo "(unit and server tests, pack smoke test, stories and Docs pages in the browser, end-to-end tests, the main journeys in Firefox and WebKit, the operators' Prometheus checks, the thorough tier, the deploy steps)"
else
  echo "(unit and server tests on PGlite, every story's play in the browser; \`npm run test:all\` runs every test, the heaviest files, the axe checks, the pictures)"
fi
echo "tests: $passed passed, $failed failed"
