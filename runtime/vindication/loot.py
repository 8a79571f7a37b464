"""The natives only loot cards call (Mythes et Merveilles, L2404-2520): a card acquired blind (Étrange étendard,
Magie inconnue), a card or an aptitude tile exchanged for one of the central board (Lance cérémoniale, Poudre des
ères disparues, Sceptre du veilleur nocturne), an active end-game trigger card replaced (Plume sacrée); and, for
myths_rewards.py, whether such a power can act, so that it is never offered for nothing (asked while the turn's
menu is built: it counts without touching the decision's options). Each method takes the engine it runs in. The
rulings these cards needed are in content/vindication/CHANGELOG.md."""

from __future__ import annotations

from typing import Any

import cython  # type: ignore[import-untyped]

from .board import VindicationBoard
from .cards import Cards

ACQUIRE_BLIND = cython.declare(cython.int, 0)
SWAP_CARD = cython.declare(cython.int, 1)
REPLACE_TRIGGER = cython.declare(cython.int, 2)
"""The loot natives by their place in tables.py LOOT_NATIVES (`card_loot_native`)."""
SWAP_RELIC = cython.declare(cython.int, 0)
SWAP_COMPANION = cython.declare(cython.int, 1)
SWAP_APTITUDE = cython.declare(cython.int, 2)
"""What swap_card exchanges, by its number argument (content/vindication/natives/core.yaml)."""
COMPANION = cython.declare(cython.int, 0)
RELIC = cython.declare(cython.int, 2)
"""Card kinds (tables.py CARD_KINDS)."""
CARD = cython.declare(cython.int, 12)
ATTRIBUTE = cython.declare(cython.int, 13)
"""Kinds of decision (describe.py)."""
DRAW_BLIND = cython.declare(cython.int, 1000)
"""The option of the top face-down card of a deck, taken blind."""


