"""The cards of a game of Vindication: the decks of the central board (L336-348), the players' parties and what
moves a card between them, over the state of core.py and the payments of payments.py."""

from __future__ import annotations

import cython  # type: ignore[import-untyped]

from .payments import VindicationPayments

E_GAIN_CARD = cython.declare(cython.int, 12)
"""The event of a card gained (tables.py EVENTS)."""
R_CARD_COST_DELTA = cython.declare(cython.int, 12)
"""The rule hook card_cost_delta (tables.py RULE_FIELDS): added to the price of the next card gained this turn
(Anneau d'ambition aveugle)."""


@cython.cclass
class VindicationDecks(VindicationPayments):
    """Cards: their zones, decks and owners, gained and lost."""

    def zone(self, card: cython.int) -> cython.int:
        return self.cells[self.o_zone + card]

    def owner(self, card: cython.int) -> cython.int:
        return self.cells[self.o_owner + card]

    def owns(self, seat: cython.int, card: cython.int) -> cython.bint:
        return self.cells[self.o_zone + card] == self.zone_party + seat

    def top_facedown(self, zone: cython.int) -> cython.int:
        """The top face-down card of a deck (the largest order), or -1 when none is left."""
        best: cython.int = -1
        order: cython.int = -1
        i: cython.int
        for i in range(self.ncards):
            if self.cells[self.o_zone + i] == zone and self.cells[self.o_faceup + i] == 0 \
                    and self.cells[self.o_order + i] > order:
                best = i
                order = self.cells[self.o_order + i]
        return best

    def top_faceup(self, zone: cython.int) -> cython.int:
        """The face-up card of a deck on top of its face-up stack (L338), or -1."""
        best: cython.int = -1
        order: cython.int = -1
        i: cython.int
        for i in range(self.ncards):
            if self.cells[self.o_zone + i] == zone and self.cells[self.o_faceup + i] == 1 \
                    and self.cells[self.o_order + i] > order:
                best = i
                order = self.cells[self.o_order + i]
        return best

    def refill(self, zone: cython.int) -> None:
        """No face-up card left: the top face-down one turns face up (L338)."""
        card: cython.int
        if self.top_faceup(zone) < 0:
            card = self.top_facedown(zone)
            if card >= 0:
                self.cells[self.o_faceup + card] = 1

    def shuffle(self, zone: cython.int) -> None:
        """The face-down cards of a zone in a new random order (the face-up ones stay on top)."""
        i: cython.int
        for i in range(self.ncards):
            if self.cells[self.o_zone + i] == zone and self.cells[self.o_faceup + i] == 0:
                self.cells[self.o_order + i] = self.roll(1 << 20)

    def put(self, card: cython.int, zone: cython.int, seat: cython.int) -> None:
        """A card to a zone (a player's party or quests when seat >= 0, which they see), face down."""
        self.cells[self.o_zone + card] = zone
        self.cells[self.o_owner + card] = seat
        self.cells[self.o_faceup + card] = 0
        if seat >= 0:
            self.cells[self.o_seen + card * self.seats + seat] = 1

    def card_cost(self, cost: cython.int) -> cython.int:
        """The price in cubes of the card about to be gained: the rule's, changed by this turn's card_cost_delta
        (the Anneau's 1 cube less, L2420), never below nothing."""
        return max(0, cost + self.rule(R_CARD_COST_DELTA))

    def card_obtained(self, seat: cython.int) -> None:
        """A card the player whose turn it is obtains spends what changed the price of the next one
        (card_cost_delta, L2420: "la prochaine carte")."""
        if seat == self.cells[self.o_current]:
            self.set_rule(R_CARD_COST_DELTA, 0)

    def gain_card(self, seat: cython.int, card: cython.int) -> None:
        """A card joins the player's party: its honour is gained (or lost) at once (L352); announced
        (Préparation, L1795)."""
        deck: cython.int = self.cells[self.o_zone + card]
        self.card_obtained(seat)
        self.put(card, self.zone_party + seat, seat)
        self.cells[self.o_faceup + card] = 1
        self.gain_honour(seat, self.card_honour[card])
        if deck != self.zone_party + seat:
            self.refill(deck)
        if self.card_kind[card] >= 1 and self.card_kind[card] <= 3:
            self.cells[self.k_gained + self.card_kind[card]] += 1
        self.fire(seat, E_GAIN_CARD)

    def lose_card(self, seat: cython.int, card: cython.int) -> None:
        """A card leaves the game: its cubes go back to influence, its honour is lost if positive (L356-358)."""
        self.cells[self.o_influence + seat] += self.cells[self.o_card_cubes + card]
        self.cells[self.o_card_cubes + card] = 0
        if self.card_honour[card] > 0:
            self.gain_honour(seat, -self.card_honour[card])
        self.put(card, self.zone_box, -1)

    def champion(self, seat: cython.int) -> cython.int:
        """The companion with the lowest initiative (L772), or -1 with none."""
        best: cython.int = -1
        i: cython.int
        for i in range(self.ncards):
            if self.card_kind[i] == 0 and self.owns(seat, i):
                if best < 0 or self.card_initiative[i] < self.card_initiative[best]:
                    best = i
        return best

    def active_trigger(self, card: cython.int) -> cython.bint:
        """An end-game trigger card face up: active (L949)."""
        return self.zone(card) == self.zone_trigger_deck and self.cells[self.o_faceup + card] == 1

    def reveal_trigger(self) -> None:
        """The top face-down trigger card turns face up: it is active (L949)."""
        card: cython.int = self.top_facedown(self.zone_trigger_deck)
        if card >= 0:
            self.cells[self.o_faceup + card] = 1
