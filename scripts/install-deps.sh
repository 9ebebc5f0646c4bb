#!/usr/bin/env bash
# Installs the Debian packages named on the command line when any is missing.
# Uses apt-get directly as root, through sudo otherwise; does nothing when all are present.
set -euo pipefail

missing=()
for package in "$@"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null; then
  echo "scout: these packages are missing and this is not a Debian/Ubuntu system: ${missing[*]}" >&2
  echo "scout: install them with your package manager, then run make again." >&2
  exit 1
fi
if [ "$(id -u)" -eq 0 ]; then
  sudo=()
elif command -v sudo >/dev/null; then
  sudo=(sudo)
else
  echo "scout: installing ${missing[*]} needs root, and sudo is not available; run as root." >&2
  exit 1
fi

echo "scout: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
