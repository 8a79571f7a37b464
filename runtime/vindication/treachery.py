"""Natives of the Traîtrise cards (L2540-2760): another player beside one's medallion, made to lose an attribute
cube or an aptitude tile, or pushed one space; every character moved (Bottes), every other player's companion
loaded (Toxine); treachery cubes placed and removed (Langue fourchue, Sept plumes, Sidney); none of them reaches
the companions the Zharyan sisters shield. Each is a procedure taking the engine it runs in; its arguments are the
effect's (args 0-2)."""

from __future__ import annotations

import cython  # type: ignore[import-untyped]

from .board import VindicationBoard

SPACE = cython.declare(cython.int, 10)
ATTRIBUTE = cython.declare(cython.int, 13)
SEAT = cython.declare(cython.int, 19)
CARD = cython.declare(cython.int, 12)
SLOT = cython.declare(cython.int, 11)
TREACHERY = cython.declare(cython.int, 24)
"""The decision of which treachery cube to remove: a card, or the number of cards + a slot."""
ON_COMPANION = cython.declare(cython.int, 0)
ON_REGION = cython.declare(cython.int, 2)
"""place_treachery_cube's modes: 0 a companion, 1 a relic or trait, 2 a region."""
RELIC = cython.declare(cython.int, 2)
TRAIT = cython.declare(cython.int, 3)
H_ZHARYAN = cython.declare(cython.int, 9)
"""The Zharyan sisters' rule hook (tables.py HOOKS)."""
CUBE_LOST = cython.declare(cython.int, 1)
"""lose_attribute's one cube (its definition in content/vindication/natives/core.yaml)."""


