"""The shared rules kernel's core: the turn loop, decisions, procedures and random playouts, over flat arrays.

A game in play is two int32 arrays: `cells`, the content's state as the compiler laid it out (the effect VM's
state too, its dice in cell 0), and `ctl`, this kernel's control block: whose turn, which phase and step, the
stack of procedures under way and the decision waiting for an answer. Copying a game is copying the two.

The kernel walks the turn plan (`plan`, built from the content by `plan.py`): the game's setup, then each
seat's turn, phase by phase, through the steps of that seat's role. A step is `once` (taken in order when it is
reached, if it can be) or in a `menu` (the player picks among the steps of the block that can be taken, within
their per-turn limit and the role's budgets, or ends the block). A step runs as a procedure of the game
(`run_procedure`), which may ask decisions and call further procedures.

A decision is a kind, a chooser and a list of option values: those are the legal actions. A decision with one
option is taken without asking. The game subclass says what its procedures do; this class never reads a rule
number: every count it uses comes from the plan or from the game.

The module is Cython's pure-Python mode: `engine.pxd` types it, setup.py compiles it into
`lawforge.runtime._compiled.kernel.engine`, and as Python it is the same rules, slower.
"""

from __future__ import annotations

from array import array
from typing import Any

import cython  # type: ignore[import-untyped]

from lawforge.runtime import bytecode
from lawforge.runtime.bytecode import Status, VMError

if cython.compiled:
    from lawforge.runtime.vm import run as run_vm
else:
    from lawforge.runtime.vm_py import run as run_vm

# The control block: scalars, then the per-turn uses of each step, the budgets, the options and the frames.
PLAYERS = cython.declare(cython.int, 0)
ACTIVE = cython.declare(cython.int, 1)
TURN = cython.declare(cython.int, 2)
STAGE = cython.declare(cython.int, 3)
PHASE = cython.declare(cython.int, 4)
CURSOR = cython.declare(cython.int, 5)
WINNER = cython.declare(cython.int, 6)
VICTORY = cython.declare(cython.int, 7)
KIND = cython.declare(cython.int, 8)
CHOOSER = cython.declare(cython.int, 9)
COUNT = cython.declare(cython.int, 10)
ANSWER = cython.declare(cython.int, 11)
DEPTH = cython.declare(cython.int, 12)
APPLIED = cython.declare(cython.int, 13)
MENU_END = cython.declare(cython.int, 14)
MAX_STEPS = cython.declare(cython.int, 160)
USES = cython.declare(cython.int, 16)
MAX_BUDGETS = cython.declare(cython.int, 8)
BUDGETS = cython.declare(cython.int, 176)
MAX_OPTIONS = cython.declare(cython.int, 1024)
OPTIONS = cython.declare(cython.int, 184)
FRAME = cython.declare(cython.int, 12)
MAX_DEPTH = cython.declare(cython.int, 24)
FRAMES = cython.declare(cython.int, 1208)
SCRATCH = cython.declare(cython.int, 1496)
SCRATCH_SIZE = cython.declare(cython.int, 64)
RESULT = cython.declare(cython.int, 1560)
SPACE = cython.declare(cython.int, 1561)
CTL_SIZE = cython.declare(cython.int, 1568)

# The VM's frame (runtime/bytecode.py), as typed copies.
VM_PC = cython.declare(cython.int, bytecode.PC)
VM_SP = cython.declare(cython.int, bytecode.SP)
VM_STATUS = cython.declare(cython.int, bytecode.STATUS)
VM_CHOICE_KIND = cython.declare(cython.int, bytecode.CHOICE_KIND)
VM_CHOICE_COUNT = cython.declare(cython.int, bytecode.CHOICE_COUNT)
VM_CHOOSER = cython.declare(cython.int, bytecode.CHOOSER)
VM_HEADER = cython.declare(cython.int, bytecode.HEADER)
VM_LOCALS = cython.declare(cython.int, bytecode.LOCALS_AT)
VM_STACK = cython.declare(cython.int, bytecode.STACK_SIZE)
VM_FRAME = cython.declare(cython.int, bytecode.FRAME_SIZE)
VM_RUNNING = cython.declare(cython.int, Status.RUNNING)
VM_DONE = cython.declare(cython.int, Status.DONE)
VM_PAUSED = cython.declare(cython.int, Status.PAUSED)

