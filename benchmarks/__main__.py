"""Run the `main()` of every ``benchmarks/bench_*.py`` module, in name order."""

from __future__ import annotations

import importlib
import pkgutil
import sys

import benchmarks


def main() -> int:
    names = sorted(
        info.name for info in pkgutil.iter_modules(benchmarks.__path__)
        if info.name.startswith("bench_")
    )
    for name in names:
        print(f"== {name} ==", flush=True)
        importlib.import_module(f"benchmarks.{name}").main()
        print(flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
