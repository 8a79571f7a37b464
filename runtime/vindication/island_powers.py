"""The cards' powers over the island beyond the turn's own actions: one more visit (Xina), control taken by a
relic's cube or for a single conviction (Masque ancestral, Tromperie) or another player's (Siphon à conviction),
cubes moved onto the speed tile (Canons d'avant-bras), a region built on a construction site. Each is a
procedure taking the engine it runs in; a native's arguments are the effect's (args 0-2)."""

from __future__ import annotations

import cython  # type: ignore[import-untyped]

from .board import VindicationBoard

SLOT = cython.declare(cython.int, 11)
SEAT = cython.declare(cython.int, 19)
CONVICTION = cython.declare(cython.int, 2)
REGION = cython.declare(cython.int, 23)
STOP = cython.declare(cython.int, 1000)
"""The decision of which tile set aside to build (Sites de construction)."""
VISITED = cython.declare(cython.int, 2)
"""The turn's record (core.turn_flag): the slot of the turn's visit + 1."""
R_EXTRA_VISITS = cython.declare(cython.int, 9)
"""The rule hook extra_visits (tables.py RULE_FIELDS): visits a power added this turn."""
C_CONTROL_HONOUR = cython.declare(cython.int, 19)
C_CONTROL_COST = cython.declare(cython.int, 22)
E_USE_CONVICTION = cython.declare(cython.int, 5)
FREE_REGION = cython.declare(cython.int, 0)
"""take_control's modes: 0 an uncontrolled region, its cube from the card (Masque); 1 another player's region."""


