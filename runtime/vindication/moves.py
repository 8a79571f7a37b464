"""The island's moves (L297-326): moving on the triangular spaces, one at a time, what passing another player's
space does (Strann, Jaïke et Zoba, a barricade), and discovering the regions beside the spaces passed. The island's
shape is the content's (tables.yaml `island`); visits and control are island.py's, over this."""

from __future__ import annotations

import cython  # type: ignore[import-untyped]

from .board import VindicationBoard

SPACE = cython.declare(cython.int, 10)
SPHERE = cython.declare(cython.int, 14)
"""Kinds of decision (describe.py): a space, a sphere."""
STOP = cython.declare(cython.int, 1000)
"""The option that ends a move where the medallion stands."""
C_MIN_MOVE = cython.declare(cython.int, 10)
C_BLOCKED_EXTRA = cython.declare(cython.int, 11)
"""Constants of content (tables.py: NUMBERS), by place."""
R_MOVE_BONUS = cython.declare(cython.int, 6)
"""A rule hook (core.rule): spaces added to the move (Jerno)."""
# The turn's flags (core.turn_flag).
MOVED = cython.declare(cython.int, 0)
ACTIVATED = cython.declare(cython.int, 1)
EXTRA_MOVES = cython.declare(cython.int, 6)
DISCOVER = cython.declare(cython.int, 8)
"""The queue of slots to discover: its length, then the slots in the order they were passed (L324)."""
SPACES_MOVED = cython.declare(cython.int, 43)
"""The event moved_four (tables.py EVENTS) and the turn's record of the spaces moved."""
MOVE_LEFT = cython.declare(cython.int, 49)
"""The turn's record: the spaces the last move left unused, which Zharah activated lets the player move later."""
E_MOVED = cython.declare(cython.int, 9)
BUILD_DISCOVERED = cython.declare(cython.int, 123)
PROVOKE = cython.declare(cython.int, 129)
"""The event moved_four (tables.py EVENTS); the engine's procedures build_discovered and provoke (tables.py
INTERNAL)."""
H_STRANN = cython.declare(cython.int, 6)
H_ZHARAH = cython.declare(cython.int, 7)
H_JAIKE = cython.declare(cython.int, 12)
H_VAKLK = cython.declare(cython.int, 13)
"""Cards' rule hooks (tables.py HOOKS)."""
WAYS_ON = cython.declare(cython.int, 5)
"""The ways on from a space: the 3 it leads to (tables.yaml `island`), then the numbered coastal spaces before and
after it (Vak'lk, next_space)."""
INSPIRATION = cython.declare(cython.int, 0)
"""The first attribute."""
F_BARRICADE = cython.declare(cython.int, 2)
"""A guild favour placement (tables.py FAVOURS): a barricade honours its player (L3213)."""


