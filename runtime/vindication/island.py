"""The island (L297-330, L448-479): visiting a region and taking control of it, over the moves and discoveries
of moves.py. The island's shape is the content's (tables.yaml `island`)."""

from __future__ import annotations

import cython  # type: ignore[import-untyped]

from .board import VindicationBoard
from .moves import Moves

SLOT = cython.declare(cython.int, 11)
"""A kind of decision (describe.py): a slot."""
C_CONTROL_HONOUR = cython.declare(cython.int, 19)
C_CONTROL_COST = cython.declare(cython.int, 22)
"""Constants of content (tables.py: NUMBERS), by place."""
R_CONTESTED_COST = cython.declare(cython.int, 4)
R_VISIT_RANGE = cython.declare(cython.int, 11)
"""Rule hooks (core.rule): another's region's price this turn (Nalin), spaces added to a visit's reach."""
# The turn's flags (core.turn_flag).
VISITED = cython.declare(cython.int, 2)
CONTROL_SLOT = cython.declare(cython.int, 3)
CONTROLLED = cython.declare(cython.int, 4)
E_DEFEAT_OR_CONTEST = cython.declare(cython.int, 10)
E_USE_CONVICTION = cython.declare(cython.int, 5)
"""The events of taking another player's region and of using conviction (tables.py EVENTS)."""
VISIT = cython.declare(cython.int, 103)
"""The engine's procedure number of `visit` (engine.py): taking control before visiting visits at once."""


