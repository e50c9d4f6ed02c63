#!/usr/bin/env bash
# The README's screenshots (docs/screenshots/*.png), made by the browser tests in headless
# Chromium: tests/browser/test_product_browser.py::test_readme_screenshots.
set -euo pipefail
cd "$(dirname "$0")/.."
ARBITRE_SCREENSHOTS=docs/screenshots python -m pytest -q -p no:cacheprovider \
  tests/browser/test_product_browser.py -k readme_screenshots
ls -l docs/screenshots
