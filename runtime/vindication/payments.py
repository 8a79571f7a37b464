"""What a player pays: costs in attribute cubes, an imbued crystal standing in for one cube of its attribute once a
turn (Joaillier, L1829-1873, L3053-3057), and the price of taking from a player who holds Impunité (L1757-1759).
The rule modules pay through here rather than moving the cubes themselves (core.spend), so that every cost sees
the crystals."""

from __future__ import annotations

from typing import Any

import cython  # type: ignore[import-untyped]

from .core import VindicationCore

CRYSTALS_USED = cython.declare(cython.int, 48)
"""The turn's record (tables.py TURN_FLAGS): the imbued crystals used this turn, by the bit of their attribute."""
H_IMPUNITE = cython.declare(cython.int, 8)
"""Impunité's rule hook (tables.py HOOKS)."""
NEEDS = cython.declare(cython.int, 11)
INFLUENCE = cython.declare(cython.int, 1)
CARD_CUBES = cython.declare(cython.int, 9)
HONOUR = cython.declare(cython.int, 10)
"""What a card's power takes, per holding (tables.py NEEDS, `card_needs`): the attributes, then the 3 power spheres
(potential, influence, conviction), its card's cubes and honour."""


@cython.cclass
class VindicationPayments(VindicationCore):
    """Costs in cubes, and the imbued crystals and Impunité that change them."""

    def __init__(self, cells: Any, ctl: Any, plan: Any, vmframe: Any, tables: Any) -> None:
        VindicationCore.__init__(self, cells, ctl, plan, vmframe, tables)
        n: dict[str, int] = tables.numbers
        self.k_crystals = n["k_crystals"]
        self.crystal_tokens = n["crystal_tokens"]
        self.crystal_procedure = n["crystal_procedure"]
        self.crystal_card = tables.arrays["crystal_card"]
        self.price_rows = n["price_rows"]
        self.card_ways = tables.arrays["card_ways"]
        self.card_choice_pc = tables.arrays["card_choice_pc"]
        self.choice_cards = tables.arrays["choice_cards"]

    def crystal_ready(self, seat: cython.int, attribute: cython.int) -> cython.bint:
        """The seat holds the imbued crystal of the attribute, free of a treachery cube, and has not used it this
        turn: it may stand in for one cube of that attribute (once a turn, L1829)."""
        card: cython.int = self.crystal_card[attribute]
        return card >= 0 and self.cells[self.o_zone + card] == self.zone_party + seat \
            and self.cells[self.k_treachery_card + card] == 0 \
            and (self.turn_flag(CRYSTALS_USED) >> attribute) & 1 == 0

    def use_crystal(self, attribute: cython.int, used: cython.bint) -> None:
        """Notes the attribute's crystal used this turn, or not (a stand-in the player declined)."""
        self.set_turn_flag(CRYSTALS_USED, self.turn_flag(CRYSTALS_USED) & ~(1 << attribute) | (used << attribute))

    def can_pay(self, seat: cython.int, attribute: cython.int, n: cython.int) -> cython.bint:
        """n cubes of the attribute, or n - 1 and the imbued crystal standing in for the last one (L3055)."""
        return self.attr(attribute, seat) >= n or (self.attr(attribute, seat) == n - 1
                                                   and self.crystal_ready(seat, attribute))

    def pay(self, seat: cython.int, attribute: cython.int, n: cython.int) -> None:
        """A cost in attribute cubes, paid by the kernel: with a ready crystal, n - 1 cubes and the crystal if the
        player is short of one; else the n cubes, and then they say whether the crystal stands in for one of them
        (crystal_substitute gives that cube back)."""
        if n > 0 and self.crystal_ready(seat, attribute):
            self.use_crystal(attribute, True)
            if self.attr(attribute, seat) < n:
                self.spend(seat, attribute, n - 1)
                return
            self.defer(self.crystal_procedure, seat, attribute, 0)
        self.spend(seat, attribute, n)

    def can_pay_effect(self, seat: cython.int, attribute: cython.int, n: cython.int) -> cython.bint:
        """Whether an effect that pays n cubes of the attribute itself can be paid: the crystal's cube is lent
        from influence (pay_effect), so a player short of one needs one there."""
        return self.can_pay(seat, attribute, n) and (self.attr(attribute, seat) >= n or self.influence(seat) > 0)

    def pay_effect(self, seat: cython.int, attribute: cython.int, n: cython.int) -> None:
        """Before an effect that pays n cubes of the attribute (a region's or a card's, content): a player short
        of one with a ready crystal has it stand in, as a cube from influence the effect pays back; one who holds
        the n is asked afterwards, as with pay."""
        if n <= 0 or not self.crystal_ready(seat, attribute):
            return
        if self.attr(attribute, seat) >= n:
            self.use_crystal(attribute, True)
            self.defer(self.crystal_procedure, seat, attribute, 0)
        elif self.attr(attribute, seat) == n - 1 and self.influence(seat) > 0:
            self.use_crystal(attribute, True)
            self.generate(seat, attribute, 1)

    def need(self, card: cython.int, way: cython.int, holding: cython.int) -> cython.int:
        """What one way of paying the card's power takes from one holding (tables.py `card_needs`)."""
        return self.card_needs[(card * self.price_rows + way) * NEEDS + holding]

    def shared_need(self, card: cython.int, attribute: cython.int) -> cython.int:
        """The cubes of the attribute every way of paying the card's power takes: an imbued crystal stands in only
        for one of those, as it is lent before the player says which way they pay (a ruling, CHANGELOG)."""
        n: cython.int = self.need(card, 0, attribute)
        way: cython.int
        for way in range(1, self.card_ways[card]):
            n = min(n, self.need(card, way, attribute))
        return n

    def can_pay_card(self, seat: cython.int, card: cython.int) -> cython.bint:
        """Whether the player can pay what the card's power takes, one way or another (can_pay_way)."""
        way: cython.int
        for way in range(self.card_ways[card]):
            if self.can_pay_way(seat, card, way):
                return True
        return False

    def can_pay_way(self, seat: cython.int, card: cython.int, way: cython.int) -> cython.bint:
        """Whether the player can pay what one way of paying the card's power takes from their attributes, power
        spheres, its card's cubes and their honour, as pay_card pays it: each attribute's cubes, or all but one with
        its ready crystal standing in, that cube lent from influence. Influence must hold one cube for each cube
        lent on top of what the power takes from it, or the power would run short of the last ones."""
        lent: cython.int = 0
        a: cython.int
        n: cython.int
        for a in range(self.nattributes):
            n = self.need(card, way, a)
            if self.attr(a, seat) >= n:
                continue
            if n != self.shared_need(card, a) or not self.can_pay(seat, a, n):
                return False
            lent += 1
        for a in range(3):
            if self.sphere(a, seat) < self.need(card, way, self.nattributes + a) + (lent if a == INFLUENCE else 0):
                return False
        return self.card_cubes(card) >= self.need(card, way, CARD_CUBES) and self.score(seat) >= self.need(
            card, way, HONOUR)

    def pay_card(self, seat: cython.int, card: cython.int) -> None:
        """Before the card's power runs: an imbued crystal may stand in for a cube of each attribute it takes
        whichever way it is paid (pay_effect)."""
        a: cython.int
        for a in range(self.nattributes):
            self.pay_effect(seat, a, self.shared_need(card, a))

    def effect_option_open(self, pc: cython.int, actor: cython.int, value: cython.int) -> cython.bint:
        """A way of paying a card's power is an answer to the choice that asks which (at its `card_choice_pc`) only
        if the player can pay it: a cube move takes only what there is, so an empty sphere would pay nothing."""
        i: cython.int
        for i in range(len(self.choice_cards)):
            if self.card_choice_pc[self.choice_cards[i]] == pc:
                return self.can_pay_way(actor, self.choice_cards[i], value)
        return True

    def cost_against(self, seat: cython.int, target: cython.int, cost: cython.int) -> cython.int:
        """What a cost of the seat's that takes from the target player's holdings comes to: double when the target
        holds Impunité (L1757-1759: rounded up, which whole cubes never need; a ruling limits it to taking their
        regions, CHANGELOG)."""
        card: cython.int
        if target < 0 or target == seat:
            return cost
        for card in range(self.ncards):
            if self.card_hook[card] == H_IMPUNITE and self.cells[self.o_zone + card] == self.zone_party + target:
                return 2 * cost
        return cost
