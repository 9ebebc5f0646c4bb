#!/usr/bin/env bash
# Runs a command against a throwaway Redis server, then stops it and removes its directory.
#
#   scripts/with-redis.sh swift test --filter RedisTests
#
# The server listens on 127.0.0.1 only, on a free port, from a fresh `mktemp -d` directory, keeps
# nothing on disk (--save '', --appendonly no) and wants a password generated for this run, so
# every test logs in with AUTH. The command sees SCOUT_TEST_REDIS_URL (redis://:password@…/0)
# and SCOUT_TEST_REDIS_SERVER (the redis-server binary, for tests that start and restart a
# server of their own); its exit status becomes this script's. The server is stopped and its
# directory deleted however the command ends. If the server cannot start, the script says why
# and exits 1 without running the command. Nests with scripts/with-postgres.sh either way round.
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "usage: scripts/with-redis.sh <command> [argument…]" >&2
  exit 64
fi

server=${SCOUT_REDIS_SERVER_BIN:-$(command -v redis-server || true)}
if [ -z "$server" ] || [ ! -x "$server" ]; then
  echo "with-redis: redis-server is missing. Install it (make deps-test does: apt-get install redis-server)." >&2
  exit 1
fi

dir=$(mktemp -d -t scout-redis.XXXXXX)
pid=""
stop_server() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -rf "$dir"
}
trap stop_server EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

fail() {
  echo "with-redis: $1" >&2
  for log in "$dir/startup.log" "$dir/server.log"; do
    [ -s "$log" ] && { echo "--- last lines of $(basename "$log"):" >&2; tail -n 20 "$log" >&2; }
  done
  exit 1
}

# Letters and digits only, so the password needs no escaping in the URL or the configuration.
password="scout$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"

# A port nobody listens on now; if another process takes it before the server binds, retry.
is_port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
is_ready() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
port=""
for _ in 1 2 3 4 5; do
  candidate=$((20000 + RANDOM % 40000))
  is_port_free "$candidate" || continue
  # The configuration comes on stdin ("-"), so the password is in no process's command line.
  printf '%s\n' "port $candidate" "bind 127.0.0.1" "dir $dir" "save \"\"" "appendonly no" \
    "requirepass $password" "daemonize no" "logfile $dir/server.log" | "$server" - >"$dir/startup.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 100); do
    is_ready "$candidate" && { port=$candidate; break; }
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.05
  done
  [ -n "$port" ] && break
  kill -TERM "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  pid=""
done
[ -n "$port" ] || fail "the Redis server did not start."

export SCOUT_TEST_REDIS_URL="redis://:$password@127.0.0.1:$port/0"
export SCOUT_TEST_REDIS_SERVER="$server"
set +e
"$@"
status=$?
set -e
exit "$status"
