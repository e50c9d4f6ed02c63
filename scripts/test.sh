#!/usr/bin/env bash
# Install what the tests need (Python packages, the project itself, Chromium, a PostgreSQL server),
# then run the whole suite (browser tests included; ruff and mypy run in it too).
# Usage: bash scripts/test.sh [pytest args...]
set -euo pipefail
cd "$(dirname "$0")/.."

PY="${PYTHON:-python3}"
command -v "$PY" >/dev/null 2>&1 || PY=python

# PyICU (requirements.txt) is built against the system's ICU: its headers, pkg-config and a C++ compiler
if ! "$PY" -c "import icu" >/dev/null 2>&1 && ! { pkg-config --exists icu-uc 2>/dev/null && command -v g++ >/dev/null 2>&1; }; then
  echo "Installation d’ICU pour PyICU (apt)…" >&2
  SUDO=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q libicu-dev pkg-config g++
fi
"$PY" -m pip install --disable-pip-version-check -q -r requirements-dev.txt
# the project itself, editable (pyproject.toml): qa, web, cli and bench import from anywhere
"$PY" -m pip install --disable-pip-version-check -q -e .

if [ ! -x /usr/bin/chromium ]; then
  echo "Installation de Chromium (apt)…" >&2
  SUDO=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q chromium
fi

# PostgreSQL for the store tests (they also run on SQLite): installed and started by
# scripts/postgres.sh unless ARBITRE_TEST_PG already names a server.
if [ -z "${ARBITRE_TEST_PG:-}" ]; then
  if [ "$(id -u)" -eq 0 ] || command -v sudo >/dev/null 2>&1; then
    ARBITRE_TEST_PG="$(bash scripts/postgres.sh </dev/null)"
    export ARBITRE_TEST_PG
  else
    echo "PostgreSQL non démarré (ni root ni sudo) : ses tests seront sautés." >&2
  fi
fi

exec "$PY" -m pytest -q "$@"
