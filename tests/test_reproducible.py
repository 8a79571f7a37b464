"""Generated files depend on the content and the locked tools only: the four games generated from nothing
in two fresh workspaces, one of them under another hash seed, locale and time zone, come out byte for byte
the same, and the same as the committed ones. Each workspace runs the build's generation stage in a
process of its own (the Cython compile that follows writes only local build products, never committed)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from conftest import REPO, SHARED
from lawforge.compiler.build import IGNORED_SUFFIXES

GENERATE = """
import sys
from pathlib import Path
from lawforge.compiler.build import generate
from lawforge.compiler.files import write_atomically
from lawforge.compiler.workspace import Workspace

ws = Workspace.open(Path(sys.argv[1]))
for game in ws.games():
    generated, diagnostics = generate(ws, game)
    assert generated is not None, [str(d) for d in diagnostics if d.is_error]
    for rel, text in generated.files.items():
        write_atomically(ws.root / rel, text)
"""

ELSEWHERE = {
    "PYTHONHASHSEED": "2718281",
    "LC_ALL": "C",
    "LANG": "C",
    "PYTHONUTF8": "0",
    "PYTHONCOERCECLOCALE": "0",
    "TZ": "Pacific/Kiritimati",
}
"""Another machine: string hashes in another order, an ASCII locale with no UTF-8 mode, UTC+14."""


def fresh_workspace(parent: Path) -> Path:
    """The content alone, with ../shared beside it: everything else must come from the build."""
    parent.mkdir()
    (parent / "shared").symlink_to(SHARED)
    root = parent / "main"
    shutil.copytree(REPO / "content", root / "content")
    return root


def built_outputs(root: Path) -> dict[str, bytes]:
    """The files a build writes that are committed: generated/<game>/ and schemas/, not local build products."""
    return {path.relative_to(root).as_posix(): path.read_bytes()
            for folder in ("generated/*/", "schemas/") for path in sorted(root.glob(f"{folder}**/*"))
            if path.is_file() and path.suffix not in IGNORED_SUFFIXES and "__pycache__" not in path.parts}


def test_two_fresh_workspaces_on_different_machines_generate_the_same_bytes(tmp_path: Path) -> None:
    here = fresh_workspace(tmp_path / "here")
    there = fresh_workspace(tmp_path / "there")
    env = {key: value for key, value in os.environ.items() if not key.startswith(("LC_", "PYTHONHASHSEED"))}
    builds = [subprocess.Popen([sys.executable, "-c", GENERATE, str(root)], env=environment,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
              for root, environment in ((here, env | {"PYTHONHASHSEED": "0"}), (there, env | ELSEWHERE))]
    for build in builds:
        output, _ = build.communicate()
        assert build.returncode == 0, output.decode(errors="replace")
    first, second = built_outputs(here), built_outputs(there)
    assert len(first) > 100
    assert sorted(first) == sorted(second)
    assert [path for path in first if first[path] != second[path]] == []
    assert first == built_outputs(REPO)
