"""The Riverfolk Company (chapter 11) on its own turn: setup, the Daylight actions paid with funds, crafting on the
trade post tracks with Export, Establish Trade Post and Set Costs. The faction board's boxes, Birdsong and Trade
Disruption are in funds.py; the services other players buy, and what Swimmers, Riverboats and Mercenaries change
in the shared rules, in services.py; the public hand in kernel.py (what each seat sees)."""

from __future__ import annotations

from typing import Any

import cython  # type: ignore[import-untyped]

from .actions import Actions
from .core import RootCore
from .funds import Funds

CLEARING = cython.declare(cython.int, 10)
CARD = cython.declare(cython.int, 12)
NUMBER = cython.declare(cython.int, 13)
YES_NO = cython.declare(cython.int, 15)
ANY_SUIT = cython.declare(cython.int, 3)
COMMIT = cython.declare(cython.int, 0)
SPEND = cython.declare(cython.int, 1)
"""How funds are paid (funds.py)."""


@cython.cclass
class Riverfolk:
    """The Riverfolk's procedures and rules; each takes the engine it runs in. Numbers come from the tables."""

    def __init__(self, tables: Any, actions: Actions, funds: Funds) -> None:
        numbers = tables.numbers
        offsets = tables.offsets
        arrays = tables.arrays
        self.actions = actions
        self.board = funds
        self.start_warriors = numbers["riverfolk_starting_warriors"]
        self.start_payments = numbers["riverfolk_starting_payments"]
        self.draw_cards = numbers["riverfolk_draw_cards"]
        self.recruit_funds = numbers["riverfolk_recruit_funds"]
        self.recruit_warriors = numbers["riverfolk_recruit_warriors"]
        self.establish_funds = numbers["riverfolk_establish_funds"]
        self.establish_warriors = numbers["riverfolk_establish_warriors"]
        self.export_warriors = numbers["riverfolk_export_warriors"]
        self.o_funds = offsets["funds"]
        self.o_track = offsets["trade_post_track"]
        self.o_posts = offsets["trade_posts"]
        self.o_price = offsets["service_price"]
        self.nservices = tables.dims["services"]
        self.nprices = len(arrays["riverfolk_service_prices_cost"])
        self.track_len = tables.dims["riverfolk_track"]
        self.post_spaces = arrays["riverfolk_post_spaces"]
        self.post_vp = arrays["riverfolk_post_points"]
        self.p_pay = numbers["procedure_riverfolk_pay"]

    # --- setup (11.3) ------------------------------------------------------------------------------------------

    def setup(self, e: RootCore) -> None:
        """Warriors (in supply since 5.1.1) placed one by one in clearings on a river, the trade posts on their
        tracks, the starting funds in Payments, then a price for each service (args: seat; locals 3 the warriors
        placed, 4 the service priced)."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        s: cython.int
        if stage == 0:
            for s in range(e.nsuits):
                e.cells[self.o_track + s] = self.post_spaces[s]
        elif stage == 1:
            e.place_warriors(e.answer(), seat, 1)
            e.set_arg(3, e.arg(3) + 1)
        else:
            e.cells[self.o_price + e.arg(4)] = e.answer()
            e.set_arg(4, e.arg(4) + 1)
        if stage < 2:
            if e.arg(3) < self.start_warriors and self.ask_river_clearing(e, seat, 1):
                return
            self.board.to_payments(e, seat, self.start_payments)
        if e.arg(4) < self.nservices:
            self.ask_price(e, seat, 2)
            return
        e.done()

    def ask_river_clearing(self, e: RootCore, seat: cython.int, stage: cython.int) -> cython.bint:
        """Asks for a clearing on a river where the seat may place pieces; False if there is none."""
        c: cython.int
        e.clear_options()
        for c in range(e.clearings):
            if e.on_river(c) and e.may_place(seat, c):
                e.option(c)
        if e.options() == 0:
            return False
        e.goto(stage)
        e.ask(CLEARING, seat)
        return True

    def ask_price(self, e: RootCore, seat: cython.int, stage: cython.int) -> None:
        """The space of its Services track for the service in local 4."""
        i: cython.int
        e.clear_options()
        for i in range(self.nprices):
            e.option(i)
        e.goto(stage)
        e.ask(NUMBER, seat)

    def set_costs(self, e: RootCore) -> None:
        """Set Costs (11.6.2; args: seat; local 4 the service priced): each service marker to a space."""
        if e.stage() == 1:
            e.cells[self.o_price + e.arg(4)] = e.answer()
            e.set_arg(4, e.arg(4) + 1)
        if e.arg(4) < self.nservices:
            self.ask_price(e, e.arg(0), 1)
            return
        e.done()

    # --- Daylight (11.5): the fund a move, battle or draw commits is its step's cost ------------------------------

    def draw(self, e: RootCore) -> None:
        e.draw(e.arg(0), self.draw_cards)
        e.done()

    def can_draw(self, e: RootCore) -> cython.bint:
        """A card is left to draw, in the deck or the discard pile shuffled into it (2.1.2)."""
        k: cython.int
        for k in range(e.ncards):
            if e.cells[e.o_deck + k] > 0 or e.cells[e.o_discard + k] > 0:
                return True
        return False

    def can_recruit(self, e: RootCore, seat: cython.int) -> cython.bint:
        """Funds to spend, a warrior to place (maybe the own fund spent) and a clearing on a river for it."""
        c: cython.int
        if self.board.funds(e) < self.recruit_funds:
            return False
        if e.cells[e.o_supply + seat] == 0 and e.cells[self.o_funds + seat] == 0:
            return False
        for c in range(e.clearings):
            if e.on_river(c) and e.may_place(seat, c):
                return True
        return False

    def recruit(self, e: RootCore) -> None:
        """Recruit (11.5.5; args: seat): funds spent, then warriors placed in a clearing on a river. With none in
        supply, the first fund spent is one of their own, which comes back to it."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        rest: cython.int = self.recruit_funds
        if stage == 0:
            if e.cells[e.o_supply + seat] == 0:
                self.board.take(e, seat, SPEND)
                rest -= 1
            e.goto(1)
            if rest > 0:
                e.push(self.p_pay, seat, rest, SPEND)
                return
        if stage <= 1:
            if not self.ask_river_clearing(e, seat, 2):
                e.done()
            return
        e.place_warriors(e.answer(), seat, self.recruit_warriors)
        e.done()

    def establish_at(self, e: RootCore, seat: cython.int, clearing: cython.int) -> cython.bint:
        """A clearing without a trade post, ruled by a player with the funds to spend, of a suit whose track still
        holds a post, where the Riverfolk may place pieces (11.5.6.I-II)."""
        ruler: cython.int = e.ruler(clearing)
        suit: cython.int = e.suit_of(clearing)
        return (ruler >= 0 and suit >= 0 and e.cells[self.o_posts + clearing] == 0
                and e.cells[self.o_track + suit] > 0 and e.cells[self.o_funds + ruler] >= self.establish_funds
                and e.may_place(seat, clearing))

    def can_establish(self, e: RootCore, seat: cython.int) -> cython.bint:
        c: cython.int
        for c in range(e.clearings):
            if self.establish_at(e, seat, c):
                return True
        return False

    def establish(self, e: RootCore) -> None:
        """Establish Trade Post (11.5.6; args: seat): a clearing, the ruler's funds spent, the post of its suit and
        a garrison placed, then the points of the track's uncovered space."""
        seat: cython.int = e.arg(0)
        c: cython.int
        if e.stage() == 0:
            e.clear_options()
            for c in range(e.clearings):
                if self.establish_at(e, seat, c):
                    e.option(c)
            e.goto(1)
            e.ask(CLEARING, seat)
            return
        c = e.answer()
        ruler: cython.int = e.ruler(c)
        suit: cython.int = e.suit_of(c)
        uncovered: cython.int = self.post_spaces[suit] - e.cells[self.o_track + suit]
        self.board.spend_owner(e, ruler, self.establish_funds)
        e.cells[self.o_track + suit] -= 1
        e.cells[self.o_posts + c] += 1
        e.place_warriors(c, seat, self.establish_warriors)
        e.done()
        e.score(seat, self.post_vp[suit * self.track_len + uncovered])

    # --- crafting on the trade post tracks (11.2.1, 11.5.3) ------------------------------------------------------

    def craft_spaces(self, e: RootCore, suit: cython.int) -> cython.int:
        """Empty spaces of a suit's trade post track not yet filled with funds this turn."""
        if suit < 0 or suit >= ANY_SUIT:
            return 0
        return self.post_spaces[suit] - e.cells[self.o_track + suit] - e.cells[e.o_crafting_used + suit]

    def can_craft_any(self, e: RootCore, seat: cython.int) -> cython.bint:
        k: cython.int
        for k in range(e.ncards):
            if e.can_craft(seat, k):
                return True
        return False

    def craft(self, e: RootCore) -> None:
        """Craft (args: seat; local 3 the card): a card whose cost the empty spaces and the funds can pay; the funds
        committed onto those spaces; then its effect, or its Export (11.5.3.I); then maybe another card."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        k: cython.int
        s: cython.int
        icons: cython.int = 0
        if stage == 1:
            k = e.answer()
            if k == e.ncards:
                e.done()
                return
            e.set_arg(3, k)
            for s in range(ANY_SUIT + 1):
                icons += e.card_cost[k * 4 + s]
            e.pay_craft(seat, k)
            e.goto(2)
            e.push(self.p_pay, seat, icons, COMMIT)
            return
        if stage == 2:
            e.clear_options()
            e.option(1)
            e.option(0)
            e.goto(3)
            e.ask(YES_NO, seat)
            return
        if stage == 3:
            k = e.arg(3)
            if e.answer() == 1:
                e.discard(seat, k)
                self.board.to_payments(e, seat, self.export_warriors)
            elif self.actions.make_card(e, seat, k, 4) or e.over():
                return
        e.clear_options()
        for k in range(e.ncards):
            if e.can_craft(seat, k):
                e.option(k)
        if e.options() == 0:
            e.done()
            return
        if stage > 0:
            e.option(e.ncards)  # having crafted, the player may stop
        e.goto(1)
        e.ask(CARD, seat)
