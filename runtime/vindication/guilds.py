"""Guildes et Monuments (L3157-3264): the guild favour token, a fourth action each turn (L3187), placed on a free
placement other than the one it stands on (L3189-3191), and what it does there: a region fortified, a visit's
honour shared, a barricade, a cube augmented, a companion or a relic or a trait favoured this turn, a monument
rebuilt. Each method is a procedure taking the engine it runs in, or a test of the state.

A seat's token is three cells (`k_favour`): its placement + 1 (0: not placed yet), its target, and whether it still
acts (diplomacy, allegiance, recharge and praise last until the player's next turn; a barricade while it stands).
A seat's monument (`k_monument`) holds a cube of each attribute, a tile of each aptitude, the conviction cube, and
whether it is rebuilt. The placements are numbered as tables.py FAVOURS."""

from __future__ import annotations

import cython  # type: ignore[import-untyped]

from .board import VindicationBoard

F_FORTIFIER = cython.declare(cython.int, 0)
F_DIPLOMATIE = cython.declare(cython.int, 1)
F_BARRICADE = cython.declare(cython.int, 2)
F_AUTORITE = cython.declare(cython.int, 3)
F_ALLEGEANCE = cython.declare(cython.int, 4)
F_RECHARGE = cython.declare(cython.int, 5)
F_MONUMENT = cython.declare(cython.int, 6)
F_LOUANGE = cython.declare(cython.int, 7)
PLACEMENTS = cython.declare(cython.int, 9)
FAVOUR = cython.declare(cython.int, 25)
FAVOUR_TARGET = cython.declare(cython.int, 26)
MONUMENT = cython.declare(cython.int, 27)
"""The decisions: a placement, its target, a piece added to the monument (or STOP)."""
SPHERE = cython.declare(cython.int, 14)
"""The decision of a Power sphere to diminish from."""
STOP = cython.declare(cython.int, 1000)
COMPANION = cython.declare(cython.int, 0)
RELIC = cython.declare(cython.int, 2)
TRAIT = cython.declare(cython.int, 3)
CONVICTION = cython.declare(cython.int, 2)


