"""ruff and mypy, configured in pyproject.toml, run with the tests: each must report nothing.

Alone: ``ruff check`` and ``mypy`` from the repository root. mypy's cache sits in
.mypy_cache/, one folder per version of pyproject.toml (a cache kept across a change of the
configuration can keep reporting what the change fixed).
"""
from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=300)


def _available(module: str) -> None:
    probe = _run(module, "--version")
    if probe.returncode != 0:
        pytest.fail(f"{module} is not installed (requirements-dev.txt): {probe.stderr.strip()}")


def test_ruff_reports_nothing():
    _available("ruff")
    done = _run("ruff", "check", "--no-cache", "--output-format", "concise", ".")
    assert done.returncode == 0, f"ruff check:\n{done.stdout}{done.stderr}"


def test_mypy_reports_nothing():
    _available("mypy")
    config = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()[:12]
    cache = ROOT / ".mypy_cache" / f"config-{config}"
    done = _run("mypy", "--cache-dir", str(cache))
    if done.returncode != 0 and "INTERNAL ERROR" in done.stdout + done.stderr:   # a broken cache
        shutil.rmtree(cache, ignore_errors=True)
        done = _run("mypy", "--cache-dir", str(cache))
    assert done.returncode == 0, f"mypy:\n{done.stdout}{done.stderr}"
