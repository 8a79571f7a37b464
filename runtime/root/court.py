"""Who serves the Duchy: swaying a minister with revealed cards and a crown of its rank (12.5.3), and losing the
highest one when a Duchy building is removed, the Price of Failure (12.2.3). What the swayed ministers do is
parliament.py's."""

from __future__ import annotations

from array import array
from typing import Any

import cython  # type: ignore[import-untyped]

from .core import RootCore
from .duchy import Duchy

CARD = cython.declare(cython.int, 12)
MINISTER = cython.declare(cython.int, 30)
CHOSEN = cython.declare(cython.int, 5)
"""The Sway's first local counting the cards revealed of each suit (one local a suit)."""


@cython.cclass
class Court:
    """The ministers' ranks and the crown track, read once from the tables, and the procedures that sway and lose
    ministers; each takes the engine."""

    def __init__(self, tables: Any, duchy: Duchy) -> None:
        arrays = tables.arrays
        self.duchy = duchy
        self.nministers = tables.dims["ministers"]
        self.rank = arrays["minister_rank"]
        self.reveal = arrays["minister_reveal"]
        self.crown_vp = arrays["crown_vp"]
        self.crown_len = tables.dims["crown_track"]
        self.failure_discards = tables.numbers["duchy_failure_discards"]
        suits = tables.dims["suits"]
        if CHOSEN + suits > 10:
            raise ValueError(f"the Sway keeps a count a suit in its locals: {suits} suits do not fit")
        self.chosen = array("i", [0] * suits)

    def swayed(self, e: RootCore, minister: cython.int) -> cython.bint:
        return e.cells[self.duchy.o_swayed + minister] != 0

    # --- Sway (12.5.3) ------------------------------------------------------------------------------------------------

    def holding(self, e: RootCore, seat: cython.int, suit: cython.int) -> cython.int:
        """Clearings of a suit where the seat has a piece."""
        c: cython.int
        n: cython.int = 0
        for c in range(e.clearings):
            if e.suit_of(c) == suit and e.present(seat, c):
                n += 1
        return n

    def completable(self, e: RootCore, seat: cython.int, need: cython.int, extra: cython.int) -> cython.bint:
        """The cards revealed so far (`chosen`, by suit) and `extra` (-1: none) each have a clearing of their suit
        with a Duchy piece, one clearing a card, a bird any (12.5.3.II), and `need` more cards of the hand can
        follow them."""
        bird: cython.int = e.nsuits - 1
        s: cython.int
        k: cython.int
        room: cython.int = 0
        picks: cython.int = 0
        mine: cython.int
        held: cython.int
        free: cython.int
        for s in range(e.nsuits):
            mine = 1 if extra >= 0 and e.card_suit[extra] == s else 0
            held = -mine
            for k in range(e.ncards):
                if e.card_suit[k] == s:
                    held += e.in_hand(seat, k)
            if s == bird:
                room -= self.chosen[s] + mine
                picks += held
            else:
                free = self.holding(e, seat, s) - self.chosen[s] - mine
                if free < 0:
                    return False
                room += free
                picks += min(held, free)
        return room >= 0 and min(picks, room) >= need

    def can_sway_minister(self, e: RootCore, seat: cython.int, minister: cython.int) -> cython.bint:
        """Unswayed, a crown of its rank on the board, and its cards can be revealed (`chosen` as it stands)."""
        return (not self.swayed(e, minister) and e.cells[self.duchy.o_crowns[self.rank[minister]]] > 0
                and self.completable(e, seat, self.reveal[minister], -1))

    def can_sway(self, e: RootCore, seat: cython.int) -> cython.bint:
        m: cython.int
        for m in range(e.nsuits):
            self.chosen[m] = 0
        for m in range(self.nministers):
            if self.can_sway_minister(e, seat, m):
                return True
        return False

    def sway(self, e: RootCore) -> None:
        """A minister, then its cards revealed one by one, each keeping the rest possible; then its crown, the
        leftmost of its rank, and the points of the space it uncovers (args: seat; locals 3 the minister, 4 the
        cards still to reveal, 5 on: the cards revealed of each suit)."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        k: cython.int
        for k in range(e.nsuits):
            self.chosen[k] = e.arg(CHOSEN + k)
        e.clear_options()
        if stage == 0:
            for k in range(self.nministers):
                if self.can_sway_minister(e, seat, k):
                    e.option(k)
            e.goto(1)
            e.ask(MINISTER, seat)
            return
        if stage == 1:
            e.set_arg(3, e.answer())
            e.set_arg(4, self.reveal[e.answer()])
        else:
            k = e.answer()
            self.duchy.reveal(e, seat, k)
            e.set_arg(CHOSEN + e.card_suit[k], e.arg(CHOSEN + e.card_suit[k]) + 1)
            self.chosen[e.card_suit[k]] += 1
            e.set_arg(4, e.arg(4) - 1)
        if e.arg(4) > 0:
            for k in range(e.ncards):
                if e.in_hand(seat, k) > 0 and self.completable(e, seat, e.arg(4) - 1, k):
                    e.option(k)
            e.goto(2)
            e.ask(CARD, seat)
            return
        self.crown(e, seat, e.arg(3))

    def crown(self, e: RootCore, seat: cython.int, minister: cython.int) -> None:
        """The minister swayed with the leftmost crown of its rank; the space uncovered scores (12.5.3.III)."""
        rank: cython.int = self.rank[minister]
        field: cython.int = self.duchy.o_crowns[rank]
        points: cython.int = self.crown_vp[rank * self.crown_len + self.duchy.crown_count[rank] - e.cells[field]]
        e.cells[field] -= 1
        e.cells[self.duchy.o_swayed + minister] = 1
        e.done()
        e.score(seat, points)

    # --- the Price of Failure (12.2.3) --------------------------------------------------------------------------------

    def price_of_failure(self, e: RootCore) -> None:
        """Duchy buildings were removed: the swayed minister of the highest rank (the Duchy's choice among ties)
        goes back to the unswayed pile, its crown out of the game, and a card of the hand is discarded at random,
        minister or not (2.5: as much as can be done) (args: seat)."""
        seat: cython.int = e.arg(0)
        m: cython.int
        top: cython.int = -1
        if e.stage() == 1:
            e.cells[self.duchy.o_swayed + e.answer()] = 0
        else:
            for m in range(self.nministers):
                if self.swayed(e, m) and self.rank[m] > top:
                    top = self.rank[m]
            e.clear_options()
            for m in range(self.nministers):
                if self.swayed(e, m) and self.rank[m] == top:
                    e.option(m)
            if e.options() > 0:
                e.goto(1)
                e.ask(MINISTER, seat)
                return
        for m in range(self.failure_discards):
            if e.hand_size(seat) > 0:
                e.discard(seat, self.random_card(e, seat))
        e.done()

    def random_card(self, e: RootCore, seat: cython.int) -> cython.int:
        """A card of the seat's hand at random, each copy alike, from the state's own dice."""
        k: cython.int
        pick: cython.int = e.roll(e.hand_size(seat))
        for k in range(e.ncards):
            pick -= e.in_hand(seat, k)
            if pick < 0:
                return k
        return -1
