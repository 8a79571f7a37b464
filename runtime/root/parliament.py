"""The Duchy's Parliament, where each swayed minister acts once (12.5.2), and the ministers' actions the shared
verbs cannot say (`minister_action`). A minister's action is its effect in ministers.yaml, run on the VM; the
Foremole builds with the Duchy's own Build (duchy.py). Swaying and losing ministers is court.py's."""

from __future__ import annotations

from typing import Any

import cython  # type: ignore[import-untyped]

from .core import RootCore
from .duchy import Duchy

CARD = cython.declare(cython.int, 12)
SUIT = cython.declare(cython.int, 19)
MINISTER = cython.declare(cython.int, 30)
ACTION = cython.declare(cython.int, 31)
CITADEL = cython.declare(cython.int, 0)
MARKET = cython.declare(cython.int, 1)
EFFECT = cython.declare(cython.int, 0)
"""The kernel's procedure that runs an effect on the VM."""


@cython.cclass
class Parliament:
    """The ministers' numbers, read once from the tables, and their procedures; each takes the engine."""

    def __init__(self, tables: Any, duchy: Duchy) -> None:
        arrays = tables.arrays
        numbers = tables.numbers
        self.duchy = duchy
        self.nministers = tables.dims["ministers"]
        self.rank = arrays["minister_rank"]
        self.effect = arrays["minister_effect"]
        self.lord = len(arrays["crown_count"]) - 1
        self.foremole = tables.minister_index("foremole")
        self.captain = tables.minister_index("captain")
        self.marshal = tables.minister_index("marshal")
        self.brigadier = tables.minister_index("brigadier")
        self.banker = tables.minister_index("banker")
        self.mayor = tables.minister_index("mayor")
        self.duchess = tables.minister_index("duchess_of_mud")
        self.baron = tables.minister_index("baron_of_dirt")
        self.earl = tables.minister_index("earl_of_stone")
        self.p_build = tables.procedure("duchy_build")
        self.brigadier_actions = numbers["duchy_brigadier_actions"]
        self.banker_points = numbers["duchy_banker_points"]
        self.duchess_points = numbers["duchy_duchess_points"]
        self.baron_points = numbers["duchy_baron_points"]
        self.earl_points = numbers["duchy_earl_points"]

    def swayed(self, e: RootCore, minister: cython.int) -> cython.bint:
        return e.cells[self.duchy.o_swayed + minister] != 0

    # --- Parliament (12.5.2) ------------------------------------------------------------------------------------------

    def can_act(self, e: RootCore, seat: cython.int, minister: cython.int) -> cython.bint:
        """The minister's action can be taken, and does something (so that none is offered in vain)."""
        d: Duchy = self.duchy
        m: cython.int
        if minister == self.foremole:
            return d.can_build(e, seat, True)
        if minister == self.captain:
            return e.can_battle(seat, -1, -1)
        if minister == self.marshal:
            return e.can_move(seat, -1)
        if minister == self.brigadier:
            return e.can_move(seat, -1) or e.can_battle(seat, -1, -1)
        if minister == self.banker:
            return e.hand_size(seat) > 0
        if minister == self.mayor:
            for m in range(self.nministers):
                if self.stands_in_for(e, seat, m):
                    return True
            return False
        if e.cells[e.o_dominance_card + seat] >= 0:  # the lords only score, and a dominance card stops that
            return False
        if minister == self.duchess:
            return d.tunnel_supply(e, seat) == 0
        if minister == self.baron:
            return d.placed(e, seat, MARKET) > 0
        return minister == self.earl and d.placed(e, seat, CITADEL) > 0

    def can_hold(self, e: RootCore, seat: cython.int) -> cython.bint:
        m: cython.int
        for m in range(self.nministers):
            if self.swayed(e, m) and self.can_act(e, seat, m):
                return True
        return False

    def parliament(self, e: RootCore) -> None:
        """Each swayed minister's action at most once, in the order the Duchy chooses, until it closes the
        Parliament (args: seat; local 3 the ministers who acted, one bit each)."""
        seat: cython.int = e.arg(0)
        m: cython.int
        if e.stage() == 1:
            m = e.answer()
            if m == self.nministers:
                e.done()
                return
            e.set_arg(3, e.arg(3) | (1 << m))
            e.goto(2)
            e.push(EFFECT, self.effect[m], seat, m)
            return
        e.clear_options()
        for m in range(self.nministers):
            if self.swayed(e, m) and ((e.arg(3) >> m) & 1) == 0 and self.can_act(e, seat, m):
                e.option(m)
        if e.options() == 0:
            e.done()
            return
        e.option(self.nministers)
        e.goto(1)
        e.ask(MINISTER, seat)

    def minister_action(self, e: RootCore) -> None:
        """What a minister's effect calls for the actions the shared verbs cannot say (args: seat, minister)."""
        seat: cython.int = e.arg(0)
        m: cython.int = e.arg(1)
        points: cython.int = 0
        if m == self.foremole:
            e.done()
            e.push(self.p_build, seat, 1, 0)
            return
        if m == self.brigadier:
            self.brigade(e)
            return
        if m == self.banker:
            self.bank(e)
            return
        if m == self.mayor:
            self.stand_in(e)
            return
        if m == self.duchess and self.duchy.tunnel_supply(e, seat) == 0:
            points = self.duchess_points
        elif m == self.baron:
            points = self.baron_points * self.duchy.placed(e, seat, MARKET)
        elif m == self.earl:
            points = self.earl_points * self.duchy.placed(e, seat, CITADEL)
        e.done()
        e.score(seat, points)

    def action_possible(self, e: RootCore, seat: cython.int, procedure: cython.int) -> cython.bint:
        if procedure == e.p_move:
            return e.can_move(seat, -1)
        return e.can_battle(seat, -1, -1)

    def brigade(self, e: RootCore) -> None:
        """The Brigadier: up to 2 moves or up to 2 battles, the first one chosen deciding which (locals 3 the
        procedure chosen, 4 how many were taken)."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        e.clear_options()
        if stage == 0:
            if e.can_move(seat, -1):
                e.option(e.p_move)
            if e.can_battle(seat, -1, -1):
                e.option(e.p_battle)
            e.goto(1)
            e.ask(ACTION, seat)
        elif stage == 2:
            if e.arg(4) >= self.brigadier_actions or not self.action_possible(e, seat, e.arg(3)):
                e.done()
                return
            e.option(e.arg(3))
            e.option(0)
            e.goto(3)
            e.ask(ACTION, seat)
        elif stage == 3 and e.answer() == 0:
            e.done()
        else:
            e.set_arg(3, e.answer())
            e.set_arg(4, e.arg(4) + 1)
            e.goto(2)
            e.push(e.answer(), seat, 0, 0)

    def bank(self, e: RootCore) -> None:
        """The Banker: cards of one suit (birds standing in), one or more, a point each (locals 3 the suit, 4 the
        cards spent)."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        k: cython.int
        e.clear_options()
        if stage == 0:
            for k in range(e.nsuits):
                if e.has_card_of(seat, k) or (k < e.nsuits - 1 and e.has_bird(seat)):
                    e.option(k)
            e.goto(1)
            e.ask(SUIT, seat)
            return
        if stage == 1:
            e.set_arg(3, e.answer())
        elif e.answer() == e.ncards:
            self.cash(e, seat)
            return
        else:
            e.discard(seat, e.answer())
            e.set_arg(4, e.arg(4) + 1)
        for k in range(e.ncards):
            if e.in_hand(seat, k) > 0 and e.matches(k, e.arg(3)):
                e.option(k)
        if e.options() == 0:
            self.cash(e, seat)
            return
        if e.arg(4) > 0:
            e.option(e.ncards)
        e.goto(2)
        e.ask(CARD, seat)

    def cash(self, e: RootCore, seat: cython.int) -> None:
        """The Banker's points for the cards spent (local 4)."""
        points: cython.int = e.arg(4) * self.banker_points
        e.done()
        e.score(seat, points)

    def stands_in_for(self, e: RootCore, seat: cython.int, minister: cython.int) -> cython.bint:
        """The Mayor can take this minister's action: a swayed noble or squire other than himself who can act."""
        return (minister != self.mayor and self.rank[minister] < self.lord and self.swayed(e, minister)
                and self.can_act(e, seat, minister))

    def stand_in(self, e: RootCore) -> None:
        """The Mayor takes the action of a swayed noble or squire (12.5.2.VI)."""
        seat: cython.int = e.arg(0)
        m: cython.int = e.answer()
        if e.stage() == 1:
            e.done()
            e.push(EFFECT, self.effect[m], seat, m)
            return
        e.clear_options()
        for m in range(self.nministers):
            if self.stands_in_for(e, seat, m):
                e.option(m)
        e.goto(1)
        e.ask(MINISTER, seat)
