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

    def can_pay_card(self, seat: cython.int, card: cython.int) -> cython.bint:
        """Whether the player can pay what the card's power takes from their attributes and power spheres (tables.py
        `card_needs`), as pay_card pays it: each attribute's cubes, or all but one with its ready crystal standing
        in, that cube lent from influence. Influence must hold one cube for each cube lent on top of what the power
        takes from it, or the power would run short of the last ones."""
        base: cython.int = card * NEEDS
        lent: cython.int = 0
        a: cython.int
        n: cython.int
        for a in range(self.nattributes):
            n = self.card_needs[base + a]
            if not self.can_pay(seat, a, n):
                return False
            if self.attr(a, seat) < n:
                lent += 1
        for a in range(3):
            if self.sphere(a, seat) < self.card_needs[base + self.nattributes + a] + (lent if a == INFLUENCE else 0):
                return False
        return True

    def pay_card(self, seat: cython.int, card: cython.int) -> None:
        """Before the card's power runs: an imbued crystal may stand in for a cube of each attribute it takes
        (pay_effect)."""
        a: cython.int
        for a in range(self.nattributes):
            self.pay_effect(seat, a, self.card_needs[card * NEEDS + a])

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
