"""What Ronak's event gives (L3336-3356, L3380-3391): the bonus of a sphere offered on, the loot shared once he is
defeated and its cards' powers (once a turn each, L2406), the teleport tokens of the Mythes et Merveilles board and
Tuuk-Tuuk's visit, each a procedure taking the engine it runs in; the event is myths.py's, whose record (core
`k_myths`) this reads. The natives only loot cards call are loot.py's."""

from __future__ import annotations

from typing import Any

import cython  # type: ignore[import-untyped]

from .abilities import Abilities
from .board import VindicationBoard
from .loot import LootPowers

SESTRA = cython.declare(cython.int, 2)
FIRST_LOOT = cython.declare(cython.int, 3)
LOOT_NEXT = cython.declare(cython.int, 7)
LOOT_USED = cython.declare(cython.int, 8)
"""The record of myths.py: Sestra's holder, the first pick's offerer + 1, the loot's chooser to come, the loot
cards used this turn (by bit)."""
EFFECT = cython.declare(cython.int, 0)
SPACE = cython.declare(cython.int, 10)
CARD = cython.declare(cython.int, 12)
ATTRIBUTE = cython.declare(cython.int, 13)
COMPANION = cython.declare(cython.int, 0)
INFLUENCE = cython.declare(cython.int, 1)
# The spheres' bonuses (tables.py MYTHS_BONUSES).
HONOUR = cython.declare(cython.int, 0)
RECOVER_INFLUENCE = cython.declare(cython.int, 1)
AUGMENT_POTENTIAL = cython.declare(cython.int, 2)
AUGMENT_INFLUENCE = cython.declare(cython.int, 3)
TELEPORT_TOKEN = cython.declare(cython.int, 4)
FIRST_PICK = cython.declare(cython.int, 5)


