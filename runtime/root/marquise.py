"""The Marquise de Cat (chapter 6): setup, Build with its wood, Field Hospitals and the recruiters' draw bonus.
Her Birdsong wood, Recruit, March, Overwork and Evening are effects in content/root/factions/marquise.yaml."""

from __future__ import annotations

import cython  # type: ignore[import-untyped]

from .core import RootCore

CLEARING = cython.declare(cython.int, 10)
CARD = cython.declare(cython.int, 12)
PIECE = cython.declare(cython.int, 14)
BUILDINGS = cython.declare(cython.int, 3)
"""Sawmill, workshop, recruiter: her three tracks (core's `m_rows`: their rows of the piece tables)."""


@cython.cclass
class Marquise:
    """The Marquise's procedures and rules; each takes the engine it runs in."""

    def track_field(self, e: RootCore, building: cython.int) -> cython.int:
        """The state offset of a building type's track (0 sawmill, 1 workshop, 2 recruiter)."""
        return e.piece_return[e.m_rows[building]]

    def map_field(self, e: RootCore, building: cython.int) -> cython.int:
        return e.piece_field[e.m_rows[building]]

    def placed(self, e: RootCore, seat: cython.int, building: cython.int) -> cython.int:
        """Buildings of a type on the map: the spaces uncovered on its track, the first (printed empty) included."""
        return e.m_total[building] - e.cells[self.track_field(e, building) + seat]


    # --- setup (6.3) -------------------------------------------------------------------------------------------

    def setup(self, e: RootCore) -> None:
        """The keep in a corner of her choice, a warrior in every clearing but the opposite corner, then a sawmill,
        a workshop and a recruiter in or next to the keep's clearing (args: seat; local 3: the keep's clearing)."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        c: cython.int
        b: cython.int
        if stage == 0:
            e.cells[e.o_wood_supply + seat] = e.m_wood
            for b in range(BUILDINGS):
                e.cells[self.track_field(e, b) + seat] = e.m_total[b]
            e.clear_options()
            for c in range(e.clearings):
                if e.corner[c]:
                    e.option(c)
            e.goto(1)
            e.ask(CLEARING, seat)
            return
        if stage == 1:
            keep: cython.int = e.answer()
            e.set_arg(3, keep)
            e.cells[e.o_keep + keep] = 1
            for c in range(e.clearings):
                if c != e.opposite[keep]:
                    e.place_warriors(c, seat, e.m_garrison)
        else:
            self.build_here(e, seat, stage - 2, e.answer())
        if stage == 1 + BUILDINGS:
            e.done()
            return
        e.clear_options()
        for c in range(e.clearings):
            if (c == e.arg(3) or e.adjacent(c, e.arg(3))) and e.free_slots(c) > 0:
                e.option(c)
        if e.options() == 0:
            e.done()
            return
        e.goto(stage + 1)
        e.ask(CLEARING, seat)


    def build_here(self, e: RootCore, seat: cython.int, building: cython.int, clearing: cython.int) -> None:
        e.cells[self.track_field(e, building) + seat] -= 1
        e.cells[self.map_field(e, building) + clearing] += 1


    # --- build (6.5.4) ------------------------------------------------------------------------------------------

    def wood_reachable(self, e: RootCore, seat: cython.int, clearing: cython.int) -> cython.int:
        """Wood in the ruled clearings connected to this one through ruled clearings (6.5.4.II)."""
        c: cython.int
        wood: cython.int = 0
        for c in range(self.ruled_region(e, seat, clearing)):
            wood += e.cells[e.o_wood + e.todo[c]]
        return wood


    def ruled_region(self, e: RootCore, seat: cython.int, start: cython.int) -> cython.int:
        """The start and the clearings reached from it through clearings the seat rules (by paths, and rivers
        with Riverboats), into `e.todo`; returns how many."""
        n: cython.int = 1
        top: cython.int = 0
        c: cython.int
        d: cython.int
        for c in range(e.clearings):
            e.seen[c] = 0
        e.seen[start] = 1
        e.todo[0] = start
        while top < n:
            c = e.todo[top]
            top += 1
            for d in range(e.clearings):
                if not e.seen[d] and e.linked(seat, c, d) and e.ruler(d) == seat:
                    e.seen[d] = 1
                    e.todo[n] = d
                    n += 1
        return n


    def build_cost(self, e: RootCore, seat: cython.int, building: cython.int) -> cython.int:
        return e.m_cost[building * e.track_len + self.placed(e, seat, building)]


    def can_build_at(self, e: RootCore, seat: cython.int, building: cython.int, clearing: cython.int) -> cython.bint:
        return (e.ruler(clearing) == seat and e.free_slots(clearing) > 0 and e.may_place(seat, clearing)
                and self.wood_reachable(e, seat, clearing) >= self.build_cost(e, seat, building))


    def can_build_type(self, e: RootCore, seat: cython.int, building: cython.int) -> cython.bint:
        c: cython.int
        if e.cells[self.track_field(e, building) + seat] == 0:
            return False
        for c in range(e.clearings):
            if self.can_build_at(e, seat, building, c):
                return True
        return False


    def can_build(self, e: RootCore, seat: cython.int) -> cython.bint:
        b: cython.int
        for b in range(BUILDINGS):
            if self.can_build_type(e, seat, b):
                return True
        return False


    def build(self, e: RootCore) -> None:
        """Build (args: seat; locals 3 the building type, 4 the clearing, 5 wood still to pay): the type, then a ruled
        clearing with a free slot, then the wood, clearing by clearing where there is a choice; then score the
        uncovered space."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        b: cython.int
        c: cython.int
        if stage == 0:
            e.clear_options()
            for b in range(BUILDINGS):
                if self.can_build_type(e, seat, b):
                    e.option(e.m_rows[b])
            e.goto(1)
            e.ask(PIECE, seat)
            return
        if stage == 1:
            for b in range(BUILDINGS):
                if e.m_rows[b] == e.answer():
                    e.set_arg(3, b)
            e.clear_options()
            for c in range(e.clearings):
                if self.can_build_at(e, seat, e.arg(3), c):
                    e.option(c)
            e.goto(2)
            e.ask(CLEARING, seat)
            return
        if stage == 2:
            e.set_arg(4, e.answer())
            e.set_arg(5, self.build_cost(e, seat, e.arg(3)))
        else:
            e.cells[e.o_wood + e.answer()] -= 1
            e.cells[e.o_wood_supply + seat] += 1
            e.set_arg(5, e.arg(5) - 1)
        if e.arg(5) > 0:
            self.pay_wood(e, seat)
            return
        b = e.arg(3)
        points: cython.int = e.m_vp[b * e.track_len + self.placed(e, seat, b)]
        self.build_here(e, seat, b, e.arg(4))
        e.done()
        e.score(seat, points)


    def pay_wood(self, e: RootCore, seat: cython.int) -> None:
        """Asks which clearing the next wood comes from, among those reachable that hold some."""
        c: cython.int
        e.clear_options()
        for c in range(e.clearings):
            if e.cells[e.o_wood + c] > 0 and self.wood_connected(e, seat, e.arg(4), c):
                e.option(c)
        e.goto(3)
        e.ask(CLEARING, seat)


    def wood_connected(self, e: RootCore, seat: cython.int, start: cython.int, target: cython.int) -> cython.bint:
        self.ruled_region(e, seat, start)
        return e.seen[target] != 0


    # --- Field Hospitals (6.2.3), draw bonus (6.6) ------------------------------------------------------------

    def keep_clearing(self, e: RootCore) -> cython.int:
        c: cython.int
        for c in range(e.clearings):
            if e.cells[e.o_keep + c]:
                return c
        return -1


    def can_heal(self, e: RootCore, seat: cython.int, clearing: cython.int) -> cython.bint:
        k: cython.int
        if self.keep_clearing(e) < 0 or not e.may_place(seat, self.keep_clearing(e)):
            return False
        for k in range(e.ncards):
            if e.in_hand(seat, k) > 0 and e.matches(k, e.suit_of(clearing)):
                return True
        return False


    def field_hospitals(self, e: RootCore) -> None:
        """She may spend a card of the clearing's suit to place the warriors removed there in the keep's clearing
        (args: seat, clearing, warriors)."""
        seat: cython.int = e.arg(0)
        k: cython.int
        if e.stage() == 1:
            if e.answer() != e.ncards:
                e.discard(seat, e.answer())
                e.place_warriors(self.keep_clearing(e), seat, e.arg(2))
            e.done()
            return
        e.clear_options()
        for k in range(e.ncards):
            if e.in_hand(seat, k) > 0 and e.matches(k, e.suit_of(e.arg(1))):
                e.option(k)
        e.option(e.ncards)
        e.goto(1)
        e.ask(CARD, seat)


    def draw_bonus(self, e: RootCore, seat: cython.int) -> cython.int:
        """Draw bonuses uncovered on her tracks (6.6)."""
        b: cython.int
        i: cython.int
        n: cython.int = 0
        for b in range(BUILDINGS):
            for i in range(self.placed(e, seat, b)):
                n += e.m_draw[b * e.track_len + i]
        return n
