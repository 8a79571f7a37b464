"""The runtime's layers: no import circle among its modules, the shared kernel imports no game, and nothing in
the runtime imports the compiler; no class of Oath's kernel is over 300 lines."""

from __future__ import annotations

import ast
import subprocess
import sys

from conftest import REPO, SHARED

RUNTIME = REPO / "runtime"


def imported(path: str) -> set[str]:
    """Every module a runtime file imports (at any depth of its code), as written."""
    tree = ast.parse((RUNTIME / path).read_text())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            found.add("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_no_import_circle_in_the_runtime() -> None:
    done = subprocess.run([sys.executable, str(SHARED / "tools/import_circles.py"), "runtime"], cwd=REPO,
                          capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.strip().endswith("import circles: 0"), done.stdout


def test_the_kernel_imports_no_game_and_the_runtime_no_compiler() -> None:
    games = {path.name for path in RUNTIME.iterdir() if path.is_dir() and path.name != "kernel" and path.name[0] != "_"}
    for path in sorted(RUNTIME.rglob("*.py")):
        rel = path.relative_to(RUNTIME).as_posix()
        if rel.startswith("_compiled/"):
            continue
        modules = imported(rel)
        assert not any("compiler" in module.split(".") for module in modules), f"{rel} imports the compiler"
        if rel.startswith("kernel/"):
            assert not any(part in games for module in modules for part in module.strip(".").split(".")), \
                f"{rel} imports a game's code"


LONGEST_CLASS = 300
"""Lines a class of Oath's kernel may take (the developers' guide: no class longer than about 300 lines)."""


def test_no_class_of_oaths_kernel_is_longer_than_the_limit() -> None:
    long = []
    for path in sorted((RUNTIME / "oath").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > LONGEST_CLASS:
                long.append(f"{path.name}: {node.name} ({node.end_lineno - node.lineno + 1} lines)")
    assert not long, long
