#!/usr/bin/env bash
# Runs every test (what `make test` runs) in three processes at once, each with PostgreSQL and
# Redis servers of its own, and fails when any of them fails.
#
#   scripts/test-in-parallel.sh            # after `swift build --build-tests`
#
# Why processes and not Swift Testing's in-process parallelism: on our 2-core machines the
# cooperative pool has two threads, and suites that block a thread (libcurl, SQLite, waiting for a
# child process) starve the suites that poll a heartbeat every 20 ms or answer /readyz within a
# bound; run that way the fleet heartbeat, budget and readiness suites failed. Each process
# below runs its tests one at a time (`--no-parallel`), as `swift test --no-parallel` did, so a
# suite never shares its process with another running suite. Processes share nothing but the
# machine: every test server listens on a free port, every file is in a temporary directory, and
# each process gets a PostgreSQL and a Redis of its own.
#
# The shards: the three long suites that mostly wait on other processes (schemathesis, kill -9
# imports, disk faults in a namespace), the rest of the server's tests (Chromium among them), and
# everything else. Each test runs in exactly one shard: a shard skips what the ones before it took,
# and the last takes whatever is left, so a new suite cannot be forgotten.
#
# Output: every line prefixed with its shard ("2│ ✔ Suite …"), as the lines arrive; then each
# shard's result and the total.
set -uo pipefail
cd "$(dirname "$0")/.."

swift=${SWIFT:-swift}
tests="$("$swift" build --show-bin-path)/ScoutPackageTests.xctest"
if [ ! -x "$tests" ]; then
  echo "test-in-parallel: $tests is missing: run '$swift build --build-tests' first (make test does)." >&2
  exit 1
fi

shards=(
  'ScoutServerTests\.SchemathesisTests|BookCatalogTests\.ImportCrashTests|ImageLoadingTests\.DiskFaultTests'
  '^ScoutServerTests\.'
  ''
)

# Swift Testing colours its marks when its output is a pipe; keep colour for a person at a
# terminal and plain text for logs (CI greps them).
[ -t 1 ] || export NO_COLOR=1

logs=$(mktemp -d -t scout-tests.XXXXXX)
trap 'rm -rf "$logs"' EXIT
taken=()
pids=()
for index in "${!shards[@]}"; do
  shard=$((index + 1))
  arguments=(--testing-library swift-testing --no-parallel)
  [ -n "${shards[$index]}" ] && arguments+=(--filter "${shards[$index]}")
  for earlier in "${taken[@]}"; do arguments+=(--skip "$earlier"); done
  [ -n "${shards[$index]}" ] && taken+=("${shards[$index]}")
  (
    scripts/with-postgres.sh scripts/with-redis.sh "$tests" "${arguments[@]}" 2>&1
    echo $? >"$logs/$shard.status"
  ) | tee "$logs/$shard.log" | sed -u "s/^/$shard│ /" &
  pids+=($!)
done
wait "${pids[@]}"

echo
status=0
total_tests=0
total_suites=0
for index in "${!shards[@]}"; do
  shard=$((index + 1))
  result=$(grep -aE 'Test run with [0-9]+ tests? in [0-9]+ suites?' "$logs/$shard.log" | tail -n 1)
  echo "$shard│ ${result:-no result line: the test process ended early}"
  if [[ $result =~ with\ ([0-9]+)\ tests?\ in\ ([0-9]+)\ suites? ]]; then
    total_tests=$((total_tests + BASH_REMATCH[1]))
    total_suites=$((total_suites + BASH_REMATCH[2]))
  fi
  shard_status=$(cat "$logs/$shard.status" 2>/dev/null || echo 1)
  [ "$shard_status" -eq 0 ] || status=1
done
if [ "$status" -eq 0 ]; then
  echo "All ${#shards[@]} shards passed: $total_tests tests in $total_suites suites."
else
  echo "test-in-parallel: a shard failed: look for ✘ above (each line starts with its shard)." >&2
fi
exit "$status"
