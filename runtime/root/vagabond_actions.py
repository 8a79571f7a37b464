"""The Vagabond's Daylight actions (9.5), each paid by exhausting items: move, battle, explore, aid, strike and
repair; `can_*` says when each can be done, so that none is offered in vain. His quests are in vagabond_quests.py,
the characters' special actions in vagabond_characters.py; he crafts by the shared procedure (actions.py), his
hammers counted through the engine's hooks."""

from __future__ import annotations

import cython  # type: ignore[import-untyped]

from .core import RootCore
from .vagabond import Vagabond

CLEARING = cython.declare(cython.int, 10)
SEAT = cython.declare(cython.int, 11)
CARD = cython.declare(cython.int, 12)
NUMBER = cython.declare(cython.int, 13)
PIECE = cython.declare(cython.int, 14)
ITEM_CHOICE = cython.declare(cython.int, 40)
TRACK = cython.declare(cython.int, 0)
READY = cython.declare(cython.int, 1)
DAMAGED = cython.declare(cython.int, 3)
DAMAGED_EXHAUSTED = cython.declare(cython.int, 4)


@cython.cclass
class VagabondActions:
    """The Vagabond's Daylight actions; each takes the engine it runs in."""

    def __init__(self, board: Vagabond) -> None:
        self.v = board

    # --- move (9.5.1) and battle (9.5.2) -------------------------------------------------------------------------

    def move_cost(self, e: RootCore, seat: cython.int, to: cython.int) -> cython.int:
        """Boots to move into a clearing: one, and more where Hostile warriors are (9.2.9.III.b)."""
        q: cython.int
        for q in range(e.players()):
            if q != seat and self.v.hostile(e, q) and e.warriors(to, q) > 0:
                return 1 + self.v.hostile_move_items
        return 1

    def may_move_to(self, e: RootCore, seat: cython.int, to: cython.int) -> cython.bint:
        """An adjacent clearing, whoever rules it (Nimble, 9.2.3), never a forest; from a forest, a clearing it
        borders (9.5.1); with the boots to pay; never a closed one (E.6.2)."""
        v: Vagabond = self.v
        here: cython.int = v.clearing(e, seat)
        if e.closed(to) or (here >= 0 and not e.adjacent(here, to)):
            return False
        if here < 0 and not v.borders(v.forest(e, seat), e.clearings, to):
            return False
        return v.face_up(e, seat, v.cost_move) >= self.move_cost(e, seat, to)

    def can_move(self, e: RootCore, seat: cython.int) -> cython.bint:
        c: cython.int
        for c in range(e.clearings):
            if self.may_move_to(e, seat, c):
                return True
        return False

    def move(self, e: RootCore) -> None:
        """Move the pawn, then the Allied warriors he takes along by their own rules of movement (9.2.9.II.b)
        (args: seat; locals 3 origin, 4 destination, 5 the next ally to ask, 6 the ally asked). Returns 1."""
        seat: cython.int = e.arg(0)
        v: Vagabond = self.v
        c: cython.int
        n: cython.int
        if e.stage() == 0:
            e.clear_options()
            for c in range(e.clearings):
                if self.may_move_to(e, seat, c):
                    e.option(c)
            if e.options() == 0:  # a card's effect offers him a move whatever his boots
                e.set_result(0)
                e.done()
                return
            e.goto(1)
            e.ask(CLEARING, seat)
            return
        if e.stage() == 1:
            e.set_result(1)
            e.set_arg(3, v.clearing(e, seat))
            e.set_arg(4, e.answer())
            v.exhaust(e, seat, v.cost_move, self.move_cost(e, seat, e.answer()))
            v.go(e, seat, e.answer())
        else:
            e.add_warriors(e.arg(3), e.arg(6), -e.answer())
            e.add_warriors(e.arg(4), e.arg(6), e.answer())
            e.set_arg(5, e.arg(6) + 1)
        for c in range(e.arg(5), e.players()):
            if e.arg(3) >= 0 and c != seat and v.allied(e, c) and e.warriors(e.arg(3), c) > 0 \
                    and e.move_allowed(c, e.arg(3), e.arg(4)):
                e.set_arg(6, c)
                e.clear_options()
                for n in range(e.warriors(e.arg(3), c) + 1):
                    e.option(n)
                e.goto(2)
                e.ask(NUMBER, seat)
                return
        e.done()

    def can_battle(self, e: RootCore, seat: cython.int) -> cython.bint:
        here: cython.int = self.v.clearing(e, seat)
        return here >= 0 and self.v.face_up(e, seat, self.v.cost_battle) > 0 and e.battle_targets(seat, here) > 0

    def begin_battle(self, e: RootCore) -> cython.bint:
        """A sword exhausted, the battle is in his clearing (9.5.2); the shared battle procedure goes on. False,
        and nothing done, when he cannot battle (a card's effect offers him a battle whatever his items)."""
        if not self.can_battle(e, e.arg(0)):
            return False
        self.v.exhaust(e, e.arg(0), self.v.cost_battle, 1)
        e.set_arg(1, self.v.clearing(e, e.arg(0)) + 1)
        return True

    # --- explore (9.5.3) ---------------------------------------------------------------------------------------

    def ruin_items(self, e: RootCore, clearing: cython.int) -> cython.int:
        i: cython.int
        n: cython.int = 0
        for i in range(e.nitems):
            n += e.cells[e.o_ruin_items + clearing * e.nitems + i]
        return n

    def can_explore(self, e: RootCore, seat: cython.int) -> cython.bint:
        here: cython.int = self.v.clearing(e, seat)
        return here >= 0 and self.ruin_items(e, here) > 0 and self.v.face_up(e, seat, self.v.cost_explore) > 0

    def explore(self, e: RootCore) -> None:
        """A torch exhausted, he takes an item from under a ruin of his clearing (which one, he cannot see), face
        up; a ruin left empty is removed; he scores (args: seat)."""
        seat: cython.int = e.arg(0)
        v: Vagabond = self.v
        here: cython.int = v.clearing(e, seat)
        i: cython.int
        pick: cython.int = e.roll(self.ruin_items(e, here))
        v.exhaust(e, seat, v.cost_explore, 1)
        for i in range(e.nitems):
            pick -= e.cells[e.o_ruin_items + here * e.nitems + i]
            if pick < 0:
                e.cells[e.o_ruin_items + here * e.nitems + i] -= 1
                v.gain(e, seat, i)
                break
        e.cells[e.o_ruins + here] = (self.ruin_items(e, here) + v.ruin_items - 1) // v.ruin_items
        e.done()
        e.score(seat, v.explore_points)

    # --- aid (9.5.4) --------------------------------------------------------------------------------------------

    def can_aid(self, e: RootCore, seat: cython.int) -> cython.bint:
        here: cython.int = self.v.clearing(e, seat)
        k: cython.int
        q: cython.int
        if here < 0 or self.v.total(e, seat, TRACK) + self.v.total(e, seat, READY) == 0:
            return False
        for k in range(e.ncards):
            if e.in_hand(seat, k) > 0 and e.matches(k, e.suit_of(here)):
                for q in range(e.players()):
                    if q != seat and e.present(q, here):
                        return True
        return False

    def aid(self, e: RootCore) -> None:
        """A player there, a card of the clearing's suit given to them, a face-up item exhausted, then one of their
        crafted items taken if he likes; the relationship improves (args: seat; local 3: the player aided)."""
        seat: cython.int = e.arg(0)
        v: Vagabond = self.v
        here: cython.int = v.clearing(e, seat)
        stage: cython.int = e.stage()
        k: cython.int
        e.clear_options()
        if stage == 0:
            for k in range(e.players()):
                if k != seat and e.present(k, here):
                    e.option(k)
            e.goto(1)
            e.ask(SEAT, seat)
        elif stage == 1:
            e.set_arg(3, e.answer())
            for k in range(e.ncards):
                if e.in_hand(seat, k) > 0 and e.matches(k, e.suit_of(here)):
                    e.option(k)
            e.goto(2)
            e.ask(CARD, seat)
        elif stage == 2:
            e.cells[e.o_hand + seat * e.ncards + e.answer()] -= 1
            e.cells[e.o_hand + e.arg(3) * e.ncards + e.answer()] += 1
            v.item_options(e, seat, READY)
            e.goto(3)
            e.ask(ITEM_CHOICE, seat)
        elif stage == 3:
            v.exhaust(e, seat, e.answer() % v.nitems, 1)
            for k in range(v.nitems):
                if e.cells[e.o_crafted_items + e.arg(3) * v.nitems + k] > 0:
                    e.option(k)
            e.option(v.nitems)
            e.goto(4)
            e.ask(ITEM_CHOICE, seat)
        else:
            k = e.arg(3)
            if e.answer() < v.nitems:
                e.cells[e.o_crafted_items + k * v.nitems + e.answer()] -= 1
                v.gain(e, seat, e.answer())
            e.done()
            v.aided(e, seat, k)

    # --- strike (9.5.6) and repair (9.5.7) ---------------------------------------------------------------------

    def targets(self, e: RootCore, seat: cython.int, ask: cython.bint) -> cython.int:
        """What a strike can remove (options, if `ask`): a warrior of a player there (the piece tables' count plus
        the seat), or a building or token of a player with no warriors there; returns how many."""
        here: cython.int = self.v.clearing(e, seat)
        q: cython.int
        r: cython.int
        n: cython.int = 0
        if here < 0:
            return 0
        for q in range(e.players()):
            if q != seat and e.warriors(here, q) > 0:
                n += 1
                if ask:
                    e.option(e.npieces + q)
        for r in range(e.npieces):
            q = e.seat_of(e.piece_faction[r])
            if q >= 0 and q != seat and e.warriors(here, q) == 0 and e.piece_count(q, here, r) > 0:
                n += 1
                if ask:
                    e.option(r)
        return n

    def can_strike(self, e: RootCore, seat: cython.int) -> cython.bint:
        return self.v.face_up(e, seat, self.v.cost_strike) > 0 and self.targets(e, seat, False) > 0

    def strike(self, e: RootCore) -> None:
        """A crossbow exhausted, a warrior removed, or a building or token of a player with no warriors there
        (scoring it, 3.2.1); then the relationship is checked (args: seat)."""
        seat: cython.int = e.arg(0)
        v: Vagabond = self.v
        here: cython.int = v.clearing(e, seat)
        target: cython.int
        owner: cython.int
        if e.stage() == 0:
            v.exhaust(e, seat, v.cost_strike, 1)
            e.clear_options()
            self.targets(e, seat, True)
            e.goto(1)
            e.ask(PIECE, seat)
            return
        target = e.answer()
        e.done()
        if target >= e.npieces:
            owner = target - e.npieces
            e.remove_warrior(owner, here)
            e.removed_by(seat, owner, here, True, False)
            e.warriors_removed(owner, here, 1)
        else:
            owner = e.seat_of(e.piece_faction[target])
            e.remove_piece(owner, here, target)
            e.score(seat, e.enemy_piece_points)
            e.removed_by(seat, owner, here, False, False)
            e.piece_removed(owner, here, target, seat)
            if e.piece_building[target]:
                e.buildings_removed(owner, here, 1)
        e.pieces_removed(owner, here)

    def can_repair(self, e: RootCore, seat: cython.int) -> cython.bint:
        return self.v.face_up(e, seat, self.v.cost_repair) > 0 and \
            self.v.total(e, seat, DAMAGED) + self.v.total(e, seat, DAMAGED_EXHAUSTED) > 0

    def repair(self, e: RootCore) -> None:
        """A hammer exhausted, a damaged item of his choice repaired (args: seat)."""
        seat: cython.int = e.arg(0)
        v: Vagabond = self.v
        if e.stage() == 1:
            v.repair(e, seat, e.answer())
            e.done()
            return
        v.exhaust(e, seat, v.cost_repair, 1)
        e.clear_options()
        v.item_options(e, seat, DAMAGED)
        v.item_options(e, seat, DAMAGED_EXHAUSTED)
        e.goto(1)
        e.ask(ITEM_CHOICE, seat)
