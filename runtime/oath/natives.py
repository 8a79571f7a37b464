"""The Oath kernel's natives (content/oath/natives/): what card powers call that the shared verbs cannot say.

Each is bound to a compiled game, since it works on the VM's state through field names. Only the
natives listed here exist yet; a power that calls another one is not offered (game.py).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable

from ..content import CompiledGame
from ..state import FlatState
from ..vm_py import Native
from .setup import Cards


def _take_relic(game: CompiledGame) -> Native:
    def take_relic(cells: array[int], args: list[int]) -> int:
        """The player takes the relic faceup into their personal bank (glossary Take).

        Not yet: a relic taken from the Imperial Reliquary should uncover its action modifier for the
        Chancellor (2.3); the Reliquary's modifiers are not played yet."""
        player, relic = args
        cards = Cards(FlatState(game, cells))
        card = int(cards.base["relic"]) + relic
        cards.put(card, cards.zone("relics_held", player), faceup=True)
        cards.state.set("took_this_turn", card, 1)
        return 0
    return take_relic


FACTORIES: dict[str, Callable[[CompiledGame], Native]] = {
    "take_relic": _take_relic,
}


def bound(game: CompiledGame) -> dict[str, Native]:
    return {name: make(game) for name, make in FACTORIES.items()}
