"""The Underground Duchy (chapter 12): setup, the warriors it places in the Burrow, the Assembly's Build and Dig,
the cards it reveals and takes back, and the icons of its building track. Its ministers are in parliament.py (their
actions) and court.py (swaying and losing them); the Burrow as a place of moves and rule is core's (`burrow`)."""

from __future__ import annotations

from array import array
from typing import Any

import cython  # type: ignore[import-untyped]

from .core import RootCore
from lawforge.runtime.root.tables import padded

CLEARING = cython.declare(cython.int, 10)
CARD = cython.declare(cython.int, 12)
NUMBER = cython.declare(cython.int, 13)
PIECE = cython.declare(cython.int, 14)
BUILDINGS = cython.declare(cython.int, 2)
"""Citadel and market: the two buildings of the Duchy's track (`rows`: their rows of the piece tables)."""


@cython.cclass
class Duchy:
    """The Duchy's numbers, read once from the tables, and its procedures; each takes the engine it runs in."""

    def __init__(self, tables: Any) -> None:
        arrays = tables.arrays
        numbers = tables.numbers
        names = ("citadel", "market")
        self.rows = array("i", [tables.piece(f"duchy/{b}") for b in names])
        self.total = array("i", [arrays[f"duchy_{b}_count"][0] for b in names])
        self.track_len = max(len(arrays[f"duchy_{b}_draw"]) for b in names)
        self.draws = padded([arrays[f"duchy_{b}_draw"] for b in names], self.track_len)
        self.icons = padded([arrays[f"duchy_{b}_warrior"] for b in names], self.track_len)
        self.tunnel_row = tables.piece("duchy/tunnel")
        self.tunnel_count = arrays["duchy_tunnel_count"][0]
        self.warrior_count = arrays["duchy_warrior_count"][0]
        self.surface_warriors = numbers["duchy_surface_warriors"]
        self.surface_tunnels = numbers["duchy_surface_tunnels"]
        self.birdsong_warriors = numbers["duchy_birdsong_warriors"]
        self.recruit_warriors = numbers["duchy_recruit_warriors"]
        self.dig_warriors = numbers["duchy_dig_warriors"]
        self.o_revealed = tables.offsets["duchy_revealed"]
        self.o_swayed = tables.offsets["minister_swayed"]
        self.o_crowns = arrays["crown_field"]
        self.crown_count = arrays["crown_count"]
        self.nranks = len(arrays["crown_count"])

    # --- the Duchy's pieces ---------------------------------------------------------------------------------------

    def track_field(self, e: RootCore, building: cython.int) -> cython.int:
        """The state offset of a building's track (0 citadel, 1 market)."""
        return e.piece_return[self.rows[building]]

    def placed(self, e: RootCore, seat: cython.int, building: cython.int) -> cython.int:
        """Buildings of a kind on the map: the spaces of its track they uncovered."""
        return self.total[building] - e.cells[self.track_field(e, building) + seat]

    def tunnels_in(self, e: RootCore, clearing: cython.int) -> cython.int:
        return e.cells[e.piece_field[self.tunnel_row] + clearing]

    def tunnel_supply(self, e: RootCore, seat: cython.int) -> cython.int:
        return e.cells[e.piece_return[self.tunnel_row] + seat]

    def move_tunnel(self, e: RootCore, seat: cython.int, clearing: cython.int, n: cython.int) -> None:
        """n tunnels from the supply into a clearing (negative: back to the supply, 2.5.3)."""
        e.cells[e.piece_field[self.tunnel_row] + clearing] += n
        e.cells[e.piece_return[self.tunnel_row] + seat] -= n

    def may_place(self, e: RootCore, clearing: cython.int) -> cython.bint:
        """Only the Marquise places pieces in the keep's clearing (6.2.2)."""
        return e.cells[e.o_keep + clearing] == 0

    def uncovered(self, e: RootCore, seat: cython.int, icons: cython.int[::1]) -> cython.int:
        """Icons of a kind on the spaces the placed buildings uncovered (12.4, 12.6.3)."""
        b: cython.int
        i: cython.int
        n: cython.int = 0
        for b in range(BUILDINGS):
            for i in range(self.placed(e, seat, b)):
                n += icons[b * self.track_len + i]
        return n

    def draw_bonus(self, e: RootCore, seat: cython.int) -> cython.int:
        return self.uncovered(e, seat, self.draws)

    def reveal(self, e: RootCore, seat: cython.int, card: cython.int) -> None:
        """A card from hand to the play area until Evening (2.1.4, 12.6.1)."""
        e.cells[e.o_hand + seat * e.ncards + card] -= 1
        e.cells[self.o_revealed + card] += 1

    # --- setup (12.3) ---------------------------------------------------------------------------------------------

    def starting_corner(self, e: RootCore, seat: cython.int, clearing: cython.int) -> cython.bint:
        """A clearing holding another faction's building or token during setup: its starting corner (the keep,
        the starting roost or garden)."""
        q: cython.int
        for q in range(e.players()):
            if q != seat and e.buildings_of(q, clearing) + e.tokens_of(q, clearing) > 0:
                return True
        return False

    def setup(self, e: RootCore) -> None:
        """Supply, tracks and crowns; then a corner that is no other faction's starting corner, diagonally opposite
        one if one is, of the Duchy's choice (discrepancy duchy_surface_corner): 2 warriors and a tunnel there, and
        2 warriors in each adjacent clearing (args: seat)."""
        seat: cython.int = e.arg(0)
        c: cython.int
        i: cython.int
        if e.stage() == 1:
            c = e.answer()
            e.place_warriors(c, seat, self.surface_warriors)
            self.move_tunnel(e, seat, c, self.surface_tunnels)
            for i in range(e.clearings):
                if e.adjacent(c, i) and self.may_place(e, i):
                    e.place_warriors(i, seat, self.surface_warriors)
            e.done()
            return
        e.cells[e.o_supply + seat] = self.warrior_count
        e.cells[e.piece_return[self.tunnel_row] + seat] = self.tunnel_count
        for i in range(BUILDINGS):
            e.cells[self.track_field(e, i) + seat] = self.total[i]
        for i in range(self.nranks):
            e.cells[self.o_crowns[i]] = self.crown_count[i]
        e.clear_options()
        for c in range(e.clearings):
            if e.corner[c] and not self.starting_corner(e, seat, c) and self.starting_corner(e, seat, e.opposite[c]):
                e.option(c)
        if e.options() == 0:
            for c in range(e.clearings):
                if e.corner[c] and not self.starting_corner(e, seat, c):
                    e.option(c)
        e.goto(1)
        e.ask(CLEARING, seat)

    # --- Birdsong (12.4) and Recruit (12.5.1.II) --------------------------------------------------------------------

    def burrow_recruit(self, e: RootCore) -> None:
        """Warriors into the Burrow (args: seat, 1 in Birdsong: one more per uncovered warrior icon; 0 to
        Recruit), as many as the supply holds (2.5)."""
        seat: cython.int = e.arg(0)
        n: cython.int = self.recruit_warriors
        if e.arg(1):
            n = self.birdsong_warriors + self.uncovered(e, seat, self.icons)
        e.place_warriors(e.burrow, seat, n)
        e.done()

    # --- Build (12.5.1.I, and the Foremole's 12.5.2.I) ---------------------------------------------------------------

    def build_clearing(self, e: RootCore, seat: cython.int, clearing: cython.int, card: cython.int,
                       any_suit: cython.bint) -> cython.bint:
        """A ruled clearing with a free slot, of the card's suit (a bird: any) unless the suit does not matter."""
        return (e.ruler(clearing) == seat and e.free_slots(clearing) > 0 and self.may_place(e, clearing)
                and (any_suit or e.matches(card, e.suit_of(clearing))))

    def card_builds(self, e: RootCore, seat: cython.int, card: cython.int, any_suit: cython.bint) -> cython.bint:
        c: cython.int
        if e.in_hand(seat, card) == 0:
            return False
        for c in range(e.clearings):
            if self.build_clearing(e, seat, c, card, any_suit):
                return True
        return False

    def can_build(self, e: RootCore, seat: cython.int, any_suit: cython.bint) -> cython.bint:
        k: cython.int
        if e.cells[self.track_field(e, 0) + seat] + e.cells[self.track_field(e, 1) + seat] == 0:
            return False
        for k in range(e.ncards):
            if self.card_builds(e, seat, k, any_suit):
                return True
        return False

    def build(self, e: RootCore) -> None:
        """Reveal a card to place a citadel or a market, the leftmost of its track, in a ruled clearing of the card's
        suit, or of any suit for the Foremole (args: seat, 1 for any suit; locals 3 the building, 4 the card)."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        i: cython.int
        e.clear_options()
        if stage == 0:
            for i in range(BUILDINGS):
                if e.cells[self.track_field(e, i) + seat] > 0:
                    e.option(self.rows[i])
            e.goto(1)
            e.ask(PIECE, seat)
        elif stage == 1:
            e.set_arg(3, 0 if e.answer() == self.rows[0] else 1)
            for i in range(e.ncards):
                if self.card_builds(e, seat, i, e.arg(1) != 0):
                    e.option(i)
            e.goto(2)
            e.ask(CARD, seat)
        elif stage == 2:
            e.set_arg(4, e.answer())
            for i in range(e.clearings):
                if self.build_clearing(e, seat, i, e.arg(4), e.arg(1) != 0):
                    e.option(i)
            e.goto(3)
            e.ask(CLEARING, seat)
        else:
            self.reveal(e, seat, e.arg(4))
            e.cells[self.track_field(e, e.arg(3)) + seat] -= 1
            e.cells[e.piece_field[self.rows[e.arg(3)]] + e.answer()] += 1
            e.done()

    # --- Dig (12.5.1.V, 12.2.4) ---------------------------------------------------------------------------------------

    def dig_target(self, e: RootCore, seat: cython.int, clearing: cython.int, card: cython.int,
                   removed: cython.int) -> cython.bint:
        """A clearing of the card's suit without a tunnel (once the one `removed` is gone) where the Duchy may place."""
        return (e.matches(card, e.suit_of(clearing)) and self.may_place(e, clearing)
                and (self.tunnels_in(e, clearing) == 0 or clearing == removed))

    def card_digs(self, e: RootCore, seat: cython.int, card: cython.int) -> cython.bint:
        """The card can pay for a dig: a target for it, after taking back a tunnel when all are placed."""
        c: cython.int
        if e.in_hand(seat, card) == 0:
            return False
        for c in range(e.clearings):
            if self.dig_target(e, seat, c, card, c if self.tunnel_supply(e, seat) == 0 else -1):
                return True
        return False

    def can_dig(self, e: RootCore, seat: cython.int) -> cython.bint:
        k: cython.int
        for k in range(e.ncards):
            if self.card_digs(e, seat, k):
                return True
        return False

    def dig(self, e: RootCore) -> None:
        """Spend a card, take back a tunnel first if all are placed, tunnel in a clearing of the card's suit, then move
        up to the dig's warriors there from the Burrow (args: seat; locals 3 the card, 4 the clearing)."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        c: cython.int
        e.clear_options()
        if stage == 0:
            for c in range(e.ncards):
                if self.card_digs(e, seat, c):
                    e.option(c)
            e.goto(1)
            e.ask(CARD, seat)
            return
        if stage == 1:
            e.set_arg(3, e.answer())
            e.discard(seat, e.answer())
            if self.tunnel_supply(e, seat) == 0:
                for c in range(e.clearings):
                    if self.tunnels_in(e, c) > 0 and self.tunnel_frees(e, seat, c):
                        e.option(c)
                e.goto(2)
                e.ask(CLEARING, seat)
                return
        if stage == 2:
            self.move_tunnel(e, seat, e.answer(), -1)
        if stage <= 2:
            for c in range(e.clearings):
                if self.dig_target(e, seat, c, e.arg(3), -1):
                    e.option(c)
            e.goto(3)
            e.ask(CLEARING, seat)
            return
        if stage == 3:
            e.set_arg(4, e.answer())
            self.move_tunnel(e, seat, e.answer(), 1)
            for c in range(min(self.dig_warriors, e.warriors(e.burrow, seat)) + 1):
                e.option(c)
            e.goto(4)
            e.ask(NUMBER, seat)
            return
        e.add_warriors(e.burrow, seat, -e.answer())
        e.add_warriors(e.arg(4), seat, e.answer())
        e.done()

    def tunnel_frees(self, e: RootCore, seat: cython.int, tunnel: cython.int) -> cython.bint:
        """Taking back the tunnel in this clearing leaves a target for the dig's card (local 3)."""
        c: cython.int
        for c in range(e.clearings):
            if self.dig_target(e, seat, c, e.arg(3), tunnel):
                return True
        return False

    # --- Evening: the revealed cards (12.6.1) -------------------------------------------------------------------------

    def return_revealed(self, e: RootCore) -> None:
        """The birds revealed this turn are discarded, the other cards go back to hand (args: seat)."""
        seat: cython.int = e.arg(0)
        k: cython.int
        n: cython.int
        for k in range(e.ncards):
            n = e.cells[self.o_revealed + k]
            e.cells[self.o_revealed + k] = 0
            e.cells[e.o_hand + seat * e.ncards + k] += n
            if e.card_suit[k] == e.nsuits - 1:
                while n > 0:
                    e.discard(seat, k)
                    n -= 1
        e.done()
