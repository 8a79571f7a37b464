"""The special actions of the Vagabond's characters taken in Daylight by exhausting an item (9.5.9, annex E): the
Thief's Steal, the Tinker's Day Labor, the Ranger's Hideout, the Vagrant's Instigate, the Scoundrel's Scorched
Earth and the Harrier's Glide. The
Arbiter's, the Ronin's and the Adventurer's act in battles and quests (vagabond_battle.py, vagabond_quests.py)."""

from __future__ import annotations

from typing import Any

import cython  # type: ignore[import-untyped]

from .core import RootCore
from .vagabond import Vagabond

CLEARING = cython.declare(cython.int, 10)
SEAT = cython.declare(cython.int, 11)
CARD = cython.declare(cython.int, 12)
ITEM_CHOICE = cython.declare(cython.int, 40)
EXHAUSTED = cython.declare(cython.int, 2)
DAMAGED = cython.declare(cython.int, 3)
DAMAGED_EXHAUSTED = cython.declare(cython.int, 4)


@cython.cclass
class VagabondCharacters:
    """The characters' special actions; each takes the engine it runs in."""

    def __init__(self, tables: Any, board: Vagabond) -> None:
        self.v = board
        self.p_remove_enemy_pieces = tables.procedure("remove_enemy_pieces")

    def victim(self, e: RootCore, seat: cython.int, other: cython.int) -> cython.bint:
        """A player in his clearing with a card to steal."""
        here: cython.int = self.v.clearing(e, seat)
        return other != seat and here >= 0 and e.present(other, here) and e.hand_size(other) > 0

    def labor(self, e: RootCore, seat: cython.int, card: cython.int) -> cython.bint:
        """A card of the discard pile of his clearing's suit, or a bird (E.2.2)."""
        here: cython.int = self.v.clearing(e, seat)
        if e.cells[e.o_discard + card] == 0:
            return False
        return e.card_suit[card] == e.nsuits - 1 or (here >= 0 and e.card_suit[card] == e.suit_of(here))

    def attacker(self, e: RootCore, seat: cython.int, other: cython.int) -> cython.bint:
        """A player with warriors in his clearing, and someone else there for them to battle (E.4.2)."""
        here: cython.int = self.v.clearing(e, seat)
        q: cython.int
        if other == seat or here < 0 or e.warriors(here, other) == 0:
            return False
        for q in range(e.players()):
            if q != seat and q != other and e.present(q, here):
                return True
        return False

    def can_special(self, e: RootCore, seat: cython.int) -> cython.bint:
        v: Vagabond = self.v
        character: cython.int = v.character(e, seat)
        k: cython.int
        if v.character_cost[character] < 0 or v.face_up(e, seat, v.character_cost[character]) == 0:
            return False
        if character == v.ranger or character == v.harrier:
            return True
        if character == v.scoundrel:
            return v.clearing(e, seat) >= 0 and not e.closed(v.clearing(e, seat))
        for k in range(e.players() if character == v.thief else 0):
            if self.victim(e, seat, k):
                return True
        for k in range(e.ncards if character == v.tinker else 0):
            if self.labor(e, seat, k):
                return True
        for k in range(e.players() if character == v.vagrant else 0):
            if self.attacker(e, seat, k):
                return True
        return False

    def special(self, e: RootCore) -> None:
        """The item on his character card exhausted, then its action (args: seat; local 3: repairs left). The Vagrant
        chooses the attacker, then runs the battle as its instigator: the defender, the losses, their points."""
        seat: cython.int = e.arg(0)
        v: Vagabond = self.v
        character: cython.int = v.character(e, seat)
        k: cython.int
        if e.stage() == 0:
            v.exhaust(e, seat, v.character_cost[character], 1)
            e.clear_options()
            if character == v.ranger:
                e.set_arg(3, v.hideout_repairs)
                self.hideout(e, seat)
                return
            if character == v.scoundrel:
                self.scorch(e, seat)
                return
            for k in range(e.players() if character == v.thief else 0):
                if self.victim(e, seat, k):
                    e.option(k)
            for k in range(e.players() if character == v.vagrant else 0):
                if self.attacker(e, seat, k):
                    e.option(k)
            for k in range(e.ncards if character == v.tinker else 0):
                if self.labor(e, seat, k):
                    e.option(k)
            for k in range(e.clearings if character == v.harrier else 0):
                if k != v.clearing(e, seat) and not e.closed(k):
                    e.option(k)
            e.goto(1)
            e.ask(SEAT if character == v.thief or character == v.vagrant else CARD if character == v.tinker
                  else CLEARING, seat)
            return
        if e.stage() == 2:
            e.cells[v.o_instigator] = -1
            e.done()
            return
        if character == v.vagrant:
            e.cells[v.o_instigator] = seat
            e.goto(2)
            e.push(e.p_battle, e.answer(), v.clearing(e, seat) + 1, 0)
            return
        if character == v.ranger:
            v.repair(e, seat, e.answer())
            e.set_arg(3, e.arg(3) - 1)
            self.hideout(e, seat)
            return
        e.done()
        if character == v.thief:
            self.steal(e, seat, e.answer())
        elif character == v.tinker:
            e.cells[e.o_discard + e.answer()] -= 1
            e.cells[e.o_hand + seat * e.ncards + e.answer()] += 1
        else:
            v.go(e, seat, e.answer())

    def scorch(self, e: RootCore, seat: cython.int) -> None:
        """The exhausted torch placed in his clearing, which closes for good; every enemy piece there removed
        (E.6.2). He stays."""
        v: Vagabond = self.v
        here: cython.int = v.clearing(e, seat)
        v.add(e, seat, EXHAUSTED, v.character_cost[v.scoundrel], -1)
        e.cells[v.o_scorched + here] = 1
        e.done()
        e.push(self.p_remove_enemy_pieces, seat, here, 0)

    def steal(self, e: RootCore, seat: cython.int, other: cython.int) -> None:
        """A card at random from the other's hand (E.1.2)."""
        k: cython.int
        pick: cython.int = e.roll(e.hand_size(other))
        for k in range(e.ncards):
            pick -= e.in_hand(other, k)
            if pick < 0:
                e.cells[e.o_hand + other * e.ncards + k] -= 1
                e.cells[e.o_hand + seat * e.ncards + k] += 1
                return

    def hideout(self, e: RootCore, seat: cython.int) -> None:
        """Repairs up to three items, the player choosing which when there are more, then Daylight ends (E.3.2)."""
        v: Vagabond = self.v
        i: cython.int
        damaged: cython.int = v.total(e, seat, DAMAGED) + v.total(e, seat, DAMAGED_EXHAUSTED)
        if e.arg(3) > 0 and damaged > e.arg(3):
            e.clear_options()
            v.item_options(e, seat, DAMAGED)
            v.item_options(e, seat, DAMAGED_EXHAUSTED)
            e.goto(1)
            e.ask(ITEM_CHOICE, seat)
            return
        for i in range(v.nitems if e.arg(3) > 0 else 0):
            while v.count(e, seat, DAMAGED, i) > 0:
                v.repair(e, seat, DAMAGED * v.nitems + i)
            while v.count(e, seat, DAMAGED_EXHAUSTED, i) > 0:
                v.repair(e, seat, DAMAGED_EXHAUSTED * v.nitems + i)
        e.done()
        e.end_phase()
