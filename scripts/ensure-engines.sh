#!/usr/bin/env bash
# Installs what the journeys in Firefox and WebKit (`npm run test:engines`) need, when missing:
# Debian's Firefox ESR, WebKitGTK's WebDriver with its MiniBrowser, Xvfb (MiniBrowser has no
# headless mode) and the fonts the other browser tests use, with apt-get; and the drivers' npm
# package, e2e/engines (puppeteer-core, webdriverio), from its own lock file, outside the
# workspaces so that `npm start`'s install stays lean.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
[ -x /usr/bin/firefox-esr ] || need+=(firefox-esr)
{ command -v WebKitWebDriver >/dev/null 2>&1 &&
  [ -x /usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser ]; } || need+=(webkit2gtk-driver)
command -v Xvfb >/dev/null 2>&1 || need+=(xvfb)
dpkg -s fonts-dejavu-core >/dev/null 2>&1 || need+=(fonts-dejavu-core)
dpkg -s fonts-liberation >/dev/null 2>&1 || need+=(fonts-liberation)
if [ ${#need[@]} -gt 0 ]; then
  bash scripts/apt-install.sh "${need[@]}"
fi
# Again when the lock file changed since the install. No install scripts: webdriverio's
# dependencies would download drivers for other browsers (geckodriver, edgedriver), which these
# machines cannot reach and the journeys do not use.
if [ ! -f e2e/engines/node_modules/.package-lock.json ] ||
  [ e2e/engines/package-lock.json -nt e2e/engines/node_modules/.package-lock.json ]; then
  echo "Installing the engines' drivers (e2e/engines)" >&2
  npm ci --prefix e2e/engines --no-audit --no-fund --ignore-scripts --loglevel=error >&2
fi