@cython.cclass
class Guilds:
    """The guild favour token and the monument; each method takes the engine it runs in."""

    def turn_started(self, e: VindicationBoard, seat: cython.int) -> None:
        """The player's token acts no more "until your next turn" (L3209, L3256) nor "this turn" (L3231, L3237);
        a barricade and the authority's protection act while the token stands (L3213, L3223)."""
        if self.placed(e, seat) != F_BARRICADE and self.placed(e, seat) != F_AUTORITE:
            e.cells[e.k_favour + seat * 3 + 2] = 0

    def placed(self, e: VindicationBoard, seat: cython.int) -> cython.int:
        """The placement the seat's token stands on, -1 before it is first placed."""
        return e.cells[e.k_favour + seat * 3] - 1

    def same_place(self, first: cython.int, second: cython.int) -> cython.bint:
        """Two placements on the same thing: fortifying and diplomacy both stand on a region tile."""
        if first == second:
            return True
        return (first == F_FORTIFIER or first == F_DIPLOMATIE) and (second == F_FORTIFIER or second == F_DIPLOMATIE)

    def free(self, e: VindicationBoard, seat: cython.int, placement: cython.int, target: cython.int) -> cython.bint:
        """Not where the seat's token already stands (L3189), nor where another's stands (L3191): the Power board
        and the monument are the seat's own."""
        other: cython.int
        for other in range(e.players()):
            if (other == seat or (placement != F_AUTORITE and placement != F_MONUMENT)) \
                    and self.placed(e, other) >= 0 and self.same_place(self.placed(e, other), placement) \
                    and e.cells[e.k_favour + other * 3 + 1] == target:
                return False
        return True

    def target_ok(self, e: VindicationBoard, seat: cython.int, placement: cython.int,
                  target: cython.int) -> cython.bint:
        """The token may go there and do something (L3195-3262)."""
        other: cython.int
        if not self.free(e, seat, placement, target):
            return False
        if placement == F_FORTIFIER:
            return e.slot_owner(target) == seat and e.cells[e.k_fortified + target] != seat + 1
        if placement == F_DIPLOMATIE:
            return e.slot_owner(target) >= 0 and e.slot_owner(target) != seat
        if placement == F_BARRICADE:
            for other in range(e.players()):
                if e.pos(other) == target:
                    return False
            return True
        if placement == F_AUTORITE:
            return e.sphere(target, seat) > 0
        if placement == F_ALLEGEANCE:
            return e.card_kind[target] == COMPANION and e.owns(seat, target) and e.card_cubes(target) > 0 \
                and e.cells[e.k_treachery_card + target] == 0
        if placement == F_RECHARGE:
            return e.card_kind[target] == RELIC and e.owns(seat, target)
        if placement == F_LOUANGE:
            return e.card_kind[target] == TRAIT and e.owns(seat, target)
        if placement == F_MONUMENT:
            return self.can_contribute(e, seat)
        return False

    def targets(self, e: VindicationBoard, placement: cython.int) -> cython.int:
        """How many targets a placement has to look at: the slots, the spaces, the spheres, the cards or the
        monument."""
        if placement == F_FORTIFIER or placement == F_DIPLOMATIE:
            return e.nslots
        if placement == F_BARRICADE:
            return e.nspaces
        if placement == F_AUTORITE:
            return CONVICTION
        if placement == F_MONUMENT:
            return 1
        return e.ncards

    def any_target(self, e: VindicationBoard, seat: cython.int, placement: cython.int) -> cython.bint:
        target: cython.int
        if not e.favour_on[placement]:
            return False
        for target in range(self.targets(e, placement)):
            if self.target_ok(e, seat, placement, target):
                return True
        return False

    def can_place_favour(self, e: VindicationBoard, seat: cython.int) -> cython.bint:
        placement: cython.int
        for placement in range(PLACEMENTS):
            if self.any_target(e, seat, placement):
                return True
        return False

    def place_favour(self, e: VindicationBoard) -> None:
        """The fourth action (L3187): a placement, then its target; it acts at once (a region fortified, a cube
        augmented, the monument rebuilt) or later (the other placements). Local 3: the placement."""
        seat: cython.int = e.arg(0)
        placement: cython.int
        target: cython.int
        i: cython.int
        if e.stage() == 0:
            e.clear_options()
            for placement in range(PLACEMENTS):
                if self.any_target(e, seat, placement):
                    e.option(placement)
            e.goto(1)
            e.ask(FAVOUR, seat)
            return
        if e.stage() == 1:
            placement = e.answer()
            e.set_arg(3, placement)
            e.clear_options()
            for target in range(self.targets(e, placement)):
                if self.target_ok(e, seat, placement, target):
                    e.option(target)
            e.goto(2)
            e.ask(FAVOUR_TARGET, seat)
            return
        if e.stage() == 2:
            placement = e.arg(3)
            target = e.answer()
            e.cells[e.k_favour + seat * 3] = placement + 1
            e.cells[e.k_favour + seat * 3 + 1] = target
            e.cells[e.k_favour + seat * 3 + 2] = 1
            if placement == F_FORTIFIER:  # the tile turned to its fortified side (L3195)
                e.cells[e.k_fortified + target] = seat + 1
            elif placement == F_AUTORITE:  # n cubes augmented from the sphere the token stands on (L3219)
                for i in range(e.favour_n[F_AUTORITE]):
                    if e.sphere(target, seat) > 0:
                        e.exalt(seat, target)
            elif placement == F_MONUMENT:
                self.ask_contribution(e, seat)
                return
            e.done()
            return
        if e.answer() == STOP:
            e.done()
            return
        self.contribute(e, seat, e.answer())
        if self.rebuilt(e, seat):
            self.complete(e, seat)
            e.done()
            return
        self.ask_contribution(e, seat)

    def protects(self, e: VindicationBoard, seat: cython.int, place: cython.int) -> cython.bint:
        """The seat's token stands on this place of their Power board: 0 between Potential and Influence, 1
        between Influence and Conviction (L3223-3227)."""
        return self.placed(e, seat) == F_AUTORITE and e.cells[e.k_favour + seat * 3 + 1] == place

    def diminish_power(self, e: VindicationBoard) -> None:
        """Another player's effect makes the player diminish n Power cubes (args: seat, n; Hybris, L2604), each
        from the sphere of their choice, conviction to influence or influence to potential, but never across the
        place of the Power board their guild favour token stands on (Autorité, L3223-3227). Local 3: the cubes
        diminished."""
        seat: cython.int = e.arg(0)
        if e.stage() == 1:
            e.add_sphere(e.answer(), seat, -1)
            e.add_sphere(e.answer() - 1, seat, 1)
            e.set_arg(3, e.arg(3) + 1)
        e.clear_options()
        if seat >= 0 and e.arg(3) < e.arg(1):
            if e.sphere(CONVICTION, seat) > 0 and not self.protects(e, seat, 1):
                e.option(CONVICTION)
            if e.influence(seat) > 0 and not self.protects(e, seat, 0):
                e.option(1)
        if e.options() == 0:
            e.done()
            return
        e.goto(1)
        e.ask(SPHERE, seat)

    # --- the monument (L3241-3252) ----------------------------------------------------------------------------

    def monument(self, e: VindicationBoard, seat: cython.int, piece: cython.int) -> cython.int:
        """What is on one place of the seat's monument: a cube of attribute a (a), a tile of aptitude a
        (attributes + a), the conviction cube (2 * attributes), rebuilt already (2 * attributes + 1)."""
        return e.cells[e.k_monument + seat * e.monument_size + piece]

    def pieces(self, e: VindicationBoard, seat: cython.int, first: cython.int) -> cython.int:
        """How many attribute cubes (first 0) or aptitude tiles (first: attributes) are on the monument."""
        a: cython.int
        n: cython.int = 0
        for a in range(e.nattributes):
            n += self.monument(e, seat, first + a)
        return n

    def addable(self, e: VindicationBoard, seat: cython.int, piece: cython.int) -> cython.bint:
        """A piece the player holds and the monument has a place for: different cubes, different tiles, one
        conviction cube (L3243-3246)."""
        a: cython.int = piece % e.nattributes
        if self.monument(e, seat, 2 * e.nattributes + 1) or self.monument(e, seat, piece):
            return False
        if piece < e.nattributes:
            return self.pieces(e, seat, 0) < e.monument_attributes and e.attr(a, seat) > 0
        if piece < 2 * e.nattributes:
            return self.pieces(e, seat, e.nattributes) < e.monument_aptitudes \
                and e.cells[e.o_aptitudes + a * e.seats + seat] > 0
        return e.monument_convictions > 0 and e.sphere(CONVICTION, seat) > 0

    def can_contribute(self, e: VindicationBoard, seat: cython.int) -> cython.bint:
        piece: cython.int
        for piece in range(2 * e.nattributes + 1):
            if self.addable(e, seat, piece):
                return True
        return False

    def ask_contribution(self, e: VindicationBoard, seat: cython.int) -> None:
        """The pieces the player may add now, or stop (the monument may take several turns, L3243)."""
        piece: cython.int
        e.clear_options()
        for piece in range(2 * e.nattributes + 1):
            if self.addable(e, seat, piece):
                e.option(piece)
        e.option(STOP)
        e.goto(3)
        e.ask(MONUMENT, seat)

    def contribute(self, e: VindicationBoard, seat: cython.int, piece: cython.int) -> None:
        """A cube or a tile leaves the player for the monument, where nobody may use it (L3247)."""
        a: cython.int = piece % e.nattributes
        e.cells[e.k_monument + seat * e.monument_size + piece] = 1
        if piece < e.nattributes:
            e.cells[e.o_attr + a * e.seats + seat] -= 1
        elif piece < 2 * e.nattributes:
            e.cells[e.o_aptitudes + a * e.seats + seat] -= 1
        else:
            e.add_sphere(CONVICTION, seat, -1)

    def rebuilt(self, e: VindicationBoard, seat: cython.int) -> cython.bint:
        """Every place holds its piece (L3249)."""
        return self.pieces(e, seat, 0) == e.monument_attributes \
            and self.pieces(e, seat, e.nattributes) == e.monument_aptitudes \
            and self.monument(e, seat, 2 * e.nattributes) == e.monument_convictions

    def complete(self, e: VindicationBoard, seat: cython.int) -> None:
        """n honour; every piece back where it came from; the monument is rebuilt once only (L3249-3252)."""
        piece: cython.int
        for piece in range(2 * e.nattributes + 1):
            if self.monument(e, seat, piece):
                e.cells[e.k_monument + seat * e.monument_size + piece] = 0
                if piece < e.nattributes:
                    e.cells[e.o_attr + piece * e.seats + seat] += 1
                elif piece < 2 * e.nattributes:
                    e.cells[e.o_aptitudes + (piece - e.nattributes) * e.seats + seat] += 1
                else:
                    e.add_sphere(CONVICTION, seat, 1)
        e.cells[e.k_monument + seat * e.monument_size + 2 * e.nattributes + 1] = 1
        e.gain_honour(seat, e.favour_n[F_MONUMENT])
