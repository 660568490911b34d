#!/usr/bin/env bash
# A throwaway PostgreSQL server for the test suite, on a loopback port.
#
#   eval "$(bash scripts/ensure-postgres.sh)"   # start (or reuse) it; exports TEST_DATABASE_URL
#   bash scripts/ensure-postgres.sh stop         # stop it and delete its files
#
# Installs Debian's `postgresql` when initdb/pg_ctl are missing. Only the export lines go to
# stdout; everything else goes to stderr. Idempotent: a server already running is reused.
# COACH_PG_PORT (54329) and COACH_PG_DIR (<tmp>/coach-postgres-<port>) change where it lives.
set -euo pipefail

port="${COACH_PG_PORT:-54329}"
root="${COACH_PG_DIR:-${TMPDIR:-/tmp}/coach-postgres-$port}"
data="$root/data"
socket_dir="$root/socket"
log_file="$root/server.log"
role=coach
password=coach
url="postgres://$role:$password@127.0.0.1:$port/postgres"

say() { echo "ensure-postgres: $*" >&2; }

find_bin_dir() {
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
      echo "$dir"
      return 0
    fi
  done
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(command -v initdb)"
    return 0
  fi
  return 1
}

install_postgres() {
  say "initdb/pg_ctl not found: installing Debian's postgresql"
  bash "$(dirname "$0")/apt-install.sh" postgresql
}

bin_dir="$(find_bin_dir || true)"

# PostgreSQL refuses to run as root: then the server runs as the 'postgres' system user.
run_as=()
if [ "$(id -u)" -eq 0 ]; then
  run_as=(runuser -u postgres --)
fi
as_owner() { "${run_as[@]}" "$@"; }

if [ "${1:-start}" = "stop" ]; then
  if [ -n "$bin_dir" ] && [ -f "$data/postmaster.pid" ]; then
    as_owner "$bin_dir/pg_ctl" -D "$data" -m fast -w stop >&2 || true
  fi
  rm -rf "$root"
  say "stopped; removed $root"
  exit 0
fi
if [ "${1:-start}" != "start" ]; then
  say "usage: ensure-postgres.sh [start|stop]"
  exit 2
fi

if [ -z "$bin_dir" ]; then
  install_postgres
  bin_dir="$(find_bin_dir)" || { say "postgresql installed but initdb/pg_ctl not found"; exit 1; }
fi

if [ "$(id -u)" -eq 0 ] && ! id postgres >/dev/null 2>&1; then
  useradd --system --home-dir /var/lib/postgresql --shell /bin/bash postgres
fi

is_ready() { "$bin_dir/pg_isready" -q -h 127.0.0.1 -p "$port" -d postgres >/dev/null 2>&1; }

if is_ready && [ -f "$data/postmaster.pid" ]; then
  say "already running on 127.0.0.1:$port ($root)"
  echo "export TEST_DATABASE_URL='$url'"
  exit 0
fi
if is_ready; then
  say "port $port is taken by another server; set COACH_PG_PORT to another port"
  exit 1
fi

mkdir -p "$root"
if [ ! -f "$data/PG_VERSION" ]; then
  rm -rf "$data"
  mkdir -p "$data" "$socket_dir"
  printf '%s\n' "$password" >"$root/pwfile"
  if [ "$(id -u)" -eq 0 ]; then chown -R postgres: "$root"; fi
  say "creating a cluster in $data"
  # Passwords over TCP (as a deployment would use them); trust on the private socket only.
  as_owner "$bin_dir/initdb" -D "$data" -U "$role" --pwfile="$root/pwfile" \
    --auth-host=scram-sha-256 --auth-local=trust -E UTF8 --no-locale >&2
  rm -f "$root/pwfile"
fi
if [ "$(id -u)" -eq 0 ]; then chown -R postgres: "$root"; fi

say "starting on 127.0.0.1:$port"
# Durability is pointless for a throwaway test server: fsync off makes CREATE DATABASE fast.
as_owner "$bin_dir/pg_ctl" -D "$data" -l "$log_file" -w -t 60 \
  -o "-p $port -k $socket_dir -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
  start >&2 || { say "the server did not start; its log:"; tail -n 30 "$log_file" >&2; exit 1; }

for _ in $(seq 1 60); do
  if is_ready; then
    echo "export TEST_DATABASE_URL='$url'"
    exit 0
  fi
  sleep 0.5
done
say "the server does not accept connections; its log:"
tail -n 30 "$log_file" >&2
exit 1
