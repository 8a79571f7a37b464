"""The Corvids' plot tokens on the map (13.2.2, 13.7): where they lie, face up for all or face down, whose type
only the Corvids see; flipping, swapping and removing them; what a bomb, an extortion, a snare and a raid do; and the
Exposure other players attempt in their turns (13.2.4).

A plot never leaves the game: removed, it goes back to the supply face down (2.5.3), so the supply of a type is its
count (plots.yaml) less those of that type on the map. A type is stored as its place in plots.yaml plus 1, 0 for
none. Cython compiles this module (plots.pxd types it).
"""

from __future__ import annotations

from typing import Any

import cython  # type: ignore[import-untyped]

from .core import RootCore

CLEARING = cython.declare(cython.int, 10)
CARD = cython.declare(cython.int, 12)
PLOT = cython.declare(cython.int, 22)
MAX_CLEARINGS = cython.declare(cython.int, 30)
"""Sets of clearings are bit masks in a procedure's locals (`spread`)."""


@cython.cclass
class Plots:
    """The plot tokens' state and rules; each method takes the engine it runs in."""

    def __init__(self, tables: Any) -> None:
        offsets = tables.offsets
        numbers = tables.numbers
        game = tables.game
        if tables.dims["clearings"] > MAX_CLEARINGS:
            raise ValueError(f"{tables.dims['clearings']} clearings: the Corvids' procedures hold {MAX_CLEARINGS}")
        self.faction = tables.faction_index("corvids")
        self.row = tables.piece("corvids/plot")
        self.kinds = tables.dims["plots"]
        self.copies = tables.arrays["plot_copies"]
        self.bomb = int(game.get("plot", "bomb").id)
        self.snare = int(game.get("plot", "snare").id)
        self.extortion = int(game.get("plot", "extortion").id)
        self.raid = int(game.get("plot", "raid").id)
        self.o_plots = offsets["plots"]
        self.o_faceup = offsets["plot_faceup"]
        self.o_facedown = offsets["plot_facedown"]
        self.o_pending = offsets["raids_pending"]
        self.extortion_cards = numbers["extortion_cards"]
        self.raid_warriors = numbers["raid_warriors"]
        self.exposure_points = numbers["exposure_points"]

    # --- where the plots are -----------------------------------------------------------------------------------

    def seat(self, e: RootCore) -> cython.int:
        return e.seat_of(self.faction)

    def at(self, e: RootCore, clearing: cython.int) -> cython.int:
        """Plot tokens in a clearing, either side up."""
        return e.cells[self.o_plots + clearing]

    def faceup(self, e: RootCore, clearing: cython.int) -> cython.bint:
        return e.cells[self.o_faceup + clearing] > 0

    def facedown(self, e: RootCore, clearing: cython.int) -> cython.bint:
        return self.at(e, clearing) > 0 and not self.faceup(e, clearing)

    def kind(self, e: RootCore, clearing: cython.int) -> cython.int:
        """The type of the plot in a clearing, face up or down; -1 with none."""
        seat: cython.int = self.seat(e)
        if self.faceup(e, clearing):
            return e.cells[self.o_faceup + clearing] - 1
        if seat < 0:
            return -1
        return e.cells[self.o_facedown + seat * e.clearings + clearing] - 1

    def faceup_count(self, e: RootCore, kind: cython.int) -> cython.int:
        """Face-up plots on the map of a type (-1: of any type)."""
        c: cython.int
        n: cython.int = 0
        for c in range(e.clearings):
            if self.faceup(e, c) and (kind < 0 or self.kind(e, c) == kind):
                n += 1
        return n

    def supply(self, e: RootCore, kind: cython.int) -> cython.int:
        """Plots of a type in the supply (-1: of any type): those not on the map."""
        c: cython.int
        k: cython.int
        n: cython.int = 0
        for k in range(self.kinds):
            if kind < 0 or k == kind:
                n += self.copies[k]
        for c in range(e.clearings):
            if self.at(e, c) > 0 and (kind < 0 or self.kind(e, c) == kind):
                n -= 1
        return n

    def snared(self, e: RootCore, seat: cython.int, clearing: cython.int) -> cython.bint:
        """A face-up snare closes the clearing to the Corvids' enemies: no placing, no moving out (13.7.2)."""
        return (self.faceup(e, clearing) and self.kind(e, clearing) == self.snare
                and e.faction(seat) != self.faction)

    # --- changing them ---------------------------------------------------------------------------------------------

    def place(self, e: RootCore, clearing: cython.int, kind: cython.int) -> None:
        """A plot from the supply, face down (13.2.2.I)."""
        e.cells[self.o_plots + clearing] += 1
        e.cells[self.o_facedown + self.seat(e) * e.clearings + clearing] = kind + 1

    def flip(self, e: RootCore, clearing: cython.int) -> None:
        at: cython.int = self.o_facedown + self.seat(e) * e.clearings + clearing
        e.cells[self.o_faceup + clearing] = e.cells[at]
        e.cells[at] = 0

    def swap(self, e: RootCore, a: cython.int, b: cython.int) -> None:
        """Trick (13.5.4): two plots change places, each keeping its side up."""
        base: cython.int = self.o_facedown + self.seat(e) * e.clearings
        kept: cython.int = e.cells[self.o_faceup + a]
        e.cells[self.o_faceup + a] = e.cells[self.o_faceup + b]
        e.cells[self.o_faceup + b] = kept
        kept = e.cells[base + a]
        e.cells[base + a] = e.cells[base + b]
        e.cells[base + b] = kept

    def lift(self, e: RootCore, clearing: cython.int) -> cython.int:
        """Forgets the type of a plot leaving the clearing (it goes back face down); returns it."""
        kind: cython.int = self.kind(e, clearing)
        e.cells[self.o_faceup + clearing] = 0
        if self.seat(e) >= 0:
            e.cells[self.o_facedown + self.seat(e) * e.clearings + clearing] = 0
        return kind

    def removed(self, e: RootCore, clearing: cython.int) -> None:
        """A plot was removed by another rule: a raid's warriors are placed once that rule is done (13.7.4)."""
        if self.lift(e, clearing) == self.raid:
            e.cells[self.o_pending + clearing] = 1

    def remove_quietly(self, e: RootCore, clearing: cython.int) -> None:
        """Removes the plot with its effect ignored (a bomb's own, an exposed one): forgotten, then taken off."""
        self.lift(e, clearing)
        e.remove_piece(self.seat(e), clearing, self.row)

    # --- bomb and extortion (13.7.1, 13.7.3) -----------------------------------------------------------------------

    def bomb_blast(self, e: RootCore, seat: cython.int, clearing: cython.int) -> None:
        """Every enemy piece in the clearing is removed (each building and token scores, 3.2.1), then the bomb.
        What the removals trigger (Field Hospitals) is pushed: the caller has set the stage it resumes at, and
        returns at once."""
        q: cython.int
        r: cython.int
        n: cython.int
        for q in range(e.players()):
            if q == seat or not e.present(q, clearing):
                continue
            n = e.warriors(clearing, q)
            while e.warriors(clearing, q) > 0:
                e.remove_warrior(q, clearing)
            for r in range(e.npieces):
                while e.piece_count(q, clearing, r) > 0:
                    e.remove_piece(q, clearing, r)
                    e.score(seat, e.enemy_piece_points)
            if e.over():
                return
            if n > 0:
                e.warriors_removed(q, clearing, n)
            e.pieces_removed(q, clearing)
        self.remove_quietly(e, clearing)

    def extort(self, e: RootCore, seat: cython.int, clearing: cython.int) -> None:
        """A card at random from each other player with a piece in the clearing."""
        q: cython.int
        i: cython.int
        for q in range(e.players()):
            if q != seat and e.present(q, clearing):
                for i in range(self.extortion_cards):
                    self.take_random_card(e, seat, q)

    def take_random_card(self, e: RootCore, seat: cython.int, other: cython.int) -> None:
        k: cython.int
        pick: cython.int
        if e.hand_size(other) == 0:
            return
        pick = e.roll(e.hand_size(other))
        for k in range(e.ncards):
            pick -= e.in_hand(other, k)
            if pick < 0:
                e.cells[e.o_hand + other * e.ncards + k] -= 1
                e.cells[e.o_hand + seat * e.ncards + k] += 1
                return

    # --- raid (13.7.4) -----------------------------------------------------------------------------------------------

    def raids_pending(self, e: RootCore) -> cython.bint:
        c: cython.int
        for c in range(e.clearings):
            if e.cells[self.o_pending + c]:
                return True
        return False

    def place_raiders(self, e: RootCore) -> None:
        """A warrior in each clearing adjacent to each removed raid (args: the Corvids' seat; locals: 3 the raid's
        clearing, 4 the clearings still to get one)."""
        seat: cython.int = e.arg(0)
        c: cython.int
        d: cython.int
        mask: cython.int
        if e.stage() == 1 and self.spread(e, seat, self.raid_warriors, 1):
            return
        while True:
            for c in range(e.clearings):
                if e.cells[self.o_pending + c]:
                    break
            else:
                e.done()
                return
            e.cells[self.o_pending + c] = 0
            mask = 0
            for d in range(e.clearings):
                if e.adjacent(c, d) and e.may_place(seat, d):
                    mask |= 1 << d
            e.set_arg(3, c)
            e.set_arg(4, mask)
            if self.spread(e, seat, self.raid_warriors, 0):
                return

    def spread(self, e: RootCore, seat: cython.int, n: cython.int, answered: cython.bint) -> cython.bint:
        """n warriors in each clearing of the set in local 4; when the supply cannot cover them all, the player
        picks the clearings one at a time (2.5: as many as can be), the procedure resuming at stage 1. Returns True
        when it asked."""
        c: cython.int
        wanted: cython.int = 0
        if answered:
            e.place_warriors(e.answer(), seat, n)
            e.set_arg(4, e.arg(4) & ~(1 << e.answer()))
        for c in range(e.clearings):
            if e.arg(4) & (1 << c):
                wanted += n
        if e.supply(seat) >= wanted or e.supply(seat) == 0:
            for c in range(e.clearings):
                if e.arg(4) & (1 << c):
                    e.place_warriors(c, seat, n)
            e.set_arg(4, 0)
            return False
        e.clear_options()
        for c in range(e.clearings):
            if e.arg(4) & (1 << c):
                e.option(c)
        e.goto(1)
        e.ask(CLEARING, seat)
        return True

    # --- Exposure (13.2.4) -----------------------------------------------------------------------------------------

    def can_expose_in(self, e: RootCore, seat: cython.int, clearing: cython.int) -> cython.bint:
        k: cython.int
        if not self.facedown(e, clearing) or not e.present(seat, clearing):
            return False
        for k in range(e.ncards):
            if e.in_hand(seat, k) > 0 and e.matches(k, e.suit_of(clearing)):
                return True
        return False

    def can_expose(self, e: RootCore, seat: cython.int) -> cython.bint:
        c: cython.int
        if self.seat(e) < 0 or seat == self.seat(e):
            return False
        for c in range(e.clearings):
            if self.can_expose_in(e, seat, c):
                return True
        return False

    def expose(self, e: RootCore) -> None:
        """An enemy guesses a face-down plot (args: the guesser; locals: 3 the clearing, 4 the card shown): a
        clearing where they can, a card of its suit, a type. Right, the plot is removed, its effect ignored, and
        they score; wrong, the Corvids take the card."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        c: cython.int
        k: cython.int
        e.clear_options()
        if stage == 0:
            for c in range(e.clearings):
                if self.can_expose_in(e, seat, c):
                    e.option(c)
            e.goto(1)
            e.ask(CLEARING, seat)
        elif stage == 1:
            e.set_arg(3, e.answer())
            for k in range(e.ncards):
                if e.in_hand(seat, k) > 0 and e.matches(k, e.suit_of(e.arg(3))):
                    e.option(k)
            e.goto(2)
            e.ask(CARD, seat)
        elif stage == 2:
            e.set_arg(4, e.answer())
            for k in range(self.kinds):
                e.option(k)
            e.goto(3)
            e.ask(PLOT, seat)
        else:
            c = e.arg(3)
            k = e.arg(4)
            e.done()
            if e.answer() == self.kind(e, c):
                self.remove_quietly(e, c)
                e.score(seat, self.exposure_points)
            else:
                e.cells[e.o_hand + seat * e.ncards + k] -= 1
                e.cells[e.o_hand + self.seat(e) * e.ncards + k] += 1
