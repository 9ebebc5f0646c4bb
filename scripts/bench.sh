#!/usr/bin/env bash
# Runs every benchmark against the release build; `make bench` installs wrk, nginx and
# PostgreSQL first. The book benchmarks run SQLite and a throwaway PostgreSQL cluster (with
# fsync on, like a real server) side by side.
set -euo pipefail
cd "$(dirname "$0")/.."
SCOUT_POSTGRES_DURABLE=1 scripts/with-postgres.sh \
  bash -c 'SCOUT_BENCH_POSTGRES_URL="$SCOUT_TEST_POSTGRES_URL" exec .build/release/scout-bench "$@"' scout-bench "$@"
