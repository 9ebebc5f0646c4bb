#!/usr/bin/env bash
# Makes .build/venv, the Python the tests and benchmarks use for their PyPI tools, and installs
# the packages named on the command line into it. It is Debian's Python with its own packages
# visible (--system-site-packages), so the browser scenarios keep Debian's python3-selenium.
#
# It also extracts a current axe-core for the accessibility audits: on Debian 12's Python 3.11
# pip installs at most axe-selenium-python 2.1.6, whose axe-core 3.1.1 (2018) predates the
# WAI-ARIA 1.2 combobox the page follows. The 3.0.0 wheel (pure Python, for 3.12) carries
# axe-core 4.10; its axe.min.js goes to .build/venv/axe-core/, where the browser tests look.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/venv
axe_release=3.0.0

scripts/install-deps.sh python3-venv
if [ ! -x "$venv/bin/python3" ] || ! grep -q "include-system-site-packages = true" "$venv/pyvenv.cfg"; then
  rm -rf "$venv"
  /usr/bin/python3 -m venv --system-site-packages "$venv"
fi
pip=("$venv/bin/pip" install --quiet --disable-pip-version-check)
"${pip[@]}" "$@"

if [ ! -f "$venv/axe-core/axe.min.js" ]; then
  wheels=$(mktemp -d)
  trap 'rm -rf "$wheels"' EXIT
  "$venv/bin/pip" download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
    --python-version 3.12 "axe-selenium-python==$axe_release" -d "$wheels"
  mkdir -p "$venv/axe-core"
  "$venv/bin/python3" - "$wheels"/*.whl "$venv/axe-core/axe.min.js" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel, open(sys.argv[2], 'wb') as out:
    out.write(wheel.read('axe_selenium_python/node_modules/axe-core/axe.min.js'))
PY
fi
