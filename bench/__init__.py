"""Benchmark scripts (``python bench/NAME.py``); a package so that tests can import their helpers."""
