#!/usr/bin/env bash
# Installs Debian packages with apt-get: bash scripts/apt-install.sh <package>...
# Root runs apt-get itself, anyone else through sudo; the package lists are updated first (a fresh
# machine has none). Nothing goes to stdout, which ensure-postgres.sh's callers evaluate. Callers
# pass only what is missing, so a machine that has everything never reaches apt-get.
set -euo pipefail
[ "$#" -gt 0 ] || { echo "usage: bash scripts/apt-install.sh <package>..." >&2; exit 2; }
sudo_cmd=()
if [ "$(id -u)" != 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "Not root and no sudo: install $* first" >&2; exit 1; }
  sudo_cmd=(sudo)
fi
echo "Installing $* with apt-get" >&2
"${sudo_cmd[@]}" apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "$@" >/dev/null
