#!/usr/bin/env bash
# Runs every benchmark against the release build; `make bench` installs wrk and nginx first.
set -euo pipefail
cd "$(dirname "$0")/.."
.build/release/scout-bench "$@"
