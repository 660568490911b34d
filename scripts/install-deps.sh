#!/usr/bin/env bash
# Installs the workspace's dependencies exactly as locked. `npm ci` first; when it rejects the
# lock because this registry lacks some other platforms' optional binaries (an npm bug:
# npm/cli#9846), `npm install` installs the same locked versions and the lock must not change.
# Arguments go to both (`--omit=dev`: a deployment's install, without the development tools).
set -euo pipefail
cd "$(dirname "$0")/.."
if npm ci --no-audit --no-fund --loglevel=error "$@" 2>/tmp/coach-npm-ci.log; then
  exit 0
fi
if ! grep -q 'from lock file' /tmp/coach-npm-ci.log; then
  cat /tmp/coach-npm-ci.log >&2
  exit 1
fi
echo "npm ci rejected the lock for optional packages this registry lacks; installing with npm install" >&2
cp package-lock.json /tmp/coach-package-lock.json
npm install --no-audit --no-fund --loglevel=error "$@"
if ! cmp -s package-lock.json /tmp/coach-package-lock.json; then
  echo "package-lock.json changed during install: it is out of date, run npm install and commit it" >&2
  exit 1
fi
