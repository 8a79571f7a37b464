"""The Riverfolk's faction board (11.2.4-11.2.5, 11.4): the Funds, Payments and Committed boxes, which hold the
warriors of whoever paid them; funds committed or spent one warrior at a time, the Riverfolk choosing whose;
Protectionism, dividends and gathering the funds in Birdsong; and Trade Disruption when a trade post is removed."""

from __future__ import annotations

from typing import Any

import cython  # type: ignore[import-untyped]

from .core import RootCore

SEAT = cython.declare(cython.int, 11)

# How funds are paid (the `riverfolk_pay` procedure): committed ones stay on the faction board until the next
# Birdsong; spent and lost ones go back to their owners' supplies (11.5, 11.2.5.I).
COMMIT = cython.declare(cython.int, 0)
SPEND = cython.declare(cython.int, 1)
LOSE = cython.declare(cython.int, 2)


@cython.cclass
class Funds:
    """The boxes of the Riverfolk's board and the procedures that pay from them; each takes the engine."""

    def __init__(self, tables: Any) -> None:
        numbers = tables.numbers
        offsets = tables.offsets
        self.protection = numbers["riverfolk_protection"]
        self.dividend_posts = numbers["riverfolk_dividend_posts"]
        self.dividend_funds = numbers["riverfolk_dividend_funds"]
        self.disruption_share = numbers["riverfolk_disruption_share"]
        self.o_funds = offsets["funds"]
        self.o_payments = offsets["payments"]
        self.o_committed = offsets["committed"]
        self.o_posts = offsets["trade_posts"]
        self.post_row = numbers["riverfolk_post_row"]
        self.p_pay = numbers["procedure_riverfolk_pay"]
        self.p_disruption = numbers["procedure_trade_disruption"]

    def total(self, e: RootCore, box: cython.int) -> cython.int:
        """Warriors in a box of the faction board (Funds, Payments, Committed), whoever owns them."""
        q: cython.int
        n: cython.int = 0
        for q in range(e.players()):
            n += e.cells[box + q]
        return n

    def funds(self, e: RootCore) -> cython.int:
        return self.total(e, self.o_funds)

    def own(self, e: RootCore, seat: cython.int) -> cython.int:
        """The seat's own warriors in the Funds box."""
        return e.cells[self.o_funds + seat]

    def posts_on_map(self, e: RootCore) -> cython.int:
        c: cython.int
        n: cython.int = 0
        for c in range(e.clearings):
            n += e.cells[self.o_posts + c]
        return n

    def to_payments(self, e: RootCore, seat: cython.int, n: cython.int) -> None:
        """Up to n of the seat's warriors from its supply into Payments (2.5: as many as it has)."""
        placed: cython.int = min(n, e.cells[e.o_supply + seat])
        e.cells[e.o_supply + seat] -= placed
        e.cells[self.o_payments + seat] += placed

    def take(self, e: RootCore, owner: cython.int, how: cython.int) -> None:
        """One fund of the owner's warriors, committed, spent or lost."""
        e.cells[self.o_funds + owner] -= 1
        if how == COMMIT:
            e.cells[self.o_committed + owner] += 1
        else:
            e.cells[e.o_supply + owner] += 1

    def spend_owner(self, e: RootCore, owner: cython.int, n: cython.int) -> None:
        """Spends n funds of one owner's warriors (11.5.6.II names whose)."""
        i: cython.int
        for i in range(n):
            self.take(e, owner, SPEND)

    def pay(self, e: RootCore) -> None:
        """Pays funds (args: seat, how many, COMMIT, SPEND or LOSE; local 3: how many paid) one warrior at a time,
        the Riverfolk choosing whose when the Funds box holds several players' warriors. Returns 1 if all were
        paid."""
        q: cython.int
        if e.stage() == 1:
            self.take(e, e.answer(), e.arg(2))
            e.set_arg(3, e.arg(3) + 1)
        if e.arg(3) < e.arg(1):
            e.clear_options()
            for q in range(e.players()):
                if e.cells[self.o_funds + q] > 0:
                    e.option(q)
            if e.options() > 0:
                e.goto(1)
                e.ask(SEAT, e.arg(0))
                return
        e.set_result(1 if e.arg(3) >= e.arg(1) else 0)
        e.done()

    # --- Birdsong (11.4) ---------------------------------------------------------------------------------------

    def protectionism(self, e: RootCore) -> None:
        """With the Payments box empty, warriors of the Riverfolk's supply go there (11.4.1)."""
        if self.total(e, self.o_payments) == 0:
            self.to_payments(e, e.arg(0), self.protection)
        e.done()

    def dividends(self, e: RootCore) -> None:
        """With trade posts on the map, a point per pair of funds, whoever owns them (11.4.2)."""
        seat: cython.int = e.arg(0)
        e.done()
        if self.posts_on_map(e) >= self.dividend_posts:
            e.score(seat, self.funds(e) // self.dividend_funds)

    def gather(self, e: RootCore) -> None:
        """Every warrior on the faction board, Payments and Committed (the tracks' spaces too), to Funds (11.4.3)."""
        q: cython.int
        for q in range(e.players()):
            e.cells[self.o_funds + q] += e.cells[self.o_payments + q] + e.cells[self.o_committed + q]
            e.cells[self.o_payments + q] = 0
            e.cells[self.o_committed + q] = 0
        e.done()

    # --- Trade Disruption (11.2.5.I) ----------------------------------------------------------------------------

    def piece_removed(self, e: RootCore, seat: cython.int, piece: cython.int) -> None:
        """A removed trade post leaves the game (its piece returns nowhere) and costs half the funds, once the
        procedure removing it is over."""
        if piece == self.post_row and not e.over():
            e.defer(self.p_disruption, seat, 0, 0)

    def disruption(self, e: RootCore) -> None:
        """Half the funds, rounded up, removed to their owners' supplies, the Riverfolk choosing whose (args:
        seat)."""
        seat: cython.int = e.arg(0)
        lost: cython.int = (self.funds(e) + self.disruption_share - 1) // self.disruption_share
        e.done()
        if lost > 0:
            e.push(self.p_pay, seat, lost, LOSE)