@cython.cclass
class MythsRewards:
    """The offering's bonuses, the loot, the teleport tokens and Tuuk-Tuuk; each method takes the engine it runs
    in."""

    def __init__(self, tables: Any) -> None:
        n: dict[str, int] = tables.numbers
        self.loot_extra = n["loot_extra"]
        self.zone_loot = n["zone_loot"]
        self.k_tokens = n["k_teleport_tokens"]
        self.k_order = n["k_loot_order"]
        self.card_loot = tables.arrays["card_loot"]

    def flag(self, e: VindicationBoard, i: cython.int) -> cython.int:
        return e.cells[e.k_myths + i]

    # --- the offering's bonuses (L3336-3356) -----------------------------------------------------------------

    def sphere_bonus(self, e: VindicationBoard, seat: cython.int, bonus: cython.int, n: cython.int) -> None:
        """The bonus of a sphere offered on (myths.py), n its amount (L3336-3356), as far as the player's cubes
        allow."""
        i: cython.int
        card: cython.int
        if bonus == HONOUR:
            e.gain_honour(seat, n)
        elif bonus == RECOVER_INFLUENCE:
            for i in range(n):
                card = self.loaded_companion(e, seat)
                if card >= 0:
                    e.cells[e.o_card_cubes + card] -= 1
                    e.add_sphere(INFLUENCE, seat, 1)
        elif bonus == AUGMENT_POTENTIAL or bonus == AUGMENT_INFLUENCE:
            for i in range(n):
                if e.sphere(bonus - AUGMENT_POTENTIAL, seat) > 0:
                    e.exalt(seat, bonus - AUGMENT_POTENTIAL)
        elif bonus == TELEPORT_TOKEN:
            e.cells[self.k_tokens + seat] += n
        elif bonus == FIRST_PICK:
            e.cells[e.k_myths + FIRST_LOOT] = seat + 1

    def loaded_companion(self, e: VindicationBoard, seat: cython.int) -> cython.int:
        """The player's companion with influence cubes on it and the lowest initiative (a ruling: the rulebook
        does not say whose cubes come back, L3340), or -1."""
        best: cython.int = -1
        card: cython.int
        for card in range(e.ncards):
            if e.card_kind[card] == COMPANION and e.owns(seat, card) and e.card_cubes(card) > 0:
                if best < 0 or e.card_initiative[card] < e.card_initiative[best]:
                    best = card
        return best

    # --- the loot (L3386-3391) -------------------------------------------------------------------------------

    def reveal_loot(self, e: VindicationBoard) -> None:
        """A loot card from the box at random, face up beside the board."""
        left: cython.int = 0
        card: cython.int
        pick: cython.int
        for card in range(e.ncards):
            if self.card_loot[card] and e.zone(card) == e.zone_box:
                left += 1
        if left == 0:
            return
        pick = e.roll(left)
        for card in range(e.ncards):
            if self.card_loot[card] and e.zone(card) == e.zone_box:
                if pick == 0:
                    e.put(card, self.zone_loot, -1)
                    e.cells[e.o_faceup + card] = 1
                    return
                pick -= 1

    def best_initiative(self, e: VindicationBoard, seat: cython.int) -> cython.int:
        """The highest initiative among the player's companions, or -1 with none."""
        best: cython.int = -1
        card: cython.int
        for card in range(e.ncards):
            if e.card_kind[card] == COMPANION and e.owns(seat, card) and e.card_initiative[card] > best:
                best = e.card_initiative[card]
        return best

    def loot_order(self, e: VindicationBoard) -> None:
        """Who chooses first (L3388): the first pick's offerer (4-5 players), then by the highest initiative of
        any companion, then (a ruling) the players with no companion, from Sestra's holder on."""
        placed: cython.int = 0
        i: cython.int
        seat: cython.int
        best: cython.int
        taken: cython.int = 0
        if self.flag(e, FIRST_LOOT) > 0:
            seat = self.flag(e, FIRST_LOOT) - 1
            e.cells[self.k_order] = seat
            taken |= 1 << seat
            placed = 1
        while placed < e.players():
            best = -1
            for i in range(e.players()):
                seat = (self.flag(e, SESTRA) + i) % e.players()
                if (taken >> seat) & 1 == 0 and (best < 0 or self.best_initiative(e, seat)
                                                 > self.best_initiative(e, best)):
                    best = seat
            e.cells[self.k_order + placed] = best
            taken |= 1 << best
            placed += 1

    def share_loot(self, e: VindicationBoard) -> None:
        """Ronak defeated: as many loot cards as players plus 2 face up (L3386); each player in turn takes one
        (L3388); the others go back to the box (L3391)."""
        seat: cython.int
        card: cython.int
        if e.stage() == 0:
            for card in range(e.players() + self.loot_extra):
                self.reveal_loot(e)
            self.loot_order(e)
            e.cells[e.k_myths + LOOT_NEXT] = 0
        else:
            e.gain_card(e.cells[self.k_order + self.flag(e, LOOT_NEXT)], e.answer())
            e.cells[e.k_myths + LOOT_NEXT] += 1
        while self.flag(e, LOOT_NEXT) < e.players():
            seat = e.cells[self.k_order + self.flag(e, LOOT_NEXT)]
            e.clear_options()
            for card in range(e.ncards):
                if self.card_loot[card] and e.zone(card) == self.zone_loot:
                    e.option(card)
            if e.options() > 0:
                e.goto(1)
                e.ask(CARD, seat)
                return
            e.cells[e.k_myths + LOOT_NEXT] += 1
        for card in range(e.ncards):
            if self.card_loot[card] and e.zone(card) == self.zone_loot:
                e.put(card, e.zone_box, -1)
        e.done()

    def usable_loot(self, e: VindicationBoard, abilities: Abilities, loot: LootPowers, seat: cython.int,
                    card: cython.int) -> cython.bint:
        """A loot card of the player's whose power the engine plays, not used this turn, whose price they hold and
        which can act (loot.py)."""
        return self.card_loot[card] == 1 and e.owns(seat, card) and e.card_activated[card] >= 0 \
            and (self.flag(e, LOOT_USED) >> e.card_local[card]) & 1 == 0 and abilities.affordable(e, seat, card) \
            and loot.possible(e, seat, card)

    def can_use_loot(self, e: VindicationBoard, abilities: Abilities, loot: LootPowers,
                     seat: cython.int) -> cython.bint:
        card: cython.int
        for card in range(e.ncards):
            if self.usable_loot(e, abilities, loot, seat, card):
                return True
        return False

    def use_loot(self, e: VindicationBoard, abilities: Abilities, loot: LootPowers) -> None:
        """A loot card's power, once a turn (L2406): its effect dilutes the power cube it costs; an imbued crystal
        may stand in for a cube of an attribute it pays, as for any card's power (payments.pay_effect). Args: the
        seat."""
        seat: cython.int = e.arg(0)
        card: cython.int
        if e.stage() == 0:
            e.clear_options()
            for card in range(e.ncards):
                if self.usable_loot(e, abilities, loot, seat, card):
                    e.option(card)
            e.goto(1)
            e.ask(CARD, seat)
            return
        if e.stage() == 1:
            card = e.answer()
            e.cells[e.k_myths + LOOT_USED] |= 1 << e.card_local[card]
            abilities.pay_with_crystals(e, seat, card)
            e.goto(2)
            e.push(EFFECT, e.card_activated[card], seat, e.card_local[card])
            return
        e.done()

    # --- the teleport tokens (L3352) and Tuuk-Tuuk (L3380-3382) --------------------------------------------------

    def can_use_token(self, e: VindicationBoard, seat: cython.int) -> cython.bint:
        """A token to use, outside the event (nobody moves then, L3328), and a free space to go to."""
        space: cython.int
        if e.cells[self.k_tokens + seat] == 0:
            return False
        for space in range(e.nspaces):
            if not e.occupied(space, -1):
                return True
        return False

    def use_teleport_token(self, e: VindicationBoard) -> None:
        """A teleport token, used once: the medallion to any unoccupied space (L3352). Args: the seat."""
        seat: cython.int = e.arg(0)
        space: cython.int
        if e.stage() == 0:
            e.clear_options()
            for space in range(e.nspaces):
                if not e.occupied(space, -1):
                    e.option(space)
            e.goto(1)
            e.ask(SPACE, seat)
            return
        e.cells[self.k_tokens + seat] -= 1
        e.cells[e.k_pos + seat] = e.answer()
        e.done()

    def generate_missing(self, e: VindicationBoard) -> None:
        """Tuuk-Tuuk's visit: 1 cube of an attribute the visitor has none of (L3382), if they have influence.
        Args: the seat."""
        seat: cython.int = e.arg(0)
        a: cython.int
        if e.stage() == 0:
            e.clear_options()
            if e.influence(seat) > 0:
                for a in range(e.nattributes):
                    if e.attr(a, seat) == 0:
                        e.option(a)
            if e.options() == 0:
                e.done()
                return
            e.goto(1)
            e.ask(ATTRIBUTE, seat)
            return
        e.generate(seat, e.answer(), 1)
        e.done()
