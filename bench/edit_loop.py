"""Times the content editor's loop: one English sentence of an Oath denizen changed, then `lawforge build oath`.

Run: `.venv/bin/python bench/edit_loop.py`. Budget (issue 22): the rebuild under 15 s wall on 2 cores.
It copies this repository's workspace (content, schemas, generated) into a temporary folder, builds Oath there
once in full (sheets in every locale, so that the sheet cache is warm), changes one English sentence of the
denizen Errand Boy, builds again and prints the wall and CPU time of that rebuild, and which sheets it rendered
(only the English one should be: the French and Ukrainian HTML did not change) and which of its parts
(docs/sheets.md: only the denizens' part should be), read from the parts the sheet cache wrote.
"""

from __future__ import annotations

import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BUDGET_SECONDS = 15.0
DENIZENS = Path("content/oath/denizens/beast.yaml")
SENTENCE = "You may draw from a discard pile in a different region instead of yours."
EDITED = "You may draw from the discard pile of another region instead of yours."


def copy_workspace(folder: Path) -> Path:
    """The workspace's content, schemas and generated files in `folder`/main, the rulebooks beside it."""
    root = folder / "main"
    root.mkdir()
    for part in ("content", "schemas", "generated"):
        shutil.copytree(REPO / part, root / part, ignore=shutil.ignore_patterns("*.so", "*.c", "__pycache__"))
    (folder / "shared").symlink_to(REPO.parent / "shared")
    return root


def build(root: Path, *args: str) -> tuple[float, float, str]:
    """Runs `lawforge build oath`; its wall time, its CPU time (children included) and what it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "lawforge.compiler", "--root", str(root), "build", "oath", *args],
                          check=True, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu, done.stderr + done.stdout


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="lawforge-edit-loop-") as folder:
        root = copy_workspace(Path(folder))
        full, full_cpu, _ = build(root)
        path = root / DENIZENS
        text = path.read_text(encoding="utf-8")
        if text.count(SENTENCE) != 1:
            sys.exit(f"bench/edit_loop.py: the sentence to edit is no longer in {DENIZENS} once: {SENTENCE!r}")
        path.write_text(text.replace(SENTENCE, EDITED), encoding="utf-8")
        edited = time.time()
        wall, cpu, said = build(root)
        parts = sorted(p.stem for p in (root / ".lawforge-cache" / "sheets").glob("*.*.*.pdf")
                       if p.stat().st_mtime >= edited)
        noop, _, _ = build(root)
    rendered = re.search(r"\((\d+) rendered in ([\d.]+) s(?:, (\d+) unchanged)?\)", said)
    if rendered is None:
        sys.exit(f"bench/edit_loop.py: the rebuild rendered no sheet:\n{said}")
    count, render_seconds, unchanged = int(rendered[1]), float(rendered[2]), int(rendered[3] or 0)
    print(f"full build (first)      {full:7.2f} s wall  {full_cpu:6.2f} s CPU")
    print(f"one sentence edited     {wall:7.2f} s wall  {cpu:6.2f} s CPU   budget {BUDGET_SECONDS:.0f} s   "
          f"ratio {BUDGET_SECONDS / wall:.2f}x")
    print(f"  sheets rendered {count} ({render_seconds:.1f} s), unchanged {unchanged}; parts rendered: "
          f"{', '.join(parts) or 'none'}")
    print(f"no-op build             {noop:7.2f} s wall")
    if count != 1:
        sys.exit("bench/edit_loop.py: the edit should render the English sheet only")


if __name__ == "__main__":
    main()