# Stages of a game, modes of a step, and the kernel's own decision.
SETTING_UP = cython.declare(cython.int, 0)
PLAYING = cython.declare(cython.int, 1)
OVER = cython.declare(cython.int, 2)
ONCE = cython.declare(cython.int, 0)
MENU = cython.declare(cython.int, 1)
NO_DECISION = cython.declare(cython.int, 0)
MENU_DECISION = cython.declare(cython.int, 1)
EFFECT_CHOICE = cython.declare(cython.int, 2)
EFFECT = cython.declare(cython.int, 0)
"""Procedure 0 runs a compiled effect on the VM; a game's own procedures are numbered from 1."""
EFFECT_LEVELS = cython.declare(cython.int, 4)
"""Effects running at once: one waiting for a procedure that runs a card's effect, and so on."""

# The plan: a header, then (start, count) of each role's steps in each phase, then the steps.
P_ROLES = cython.declare(cython.int, 0)
P_PHASES = cython.declare(cython.int, 1)
P_STEPS = cython.declare(cython.int, 2)
P_INDEX = cython.declare(cython.int, 4)
STEP_FIELDS = cython.declare(cython.int, 5)
S_PROCEDURE = cython.declare(cython.int, 0)
S_MODE = cython.declare(cython.int, 1)
S_PER_TURN = cython.declare(cython.int, 2)
S_BUDGET = cython.declare(cython.int, 3)
S_EFFECT = cython.declare(cython.int, 4)

LAYOUT = {"ctl_size": CTL_SIZE, "max_options": MAX_OPTIONS, "max_depth": MAX_DEPTH, "max_steps": MAX_STEPS,
          "max_budgets": MAX_BUDGETS, "frame": FRAME, "scratch": SCRATCH_SIZE, "menu": MENU_DECISION,
          "effect_choice": EFFECT_CHOICE, "effect": EFFECT, "effect_levels": EFFECT_LEVELS, "space": SPACE}
"""What plan.py and the Python API need to know of the layout (the names above are private to compiled code)."""


def xorshift(x: cython.uint) -> cython.uint:
    """The dice of every kernel and VM (xorshift32), in arithmetic that is the same in C and in Python."""
    x = (x ^ (x << 13)) & 0xFFFFFFFF
    x = x ^ (x >> 17)
    return (x ^ (x << 5)) & 0xFFFFFFFF


def as_int32(x: cython.uint) -> cython.int:
    return cython.cast(cython.int, x - 4294967296 if x > 2147483647 else x)


class KernelError(Exception):
    """The game broke one of the kernel's limits (a bug in a game kernel, never a player's mistake)."""


