"""The Alliance on the map (chapter 8): Revolt and Spread Sympathy in Birdsong, and Organize among the military
operations of Evening, which found bases and place sympathy, paid with supporters (the stack is `Alliance`'s)."""

from __future__ import annotations

from typing import Any

import cython  # type: ignore[import-untyped]

from .alliance import Alliance
from .core import RootCore

CLEARING = cython.declare(cython.int, 10)


@cython.cclass
class Sympathy:
    """Revolt, Spread Sympathy and Organize; each takes the engine and the Alliance's board (`a`)."""

    def __init__(self, tables: Any) -> None:
        arrays = tables.arrays
        numbers = tables.numbers
        self.sympathy_count = arrays["alliance_sympathy_count"][0]
        self.sympathy_cost = arrays["alliance_sympathy_cost"]
        self.sympathy_vp = arrays["alliance_sympathy_vp"]
        self.sympathy_limit = numbers["sympathy_per_clearing"]
        self.revolt_supporters = numbers["alliance_revolt_supporters"]
        self.revolt_officers = numbers["alliance_revolt_officers"]
        self.martial_law_warriors = numbers["martial_law_warriors"]
        self.martial_law_supporters = numbers["martial_law_supporters"]
        self.organize_warriors = numbers["alliance_organize_warriors"]
        self.p_remove_enemy_pieces = numbers["procedure_remove_enemy_pieces"]

    # --- Birdsong: Revolt (8.4.1) -------------------------------------------------------------------------------

    def revolt_clearing(self, e: RootCore, a: Alliance, seat: cython.int, clearing: cython.int) -> cython.bint:
        """Sympathetic, of an unbuilt base's suit, with the supporters to pay and a slot once the enemy buildings
        are gone (only ruins stay)."""
        suit: cython.int = e.suit_of(clearing)
        return (a.sympathy(e, clearing) > 0 and not a.base_built(e, suit)
                and e.slots[clearing] > e.cells[e.o_ruins + clearing]
                and a.matching_supporters(e, seat, suit) >= self.revolt_supporters)

    def can_revolt(self, e: RootCore, a: Alliance, seat: cython.int) -> cython.bint:
        c: cython.int
        for c in range(e.clearings):
            if self.revolt_clearing(e, a, seat, c):
                return True
        return False

    def revolt(self, e: RootCore, a: Alliance) -> None:
        """Revolts, one after another until the player stops (args: seat; locals 3 the clearing, 4 supporters still
        to spend): the clearing, its supporters, every enemy piece removed, then the base, warriors and officer."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        c: cython.int
        if stage == 1:
            if e.answer() == e.places:
                e.done()
                return
            e.set_arg(3, e.answer())
            e.set_arg(4, self.revolt_supporters)
        elif stage == 2:
            a.discard_supporter(e, seat, e.answer())
            e.set_arg(4, e.arg(4) - 1)
        elif stage == 3:
            self.found_base(e, a, seat, e.arg(3))
        if stage == 1 or stage == 2:
            if e.arg(4) > 0:
                a.ask_supporter(e, seat, e.suit_of(e.arg(3)), 2)
            else:
                e.goto(3)
                e.push(self.p_remove_enemy_pieces, seat, e.arg(3), 0)
            return
        e.clear_options()
        for c in range(e.clearings):
            if self.revolt_clearing(e, a, seat, c):
                e.option(c)
        if e.options() == 0:
            e.done()
            return
        e.option(e.places)
        e.goto(1)
        e.ask(CLEARING, seat)

    def found_base(self, e: RootCore, a: Alliance, seat: cython.int, clearing: cython.int) -> None:
        """The base, as many warriors as sympathetic clearings of its suit, an officer (8.4.1.III)."""
        c: cython.int
        n: cython.int = 0
        for c in range(e.clearings):
            if e.suit_of(c) == e.suit_of(clearing) and a.sympathy(e, c) > 0:
                n += 1
        e.cells[e.piece_field[a.base_row] + clearing] += 1
        e.place_warriors(clearing, seat, n)
        a.add_officers(e, seat, self.revolt_officers)

    # --- Birdsong: Spread Sympathy (8.4.2); Evening: Organize (8.6.1.IV) -----------------------------------------

    def sympathy_cost_in(self, e: RootCore, a: Alliance, seat: cython.int, clearing: cython.int) -> cython.int:
        """The cost printed over the next token, plus Martial Law: another player's warriors there (8.4.2.IIa)."""
        q: cython.int
        cost: cython.int = self.sympathy_cost[a.sympathy_placed(e)]
        for q in range(e.players()):
            if q != seat and e.warriors(clearing, q) >= self.martial_law_warriors:
                return cost + self.martial_law_supporters
        return cost

    def can_hold_sympathy(self, e: RootCore, a: Alliance, seat: cython.int, clearing: cython.int) -> cython.bint:
        """Unsympathetic (8.4.2.I, 8.6.1.IV) with room for a token (8.2.5.I), a token left on the track, and a
        clearing the Alliance may place in."""
        return (a.sympathy(e, clearing) == 0 and a.sympathy(e, clearing) < self.sympathy_limit
                and a.sympathy_placed(e) < self.sympathy_count and e.may_place(seat, clearing))

    def spread_clearing(self, e: RootCore, a: Alliance, seat: cython.int, clearing: cython.int) -> cython.bint:
        """Next to a sympathetic clearing (any, with none on the map), and the supporters to pay."""
        c: cython.int
        near: cython.bint = a.sympathy_placed(e) == 0
        if not self.can_hold_sympathy(e, a, seat, clearing):
            return False
        for c in range(e.clearings):
            if a.sympathy(e, c) > 0 and e.adjacent(c, clearing):
                near = True
        return near and a.matching_supporters(e, seat, e.suit_of(clearing)) >= \
            self.sympathy_cost_in(e, a, seat, clearing)

    def can_spread(self, e: RootCore, a: Alliance, seat: cython.int) -> cython.bint:
        c: cython.int
        for c in range(e.clearings):
            if self.spread_clearing(e, a, seat, c):
                return True
        return False

    def spread_sympathy(self, e: RootCore, a: Alliance) -> None:
        """Spreads sympathy until the player stops (args: seat; locals 3 the clearing, 4 supporters still to spend):
        the clearing, its supporters, then the token and the points of the space it uncovers."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        c: cython.int
        if stage == 1:
            if e.answer() == e.places:
                e.done()
                return
            e.set_arg(3, e.answer())
            e.set_arg(4, self.sympathy_cost_in(e, a, seat, e.answer()))
        elif stage == 2:
            a.discard_supporter(e, seat, e.answer())
            e.set_arg(4, e.arg(4) - 1)
        if stage == 1 or stage == 2:
            if e.arg(4) > 0:
                a.ask_supporter(e, seat, e.suit_of(e.arg(3)), 2)
                return
            self.place_sympathy(e, a, seat, e.arg(3))
            if e.over():
                return
        e.clear_options()
        for c in range(e.clearings):
            if self.spread_clearing(e, a, seat, c):
                e.option(c)
        if e.options() == 0:
            e.done()
            return
        e.option(e.places)
        e.goto(1)
        e.ask(CLEARING, seat)

    def place_sympathy(self, e: RootCore, a: Alliance, seat: cython.int, clearing: cython.int) -> None:
        """A token from the track, scoring the space it uncovers (8.4.2.III)."""
        uncovered: cython.int = a.sympathy_placed(e)
        e.cells[e.piece_field[a.sympathy_row] + clearing] += 1
        e.score(seat, self.sympathy_vp[uncovered])

    def organize_clearing(self, e: RootCore, a: Alliance, seat: cython.int, clearing: cython.int) -> cython.bint:
        return e.warriors(clearing, seat) >= self.organize_warriors and self.can_hold_sympathy(e, a, seat, clearing)

    def can_organize(self, e: RootCore, a: Alliance, seat: cython.int) -> cython.bint:
        c: cython.int
        for c in range(e.clearings):
            if self.organize_clearing(e, a, seat, c):
                return True
        return False

    def organize(self, e: RootCore, a: Alliance) -> None:
        """Organize (args: seat): a warrior of an unsympathetic clearing back to the supply, sympathy in its place."""
        seat: cython.int = e.arg(0)
        c: cython.int
        if e.stage() == 0:
            e.clear_options()
            for c in range(e.clearings):
                if self.organize_clearing(e, a, seat, c):
                    e.option(c)
            e.goto(1)
            e.ask(CLEARING, seat)
            return
        for c in range(self.organize_warriors):
            e.remove_warrior(seat, e.answer())
        e.done()
        self.place_sympathy(e, a, seat, e.answer())
