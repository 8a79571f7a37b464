"""The Mythes et Merveilles expansion (L3266-3391): Ronak in the island's centre, provoked by the moves that end
on the treachery cubes around him (L3294); the event that follows (L3302-3368: champions, offerings on the board's
spheres, Ronak's charge), then his defeat (L3372) or the event's reset (L3368). What the event gives (the
spheres' bonuses, the loot, the teleport tokens, Tuuk-Tuuk's visit) is myths_rewards.py's. The board's spheres
are the content's (tables.yaml `myths_board`, placeholder); each method taking the engine is a procedure of it or
a rule the engine asks."""

from __future__ import annotations

from typing import Any

import cython  # type: ignore[import-untyped]

from .board import VindicationBoard
from .myths_rewards import MythsRewards

# The expansion's record (core `k_myths`, tables.py MYTHS_CELLS); a cube per space (`k_ronak_spaces`), each
# sphere's offerer + 1 (`k_myths_spheres`) and each seat's teleport tokens (`k_teleport_tokens`, myths_rewards.py)
# follow it.
PHASE = cython.declare(cython.int, 0)
ON_RONAK = cython.declare(cython.int, 1)
SESTRA = cython.declare(cython.int, 2)
"""Who takes Sestra: the next first player (L3306)."""
FIRST_LOOT = cython.declare(cython.int, 3)
EVENT_TURN = cython.declare(cython.int, 4)
RESUME = cython.declare(cython.int, 5)
CHARGED = cython.declare(cython.int, 6)
LOOT_USED = cython.declare(cython.int, 8)
"""The record: the loot cards used this turn, by bit (myths_rewards.py)."""
DORMANT = cython.declare(cython.int, 0)
AWAKE = cython.declare(cython.int, 1)
DEFEATED = cython.declare(cython.int, 2)
CLONE = cython.declare(cython.int, 6)
"""The clone sphere's bonus (tables.py MYTHS_BONUSES); the others are myths_rewards.py's."""
# Decisions (describe.py), the engine's procedures (tables.py INTERNAL), the dice and the constants read here.
YESNO = cython.declare(cython.int, 15)
COUNT = cython.declare(cython.int, 17)
MYTHS_SPHERE = cython.declare(cython.int, 40)
CLONED = cython.declare(cython.int, 41)
ACTIVATE = cython.declare(cython.int, 102)
CONVERT = cython.declare(cython.int, 107)
RECOVER = cython.declare(cython.int, 110)
CHECK_END = cython.declare(cython.int, 112)
ABILITY = cython.declare(cython.int, 116)
ROLL = cython.declare(cython.int, 121)
USE_PET = cython.declare(cython.int, 126)
OFFER = cython.declare(cython.int, 130)
CHARGE = cython.declare(cython.int, 131)
SHARE_LOOT = cython.declare(cython.int, 132)
ATTRIBUTE_DIE = cython.declare(cython.int, 0)
MONSTER_DIE = cython.declare(cython.int, 1)
EXHAUSTION = cython.declare(cython.int, 0)
DEATH = cython.declare(cython.int, 1)
C_EXHAUSTION = cython.declare(cython.int, 18)
C_DEATH_PREVENTION = cython.declare(cython.int, 24)
FIRST = cython.declare(cython.int, 2)
"""The game's record: the first player (Sestra's holder once the event is over, L3306)."""
COMPANION = cython.declare(cython.int, 0)
INFLUENCE = cython.declare(cython.int, 1)
CONVICTION = cython.declare(cython.int, 2)


