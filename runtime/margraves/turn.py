"""A turn's citizen (content procedure `turn`, L143-160): play one from hand and use it one way, its pennant
actions (L162-214), its power text (L222-230), Recall (L278-286) or Build (L288-298); and the cards the powers
move: recruiting from the line (L332-336), taking back a played card (L496, L553)."""

from __future__ import annotations

from typing import Any

import cython  # type: ignore[import-untyped]

from .core import MargravesCore

NO_CARD = cython.declare(cython.int, -1)
USE_BUILD = cython.declare(cython.int, 3)
BUILD_SLOT = cython.declare(cython.int, 24)
CITIZEN = cython.declare(cython.int, 11)
GEM = cython.declare(cython.int, 3)
LINE_SLOT = cython.declare(cython.int, 20)
MAGIC = cython.declare(cython.int, 2)
USE_PENNANT = cython.declare(cython.int, 0)
USE_POWER = cython.declare(cython.int, 1)
USE_RECALL = cython.declare(cython.int, 2)
STONE = cython.declare(cython.int, 0)
USE = cython.declare(cython.int, 12)
WAYS = cython.declare(cython.int, 4)
WOOD = cython.declare(cython.int, 1)
YES_NO = cython.declare(cython.int, 13)


@cython.cclass
class Turn:
    """The citizen played and the card moves of the powers; each procedure takes the engine."""

    def __init__(self, tables: Any) -> None:
        arrays, numbers = tables.arrays, tables.numbers
        self.width = numbers["pennant_width"]
        self.build_entry = numbers["build_entry"]
        self.citizen_pennant = arrays["citizen_pennant"]
        self.citizen_power = arrays["citizen_power"]
        self.pennant_effect = arrays["pennant_effect"]
        self.pennant_native = arrays["pennant_native"]
        self.slot_reward = arrays["slot_reward"]
        self.p_deploy = tables.procedure("deploy_knight")

    def play_card(self, e: MargravesCore) -> None:
        """Play a citizen and use it one way (L145); with one card in hand, for Recall (L152)."""
        seat: cython.int = e.arg(0)
        c: cython.int
        way: cython.int
        forced: cython.bint = e.hand_size(seat) == 1
        if e.stage() == 0:
            e.cells[e.o_in_use] = -1
            e.clear_options()
            for c in range(e.ncitizens):
                if e.in_hand(seat, c) > 0:
                    for way in range(WAYS):
                        if (way == USE_RECALL or not forced) and \
                                (way != USE_BUILD or self.can_build_here(e, seat)):
                            e.option(c * WAYS + way)
            if e.options() == 0:
                e.done()
                return
            e.goto(1)
            e.ask(USE, seat)
            return
        if e.stage() == 1:
            c = e.answer() // WAYS
            way = e.answer() % WAYS
            e.move_card(seat, c, e.o_hand, e.o_played)
            e.cells[e.o_in_use] = c
            e.goto(2)
            if way == USE_PENNANT:
                e.push(e.p_pennant, seat, c, 0)
            elif way == USE_POWER:
                e.push(0, self.citizen_power[c], seat, c)
            elif way == USE_RECALL:
                e.push(e.p_recall, seat, 0, 0)
            else:
                e.push(0, self.build_entry, seat, NO_CARD)
            return
        e.done()

    def can_build_here(self, e: MargravesCore, seat: cython.int) -> cython.bint:
        """The Build power can be done (L292): a tower in storage, a free slot and none of the player's towers at
        the Margrave's location, and 1 Stone, 1 Wood, 1 Magic and 1 Gem."""
        return (self.can_build(e, seat) and e.stored(seat, STONE) > 0 and e.stored(seat, WOOD) > 0
                and e.stored(seat, MAGIC) > 0 and e.stored(seat, GEM) > 0)

    def can_build(self, e: MargravesCore, seat: cython.int) -> cython.bint:
        here: cython.int = e.margrave(seat)
        return (e.cells[e.o_towers + seat] > 0 and e.tower_slot(here, seat) == 0
                and e.free_build_slots(here) > 0)

    def pennant(self, e: MargravesCore) -> None:
        """The citizen's pennant actions top to bottom, each of which may be skipped (L164) (args: seat, citizen).
        Local 3: the next action."""
        seat: cython.int = e.arg(0)
        c: cython.int = e.arg(1)
        action: cython.int
        if e.stage() == 2:
            action = self.citizen_pennant[c * self.width + e.arg(3)]
            e.set_arg(3, e.arg(3) + 1)
            e.goto(1)
            if e.answer():
                if self.pennant_native[action] > 0:
                    e.push(self.pennant_native[action], seat, 0, 0)
                else:
                    e.push(0, self.pennant_effect[action], seat, c)
            return
        if e.arg(3) >= self.width or self.citizen_pennant[c * self.width + e.arg(3)] < 0:
            e.done()
            return
        action = self.citizen_pennant[c * self.width + e.arg(3)]
        e.clear_options()
        if self.pennant_native[action] != self.p_deploy or e.can_deploy(seat):
            e.option(1)
        e.option(0)
        e.goto(2)
        e.ask(YES_NO, seat)

    def recall(self, e: MargravesCore) -> None:
        """Discard a citizen of the line out of the game, take the played pile back into hand, then recruit from the
        line if you like (L282-284)."""
        seat: cython.int = e.arg(0)
        slot: cython.int
        c: cython.int
        if e.stage() == 0:
            e.clear_options()
            for slot in range(e.line_slots):
                if e.line(slot) >= 0:
                    e.option(slot)
            e.goto(1)
            if e.options() > 0:
                e.set_arg(3, 1)
                e.ask(LINE_SLOT, seat)
                return
        if e.stage() == 1:
            if e.arg(3):
                e.set_line(e.answer(), -1)
            for c in range(e.ncitizens):
                e.cells[e.o_hand + seat * e.ncitizens + c] += e.in_played(seat, c)
                e.cells[e.o_played + seat * e.ncitizens + c] = 0
            e.goto(2)
            e.push(e.p_recruit, seat, -1, 1)
            return
        e.done()

    def recruit(self, e: MargravesCore) -> None:
        """Take a citizen of the line into hand, paying its slot's gold (-1) or a fixed amount (args: seat, gold,
        1 if optional); never from the deck (L336)."""
        seat: cython.int = e.arg(0)
        slot: cython.int
        if e.stage() == 1:
            slot = e.answer()
            if slot >= 0:
                e.add_gold(seat, -(e.line_cost[slot] if e.arg(1) < 0 else e.arg(1)))
                e.cells[e.o_hand + seat * e.ncitizens + e.line(slot)] += 1
                e.set_line(slot, -1)
            e.done()
            return
        e.clear_options()
        for slot in range(e.line_slots):
            if e.line(slot) >= 0 and e.gold(seat) >= (e.line_cost[slot] if e.arg(1) < 0 else e.arg(1)):
                e.option(slot)
        if e.options() == 0:
            e.done()
            return
        if e.arg(2):
            e.option(-1)
        e.goto(1)
        e.ask(LINE_SLOT, seat)

    def retrieve_played(self, e: MargravesCore) -> None:
        """Take back one played citizen, not the card being used (L496, L553) (args: seat)."""
        seat: cython.int = e.arg(0)
        c: cython.int
        if e.stage() == 1:
            e.move_card(seat, e.answer(), e.o_played, e.o_hand)
            e.done()
            return
        e.clear_options()
        for c in range(e.ncitizens):
            if e.in_played(seat, c) - (1 if c == e.cells[e.o_in_use] else 0) > 0:
                e.option(c)
        if e.options() == 0:
            e.done()
            return
        e.goto(1)
        e.ask(CITIZEN, seat)

    def build_tower(self, e: MargravesCore) -> None:
        """A Ward Tower on a free build slot of the Margrave's location, and that slot's reward (L292-293); the last
        tower triggers the final round (L296) (args: seat)."""
        seat: cython.int = e.arg(0)
        here: cython.int = e.margrave(seat)
        slot: cython.int
        if e.stage() == 1:
            slot = e.answer()
            e.cells[e.o_tower_slot + here * e.seats + seat] = slot + 1
            e.cells[e.o_tower_at + here * e.seats + seat] = 1
            e.cells[e.o_towers_built + seat] += 1
            e.cells[e.o_towers + seat] -= 1
            if e.cells[e.o_towers + seat] == 0:
                e.cells[e.o_final] = 1
            e.goto(2)
            e.push(e.p_reward, seat, self.slot_reward[here * e.build_slots + slot], 0)
            return
        if e.stage() == 2:
            e.done()
            return
        e.clear_options()
        if self.can_build(e, seat):
            for slot in range(e.build_slots):
                if not e.slot_taken(here, slot):
                    e.option(slot)
        if e.options() == 0:
            e.done()
            return
        e.goto(1)
        e.ask(BUILD_SLOT, seat)
