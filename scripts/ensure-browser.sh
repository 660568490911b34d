#!/usr/bin/env bash
# Installs Debian's chromium and chromium-headless-shell (the stories' browser), the fonts the
# visual baselines were taken with (the colour emoji font too: without it flags and joined emoji
# were empty boxes and single emoji black outlines, not what a coach sees), and poppler-utils (pdftoppm: the e2e renders a report's first
# page to PNG), when missing.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || need+=(chromium-headless-shell)
dpkg -s fonts-dejavu-core >/dev/null 2>&1 || need+=(fonts-dejavu-core)
dpkg -s fonts-liberation >/dev/null 2>&1 || need+=(fonts-liberation)
dpkg -s fonts-noto-color-emoji >/dev/null 2>&1 || need+=(fonts-noto-color-emoji)
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
if [ ${#need[@]} -gt 0 ]; then
  bash "$(dirname "$0")/apt-install.sh" "${need[@]}"
fi
