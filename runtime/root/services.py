"""The Riverfolk's services as the other players meet them (11.2.6-11.2.7): buying them at the start of Birdsong with
warriors paid into Payments (a card from the public hand, Riverboats, Mercenaries), and what the Riverfolk and
their buyers change in the shared rules: rivers as paths (Swimmers, Riverboats), Mercenaries counting for rule and
battle, and the hits a buyer splits with them. The engine calls these hooks; core.py has their defaults."""

from __future__ import annotations

from typing import Any

import cython  # type: ignore[import-untyped]

from .core import RootCore

CARD = cython.declare(cython.int, 12)
SERVICE = cython.declare(cython.int, 20)
NO_RIVERS = cython.declare(cython.int, 0)
RIVERS_AS_PATHS = cython.declare(cython.int, 1)
RIVERS_FREE = cython.declare(cython.int, 2)


@cython.cclass
class Services:
    """The services' procedure and rules; each takes the engine it runs in."""

    def __init__(self, tables: Any) -> None:
        offsets = tables.offsets
        self.faction = tables.numbers["riverfolk"]
        self.base = tables.numbers["services_base"]
        self.per_post = tables.numbers["services_per_post"]
        self.prices = tables.arrays["riverfolk_service_prices_cost"]
        self.nservices = tables.dims["services"]
        self.hand_card = tables.numbers["service_hand_card"]
        self.riverboats = tables.numbers["service_riverboats"]
        self.mercenaries = tables.numbers["service_mercenaries"]
        self.daylight = tables.numbers["daylight"]
        self.o_payments = offsets["payments"]
        self.o_price = offsets["service_price"]
        self.o_posts = offsets["trade_posts"]
        self.o_boats = offsets["riverboats"]
        self.o_hired = offsets["mercenaries"]

    def seller(self, e: RootCore) -> cython.int:
        """The Riverfolk's seat, or -1."""
        return e.seat_of(self.faction)

    def cost(self, e: RootCore, service: cython.int) -> cython.int:
        """What the service costs: its Services track's space under its marker (11.2.6.I)."""
        return self.prices[e.cells[self.o_price + service]]

    # --- buying (11.2.6) --------------------------------------------------------------------------------------

    def limit(self, e: RootCore, buyer: cython.int) -> cython.int:
        """Services the buyer may buy this turn: the base, and more per clearing with a trade post and a piece of
        theirs (11.2.6.II)."""
        c: cython.int
        n: cython.int = self.base
        for c in range(e.clearings):
            if e.cells[self.o_posts + c] > 0 and e.present(buyer, c):
                n += self.per_post
        return n

    def can_buy_service(self, e: RootCore, buyer: cython.int, service: cython.int) -> cython.bint:
        """The buyer can pay for the service, and it does something: a card is in the Riverfolk's hand, Riverboats
        and Mercenaries are not held already, and the Vagabond hires no mercenaries (11.2.7.III.2)."""
        seller: cython.int = self.seller(e)
        if e.cells[e.o_supply + buyer] < self.cost(e, service):
            return False
        if service == self.hand_card:
            return e.hand_size(seller) > 0
        if service == self.riverboats:
            return e.cells[self.o_boats + buyer] == 0
        return e.cells[self.o_hired + buyer] == 0 and e.faction(buyer) != e.f_vagabond

    def can_buy(self, e: RootCore, buyer: cython.int) -> cython.bint:
        """Another player than the Riverfolk can buy some service. The Vagabond pays with items (11.2.6.III), which
        this engine does not play: he buys none."""
        s: cython.int
        seller: cython.int = self.seller(e)
        if seller < 0 or seller == buyer or e.faction(buyer) == e.f_vagabond:
            return False
        for s in range(self.nservices):
            if self.can_buy_service(e, buyer, s):
                return True
        return False

    def buy(self, e: RootCore) -> None:
        """Buying services at the start of Birdsong (args: buyer; locals 3 services bought, 4 how many may be):
        each paid with warriors of the buyer's supply into Payments, up to the limit or until the buyer stops."""
        buyer: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        s: cython.int
        k: cython.int
        seller: cython.int = self.seller(e)
        if stage == 0:
            e.set_arg(4, self.limit(e, buyer))
        elif stage == 1:
            s = e.answer()
            if s == self.nservices:
                e.done()
                return
            e.cells[e.o_supply + buyer] -= self.cost(e, s)
            e.cells[self.o_payments + buyer] += self.cost(e, s)
            e.set_arg(3, e.arg(3) + 1)
            if s == self.hand_card:
                e.clear_options()
                for k in range(e.ncards):
                    if e.in_hand(seller, k) > 0:
                        e.option(k)
                e.goto(2)
                e.ask(CARD, buyer)
                return
            if s == self.riverboats:
                e.cells[self.o_boats + buyer] = 1
            else:
                e.cells[self.o_hired + buyer] = 1
        else:
            e.cells[e.o_hand + seller * e.ncards + e.answer()] -= 1
            e.cells[e.o_hand + buyer * e.ncards + e.answer()] += 1
        e.clear_options()
        if e.arg(3) < e.arg(4):
            for s in range(self.nservices):
                if self.can_buy_service(e, buyer, s):
                    e.option(s)
        if e.options() == 0:
            e.done()
            return
        e.option(self.nservices)  # buying is the player's choice
        e.goto(1)
        e.ask(SERVICE, buyer)

    def turn_ended(self, e: RootCore, seat: cython.int) -> None:
        """Riverboats and Mercenaries last until the end of the buyer's turn (11.2.7.II-III)."""
        e.cells[self.o_boats + seat] = 0
        e.cells[self.o_hired + seat] = 0

    # --- what the services change in the shared rules ----------------------------------------------------------

    def river_moves(self, e: RootCore, seat: cython.int) -> cython.int:
        """Swimmers: the Riverfolk move along rivers whoever rules (11.2.2); Riverboats: rivers are paths
        (11.2.7.II)."""
        if e.faction(seat) == self.faction:
            return RIVERS_FREE
        if e.cells[self.o_boats + seat]:
            return RIVERS_AS_PATHS
        return NO_RIVERS

    def hired(self, e: RootCore, seat: cython.int) -> cython.bint:
        """Mercenaries fight for the seat now: bought this turn, in its Daylight or Evening (11.2.7.III)."""
        return e.cells[self.o_hired + seat] != 0 and e.active() == seat and e.phase() >= self.daylight

    def rule_warriors(self, e: RootCore, seat: cython.int, clearing: cython.int) -> cython.int:
        """A buyer of Mercenaries treats the Riverfolk's warriors as their own for rule (1.1.4): they count for the
        buyer, not for the Riverfolk, while hired."""
        n: cython.int = e.warriors(clearing, seat)
        if e.faction(seat) == self.faction:
            return 0 if self.hired(e, e.active()) else n
        if self.hired(e, seat):
            return n + e.warriors(clearing, self.seller(e))
        return n

    def battle_warriors(self, e: RootCore, seat: cython.int, clearing: cython.int, other: cython.int) -> cython.int:
        """Hired Mercenaries fight for the buyer against any player but the Riverfolk (11.2.7.III)."""
        seller: cython.int
        n: cython.int = e.warriors(clearing, seat)
        if self.hired(e, seat):
            seller = self.seller(e)
            if other != seller:
                n += e.warriors(clearing, seller)
        return n

    def hired_hits(self, e: RootCore, victim: cython.int, clearing: cython.int, n: cython.int,
                   by: cython.int) -> cython.int:
        """The buyer splits hits with the Mercenaries: half on them, the odd one and what the buyer's warriors cannot
        take on theirs, and the buyer's buildings and tokens only once no warrior of either is left (11.2.7.III.1).
        Removes the Mercenaries hit; returns how many."""
        seller: cython.int
        taken: cython.int
        i: cython.int
        if not self.hired(e, victim):
            return 0
        seller = self.seller(e)
        if by == seller:
            return 0
        taken = min(e.warriors(clearing, seller), max(n // 2, n - e.warriors(clearing, victim)))
        for i in range(taken):
            e.remove_warrior(seller, clearing)
        return taken
