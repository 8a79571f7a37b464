"""The island (L297-330, L448-479): moving on the triangular spaces, discovering the regions beside them,
visiting a region and taking control of it. The island's shape is the content's (tables.yaml `island`)."""

from __future__ import annotations

import cython  # type: ignore[import-untyped]

from .board import VindicationBoard

SPACE = cython.declare(cython.int, 10)
SLOT = cython.declare(cython.int, 11)
SPHERE = cython.declare(cython.int, 14)
STOP = cython.declare(cython.int, 1000)
"""The option that ends a move where the medallion stands."""
# Constants of content (tables.py: NUMBERS), by place.
C_MIN_MOVE = cython.declare(cython.int, 10)
C_BLOCKED_EXTRA = cython.declare(cython.int, 11)
C_CONTROL_HONOUR = cython.declare(cython.int, 19)
C_CONTROL_COST = cython.declare(cython.int, 22)
R_CONTESTED_COST = cython.declare(cython.int, 4)
R_MOVE_BONUS = cython.declare(cython.int, 6)
R_VISIT_RANGE = cython.declare(cython.int, 11)
"""Rule hooks (core.rule): another's region's price this turn (Nalin), spaces added to the move (Jerno)."""
# The turn's flags (core.turn_flag).
MOVED = cython.declare(cython.int, 0)
VISITED = cython.declare(cython.int, 2)
EXTRA_MOVES = cython.declare(cython.int, 6)
CONTROL_SLOT = cython.declare(cython.int, 3)
CONTROLLED = cython.declare(cython.int, 4)
E_DEFEAT_OR_CONTEST = cython.declare(cython.int, 10)
E_USE_CONVICTION = cython.declare(cython.int, 5)
E_MOVED = cython.declare(cython.int, 9)
BUILD_DISCOVERED = cython.declare(cython.int, 123)
H_STRANN = cython.declare(cython.int, 6)
H_JAIKE = cython.declare(cython.int, 9)
ACTIVATED = cython.declare(cython.int, 1)
INSPIRATION = cython.declare(cython.int, 0)
"""A card's rule hook (tables.py HOOKS), the turn's record of the card activated + 2, the first attribute."""
"""The engine's procedure build_discovered (tables.py INTERNAL)."""
SPACES_MOVED = cython.declare(cython.int, 43)
"""The event moved_four (tables.py EVENTS) and the turn's record of the spaces moved."""
"""The event of taking another player's region (tables.py EVENTS)."""
VISIT = cython.declare(cython.int, 103)
"""The engine's procedure number of `visit` (engine.py): taking control before visiting visits at once."""
DISCOVER = cython.declare(cython.int, 8)
"""The queue of slots to discover: its length, then the slots in the order they were passed (L324)."""
F_BARRICADE = cython.declare(cython.int, 2)
"""A guild favour placement (tables.py FAVOURS): a barricade honours its player (L3213)."""