@cython.cclass
class Treachery:
    """The Traîtrise natives; each method takes the engine it runs in."""

    def shielded(self, e: VindicationBoard, seat: cython.int, card: cython.int) -> cython.bint:
        """Another player's power cannot reach this companion or its cubes: its owner, not the seat, holds the
        Zharyan sisters, and it is of their colour, yellow (L1628)."""
        owner: cython.int = e.owner(card)
        sister: cython.int
        if owner < 0 or owner == seat or e.card_kind[card] != 0:
            return False
        for sister in range(e.ncards):
            if e.card_hook[sister] == H_ZHARYAN and e.owns(owner, sister) \
                    and e.card_colour[sister] == e.card_colour[card]:
                return True
        return False

    def adjacent_player(self, e: VindicationBoard) -> None:
        """Another player beside the player, their choice among several (args: seat); -1 when there is none, to
        which the natives it is given do nothing (a power that needs one is offered only with one)."""
        seat: cython.int = e.arg(0)
        other: cython.int
        if e.stage() == 0:
            e.clear_options()
            for other in range(e.players()):
                if other != seat and e.beside(seat, other):
                    e.option(other)
            if e.options() == 0:
                e.set_result(-1)
                e.done()
                return
            e.goto(1)
            e.ask(SEAT, seat)
            return
        e.set_result(e.answer())
        e.done()

    def lose_attribute(self, e: VindicationBoard) -> None:
        """The other player loses an attribute cube of their choice to their influence; the player generates n of
        that type (args: seat, other, n; Avarice L2560, Toule)."""
        other: cython.int = e.arg(1)
        a: cython.int
        if e.stage() == 0:
            e.clear_options()
            if other >= 0:
                for a in range(e.nattributes):
                    if e.attr(a, other) >= CUBE_LOST:
                        e.option(a)
            if e.options() == 0:
                e.done()
                return
            e.goto(1)
            e.ask(ATTRIBUTE, other)
            return
        e.spend(other, e.answer(), CUBE_LOST)
        e.generate(e.arg(0), e.answer(), e.arg(2))
        e.done()

    def steal_aptitude(self, e: VindicationBoard) -> None:
        """An aptitude tile of the player's choice taken from the other player, who gains n honour (args: seat,
        other, n; Kuvot, L2612)."""
        seat: cython.int = e.arg(0)
        other: cython.int = e.arg(1)
        a: cython.int
        if e.stage() == 0:
            e.clear_options()
            if other >= 0:
                for a in range(e.nattributes):
                    if e.cells[e.o_aptitudes + a * e.seats + other] > 0:
                        e.option(a)
            if e.options() == 0:
                e.done()
                return
            e.goto(1)
            e.ask(ATTRIBUTE, seat)
            return
        a = e.answer()
        e.cells[e.o_aptitudes + a * e.seats + other] -= 1
        e.cells[e.o_aptitudes + a * e.seats + seat] += 1
        e.gain_honour(other, e.arg(2))
        e.done()

    def push_player(self, e: VindicationBoard) -> None:
        """A player beside the player pushed to a free space next to theirs, the regions beside it discovered
        (args: seat; Feth, L2582). Local 3: the player pushed."""
        seat: cython.int = e.arg(0)
        other: cython.int
        i: cython.int
        space: cython.int
        if e.stage() == 0:
            e.clear_options()
            for other in range(e.players()):
                if other != seat and e.beside(seat, other):
                    e.option(other)
            if e.options() == 0:
                e.done()
                return
            e.goto(1)
            e.ask(SEAT, seat)
            return
        if e.stage() == 1:
            other = e.answer()
            e.set_arg(3, other)
            e.clear_options()
            for i in range(3):
                space = e.space_next[e.pos(other) * 3 + i]
                if space >= 0 and not e.occupied(space, other):
                    e.option(space)
            if e.options() == 0:
                e.done()
                return
            e.goto(2)
            e.ask(SPACE, seat)
            return
        e.cells[e.k_pos + e.arg(3)] = e.answer()
        e.discover_around(e.arg(3))
        e.done()

    def others_load_companion(self, e: VindicationBoard) -> None:
        """Every other player, in turn order, puts n influence cubes onto a companion of their choice, as many as
        they have (args: seat, n; Toxine, L2724; one without influence would recover some first, p. 8: a ruling,
        they put what they have). Local 3: the next player, counted from the seat."""
        seat: cython.int = e.arg(0)
        other: cython.int
        card: cython.int
        n: cython.int
        if e.stage() == 0:
            e.set_arg(3, 1)
        else:
            other = (seat + e.arg(3)) % e.players()
            n = e.arg(1) if e.arg(1) < e.influence(other) else e.influence(other)
            e.add_sphere(1, other, -n)
            e.cells[e.o_card_cubes + e.answer()] += n
            e.set_arg(3, e.arg(3) + 1)
        while e.arg(3) < e.players():
            other = (seat + e.arg(3)) % e.players()
            e.clear_options()
            for card in range(e.ncards):
                if e.card_kind[card] == 0 and e.owns(other, card) and not self.shielded(e, seat, card):
                    e.option(card)
            if e.options() > 0:
                e.goto(1)
                e.ask(CARD, other)
                return
            e.set_arg(3, e.arg(3) + 1)
        e.done()

    def move_characters(self, e: VindicationBoard) -> None:
        """The player moves every character, themselves included, n spaces or fewer (0 too) to a space nobody
        else stands on, the regions beside it discovered (args: seat, n; Bottes de course effrénée, L2575-2577).
        Local 3: the next character, counted from the seat."""
        seat: cython.int = e.arg(0)
        other: cython.int
        space: cython.int
        if e.stage() == 0:
            e.set_arg(3, 0)
        else:
            other = (seat + e.arg(3)) % e.players()
            e.cells[e.k_pos + other] = e.answer()
            e.discover_around(other)
            e.set_arg(3, e.arg(3) + 1)
        if e.arg(3) >= e.players():
            e.done()
            return
        other = (seat + e.arg(3)) % e.players()
        e.clear_options()
        for space in range(e.nspaces):
            if not e.occupied(space, other) and e.within(e.pos(other), space, e.arg(1)):
                e.option(space)
        e.goto(1)
        e.ask(SPACE, seat)

    def treachery_target(self, e: VindicationBoard, seat: cython.int, mode: cython.int,
                         value: cython.int) -> cython.bint:
        """What a treachery cube may go on: a companion (mode 0) or a relic or trait (1) of a player beside, or a
        region beside (2, a slot), with none on it yet."""
        owner: cython.int
        if mode == ON_REGION:
            return e.slot_region(value) >= 0 and e.adjacent_slot(seat, value) \
                and e.cells[e.k_treachery_slot + value] == 0
        owner = e.owner(value)
        if owner < 0 or owner == seat or not e.owns(owner, value) or not e.beside(seat, owner) \
                or e.cells[e.k_treachery_card + value] > 0:
            return False
        if mode == ON_COMPANION:
            return e.card_kind[value] == 0 and not self.shielded(e, seat, value)
        return e.card_kind[value] == RELIC or e.card_kind[value] == TRAIT

    def place_treachery_cube(self, e: VindicationBoard) -> None:
        """A black treachery cube on what the mode names (args: seat, mode, the conviction that removes it;
        Langue fourchue L2628, Sept plumes, Sidney L2672): it cannot be activated, used, or visited and scored
        until removed (clear_treachery)."""
        seat: cython.int = e.arg(0)
        i: cython.int
        if e.stage() == 0:
            e.clear_options()
            for i in range(e.nslots if e.arg(1) == ON_REGION else e.ncards):
                if self.treachery_target(e, seat, e.arg(1), i):
                    e.option(i)
            if e.options() == 0:
                e.done()
                return
            e.goto(1)
            e.ask(SLOT if e.arg(1) == ON_REGION else CARD, seat)
            return
        if e.arg(1) == ON_REGION:
            e.cells[e.k_treachery_slot + e.answer()] = e.arg(2)
        else:
            e.cells[e.k_treachery_card + e.answer()] = e.arg(2)
        e.done()

    def clearable(self, e: VindicationBoard, seat: cython.int, value: cython.int) -> cython.bint:
        """A treachery cube the player may pay to remove (anyone may, L2636): on one of their cards, or on a
        region beside them (a slot, counted from the number of cards); they hold the conviction it costs."""
        cost: cython.int
        if value >= e.ncards:
            cost = e.cells[e.k_treachery_slot + value - e.ncards]
            return cost > 0 and e.adjacent_slot(seat, value - e.ncards) and e.sphere(2, seat) >= cost
        cost = e.cells[e.k_treachery_card + value]
        return cost > 0 and e.owns(seat, value) and e.sphere(2, seat) >= cost

    def can_clear_treachery(self, e: VindicationBoard, seat: cython.int) -> cython.bint:
        i: cython.int
        for i in range(e.ncards):
            if self.clearable(e, seat, i):
                return True
        for i in range(e.nslots):
            if self.clearable(e, seat, e.ncards + i):
                return True
        return False

    def clear_treachery(self, e: VindicationBoard) -> None:
        """A treachery cube removed for the conviction it costs (L2636)."""
        seat: cython.int = e.arg(0)
        i: cython.int
        value: cython.int
        if e.stage() == 0:
            e.clear_options()
            for i in range(e.ncards):
                if self.clearable(e, seat, i):
                    e.option(i)
            for i in range(e.nslots):
                if self.clearable(e, seat, e.ncards + i):
                    e.option(e.ncards + i)
            e.goto(1)
            e.ask(TREACHERY, seat)
            return
        value = e.answer()
        if value >= e.ncards:
            e.use_conviction(seat, e.cells[e.k_treachery_slot + value - e.ncards])
            e.cells[e.k_treachery_slot + value - e.ncards] = 0
        else:
            e.use_conviction(seat, e.cells[e.k_treachery_card + value])
            e.cells[e.k_treachery_card + value] = 0
        e.done()
