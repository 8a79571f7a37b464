"""Persistent cards in a player's play area (4.1.3): their effects run at the card's timing, which tables.py reads
from the content (`card_timing`, `card_phase`): as a phase of the owner's turn starts, as an action of the owner's
Daylight (once per turn, the content's `used_this_daylight`, cleared as the turn ends), or in a battle the owner
fights, once it is declared or once the dice are rolled (4.3.2.II). Each effect is the card's compiled power, run on
the VM; a `may` in it is the owner's choice. In battle, what an effect modifies (the rule hooks `extra_hits`,
`rolled_hits_ignored`, `ambush_ignored`, which the effect writes for the player using it) is read back after each
card and applied to the battle's hits. Also here: the natives those effects call.

Cython's pure-Python mode: persistent.pxd types it."""

from __future__ import annotations

from typing import Any

import cython  # type: ignore[import-untyped]

from .core import RootCore

EFFECT = cython.declare(cython.int, 0)
"""The kernel's procedure that runs a compiled effect."""
LOCALS = cython.declare(cython.int, 2)
"""Where a procedure's locals start in its frame (kernel: `arg(i)` is `ctl[frame() + 2 + i]`)."""
ATTACK_HITS = cython.declare(cython.int, 5)
DEFEND_HITS = cython.declare(cython.int, 6)
"""The battle procedure's locals holding the hits each side deals (actions.py: `battle`)."""
# When a card acts (tables.py: NO_TIMING …).
PHASE_START = cython.declare(cython.int, 1)
IN_DAYLIGHT = cython.declare(cython.int, 2)
ON_DECLARED = cython.declare(cython.int, 3)
ON_ROLLED = cython.declare(cython.int, 4)
# The battle's moments (core.py).
DECLARED = cython.declare(cython.int, 0)
ROLLED = cython.declare(cython.int, 2)
# The procedures of this module, in the order of engine.py's codes from PERSISTENT_EFFECTS.
EFFECTS = cython.declare(cython.int, 0)
DISCARD_CRAFTED = cython.declare(cython.int, 1)
ATTACKER = cython.declare(cython.int, 2)
DEFENDER = cython.declare(cython.int, 3)
RULES_CLEARING = cython.declare(cython.int, 4)
TAKE_RANDOM_CARD = cython.declare(cython.int, 5)
DRAW_CARDS = cython.declare(cython.int, 6)
LOOK_AT_HAND = cython.declare(cython.int, 7)


