#!/usr/bin/env bash
# Runs every benchmark against the release build; `make bench` installs wrk, nginx and
# PostgreSQL first. The book benchmarks run SQLite and a throwaway PostgreSQL cluster side by
# side. The cluster is set up as a server for the million-book catalog would be: fsync on, and
# shared_buffers large enough to hold that catalog's table and indexes (600 MB), where
# PostgreSQL's default is 128 MB. The relevance benchmark (`scripts/bench.sh relevance`) runs
# tantivy on the Python of `make venv` (SCOUT_BENCH_PYTHON overrides it). The fleet benchmark's three
# instances share a throwaway Redis server (scripts/with-redis.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
export SCOUT_BENCH_PYTHON="${SCOUT_BENCH_PYTHON:-$PWD/.build/venv/bin/python3}"
SCOUT_POSTGRES_DURABLE=1 SCOUT_POSTGRES_OPTIONS="-c shared_buffers=1GB" scripts/with-postgres.sh scripts/with-redis.sh \
  bash -c 'SCOUT_BENCH_POSTGRES_URL="$SCOUT_TEST_POSTGRES_URL" SCOUT_BENCH_REDIS_URL="$SCOUT_TEST_REDIS_URL" \
    exec .build/release/scout-bench "$@"' scout-bench "$@"