@cython.cclass
class Island:
    """Moves, discoveries, visits and control; each method takes the engine it runs in."""

    # --- moving (L297-316) -------------------------------------------------------------------------------------

    def speed(self, e: VindicationBoard, seat: cython.int) -> cython.int:
        """The speed tile's speed (L818-856) plus the cubes on it (Canons d'avant-bras) and this turn's bonus."""
        return e.mount_speed[e.cells[e.o_mount + seat]] + e.cells[e.o_speed_bonus + seat] + e.rule(R_MOVE_BONUS)

    def reach(self, e: VindicationBoard, seat: cython.int) -> cython.int:
        """The most spaces a move may take: the speed, or 2 more when blocked (L314)."""
        if self.can_move(e, seat, self.speed(e, seat)):
            return self.speed(e, seat)
        return self.speed(e, seat) + e.num(C_BLOCKED_EXTRA)

    def can_end(self, e: VindicationBoard, seat: cython.int, space: cython.int, left: cython.int) -> cython.bint:
        """From `space`, with at most `left` more spaces, the move can end on a space nobody else stands on."""
        i: cython.int
        nxt: cython.int
        if not e.occupied(space, seat):
            return True
        if left <= 0:
            return False
        for i in range(3):
            nxt = e.space_next[space * 3 + i]
            if nxt >= 0 and self.can_end(e, seat, nxt, left - 1):
                return True
        return False

    def can_move(self, e: VindicationBoard, seat: cython.int, left: cython.int) -> cython.bint:
        """Some first step leads to a legal end within `left` spaces."""
        i: cython.int
        nxt: cython.int
        at: cython.int = e.pos(seat)
        for i in range(3):
            nxt = e.space_next[at * 3 + i]
            if nxt >= 0 and self.can_end(e, seat, nxt, left - 1):
                return True
        return False

    def move(self, e: VindicationBoard) -> None:
        """Déplacement: at least 1 space, at most the speed, one space at a time; through others' spaces but not
        stopping there (L257, L310). Blocked, a player adds up to 2 spaces and dilutes 1 power cube (L314-316).
        Locals: 3 spaces left, 4 spaces moved."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        i: cython.int
        nxt: cython.int
        at: cython.int
        if stage == 0:
            if e.turn_flag(MOVED):
                e.set_turn_flag(EXTRA_MOVES, e.turn_flag(EXTRA_MOVES) - 1)
            e.set_turn_flag(MOVED, 1)
            e.set_turn_flag(DISCOVER, 0)
            e.set_arg(3, self.speed(e, seat))
            if not self.can_move(e, seat, e.arg(3)):
                e.set_arg(3, e.arg(3) + e.num(C_BLOCKED_EXTRA))
                if e.sphere(2, seat) > 0 or e.influence(seat) > 0:
                    e.clear_options()
                    if e.sphere(2, seat) > 0:
                        e.option(2)
                    if e.influence(seat) > 0:
                        e.option(1)
                    e.goto(1)
                    e.ask(SPHERE, seat)
                    return
            stage = 2
        if stage == 1:
            e.add_sphere(e.answer(), seat, -1)
            e.add_sphere(e.answer() - 1, seat, 1)
            stage = 2
        if stage == 3:
            if e.answer() == STOP:
                self.discover(e, seat)
                e.done()
                return
            self.step_to(e, seat, e.answer())
            if e.arg(3) == 0:
                self.discover(e, seat)
                e.done()
                return
        at = e.pos(seat)
        e.clear_options()
        for i in range(3):
            nxt = e.space_next[at * 3 + i]
            if nxt >= 0 and self.can_end(e, seat, nxt, e.arg(3) - 1):
                e.option(nxt)
        if e.arg(4) >= e.num(C_MIN_MOVE) and not e.occupied(at, seat):
            e.option(STOP)
        e.goto(3)
        e.ask(SPACE, seat)

    def step_to(self, e: VindicationBoard, seat: cython.int, space: cython.int) -> None:
        """One space further; the empty slots beside it join the queue of discoveries (L322). The spaces moved
        this turn are announced (Soif d'aventure); another player's barricade there honours them (L3213)."""
        i: cython.int
        slot: cython.int
        barricade: cython.int = e.favour_at(F_BARRICADE, space)
        e.cells[e.k_pos + seat] = space
        if barricade >= 0 and barricade != seat:
            e.gain_honour(barricade, e.favour_n[F_BARRICADE])
        e.set_arg(3, e.arg(3) - 1)
        e.set_arg(4, e.arg(4) + 1)
        e.set_turn_flag(SPACES_MOVED, e.turn_flag(SPACES_MOVED) + 1)
        e.fire_reaching(seat, E_MOVED, e.turn_flag(SPACES_MOVED))
        if e.activated_hook(seat, H_STRANN) >= 0 and e.occupied(space, seat):
            self.oppress(e, seat, space)
        if e.pets_in_game and e.occupied(space, seat):
            self.crossed(e, seat, space)
        for i in range(3):
            slot = e.space_slots[space * 3 + i]
            if slot >= 0 and e.slot_region(slot) < 0 and not self.queued(e, slot):
                e.set_turn_flag(DISCOVER + 1 + e.turn_flag(DISCOVER), slot)
                e.set_turn_flag(DISCOVER, e.turn_flag(DISCOVER) + 1)

    def oppress(self, e: VindicationBoard, seat: cython.int, space: cython.int) -> None:
        """Strann activated, his player passing through another's space (L2698): n influence cubes augmented to
        conviction, m inspiration cubes of the other's back to their influence, as many as there are."""
        card: cython.int = e.turn_flag(ACTIVATED) - 2
        other: cython.int
        i: cython.int
        for i in range(e.card_hook_n[card]):
            if e.influence(seat) > 0:
                e.exalt(seat, 1)
        for other in range(e.players()):
            if other != seat and e.pos(other) == space:
                e.spend(other, INSPIRATION, e.card_hook_m[card] if e.card_hook_m[card] < e.attr(INSPIRATION, other)
                        else e.attr(INSPIRATION, other))

    def crossed(self, e: VindicationBoard, seat: cython.int, space: cython.int) -> None:
        """A player passing through others' space: each of them with Jaïke et Zoba bound gains n honour (L2312)."""
        other: cython.int
        honour: cython.int
        for other in range(e.players()):
            if other != seat and e.pos(other) == space:
                honour = e.pet_hook(other, H_JAIKE, -1)
                if honour > 0:
                    e.gain_honour(other, honour)

    def queued(self, e: VindicationBoard, slot: cython.int) -> cython.bint:
        i: cython.int
        for i in range(e.turn_flag(DISCOVER)):
            if e.turn_flag(DISCOVER + 1 + i) == slot:
                return True
        return False

    def discover(self, e: VindicationBoard, seat: cython.int) -> None:
        """Once the move is over, a region from the bag on each empty slot passed, in the order passed (L324); a
        construction site drawn may be built on by its discoverer (island_powers.build_discovered)."""
        i: cython.int
        for i in range(e.turn_flag(DISCOVER)):
            e.draw_region(e.turn_flag(DISCOVER + 1 + i))
            if e.slot_region(e.turn_flag(DISCOVER + 1 + i)) == e.site_region and e.construction_sites > 0:
                e.defer(BUILD_DISCOVERED, seat, e.turn_flag(DISCOVER + 1 + i), 0)
        e.set_turn_flag(DISCOVER, 0)

    # --- visiting (L328-330, L450-457) ------------------------------------------------------------------------

    def visitable(self, e: VindicationBoard, seat: cython.int, slot: cython.int) -> cython.bint:
        """A region beside the player, or beside a space as many spaces away as a power of the turn adds (Ketena,
        L2326-2328); once they took control before visiting, only that one (L457); not one under a treachery cube
        (Sidney, L2672)."""
        target: cython.int = e.turn_flag(CONTROL_SLOT)
        if e.slot_region(slot) < 0 or e.cells[e.k_treachery_slot + slot] > 0:
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
        if e.attr(e.region_cost_attr[region], seat) < e.region_cost[region]:
            return False
        return e.region_possible(region, seat)

    def repeat(self, e: VindicationBoard) -> None:
        """The visited region's action once more: no new visit, so no honour for its controller."""
        seat: cython.int = e.arg(0)
        if e.stage() == 0:
            e.goto(1)
            e.push(0, e.region_effect[e.slot_region(e.turn_flag(VISITED) - 1)], seat, 0)
            return
        e.done()

    # --- control (L459-479) ----------------------------------------------------------------------------------

    def control_cost(self, e: VindicationBoard, seat: cython.int, slot: cython.int) -> cython.int:
        """1 conviction for a free region, 2 for another player's (L464-465); -1 when it cannot be taken (Oneth's
        player beside it, board.protected)."""
        owner: cython.int = e.slot_owner(slot)
        if e.slot_region(slot) < 0 or not e.region_controllable[e.slot_region(slot)] or owner == seat \
                or e.protected(slot):
            return -1
        return e.num(C_CONTROL_COST) if owner < 0 else e.rule(R_CONTESTED_COST)

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