@cython.cclass
class Persistent:
    """The play areas' cards at work; each method takes the engine it runs in."""

    def __init__(self, tables: Any) -> None:
        arrays, offsets = tables.arrays, tables.offsets
        self.card_timing = arrays["card_timing"]
        self.card_phase = arrays["card_phase"]
        self.card_needs_warriors = arrays["card_needs_warriors"]
        self.step_card = arrays["step_card"]
        self.seats = tables.dims["seats"]
        self.o_used = offsets["used_this_daylight"]
        self.o_extra_hits = offsets["extra_hits"]
        self.o_rolled_ignored = offsets["rolled_hits_ignored"]
        self.o_ambush_ignored = offsets["ambush_ignored"]
        self.o_attacker = offsets["battle_attacker"]
        self.o_defender = offsets["battle_defender"]
        self.o_seen = offsets["seen_hand"]
        self.o_seen_of = offsets["seen_hand_of"]
        self.p_effects = tables.numbers["procedure_persistent_effects"]

    def run(self, e: RootCore, which: cython.int) -> None:
        """This module's procedure `which` (EFFECTS, or a native its cards' effects call)."""
        if which == EFFECTS:
            self.effects(e)
            return
        if which == DISCARD_CRAFTED:
            self.discard_crafted(e, e.arg(0), e.arg(1))
        elif which == ATTACKER:
            e.set_result(e.cells[self.o_attacker])
        elif which == DEFENDER:
            e.set_result(e.cells[self.o_defender])
        elif which == RULES_CLEARING:
            e.set_result(e.rules(e.arg(0), e.arg(1)))
        elif which == TAKE_RANDOM_CARD:
            self.take_random_card(e, e.arg(0), e.arg(1))
        elif which == DRAW_CARDS:
            e.draw(e.arg(0), e.arg(1))
        else:
            self.look_at_hand(e, e.arg(0), e.arg(1))
        e.done()

    # --- when the cards act ------------------------------------------------------------------------------------

    def in_play(self, e: RootCore, seat: cython.int, card: cython.int) -> cython.bint:
        return e.cells[e.o_play_area + seat * e.ncards + card] > 0

    def acts(self, e: RootCore, seat: cython.int, card: cython.int, timing: cython.int,
             phase: cython.int) -> cython.bint:
        """The card is in the seat's play area and acts at this timing (and phase, for a phase's start)."""
        return self.card_timing[card] == timing and self.in_play(e, seat, card) \
            and (timing != PHASE_START or self.card_phase[card] == phase)

    def any_acts(self, e: RootCore, seat: cython.int, timing: cython.int, phase: cython.int) -> cython.bint:
        k: cython.int
        for k in range(e.ncards):
            if self.acts(e, seat, k, timing, phase):
                return True
        return False

    def phase_started(self, e: RootCore, seat: cython.int, phase: cython.int) -> None:
        """A phase of the seat's turn starts: its cards that act now are offered, one after another."""
        if not e.over() and self.any_acts(e, seat, PHASE_START, phase):
            e.push(self.p_effects, seat, PHASE_START, phase)

    def battle_step(self, e: RootCore, attacker: cython.int, defender: cython.int, moment: cython.int) -> None:
        """Declared: the battle's sides are noted, its hooks cleared, and the cards acting now run (Scouting Party).
        Rolled: the cards that change the hits run (Armorers, Brutal Tactics, Sappers), the attacker's first; the
        procedure is given where the battle's locals are, to change its hits once they are done."""
        if moment == DECLARED:
            e.cells[self.o_attacker] = attacker
            e.cells[self.o_defender] = defender
            e.cells[self.o_ambush_ignored] = 0
            if self.any_acts(e, attacker, ON_DECLARED, 0) or self.any_acts(e, defender, ON_DECLARED, 0):
                e.push(self.p_effects, attacker, ON_DECLARED, 0)
        elif moment == ROLLED:
            if self.any_acts(e, attacker, ON_ROLLED, 0) or self.any_acts(e, defender, ON_ROLLED, 0):
                e.push(self.p_effects, attacker, ON_ROLLED, e.frame() + LOCALS)

    def ambush_ignored(self, e: RootCore, seat: cython.int) -> cython.bint:
        """Ambush cards do nothing against the attacker of this battle (Scouting Party): none is played."""
        return seat == e.cells[self.o_attacker] and e.cells[self.o_ambush_ignored] != 0

    def effects(self, e: RootCore) -> None:
        """The cards acting at a timing, one effect after another (args: seat or attacker, timing, the phase or the
        battle's locals). Locals: 3 the next card to look at (the defender's after the attacker's, in battle), 4
        the card whose effect ran, 5 its owner; 6 and 7 the extra hits the attacker and defender deal (at the
        declaration: 6 is 1 when ambushes do nothing against the attacker); 8 and 9 are 1 when the attacker,
        the defender ignores the rolled hits it takes."""
        timing: cython.int = e.arg(1)
        battle: cython.bint = timing == ON_DECLARED or timing == ON_ROLLED
        attacker: cython.int = e.cells[self.o_attacker] if battle else e.arg(0)
        defender: cython.int = e.cells[self.o_defender] if battle else -1
        limit: cython.int = 2 * e.ncards if battle else e.ncards
        i: cython.int
        k: cython.int
        owner: cython.int
        if e.stage() == 0:
            e.set_arg(3, 0)
            e.set_arg(4, -1)
            e.goto(1)
        elif battle and e.arg(4) >= 0:
            self.read_hooks(e, attacker, timing)
        i = e.arg(3)
        while i < limit:
            owner = attacker if i < e.ncards else defender
            k = i if i < e.ncards else i - e.ncards
            i += 1
            if self.acts(e, owner, k, timing, e.arg(2)):
                e.set_arg(3, i)
                e.set_arg(4, k)
                e.set_arg(5, owner)
                self.clear_hooks(e)
                e.push(EFFECT, e.card_effect[k], owner, k)
                return
        if timing == ON_DECLARED:
            self.clear_hooks(e)
            e.cells[self.o_ambush_ignored] = e.arg(6)
        elif timing == ON_ROLLED:
            self.clear_hooks(e)
            self.change_hits(e, e.arg(2) + ATTACK_HITS, e.arg(9) != 0, e.arg(6))
            self.change_hits(e, e.arg(2) + DEFEND_HITS, e.arg(8) != 0, e.arg(7))
        e.done()

    def clear_hooks(self, e: RootCore) -> None:
        e.cells[self.o_extra_hits] = 0
        e.cells[self.o_rolled_ignored] = 0
        e.cells[self.o_ambush_ignored] = 0

    def read_hooks(self, e: RootCore, attacker: cython.int, timing: cython.int) -> None:
        """What the card's effect just modified, for its owner's side."""
        if e.arg(5) == attacker:
            if timing == ON_DECLARED:
                e.set_arg(6, e.arg(6) | (e.cells[self.o_ambush_ignored] != 0))
            else:
                e.set_arg(6, e.arg(6) + e.cells[self.o_extra_hits])
            e.set_arg(8, e.arg(8) | (e.cells[self.o_rolled_ignored] != 0))
        else:
            e.set_arg(7, e.arg(7) + e.cells[self.o_extra_hits])
            e.set_arg(9, e.arg(9) | (e.cells[self.o_rolled_ignored] != 0))

    def change_hits(self, e: RootCore, at: cython.int, ignored: cython.bint, extra: cython.int) -> None:
        """A side's hits in the battle's locals: its rolled hits, unless the other side ignores them, and the
        extra hits its cards add (4.3.2.II)."""
        if ignored:
            e.ctl[at] = 0
        e.ctl[at] += extra

    # --- the Daylight's cards ----------------------------------------------------------------------------------

    def card_of(self, step: cython.int) -> cython.int:
        """The card a plan step uses (-1 for the other steps)."""
        return self.step_card[step]

    def can_use(self, e: RootCore, seat: cython.int, step: cython.int) -> cython.bint:
        """A once-in-Daylight card in the seat's play area, not used this turn, whose effect has something to
        choose from: a clearing with as many of the seat's warriors as it removes."""
        k: cython.int = self.step_card[step]
        c: cython.int
        if not self.in_play(e, seat, k) or e.cells[self.o_used + k * self.seats + seat] != 0:
            return False
        if self.card_needs_warriors[k] == 0:
            return True
        for c in range(e.clearings):
            if e.warriors(c, seat) >= self.card_needs_warriors[k]:
                return True
        return False

    def use(self, e: RootCore, step: cython.int) -> None:
        """The step of a once-in-Daylight card runs its effect for the player whose turn it is."""
        k: cython.int = self.step_card[step]
        e.push(EFFECT, e.card_effect[k], e.active(), k)

    def turn_ended(self, e: RootCore, seat: cython.int) -> None:
        """The once-in-Daylight cards may be used again next turn."""
        k: cython.int
        for k in range(e.ncards):
            e.cells[self.o_used + k * self.seats + seat] = 0

    # --- the natives the cards call ----------------------------------------------------------------------------

    def discard_crafted(self, e: RootCore, seat: cython.int, card: cython.int) -> None:
        """The card leaves the play area for the discard pile (2.1.3)."""
        if self.in_play(e, seat, card):
            e.cells[e.o_play_area + seat * e.ncards + card] -= 1
            e.discarded(card, 1)

    def take_random_card(self, e: RootCore, taker: cython.int, victim: cython.int) -> None:
        """A card of the victim's hand at random, each copy alike, to the taker's hand (1.2: hands are hidden)."""
        k: cython.int
        n: cython.int = e.hand_size(victim)
        pick: cython.int
        if n == 0:
            return
        pick = e.roll(n)
        for k in range(e.ncards):
            pick -= e.in_hand(victim, k)
            if pick < 0:
                e.cells[e.o_hand + victim * e.ncards + k] -= 1
                e.cells[e.o_hand + taker * e.ncards + k] += 1
                return

    def look_at_hand(self, e: RootCore, seat: cython.int, other: cython.int) -> None:
        """The seat sees the other's hand as it is now (`seen_hand`, shown to the seat alone)."""
        k: cython.int
        at: cython.int = self.o_seen + seat * e.ncards
        e.cells[self.o_seen_of + seat] = other
        for k in range(e.ncards):
            e.cells[at + k] = e.in_hand(other, k)
