#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL 15 cluster, then removes the cluster.
#
#   scripts/with-postgres.sh swift test --filter BookStorageTests
#
# The cluster lives in a fresh `mktemp -d` directory (data, log and Unix socket), listens on
# 127.0.0.1 only, on a free port, with trust authentication and fsync off: fit for tests, never for
# data. The command sees SCOUT_TEST_POSTGRES_URL (a superuser URL) and its exit status becomes this
# script's. The cluster is stopped and its directory deleted however the command ends. If the
# cluster cannot start, the script says why and exits 1 without running the command.
# As root, initdb and pg_ctl run as the `postgres` user (PostgreSQL refuses to run as root).
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "usage: scripts/with-postgres.sh <command> [argument…]" >&2
  exit 64
fi

bin=${SCOUT_POSTGRES_BIN:-/usr/lib/postgresql/15/bin}
for tool in initdb pg_ctl; do
  if [ ! -x "$bin/$tool" ]; then
    echo "with-postgres: $bin/$tool is missing. Install PostgreSQL 15 (make deps-test does)." >&2
    exit 1
  fi
done

dir=$(mktemp -d -t scout-postgres.XXXXXX)
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
  chown postgres: "$dir"
  as_owner=(runuser -u postgres --)
fi

stop_cluster() {
  if [ -f "$dir/data/postmaster.pid" ]; then
    "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}
trap stop_cluster EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

fail() {
  echo "with-postgres: $1" >&2
  for log in "$dir/initdb.log" "$dir/server.log"; do
    [ -s "$log" ] && { echo "--- last lines of $(basename "$log"):" >&2; tail -n 20 "$log" >&2; }
  done
  exit 1
}

"${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 --no-sync \
  >"$dir/initdb.log" 2>&1 || fail "initdb failed in $dir."

# A port nobody listens on now; if another process takes it before the server binds, retry.
is_port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
port=""
for _ in 1 2 3 4 5; do
  candidate=$((20000 + RANDOM % 40000))
  is_port_free "$candidate" || continue
  options="-c listen_addresses=127.0.0.1 -p $candidate -k $dir -c synchronous_commit=off -c max_connections=200"
  # Benchmarks set SCOUT_POSTGRES_DURABLE=1 to keep fsync, as a real server would, and may add
  # server options in SCOUT_POSTGRES_OPTIONS (such as "-c shared_buffers=1GB").
  if [ "${SCOUT_POSTGRES_DURABLE:-0}" != 1 ]; then options+=" -c fsync=off -c full_page_writes=off"; fi
  options+=" ${SCOUT_POSTGRES_OPTIONS:-}"
  if "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -o "$options" -w -t 30 start \
    >/dev/null 2>&1; then
    port=$candidate
    break
  fi
done
[ -n "$port" ] || fail "the PostgreSQL server did not start."

export SCOUT_TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$port/postgres"
set +e
"$@"
status=$?
set -e
exit "$status"
