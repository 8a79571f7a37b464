"""Slaying a monster (content procedure `slaying`, L258-274): the face-up monster of a pile adjacent to the
Margrave's location, its Magic paid first, then its Strength from the Strength track and from Knights sent
standing to the Heroic Tombs, then its rewards and Influence; the card goes under its pile."""

from __future__ import annotations

from typing import Any

import cython  # type: ignore[import-untyped]

from .core import MargravesCore

KNIGHT = cython.declare(cython.int, 4)
MAGIC = cython.declare(cython.int, 2)
MONSTER = cython.declare(cython.int, 15)
STANDING = cython.declare(cython.int, 1)
STRENGTH_SOURCE = cython.declare(cython.int, 21)
TOMB = cython.declare(cython.int, 16)

FROM_TRACK = cython.declare(cython.int, 0)
"""Strength sources (L266-270): the Strength marker, a Knight of the Margrave's location, a Knight of storage."""
KNIGHT_HERE = cython.declare(cython.int, 1)
KNIGHT_STORED = cython.declare(cython.int, 2)


@cython.cclass
class Slaying:
    """The slay procedure; it takes the engine it runs in."""

    def __init__(self, tables: Any) -> None:
        arrays = tables.arrays
        self.strength = arrays["monster_strength"]
        self.magic = arrays["monster_magic"]
        self.influence = arrays["monster_influence"]
        self.monster_reward = arrays["monster_reward"]
        self.knight_strength = tables.numbers["knight_strength"]

    def can_pay(self, e: MargravesCore, seat: cython.int, m: cython.int) -> cython.bint:
        here: cython.int = e.margrave(seat)
        return (e.stored(seat, MAGIC) >= self.magic[m]
                and e.strength(seat) + self.knight_strength * (e.knights_at(here) + e.stored(seat, KNIGHT))
                >= self.strength[m])

    def targets(self, e: MargravesCore, seat: cython.int) -> cython.int:
        """Offers each face-up monster next to the Margrave the player can pay for; returns how many."""
        m: cython.int
        offered: cython.int = 0
        here: cython.int = e.margrave(seat)
        for m in range(e.nmonsters):
            if e.cells[e.o_faceup + m] and e.near_lair(here, e.monster_lair[m]) and self.can_pay(e, seat, m):
                e.option(m)
                offered += 1
        return offered

    def slay_monster(self, e: MargravesCore) -> None:
        """Args: seat. Locals: 3 the monster, 4 Strength still to pay, 5 where the Knight being sent comes from."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        m: cython.int
        here: cython.int = e.margrave(seat)
        if stage == 0:
            e.clear_options()
            if self.targets(e, seat) == 0:
                e.done()
                return
            e.goto(1)
            e.ask(MONSTER, seat)
            return
        if stage == 1:
            m = e.answer()
            e.set_arg(3, m)
            e.return_token(seat, MAGIC, self.magic[m])
            e.set_arg(4, self.strength[m])
            e.goto(2)
        if stage == 3:
            e.goto(2)
            if e.answer() == FROM_TRACK:
                e.cells[e.o_strength + seat] -= 1
                e.set_arg(4, e.arg(4) - 1)
            else:
                e.set_arg(5, e.answer())
                self.entomb(e, seat)
                return
        if stage == 4:
            self.knight_out(e, seat)
            e.cells[e.o_tomb + e.answer()] = STANDING
            e.cells[e.o_entombed] += 1
            e.set_arg(4, e.arg(4) - self.knight_strength)
            e.goto(2)
        if e.stage() == 2 and e.arg(4) > 0:
            e.clear_options()
            if e.strength(seat) > 0:
                e.option(FROM_TRACK)
            if e.knights_at(here) > 0:
                e.option(KNIGHT_HERE)
            if e.stored(seat, KNIGHT) > 0:
                e.option(KNIGHT_STORED)
            e.goto(3)
            e.ask(STRENGTH_SOURCE, seat)
            return
        if e.stage() == 2:
            m = e.arg(3)
            e.cells[e.o_faceup + m] = 0
            e.cells[e.o_slain + m] = 1
            e.goto(5)
            e.push(e.p_influence, seat, self.influence[m], 0)
            e.push(e.p_reward, seat, self.monster_reward[m], 0)
            return
        e.done()

    def entomb(self, e: MargravesCore, seat: cython.int) -> None:
        """A Knight stands in a free Heroic Tomb slot of the player's choice, or on the blue-aura statue when none
        is free (L396-398); either way it pays its Strength (L270)."""
        slot: cython.int
        e.clear_options()
        for slot in range(e.nslots):
            if e.cells[e.o_tomb + slot] == 0:
                e.option(slot)
        if e.options() == 0:
            self.knight_out(e, seat)
            e.cells[e.o_statue] += 1
            e.cells[e.o_entombed] += 1
            e.set_arg(4, e.arg(4) - self.knight_strength)
            e.goto(2)
            return
        e.goto(4)
        e.ask(TOMB, seat)

    def knight_out(self, e: MargravesCore, seat: cython.int) -> None:
        """The Knight sent to the tombs leaves the Margrave's location or the player's storage (local 5)."""
        if e.arg(5) == KNIGHT_HERE:
            e.cells[e.o_loc_knights + e.margrave(seat)] -= 1
        else:
            e.cells[e.o_stored[KNIGHT] + seat] -= 1
