# cython: annotation_typing=False
"""How the Oath kernel numbers its moves: an action is kind * STRIDE + an argument (a card, site or seat). Compiled
with the rules, which make a move's number thousands of times a game; the vocabulary it numbers is vocabulary.py's."""

from __future__ import annotations

from types import SimpleNamespace
from typing import TYPE_CHECKING

from .vocabulary import NONE, STRIDE, IllegalAction, Kind, Phase

__all__ = ["KIND", "KINDS", "NONE", "PHASE", "STRIDE", "IllegalAction", "Kind", "Phase", "action", "kind_of"]


WIDTH = STRIDE
"""STRIDE, declared a C int where this module is compiled (actions.pxd): a move's number is made and read in C."""


def action(kind: Kind, argument: int = 0) -> int:
    return kind * WIDTH + argument


if TYPE_CHECKING:
    KIND, PHASE = Kind, Phase
else:
    KIND = SimpleNamespace(**Kind.__members__)
    PHASE = SimpleNamespace(**Phase.__members__)
"""The members of Kind and Phase by name, as the kernel's modules read them: on Python 3.11 reading `Kind.X` goes
through the enum metaclass's `__getattr__` hook, four times the cost of reading an attribute. The same members: mypy
checks them as the enums."""

KINDS: dict[int, Kind] = {int(kind): kind for kind in Kind}
"""Kind by number: a dict lookup, where `Kind(number)` is an enum call (the kernel's hot paths)."""


def kind_of(chosen: int) -> Kind:
    """The kind of a move the kernel made or checked (an unknown number: KeyError)."""
    return KINDS[chosen // WIDTH]
