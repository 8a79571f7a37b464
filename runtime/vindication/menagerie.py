"""The Ménagerie d'animaux exotiques (L3058-3081): the pet market set up beside the board, a pet tamed at the
Menagerie and bound to one of its tamer's companions, its master; the pet's power used while its master is the
companion activated this turn (the index, L2271-2402; always optional, L2275); a pet bound to a new master for an
influence cube on it, or for free once its master left the party (L3079-3080); abandoned with its master (L3081).
Each method takes the engine it runs in; a native's arguments are the effect's (args 0-2).

Where a pet stands is the kernel's: `k_pet_master` holds each card's master + 1 (0: bound to no companion, on the
character, where its power does nothing, L3080); `k_pets_used` the pets whose power was used this turn (by bit)."""

from __future__ import annotations

from typing import Any

import cython  # type: ignore[import-untyped]

from .board import VindicationBoard

EFFECT = cython.declare(cython.int, 0)
CARD = cython.declare(cython.int, 12)
ATTRIBUTE = cython.declare(cython.int, 13)
COUNT = cython.declare(cython.int, 17)
"""Kinds of decision (describe.py): a card, an attribute (its deck), a number (a token and a direction)."""
DECKS = cython.declare(cython.int, 6)
DRAW_BLIND = cython.declare(cython.int, 1000)
"""The option of the top face-down pet instead of one of the market (describe.py STOP)."""
COMPANION = cython.declare(cython.int, 0)
RELIC = cython.declare(cython.int, 2)
PET = cython.declare(cython.int, 4)
"""Card kinds (tables.py CARD_KINDS)."""
COMMONS = cython.declare(cython.int, 3)
"""Inspiration, knowledge and strength: the attributes the Menagerie costs (L3070)."""
ACTIVATED = cython.declare(cython.int, 1)
"""The turn's record (core.turn_flag): the card activated + 2."""
INFLUENCE = cython.declare(cython.int, 1)


