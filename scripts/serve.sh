#!/usr/bin/env bash
# Install the app's requirements, then serve it on http://127.0.0.1:5000 (options: see python app.py serve --help).
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PYTHON:-python3}"
command -v "$PY" >/dev/null 2>&1 || PY=python
"$PY" -m pip install --disable-pip-version-check -q -r requirements.txt
exec "$PY" app.py "$@"