@cython.cclass
class LootPowers:
    """The loot cards' own natives; each method takes the engine it runs in."""

    def __init__(self, tables: Any) -> None:
        self.card_loot_native = tables.arrays["card_loot_native"]
        self.card_loot_arg = tables.arrays["card_loot_arg"]
        self.blind_deck = tables.arrays["blind_deck"]

    def possible(self, e: VindicationBoard, seat: cython.int, card: cython.int) -> cython.bint:
        """Whether the loot card's power can act for the player: a card to acquire blind, a card or tile of theirs
        to exchange and one of the board to take, an active trigger card and one to replace it with."""
        native: cython.int = self.card_loot_native[card]
        arg: cython.int = self.card_loot_arg[card]
        if native == ACQUIRE_BLIND:
            return e.top_facedown(e.deck_zone[self.blind_deck[arg]]) >= 0
        if native == SWAP_CARD and arg == SWAP_APTITUDE:
            return self.returnable_aptitude(e, seat, -1)
        if native == SWAP_CARD:
            return self.count_own(e, seat, arg) > 0 and self.count_board(e, arg) > 0
        if native == REPLACE_TRIGGER:
            return self.count_active_triggers(e) > 0 and e.top_facedown(e.zone_trigger_deck) >= 0
        return True

    # --- Étrange étendard insulaire, Magie inconnue (L2434-2438, L2454-2458) ------------------------------------

    def acquire_blind(self, e: VindicationBoard, cards: Cards) -> None:
        """The loot card out of the game, then the top face-down card of the deck the number names (0 the traits,
        1 the relics: tables.py BLIND_DECKS) acquired as any card, its honour gained; a relic arrives uncharged
        (L2458: no cube put on it). Args: seat, which deck."""
        seat: cython.int = e.arg(0)
        card: cython.int
        for card in range(e.ncards):
            if self.card_loot_native[card] == ACQUIRE_BLIND and self.card_loot_arg[card] == e.arg(1) \
                    and e.owns(seat, card):
                e.lose_card(seat, card)
        card = e.top_facedown(e.deck_zone[self.blind_deck[e.arg(1)]])
        if card < 0:
            e.done()
            return
        cards.take(e, seat, card)

    # --- Lance cérémoniale, Poudre des ères disparues, Sceptre du veilleur nocturne (L2444-2508) ----------------

    def count_own(self, e: VindicationBoard, seat: cython.int, what: cython.int, offer: cython.bint = False) \
            -> cython.int:
        """How many relics or companions the player can give in exchange (none under a treachery cube: a ruling);
        with offer, each is an option of the decision."""
        card: cython.int
        n: cython.int = 0
        kind: cython.int = RELIC if what == SWAP_RELIC else COMPANION
        for card in range(e.ncards):
            if e.card_kind[card] == kind and e.owns(seat, card) and e.cells[e.k_treachery_card + card] == 0:
                n += 1
                if offer:
                    e.option(card)
        return n

    def count_board(self, e: VindicationBoard, what: cython.int, offer: cython.bint = False) -> cython.int:
        """How many cards of the central board can be taken in exchange: a relic face up, or the top face-down one
        blind (L2446); a companion face up (L2496). With offer, each is an option of the decision."""
        kind: cython.int = RELIC if what == SWAP_RELIC else COMPANION
        a: cython.int
        top: cython.int
        n: cython.int = 0
        for a in range(e.nattributes):
            top = e.top_faceup(e.deck_zone[a])
            if top >= 0 and e.card_kind[top] == kind:
                n += 1
                if offer:
                    e.option(top)
        if what == SWAP_RELIC and self.blind_relic(e) >= 0:
            n += 1
            if offer:
                e.option(DRAW_BLIND)
        return n

    def blind_relic(self, e: VindicationBoard) -> cython.int:
        """The top face-down card of the relics' deck, or -1."""
        a: cython.int
        top: cython.int
        for a in range(e.nattributes):
            top = e.top_facedown(e.deck_zone[a])
            if top >= 0 and e.card_kind[top] == RELIC:
                return top
        return -1

    def returnable_aptitude(self, e: VindicationBoard, seat: cython.int, a: cython.int) -> cython.bint:
        """Whether the player holds the aptitude tile a (any, with -1) and another attribute's tile is left on the
        board to take for it (L2508: another one)."""
        mine: cython.int
        other: cython.int
        for mine in range(e.nattributes):
            if (a < 0 or mine == a) and e.cells[e.o_aptitudes + mine * e.seats + seat] > 0:
                for other in range(e.nattributes):
                    if other != mine and e.cells[e.k_stock + other] > 0:
                        return True
        return False

    def swap_card(self, e: VindicationBoard) -> None:
        """A relic, a companion or an aptitude tile of the player's exchanged for one of the central board (args:
        seat, what: SWAP_RELIC, SWAP_COMPANION, SWAP_APTITUDE). The card given goes back in the box, its influence
        cubes onto the new card, with no honour lost or gained (L2448, L2498): the exchange is not a card gained
        (no event, a ruling). The tile goes back to its place and another is taken (L2508). Local 3: what the player
        gives."""
        seat: cython.int = e.arg(0)
        what: cython.int = e.arg(1)
        a: cython.int
        if e.stage() == 0:
            e.clear_options()
            if what == SWAP_APTITUDE:
                for a in range(e.nattributes):
                    if self.returnable_aptitude(e, seat, a):
                        e.option(a)
            elif self.count_board(e, what) > 0:
                self.count_own(e, seat, what, True)
            if e.options() == 0:
                e.done()
                return
            e.goto(1)
            e.ask(ATTRIBUTE if what == SWAP_APTITUDE else CARD, seat)
            return
        if e.stage() == 1:
            e.set_arg(3, e.answer())
            if what == SWAP_APTITUDE:
                e.clear_options()
                for a in range(e.nattributes):
                    if a != e.answer() and e.cells[e.k_stock + a] > 0:
                        e.option(a)
                e.goto(2)
                e.ask(ATTRIBUTE, seat)
                return
            e.clear_options()
            self.count_board(e, what, True)
            e.goto(2)
            e.ask(CARD, seat)
            return
        if what == SWAP_APTITUDE:
            self.exchange_aptitude(e, seat, e.arg(3), e.answer())
        else:
            self.exchange_card(e, seat, e.arg(3), e.answer())
        e.done()

    def exchange_aptitude(self, e: VindicationBoard, seat: cython.int, given: cython.int,
                          taken: cython.int) -> None:
        e.cells[e.o_aptitudes + given * e.seats + seat] -= 1
        e.cells[e.k_stock + given] += 1
        e.cells[e.o_aptitudes + taken * e.seats + seat] += 1
        e.cells[e.k_stock + taken] -= 1

    def exchange_card(self, e: VindicationBoard, seat: cython.int, given: cython.int, answer: cython.int) -> None:
        """The card given to the box, its cubes onto the card taken (the face-up one answered, or the top
        face-down relic), which joins the party face up; the deck it left turns its next card up if it must."""
        taken: cython.int = self.blind_relic(e) if answer == DRAW_BLIND else answer
        deck: cython.int = e.zone(taken)
        e.cells[e.o_card_cubes + taken] += e.cells[e.o_card_cubes + given]
        e.cells[e.o_card_cubes + given] = 0
        e.put(given, e.zone_box, -1)
        e.put(taken, e.zone_party + seat, seat)
        e.cells[e.o_faceup + taken] = 1
        e.refill(deck)

    # --- Plume sacrée (L2484-2488) ---------------------------------------------------------------------------

    def count_active_triggers(self, e: VindicationBoard, offer: cython.bint = False) -> cython.int:
        """How many end-game trigger cards are active (face up, L949); with offer, each is an option."""
        card: cython.int
        n: cython.int = 0
        for card in range(e.ncards):
            if e.active_trigger(card):
                n += 1
                if offer:
                    e.option(card)
        return n

    def replace_active_trigger(self, e: VindicationBoard) -> None:
        """An active end-game trigger card of the player's choice back in the box, the top card of the trigger
        deck turned face up in its place (args: seat)."""
        seat: cython.int = e.arg(0)
        if e.stage() == 0:
            e.clear_options()
            if self.count_active_triggers(e, True) == 0 or e.top_facedown(e.zone_trigger_deck) < 0:
                e.clear_options()
                e.done()
                return
            e.goto(1)
            e.ask(CARD, seat)
            return
        e.put(e.answer(), e.zone_box, -1)
        e.reveal_trigger()
        e.done()
