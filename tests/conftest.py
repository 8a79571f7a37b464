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


def diagnostics_of(root: Path, game: str = "mini") -> list[Diagnostic]:
    return sort_diagnostics(check_game(Workspace.open(root), game)[1])


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), catch_exceptions=False)