@cython.cclass
class Myths:
    """The expansion's numbers and board, and its procedures; each method takes the engine it runs in."""

    def __init__(self, tables: Any) -> None:
        n: dict[str, int] = tables.numbers
        self.spheres = n["myths_spheres"]
        self.conviction = n["myths_conviction"]
        self.exaltations = n["ronak_exaltations"]
        self.blue_players = n["myths_board_blue_players"]
        self.k_spaces = n["k_ronak_spaces"]
        self.k_spheres = n["k_myths_spheres"]
        self.side = tables.arrays["myths_side"]
        self.accepts = tables.arrays["myths_accepts"]
        self.bonus = tables.arrays["myths_bonus"]
        self.amount = tables.arrays["myths_amount"]

    # --- the record ----------------------------------------------------------------------------------------------

    def flag(self, e: VindicationBoard, i: cython.int) -> cython.int:
        return e.cells[e.k_myths + i]

    def set_flag(self, e: VindicationBoard, i: cython.int, value: cython.int) -> None:
        e.cells[e.k_myths + i] = value

    def space_at(self, e: VindicationBoard, space: cython.int) -> cython.int:
        """Where the state holds whether a treachery cube lies on the space."""
        return self.k_spaces + space

    def sphere_at(self, e: VindicationBoard, sphere: cython.int) -> cython.int:
        """Where the state holds who offered a cube on the sphere (seat + 1, 0: nobody)."""
        return self.k_spheres + sphere

    def in_play(self, e: VindicationBoard, sphere: cython.int) -> cython.bint:
        """The sphere is on the board's side for the player count: red 2-3, blue 4-5 (L3272)."""
        return self.side[sphere] == (2 if e.players() >= self.blue_players else 1)

    def touches_ronak(self, e: VindicationBoard, space: cython.int) -> cython.bint:
        i: cython.int
        for i in range(3):
            if e.space_slots[space * 3 + i] == e.ronak_slot:
                return True
        return False

    # --- setup and provoking Ronak (L3277-3298) ---------------------------------------------------------------

    def setup(self, e: VindicationBoard) -> None:
        """Ronak face up in the centre, so that no tile is drawn there; a treachery cube on each space around him
        (L3277-3281)."""
        space: cython.int
        placed: cython.int = 0
        e.cells[e.k_slot + e.ronak_slot] = e.tuuk_region
        for space in range(e.nspaces):
            if placed < e.ronak_cubes and self.touches_ronak(e, space):
                e.cells[self.space_at(e, space)] = 1
                placed += 1
        self.set_flag(e, ON_RONAK, e.ronak_cubes - placed)

    def provoke(self, e: VindicationBoard) -> None:
        """A move ended on a treachery cube: it goes onto Ronak; with the last one, he appears (L3294-3296): the
        next player takes Sestra (L3306) and everyone may augment up to 3 influence cubes (L3310), in turn from
        the next player. Args: the mover. Local 3: how many players were asked."""
        seat: cython.int = e.arg(0)
        asked: cython.int
        i: cython.int
        if e.stage() == 0:
            if e.cells[self.space_at(e, e.pos(seat))] == 0:
                e.done()
                return
            e.cells[self.space_at(e, e.pos(seat))] = 0
            self.set_flag(e, ON_RONAK, self.flag(e, ON_RONAK) + 1)
            if self.flag(e, ON_RONAK) < e.ronak_cubes or self.flag(e, PHASE) != DORMANT:
                e.done()
                return
            self.set_flag(e, PHASE, AWAKE)
            self.set_flag(e, SESTRA, (seat + 1) % e.players())
            e.set_arg(3, 0)
        elif e.stage() == 1:
            asked = (self.flag(e, SESTRA) + e.arg(3)) % e.players()
            for i in range(e.answer()):
                e.exalt(asked, INFLUENCE)
            e.set_arg(3, e.arg(3) + 1)
        while e.arg(3) < e.players():
            asked = (self.flag(e, SESTRA) + e.arg(3)) % e.players()
            e.clear_options()
            for i in range(self.exaltations + 1):
                if i <= e.influence(asked):
                    e.option(i)
            if e.options() > 1:
                e.goto(1)
                e.ask(COUNT, asked)
                return
            e.set_arg(3, e.arg(3) + 1)
        if not self.champions_left(e):
            self.reset(e)
        e.done()

    # --- the event's turns (L3312-3368) ---------------------------------------------------------------------

    def turn_started(self, e: VindicationBoard, seat: cython.int) -> None:
        """A turn of the event while Ronak is awake (not the one that woke him, L3298); no loot card used yet."""
        self.set_flag(e, EVENT_TURN, 1 if self.flag(e, PHASE) == AWAKE else 0)
        self.set_flag(e, RESUME, 0)
        self.set_flag(e, CHARGED, 0)
        self.set_flag(e, LOOT_USED, 0)

    def turn_ended(self, e: VindicationBoard) -> None:
        """Once every companion is dead (by Ronak's charge, or left for their influence), Ronak has won: the
        event resets (L3368)."""
        if self.flag(e, PHASE) == AWAKE and not self.champions_left(e):
            self.reset(e)

    def event_turn(self, e: VindicationBoard) -> cython.bint:
        return self.flag(e, EVENT_TURN) == 1

    def allows(self, e: VindicationBoard, seat: cython.int, procedure: cython.int) -> cython.int:
        """Whether a step of the turn can be taken as the event has it (1 or 0), or -1 when the event has no say.
        In the event's turns: activation (and the companion's ability, or its pet's power: a ruling), conversion,
        recovery, the offering, then the charge; no move nor visit (L3328-3368); nothing but the end-of-game check
        for a player without a champion. Outside them, neither the offering nor the charge."""
        if not self.event_turn(e):
            return 0 if procedure == OFFER or procedure == CHARGE else -1
        if not self.fights(e, seat):
            return 1 if procedure == CHECK_END else 0
        if procedure == OFFER:
            return 1 if self.can_offer(e, seat) else 0
        if procedure == CHARGE:
            return 1 if self.can_charge(e, seat) else 0
        if procedure == ACTIVATE or procedure == ABILITY or procedure == CONVERT or procedure == RECOVER \
                or procedure == USE_PET or procedure == CHECK_END:
            return -1
        return 0

    def fights(self, e: VindicationBoard, seat: cython.int) -> cython.bint:
        """Ronak is still awake and the player has a champion: else they pass their turn (L3368)."""
        return self.flag(e, PHASE) == AWAKE and e.champion(seat) >= 0

    def next_seat(self, e: VindicationBoard, seat: cython.int) -> cython.int:
        """Who plays next, or -1 for the usual order: once Ronak is awake, the champion with the lowest initiative,
        then clockwise (L3316-3318); once the event is over, Sestra's holder (L3302)."""
        best: cython.int = -1
        other: cython.int
        if self.flag(e, PHASE) == AWAKE and not self.event_turn(e):
            for other in range(e.players()):
                if e.champion(other) >= 0 and (best < 0 or e.card_initiative[e.champion(other)]
                                               < e.card_initiative[e.champion(best)]):
                    best = other
            return best
        if self.flag(e, RESUME):
            return self.flag(e, SESTRA)
        return -1

    def champions_left(self, e: VindicationBoard) -> cython.bint:
        seat: cython.int
        for seat in range(e.players()):
            if e.champion(seat) >= 0:
                return True
        return False

    def offerable(self, e: VindicationBoard, seat: cython.int, sphere: cython.int) -> cython.bint:
        """An empty sphere of the board in play whose cube the player has (L3336); a clone sphere only once a
        sphere it may copy is taken (L3360)."""
        other: cython.int
        if not self.in_play(e, sphere) or e.cells[self.sphere_at(e, sphere)] != 0:
            return False
        if self.accepts[sphere] == self.conviction:
            if e.sphere(CONVICTION, seat) == 0:
                return False
        elif e.attr(self.accepts[sphere], seat) == 0:
            return False
        if self.bonus[sphere] != CLONE:
            return True
        for other in range(self.spheres):
            if self.copyable(e, other):
                return True
        return False

    def copyable(self, e: VindicationBoard, sphere: cython.int) -> cython.bint:
        return self.in_play(e, sphere) and e.cells[self.sphere_at(e, sphere)] != 0 and self.bonus[sphere] != CLONE

    def can_offer(self, e: VindicationBoard, seat: cython.int) -> cython.bint:
        sphere: cython.int
        for sphere in range(self.spheres):
            if self.offerable(e, seat, sphere):
                return True
        return False

    def offer(self, e: VindicationBoard, rewards: MythsRewards) -> None:
        """Contribute to the fight: an attribute cube or a conviction cube onto an empty sphere that takes it, for
        its bonus (L3336); a clone sphere's is that of a sphere already taken (L3360). Once every sphere is
        taken, Ronak is defeated (L3372). The bonus is myths_rewards.py's. Args: the seat. Local 3: the sphere."""
        seat: cython.int = e.arg(0)
        sphere: cython.int
        if e.stage() == 0:
            e.clear_options()
            for sphere in range(self.spheres):
                if self.offerable(e, seat, sphere):
                    e.option(sphere)
            e.goto(1)
            e.ask(MYTHS_SPHERE, seat)
            return
        if e.stage() == 1:
            sphere = e.answer()
            e.set_arg(3, sphere)
            if self.accepts[sphere] == self.conviction:
                e.add_sphere(CONVICTION, seat, -1)
            else:
                e.cells[e.o_attr + self.accepts[sphere] * e.seats + seat] -= 1
            e.cells[self.sphere_at(e, sphere)] = seat + 1
            if self.bonus[sphere] == CLONE:
                e.clear_options()
                for sphere in range(self.spheres):
                    if self.copyable(e, sphere):
                        e.option(sphere)
                e.goto(2)
                e.ask(CLONED, seat)
                return
            rewards.sphere_bonus(e, seat, self.bonus[sphere], self.amount[sphere])
        else:
            rewards.sphere_bonus(e, seat, self.bonus[e.answer()], self.amount[e.answer()])
        if self.all_taken(e):
            self.defeat(e)
        e.done()

    def all_taken(self, e: VindicationBoard) -> cython.bint:
        sphere: cython.int
        for sphere in range(self.spheres):
            if self.in_play(e, sphere) and e.cells[self.sphere_at(e, sphere)] == 0:
                return False
        return True

    def can_charge(self, e: VindicationBoard, seat: cython.int) -> cython.bint:
        return self.flag(e, CHARGED) == 0 and self.fights(e, seat)

    def charge(self, e: VindicationBoard) -> None:
        """The champion leads the charge (L3368): the black die's consequences (exhaustion: influence cubes on
        the champion; death, unless the player uses conviction to prevent it), then the white die's attribute
        generated. Args: the seat. Local 3: the champion."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        moved: cython.int
        if stage == 0:
            self.set_flag(e, CHARGED, 1)
            e.set_arg(3, e.champion(seat))
            e.goto(1)
            e.push(ROLL, seat, MONSTER_DIE, 0)
            return
        if stage == 1:
            stage = 3
            if e.result() == EXHAUSTION:
                moved = e.num(C_EXHAUSTION) if e.num(C_EXHAUSTION) < e.influence(seat) else e.influence(seat)
                e.add_sphere(INFLUENCE, seat, -moved)
                e.cells[e.o_card_cubes + e.arg(3)] += moved
            elif e.result() == DEATH:
                if e.sphere(CONVICTION, seat) >= e.num(C_DEATH_PREVENTION):
                    e.clear_options()
                    e.option(0)
                    e.option(1)
                    e.goto(2)
                    e.ask(YESNO, seat)
                    return
                e.lose_card(seat, e.arg(3))
        if stage == 2:
            if e.answer() == 1:
                e.use_conviction(seat, e.num(C_DEATH_PREVENTION))
            else:
                e.lose_card(seat, e.arg(3))
            stage = 3
        if stage == 3:
            e.goto(4)
            e.push(ROLL, seat, ATTRIBUTE_DIE, 0)
            return
        e.generate(seat, e.result(), 1)
        e.done()

    # --- the event's end (L3368-3391) ---------------------------------------------------------------------------

    def end_event(self, e: VindicationBoard, phase: cython.int) -> None:
        """The game goes on from Sestra's holder, the new first player (L3302, L3306)."""
        self.set_flag(e, PHASE, phase)
        self.set_flag(e, RESUME, 1)
        e.set_game_flag(FIRST, self.flag(e, SESTRA))

    def reset(self, e: VindicationBoard) -> None:
        """Ronak has won (L3368): the board's cubes back to their players' influence, the treachery cubes back
        around him where nobody stands (the others stay on him)."""
        sphere: cython.int
        space: cython.int
        for sphere in range(self.spheres):
            if e.cells[self.sphere_at(e, sphere)] > 0:
                e.add_sphere(INFLUENCE, e.cells[self.sphere_at(e, sphere)] - 1, 1)
                e.cells[self.sphere_at(e, sphere)] = 0
        self.set_flag(e, FIRST_LOOT, 0)
        for space in range(e.nspaces):
            if self.flag(e, ON_RONAK) > 0 and self.touches_ronak(e, space) and not e.occupied(space, -1) \
                    and e.cells[self.space_at(e, space)] == 0:
                e.cells[self.space_at(e, space)] = 1
                self.set_flag(e, ON_RONAK, self.flag(e, ON_RONAK) - 1)
        self.end_event(e, DORMANT)

    def defeat(self, e: VindicationBoard) -> None:
        """Tuuk-Tuuk strikes Ronak down: his tile turns (L3374), and the loot is shared (myths_rewards.py)."""
        self.end_event(e, DEFEATED)
        e.defer(SHARE_LOOT, 0, 0, 0)
