"""A turn's actions besides moving and visiting (L241-295): activation, rest, and the bonus actions conversion,
aptitudes, recovering influence and redemption."""

from __future__ import annotations

import cython  # type: ignore[import-untyped]

from .board import VindicationBoard

ATTRIBUTE = cython.declare(cython.int, 13)
SPHERE = cython.declare(cython.int, 14)
ACTIVATE = cython.declare(cython.int, 20)
RECOVER = cython.declare(cython.int, 18)
CHARACTER = cython.declare(cython.int, 0)
"""The activation option for one's character; a companion is its card + 1."""
COMMONS = cython.declare(cython.int, 3)
FROM_CONVICTION = cython.declare(cython.int, 10)
FROM_CARD = cython.declare(cython.int, 100)
FROM_SLOT = cython.declare(cython.int, 1000)
"""Recovery options: an attribute, 10 the conviction sphere, 100 + a card, 1000 + a slot one controls."""
ACTIVATED = cython.declare(cython.int, 1)
TAKEN = cython.declare(cython.int, 42)
H_ADREN = cython.declare(cython.int, 0)
H_YANOS = cython.declare(cython.int, 2)
H_RESILIENCE = cython.declare(cython.int, 3)
H_OSTRAH = cython.declare(cython.int, 11)
"""Cards' rule hooks (tables.py HOOKS)."""
E_ACTIVATE_CHARACTER = cython.declare(cython.int, 0)
E_ACTIVATE_COMPANION = cython.declare(cython.int, 1)
GENERATED = cython.declare(cython.int, 45)
"""The turn's record: what the companion activated generated, by common attribute (Émerveillement)."""
F_ALLEGEANCE = cython.declare(cython.int, 4)
"""A guild favour placement (tables.py FAVOURS): allegiance activates a companion by a cube taken off it (L3231)."""
E_CONVERT_TO = cython.declare(cython.int, 2)
"""Events (tables.py EVENTS): activating one's character; converting into courage, then wisdom, then vision."""
C_REST = cython.declare(cython.int, 15)
C_REDEMPTION_HONOUR = cython.declare(cython.int, 25)
R_APTITUDE_COST = cython.declare(cython.int, 3)
C_APTITUDE_CUBES = cython.declare(cython.int, 28)
C_REDEMPTION_BONUS = cython.declare(cython.int, 29)


