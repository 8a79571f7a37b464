"""The compiler's front end: load and validate, link, the game's own checks, type-check: everything
`lawforge check` reports."""

from __future__ import annotations

from .checks import check_rules
from .diagnostics import Diagnostic
from .link import LinkedGame, link_game
from .typecheck import typecheck_game
from .validate import validate_game
from .workspace import Workspace


def check_game(ws: Workspace, name: str) -> tuple[LinkedGame | None, list[Diagnostic]]:
    content, diagnostics = validate_game(ws, name)
    linked, more = link_game(ws, content)
    diagnostics += more
    if linked is None:
        return None, diagnostics
    diagnostics += check_rules(content)
    typed, more = typecheck_game(content, linked)
    return typed, diagnostics + more
