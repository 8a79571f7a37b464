"""The Vagabond in battles (4.3 with 9.2.4-9.2.9): his hits damage his items, Allied warriors fight with him, an
Arbiter may be enlisted (E.5.2) and a Ronin may strike (E.8.2). The shared battle procedure (actions.py) calls these
at its moments (`battle_step`) and through the engine's hooks."""

from __future__ import annotations

from typing import Any

import cython  # type: ignore[import-untyped]

from .core import RootCore
from .vagabond import Vagabond

SEAT = cython.declare(cython.int, 11)
YES_NO = cython.declare(cython.int, 15)
ITEM_CHOICE = cython.declare(cython.int, 40)
DECLARED = cython.declare(cython.int, 0)
BEFORE_ROLL = cython.declare(cython.int, 1)
READY = cython.declare(cython.int, 1)
EXHAUSTED = cython.declare(cython.int, 2)
PLACES = cython.declare(cython.int, 5)


@cython.cclass
class VagabondBattle:
    """The Vagabond's part in battles; each method takes the engine it runs in."""

    def __init__(self, tables: Any, board: Vagabond) -> None:
        self.v = board
        self.p_ally = tables.procedure("vagabond_ally")
        self.p_protector = tables.procedure("vagabond_protector")
        self.p_swift_strike = tables.procedure("vagabond_swift_strike")
        self.p_damage = tables.procedure("vagabond_damage")

    def damage_items(self, e: RootCore) -> None:
        """Undamaged items of his choice damaged (args: seat, how many): an enemy's effect removed every enemy piece
        of his clearing, and the pawn stays (9.2.2.I)."""
        seat: cython.int = e.arg(0)
        if e.stage() == 1:
            self.v.damage(e, seat, e.answer())
            e.set_arg(1, e.arg(1) - 1)
        e.clear_options()
        if e.arg(1) > 0:
            self.v.item_options(e, seat, READY)
            self.v.item_options(e, seat, EXHAUSTED)
        if e.options() == 0:
            e.done()
            return
        e.goto(1)
        e.ask(ITEM_CHOICE, seat)

    def take_hits(self, e: RootCore) -> None:
        """Hits he takes (args: victim, clearing, hits; local 3: who dealt them): each damages an undamaged item
        of his choice, or removes an Allied warrior fighting with him; with neither left, he ignores the rest
        (9.2.7, 9.2.9.II.d). Locals: 4 Allied warriors removed, 5 hits left."""
        seat: cython.int = e.arg(0)
        clearing: cython.int = e.arg(1)
        v: Vagabond = self.v
        ally: cython.int = e.cells[v.o_battle_ally]
        removed: cython.int
        if e.stage() == 0:
            e.set_arg(5, e.arg(2))
        else:
            if e.answer() == PLACES * v.nitems:
                e.remove_warrior(ally, clearing)
                e.set_arg(4, e.arg(4) + 1)
                e.cells[v.o_ally_hits] += 1
            else:
                v.damage(e, seat, e.answer())
                e.cells[v.o_item_hits] += 1
            e.set_arg(5, e.arg(5) - 1)
        if e.arg(5) > 0:
            e.clear_options()
            v.item_options(e, seat, READY)
            v.item_options(e, seat, EXHAUSTED)
            if ally >= 0 and e.warriors(clearing, ally) > 0:
                e.option(PLACES * v.nitems)
            if e.options() > 0:
                e.goto(1)
                e.ask(ITEM_CHOICE, seat)
                return
        removed = e.arg(4)
        e.done()
        if removed > 0:
            e.warriors_removed(ally, clearing, removed)

    def battle_step(self, e: RootCore, attacker: cython.int, defender: cython.int, clearing: cython.int,
                    moment: cython.int) -> None:
        """Declared: a battle starts afresh, and an attacking Vagabond may fight with Allied warriors (9.2.9.II.c).
        Before the dice: the defender may enlist an Arbiter there (E.5.2). Rolled: a Ronin in it may strike
        (E.8.2)."""
        v: Vagabond = self.v
        arbiter: cython.int
        if moment == DECLARED:
            e.cells[v.o_battle_ally] = -1
            e.cells[v.o_protector] = -1
            e.cells[v.o_ally_hits] = 0
            e.cells[v.o_item_hits] = 0
            e.cells[v.o_swift_strikes] = 0
            if v.is_vagabond(e, attacker) and self.allies(e, attacker, clearing, defender, False) > 0:
                e.push(self.p_ally, attacker, clearing, defender)
        elif moment == BEFORE_ROLL:
            arbiter = v.with_character(e, v.arbiter, clearing)
            if arbiter >= 0 and arbiter != attacker and arbiter != defender:
                e.push(self.p_protector, defender, clearing, arbiter)
        else:
            self.offer_swift_strike(e, attacker)
            self.offer_swift_strike(e, defender)

    def offer_swift_strike(self, e: RootCore, seat: cython.int) -> None:
        v: Vagabond = self.v
        if v.is_vagabond(e, seat) and v.character(e, seat) == v.ronin \
                and v.face_up(e, seat, v.character_cost[v.ronin]) > 0:
            e.push(self.p_swift_strike, seat, 0, 0)

    def allies(self, e: RootCore, seat: cython.int, clearing: cython.int, defender: cython.int,
               ask: cython.bint) -> cython.int:
        """The Allied players (not the defender) with warriors in the clearing (options, if `ask`); how many."""
        q: cython.int
        n: cython.int = 0
        for q in range(e.players()):
            if q != seat and q != defender and self.v.allied(e, q) and e.warriors(clearing, q) > 0:
                n += 1
                if ask:
                    e.option(q)
        return n

    def choose_ally(self, e: RootCore) -> None:
        """Which Allied player's warriors he treats as his own in this battle, if any (args: seat, clearing,
        defender)."""
        if e.stage() == 1:
            if e.answer() < e.seats:
                e.cells[self.v.o_battle_ally] = e.answer()
            e.done()
            return
        e.clear_options()
        self.allies(e, e.arg(0), e.arg(1), e.arg(2), True)
        e.option(e.seats)
        e.goto(1)
        e.ask(SEAT, e.arg(0))

    def enlist(self, e: RootCore) -> None:
        """The defender may enlist the Arbiter: he scores, and his swords add to the defender's rolled hits (args:
        defender, clearing, arbiter)."""
        arbiter: cython.int = e.arg(2)
        if e.stage() == 1:
            e.done()
            if e.answer():
                e.cells[self.v.o_protector] = arbiter
                e.score(arbiter, self.v.protector_points)
            return
        e.clear_options()
        e.option(1)
        e.option(0)
        e.goto(1)
        e.ask(YES_NO, e.arg(0))

    def swift_strike(self, e: RootCore) -> None:
        """The Ronin may exhaust a sword for an extra hit (args: seat)."""
        v: Vagabond = self.v
        if e.stage() == 1:
            if e.answer():
                v.exhaust(e, e.arg(0), v.character_cost[v.ronin], 1)
                e.cells[v.o_swift_strikes] += 1
            e.done()
            return
        e.clear_options()
        e.option(1)
        e.option(0)
        e.goto(1)
        e.ask(YES_NO, e.arg(0))

    def rolled_hits(self, e: RootCore, seat: cython.int, clearing: cython.int, attacking: cython.bint) -> cython.int:
        """His swords, plus the Allied warriors he fights with (9.2.6, 9.2.9.II.c)."""
        ally: cython.int = e.cells[self.v.o_battle_ally]
        hits: cython.int = self.v.swords(e, seat)
        if attacking and ally >= 0:
            hits += e.warriors(clearing, ally)
        return hits

    def protection(self, e: RootCore) -> cython.int:
        """What an enlisted Arbiter adds to the defender's rolled hits: his undamaged swords (E.5.2)."""
        if e.cells[self.v.o_protector] < 0:
            return 0
        return self.v.swords(e, e.cells[self.v.o_protector])

    def extra_hits(self, e: RootCore, seat: cython.int) -> cython.int:
        if self.v.character(e, seat) != self.v.ronin:
            return 0
        return e.cells[self.v.o_swift_strikes] * self.v.swift_strike_hits

    def after_battle(self, e: RootCore) -> None:
        """An ally who took more of his hits than his items did turns Hostile (9.2.9.II.d)."""
        v: Vagabond = self.v
        ally: cython.int = e.cells[v.o_battle_ally]
        if ally >= 0 and e.cells[v.o_ally_hits] > e.cells[v.o_item_hits]:
            e.cells[v.o_hostile + ally] = 1
        e.cells[v.o_battle_ally] = -1
        e.cells[v.o_protector] = -1
