#!/usr/bin/env bash
# `make soak`: the long runs CI does not make. First the import crash test with 200 `kill -9`
# trials (T11); then, against the release `scout serve`, the chaos soak (10 min of typing
# against fake upstreams that fail, hang, throttle and lie) and the load soak (5 min of wrk on
# cached and uncached routes, then slowloris while a client on 127.0.0.2 searches). Each soak
# prints its tables and goals, between two `uptime` lines (the machine's load is part of every
# figure). Then the crawl soak (T18): the release `scout books crawl` for 10 min against a hostile
# link farm of endless pages of 60,000 links, its resident memory sampled: flat and under 200 MiB.
# Every part runs; the script exits 1 when any failed.
#
# SCOUT_SOAK_MINUTES shortens the soaks (SCOUT_SOAK_CHAOS_MINUTES, SCOUT_SOAK_LOAD_MINUTES,
# SCOUT_SOAK_CRAWL_MINUTES and SCOUT_SOAK_SLOWLORIS_SECONDS set one each); SCOUT_SOAK_SCRATCH
# builds in another scratch directory than .build; `scripts/soak.sh chaos-soak` runs only the
# parts named (crash, chaos-soak, load-soak, crawl-soak).
set -uo pipefail
cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-swift}"
scratch="${SCOUT_SOAK_SCRATCH:-.build}"
parts=("$@")
[ ${#parts[@]} -eq 0 ] && parts=(crash chaos-soak load-soak crawl-soak)
wants() { [[ " ${parts[*]} " == *" $1 "* ]]; }

failed=()
if wants crash; then
  echo "== import crash test: 200 kill -9 trials"
  if ! { "$SWIFT" build --build-tests --scratch-path "$scratch" &&
    SCOUT_CRASH_TRIALS=200 "$SWIFT" test --scratch-path "$scratch" --skip-build --disable-xctest \
      --filter ImportCrashTests; }; then
    failed+=(crash)
  fi
fi
if wants chaos-soak || wants load-soak || wants crawl-soak; then
  "$SWIFT" build -c release --scratch-path "$scratch" || exit 1
  for soak in chaos-soak load-soak crawl-soak; do
    if wants "$soak"; then
      echo "== $soak"
      uptime
      # The fake upstreams' truncated bodies make their server log one line each; that is the
      # fault working, not news.
      "$scratch/release/scout-bench" "$soak" \
        2> >(grep -v --line-buffered 'application reported error generating data' >&2) || failed+=("$soak")
      uptime
    fi
  done
fi
if [ ${#failed[@]} -gt 0 ]; then
  echo "soak: failed: ${failed[*]}" >&2
  exit 1
fi
echo "soak: every part passed"
