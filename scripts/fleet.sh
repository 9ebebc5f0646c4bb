#!/usr/bin/env bash
# `make fleet`: Scout as a fleet on one machine — a Redis server for the shared state, a
# PostgreSQL cluster for the catalog, three `scout serve` instances and nginx as their load
# balancer, all on 127.0.0.1 — until Ctrl-C, then everything is stopped and removed.
#
#   scripts/fleet.sh [--instances n] [--port p] [-- serve-option…]
#
# It prints the URL to open (nginx, port 8080 unless --port or SCOUT_FLEET_PORT says otherwise)
# and where each instance logs. Redis and PostgreSQL are the throwaway servers of
# scripts/with-redis.sh and scripts/with-postgres.sh (free ports, temporary directories, fsync
# off): a fleet to try and to test, never one to keep data in. The catalog is imported once,
# by the first instance (the starter catalog), before the others start; they all read it.
# Options after `--` go to every `scout serve` (`-- --client-rate 100`). An instance that stops
# (try `kill -9`) leaves the others serving: nginx sends its requests to them.
set -euo pipefail
cd "$(dirname "$0")/.."

instances=3
port=${SCOUT_FLEET_PORT:-8080}
serve_options=()
while [ $# -gt 0 ]; do
  case "$1" in
    --) shift; serve_options=("$@"); break ;;
    --instances) instances=${2:?--instances takes a number from 1 to 16}; shift 2 ;;
    --port) port=${2:?--port takes a port number}; shift 2 ;;
    -h | --help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "fleet: unknown option '$1' (try --help)" >&2; exit 64 ;;
  esac
done
if ! [[ "$instances" =~ ^[0-9]+$ ]] || [ "$instances" -lt 1 ] || [ "$instances" -gt 16 ]; then
  echo "fleet: --instances takes a number from 1 to 16, not '$instances'" >&2
  exit 64
fi
if ! [[ "$port" =~ ^[0-9]+$ ]] || [ "$port" -lt 1 ] || [ "$port" -gt 65535 ]; then
  echo "fleet: --port takes a port number from 1 to 65535, not '$port'" >&2
  exit 64
fi

# Outside the two service wrappers, start them and come back in: they stop their server
# however this script ends.
if [ -z "${SCOUT_TEST_POSTGRES_URL:-}" ] || [ -z "${SCOUT_TEST_REDIS_URL:-}" ]; then
  scout=${SCOUT_FLEET_BINARY:-.build/release/scout}
  if [ -z "${SCOUT_FLEET_BINARY:-}" ]; then
    swift build -c release --product scout
  fi
  [ -x "$scout" ] || { echo "fleet: $scout is missing; build it with 'swift build -c release --product scout'." >&2; exit 1; }
  command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] ||
    { echo "fleet: nginx is missing. Install it (make fleet does: apt-get install nginx-light)." >&2; exit 1; }
  export SCOUT_FLEET_BINARY="$scout"
  exec scripts/with-postgres.sh scripts/with-redis.sh "$0" --instances "$instances" --port "$port" -- "${serve_options[@]}"
fi

scout=$SCOUT_FLEET_BINARY
nginx=$(command -v nginx || echo /usr/sbin/nginx)
is_port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
is_port_free "$port" || { echo "fleet: port $port is taken; pick another with --port." >&2; exit 1; }

dir=$(mktemp -d -t scout-fleet.XXXXXX)
chmod 755 "$dir" # nginx's workers run as nobody when started by root
pids=()
stop_fleet() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$dir"
}
trap stop_fleet EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Waits until `url` answers, or fails naming `what` and its log.
wait_for() {
  local url=$1 what=$2 log=$3 pid=$4
  for _ in $(seq 1 200); do
    curl -fsS -o /dev/null "$url" 2>/dev/null && return 0
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  echo "fleet: $what did not start; the last lines of $log:" >&2
  tail -n 20 "$log" >&2
  exit 1
}

