"""The effect bytecode: opcodes, the flat frame both VMs run on, choices, and a disassembler.

A program is a flat int32 array: an opcode followed by its immediate operands. The VM is a stack
machine over int32 values; it reads and writes the game state (a flat int32 array laid out by
the compiler), reads the game's constant tables, and keeps everything else (program counter,
stack, locals, a pending decision) in a *frame*, itself a flat int32 array[int], so that pausing for a
player's choice and copying a paused effect are both plain buffer copies.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from enum import IntEnum


class Op(IntEnum):
    """Opcodes. The comment gives the stack before → after; `imm` are operands in the code."""

    HALT = 0  # → ; the effect is done
    PUSH = 1  # imm value: → value
    POP = 2  # a →
    DUP = 3  # a → a a
    SWAP = 4  # a b → b a
    LOAD = 5  # addr → state[addr]
    STORE = 6  # addr value → ; state[addr] = value
    LOCAL = 7  # imm i: → locals[i]
    SET_LOCAL = 8  # imm i: value → ; locals[i] = value
    TABLE = 9  # index → tables[index]  (the game's constant tables)
    ADD = 10  # a b → a+b
    SUB = 11  # a b → a-b
    MUL = 12  # a b → a*b
    DIV = 13  # a b → floor(a/b); b == 0 is an error
    MOD = 14  # a b → a mod b (sign of b); b == 0 is an error
    MIN = 15  # a b → min
    MAX = 16  # a b → max
    NEG = 17  # a → -a
    EQ = 18  # a b → a==b
    NE = 19
    LT = 20
    LE = 21
    GT = 22
    GE = 23
    NOT = 24  # a → (a == 0)
    JUMP = 25  # imm target: → ; pc = target
    JUMP_IF_ZERO = 26  # imm target: a → ; if a == 0: pc = target
    MOVE = 27  # src dst n → moved ; moved = clamp(n, 0, state[src]); state[src] -= moved; state[dst] += moved
    RANDOM = 28  # n → r, uniform in [0, n) from the state's RNG; n <= 0 is an error
    CHOOSE = 29  # imm kind: options... count chooser → choice ; pauses for a decision
    NATIVE = 30  # imm id, imm argc: args... → result ; a named procedure of the game's kernel
    FAIL = 31  # imm code: → ; stops the effect with an error
    INDEX = 32  # imm extent: a → a ; an error unless 0 <= a < extent (a field's or table's index on one axis)


ARITY: dict[Op, int] = {Op.PUSH: 1, Op.LOCAL: 1, Op.SET_LOCAL: 1, Op.JUMP: 1, Op.JUMP_IF_ZERO: 1,
                        Op.CHOOSE: 1, Op.NATIVE: 2, Op.FAIL: 1, Op.INDEX: 1}
"""Immediate operands per opcode (the others have none)."""


class Status(IntEnum):
    RUNNING = 0
    DONE = 1
    PAUSED = 2
    """Waiting for a choice: see `pending_choice`, answer with `provide_choice`."""
    CALLING = 3
    """Waiting for a procedure of the kernel (a native given as None): see `pending_call`, answer with
    `return_from_call`. A procedure may ask players decisions of its own while the effect waits."""


DONE, PAUSED, CALLING = Status.DONE, Status.PAUSED, Status.CALLING
"""The statuses a run ends with, as module names: on Python 3.11 an enum's attribute is looked up through its
metaclass, and the compiled VM and the kernels return and test them thousands of times a game."""


# Frame layout: a header, then the stack, then the locals.
PC, SP, STEPS, STATUS, CHOICE_KIND, CHOICE_COUNT, CHOOSER = range(7)
HEADER = 7
STACK_SIZE = 256
LOCALS = 32
FRAME_SIZE = HEADER + STACK_SIZE + LOCALS
LOCALS_AT = HEADER + STACK_SIZE

RNG_SLOT = 0
"""state[0] holds the xorshift32 RNG state (never 0), so copying a state copies its dice too."""

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1


class VMError(Exception):
    """An effect went wrong at run time: a runaway loop, a bad choice, a division by zero."""


def new_frame(entry: int = 0) -> array[int]:
    frame = array("i", bytes(4 * FRAME_SIZE))
    frame[PC] = entry
    return frame


def new_state(size: int, seed: int) -> array[int]:
    state = array("i", bytes(4 * max(size, 1)))
    state[RNG_SLOT] = wrap_int32(seed) or 0x2545F491
    return state


def wrap_int32(value: int) -> int:
    return ((value - INT32_MIN) & 0xFFFFFFFF) + INT32_MIN


def live_frame(frame: array[int]) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Header, live stack and locals: what two frames must agree on (stack slots above SP are junk)."""
    return tuple(frame[:HEADER]), tuple(frame[HEADER:HEADER + frame[SP]]), tuple(frame[LOCALS_AT:])


