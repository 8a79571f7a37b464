"""The Vagabond's Quest action (9.5.5): a face-up quest of his clearing's suit completed by exhausting its two items,
the Adventurer improvising one of them (E.7.2)."""

from __future__ import annotations

import cython  # type: ignore[import-untyped]

from .core import RootCore
from .vagabond import Vagabond
from .vagabond_turn import VagabondTurn

YES_NO = cython.declare(cython.int, 15)
ITEM_CHOICE = cython.declare(cython.int, 40)
QUEST = cython.declare(cython.int, 42)
READY = cython.declare(cython.int, 1)
DAMAGED = cython.declare(cython.int, 3)


@cython.cclass
class VagabondQuests:
    """The Quest action; each method takes the engine it runs in."""

    def __init__(self, board: Vagabond, turn: VagabondTurn) -> None:
        self.v = board
        self.turn = turn

    def improvisations(self, e: RootCore, seat: cython.int) -> cython.int:
        """Items the Adventurer may still damage to stand for another in a Quest this turn (E.7.2)."""
        if self.v.character(e, seat) != self.v.adventurer:
            return 0
        return self.v.improvisations - e.cells[self.v.o_improvised]

    def payable(self, e: RootCore, seat: cython.int, quest: cython.int, index: cython.int, used: cython.int,
                improvise: cython.int) -> cython.bint:
        """The quest's items from the index on can be paid, one face-up item of kind `used` being spent already
        (-1: none) and `improvise` improvisations left."""
        v: Vagabond = self.v
        need: cython.int
        i: cython.int
        spare: cython.int = -1 if used >= 0 else 0
        if index >= 2:
            return True
        need = v.quest_items[quest * 2 + index]
        if v.face_up(e, seat, need) - (1 if need == used else 0) > 0:
            return True
        for i in range(v.nitems):
            spare += v.face_up(e, seat, i)
        return improvise > 0 and spare > 0

    def can_pay(self, e: RootCore, seat: cython.int, quest: cython.int, index: cython.int,
                ask: cython.bint) -> cython.int:
        """The ways to pay the quest's item at the index (options, if `ask`): exhausting it, or (improvising)
        damaging another face-up item, such that the rest can be paid; returns how many."""
        v: Vagabond = self.v
        need: cython.int = v.quest_items[quest * 2 + index]
        left: cython.int = self.improvisations(e, seat)
        i: cython.int
        n: cython.int = 0
        if v.face_up(e, seat, need) > 0 and self.payable(e, seat, quest, index + 1, need, left):
            n += 1
            if ask:
                e.option(READY * v.nitems + need)
        for i in range(v.nitems):
            if left > 0 and v.face_up(e, seat, i) > 0 and self.payable(e, seat, quest, index + 1, i, left - 1):
                n += 1
                if ask:
                    e.option(DAMAGED * v.nitems + i)
        return n

    def can_quest_with(self, e: RootCore, seat: cython.int, quest: cython.int) -> cython.bint:
        here: cython.int = self.v.clearing(e, seat)
        return (here >= 0 and e.cells[self.v.o_quests_shown + quest] != 0
                and self.v.quest_suit[quest] == e.suit_of(here) and self.can_pay(e, seat, quest, 0, False) > 0)

    def can_quest(self, e: RootCore, seat: cython.int) -> cython.bint:
        k: cython.int
        for k in range(self.v.nquests):
            if self.can_quest_with(e, seat, k):
                return True
        return False

    def quest(self, e: RootCore) -> None:
        """A face-up quest of his clearing's suit, its two items exhausted (or improvised); it goes to his play area
        and a new one is drawn; then he scores a point per quest of its suit done, or draws cards (args: seat;
        locals 3 the quest, 4 the item being paid)."""
        seat: cython.int = e.arg(0)
        v: Vagabond = self.v
        k: cython.int
        n: cython.int = 0
        stage: cython.int = e.stage()
        if stage == 0:
            e.clear_options()
            for k in range(v.nquests):
                if self.can_quest_with(e, seat, k):
                    e.option(k)
            e.goto(1)
            e.ask(QUEST, seat)
            return
        if stage == 1:
            e.set_arg(3, e.answer())
        elif stage == 2:
            if e.answer() // v.nitems == READY:
                v.exhaust(e, seat, e.answer() % v.nitems, 1)
            else:
                v.damage(e, seat, READY * v.nitems + e.answer() % v.nitems)
                e.cells[v.o_improvised] += 1
            e.set_arg(4, e.arg(4) + 1)
        else:
            for k in range(v.nquests):
                if v.quest_suit[k] == v.quest_suit[e.arg(3)]:
                    n += e.cells[v.o_quests_done + seat * v.nquests + k]
            e.done()
            if e.answer():
                e.score(seat, n * v.quest_points)
            else:
                e.draw(seat, v.quest_cards)
            return
        if e.arg(4) < 2:
            e.clear_options()
            self.can_pay(e, seat, e.arg(3), e.arg(4), True)
            e.goto(2)
            e.ask(ITEM_CHOICE, seat)
            return
        e.cells[v.o_quests_shown + e.arg(3)] = 0
        e.cells[v.o_quests_done + seat * v.nquests + e.arg(3)] = 1
        self.turn.draw_quest(e)
        e.clear_options()
        e.option(1)
        e.option(0)
        e.goto(3)
        e.ask(YES_NO, seat)
