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


COMPILER_TOOLS = ("pydantic", "pydantic_core", "ruamel", "jinja2", "weasyprint", "Cython", "setuptools", "click",
                  "rich", "babel", "pyuca", "pypdf", "pypdfium2")
"""What the compiler needs and the runtime package (lawforge-runtime) installs without."""


def test_the_runtime_imports_no_compiler_tool() -> None:
    """`cython`, Cython's pure-Python mode, is allowed only in the typed modules (a .pxd beside them): compiled, the
    import is compiled away; their Python twin needs Cython installed (docs/releasing.md)."""
    for path in sorted(RUNTIME.rglob("*.py")):
        rel = path.relative_to(RUNTIME).as_posix()
        tops = {module.split(".")[0] for module in imported(rel) if not module.startswith(".")}
        assert not tops & set(COMPILER_TOOLS), f"{rel} imports {sorted(tops & set(COMPILER_TOOLS))}"
        assert "cython" not in tops or path.with_suffix(".pxd").exists(), f"{rel} imports cython but is not typed"


def test_loading_every_game_and_playing_oath_and_root_compiled_loads_no_compiler_tool() -> None:
    """The modules that stay Python read the shared engine's layout from its compiled form (kernel/layout.py)."""
    script = (
        "import random, sys\n"
        "from lawforge.runtime import load\n"
        "from lawforge.runtime.games import new_state\n"
        "from lawforge.runtime.kernels import oath_state\n"
        "games = {name: load(name) for name in ('oath', 'root', 'margraves', 'vindication')}\n"
        "game = oath_state('compiled')(games['oath'], players=3, seed=1)\n"
        "game.playout(1, 200)\n"
        "rng = random.Random(1)\n"
        "root = new_state('root', 4, 1)\n"
        "for _ in range(200):\n"
        "    root.apply(rng.choice(root.legal_actions()))\n"
        "root.describe(root.history[-1], 'uk')\n"
        f"tools = {COMPILER_TOOLS + ('cython',)!r}\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in tools))\n")
    done = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.strip() == "[]", done.stdout + done.stderr


LONGEST_CLASS = 300
"""Lines a class of Oath's kernel may take (the developers' guide: no class longer than about 300 lines)."""


def test_no_class_of_oaths_kernel_is_longer_than_the_limit() -> None:
    long = []
    for path in sorted((RUNTIME / "oath").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > LONGEST_CLASS:
                long.append(f"{path.name}: {node.name} ({node.end_lineno - node.lineno + 1} lines)")
    assert not long, long