@cython.cclass
class Actions:
    """Activation, rest and the bonus actions; each method takes the engine it runs in."""

    # --- activation (L249-253, L659-665) -------------------------------------------------------------------

    def activate(self, e: VindicationBoard) -> None:
        """Your character for free, or a companion for 1 influence cube placed on it (or none: free_activation);
        then generate what it generates (L251-252). Adren activated after a region was taken this turn gains his
        honour (L996; board.took_region for one taken after)."""
        seat: cython.int = e.arg(0)
        i: cython.int
        card: cython.int
        if e.stage() == 0:
            e.clear_options()
            e.option(CHARACTER)
            for i in range(e.ncards):
                if e.card_kind[i] == 0 and e.owns(seat, i) and e.cells[e.k_treachery_card + i] == 0 \
                        and (e.influence(seat) > 0 or self.free_activation(e, seat, i) or self.allegiance(e, seat, i)):
                    e.option(i + 1)
            e.goto(1)
            e.ask(ACTIVATE, seat)
            return
        card = e.answer() - 1
        e.set_turn_flag(ACTIVATED, e.answer() + 1)
        if card < 0:
            for i in range(COMMONS):
                e.generate(seat, i, e.character_generation[e.cells[e.o_side + seat] * COMMONS + i])
            e.fire(seat, E_ACTIVATE_CHARACTER)
        else:
            if self.allegiance(e, seat, card):
                e.add_sphere(1, seat, 1)
                e.cells[e.o_card_cubes + card] -= 1
            elif not self.free_activation(e, seat, card):
                e.add_sphere(1, seat, -1)
                e.cells[e.o_card_cubes + card] += 1
            for i in range(COMMONS):
                e.set_turn_flag(GENERATED + i, e.generate(seat, i, e.card_generation[card * COMMONS + i]))
            e.fire(seat, E_ACTIVATE_COMPANION)
            if e.card_hook[card] == H_ADREN and e.turn_flag(TAKEN) > 0:
                e.gain_honour(seat, e.card_hook_n[card])
        e.done()

    def allegiance(self, e: VindicationBoard, seat: cython.int, card: cython.int) -> cython.bint:
        """The player's guild favour token is on this companion this turn, which has a cube to give back (L3231)."""
        return e.favour_at(F_ALLEGEANCE, card) == seat and e.card_cubes(card) > 0

    def free_activation(self, e: VindicationBoard, seat: cython.int, card: cython.int) -> cython.bint:
        """A companion activated without an influence cube on it: Yanos with n aptitudes or more (L1406), one
        already holding Résilience's n cubes (L1805), or Ostrah's master (L2336)."""
        aptitudes: cython.int = 0
        a: cython.int
        resilience: cython.int = e.held_hook(seat, H_RESILIENCE)
        if resilience > 0 and e.card_cubes(card) >= resilience:
            return True
        if e.pet_hook(seat, H_OSTRAH, card) >= 0:
            return True
        if e.card_hook[card] != H_YANOS:
            return False
        for a in range(e.nattributes):
            aptitudes += e.cells[e.o_aptitudes + a * e.seats + seat]
        return aptitudes >= e.card_hook_n[card]

    # --- rest (L267, L520-521) ------------------------------------------------------------------------------

    def rest(self, e: VindicationBoard) -> None:
        """Instead of visiting, augment a power cube: potential to influence or influence to conviction."""
        seat: cython.int = e.arg(0)
        if e.stage() == 1:
            e.exalt(seat, e.answer())
            e.set_arg(3, e.arg(3) + 1)
        if e.arg(3) >= e.num(C_REST) or not e.can_exalt(seat):
            e.done()
            return
        e.clear_options()
        if e.sphere(0, seat) > 0:
            e.option(0)
        if e.influence(seat) > 0:
            e.option(1)
        e.goto(1)
        e.ask(SPHERE, seat)

    # --- conversion (L551-561) ----------------------------------------------------------------------------

    def can_move_converting(self, e: VindicationBoard, seat: cython.int, moved: cython.int,
                            spent: cython.int) -> cython.bint:
        """A cube of `moved` to move to the heroic sphere, and one of `spent` (or its imbued crystal) to pay."""
        return e.attr(moved, seat) > 0 and e.can_pay(seat, spent, 1)

    def can_convert(self, e: VindicationBoard, seat: cython.int, heroic: cython.int) -> cython.bint:
        """At least one cube of each of the heroic attribute's two common ones (L553); an imbued crystal may stand
        in for the one that goes back to influence, not for the one that moves."""
        return e.recipe[heroic * 2] >= 0 \
            and (self.can_move_converting(e, seat, e.recipe[heroic * 2], e.recipe[heroic * 2 + 1])
                 or self.can_move_converting(e, seat, e.recipe[heroic * 2 + 1], e.recipe[heroic * 2]))

    def any_conversion(self, e: VindicationBoard, seat: cython.int) -> cython.bint:
        h: cython.int
        for h in range(e.nattributes):
            if self.can_convert(e, seat, h):
                return True
        return False

    def convert(self, e: VindicationBoard) -> None:
        """One cube of each of two common attributes: one moves to the heroic attribute's sphere, the other goes
        back to influence (L561). Local 3: the heroic attribute."""
        seat: cython.int = e.arg(0)
        h: cython.int
        moved: cython.int
        if e.stage() == 0:
            e.clear_options()
            for h in range(e.nattributes):
                if self.can_convert(e, seat, h):
                    e.option(h)
            e.goto(1)
            e.ask(ATTRIBUTE, seat)
            return
        if e.stage() == 1:
            h = e.answer()
            e.set_arg(3, h)
            e.clear_options()
            if self.can_move_converting(e, seat, e.recipe[h * 2], e.recipe[h * 2 + 1]):
                e.option(e.recipe[h * 2])
            if self.can_move_converting(e, seat, e.recipe[h * 2 + 1], e.recipe[h * 2]):
                e.option(e.recipe[h * 2 + 1])
            e.goto(2)
            e.ask(ATTRIBUTE, seat)
            return
        h = e.arg(3)
        moved = e.answer()
        e.cells[e.o_attr + moved * e.seats + seat] -= 1
        e.cells[e.o_attr + h * e.seats + seat] += 1
        e.pay(seat, e.recipe[h * 2] + e.recipe[h * 2 + 1] - moved, 1)
        e.fire(seat, E_CONVERT_TO + h - COMMONS)
        e.done()

    # --- aptitudes (L891-909) -----------------------------------------------------------------------------

    def can_take_aptitude(self, e: VindicationBoard, seat: cython.int, a: cython.int) -> cython.bint:
        return e.can_pay(seat, a, e.rule(R_APTITUDE_COST)) and e.cells[e.k_stock + a] > 0

    def any_aptitude(self, e: VindicationBoard, seat: cython.int) -> cython.bint:
        a: cython.int
        for a in range(e.nattributes):
            if self.can_take_aptitude(e, seat, a):
                return True
        return False

    def aptitude(self, e: VindicationBoard) -> None:
        """Return 3 cubes of an attribute to influence for that attribute's aptitude tile, while one is left."""
        seat: cython.int = e.arg(0)
        a: cython.int
        if e.stage() == 0:
            e.clear_options()
            for a in range(e.nattributes):
                if self.can_take_aptitude(e, seat, a):
                    e.option(a)
            e.goto(1)
            e.ask(ATTRIBUTE, seat)
            return
        a = e.answer()
        e.pay(seat, a, e.rule(R_APTITUDE_COST))
        e.cells[e.k_stock + a] -= 1
        e.cells[e.o_aptitudes + a * e.seats + seat] += 1
        e.cells[e.k_gained] += 1
        e.done()

    def any_aptitude_held(self, e: VindicationBoard, seat: cython.int) -> cython.bint:
        a: cython.int
        if e.influence(seat) == 0:
            return False
        for a in range(e.nattributes):
            if e.cells[e.o_aptitudes + a * e.seats + seat] > 0:
                return True
        return False

    def discard_aptitude(self, e: VindicationBoard) -> None:
        """An aptitude tile out of the game, to generate 2 cubes of its attribute (L903)."""
        seat: cython.int = e.arg(0)
        a: cython.int
        if e.stage() == 0:
            e.clear_options()
            for a in range(e.nattributes):
                if e.cells[e.o_aptitudes + a * e.seats + seat] > 0:
                    e.option(a)
            e.goto(1)
            e.ask(ATTRIBUTE, seat)
            return
        a = e.answer()
        e.cells[e.o_aptitudes + a * e.seats + seat] -= 1
        e.generate(seat, a, e.num(C_APTITUDE_CUBES))
        e.done()

    # --- recovering influence (L287-289, L470) --------------------------------------------------------------

    def recoverable(self, e: VindicationBoard, seat: cython.int) -> cython.bint:
        i: cython.int
        if e.sphere(2, seat) > 0:
            return True
        for i in range(e.nattributes):
            if e.attr(i, seat) > 0:
                return True
        for i in range(e.ncards):
            if e.owns(seat, i) and e.card_cubes(i) > 0:
                return True
        return e.regions_of(seat) > 0

    def recover(self, e: VindicationBoard) -> None:
        """One of your cubes from anywhere but potential back to influence: from a companion, all its cubes, and
        the companion leaves with its honour (L287-289); from a region, its control (L470)."""
        seat: cython.int = e.arg(0)
        i: cython.int
        choice: cython.int
        if e.stage() == 0:
            e.clear_options()
            for i in range(e.nattributes):
                if e.attr(i, seat) > 0:
                    e.option(i)
            if e.sphere(2, seat) > 0:
                e.option(FROM_CONVICTION)
            for i in range(e.ncards):
                if e.owns(seat, i) and e.card_cubes(i) > 0:
                    e.option(FROM_CARD + i)
            for i in range(e.nslots):
                if e.slot_owner(i) == seat:
                    e.option(FROM_SLOT + i)
            e.goto(1)
            e.ask(RECOVER, seat)
            return
        choice = e.answer()
        if choice >= FROM_SLOT:
            e.set_control(choice - FROM_SLOT, -1)
            e.add_sphere(1, seat, 1)
        elif choice >= FROM_CARD:
            if e.card_kind[choice - FROM_CARD] == 0:
                e.lose_card(seat, choice - FROM_CARD)
            else:
                e.cells[e.o_card_cubes + choice - FROM_CARD] -= 1
                e.add_sphere(1, seat, 1)
        elif choice == FROM_CONVICTION:
            e.use_conviction(seat, 1)
        else:
            e.spend(seat, choice, 1)
        e.done()

    # --- redemption (L872-887) ----------------------------------------------------------------------------

    def can_redeem(self, e: VindicationBoard, seat: cython.int) -> cython.bint:
        """No cube left in potential and at least 25 honour, still on the Vile crapule side (L876-879)."""
        return e.cells[e.o_side + seat] == 0 and e.sphere(0, seat) == 0 \
            and e.score(seat) >= e.num(C_REDEMPTION_HONOUR)

    def redeem(self, e: VindicationBoard) -> None:
        """Flip the character tile to Rédimé: better generation and a one-time honour bonus (L881), for good
        (L885)."""
        seat: cython.int = e.arg(0)
        e.cells[e.o_side + seat] = 1
        e.gain_honour(seat, e.num(C_REDEMPTION_BONUS))
        e.done()
