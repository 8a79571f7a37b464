"""The setup of the base game (L121-223), step by step; every count is a constant of the content. The journey
cards are dealt before (kernel.py): where each medallion starts and who plays first come from them (L147, L223)."""

from __future__ import annotations

import cython  # type: ignore[import-untyped]

from .board import VindicationBoard

CARD = cython.declare(cython.int, 12)
COMMONS = cython.declare(cython.int, 3)
DECKS = cython.declare(cython.int, 6)
SET_ASIDE = cython.declare(cython.int, 3)
"""card_faceup of a shield companion set aside while a starting companion is drawn (L163-165)."""
START_COLOUR = cython.declare(cython.int, 3)
"""The game's record (core `k_game`) from here on: each seat's journey colour."""
C_START_HONOUR = cython.declare(cython.int, 0)
C_START_ATTRIBUTES = cython.declare(cython.int, 1)
C_QUESTS_DEALT = cython.declare(cython.int, 2)
C_QUESTS_KEPT = cython.declare(cython.int, 3)
C_APTITUDES_FEWER = cython.declare(cython.int, 4)
C_ACTIVE_TRIGGERS = cython.declare(cython.int, 5)


@cython.cclass
class Preparation:
    """The setup procedure; it takes the engine it runs in."""

    def set_aside(self, e: VindicationBoard) -> None:
        """Sites de construction (L3133-3135): as many region tiles as there are sites in the bag, drawn from it at
        random, face up beside the board, to be built on a site."""
        i: cython.int
        r: cython.int
        pick: cython.int
        e.cells[e.k_bag + e.site_region] -= e.construction_sites
        for i in range(e.construction_sites):
            pick = e.roll(e.bag_left())
            for r in range(e.nregions):
                if pick < e.cells[e.k_bag + r]:
                    e.cells[e.k_bag + r] -= 1
                    e.cells[e.k_aside + r] += 1
                    break
                pick -= e.cells[e.k_bag + r]
        e.cells[e.k_bag + e.site_region] += e.construction_sites

    def setup(self, e: VindicationBoard) -> None:
        """Steps 2-18, the wish tokens of the Puits aux souhaits (L3113) and the first discovery (L219); each
        player then keeps one of their two secret quests (L175). Local 3: the seat choosing its quest."""
        seat: cython.int
        card: cython.int
        if e.stage() == 0:
            self.boards(e)
            self.decks(e)
            for seat in range(e.players()):
                self.starting_companion(e, seat)
            self.late_cards(e)
            for card in range(DECKS):
                e.refill(e.deck_zone[card])
            self.quests(e)
            for card in range(e.nregions):
                e.cells[e.k_bag + card] = e.region_count[card]
            self.set_aside(e)
            for card in range(e.nattributes):
                e.cells[e.k_stock + card] = e.players() - e.num(C_APTITUDES_FEWER)
            for card in range(e.num(C_ACTIVE_TRIGGERS)):
                e.reveal_trigger()
            if e.region_count[e.wishing_well] > 0:
                for card in range(e.wishes_shown):
                    e.show_wish()
            for seat in range(e.players()):
                e.discover_around(seat)
            e.set_arg(3, 0)
            e.goto(1)
        elif e.stage() == 2:
            self.keep_quest(e, e.arg(3), e.answer())
            e.set_arg(3, e.arg(3) + 1)
        while e.arg(3) < e.players():
            if self.quest_choices(e, e.arg(3)) > e.num(C_QUESTS_KEPT):
                e.goto(2)
                e.ask(CARD, e.arg(3))
                return
            e.clear_options()
            e.set_arg(3, e.arg(3) + 1)
        e.shuffle(e.zone_quest_deck)
        e.done()

    def boards(self, e: VindicationBoard) -> None:
        """Character tile on Vile crapule (L137), speed 2 (L141), honour 15 (L151), 8/8/2 power cubes (L153),
        1 cube in each common attribute (L155)."""
        seat: cython.int
        a: cython.int
        for seat in range(e.players()):
            e.cells[e.o_seated + seat] = 1
            e.cells[e.o_side + seat] = 0
            e.cells[e.o_mount + seat] = 0
            e.cells[e.o_score + seat] = e.num(C_START_HONOUR)
            for a in range(3):
                e.add_sphere(a, seat, e.start_cubes[a])
            for a in range(COMMONS):
                e.cells[e.o_attr + a * e.seats + seat] = e.num(C_START_ATTRIBUTES)

    def decks(self, e: VindicationBoard) -> None:
        """Each card of the game's modules to its deck, shuffled (L171, L175, L199); the rest in the box."""
        card: cython.int
        zone: cython.int
        for card in range(e.ncards):
            zone = e.card_deck[card] if e.card_in_game[card] and not e.card_late[card] else e.zone_box
            e.put(card, zone, -1)
        for zone in range(DECKS):
            e.shuffle(e.deck_zone[zone])
        e.shuffle(e.zone_quest_deck)
        e.shuffle(e.zone_trigger_deck)

    def starting_companion(self, e: VindicationBoard, seat: cython.int) -> None:
        """The top companion of the journey's colour, drawing again past shield companions, which are shuffled
        back (L157, L163-165); its honour is gained."""
        zone: cython.int = e.deck_zone[e.game_flag(START_COLOUR + seat)]
        card: cython.int = e.top_facedown(zone)
        i: cython.int
        while card >= 0 and not e.card_starter[card]:
            e.cells[e.o_faceup + card] = SET_ASIDE
            card = e.top_facedown(zone)
        for i in range(e.ncards):
            if e.cells[e.o_faceup + i] == SET_ASIDE:
                e.cells[e.o_faceup + i] = 0
        if card >= 0:
            e.gain_card(seat, card)
            e.cells[e.o_faceup + card] = 1
        e.shuffle(zone)

    def late_cards(self, e: VindicationBoard) -> None:
        """The Traîtrise cards shuffled into their decks once the journey cards are followed (L2920)."""
        card: cython.int
        zone: cython.int
        for card in range(e.ncards):
            if e.card_in_game[card] and e.card_late[card]:
                e.put(card, e.card_deck[card], -1)
        for zone in range(DECKS):
            e.shuffle(e.deck_zone[zone])

    def quests(self, e: VindicationBoard) -> None:
        """Two secret quests dealt to each player (L175)."""
        seat: cython.int
        i: cython.int
        card: cython.int
        for seat in range(e.players()):
            for i in range(e.num(C_QUESTS_DEALT)):
                card = e.top_facedown(e.zone_quest_deck)
                if card >= 0:
                    e.put(card, e.zone_quests + seat, seat)

    def quest_choices(self, e: VindicationBoard, seat: cython.int) -> cython.int:
        """Offers the seat's dealt quests to keep; returns how many there are."""
        card: cython.int
        e.clear_options()
        for card in range(e.ncards):
            if e.zone(card) == e.zone_quests + seat:
                e.option(card)
        return e.options()

    def keep_quest(self, e: VindicationBoard, seat: cython.int, kept: cython.int) -> None:
        """The quest kept stays face down with its player; the others go back to the deck (L175)."""
        card: cython.int
        for card in range(e.ncards):
            if e.zone(card) == e.zone_quests + seat and card != kept:
                e.put(card, e.zone_quest_deck, -1)