@cython.cclass
class Moves:
    """Moves and discoveries; each method takes the engine it runs in."""


    # --- moving (L297-316) -------------------------------------------------------------------------------------

    def speed(self, e: VindicationBoard, seat: cython.int) -> cython.int:
        """The speed tile's speed (L818-856) plus the cubes on it (Canons d'avant-bras) and this turn's bonus."""
        return e.mount_speed[e.cells[e.o_mount + seat]] + e.cells[e.o_speed_bonus + seat] + e.rule(R_MOVE_BONUS)

    def reach(self, e: VindicationBoard, seat: cython.int) -> cython.int:
        """The most spaces a move may take: the speed, or 2 more when blocked (L314)."""
        if self.can_move(e, seat, self.speed(e, seat)):
            return self.speed(e, seat)
        return self.speed(e, seat) + e.num(C_BLOCKED_EXTRA)

    def split_left(self, e: VindicationBoard, seat: cython.int) -> cython.int:
        """The spaces of the turn's move the player may still move: with Zharah activated this turn, what the last
        move left unused (L1428: the move split before, after or between the other actions), else 0."""
        if e.turn_flag(MOVED) and e.activated_hook(seat, H_ZHARAH) >= 0:
            return e.turn_flag(MOVE_LEFT)
        return 0

    def along_coast(self, e: VindicationBoard, seat: cython.int) -> cython.bint:
        """The seat may move between the numbered coastal spaces: its Vak'lk is bound to the companion activated
        this turn (L2368-2372)."""
        activated: cython.int = e.turn_flag(ACTIVATED) - 2
        return activated >= 0 and e.pet_hook(seat, H_VAKLK, activated) >= 0

    def coastal_step(self, e: VindicationBoard, space: cython.int, onward: cython.bint) -> cython.int:
        """The numbered coastal space directly before (or, onward, after) `space`, or -1 when `space` is not one.
        The numbered spaces run around the island, so the last and the first are next to each other (a ruling)."""
        if space >= e.ncoast:
            return -1
        if onward:
            return (space + 1) % e.ncoast
        return (space + e.ncoast - 1) % e.ncoast

    def next_space(self, e: VindicationBoard, space: cython.int, i: cython.int, coast: cython.bint) -> cython.int:
        """The i-th way on from `space` (WAYS_ON), or -1: the island's paths, then, along the coast (along_coast),
        the coastal steps (one to a space a path already leads to is that path, offered once)."""
        nxt: cython.int
        if i < 3:
            return e.space_next[space * 3 + i]
        if not coast:
            return -1
        nxt = self.coastal_step(e, space, i == 4)
        if nxt < 0 or e.space_next[space * 3] == nxt or e.space_next[space * 3 + 1] == nxt \
                or e.space_next[space * 3 + 2] == nxt:
            return -1
        return nxt

    def can_end(self, e: VindicationBoard, seat: cython.int, space: cython.int, left: cython.int,
                coast: cython.bint) -> cython.bint:
        """From `space`, with at most `left` more spaces (and the coastal steps when `coast`), the move can end on a
        space nobody else stands on."""
        i: cython.int
        nxt: cython.int
        if not e.occupied(space, seat):
            return True
        if left <= 0:
            return False
        for i in range(WAYS_ON):
            nxt = self.next_space(e, space, i, coast)
            if nxt >= 0 and self.can_end(e, seat, nxt, left - 1, coast):
                return True
        return False

    def can_move(self, e: VindicationBoard, seat: cython.int, left: cython.int) -> cython.bint:
        """Some first step leads to a legal end within `left` spaces."""
        i: cython.int
        nxt: cython.int
        at: cython.int = e.pos(seat)
        coast: cython.bint = self.along_coast(e, seat)
        for i in range(WAYS_ON):
            nxt = self.next_space(e, at, i, coast)
            if nxt >= 0 and self.can_end(e, seat, nxt, left - 1, coast):
                return True
        return False

    def move(self, e: VindicationBoard) -> None:
        """Déplacement: at least 1 space, at most the speed, one space at a time; through others' spaces but not
        stopping there (L257, L310). Blocked, a player adds up to 2 spaces and dilutes 1 power cube (L314-316).
        With Zharah, a move resumes the spaces the last one left (split_left), at least 1 space again.
        Locals: 3 spaces left, 4 spaces moved."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        i: cython.int
        nxt: cython.int
        at: cython.int
        coast: cython.bint
        if stage == 0 and self.split_left(e, seat) > 0 and self.can_move(e, seat, self.split_left(e, seat)):
            e.set_arg(3, self.split_left(e, seat))
            e.set_turn_flag(DISCOVER, 0)
            stage = 2
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
                e.set_turn_flag(MOVE_LEFT, e.arg(3))
                self.discover(e, seat)
                e.done()
                return
            self.step_to(e, seat, e.answer())
            if e.arg(3) == 0:
                e.set_turn_flag(MOVE_LEFT, 0)
                self.discover(e, seat)
                e.done()
                return
        at = e.pos(seat)
        coast = self.along_coast(e, seat)
        e.clear_options()
        for i in range(WAYS_ON):
            nxt = self.next_space(e, at, i, coast)
            if nxt >= 0 and self.can_end(e, seat, nxt, e.arg(3) - 1, coast):
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
        construction site drawn may be built on by its discoverer (island_powers.build_discovered); with Mythes et
        Merveilles, a move that ends on a treachery cube provokes Ronak (myths.provoke, L3294)."""
        i: cython.int
        for i in range(e.turn_flag(DISCOVER)):
            e.draw_region(e.turn_flag(DISCOVER + 1 + i))
            if e.slot_region(e.turn_flag(DISCOVER + 1 + i)) == e.site_region and e.construction_sites > 0:
                e.defer(BUILD_DISCOVERED, seat, e.turn_flag(DISCOVER + 1 + i), 0)
        e.set_turn_flag(DISCOVER, 0)
        if e.ronak_cubes > 0:
            e.defer(PROVOKE, seat, 0, 0)
