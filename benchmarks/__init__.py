"""Benchmarks run by ``make bench`` (``python -m benchmarks``): every ``bench_*.py`` module."""
