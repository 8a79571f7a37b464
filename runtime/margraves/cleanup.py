"""The end of a turn (content procedure `end_of_turn`, L384-420) in its mandatory order: the Heroic Tombs, the
Privilege tiles, the monster piles, the citizen line; then the end of the game (L424-432) and the final
scoring (L434-466, content procedure `final_scoring`)."""

from __future__ import annotations

from typing import Any

import cython  # type: ignore[import-untyped]

from .core import MargravesCore

NO_CARD = cython.declare(cython.int, -1)
FACE_UP = cython.declare(cython.int, 2)
LYING = cython.declare(cython.int, 2)
STANDING = cython.declare(cython.int, 1)

SCORED = cython.declare(cython.int, 0)
"""The game's only way to end: the final scoring (result()'s `victory`)."""


@cython.cclass
class Cleanup:
    """The end of turn and of the game; each procedure takes the engine."""

    def __init__(self, tables: Any) -> None:
        arrays, numbers = tables.arrays, tables.numbers
        self.slot_row = arrays["slot_row"]
        self.slot_column = arrays["slot_column"]
        self.line_column = arrays["line_column"]
        self.line_index = arrays["line_index"]
        self.line_reward = arrays["line_reward"]
        self.face_up = numbers["privileges_face_up"]
        self.knights_per_location = numbers["knights_per_location"]
        self.scoring_entry = numbers["scoring_entry"]

    def end_of_turn(self, e: MargravesCore) -> None:
        """Args: seat. The tombs' rewards run first (stage 0), then the rest of the cleanup, then the end check."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        if stage == 0:
            e.goto(1)
            if e.cells[e.o_entombed] > 0:
                self.tomb_rewards(e, seat)
            return
        if stage == 1:
            self.empty_tombs(e)
            self.refill_privileges(e)
            self.flip_piles(e)
            self.refill_line(e)
            e.goto(2)
            e.settle(seat)
            return
        if stage == 2:
            if e.cells[e.o_final] and seat == e.seat_after(e.cells[e.o_first], e.players() - 1):
                e.goto(3)
                e.push(0, self.scoring_entry, seat, NO_CARD)
                return
            e.done()
            return
        self.declare_winner(e)
        e.done()

    def line_full(self, e: MargravesCore, line: cython.int) -> cython.bint:
        """Every slot of the row or column holds a Knight, one of them standing: filled this turn (L388)."""
        slot: cython.int
        standing: cython.bint = False
        for slot in range(e.nslots):
            if (self.slot_column[slot] if self.line_column[line] else self.slot_row[slot]) == self.line_index[line]:
                if e.cells[e.o_tomb + slot] == 0:
                    return False
                if e.cells[e.o_tomb + slot] == STANDING:
                    standing = True
        return standing

    def tomb_rewards(self, e: MargravesCore, seat: cython.int) -> None:
        """The reward of each row and column filled, then the standing Knights lie down (L388-402)."""
        line: cython.int
        slot: cython.int
        for line in range(e.nlines - 1, -1, -1):
            if self.line_full(e, line):
                e.push(e.p_reward, seat, self.line_reward[line], 0)
        for slot in range(e.nslots):
            if e.cells[e.o_tomb + slot] == STANDING:
                e.cells[e.o_tomb + slot] = LYING
        e.cells[e.o_entombed] = 0

    def empty_tombs(self, e: MargravesCore) -> None:
        """With every slot taken, all the tombs' Knights (and the statue's, decision statue_knights) go back to the
        fortress; then 1 Knight on each location without one (L388, decision knight_refill)."""
        slot: cython.int
        full: cython.bint = True
        where: cython.int
        for slot in range(e.nslots):
            if e.cells[e.o_tomb + slot] == 0:
                full = False
        if full:
            for slot in range(e.nslots):
                e.cells[e.o_tomb + slot] = 0
                e.cells[e.o_fortress] += 1
            e.cells[e.o_fortress] += e.cells[e.o_statue]
            e.cells[e.o_statue] = 0
        for where in range(e.nlocations):
            if e.knights_at(where) == 0 and e.cells[e.o_fortress] >= self.knights_per_location:
                e.cells[e.o_loc_knights + where] += self.knights_per_location
                e.cells[e.o_fortress] -= self.knights_per_location

    def refill_privileges(self, e: MargravesCore) -> None:
        """3 face-up tiles of each level; a pile that cannot refill them triggers the final round (L404)."""
        level: cython.int
        t: cython.int
        shown: cython.int
        for level in range(1, 3):
            shown = 0
            for t in range(e.nprivileges):
                if e.privilege_at(t) == FACE_UP and e.privilege_level[t] == level:
                    shown += 1
            while shown < self.face_up:
                t = e.draw_privilege(level)
                if t < 0:
                    e.cells[e.o_final] = 1
                    break
                e.cells[e.o_priv_at + t] = FACE_UP
                shown += 1

    def flip_piles(self, e: MargravesCore) -> None:
        """Each pile with no face-up monster turns its top card (L416)."""
        lair: cython.int
        for lair in range(e.nlairs):
            if not e.has_face_up(lair):
                e.flip_monster(lair)

    def refill_line(self, e: MargravesCore) -> None:
        """Slide the line left, then draw into the empty slots; an empty deck triggers the final round (L418-420)."""
        slot: cython.int
        to: cython.int = 0
        c: cython.int
        for slot in range(e.line_slots):
            if e.line(slot) >= 0:
                c = e.line(slot)
                e.set_line(slot, -1)
                e.set_line(to, c)
                to += 1
        for slot in range(to, e.line_slots):
            c = e.draw_citizen()
            if c < 0:
                e.cells[e.o_final] = 1
                return
            e.set_line(slot, c)

    def declare_winner(self, e: MargravesCore) -> None:
        """Most Victory Points; on a tie most gold; still tied, they win together (L438-440): `won` says which."""
        seat: cython.int
        best: cython.int = -1
        for seat in range(e.players()):
            if best < 0 or e.ranks_above(seat, best):
                best = seat
        e.finish(best, SCORED)
