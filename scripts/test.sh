#!/usr/bin/env bash
# Install what the tests need, then run the whole suite (browser tests included).
# Usage: bash scripts/test.sh [pytest args...]
set -euo pipefail
cd "$(dirname "$0")/.."

PY="${PYTHON:-python3}"
command -v "$PY" >/dev/null 2>&1 || PY=python

"$PY" -m pip install --disable-pip-version-check -q -r requirements-dev.txt

if [ ! -x /usr/bin/chromium ]; then
  echo "Installation de Chromium (apt)…" >&2
  SUDO=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q chromium
fi

exec "$PY" -m pytest -q "$@"