@cython.cclass
class IslandPowers:
    """Visits and control the cards' powers add; each method takes the engine it runs in."""

    def extra_visitable(self, e: VindicationBoard, seat: cython.int, slot: cython.int) -> cython.bint:
        """A region beside the player other than the one the turn's visit went to (Xina: "une région
        supplémentaire", L1652); not Ronak's lair (L3380)."""
        return e.slot_region(slot) >= 0 and e.adjacent_slot(seat, slot) and slot != e.turn_flag(VISITED) - 1 \
            and e.cells[e.k_treachery_slot + slot] == 0 and not e.ronak_lair(slot)

    def can_extra_visit(self, e: VindicationBoard, seat: cython.int) -> cython.bint:
        i: cython.int
        if e.rule(R_EXTRA_VISITS) <= 0:
            return False
        for i in range(e.nslots):
            if self.extra_visitable(e, seat, i):
                return True
        return False

    def extra_visit(self, e: VindicationBoard) -> None:
        """A visit a power added this turn (rule hook extra_visits, Xina L1652): the region's action and its
        controller's honour; the turn's own visit stays the one control and a repeat follow."""
        seat: cython.int = e.arg(0)
        i: cython.int
        slot: cython.int
        if e.stage() == 0:
            e.clear_options()
            for i in range(e.nslots):
                if self.extra_visitable(e, seat, i):
                    e.option(i)
            e.goto(1)
            e.ask(SLOT, seat)
            return
        if e.stage() == 1:
            slot = e.answer()
            e.set_rule(R_EXTRA_VISITS, e.rule(R_EXTRA_VISITS) - 1)
            e.honour_visit(seat, slot)
            e.pay_effect(seat, e.region_cost_attr[e.slot_region(slot)], e.region_effect_cost[e.slot_region(slot)])
            e.goto(2)
            e.push(0, e.region_effect[e.slot_region(slot)], seat, 0)
            return
        e.done()

    def takeable(self, e: VindicationBoard, seat: cython.int, slot: cython.int, mode: cython.int) -> cython.bint:
        """A region beside the player that can be controlled: nobody's (mode 0) or another player's (mode 1)."""
        owner: cython.int = e.slot_owner(slot)
        if e.slot_region(slot) < 0 or not e.region_controllable[e.slot_region(slot)] \
                or not e.adjacent_slot(seat, slot) or e.protected(slot):
            return False
        return owner < 0 if mode == FREE_REGION else owner >= 0 and owner != seat

    def tromperie_cost(self, e: VindicationBoard, seat: cython.int, slot: cython.int) -> cython.int:
        """Another player's region for the conviction a free one costs (L464), doubled if they hold Impunité."""
        return e.cost_against(seat, e.slot_owner(slot), e.num(C_CONTROL_COST))

    def take_control(self, e: VindicationBoard) -> None:
        """Control of an adjacent region without a visit (args: seat, mode, card). Mode 0, the Masque ancestral
        (L2095-2097): an uncontrolled region, the card's influence cube onto the tile, 2 honour as any control
        (L452). Mode 1, Tromperie (L2740-2742): another player's region for the conviction a free one costs
        (L464), its owner's cube back to their influence, no honour. Nothing when no region can be taken."""
        seat: cython.int = e.arg(0)
        slot: cython.int
        owner: cython.int
        i: cython.int
        if e.stage() == 0:
            e.clear_options()
            for i in range(e.nslots):
                if self.takeable(e, seat, i, e.arg(1)) \
                        and (e.arg(1) == FREE_REGION and e.card_cubes(e.arg(2)) > 0
                             or e.arg(1) != FREE_REGION and e.sphere(2, seat) >= self.tromperie_cost(e, seat, i)):
                    e.option(i)
            if e.options() == 0:
                e.done()
                return
            e.goto(1)
            e.ask(SLOT, seat)
            return
        slot = e.answer()
        owner = e.slot_owner(slot)
        if e.arg(1) == FREE_REGION:
            e.cells[e.o_card_cubes + e.arg(2)] -= 1
            e.gain_honour(seat, e.num(C_CONTROL_HONOUR))
        else:
            e.add_sphere(1, owner, 1)
            e.add_sphere(2, seat, -self.tromperie_cost(e, seat, slot))
            e.add_sphere(1, seat, self.tromperie_cost(e, seat, slot) - 1)
            e.fire(seat, E_USE_CONVICTION)
        e.set_control(slot, seat)
        e.took_region(seat)
        e.done()

    def siphon_victim(self, e: VindicationBoard, seat: cython.int, other: cython.int) -> cython.bint:
        """Another player holding the m conviction cubes the Siphon takes (args: seat, m)."""
        return other != seat and e.sphere(CONVICTION, other) >= e.arg(1)

    def use_other_conviction(self, e: VindicationBoard) -> None:
        """Siphon à conviction (L2682-2684), read narrowly (a ruling, CHANGELOG): the other player's conviction
        pays the one thing the card names, a control, and only what it costs in full: an uncontrolled region
        beside the player (L464: 1 conviction), marked with one of the player's influence cubes (L2684); that
        player dilutes the cube to influence; 2 honour as any control (L452). Args: seat, m (the cubes taken, 1);
        local 3: the slot. Nothing without such a region, an influence cube or another player holding conviction."""
        seat: cython.int = e.arg(0)
        other: cython.int
        victims: cython.int = 0
        i: cython.int
        if e.stage() == 0:
            for other in range(e.players()):
                victims += self.siphon_victim(e, seat, other)
            e.clear_options()
            for i in range(e.nslots):
                if victims > 0 and e.influence(seat) > 0 and e.num(C_CONTROL_COST) <= e.arg(1) \
                        and self.takeable(e, seat, i, FREE_REGION):
                    e.option(i)
            if e.options() == 0:
                e.done()
                return
            e.goto(1)
            e.ask(SLOT, seat)
            return
        if e.stage() == 1:
            e.set_arg(3, e.answer())
            e.clear_options()
            for other in range(e.players()):
                if self.siphon_victim(e, seat, other):
                    e.option(other)
            e.goto(2)
            e.ask(SEAT, seat)
            return
        other = e.answer()
        e.add_sphere(CONVICTION, other, -e.arg(1))
        e.add_sphere(1, other, e.arg(1))
        e.add_sphere(1, seat, -1)
        e.set_control(e.arg(3), seat)
        e.took_region(seat)
        e.gain_honour(seat, e.num(C_CONTROL_HONOUR))
        e.done()

    def load_speed_tile(self, e: VindicationBoard) -> None:
        """One influence cube from the card onto the player's speed tile, where it stays (args: seat, card;
        Canons d'avant-bras, L2051-2053); the speed it gives is the effect's own (speed_bonus)."""
        if e.card_cubes(e.arg(1)) > 0:
            e.cells[e.o_card_cubes + e.arg(1)] -= 1
            e.cells[e.k_speed_cubes + e.arg(0)] += 1
        e.done()

    def build_site(self, e: VindicationBoard) -> None:
        """Site de construction (L3149-3153): on the site visited, for n conviction (args: seat, n), one of the
        tiles set aside is built there and its builder controls it (2 honour, L452); the site leaves the game. The
        visit built it, so the builder does not visit it nor repeat its action this turn. Nothing without a tile
        set aside or the conviction."""
        seat: cython.int = e.arg(0)
        slot: cython.int = e.turn_flag(VISITED) - 1
        r: cython.int
        if e.stage() == 0:
            e.clear_options()
            if slot >= 0 and e.slot_region(slot) == e.site_region and e.arg(1) >= 1 and e.sphere(2, seat) >= e.arg(1):
                for r in range(e.nregions):
                    if e.cells[e.k_aside + r] > 0:
                        e.option(r)
            if e.options() == 0:
                e.done()
                return
            e.goto(1)
            e.ask(REGION, seat)
            return
        self.build(e, seat, slot, e.answer(), e.arg(1))
        e.set_turn_flag(VISITED, 0)
        e.done()

    def build(self, e: VindicationBoard, seat: cython.int, slot: cython.int, region: cython.int,
              cost: cython.int) -> None:
        """The tile set aside built on the site, for `cost` conviction, one cube of it on the tile: its builder
        controls it (2 honour, L452)."""
        e.cells[e.k_aside + region] -= 1
        e.cells[e.k_slot + slot] = region
        e.use_conviction(seat, cost - 1)
        e.add_sphere(2, seat, -1)
        e.set_control(slot, seat)
        e.gain_honour(seat, e.num(C_CONTROL_HONOUR))
        e.took_region(seat)

    def build_discovered(self, e: VindicationBoard) -> None:
        """A construction site just drawn onto the island (args: seat, slot): its discoverer may build on it at once
        for the site's cost in conviction, and may then visit what they built (L3149)."""
        seat: cython.int = e.arg(0)
        slot: cython.int = e.arg(1)
        r: cython.int
        if e.stage() == 0:
            e.clear_options()
            if e.slot_region(slot) == e.site_region and e.sphere(2, seat) >= e.site_cost:
                for r in range(e.nregions):
                    if e.cells[e.k_aside + r] > 0:
                        e.option(r)
            if e.options() == 0:
                e.done()
                return
            e.option(STOP)
            e.goto(1)
            e.ask(REGION, seat)
            return
        if e.answer() != STOP:
            self.build(e, seat, slot, e.answer(), e.site_cost)
        e.done()
