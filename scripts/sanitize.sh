#!/usr/bin/env bash
# `make sanitize`: the suites that move bytes between threads and C libraries — networking
# (libcurl), images, the HTTP server (libmicrohttpd), Scout's server and both book stores
# (SQLite, libpq; a throwaway PostgreSQL from scripts/with-postgres.sh) and the Redis client and
# the fleet's shared state (hiredis; a throwaway Redis from scripts/with-redis.sh) — under
# ThreadSanitizer and then AddressSanitizer, each in a build directory of its own. The browser,
# schemathesis and crash-trial tests drive other processes (Chromium, Python, `scout` itself)
# that are not instrumented, so they are left out; so is the disk-fault drill, a process of its
# own under fiu-run, which `make test` runs in full: its runs have deadlines sized for a build
# without instrumentation (under both sanitizers they timed out), and LeakSanitizer reports a
# leak in fiu's own preload library (a strdup in fiu_run_preload.so), not in Scout.
# ThreadSanitizer's reports on Synchronization.Mutex are false positives (it does not see the
# futex the lock is built on); scripts/tsan-suppressions.txt names them, and nothing else.
# AddressSanitizer keeps 16 MiB of freed memory in quarantine (not its 256 MiB), so the tests
# that hold memory flat under load still measure the code, not the quarantine.
set -euo pipefail
cd "$(dirname "$0")/.."
suites="${SCOUT_SANITIZE_SUITES:-NetworkingTests|ImageLoadingTests|HTTPServerTests|ScoutServerTests|BookStorageTests|BookCatalogTests|SQLiteTests|PostgresTests|RedisTests}"
skipped="${SCOUT_SANITIZE_SKIP:-BrowserTests|SchemathesisTests|ImportCrashTests|ExampleAppTests|DiskFaultTests}"
status=0
for sanitizer in thread address; do
  echo "== $sanitizer sanitizer: $suites"
  swift build --build-tests --sanitize="$sanitizer" --scratch-path ".build-$sanitizer"
  if ! TSAN_OPTIONS="suppressions=$PWD/scripts/tsan-suppressions.txt halt_on_error=0 second_deadlock_stack=1" \
    ASAN_OPTIONS="detect_leaks=0 quarantine_size_mb=16" SWIFT_BACKTRACE=enable=no \
    scripts/with-postgres.sh scripts/with-redis.sh swift test --skip-build --sanitize="$sanitizer" --scratch-path ".build-$sanitizer" \
    --disable-xctest --no-parallel --filter "$suites" --skip "$skipped" 2>&1 | tee ".build-$sanitizer/report.log"; then
    status=1
  fi
  reports=$(grep -c -E '^(WARNING: ThreadSanitizer|==[0-9]+==ERROR: AddressSanitizer)' ".build-$sanitizer/report.log" || true)
  echo "== $sanitizer sanitizer: $reports report(s)"
  [ "$reports" -eq 0 ] || status=1
done
exit "$status"
