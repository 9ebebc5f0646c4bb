#!/usr/bin/env bash
# `make fuzz`: builds Fuzz/ (the targets of Sources/FuzzHarness under libFuzzer, with
# AddressSanitizer) and runs every target, or those named, for 1,000,000 executions (SECURITY.md's
# bar) or a time budget, whichever comes first: SCOUT_FUZZ_SECONDS (default 4800). Each
# target's line says whether it reached the million. Targets run SCOUT_FUZZ_JOBS at a time
# (default: one per core), the slowest first, each one's report printed whole when it ends.
# Measured here (2 cores, two targets at once, on a fresh clone): the decoders and parsers
# reach the million in 19 s (image-header) to 1,735 s (book-page); store-search-postgres in
# 2,421 s; store-search (SQLite, whose every allocation goes through AddressSanitizer's
# allocator in this process) made 721,744 in 2,700 s, the budget it then had. The whole run took
# 80 minutes. Alone, on a later fresh clone, store-search reached the million in 2,917 s.
# SCOUT_FUZZ_SECONDS and SCOUT_FUZZ_RUNS shorten it. Each starts from its hand-written
# seeds in Fuzz/Seeds/<target>/ and its corpus in Fuzz/Corpus/<target>/ (plus, for the reply
# decoders, the recorded replies in ../shared/fixtures, read only); new inputs are merged into
# the corpus, minimized, and a crash is saved in Fuzz/Crashes/<target>/ — commit both: `make
# test` replays seeds, corpus and crashes. The PostgreSQL store target queries a throwaway server (scripts/with-postgres.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${SCOUT_FUZZ_SECONDS:-4800}
runs=${SCOUT_FUZZ_RUNS:-1000000}
jobs=${SCOUT_FUZZ_JOBS:-$(nproc)}
scratch=.build-fuzz

swiftc=$(readlink -f "$(command -v swiftc)")
runtime=$(ls "$(dirname "$swiftc")"/../lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a | head -1)
[ -f "$runtime" ] || { echo "fuzz: libFuzzer (libclang_rt.fuzzer_no_main) is not in this Swift toolchain" >&2; exit 1; }
# Optimized, as libFuzzer advises: a debug build (the targets' `@testable import` needs one)
# with -O ran the slowest decoder, book-page, at 920 inputs a second instead of 515 (30 s
# each, the same corpus and load).
swift build --package-path Fuzz --scratch-path "$scratch" -Xswiftc -O \
  -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table \
  -Xlinker "$runtime" -Xlinker -lstdc++
binary="$scratch/debug/scout-fuzz"

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  # Slowest first, so the last to start are the quick ones and the cores stay busy to the end.
  targets=(store-search-postgres store-search book-page mediawiki-reply commons-reply flickr-reply
           search-index-file csv-goodbooks csv-goodreads-export json-lines openlibrary-line robots-txt image-header
           terminal-keys search-query request-target shared-page)
fi

recorded_replies() {
  case "$1" in
    mediawiki-reply|commons-reply) echo ../shared/fixtures/wikipedia ;;
    flickr-reply) echo ../shared/fixtures/flickr ;;
  esac
}

# Longest input: whole replies and pages need room; the rest is found in short inputs, and
# short inputs keep the committed corpus small.
max_len() {
  case "$1" in
    mediawiki-reply|commons-reply|flickr-reply|book-page) echo 4096 ;;
    *) echo 1024 ;;
  esac
}

run_one() {
  local target=$1 corpus=Fuzz/Corpus/$1 crashes=Fuzz/Crashes/$1 seeds=Fuzz/Seeds/$1 found
  found=$(mktemp -d)
  mkdir -p "$corpus" "$crashes"
  echo "== $target" >&2
  # New inputs go to a scratch folder; the kept corpus is rebuilt by a minimizing merge.
  set +e
  SCOUT_FUZZ_TARGET=$target ASAN_OPTIONS=detect_leaks=0 "$binary" "$found" "$corpus" "$seeds" $(recorded_replies "$target") \
    -runs="$runs" -max_total_time="$seconds" -max_len="$(max_len "$target")" -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix="$crashes/" -print_final_stats=1 2> "$found.log"
  status=$?
  set -e
  grep -E '^(Done|stat::number_of_executed_units|stat::peak_rss_mb)|==[0-9]+==ERROR|SUMMARY|Fatal error' "$found.log" >&2 || true
  local minimized
  minimized=$(mktemp -d)
  SCOUT_FUZZ_TARGET=$target ASAN_OPTIONS=detect_leaks=0 "$binary" -merge=1 -max_len="$(max_len "$target")" "$minimized" "$corpus" "$found" \
    2>/dev/null || true
  if [ -n "$(ls -A "$minimized")" ]; then
    rm -f "$corpus"/*
    cp "$minimized"/* "$corpus"/
  fi
  local executions goal
  executions=$(grep -oE 'stat::number_of_executed_units: [0-9]+' "$found.log" | grep -oE '[0-9]+$' || echo 0)
  if [ "$executions" -ge 1000000 ]; then goal=met
  elif [ "$executions" -ge "$runs" ]; then goal="NOT met; SCOUT_FUZZ_RUNS asked for $runs"
  else goal="NOT met; stopped at its $seconds s budget"
  fi
  echo "$target: $executions executions (goal 1,000,000: $goal), $(ls "$corpus" | wc -l) corpus inputs, exit $status" >&2
  rm -rf "$found" "$found.log" "$minimized"
  return $status
}

# One target, its report kept until it ends so concurrent targets' lines do not interleave.
run_reported() {
  local target=$1 report status=0
  report=$(mktemp)
  if [ "$target" = store-search-postgres ]; then
    scripts/with-postgres.sh bash -c "$(declare -f run_one recorded_replies max_len); binary=$binary runs=$runs seconds=$seconds run_one $target" \
      2> "$report" || status=1
  else
    run_one "$target" 2> "$report" || status=1
  fi
  cat "$report" >&2
  rm -f "$report"
  return $status
}

# Every process this script started, however deep (the targets, their wrappers).
descendants() {
  local child
  for child in $(pgrep -P "$1" || true); do
    echo "$child"
    descendants "$child"
  done
}
# Stopping this script (Ctrl-C, or a TERM sent to it alone) stops the targets it started: they
# would otherwise run on to their budget, orphaned, and their PostgreSQL with them.
stop_targets() {
  trap - INT TERM
  # shellcheck disable=SC2046 # one pid per word
  kill -TERM $(descendants $$) 2>/dev/null || true
  wait
  echo "fuzz: stopped; the targets it started are stopped too" >&2
  exit 130
}
trap stop_targets INT TERM

failed=0
running=0
for target in "${targets[@]}"; do
  if [ "$running" -ge "$jobs" ]; then
    wait -n || failed=1
    running=$((running - 1))
  fi
  run_reported "$target" &
  running=$((running + 1))
done
while [ "$running" -gt 0 ]; do
  wait -n || failed=1
  running=$((running - 1))
done
exit $failed
