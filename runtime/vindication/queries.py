"""The natives that only answer a question of an effect (how fast a player is, how many regions they hold, the
end-of-game formulas' counts): what each returns, read from the board, the island and the scoring; and the two
that generate a card's or a character's cubes at once (L480, L495), asking nothing."""

from __future__ import annotations

import cython  # type: ignore[import-untyped]

from .board import VindicationBoard
from .ending import Ending
from .island import Island

N_GENERATE_CARD = cython.declare(cython.int, 207)
N_CHARACTER = cython.declare(cython.int, 208)
"""The generating natives (engine.py NATIVES)."""
N_ADJACENT_TO = cython.declare(cython.int, 209)
N_CARD_HONOUR = cython.declare(cython.int, 210)
N_SPEED = cython.declare(cython.int, 211)
N_REGIONS = cython.declare(cython.int, 212)
N_COMPANIONS_OF = cython.declare(cython.int, 213)
N_HAS_MOST = cython.declare(cython.int, 214)
N_WINS_MASTERY = cython.declare(cython.int, 215)
N_GAINED = cython.declare(cython.int, 216)
N_BOARD_COLOURS = cython.declare(cython.int, 217)
N_CARD_COLOURS = cython.declare(cython.int, 218)
N_TOKENS_LEFT = cython.declare(cython.int, 219)
"""The answering natives (engine.py NATIVES)."""
COMMONS = cython.declare(cython.int, 3)
"""Inspiration, knowledge and strength: the attributes a card or a character generates."""


@cython.cclass
class Queries:
    """The natives of the engine's run_native that run at once."""

    def at_once(self, e: VindicationBoard, island: Island, ending: Ending, code: cython.int) -> None:
        """A native that asks nothing: a card's or a character's generation, else an answer (the effect's result)."""
        i: cython.int
        if code == N_GENERATE_CARD:
            for i in range(COMMONS):
                e.generate(e.arg(0), i, e.card_generation[e.arg(1) * COMMONS + i])
        elif code == N_CHARACTER:
            for i in range(COMMONS):
                e.generate(e.arg(0), i, e.character_generation[e.cells[e.o_side + e.arg(0)] * COMMONS + i])
        else:
            e.set_result(self.answer_of(e, island, ending, code))

    def answer_of(self, e: VindicationBoard, island: Island, ending: Ending, code: cython.int) -> cython.int:
        """What a native that only answers returns (args 0-2 are its arguments)."""
        a: cython.int = e.arg(0)
        b: cython.int = e.arg(1)
        i: cython.int
        if code == N_ADJACENT_TO:
            for i in range(e.nslots):
                if e.slot_region(i) == b and e.adjacent_slot(a, i):
                    return 1
            return 0
        if code == N_CARD_HONOUR:
            return e.card_honour[a]
        if code == N_SPEED:
            return island.speed(e, a)
        if code == N_REGIONS:
            return e.regions_of(a)
        if code == N_COMPANIONS_OF:
            return ending.companions_of_colour(e, a, b)
        if code == N_HAS_MOST:
            return ending.has_most(e, a, b)
        if code == N_WINS_MASTERY:
            return ending.wins_mastery(e, a, b)
        if code == N_GAINED:
            return e.cells[e.k_gained + a]
        if code == N_BOARD_COLOURS:
            return ending.board_colours(e, a)
        if code == N_CARD_COLOURS:
            return ending.card_colours(e, a)
        if code == N_TOKENS_LEFT:
            return ending.tokens_left(e)
        return 0