@cython.cclass
class Island(Moves):
    """Visits and control, over the moves; each method takes the engine it runs in."""

    # --- visiting (L328-330, L450-457) ------------------------------------------------------------------------

    def visitable(self, e: VindicationBoard, seat: cython.int, slot: cython.int) -> cython.bint:
        """A region beside the player, or beside a space as many spaces away as a power of the turn adds (Ketena,
        L2326-2328); once they took control before visiting, only that one (L457); not one under a treachery cube
        (Sidney, L2672), nor Ronak's lair (L3380)."""
        target: cython.int = e.turn_flag(CONTROL_SLOT)
        if e.slot_region(slot) < 0 or e.cells[e.k_treachery_slot + slot] > 0 or e.ronak_lair(slot):
            return False
        if not e.adjacent_slot(seat, slot) and not (e.rule(R_VISIT_RANGE) > 0
                                                    and self.near_slot(e, e.pos(seat), slot, e.rule(R_VISIT_RANGE))):
            return False
        return target < 0 or target == slot

    def near_slot(self, e: VindicationBoard, space: cython.int, slot: cython.int, left: cython.int) -> cython.bint:
        """The slot touches `space` or a space at most `left` spaces from it."""
        i: cython.int
        nxt: cython.int
        for i in range(3):
            if e.space_slots[space * 3 + i] == slot:
                return True
        if left <= 0:
            return False
        for i in range(3):
            nxt = e.space_next[space * 3 + i]
            if nxt >= 0 and self.near_slot(e, nxt, slot, left - 1):
                return True
        return False

    def can_visit(self, e: VindicationBoard, seat: cython.int) -> cython.bint:
        i: cython.int
        for i in range(e.nslots):
            if self.visitable(e, seat, i):
                return True
        return False

    def visit(self, e: VindicationBoard) -> None:
        """Visite: the region's action, as its effect says; the controller of another's region gains 2 honour
        (L454-455), nobody for one's own (L456), nor anybody when a power of the visitor's blocks it (Zinh)
        (board.honour_visit)."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        i: cython.int
        slot: cython.int
        owner: cython.int
        if stage == 0:
            e.clear_options()
            for i in range(e.nslots):
                if self.visitable(e, seat, i):
                    e.option(i)
            e.goto(1)
            e.ask(SLOT, seat)
            return
        if stage == 1:
            slot = e.answer()
            e.set_turn_flag(VISITED, slot + 1)
            e.honour_visit(seat, slot)
            e.pay_effect(seat, e.region_cost_attr[e.slot_region(slot)], e.region_effect_cost[e.slot_region(slot)])
            e.goto(2)
            e.push(0, e.region_effect[e.slot_region(slot)], seat, 0)
            return
        e.done()

    def can_repeat(self, e: VindicationBoard, seat: cython.int) -> cython.bint:
        """The region visited this turn repeats its action (Monastère, Poste, Sanctuaire, L330) while the player
        can pay it and it can do something."""
        slot: cython.int = e.turn_flag(VISITED) - 1
        region: cython.int
        if slot < 0:
            return False
        region = e.slot_region(slot)
        if not e.region_repeatable[region] or e.region_cost_attr[region] < 0:
            return False
        if not e.can_pay_effect(seat, e.region_cost_attr[region], e.region_cost[region]):
            return False
        return e.region_possible(region, seat)

    def repeat(self, e: VindicationBoard) -> None:
        """The visited region's action once more: no new visit, so no honour for its controller."""
        seat: cython.int = e.arg(0)
        region: cython.int = e.slot_region(e.turn_flag(VISITED) - 1)
        if e.stage() == 0:
            e.pay_effect(seat, e.region_cost_attr[region], e.region_effect_cost[region])
            e.goto(1)
            e.push(0, e.region_effect[region], seat, 0)
            return
        e.done()

    # --- control (L459-479) ----------------------------------------------------------------------------------

    def control_cost(self, e: VindicationBoard, seat: cython.int, slot: cython.int) -> cython.int:
        """1 conviction for a free region, 2 for another player's (L464-465), twice that if they hold Impunité
        (board.cost_against); -1 when it cannot be taken (Oneth's player beside it, board.protected)."""
        owner: cython.int = e.slot_owner(slot)
        if e.slot_region(slot) < 0 or not e.region_controllable[e.slot_region(slot)] or owner == seat \
                or e.protected(slot):
            return -1
        return e.num(C_CONTROL_COST) if owner < 0 else e.cost_against(seat, owner, e.rule(R_CONTESTED_COST))

    def controllable(self, e: VindicationBoard, seat: cython.int, slot: cython.int) -> cython.bint:
        """The region visited this turn, or, before any visit, one the player may visit next (L461-462)."""
        visited: cython.int = e.turn_flag(VISITED) - 1
        cost: cython.int = self.control_cost(e, seat, slot)
        if cost < 0 or e.sphere(2, seat) < cost:
            return False
        if visited >= 0:
            return slot == visited
        return e.visit_left(seat) and self.visitable(e, seat, slot)

    def can_control(self, e: VindicationBoard, seat: cython.int) -> cython.bint:
        i: cython.int
        if e.turn_flag(CONTROLLED):
            return False
        for i in range(e.nslots):
            if self.controllable(e, seat, i):
                return True
        return False

    def control(self, e: VindicationBoard) -> None:
        """Prise de contrôle: a conviction cube on the tile, a second one evicting its owner, whose cube goes back
        to their influence (L464-470); 2 honour (L452). Taken before visiting, the region is visited at once, as
        the turn's visit (L461-462)."""
        seat: cython.int = e.arg(0)
        i: cython.int
        slot: cython.int
        owner: cython.int
        if e.stage() == 0:
            e.clear_options()
            for i in range(e.nslots):
                if self.controllable(e, seat, i):
                    e.option(i)
            e.goto(1)
            e.ask(SLOT, seat)
            return
        if e.stage() == 2:
            e.done()
            return
        slot = e.answer()
        owner = e.slot_owner(slot)
        if owner >= 0:
            e.add_sphere(1, owner, 1)
            e.use_conviction(seat, self.control_cost(e, seat, slot) - 1)
            e.fire(seat, E_DEFEAT_OR_CONTEST)
        else:
            e.fire(seat, E_USE_CONVICTION)
        e.add_sphere(2, seat, -1)
        e.set_control(slot, seat)
        e.set_turn_flag(CONTROLLED, 1)
        e.took_region(seat)
        e.gain_honour(seat, e.num(C_CONTROL_HONOUR))
        if e.turn_flag(VISITED) == 0:
            e.set_turn_flag(CONTROL_SLOT, slot)
            e.add_budget(0, -1)
            e.goto(2)
            e.push(VISIT, seat, 0, 0)
            return
        e.done()