free_port() {
  local candidate
  while :; do
    candidate=$((20000 + RANDOM % 40000))
    is_port_free "$candidate" && { echo "$candidate"; return; }
  done
}

upstreams=""
declare -A instance_of
for n in $(seq 1 "$instances"); do
  instance_port=$(free_port)
  log="$dir/instance-$n.log"
  # Behind nginx every client arrives from 127.0.0.1: each instance takes the client's address
  # from the X-Forwarded-For nginx adds, and allows the proxy as many connections as it needs.
  SCOUT_CACHE_DIR="$dir/images-$n" "$scout" serve --listen "127.0.0.1:$instance_port" \
    --database "$SCOUT_TEST_POSTGRES_URL" --redis "$SCOUT_TEST_REDIS_URL" \
    --trusted-proxy 127.0.0.1 --connections-per-ip 4096 "${serve_options[@]}" >"$log" 2>&1 &
  pids+=($!)
  instance_of[$!]=$n
  # The first instance installs the starter catalog into the empty database; the others wait
  # for it, so the catalog is imported once.
  wait_for "http://127.0.0.1:$instance_port/healthz" "instance $n" "$log" "${pids[-1]}"
  upstreams+="    server 127.0.0.1:$instance_port max_fails=1 fail_timeout=2s;"$'\n'
  echo "instance $n: http://127.0.0.1:$instance_port/ (log: $log)"
done

cat >"$dir/nginx.conf" <<EOF
worker_processes 1;
pid $dir/nginx.pid;
error_log $dir/nginx-error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path $dir/nginx-body;
  proxy_temp_path $dir/nginx-proxy;
  fastcgi_temp_path $dir/nginx-fastcgi;
  uwsgi_temp_path $dir/nginx-uwsgi;
  scgi_temp_path $dir/nginx-scgi;
  proxy_cache_path $dir/nginx-images levels=1:2 keys_zone=images:10m max_size=256m inactive=1d;
  upstream scout {
$upstreams    keepalive 64;
  }
  server {
    listen 127.0.0.1:$port;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host \$host;
    proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
    # A dead instance's requests go to the next one: Scout's routes are idempotent GETs.
    proxy_next_upstream error timeout http_502;
    proxy_next_upstream_tries 3;
    proxy_connect_timeout 1s;
    location / { proxy_pass http://scout; }
    # Thumbnails carry Cache-Control and ETag; nginx keeps them for every instance.
    location /img/ {
      proxy_pass http://scout;
      proxy_cache images;
      proxy_cache_lock on;
      add_header X-Cache-Status \$upstream_cache_status;
    }
  }
}
EOF
"$nginx" -p "$dir" -c "$dir/nginx.conf" -g 'daemon off;' 2>>"$dir/nginx-error.log" &
nginx_pid=$!
pids+=($nginx_pid)
wait_for "http://127.0.0.1:$port/healthz" "nginx" "$dir/nginx-error.log" "${pids[-1]}"

echo "Redis: ${SCOUT_TEST_REDIS_URL/\/\/:*@/\/\/:***@}"
echo "PostgreSQL: $SCOUT_TEST_POSTGRES_URL"
echo "Scout's fleet of $instances is serving on http://127.0.0.1:$port/ — press Ctrl-C to stop."
live=("${pids[@]}")
while :; do
  ended=""
  wait -n -p ended "${live[@]}" || true
  [ -n "$ended" ] || continue
  if [ "$ended" = "$nginx_pid" ]; then
    echo "fleet: nginx stopped (see $dir/nginx-error.log); stopping the fleet." >&2
    exit 1
  fi
  echo "fleet: instance ${instance_of[$ended]} stopped (its log: $dir/instance-${instance_of[$ended]}.log);" \
    "nginx sends its requests to the others." >&2
  still=()
  for pid in "${live[@]}"; do [ "$pid" = "$ended" ] || still+=("$pid"); done
  live=("${still[@]}")
done
