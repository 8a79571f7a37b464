"""The dice (L780-796): every roll of the game, once or as many times as a power lets the player choose among
(Ga'nok), and the natives that roll the attribute die to generate (the Académie, L376; a card's roll, L796)."""

from __future__ import annotations

import cython  # type: ignore[import-untyped]

from .board import VindicationBoard

ROLL = cython.declare(cython.int, 121)
"""The engine's procedure `roll` (tables.py INTERNAL): roll_die below."""
ATTRIBUTE_DIE = cython.declare(cython.int, 0)
MONSTER_DIE = cython.declare(cython.int, 1)
FACE = cython.declare(cython.int, 22)
"""The decision among the faces rolled (Ga'nok)."""
R_DIE_ROLLS = cython.declare(cython.int, 10)
"""The rule hook die_rolls (tables.py RULE_FIELDS)."""
O_ACADEMY_AFTER = cython.declare(cython.int, 3)
F_MAIN_DU_DESTIN = cython.declare(cython.int, 8)
"""A guild favour placement (tables.py FAVOURS): the hand of fate rerolls a die of a fight (L3262)."""
FATE = cython.declare(cython.int, 1000)
"""The option of rerolling with the hand of fate."""
USES = cython.declare(cython.int, 16)
"""Where the kernel counts the uses of each step of the turn (kernel/engine.py)."""


@cython.cclass
class Dice:
    """Rolls; each method is a procedure taking the engine it runs in."""

    def academy_roll(self, e: VindicationBoard) -> None:
        """Académie: roll the attribute die and generate it; without a cube of it, roll once more and generate
        that too (L376; rule option academy_reroll: judged before or after the first cube)."""
        seat: cython.int = e.arg(0)
        a: cython.int
        had: cython.int
        if e.stage() == 0:
            e.goto(1)
            e.push(ROLL, seat, ATTRIBUTE_DIE, 0)
            return
        if e.stage() == 1:
            a = e.result()
            had = e.attr(a, seat)
            e.generate(seat, a, 1)
            if e.option_of(O_ACADEMY_AFTER):
                had = e.attr(a, seat)
            if had == 0:
                e.goto(2)
                e.push(ROLL, seat, ATTRIBUTE_DIE, 0)
                return
            e.done()
            return
        e.generate(seat, e.result(), 1)
        e.done()

    def roll_and_generate(self, e: VindicationBoard) -> None:
        """Roll the attribute die and generate what it shows (L796)."""
        if e.stage() == 0:
            e.goto(1)
            e.push(ROLL, e.arg(0), ATTRIBUTE_DIE, 0)
            return
        e.generate(e.arg(0), e.result(), 1)
        e.done()

    def roll_die(self, e: VindicationBoard) -> None:
        """A die rolled (args: seat, 0 the attribute die or 1 the monster die, 1 if a fight's), the face kept its
        result: rolled once, or as many times as a power of this turn says, the player keeping the result they
        choose (rule hook die_rolls; Ga'nok, L1260); a fight's die once more by the hand of fate, the guild favour
        token placed on the monster defeated (L3262). Local 3: the face first rolled."""
        rolls: cython.int = e.rule(R_DIE_ROLLS)
        i: cython.int
        if e.stage() == 0:
            e.clear_options()
            for i in range(rolls if rolls > 1 else 1):
                e.set_arg(3, self.rolled(e))
                if not e.is_option(e.arg(3)):
                    e.option(e.arg(3))
            if e.arg(2) and self.fate_possible(e):
                e.option(FATE)
            e.goto(1)
            e.ask(FACE, e.arg(0))
            return
        if e.answer() == FATE:
            self.take_fate(e, e.arg(0))
            e.clear_options()
            e.option(e.arg(3))
            i = self.rolled(e)
            if i != e.arg(3):
                e.option(i)
            e.ask(FACE, e.arg(0))
            return
        e.set_result(e.answer())
        e.done()

    def rolled(self, e: VindicationBoard) -> cython.int:
        """A roll of the die of args 1."""
        if e.arg(1) == MONSTER_DIE:
            return e.monster_die[e.roll(e.monster_die_faces)]
        return e.attribute_die[e.roll(e.attribute_die_faces)]

    def fate_possible(self, e: VindicationBoard) -> cython.bint:
        """The hand of fate may be played: the module on, the fourth action not taken this turn, no other reroll
        (not cumulative, L3262)."""
        return e.favour_on[F_MAIN_DU_DESTIN] != 0 and e.ctl[USES + e.favour_step] < e.favour_per_turn \
            and e.rule(R_DIE_ROLLS) <= 1

    def take_fate(self, e: VindicationBoard, seat: cython.int) -> None:
        """The fourth action taken: the token on the monster just defeated (the turn's number stands for it: a
        different monster each turn), acting for this roll only."""
        e.ctl[USES + e.favour_step] += 1
        e.cells[e.k_favour + seat * 3] = F_MAIN_DU_DESTIN + 1
        e.cells[e.k_favour + seat * 3 + 1] = e.turn()
        e.cells[e.k_favour + seat * 3 + 2] = 0
