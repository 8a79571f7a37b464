"""Times `lawforge check`, a full `lawforge build` and a no-op `build` on this repository's content.

Run: `.venv/bin/python bench/build.py`. Budgets (DESIGN.md): check under 1 s, no-op build under 1 s.
`check` is timed cold (its per-game cache of diagnostics removed first) and warm (games unchanged).
The full build is forced (typed Python, schemas, Cython compile, PDF sheets in every locale) and
writes its sheets to a temporary folder; generated/ is rewritten with identical bytes.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BUDGET_SECONDS = 1.0


def timed(*args: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "lawforge.compiler", "--root", str(REPO), *args],
                   check=True, capture_output=True)
    return time.perf_counter() - start


def best_of(runs: int, *args: str) -> float:
    return min(timed(*args) for _ in range(runs))


def cold_check() -> float:
    for cached in (REPO / ".lawforge-cache").glob("check-*.json"):
        cached.unlink()
    return timed("check")


def main() -> None:
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        print("note: PYTHONDONTWRITEBYTECODE is set, so every run compiles the compiler's sources again; "
              "the times are longer than a user's")
    with tempfile.TemporaryDirectory(prefix="lawforge-bench-") as out:
        full = timed("build", "--force", "--out", out)
        noop = best_of(5, "build", "--out", out)
    cold = min(cold_check() for _ in range(3))
    check = best_of(5, "check")
    print(f"check, cold (all games) {cold:7.3f} s   budget {BUDGET_SECONDS:.1f} s   ratio {BUDGET_SECONDS / cold:.1f}x")
    print(f"check, games unchanged  {check:7.3f} s   budget {BUDGET_SECONDS:.1f} s   ratio {BUDGET_SECONDS / check:.1f}x")
    print(f"build, full (forced)    {full:7.3f} s")
    print(f"build, no-op            {noop:7.3f} s   budget {BUDGET_SECONDS:.1f} s   ratio {BUDGET_SECONDS / noop:.1f}x")


if __name__ == "__main__":
    main()
