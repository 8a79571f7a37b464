"""The natives that only answer a question of an effect (how fast a player is, how many regions they hold, the
end-of-game formulas' counts): what each returns, read from the board, the island and the scoring."""

from __future__ import annotations

import cython  # type: ignore[import-untyped]

from .board import VindicationBoard
from .ending import Ending
from .island import Island

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


@cython.cclass
class Queries:
    """The answering natives of the engine's run_native."""

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
