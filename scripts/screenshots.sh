#!/usr/bin/env bash
# The README's screenshots of the page in each language: docs/screenshots/page-<lang>.png.
#
#   scripts/screenshots.sh [--out docs/screenshots]
#
# Starts `scout serve` on a free port with a new catalog in a temporary folder (which the server
# fills with the starter catalog) and Wikipedia at a closed port (nothing leaves the machine),
# then, in headless Chromium (the browser tests' Page, from the Python of .build/venv: `make
# venv`), searches the Books tab for "harry potter" with the browser asking for each language,
# and saves each page. Japanese text needs a CJK font: Debian's fonts-ipafont-gothic, installed
# here when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

out=docs/screenshots
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out=${2:?--out takes a folder}; shift 2 ;;
    -h | --help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "screenshots: unknown option '$1' (try --help)" >&2; exit 64 ;;
  esac
done

scripts/install-deps.sh chromium chromium-driver python3-selenium fonts-ipafont-gothic
python=.build/venv/bin/python3
if [ ! -x "$python" ]; then
  echo "screenshots: $python is missing; run 'make venv' first" >&2
  exit 1
fi
swift build --product scout
scout=$(swift build --show-bin-path)/scout

work=$(mktemp -d)
server=
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

SCOUT_WIKIPEDIA_API=http://127.0.0.1:9/w/api.php SCOUT_CACHE_DIR="$work/cache" \
  "$scout" serve --listen 127.0.0.1:0 --database "$work/books.sqlite" > "$work/serve.log" 2>&1 &
server=$!
base=
for _ in $(seq 1 300); do
  base=$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$work/serve.log" | head -1 || true)
  if [ -n "$base" ] && curl -fsS "$base/readyz" > /dev/null 2>&1; then break; fi
  sleep 0.1
done
if [ -z "$base" ] || ! curl -fsS "$base/readyz" > /dev/null 2>&1; then
  echo "screenshots: scout serve did not become ready; its log:" >&2
  cat "$work/serve.log" >&2
  exit 1
fi

mkdir -p "$out"
"$python" scripts/screenshots.py --base-url "$base" --out "$out"
