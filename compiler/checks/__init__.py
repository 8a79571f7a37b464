"""Stage 3b, game checks: rules a game's editors get wrong that no schema or reference check catches
(an asymmetric path, a bank order with a gap). One module per ruleset, each a tuple of check functions."""

from __future__ import annotations

from collections.abc import Callable

from ..diagnostics import Diagnostic
from ..validate import ValidatedContent
from . import margraves, oath
from . import vindication
from . import root
from .context import CheckContext

Check = Callable[[CheckContext], None]

CHECKS: dict[str, tuple[Check, ...]] = {
    "margraves": margraves.CHECKS,
    "oath": oath.CHECKS,
    "root": root.CHECKS,
    "vindication": vindication.CHECKS,
}


def check_rules(content: ValidatedContent) -> list[Diagnostic]:
    if content.game is None:
        return []
    ctx = CheckContext(content)
    for check in CHECKS.get(content.game.ruleset, ()):
        check(ctx)
    return ctx.diagnostics
