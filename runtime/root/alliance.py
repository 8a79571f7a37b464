"""The Woodland Alliance (chapter 8): its board (sympathy and bases on the map, officers, the Supporters stack and
its capacity), setup, Mobilize, Train, the Recruit operation, Outrage and Removing Bases. Revolt, Spread Sympathy
and Organize are in sympathy.py; Craft, Move and Battle are the shared procedures (sympathy tokens craft), Guerrilla
War is the battle's `defends_high`, and the Evening draw is an effect in content/root/factions/alliance.yaml. Every
number comes from the content (`__init__`)."""

from __future__ import annotations

from typing import Any

import cython  # type: ignore[import-untyped]

from .core import RootCore

CLEARING = cython.declare(cython.int, 10)
CARD = cython.declare(cython.int, 12)


@cython.cclass
class Alliance:
    """The Alliance's board, procedures and rules; each takes the engine it runs in."""

    def __init__(self, tables: Any) -> None:
        arrays = tables.arrays
        numbers = tables.numbers
        self.o_supporters = tables.offsets["supporters"]
        self.o_officers = tables.offsets["officers"]
        self.sympathy_row = numbers["alliance_sympathy_row"]
        self.base_row = numbers["alliance_base_row"]
        self.base_draw = arrays["alliance_base_draw"]
        self.starting_supporters = numbers["alliance_starting_supporters"]
        self.supporters_limit = numbers["alliance_supporters_limit"]
        self.officers_lost_divisor = numbers["alliance_officers_lost_divisor"]
        self.outrage_cards = numbers["outrage_cards"]
        self.mobilize_cards = numbers["alliance_mobilize_cards"]
        self.train_officers = numbers["alliance_train_officers"]
        self.operations_per_officer = numbers["alliance_operations_per_officer"]
        self.recruit_warriors = numbers["alliance_recruit"]
        self.operations_budget = numbers["alliance_budget_operations"]
        self.evening = numbers["phase_evening"]
        self.p_outrage = numbers["procedure_outrage"]
        self.p_removing_bases = numbers["procedure_removing_bases"]

    # --- the board: sympathy, bases, officers, supporters -----------------------------------------------------

    def sympathy(self, e: RootCore, clearing: cython.int) -> cython.int:
        return e.cells[e.piece_field[self.sympathy_row] + clearing]

    def sympathy_placed(self, e: RootCore) -> cython.int:
        """Tokens on the map: the spaces of the sympathy track uncovered (8.3.3)."""
        c: cython.int
        n: cython.int = 0
        for c in range(e.clearings):
            n += self.sympathy(e, c)
        return n

    def base(self, e: RootCore, clearing: cython.int) -> cython.int:
        return e.cells[e.piece_field[self.base_row] + clearing]

    def base_built(self, e: RootCore, suit: cython.int) -> cython.bint:
        """A base has the suit of its clearing (8.4.1.III): the base of a suit is built if a clearing of it has one."""
        c: cython.int
        for c in range(e.clearings):
            if self.base(e, c) > 0 and e.suit_of(c) == suit:
                return True
        return False

    def bases_on_map(self, e: RootCore) -> cython.int:
        c: cython.int
        n: cython.int = 0
        for c in range(e.clearings):
            n += self.base(e, c)
        return n

    def officers(self, e: RootCore, seat: cython.int) -> cython.int:
        return e.cells[self.o_officers + seat]

    def add_officers(self, e: RootCore, seat: cython.int, n: cython.int) -> None:
        """Warriors from the supply to the Officers box, as many as there are (2.5)."""
        placed: cython.int = min(n, e.supply(seat))
        e.cells[e.o_supply + seat] -= placed
        e.cells[self.o_officers + seat] += placed

    def supporter(self, e: RootCore, seat: cython.int, card: cython.int) -> cython.int:
        return e.cells[self.o_supporters + seat * e.ncards + card]

    def stack_size(self, e: RootCore, seat: cython.int) -> cython.int:
        k: cython.int
        n: cython.int = 0
        for k in range(e.ncards):
            n += self.supporter(e, seat, k)
        return n

    def matching_supporters(self, e: RootCore, seat: cython.int, suit: cython.int) -> cython.int:
        """Supporters that can be spent for a suit: its own, birds standing in for any (2.1.1)."""
        k: cython.int
        n: cython.int = 0
        for k in range(e.ncards):
            if e.matches(k, suit):
                n += self.supporter(e, seat, k)
        return n

    def gain_supporter(self, e: RootCore, seat: cython.int, card: cython.int) -> None:
        """A card onto the Supporters stack; with no base on the map and the stack full, it is discarded (8.2.3.I)."""
        if self.bases_on_map(e) == 0 and self.stack_size(e, seat) >= self.supporters_limit:
            e.discarded(card, 1)
        else:
            e.cells[self.o_supporters + seat * e.ncards + card] += 1

    def discard_supporter(self, e: RootCore, seat: cython.int, card: cython.int) -> None:
        e.cells[self.o_supporters + seat * e.ncards + card] -= 1
        e.discarded(card, 1)

    def ask_supporter(self, e: RootCore, seat: cython.int, suit: cython.int, stage: cython.int) -> None:
        """Asks which supporter of a suit to spend (any supporter with suit -1)."""
        k: cython.int
        e.clear_options()
        for k in range(e.ncards):
            if self.supporter(e, seat, k) > 0 and (suit < 0 or e.matches(k, suit)):
                e.option(k)
        e.goto(stage)
        e.ask(CARD, seat)

    # --- setup (8.3) --------------------------------------------------------------------------------------------

    def setup(self, e: RootCore) -> None:
        """Bases and sympathy start off the map, the warriors in the supply (the standard setup puts them there);
        supporters are drawn face down (args: seat)."""
        seat: cython.int = e.arg(0)
        i: cython.int
        k: cython.int
        e.cells[self.o_officers + seat] = 0
        for i in range(self.starting_supporters):
            k = e.draw_card()
            if k >= 0:
                self.gain_supporter(e, seat, k)
        e.done()

    # --- Daylight: Mobilize (8.5.2), Train (8.5.3); Evening: Recruit (8.6.1.III) -----------------------------------

    def mobilize(self, e: RootCore) -> None:
        """Cards from hand to the Supporters stack, the player choosing each (args: seat; local 3 cards added)."""
        seat: cython.int = e.arg(0)
        k: cython.int
        if e.stage() == 1:
            e.cells[e.o_hand + seat * e.ncards + e.answer()] -= 1
            self.gain_supporter(e, seat, e.answer())
            e.set_arg(3, e.arg(3) + 1)
        if e.arg(3) >= self.mobilize_cards or e.hand_size(seat) == 0:
            e.done()
            return
        e.clear_options()
        for k in range(e.ncards):
            if e.in_hand(seat, k) > 0:
                e.option(k)
        e.goto(1)
        e.ask(CARD, seat)

    def train_card(self, e: RootCore, card: cython.int) -> cython.bint:
        """The card can be spent for the suit of a built base."""
        s: cython.int
        for s in range(e.nsuits - 1):
            if self.base_built(e, s) and e.matches(card, s):
                return True
        return False

    def can_train(self, e: RootCore, seat: cython.int) -> cython.bint:
        k: cython.int
        if e.supply(seat) == 0:
            return False
        for k in range(e.ncards):
            if e.in_hand(seat, k) > 0 and self.train_card(e, k):
                return True
        return False

    def train(self, e: RootCore) -> None:
        """Spend a card of a built base's suit for an officer (args: seat)."""
        seat: cython.int = e.arg(0)
        k: cython.int
        if e.stage() == 1:
            e.discard(seat, e.answer())
            self.add_officers(e, seat, self.train_officers)
            e.done()
            return
        e.clear_options()
        for k in range(e.ncards):
            if e.in_hand(seat, k) > 0 and self.train_card(e, k):
                e.option(k)
        e.goto(1)
        e.ask(CARD, seat)

    def can_recruit(self, e: RootCore, seat: cython.int) -> cython.bint:
        c: cython.int
        if e.supply(seat) == 0:
            return False
        for c in range(e.clearings):
            if self.base(e, c) > 0 and e.may_place(seat, c):
                return True
        return False

    def recruit(self, e: RootCore) -> None:
        """Warriors in a clearing with a base (args: seat)."""
        seat: cython.int = e.arg(0)
        c: cython.int
        if e.stage() == 1:
            e.place_warriors(e.answer(), seat, self.recruit_warriors)
            e.done()
            return
        e.clear_options()
        for c in range(e.clearings):
            if self.base(e, c) > 0 and e.may_place(seat, c):
                e.option(c)
        e.goto(1)
        e.ask(CLEARING, seat)

    def operations(self, e: RootCore, seat: cython.int) -> cython.int:
        """Military operations the officers give, counted as the Evening starts (8.6.1)."""
        return self.officers(e, seat) * self.operations_per_officer

    def draw_bonus(self, e: RootCore) -> cython.int:
        """Draw bonuses the bases on the map uncover, one space of the base track per suit (8.6.2)."""
        s: cython.int
        n: cython.int = 0
        for s in range(min(e.nsuits - 1, len(self.base_draw))):
            if self.base_built(e, s):
                n += self.base_draw[s]
        return n

    # --- Outrage (8.2.6), Removing Bases (8.2.4) ---------------------------------------------------------------

    def outrage(self, e: RootCore) -> None:
        """Another player removed sympathy or moved warriors into a sympathetic clearing (args: that player, the
        clearing, the Alliance; local 3 cards given): they add a card of its suit from hand to the supporters, or
        with none (nor a bird) the Alliance draws one onto the stack."""
        payer: cython.int = e.arg(0)
        suit: cython.int = e.suit_of(e.arg(1))
        k: cython.int
        if e.stage() == 1:
            e.cells[e.o_hand + payer * e.ncards + e.answer()] -= 1
            self.gain_supporter(e, e.arg(2), e.answer())
            e.set_arg(3, e.arg(3) + 1)
        e.clear_options()
        if e.arg(3) < self.outrage_cards:
            for k in range(e.ncards):
                if e.in_hand(payer, k) > 0 and e.matches(k, suit):
                    e.option(k)
        if e.options() > 0:
            e.goto(1)
            e.ask(CARD, payer)
            return
        if e.stage() == 0:
            for k in range(self.outrage_cards):
                self.draw_supporter(e, e.arg(2))
        e.done()

    def draw_supporter(self, e: RootCore, seat: cython.int) -> None:
        k: cython.int = e.draw_card()
        if k >= 0:
            self.gain_supporter(e, seat, k)

    def removing_bases(self, e: RootCore) -> None:
        """A base of a suit was removed (args: the Alliance, the suit): its suit's supporters and the birds are
        discarded, half the officers (rounded up) go back to the supply; with no base left, the stack is cut down
        to its limit, the Alliance choosing what goes."""
        seat: cython.int = e.arg(0)
        k: cython.int
        lost: cython.int
        if e.stage() == 0:
            for k in range(e.ncards):
                if e.card_suit[k] == e.arg(1) or e.card_suit[k] == e.nsuits - 1:
                    while self.supporter(e, seat, k) > 0:
                        self.discard_supporter(e, seat, k)
            lost = (self.officers(e, seat) + self.officers_lost_divisor - 1) // self.officers_lost_divisor
            e.cells[self.o_officers + seat] -= lost
            e.cells[e.o_supply + seat] += lost
        else:
            self.discard_supporter(e, seat, e.answer())
        if self.bases_on_map(e) == 0 and self.stack_size(e, seat) > self.supporters_limit:
            self.ask_supporter(e, seat, -1, 1)
            return
        e.done()

    def piece_removed(self, e: RootCore, seat: cython.int, clearing: cython.int, piece: cython.int,
                      by: cython.int) -> None:
        """An Alliance piece was removed: a base sets off Removing Bases; sympathy removed by another player sets
        off Outrage."""
        if piece == self.base_row:
            e.push(self.p_removing_bases, seat, e.suit_of(clearing), 0)
        elif piece == self.sympathy_row and by >= 0 and by != seat:
            e.push(self.p_outrage, by, clearing, seat)

    def warriors_moved(self, e: RootCore, seat: cython.int, to: cython.int) -> None:
        """Another player's warriors moved into a sympathetic clearing: Outrage."""
        alliance: cython.int = e.seat_of(e.f_alliance)
        if alliance >= 0 and alliance != seat and to < e.clearings and self.sympathy(e, to) > 0:
            e.push(self.p_outrage, seat, to, alliance)