@cython.cclass
class Menagerie:
    """The pets' market, taming, masters and powers."""

    def __init__(self, tables: Any) -> None:
        n: dict[str, int] = tables.numbers
        self.on = n["pet_market"] > 0
        self.market = n["pet_market"]
        self.rebind_cost = n["pet_rebind_influence"]
        self.zone_pets = n["zone_pets"]
        self.k_master = n["k_pet_master"]
        self.k_used = n["k_pets_used"]
        self.needs_relic = tables.arrays["pet_needs_relic"]

    # --- the market and the masters ------------------------------------------------------------------------------

    def fill_market(self, e: VindicationBoard) -> None:
        """Pets of the deck turn face up until the market holds as many as the setup shows (L3064); after a pet
        is taken from it, the next one takes its place (a ruling: the rulebook does not say)."""
        shown: cython.int = 0
        card: cython.int
        for card in range(e.ncards):
            if e.zone(card) == self.zone_pets and e.cells[e.o_faceup + card] == 1:
                shown += 1
        while shown < self.market:
            card = e.top_facedown(self.zone_pets)
            if card < 0:
                return
            e.cells[e.o_faceup + card] = 1
            shown += 1

    def setup(self, e: VindicationBoard) -> None:
        """The pet deck shuffled and the market turned face up (L3064)."""
        if self.on:
            e.shuffle(self.zone_pets)
            self.fill_market(e)
        e.done()

    def new_turn(self, e: VindicationBoard) -> None:
        """No pet's power used yet this turn."""
        e.cells[self.k_used] = 0

    def master(self, e: VindicationBoard, pet: cython.int) -> cython.int:
        """The companion the pet is bound to, or -1 (on the character)."""
        return e.cells[self.k_master + pet] - 1

    def master_lost(self, e: VindicationBoard, seat: cython.int, pet: cython.int) -> cython.bint:
        """The pet is bound to no companion of its owner's party: on the character, or its master gone (killed,
        taken by another player's effect, L3080)."""
        master: cython.int = self.master(e, pet)
        return master < 0 or not e.owns(seat, master)

    def offer_masters(self, e: VindicationBoard, seat: cython.int, pet: cython.int) -> cython.int:
        """Offers the seat's companions the pet may be bound to (not its master now); returns how many."""
        card: cython.int
        free: cython.bint = self.master_lost(e, seat, pet)
        e.clear_options()
        if not free and e.influence(seat) < self.rebind_cost:
            return 0
        for card in range(e.ncards):
            if e.card_kind[card] == COMPANION and e.owns(seat, card) and card != self.master(e, pet):
                e.option(card)
        return e.options()

    def abandon_pets(self, e: VindicationBoard, seat: cython.int, master: cython.int) -> None:
        """A companion its player abandons takes its pets out of the game with it, their honour lost (L3081)."""
        pet: cython.int
        if not self.on:
            return
        for pet in range(e.ncards):
            if e.card_kind[pet] == PET and e.owns(seat, pet) and self.master(e, pet) == master:
                e.lose_card(seat, pet)

    def remove_card(self, e: VindicationBoard) -> None:
        """A card its player abandons (L354; native remove_card, args: seat, card), with the pets it masters."""
        e.lose_card(e.arg(0), e.arg(1))
        self.abandon_pets(e, e.arg(0), e.arg(1))
        e.done()

    def bind(self, e: VindicationBoard, seat: cython.int, pet: cython.int, master: cython.int) -> None:
        """The pet's new master; an influence cube onto it unless the pet had lost its master (L3079-3080)."""
        if not self.master_lost(e, seat, pet):
            e.add_sphere(INFLUENCE, seat, -self.rebind_cost)
            e.cells[e.o_card_cubes + master] += self.rebind_cost
        e.cells[self.k_master + pet] = master + 1

    # --- the Menagerie -------------------------------------------------------------------------------------------

    def priced(self, e: VindicationBoard, seat: cython.int, n: cython.int, lowered: cython.int) -> cython.bint:
        """Whether the player can pay n cubes of each of the three attributes, the share of `lowered` (-1: none)
        at the price of the next card gained (decks.card_cost: the Anneau's cube less, L2420)."""
        a: cython.int
        for a in range(COMMONS):
            if not e.can_pay(seat, a, e.card_cost(n) if a == lowered else n):
                return False
        return True

    def tame_pet(self, e: VindicationBoard) -> None:
        """Ménagerie (L3068-3075): n inspiration, knowledge and strength cubes (args: seat, n) for a pet of the
        market or the top face-down one, bound at once to one of the tamer's companions, or to none if they have
        none (L3080); an imbued crystal may stand in for one cube of each (payments.pay); the Anneau's cube off the
        next card comes off the attribute the player chooses (L2420). Local 3: the pet tamed; 4: the pet chosen."""
        seat: cython.int = e.arg(0)
        n: cython.int = e.arg(1)
        a: cython.int
        card: cython.int
        if e.stage() == 0:
            e.clear_options()
            for a in range(-1, COMMONS):
                if self.priced(e, seat, n, a):
                    for card in range(e.ncards):
                        if e.zone(card) == self.zone_pets and e.cells[e.o_faceup + card] == 1:
                            e.option(card)
                    if e.top_facedown(self.zone_pets) >= 0:
                        e.option(DRAW_BLIND)
                    break
            if e.options() == 0:
                e.done()
                return
            e.goto(1)
            e.ask(CARD, seat)
            return
        if e.stage() == 1:
            e.set_arg(4, e.answer())
            if e.card_cost(n) < n:
                e.clear_options()
                for a in range(COMMONS):
                    if self.priced(e, seat, n, a):
                        e.option(a)
                e.goto(3)
                e.ask(ATTRIBUTE, seat)
                return
            self.take_pet(e, seat, n, -1)
            return
        if e.stage() == 3:
            self.take_pet(e, seat, n, e.answer())
            return
        self.bind(e, seat, e.arg(3), e.answer())
        e.done()

    def take_pet(self, e: VindicationBoard, seat: cython.int, n: cython.int, lowered: cython.int) -> None:
        """The pet chosen (local 4) paid for, the share of `lowered` at the next card's price, and taken; its
        master asked for (stage 2) when the tamer has a companion."""
        card: cython.int = e.arg(4) if e.arg(4) != DRAW_BLIND else e.top_facedown(self.zone_pets)
        a: cython.int
        for a in range(COMMONS):
            e.pay(seat, a, e.card_cost(n) if a == lowered else n)
        e.gain_card(seat, card)
        e.cells[self.k_master + card] = 0
        self.fill_market(e)
        e.set_arg(3, card)
        if self.offer_masters(e, seat, card) > 0:
            e.goto(2)
            e.ask(CARD, seat)
            return
        e.done()

    # --- a new master ----------------------------------------------------------------------------------------------

    def rebindable(self, e: VindicationBoard, seat: cython.int, pet: cython.int) -> cython.bint:
        card: cython.int
        if e.card_kind[pet] != PET or not e.owns(seat, pet):
            return False
        if not self.master_lost(e, seat, pet) and e.influence(seat) < self.rebind_cost:
            return False
        for card in range(e.ncards):
            if e.card_kind[card] == COMPANION and e.owns(seat, card) and card != self.master(e, pet):
                return True
        return False

    def can_rebind(self, e: VindicationBoard, seat: cython.int) -> cython.bint:
        pet: cython.int
        if not self.on:
            return False
        for pet in range(e.ncards):
            if self.rebindable(e, seat, pet):
                return True
        return False

    def rebind_pet(self, e: VindicationBoard) -> None:
        """One of the player's pets to a new master (L3079-3080): which pet, then which companion. Local 3: the
        pet."""
        seat: cython.int = e.arg(0)
        pet: cython.int
        if e.stage() == 0:
            e.clear_options()
            for pet in range(e.ncards):
                if self.rebindable(e, seat, pet):
                    e.option(pet)
            e.goto(1)
            e.ask(CARD, seat)
            return
        if e.stage() == 1:
            e.set_arg(3, e.answer())
            self.offer_masters(e, seat, e.answer())
            e.goto(2)
            e.ask(CARD, seat)
            return
        self.bind(e, seat, e.arg(3), e.answer())
        e.done()

    # --- the natives of the pets' powers ----------------------------------------------------------------------------

    def move_trigger_token(self, e: VindicationBoard) -> None:
        """Ghak (L2301-2304): an end-game trigger token nobody has taken n spaces back or forward on the score track
        (args: seat, n), the player's choice, never below its first space; option 2 * token + 1 forward."""
        i: cython.int
        if e.stage() == 0:
            e.clear_options()
            for i in range(e.ntriggers):
                if e.cells[e.k_token + i] == 0:
                    if e.token_space(i) - e.arg(1) >= 1:
                        e.option(2 * i)
                    e.option(2 * i + 1)
            if e.options() == 0:
                e.done()
                return
            e.goto(1)
            e.ask(COUNT, e.arg(0))
            return
        i = e.answer() // 2
        e.cells[e.k_token_shift + i] += e.arg(1) if e.answer() % 2 else -e.arg(1)
        e.done()

    def flip_deck_top(self, e: VindicationBoard) -> None:
        """Y'i'qua (L2390-2392): the top face-down card of one of the six decks of the central board, the player's
        choice, turns face up onto the face-up card of that deck."""
        a: cython.int
        card: cython.int
        top: cython.int = 0
        if e.stage() == 0:
            e.clear_options()
            for a in range(DECKS):
                if e.top_facedown(e.deck_zone[a]) >= 0:
                    e.option(a)
            if e.options() == 0:
                e.done()
                return
            e.goto(1)
            e.ask(ATTRIBUTE, e.arg(0))
            return
        card = e.top_facedown(e.deck_zone[e.answer()])
        for a in range(e.ncards):
            if e.zone(a) == e.deck_zone[e.answer()] and e.cells[e.o_order + a] > top:
                top = e.cells[e.o_order + a]
        e.cells[e.o_faceup + card] = 1
        e.cells[e.o_order + card] = top + 1
        e.done()

    # --- the pets' powers ------------------------------------------------------------------------------------------

    def usable_pet(self, e: VindicationBoard, seat: cython.int, pet: cython.int) -> cython.bint:
        """A pet of the seat's whose master is the companion activated this turn, whose power the engine plays and
        the player can pay for (tables.py `card_needs`, an imbued crystal standing in for a cube as for a card's
        power; a relic for one that acts on a relic), not used yet this turn."""
        master: cython.int = e.turn_flag(ACTIVATED) - 2
        if master < 0 or e.card_kind[pet] != PET or e.card_activated[pet] < 0 or not e.owns(seat, pet) \
                or self.master(e, pet) != master or not e.owns(seat, master) \
                or (e.cells[self.k_used] >> e.card_local[pet]) & 1:
            return False
        return e.can_pay_card(seat, pet) and (not self.needs_relic[pet] or self.holds_relic(e, seat))

    def holds_relic(self, e: VindicationBoard, seat: cython.int) -> cython.bint:
        card: cython.int
        for card in range(e.ncards):
            if e.card_kind[card] == RELIC and e.owns(seat, card):
                return True
        return False

    def can_use_pet(self, e: VindicationBoard, seat: cython.int) -> cython.bint:
        pet: cython.int
        if not self.on or e.turn_flag(ACTIVATED) < 2:
            return False
        for pet in range(e.ncards):
            if self.usable_pet(e, seat, pet):
                return True
        return False

    def use_pet(self, e: VindicationBoard) -> None:
        """The power of a pet whose master is activated (L3077), once a turn each: its effect, as the card says."""
        seat: cython.int = e.arg(0)
        pet: cython.int
        if e.stage() == 0:
            e.clear_options()
            for pet in range(e.ncards):
                if self.usable_pet(e, seat, pet):
                    e.option(pet)
            e.goto(1)
            e.ask(CARD, seat)
            return
        if e.stage() == 1:
            pet = e.answer()
            e.cells[self.k_used] |= 1 << e.card_local[pet]
            e.pay_card(seat, pet)
            e.goto(2)
            e.push(EFFECT, e.card_activated[pet], seat, e.card_local[pet])
            return
        e.done()