@cython.cclass
class Engine:
    """One game in play. Subclasses implement the game's procedures; `advance` and `apply` drive them."""

    def __init__(self, cells: array[int], ctl: array[int], plan: array[int], vmframe: array[int],
                 tables: Any) -> None:
        """`tables` is the game's read-only data (its map, its cards …), shared by every copy of a game."""
        self.cells_array = cells
        self.ctl_array = ctl
        self.plan_array = plan
        self.vmframe_array = vmframe
        self.tables = tables
        self.cells = cells
        self.ctl = ctl
        self.plan = plan
        self.vmframe = vmframe
        self.natives: Any = None

    # --- the state, as the Python API sees it ---------------------------------------------------------------

    def arrays(self) -> tuple[array[int], array[int], array[int]]:
        """(cells, ctl, vmframe): everything that changes in play."""
        return self.cells_array, self.ctl_array, self.vmframe_array

    def control(self) -> array[int]:
        """The control block as the players at the table follow it: where the game is (whose decision, which step
        and procedure), without the slot that keeps the last answer (a card kept secretly is known by its owner
        alone, not by the answer the engine noted)."""
        followed = array("i", self.ctl_array)
        followed[ANSWER] = -1
        return followed

    def copy(self) -> Engine:
        """Another game in the same position; the two go their own ways."""
        return type(self)(array("i", self.cells_array), array("i", self.ctl_array), self.plan_array,
                          array("i", self.vmframe_array), self.tables)

    def decision(self) -> tuple[int, int, list[int]] | None:
        """(kind, chooser, options) of the decision waiting, or None when the game is over."""
        if self.ctl[STAGE] == OVER:
            return None
        count: cython.int = self.ctl[COUNT]
        return (self.ctl[KIND], self.ctl[CHOOSER],
                [self.ctl[OPTIONS + i] for i in range(count)])

    def over(self) -> cython.bint:
        return self.ctl[STAGE] == OVER

    def winner(self) -> cython.int:
        return self.ctl[WINNER]

    def won(self, seat: cython.int) -> cython.bint:
        """The seat is among the winners of a game that is over (a game may let a seat share a win)."""
        return self.ctl[STAGE] == OVER and seat == self.ctl[WINNER]

    def victory(self) -> cython.int:
        return self.ctl[VICTORY]

    def active(self) -> cython.int:
        return self.ctl[ACTIVE]

    def players(self) -> cython.int:
        return self.ctl[PLAYERS]

    def turn(self) -> cython.int:
        return self.ctl[TURN]

    def phase(self) -> cython.int:
        return self.ctl[PHASE]

    def applied(self) -> cython.int:
        return self.ctl[APPLIED]

    def is_option(self, action: cython.int) -> cython.bint:
        i: cython.int
        if self.ctl[STAGE] == OVER:
            return False
        for i in range(self.ctl[COUNT]):
            if self.ctl[OPTIONS + i] == action:
                return True
        return False

    # --- driving the game ---------------------------------------------------------------------------------------

    def start(self, players: cython.int, first: cython.int) -> None:
        """A new game: the control block cleared, the game's setup pushed, run to the first decision."""
        i: cython.int
        for i in range(CTL_SIZE):
            self.ctl[i] = 0
        self.ctl[PLAYERS] = players
        self.ctl[ACTIVE] = first
        self.ctl[WINNER] = -1
        self.ctl[VICTORY] = -1
        self.ctl[STAGE] = SETTING_UP
        self.begin_setup()
        self.advance()

    def apply(self, action: cython.int) -> None:
        """Answers the decision waiting with `action` (the caller checked it is an option), then runs on."""
        kind: cython.int = self.ctl[KIND]
        self.ctl[KIND] = NO_DECISION
        self.ctl[COUNT] = 0
        self.ctl[APPLIED] += 1
        if kind == MENU_DECISION:
            self.take_menu_step(action)
        else:
            self.ctl[ANSWER] = action
            self.answered(kind, action)
        self.advance()

    def advance(self) -> None:
        """Runs procedures and the turn plan until someone must decide or the game is over."""
        while self.ctl[STAGE] != OVER:
            if self.ctl[COUNT] == 1:  # a forced move: taken without asking
                self.apply_forced()
                continue
            if self.ctl[KIND] != NO_DECISION:
                return
            if self.ctl[DEPTH] > 0:
                if self.ctl[FRAMES + (self.ctl[DEPTH] - 1) * FRAME] == EFFECT:
                    self.run_effect()
                else:
                    self.run_procedure(self.ctl[FRAMES + (self.ctl[DEPTH] - 1) * FRAME])
            elif self.ctl[STAGE] == SETTING_UP:
                self.ctl[STAGE] = PLAYING
                self.begin_turn(self.ctl[ACTIVE])
            else:
                self.next_step()

    def apply_forced(self) -> None:
        kind: cython.int = self.ctl[KIND]
        action: cython.int = self.ctl[OPTIONS]
        self.ctl[KIND] = NO_DECISION
        self.ctl[COUNT] = 0
        if kind == MENU_DECISION:
            self.take_menu_step(action)
        else:
            self.ctl[ANSWER] = action
            self.answered(kind, action)

    def playout(self, seed: cython.uint, max_actions: cython.long) -> cython.long:
        """Random legal actions to the end of the game (or `max_actions`), with dice of its own; returns how
        many it took. The whole loop is compiled code: no Python object per step."""
        x: cython.uint = seed if seed != 0 else 0x9E3779B9
        taken: cython.long = 0
        count: cython.int
        while self.ctl[STAGE] != OVER and taken < max_actions:
            count = self.ctl[COUNT]
            if count <= 0:
                raise KernelError("the game waits for a decision with no options")
            x = xorshift(x)
            self.apply(self.ctl[OPTIONS + cython.cast(cython.int, x % cython.cast(cython.uint, count))])
            taken += 1
        return taken

    # --- the turn plan -----------------------------------------------------------------------------------------

    def begin_turn(self, seat: cython.int) -> None:
        i: cython.int
        self.ctl[ACTIVE] = seat
        self.ctl[TURN] += 1
        self.ctl[PHASE] = 0
        self.ctl[CURSOR] = 0
        for i in range(MAX_STEPS):
            self.ctl[USES + i] = 0
        for i in range(MAX_BUDGETS):
            self.ctl[BUDGETS + i] = self.plan[self.budgets_of(self.role_of(seat)) + i] + self.turn_budget(seat, i)
        self.turn_started(seat)

    def steps_of(self, role: cython.int, phase: cython.int) -> cython.int:
        """Index in the plan of (start, count) of a role's steps in a phase."""
        return P_INDEX + 2 * (role * self.plan[P_PHASES] + phase)

    def next_step(self) -> None:
        seat: cython.int = self.ctl[ACTIVE]
        at: cython.int = self.steps_of(self.role_of(seat), self.ctl[PHASE])
        start: cython.int = self.plan[at]
        count: cython.int = self.plan[at + 1]
        cursor: cython.int = self.ctl[CURSOR]
        step: cython.int
        end: cython.int
        if cursor >= count:
            self.phase_ended(seat, self.ctl[PHASE])
            if self.ctl[STAGE] == OVER:
                return
            self.ctl[PHASE] += 1
            self.ctl[CURSOR] = 0
            if self.ctl[PHASE] >= self.plan[P_PHASES]:
                self.turn_ended(seat)
                if self.ctl[STAGE] != OVER:
                    self.begin_turn(self.next_seat(seat))
            else:
                self.phase_started(seat, self.ctl[PHASE])
            return
        step = start + cursor
        if self.step_field(step, S_MODE) == ONCE:
            self.ctl[CURSOR] = cursor + 1
            if self.can_take(seat, step):
                self.take(step)
            return
        end = cursor
        while end < count and self.step_field(start + end, S_MODE) == MENU:
            end += 1
        self.ctl[MENU_END] = end
        self.clear_options()
        for step in range(start + cursor, start + end):
            if self.available(seat, step):
                self.option(step)
        self.option(self.plan[P_STEPS])  # ends the block
        self.ask(MENU_DECISION, seat)

    def step_field(self, step: cython.int, field: cython.int) -> cython.int:
        return self.plan[self.steps_of(self.plan[P_ROLES], 0) + step * STEP_FIELDS + field]

    def budgets_of(self, role: cython.int) -> cython.int:
        """Index in the plan of a role's budgets at the start of a turn."""
        return self.steps_of(self.plan[P_ROLES], 0) + self.plan[P_STEPS] * STEP_FIELDS + role * MAX_BUDGETS

    def available(self, seat: cython.int, step: cython.int) -> cython.bint:
        """A menu step can be taken: within its limit and budget, and the game says it can be done."""
        limit: cython.int = self.step_field(step, S_PER_TURN)
        budget: cython.int = self.step_field(step, S_BUDGET)
        if limit > 0 and self.ctl[USES + step] >= limit:
            return False
        if budget >= 0 and self.ctl[BUDGETS + budget] <= 0:
            return False
        return self.can_take(seat, step)

    def take_menu_step(self, step: cython.int) -> None:
        if step == self.plan[P_STEPS]:
            self.ctl[CURSOR] = self.ctl[MENU_END]
            return
        budget: cython.int = self.step_field(step, S_BUDGET)
        if budget >= 0:
            self.ctl[BUDGETS + budget] -= 1
        self.take(step)

    def take(self, step: cython.int) -> None:
        effect: cython.int = self.step_field(step, S_EFFECT)
        self.ctl[USES + step] += 1
        if effect >= 0:
            self.push(EFFECT, effect, self.ctl[ACTIVE], 0)
        else:
            self.push(self.step_field(step, S_PROCEDURE), self.ctl[ACTIVE], 0, 0)

    def uses(self, step: cython.int) -> cython.int:
        return self.ctl[USES + step]

    def budget(self, index: cython.int) -> cython.int:
        return self.ctl[BUDGETS + index]

    def add_budget(self, index: cython.int, n: cython.int) -> None:
        self.ctl[BUDGETS + index] += n

    def finish(self, winner: cython.int, victory: cython.int) -> None:
        """The game is over: `winner` won (-1: nobody) in the way the game numbers `victory`. The procedures under
        way keep their frames (one may still be finishing its step as the game ends); none runs again."""
        self.ctl[STAGE] = OVER
        self.ctl[WINNER] = winner
        self.ctl[VICTORY] = victory
        self.ctl[KIND] = NO_DECISION
        self.ctl[COUNT] = 0

    # --- procedures --------------------------------------------------------------------------------------------

    def push(self, procedure: cython.int, a: cython.int, b: cython.int, c: cython.int) -> None:
        """Calls a procedure: it runs next, and the caller resumes once it returns (`done`)."""
        depth: cython.int = self.ctl[DEPTH]
        base: cython.int = FRAMES + depth * FRAME
        i: cython.int
        if depth >= MAX_DEPTH:
            raise KernelError(f"procedures nested deeper than {MAX_DEPTH}")
        self.ctl[base] = procedure
        self.ctl[base + 1] = 0
        self.ctl[base + 2] = a
        self.ctl[base + 3] = b
        self.ctl[base + 4] = c
        for i in range(5, FRAME):
            self.ctl[base + i] = 0
        self.ctl[DEPTH] = depth + 1

    def defer(self, procedure: cython.int, a: cython.int, b: cython.int, c: cython.int) -> None:
        """Calls a procedure once the running one returns, before its caller resumes: what a rule triggers in the
        middle of a procedure (a piece removed while hits are dealt) runs without taking over that procedure."""
        depth: cython.int = self.ctl[DEPTH]
        base: cython.int
        i: cython.int
        if depth == 0:
            self.push(procedure, a, b, c)
            return
        if depth >= MAX_DEPTH:
            raise KernelError(f"procedures nested deeper than {MAX_DEPTH}")
        base = FRAMES + (depth - 1) * FRAME
        for i in range(FRAME):
            self.ctl[base + FRAME + i] = self.ctl[base + i]
        self.ctl[base] = procedure
        self.ctl[base + 1] = 0
        self.ctl[base + 2] = a
        self.ctl[base + 3] = b
        self.ctl[base + 4] = c
        for i in range(5, FRAME):
            self.ctl[base + i] = 0
        self.ctl[DEPTH] = depth + 1

    def done(self) -> None:
        """The running procedure returns."""
        if self.ctl[DEPTH] <= 0:
            raise KernelError("a procedure returned with none running")
        self.ctl[DEPTH] -= 1

    def frame(self) -> cython.int:
        return FRAMES + (self.ctl[DEPTH] - 1) * FRAME

    def stage(self) -> cython.int:
        """Where the running procedure is (0 when it starts)."""
        return self.ctl[self.frame() + 1]

    def goto(self, stage: cython.int) -> None:
        self.ctl[self.frame() + 1] = stage

    def arg(self, i: cython.int) -> cython.int:
        """The running procedure's locals: 0-2 are its arguments, 3-9 free."""
        return self.ctl[self.frame() + 2 + i]

    def returned_arg(self, i: cython.int) -> cython.int:
        """The locals of the procedure that returned last: `done` leaves its frame above the running one's until
        another procedure is called."""
        return self.ctl[self.frame() + FRAME + 2 + i]

    def set_arg(self, i: cython.int, value: cython.int) -> None:
        self.ctl[self.frame() + 2 + i] = value

    def answer(self) -> cython.int:
        return self.ctl[ANSWER]

    def roll(self, n: cython.int) -> cython.int:
        """A number in [0, n) from the state's own dice (cell 0, as the VMs roll), so a copy rolls the same."""
        x: cython.uint = xorshift(self.cells[0] & 0xFFFFFFFF)
        self.cells[0] = as_int32(x)
        return cython.cast(cython.int, x % cython.cast(cython.uint, n))

    def top(self) -> tuple[int, int, list[int]] | None:
        """(procedure, stage, locals) of the procedure that runs now, or None: what a decision is about."""
        if self.ctl[DEPTH] == 0:
            return None
        base: cython.int = self.frame()
        return self.ctl[base], self.ctl[base + 1], [self.ctl[base + 2 + i] for i in range(FRAME - 2)]

    def step_of_menu(self, step: cython.int) -> cython.int:
        """The procedure of a plan step (for describing a menu's options); -1 for the option that ends it."""
        if step >= self.plan[P_STEPS]:
            return -1
        return self.step_field(step, S_PROCEDURE)

    def scratch(self, i: cython.int) -> cython.int:
        return self.ctl[SCRATCH + i]

    def set_scratch(self, i: cython.int, value: cython.int) -> None:
        self.ctl[SCRATCH + i] = value

    # --- decisions ---------------------------------------------------------------------------------------------

    def clear_options(self) -> None:
        self.ctl[COUNT] = 0

    def option(self, value: cython.int) -> None:
        count: cython.int = self.ctl[COUNT]
        if count >= MAX_OPTIONS:
            raise KernelError(f"a decision with more than {MAX_OPTIONS} options")
        self.ctl[OPTIONS + count] = value
        self.ctl[COUNT] = count + 1

    def options(self) -> cython.int:
        return self.ctl[COUNT]

    def ask(self, kind: cython.int, chooser: cython.int) -> None:
        """Stops for a decision among the options given; with none, the game is stuck (a kernel bug)."""
        if self.ctl[COUNT] == 0:
            raise KernelError(f"decision {kind} for seat {chooser} has no options")
        self.ctl[KIND] = kind
        self.ctl[CHOOSER] = chooser

    # --- effects on the VM ------------------------------------------------------------------------------------

    def run_effect(self) -> None:
        """Procedure 0 (args: entry, actor, the card it belongs to): runs a compiled effect. Its choices become
        decisions (kind EFFECT_CHOICE), and a native it calls that is a procedure of the game runs as one, the
        effect waiting for its result."""
        stage: cython.int = self.stage()
        level: cython.int
        base: cython.int
        status: cython.int
        if stage == 0:
            level = self.effect_level()
            base = level * VM_FRAME
            self.clear_frame(base)
            self.vmframe[base + VM_PC] = self.arg(0)
            self.vmframe[base + VM_LOCALS] = self.arg(1)
            self.vmframe[base + VM_LOCALS + 1] = self.arg(2)
            self.set_arg(3, level)
        level = self.arg(3)
        base = level * VM_FRAME
        if stage == 2:
            self.answer_vm(base, self.ctl[ANSWER])
        elif stage == 3:
            self.answer_vm(base, self.ctl[RESULT])
        if self.natives is None:
            self.natives = self.vm_natives()  # the engine's own natives, bound to it: made once per copy
        frame: Any = memoryview(self.vmframe_array)[base:base + VM_FRAME]
        status = run_vm(self.tables.code, self.cells_array, frame, self.tables.data, self.natives)
        self.clear_stack_above(base)
        if status == VM_DONE:
            self.clear_frame(base)
            self.done()
            self.effect_done()
        elif status == VM_PAUSED:
            self.goto(2)
            self.ctl[SPACE] = self.vmframe[base + VM_CHOICE_KIND]
            self.clear_options()
            top: cython.int = base + VM_HEADER + self.vmframe[base + VM_SP]
            i: cython.int
            for i in range(top - self.vmframe[base + VM_CHOICE_COUNT], top):
                if self.effect_option_open(self.vmframe[base + VM_PC], self.vmframe[base + VM_LOCALS],
                                           self.vmframe[i]):
                    self.option(self.vmframe[i])
            self.ask(EFFECT_CHOICE, self.vmframe[base + VM_CHOOSER])
        else:
            self.goto(3)
            self.ctl[RESULT] = 0
            self.call_native(self.vmframe[base + VM_CHOICE_KIND], base)

    def effect_level(self) -> cython.int:
        """How many effects below the one starting are waiting (each has a VM frame of its own)."""
        level: cython.int = 0
        i: cython.int
        for i in range(self.ctl[DEPTH] - 1):
            if self.ctl[FRAMES + i * FRAME] == EFFECT:
                level += 1
        if level >= EFFECT_LEVELS:
            raise KernelError(f"effects nested deeper than {EFFECT_LEVELS}")
        return level

    def clear_frame(self, base: cython.int) -> None:
        i: cython.int
        for i in range(VM_FRAME):
            self.vmframe[base + i] = 0

    def clear_stack_above(self, base: cython.int) -> None:
        """Zeroes the stack slots above the top: the two VMs leave different leftovers there, and a game's state
        (its hash, a replay's) must not depend on which one ran."""
        i: cython.int
        for i in range(base + VM_HEADER + self.vmframe[base + VM_SP], base + VM_LOCALS):
            self.vmframe[i] = 0

    def answer_vm(self, base: cython.int, value: cython.int) -> None:
        """The value a paused effect waited for (a choice, a procedure's result) replaces what is on its stack."""
        waiting: cython.int = self.vmframe[base + VM_CHOICE_COUNT]
        self.vmframe[base + VM_SP] -= waiting
        self.vmframe[base + VM_HEADER + self.vmframe[base + VM_SP]] = value
        self.vmframe[base + VM_SP] += 1
        self.vmframe[base + VM_STATUS] = VM_RUNNING
        self.vmframe[base + VM_CHOICE_COUNT] = 0

    def call_native(self, native: cython.int, base: cython.int) -> None:
        """Runs the game's procedure for a native an effect called; its arguments are on the effect's stack."""
        argc: cython.int = self.vmframe[base + VM_CHOICE_COUNT]
        top: cython.int = base + VM_HEADER + self.vmframe[base + VM_SP]
        a: cython.int = self.vmframe[top - argc] if argc > 0 else 0
        b: cython.int = self.vmframe[top - argc + 1] if argc > 1 else 0
        c: cython.int = self.vmframe[top - argc + 2] if argc > 2 else 0
        if argc > 3:
            raise VMError(f"native {native} takes {argc} arguments; a procedure takes at most 3")
        self.push(self.native_procedure(native), a, b, c)

    def result(self) -> cython.int:
        """What the last procedure set as its result."""
        return self.ctl[RESULT]

    def end_phase(self) -> None:
        """The rest of the phase's steps are skipped (an Eyrie turmoil ends their Daylight)."""
        self.ctl[CURSOR] = MAX_STEPS

    def set_result(self, value: cython.int) -> None:
        """What the running procedure returns to the effect that called it."""
        self.ctl[RESULT] = value

    def space(self) -> cython.int:
        """The entity space of an effect's choice (0: a plain number), for describing its options."""
        return self.ctl[SPACE]

    # --- what a game says ----------------------------------------------------------------------------------------

    def begin_setup(self) -> None:
        """Pushes the game's setup procedures; the first turn starts once they are done."""

    def role_of(self, seat: cython.int) -> cython.int:
        return 0

    def next_seat(self, seat: cython.int) -> cython.int:
        return (seat + 1) % self.ctl[PLAYERS]

    def turn_budget(self, seat: cython.int, budget: cython.int) -> cython.int:
        return 0

    def turn_started(self, seat: cython.int) -> None:
        """Start of a turn: a win checked at its start is checked here."""

    def phase_started(self, seat: cython.int, phase: cython.int) -> None:
        pass

    def phase_ended(self, seat: cython.int, phase: cython.int) -> None:
        pass

    def turn_ended(self, seat: cython.int) -> None:
        pass

    def can_take(self, seat: cython.int, step: cython.int) -> cython.bint:
        return True

    def effect_option_open(self, pc: cython.int, actor: cython.int, value: cython.int) -> cython.bint:
        """Whether `value` is a legal answer to the choice an effect of `actor` asks at `pc` (its program counter
        there): a game leaves out an answer its rules forbid, such as a way of paying the player cannot pay."""
        return True

    def run_procedure(self, procedure: cython.int) -> None:
        raise KernelError(f"no procedure {procedure}")

    def answered(self, kind: cython.int, action: cython.int) -> None:
        """A decision was answered; the procedure (or effect) that asked reads `answer()` when it resumes."""

    def effect_done(self) -> None:
        """An effect ran to its end: what it wrote to the state directly (a score) may end the game."""

    def vm_natives(self) -> Any:
        """The natives of the game's effects in the bytecode's order: a callable for those that answer at once,
        None for the procedures (`native_procedure`)."""
        return ()

    def native_procedure(self, native: cython.int) -> cython.int:
        raise KernelError(f"native {native} is not a procedure of this game")
