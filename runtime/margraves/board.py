"""Moving on the board: the Margrave (L192-204), Knights deployed (L206-218) and moved (Moine, Chef de Guerre,
Barde), entering a location (its power or 2 gold, L198-200, L316), the naval action (L340-360) and the Knights
taken back from the Heroic Tombs (Nécromancien, L565)."""

from __future__ import annotations

from typing import Any

import cython  # type: ignore[import-untyped]

from .core import MargravesCore

NO_CARD = cython.declare(cython.int, -1)
COUNT = cython.declare(cython.int, 25)
DEPLOY = cython.declare(cython.int, 23)
FROM_LOCATION = cython.declare(cython.int, 0)
FROM_STORAGE = cython.declare(cython.int, 1)
KNIGHT = cython.declare(cython.int, 4)
KNIGHT_FROM = cython.declare(cython.int, 22)
LOCATION = cython.declare(cython.int, 10)
LYING = cython.declare(cython.int, 2)
MAGIC = cython.declare(cython.int, 2)
TOKEN = cython.declare(cython.int, 14)
TOMB = cython.declare(cython.int, 16)
YES_NO = cython.declare(cython.int, 13)


@cython.cclass
class Board:
    """Movement, locations, the naval track and the tombs' lying Knights; each procedure takes the engine."""

    def __init__(self, tables: Any) -> None:
        self.location_power = tables.arrays["location_power"]
        self.segment_reward = tables.arrays["segment_reward"]
        self.ship_spaces = tables.numbers["ship_spaces_per_resource"]

    def move_margrave(self, e: MargravesCore) -> None:
        """To a location joined by a white stone road, or anywhere (args: seat, anywhere; Pilote L577)."""
        seat: cython.int = e.arg(0)
        here: cython.int = e.margrave(seat)
        to: cython.int
        if e.stage() == 1:
            e.cells[e.o_margrave + seat] = e.answer()
            e.goto(2)
            e.push(e.p_enter, seat, e.answer(), 0)
            return
        if e.stage() == 2:
            e.done()
            return
        e.clear_options()
        for to in range(e.nlocations):
            if to != here and (e.arg(1) or e.road(here, to)):
                e.option(to)
        if e.options() == 0:
            e.done()
            return
        e.goto(1)
        e.ask(LOCATION, seat)

    def deploy_targets(self, e: MargravesCore, seat: cython.int, anywhere: cython.bint) -> cython.int:
        """Offers each deployment (L210): a Knight of the Margrave's location one road away, or one from storage to
        the Margrave's location; with `anywhere`, either to any location (Bogatyr, L514). Returns how many."""
        here: cython.int = e.margrave(seat)
        to: cython.int
        offered: cython.int = 0
        for to in range(e.nlocations):
            if e.knights_at(here) > 0 and to != here and (anywhere or e.road(here, to)):
                e.option(FROM_LOCATION * e.nlocations + to)
                offered += 1
            if e.stored(seat, KNIGHT) > 0 and (anywhere or to == here):
                e.option(FROM_STORAGE * e.nlocations + to)
                offered += 1
        return offered

    def deploy_knight(self, e: MargravesCore) -> None:
        """Deploy a Knight (args: seat, anywhere); the location it enters uses its power or gives 2 gold (L212)."""
        seat: cython.int = e.arg(0)
        to: cython.int
        if e.stage() == 1:
            to = e.answer() % e.nlocations
            if e.answer() // e.nlocations == FROM_STORAGE:
                e.cells[e.o_stored[KNIGHT] + seat] -= 1
            else:
                e.cells[e.o_loc_knights + e.margrave(seat)] -= 1
            e.cells[e.o_loc_knights + to] += 1
            e.goto(2)
            e.push(e.p_enter, seat, to, 0)
            return
        if e.stage() == 2:
            e.done()
            return
        e.clear_options()
        if self.deploy_targets(e, seat, e.arg(1)) == 0:
            e.done()
            return
        e.goto(1)
        e.ask(DEPLOY, seat)

    def move_knights(self, e: MargravesCore) -> None:
        """Up to n Knights from one location of the player's choice, never from a player board, to the Margrave's
        location (args: seat, n, to the Margrave: Chef de Guerre L530, Barde L541) or to any location (Moine L500).
        Each Knight entering uses the location's power or gives 2 gold (decision bard_triggers). Locals: 3 from,
        4 to, 5 Knights still to enter."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        here: cython.int = e.margrave(seat)
        where: cython.int
        k: cython.int
        if stage == 0:
            e.clear_options()
            for where in range(e.nlocations):
                if e.knights_at(where) > 0 and not (e.arg(2) and where == here):
                    e.option(where)
            if e.options() == 0:
                e.done()
                return
            e.goto(1)
            e.ask(KNIGHT_FROM, seat)
            return
        if stage == 1:
            e.set_arg(3, e.answer())
            e.clear_options()
            for where in range(e.nlocations):
                if where != e.arg(3) and (not e.arg(2) or where == here):
                    e.option(where)
            e.goto(2)
            e.ask(LOCATION, seat)
            return
        if stage == 2:
            e.set_arg(4, e.answer())
            e.clear_options()
            for k in range(1, min(e.arg(1), e.knights_at(e.arg(3))) + 1):
                e.option(k)
            e.goto(3)
            e.ask(COUNT, seat)
            return
        if stage == 3:
            e.cells[e.o_loc_knights + e.arg(3)] -= e.answer()
            e.cells[e.o_loc_knights + e.arg(4)] += e.answer()
            e.set_arg(5, e.answer())
            e.goto(4)
        if e.arg(5) > 0:
            e.set_arg(5, e.arg(5) - 1)
            e.push(e.p_enter, seat, e.arg(4), 0)
            return
        e.done()

    def enter_location(self, e: MargravesCore) -> None:
        """'vous activez le Pouvoir du Lieu ou vous gagnez 2 Or' (L316) (args: seat, location)."""
        seat: cython.int = e.arg(0)
        if e.stage() == 0:
            e.clear_options()
            e.option(1)
            e.option(0)
            e.goto(1)
            e.ask(YES_NO, seat)
            return
        if e.stage() == 1:
            e.goto(2)
            if e.answer():
                e.push(0, self.location_power[e.arg(1)], seat, NO_CARD)
            else:
                e.add_gold(seat, e.location_gold)
            return
        e.done()

    def naval_action(self, e: MargravesCore) -> None:
        """Return resources of any mix, move the Ship one segment clockwise each, and gain every segment entered
        (L342-344), one segment at a time. Local 3: segments still to move."""
        seat: cython.int = e.arg(0)
        token: cython.int
        at: cython.int
        if e.stage() == 1:
            if e.answer() >= 0:
                e.return_token(seat, e.answer(), 1)
                e.set_arg(3, e.arg(3) + self.ship_spaces)
            else:
                e.goto(2)
        if e.stage() <= 1:
            e.clear_options()
            for token in range(MAGIC + 1):
                if e.stored(seat, token) > 0:
                    e.option(token)
            e.option(-1)
            e.goto(1)
            e.ask(TOKEN, seat)
            return
        if e.arg(3) > 0:
            at = (e.cells[e.o_ship + seat] + 1) % e.nsegments
            e.cells[e.o_ship + seat] = at
            e.set_arg(3, e.arg(3) - 1)
            e.push(e.p_reward, seat, self.segment_reward[at], 0)
            return
        e.done()

    def take_lying_knights(self, e: MargravesCore) -> None:
        """Up to n Knights lying in the Heroic Tombs into storage (args: seat, n; Nécromancien L565).
        Local 3: Knights taken."""
        seat: cython.int = e.arg(0)
        slot: cython.int
        if e.stage() == 1:
            if e.answer() < 0:
                e.done()
                return
            e.cells[e.o_tomb + e.answer()] = 0
            e.cells[e.o_stored[KNIGHT] + seat] += 1
            e.set_arg(3, e.arg(3) + 1)
        e.clear_options()
        if e.arg(3) < e.arg(1):
            for slot in range(e.nslots):
                if e.cells[e.o_tomb + slot] == LYING:
                    e.option(slot)
        if e.options() == 0:
            e.done()
            return
        e.option(-1)
        e.goto(1)
        e.ask(TOMB, seat)
