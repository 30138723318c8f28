"""Run the `main()` of every ``benchmarks/bench_*.py`` module, in name order, or of
those named: ``python -m benchmarks bench_turn_load`` runs only issue 10's figures.
Each benchmark's time and the total are printed."""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time

import benchmarks


def main(argv: list[str]) -> int:
    names = sorted(
        info.name for info in pkgutil.iter_modules(benchmarks.__path__)
        if info.name.startswith("bench_")
    )
    unknown = sorted(set(argv) - set(names))
    if unknown:
        print(f"no such benchmark: {', '.join(unknown)} (there are: {', '.join(names)})",
              file=sys.stderr)
        return 2
    started = time.perf_counter()
    for name in argv or names:
        print(f"== {name} ==", flush=True)
        begun = time.perf_counter()
        importlib.import_module(f"benchmarks.{name}").main()
        print(f"({name}: {time.perf_counter() - begun:.0f} s)\n", flush=True)
    print(f"benchmarks run in {(time.perf_counter() - started) / 60:.1f} min", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
