"""The Lizard Cult's conspiracies (10.4.3): acolytes spent back to the supply for a Crusade, a Convert or a Sanctify
in clearings of the Outcast's suit, one less while the Outcast is Hated. A Convert or a Sanctify is offered only when
it can be made in full; a Crusade when its battle or its move can."""

from __future__ import annotations

from typing import Any

import cython  # type: ignore[import-untyped]

from .core import RootCore
from .lizard_cult import LizardCult

CLEARING = cython.declare(cython.int, 10)
SEAT = cython.declare(cython.int, 11)
PIECE = cython.declare(cython.int, 14)
YES_NO = cython.declare(cython.int, 15)
CRUSADE = cython.declare(cython.int, 0)
CONVERT = cython.declare(cython.int, 1)
SANCTIFY = cython.declare(cython.int, 2)


@cython.cclass
class Conspiracies:
    """The Cult's Birdsong actions; each takes the engine it runs in."""

    def __init__(self, cult: LizardCult, tables: Any) -> None:
        numbers = tables.numbers
        self.cult = cult
        self.crusade_cost = numbers["lizard_crusade_cost"]
        self.convert_cost = numbers["lizard_convert_cost"]
        self.sanctify_cost = numbers["lizard_sanctify_cost"]
        self.discount = numbers["lizard_hated_discount"]
        self.converts = numbers["lizard_convert_warriors"]

    def cost(self, e: RootCore, which: cython.int) -> cython.int:
        base: cython.int = self.crusade_cost
        if which == CONVERT:
            base = self.convert_cost
        elif which == SANCTIFY:
            base = self.sanctify_cost
        if self.cult.hated(e):
            return max(0, base - self.discount)
        return base

    def pay(self, e: RootCore, seat: cython.int, which: cython.int) -> None:
        """Acolytes back to the supply."""
        n: cython.int = self.cost(e, which)
        e.cells[self.cult.o_acolytes + seat] -= n
        e.cells[e.o_supply + seat] += n

    def can(self, e: RootCore, seat: cython.int, which: cython.int) -> cython.bint:
        """Enough acolytes, and the conspiracy can be made."""
        outcast: cython.int = self.cult.outcast(e)
        c: cython.int
        if e.cells[self.cult.o_acolytes + seat] < self.cost(e, which):
            return False
        if which == CRUSADE:
            return e.can_battle(seat, -1, outcast) or e.can_move(seat, outcast)
        for c in range(e.clearings):
            if which == CONVERT and self.convert_clearing(e, seat, c):
                return True
            if which == SANCTIFY and self.sanctify_clearing(e, seat, c):
                return True
        return False

    # --- Crusade (10.4.3.I) -----------------------------------------------------------------------------------------

    def crusade(self, e: RootCore) -> None:
        """A battle in an Outcast clearing, or a move from one and, if the Cult wishes, a battle where it arrives
        (args: seat; answers of YES_NO: 1 battle, 0 move, then 1 battle there, 0 none)."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        outcast: cython.int = self.cult.outcast(e)
        if stage == 0:
            self.pay(e, seat, CRUSADE)
            e.clear_options()
            if e.can_battle(seat, -1, outcast):
                e.option(1)
            if e.can_move(seat, outcast):
                e.option(0)
            e.goto(1)
            e.ask(YES_NO, seat)
        elif stage == 1:
            e.goto(2 if e.answer() == 0 else 4)
            if e.answer() == 0:
                e.push(e.p_move, seat, 0, outcast + 1)
            else:
                e.push(e.p_battle, seat, 0, outcast + 1)
        elif stage == 2:
            e.set_arg(3, e.result() - 1)
            if e.result() == 0 or e.battle_targets(seat, e.arg(3)) == 0:
                e.done()
                return
            e.clear_options()
            e.option(1)
            e.option(0)
            e.goto(3)
            e.ask(YES_NO, seat)
        elif stage == 3 and e.answer() == 1:
            e.goto(4)
            e.push(e.p_battle, seat, e.arg(3) + 1, 0)
        else:
            e.done()

    # --- Convert (10.4.3.II) ----------------------------------------------------------------------------------------

    def convert_clearing(self, e: RootCore, seat: cython.int, clearing: cython.int) -> cython.bint:
        q: cython.int
        if e.suit_of(clearing) != self.cult.outcast(e) or not e.may_place(seat, clearing) \
                or e.supply(seat) < self.converts:
            return False
        for q in range(e.players()):
            if q != seat and e.warriors(clearing, q) >= self.converts:
                return True
        return False

    def convert(self, e: RootCore) -> None:
        """An enemy warrior in an Outcast clearing replaced by a Cult warrior (args: seat; local 3 the clearing)."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        c: cython.int
        i: cython.int
        if stage == 0:
            self.pay(e, seat, CONVERT)
            e.clear_options()
            for c in range(e.clearings):
                if self.convert_clearing(e, seat, c):
                    e.option(c)
            e.goto(1)
            e.ask(CLEARING, seat)
        elif stage == 1:
            e.set_arg(3, e.answer())
            e.clear_options()
            for c in range(e.players()):
                if c != seat and e.warriors(e.arg(3), c) >= self.converts:
                    e.option(c)
            e.goto(2)
            e.ask(SEAT, seat)
        else:
            c = e.arg(3)
            for i in range(self.converts):
                e.remove_warrior(e.answer(), c)
            e.place_warriors(c, seat, self.converts)
            e.done()
            e.warriors_removed(e.answer(), c, self.converts)

    # --- Sanctify (10.4.3.III) --------------------------------------------------------------------------------------

    def enemy_building(self, e: RootCore, seat: cython.int, clearing: cython.int, piece: cython.int) -> cython.int:
        """The seat owning an enemy building of this row of the piece tables in the clearing, or -1."""
        owner: cython.int
        if not e.piece_building[piece] or e.piece_faction[piece] == e.faction(seat):
            return -1
        owner = e.seat_of(e.piece_faction[piece])
        if owner < 0 or e.piece_count(owner, clearing, piece) == 0:
            return -1
        return owner

    def sanctify_clearing(self, e: RootCore, seat: cython.int, clearing: cython.int) -> cython.bint:
        """An enemy building to remove, and a garden of the suit to put in its place (not in the keep's clearing)."""
        r: cython.int
        if e.suit_of(clearing) != self.cult.outcast(e) or not e.may_place(seat, clearing) \
                or self.cult.on_track(e, seat, e.suit_of(clearing)) == 0:
            return False
        for r in range(e.npieces):
            if self.enemy_building(e, seat, clearing, r) >= 0:
                return True
        return False

    def sanctify(self, e: RootCore) -> None:
        """An enemy building in an Outcast clearing replaced by a garden; the building scores as removed (3.2.1)
        (args: seat; local 3 the clearing)."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        c: cython.int
        if stage == 0:
            self.pay(e, seat, SANCTIFY)
            e.clear_options()
            for c in range(e.clearings):
                if self.sanctify_clearing(e, seat, c):
                    e.option(c)
            e.goto(1)
            e.ask(CLEARING, seat)
        elif stage == 1:
            e.set_arg(3, e.answer())
            e.clear_options()
            for c in range(e.npieces):
                if self.enemy_building(e, seat, e.arg(3), c) >= 0:
                    e.option(c)
            e.goto(2)
            e.ask(PIECE, seat)
        else:
            c = e.arg(3)
            victim: cython.int = self.enemy_building(e, seat, c, e.answer())
            e.remove_piece(victim, c, e.answer())
            self.cult.place_garden(e, seat, c)
            e.done()
            e.score(seat, e.enemy_piece_points)
            e.piece_removed(victim, c, e.answer(), seat)
