"""The Joaillier expansion's crystals (L3033-3049): gained at a Crystal Mine, spent at the Jewelcrafter to weld a
companion, delivered for honour or, with attribute cubes, for an imbued crystal card. Each is a procedure taking
the engine it runs in; a native's arguments are the effect's (args 0-2). The imbued crystal cards' own power
(L1829-1873: one cube of their type once a turn) is paid through payments.pay and payments.pay_effect, which
ask crystal_substitute when the player could pay in cubes alone."""

from __future__ import annotations

import cython  # type: ignore[import-untyped]

from .board import VindicationBoard

CARD = cython.declare(cython.int, 12)
ATTRIBUTE = cython.declare(cython.int, 13)
COUNT = cython.declare(cython.int, 17)
STOP = cython.declare(cython.int, 1000)
YESNO = cython.declare(cython.int, 15)
USE_CRYSTAL = cython.declare(cython.int, 1)
COMPANION = cython.declare(cython.int, 0)
VISITED = cython.declare(cython.int, 2)
"""The turn's record (core.turn_flag): the slot of the turn's visit + 1."""


@cython.cclass
class Jewels:
    """The crystals' natives; each method takes the engine it runs in."""

    def crystals(self, e: VindicationBoard, seat: cython.int) -> cython.int:
        return e.cells[e.k_crystals + seat]

    def supply(self, e: VindicationBoard) -> cython.int:
        """The crystals in the central board's supply: those no player holds (L3041)."""
        held: cython.int = 0
        seat: cython.int
        for seat in range(e.players()):
            held += e.cells[e.k_crystals + seat]
        return e.crystal_tokens - held

    def gain_crystals(self, e: VindicationBoard) -> None:
        """Mine de cristaux (L3041): n crystals plus m for each mine the visitor controls (args: seat, n, m), as
        many as the supply holds."""
        seat: cython.int = e.arg(0)
        slot: cython.int = e.turn_flag(VISITED) - 1
        gained: cython.int = e.arg(1)
        if slot >= 0 and e.slot_region(slot) >= 0:
            gained += e.arg(2) * e.cells[e.o_controlled + e.slot_region(slot) * e.seats + seat]
        if gained > self.supply(e):
            gained = self.supply(e)
        e.cells[e.k_crystals + seat] += gained
        e.done()

    def weld_companion(self, e: VindicationBoard) -> None:
        """Joaillier (L3047): for n crystal, up to m influence cubes of one of the player's companions go back to
        their influence sphere (args: seat, n, m); as often as the player likes (L3045), until they stop."""
        seat: cython.int = e.arg(0)
        card: cython.int
        moved: cython.int
        if e.stage() == 1 and e.answer() != STOP:
            card = e.answer()
            moved = e.arg(2) if e.arg(2) < e.card_cubes(card) else e.card_cubes(card)
            e.cells[e.k_crystals + seat] -= e.arg(1)
            e.cells[e.o_card_cubes + card] -= moved
            e.add_sphere(1, seat, moved)
        elif e.stage() == 1:
            e.done()
            return
        e.clear_options()
        if e.arg(1) >= 1 and self.crystals(e, seat) >= e.arg(1):
            for card in range(e.ncards):
                if e.card_kind[card] == COMPANION and e.owns(seat, card) and e.card_cubes(card) > 0:
                    e.option(card)
        if e.options() == 0:
            e.done()
            return
        e.option(STOP)
        e.goto(1)
        e.ask(CARD, seat)

    def deliver_crystals(self, e: VindicationBoard) -> None:
        """Joaillier (L3048): each n crystals delivered to the supply give m honour (args: seat, n, m); the player
        says how many times, none included (L3045)."""
        seat: cython.int = e.arg(0)
        times: cython.int
        if e.stage() == 0:
            e.clear_options()
            if e.arg(1) >= 1:
                for times in range(self.crystals(e, seat) // e.arg(1) + 1):
                    e.option(times)
            if e.options() <= 1:
                e.clear_options()
                e.done()
                return
            e.goto(1)
            e.ask(COUNT, seat)
            return
        times = e.answer()
        if times > 0:
            e.cells[e.k_crystals + seat] -= times * e.arg(1)
            e.gain_honour(seat, times * e.arg(2))
        e.done()

    def buy_imbued_crystal(self, e: VindicationBoard) -> None:
        """Joaillier (L3049): n attribute cubes of one type and m crystals (args: seat, n, m) take the imbued
        crystal card of that type if no one has it; as often as the player likes (L3045), until they stop. The
        cubes are a card's price: the Anneau's cube less for the next card (decks.card_cost, L2420)."""
        seat: cython.int = e.arg(0)
        a: cython.int
        card: cython.int
        if e.stage() == 1 and e.answer() != STOP:
            a = e.answer()
            card = e.crystal_card[a]
            e.spend(seat, a, e.card_cost(e.arg(1)))
            e.cells[e.k_crystals + seat] -= e.arg(2)
            e.card_obtained(seat)
            e.put(card, e.zone_party + seat, seat)
            e.cells[e.o_faceup + card] = 1
        elif e.stage() == 1:
            e.done()
            return
        e.clear_options()
        if self.crystals(e, seat) >= e.arg(2):
            for a in range(e.nattributes):
                card = e.crystal_card[a]
                if card >= 0 and e.owner(card) < 0 and e.attr(a, seat) >= e.card_cost(e.arg(1)):
                    e.option(a)
        if e.options() == 0:
            e.done()
            return
        e.option(STOP)
        e.goto(1)
        e.ask(ATTRIBUTE, seat)

    def crystal_substitute(self, e: VindicationBoard) -> None:
        """An imbued crystal standing in for one of the cubes just paid (args: seat, attribute; L1829, L3055): the
        player says whether it does, and if so that cube comes back from influence; if not, the crystal stays
        unused this turn. The kernel marked it used when it asked (payments.pay), so nothing else counts on it."""
        seat: cython.int = e.arg(0)
        attribute: cython.int = e.arg(1)
        if e.stage() == 0 and e.influence(seat) > 0:
            e.clear_options()
            e.option(0)
            e.option(USE_CRYSTAL)
            e.goto(1)
            e.ask(YESNO, seat)
            return
        if e.stage() == 1 and e.answer() == USE_CRYSTAL:
            e.generate(seat, attribute, 1)
        else:
            e.use_crystal(attribute, False)
        e.done()
