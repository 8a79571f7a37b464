"""Stage 3b, game checks: rules a game's editors get wrong that no schema or reference check catches
(an asymmetric path, a bank order with a gap). One module per ruleset, each a tuple of check functions."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from ..diagnostics import Diagnostic
from ..validate import ValidatedContent
from .context import CheckContext

Check = Callable[[CheckContext], None]

CHECKED_RULESETS = ("margraves", "oath", "root", "vindication")
"""Rulesets with a module of checks here, named after the ruleset and holding `CHECKS`. A module is imported only
when a game of its ruleset is checked, since it imports that ruleset's models."""


def checks_of(ruleset: str) -> tuple[Check, ...]:
    if ruleset not in CHECKED_RULESETS:
        return ()
    checks: tuple[Check, ...] = importlib.import_module(f"{__name__}.{ruleset}").CHECKS
    return checks


def check_rules(content: ValidatedContent) -> list[Diagnostic]:
    if content.game is None:
        return []
    ctx = CheckContext(content)
    for check in checks_of(content.game.ruleset):
        check(ctx)
    return ctx.diagnostics
