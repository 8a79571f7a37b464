from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from lawforge.compiler.cli import main
from lawforge.compiler.diagnostics import Diagnostic, sort_diagnostics
from lawforge.compiler.frontend import check_game
from lawforge.compiler.workspace import Workspace

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "fixtures"


@pytest.fixture
def mini(tmp_path: Path) -> Path:
    """A small valid workspace (game `mini`, Oath ruleset) that a test may break."""
    root = tmp_path / "ws"
    shutil.copytree(FIXTURES / "mini", root)
    return root


SHARED = REPO.parent / "shared"


@pytest.fixture
def oath_ws(tmp_path: Path) -> Path:
    """A copy of this repository's workspace (content, schemas, generated), the rulebooks beside it."""
    root = tmp_path / "main"
    root.mkdir()
    for part in ("content", "schemas", "generated"):
        shutil.copytree(REPO / part, root / part, ignore=shutil.ignore_patterns("*.so", "*.c", "__pycache__"))
    (tmp_path / "shared").symlink_to(SHARED)
    return root


def diagnostics_of(root: Path, game: str = "mini") -> list[Diagnostic]:
    return sort_diagnostics(check_game(Workspace.open(root), game)[1])


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), catch_exceptions=False)
