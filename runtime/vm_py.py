"""The pure-Python effect VM: the readable reference that the compiled VM (`vm.pyx`) must match.

Both run the same bytecode on the same flat arrays and must leave identical states and frames;
the differential tests hold them to it. Values are int32: every result wraps like C's.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence

from .bytecode import (CHOICE_COUNT, CHOICE_KIND, CHOOSER, HEADER, LOCALS_AT, PC, RNG_SLOT, SP, STACK_SIZE,
                       STATUS, STEPS, Op, Status, VMError, wrap_int32)

Native = Callable[["array[int]", list[int]], int]


def next_random(state: array[int], n: int) -> int:
    """xorshift32 on state[RNG_SLOT]; a value in [0, n)."""
    if n <= 0:
        raise VMError(f"cannot roll a number in [0, {n})")
    x = state[RNG_SLOT] & 0xFFFFFFFF
    x ^= (x << 13) & 0xFFFFFFFF
    x ^= x >> 17
    x ^= (x << 5) & 0xFFFFFFFF
    state[RNG_SLOT] = wrap_int32(x)
    return x % n


def _floor_div(a: int, b: int) -> int:
    if b == 0:
        raise VMError("division by zero")
    return wrap_int32(a // b)


def _floor_mod(a: int, b: int) -> int:
    if b == 0:
        raise VMError("division by zero")
    return a % b


BINARY: dict[int, Callable[[int, int], int]] = {
    Op.ADD: lambda a, b: wrap_int32(a + b),
    Op.SUB: lambda a, b: wrap_int32(a - b),
    Op.MUL: lambda a, b: wrap_int32(a * b),
    Op.DIV: _floor_div,
    Op.MOD: _floor_mod,
    Op.MIN: min,
    Op.MAX: max,
    Op.EQ: lambda a, b: int(a == b),
    Op.NE: lambda a, b: int(a != b),
    Op.LT: lambda a, b: int(a < b),
    Op.LE: lambda a, b: int(a <= b),
    Op.GT: lambda a, b: int(a > b),
    Op.GE: lambda a, b: int(a >= b),
}


def run(code: array[int], state: array[int], frame: array[int], tables: array[int], natives: Sequence[Native] = (),
        step_limit: int = 100_000) -> Status:
    """Runs from the frame's program counter until the effect ends or pauses for a choice.

    The code must have passed `bytecode.verify`, as for the compiled VM."""
    if frame[STATUS] == Status.PAUSED:
        raise VMError("the effect is waiting for a choice (provide_choice first)")
    if frame[STATUS] == Status.CALLING:
        raise VMError("the effect is waiting for a procedure (return_from_call first)")
    stack: list[int] = list(frame[HEADER:HEADER + frame[SP]])
    pc = frame[PC]
    steps = frame[STEPS]

    def save(status: Status) -> Status:
        frame[HEADER:HEADER + len(stack)] = array("i", stack)
        frame[SP] = len(stack)
        frame[PC] = pc
        frame[STEPS] = steps
        frame[STATUS] = status
        return status

    def pop() -> int:
        if not stack:
            raise VMError(f"stack underflow at {pc}")
        return stack.pop()

    def push(value: int) -> None:
        if len(stack) >= STACK_SIZE:
            raise VMError(f"stack overflow at {pc}")
        stack.append(value)

    def address(addr: int, size: int, what: str) -> int:
        if not 0 <= addr < size:
            raise VMError(f"{what} address {addr} out of range at {pc}")
        return addr

    while True:
        if steps >= step_limit:
            save(Status.RUNNING)
            raise VMError(f"step limit of {step_limit} reached: a runaway effect?")
        steps += 1
        if not 0 <= pc < len(code):
            raise VMError(f"program counter {pc} outside the code")
        op = code[pc]
        if op == Op.HALT:
            return save(Status.DONE)
        if op == Op.PUSH:
            push(code[pc + 1])
            pc += 2
        elif op == Op.POP:
            pop()
            pc += 1
        elif op == Op.DUP:
            a = pop()
            push(a)
            push(a)
            pc += 1
        elif op == Op.SWAP:
            b = pop()
            a = pop()
            push(b)
            push(a)
            pc += 1
        elif op == Op.LOAD:
            push(state[address(pop(), len(state), "state")])
            pc += 1
        elif op == Op.STORE:
            value = pop()
            state[address(pop(), len(state), "state")] = value
            pc += 1
        elif op == Op.INDEX:
            a = pop()
            if not 0 <= a < code[pc + 1]:
                raise VMError(f"index {a} outside 0..{code[pc + 1] - 1} at {pc}")
            push(a)
            pc += 2
        elif op == Op.LOCAL:
            push(frame[LOCALS_AT + code[pc + 1]])
            pc += 2
        elif op == Op.SET_LOCAL:
            frame[LOCALS_AT + code[pc + 1]] = pop()
            pc += 2
        elif op == Op.TABLE:
            push(tables[address(pop(), len(tables), "table")])
            pc += 1
        elif op in BINARY:
            b = pop()
            a = pop()
            push(BINARY[op](a, b))
            pc += 1
        elif op == Op.NEG:
            push(wrap_int32(-pop()))
            pc += 1
        elif op == Op.NOT:
            push(int(pop() == 0))
            pc += 1
        elif op == Op.JUMP:
            pc = code[pc + 1]
        elif op == Op.JUMP_IF_ZERO:
            pc = code[pc + 1] if pop() == 0 else pc + 2
        elif op == Op.MOVE:
            n, raw_dst, raw_src = pop(), pop(), pop()
            dst = address(raw_dst, len(state), "state")
            src = address(raw_src, len(state), "state")
            moved = max(0, min(n, state[src]))
            state[src] -= moved
            state[dst] = wrap_int32(state[dst] + moved)
            push(moved)
            pc += 1
        elif op == Op.RANDOM:
            push(next_random(state, pop()))
            pc += 1
        elif op == Op.CHOOSE:
            chooser = pop()
            count = pop()
            if not 0 < count <= len(stack):
                raise VMError(f"a choice among {count} options at {pc}")
            pc += 2
            if count > 1:
                frame[CHOICE_KIND] = code[pc - 1]
                frame[CHOICE_COUNT] = count
                frame[CHOOSER] = chooser
                return save(Status.PAUSED)
        elif op == Op.NATIVE:
            native, argc = code[pc + 1], code[pc + 2]
            if not 0 <= native < len(natives):
                raise VMError(f"unknown native {native} at {pc}")
            if natives[native] is None:  # a kernel procedure: the effect waits for its result
                if argc > len(stack):
                    raise VMError(f"stack underflow at {pc}")
                frame[CHOICE_KIND], frame[CHOICE_COUNT] = native, argc
                pc += 3
                save(Status.CALLING)
                return Status.CALLING
            args = [pop() for _ in range(argc)][::-1]
            push(wrap_int32(natives[native](state, args)))
            pc += 3
        elif op == Op.FAIL:
            save(Status.RUNNING)
            raise VMError(f"the effect failed with code {code[pc + 1]} at {pc}")
        else:
            raise VMError(f"unknown opcode {op} at {pc}")