@dataclass(frozen=True)
class PendingChoice:
    chooser: int
    kind: int
    """What the options are (an entity kind number of the game; 0 = a plain number)."""
    options: tuple[int, ...]


def pending_choice(frame: array[int]) -> PendingChoice | None:
    if frame[STATUS] != Status.PAUSED:
        return None
    count = frame[CHOICE_COUNT]
    top = HEADER + frame[SP]
    return PendingChoice(frame[CHOOSER], frame[CHOICE_KIND], tuple(frame[top - count:top]))


def provide_choice(frame: array[int], value: int) -> None:
    """Answers the pending choice; the VM's next run continues with `value` on the stack."""
    pending = pending_choice(frame)
    if pending is None:
        raise VMError("the effect is not waiting for a choice")
    if value not in pending.options:
        raise VMError(f"{value} is not one of the options {list(pending.options)}")
    frame[SP] -= len(pending.options)
    frame[HEADER + frame[SP]] = value
    frame[SP] += 1
    frame[STATUS] = Status.RUNNING
    frame[CHOICE_COUNT] = 0


@dataclass(frozen=True)
class PendingCall:
    native: int
    args: tuple[int, ...]


def pending_call(frame: array[int]) -> PendingCall | None:
    if frame[STATUS] != Status.CALLING:
        return None
    argc = frame[CHOICE_COUNT]
    top = HEADER + frame[SP]
    return PendingCall(frame[CHOICE_KIND], tuple(frame[top - argc:top]))


def return_from_call(frame: array[int], value: int) -> None:
    """The kernel's procedure returned `value`: it replaces the call's arguments on the stack."""
    call = pending_call(frame)
    if call is None:
        raise VMError("the effect is not waiting for a procedure")
    frame[SP] -= len(call.args)
    frame[HEADER + frame[SP]] = wrap_int32(value)
    frame[SP] += 1
    frame[STATUS] = Status.RUNNING
    frame[CHOICE_COUNT] = 0


def verify(code: array[int] | list[int], natives: int = 0) -> None:
    """Checks what the VMs take on trust: known opcodes, whole operands, jumps to instructions.

    Like a class-file verifier: run once when a program is loaded, not on every step."""
    starts: set[int] = set()
    targets: list[tuple[int, int]] = []
    pc = 0
    while pc < len(code):
        starts.add(pc)
        try:
            op = Op(code[pc])
        except ValueError:
            raise VMError(f"unknown opcode {code[pc]} at {pc}") from None
        width = ARITY.get(op, 0)
        if pc + width >= len(code):
            raise VMError(f"{op.name} at {pc} is cut off")
        operand = code[pc + 1] if width else 0
        if op in (Op.JUMP, Op.JUMP_IF_ZERO):
            targets.append((pc, operand))
        elif op in (Op.LOCAL, Op.SET_LOCAL) and not 0 <= operand < LOCALS:
            raise VMError(f"{op.name} at {pc} names local {operand}; there are {LOCALS}")
        elif op is Op.INDEX and operand <= 0:
            raise VMError(f"INDEX at {pc} checks against extent {operand}")
        elif op is Op.NATIVE and not (0 <= operand < natives and code[pc + 2] >= 0):
            raise VMError(f"NATIVE at {pc} calls native {operand} with {code[pc + 2]} arguments; "
                          f"the game declares {natives} natives")
        pc += 1 + width
    for at, target in targets:
        if target not in starts:
            raise VMError(f"jump at {at} to {target}, which is not an instruction")


def disassemble(code: array[int] | list[int], names: dict[int, str] | None = None) -> str:
    """One line per instruction, like `dis`: address, opcode, operands (native names if given)."""
    lines = []
    pc = 0
    while pc < len(code):
        op = Op(code[pc])
        operands = list(code[pc + 1:pc + 1 + ARITY.get(op, 0)])
        text = f"{pc:5d} {op.name:<13}" + " ".join(str(v) for v in operands)
        if op is Op.NATIVE and names and operands[0] in names:
            text += f"  ({names[operands[0]]})"
        lines.append(text.rstrip())
        pc += 1 + len(operands)
    return "\n".join(lines)
