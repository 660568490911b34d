# Sourced by the project's scripts: puts Node 22 (>= 22.22.2) first on PATH, installing it from
# the npm registry into .tools/ when the machine's Node is older.
_coach_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_coach_node_ok() {
  command -v node >/dev/null 2>&1 &&
    node -e 'const [a,b,c]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&(b>22||(b===22&&c>=2)))?0:1)'
}
if ! _coach_node_ok; then
  # npm finds its global config (registry, cafile) next to the running Node: keep the machine's
  # one when we switch to another Node or install with --prefix.
  if [ -z "${NPM_CONFIG_GLOBALCONFIG:-}" ] && command -v npm >/dev/null 2>&1; then
    _coach_globalconfig="$(npm config get globalconfig 2>/dev/null || true)"
    if [ -f "$_coach_globalconfig" ]; then export NPM_CONFIG_GLOBALCONFIG="$_coach_globalconfig"; fi
    unset _coach_globalconfig
  fi
  if [ ! -x "$_coach_root/.tools/node_modules/.bin/node" ]; then
    echo "Node $(node --version 2>/dev/null || echo none) is older than 22.22.2: installing Node 22 into .tools/ from the npm registry" >&2
    npm install --prefix "$_coach_root/.tools" --no-save --no-audit --no-fund --loglevel=error node@22 >&2
  fi
  export PATH="$_coach_root/.tools/node_modules/.bin:$PATH"
  _coach_node_ok || { echo "Could not provide Node >= 22.22.2" >&2; exit 1; }
fi
unset -f _coach_node_ok
