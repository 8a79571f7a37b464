"""The effect VM: the compiled VM and its pure-Python twin must agree on every program."""

from __future__ import annotations

from array import array

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lawforge.runtime import vm, vm_py
from lawforge.runtime.bytecode import (HEADER, INT32_MAX, INT32_MIN, LOCALS, LOCALS_AT, STACK_SIZE, Op, Status, VMError, disassemble,
                                       live_frame, new_frame, new_state, pending_choice, provide_choice, verify)

VMS = {"python": vm_py.run, "cython": vm.run}
TABLES = array("i", [5, -3, 0, 7, 11, 2])
NATIVES = (lambda state, args: sum(args) + len(state), lambda state, args: state[1] * 3 - len(args))


def program(*parts: int | Op) -> array:
    return array("i", [int(p) for p in parts])


def test_compiled_vm_matches_bytecode_module() -> None:
    stale = "the compiled VM is stale: run .ci/setup to rebuild it"
    assert vm.OPCODES == {op.name: op.value for op in Op}, stale
    assert vm.FRAME == {"HEADER": HEADER, "STACK_SIZE": STACK_SIZE, "LOCALS_AT": LOCALS_AT}, stale


@pytest.mark.parametrize("run", VMS.values(), ids=VMS.keys())
def test_arithmetic_wraps_like_int32(run) -> None:  # type: ignore[no-untyped-def]
    code = program(Op.PUSH, 0, Op.PUSH, INT32_MAX, Op.PUSH, 1, Op.ADD, Op.STORE,
                   Op.PUSH, 1, Op.PUSH, -7, Op.PUSH, 2, Op.DIV, Op.STORE,
                   Op.PUSH, 2, Op.PUSH, INT32_MIN, Op.PUSH, -1, Op.DIV, Op.STORE,
                   Op.PUSH, 3, Op.PUSH, -7, Op.PUSH, 3, Op.MOD, Op.STORE, Op.HALT)
    state = array("i", [0] * 4)
    assert run(code, state, new_frame(), TABLES) is Status.DONE
    assert list(state) == [INT32_MIN, -4, INT32_MIN, 2]


@pytest.mark.parametrize("run", VMS.values(), ids=VMS.keys())
def test_move_clamps_to_what_is_there(run) -> None:  # type: ignore[no-untyped-def]
    state = array("i", [0, 3, 10])
    code = program(Op.PUSH, 1, Op.PUSH, 2, Op.PUSH, 5, Op.MOVE, Op.SET_LOCAL, 0, Op.HALT)
    frame = new_frame()
    run(code, state, frame, TABLES)
    assert list(state) == [0, 0, 13]
    assert live_frame(frame)[2][0] == 3, "the number actually moved"


@pytest.mark.parametrize("run", VMS.values(), ids=VMS.keys())
def test_choice_pauses_and_resumes(run) -> None:  # type: ignore[no-untyped-def]
    code = program(Op.PUSH, 4, Op.PUSH, 6, Op.PUSH, 9, Op.PUSH, 3, Op.PUSH, 1, Op.CHOOSE, 2,
                   Op.PUSH, 0, Op.SWAP, Op.STORE, Op.HALT)
    state = array("i", [0])
    frame = new_frame()
    assert run(code, state, frame, TABLES) is Status.PAUSED
    pending = pending_choice(frame)
    assert pending is not None and (pending.chooser, pending.kind, pending.options) == (1, 2, (4, 6, 9))
    with pytest.raises(VMError, match="waiting for a choice"):
        run(code, state, frame, TABLES)
    with pytest.raises(VMError, match="5 is not one of the options"):
        provide_choice(frame, 5)
    paused = array("i", frame)
    provide_choice(frame, 6)
    assert run(code, state, frame, TABLES) is Status.DONE and state[0] == 6
    provide_choice(paused, 9)
    assert run(code, state, paused, TABLES) is Status.DONE and state[0] == 9, "a copied frame resumes on its own"


@pytest.mark.parametrize("run", VMS.values(), ids=VMS.keys())
def test_single_option_needs_no_decision(run) -> None:  # type: ignore[no-untyped-def]
    code = program(Op.PUSH, 0, Op.PUSH, 7, Op.PUSH, 1, Op.PUSH, 0, Op.CHOOSE, 1, Op.STORE, Op.HALT)
    state = array("i", [0])
    assert run(code, state, new_frame(), TABLES) is Status.DONE and state[0] == 7


@pytest.mark.parametrize("run", VMS.values(), ids=VMS.keys())
def test_runaway_effect_hits_the_step_limit(run) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(VMError, match="step limit of 1000 reached: a runaway effect"):
        run(program(Op.JUMP, 0), array("i", [0]), new_frame(), TABLES, step_limit=1000)


@pytest.mark.parametrize("run", VMS.values(), ids=VMS.keys())
def test_dice_come_from_the_state(run) -> None:  # type: ignore[no-untyped-def]
    code = program(*[x for i in range(1, 6) for x in (Op.PUSH, i, Op.PUSH, 6, Op.RANDOM, Op.STORE)], Op.HALT)
    first, second = new_state(6, seed=42), new_state(6, seed=42)
    run(code, first, new_frame(), TABLES)
    run(code, second, new_frame(), TABLES)
    assert first == second and all(0 <= v < 6 for v in first[1:])
    assert first[1:] != new_state(6, seed=43)[1:]


@pytest.mark.parametrize("run", VMS.values(), ids=VMS.keys())
def test_an_index_outside_its_axis_is_an_error_not_another_cell(run) -> None:  # type: ignore[no-untyped-def]
    for index, fits in ((0, True), (2, True), (3, False), (-1, False)):
        code = program(Op.PUSH, index, Op.INDEX, 3, Op.SET_LOCAL, 0, Op.HALT)
        frame = new_frame()
        if fits:
            assert run(code, array("i", [1]), frame, TABLES) == Status.DONE and live_frame(frame)[2][0] == index
        else:
            with pytest.raises(VMError, match=f"index {index} outside 0..2 at 2"):
                run(code, array("i", [1]), frame, TABLES)


@pytest.mark.parametrize(("code", "message"), [
    ([Op.PUSH, 1, Op.INDEX, 0, Op.HALT], "INDEX at 2 checks against extent 0"),
    ([99], "unknown opcode 99 at 0"),
    ([Op.PUSH], "PUSH at 0 is cut off"),
    ([Op.JUMP, 1, Op.HALT], "jump at 0 to 1, which is not an instruction"),
    ([Op.LOCAL, LOCALS, Op.HALT], f"LOCAL at 0 names local {LOCALS}"),
    ([Op.NATIVE, 2, 0, Op.HALT], "calls native 2 with 0 arguments; the game declares 2 natives"),
])
def test_verify_rejects_malformed_code(code: list[int], message: str) -> None:
    with pytest.raises(VMError, match=message):
        verify(program(*code), natives=2)


def test_disassemble() -> None:
    code = program(Op.PUSH, 3, Op.NATIVE, 0, 1, Op.JUMP_IF_ZERO, 7, Op.HALT)
    assert disassemble(code, {0: "oath.banish"}).splitlines() == [
        "    0 PUSH         3", "    2 NATIVE       0 1  (oath.banish)", "    5 JUMP_IF_ZERO 7", "    7 HALT"]


# Differential testing: random programs, random states, random choices, on both VMs.

VALUES = st.one_of(st.integers(0, 12), st.integers(-3, 3), st.sampled_from([INT32_MIN, INT32_MAX, -1]))
STACK_EFFECT = {Op.POP: 1, Op.DUP: 1, Op.SWAP: 2, Op.LOAD: 1, Op.STORE: 2, Op.LOCAL: 0, Op.SET_LOCAL: 1,
                Op.TABLE: 1, Op.NEG: 1, Op.NOT: 1, Op.JUMP: 0, Op.JUMP_IF_ZERO: 1, Op.MOVE: 3, Op.RANDOM: 1,
                **{op: 2 for op in Op if Op.ADD <= op <= Op.GE and op is not Op.NEG}}
"""Values each opcode pops; the generator pushes enough first, so most programs run to the end."""


@st.composite
def programs(draw: st.DrawFn) -> array:
    """Random programs that mostly keep the stack balanced, with jumps anywhere (loops included)."""
    instructions: list[list[int]] = []
    depth = 0

    def push(value: int) -> None:
        nonlocal depth
        instructions.append([Op.PUSH, value])
        depth += 1

    for _ in range(draw(st.integers(1, 30))):
        op = draw(st.sampled_from([*STACK_EFFECT, Op.PUSH, Op.CHOOSE, Op.NATIVE, Op.FAIL, Op.INDEX]))
        if op is Op.FAIL and draw(st.integers(0, 4)):
            continue
        if op is Op.PUSH:
            push(draw(VALUES))
        elif op is Op.CHOOSE:
            options = draw(st.integers(1, 4))
            for _ in range(options):
                push(draw(VALUES))
            push(options)
            push(draw(st.integers(0, 3)))
            instructions.append([op, draw(st.integers(0, 3))])
            depth -= options + 1
        elif op is Op.NATIVE:
            argc = draw(st.integers(0, 3))
            while depth < argc:
                push(draw(VALUES))
            instructions.append([op, draw(st.integers(0, 1)), argc])
            depth += 1 - argc
        elif op is Op.FAIL:
            instructions.append([op, draw(st.integers(0, 9))])
        elif op is Op.INDEX:
            if depth < 1:
                push(draw(VALUES))
            instructions.append([op, draw(st.integers(1, 12))])
        else:
            while depth < STACK_EFFECT[op]:
                push(draw(VALUES))
            operand = draw(st.integers(0, LOCALS - 1)) if op in (Op.LOCAL, Op.SET_LOCAL) else None
            target = draw(st.integers(0, 10**6)) if op in (Op.JUMP, Op.JUMP_IF_ZERO) else None
            instructions.append([op] + [v for v in (operand, target) if v is not None])
            depth += {Op.POP: -1, Op.DUP: 1, Op.STORE: -2, Op.LOCAL: 1, Op.SET_LOCAL: -1,
                      Op.JUMP_IF_ZERO: -1, Op.MOVE: -2}.get(op, -1 if STACK_EFFECT[op] == 2 and op is not Op.SWAP else 0)
    instructions.append([Op.HALT])
    starts = [sum(len(i) for i in instructions[:k]) for k in range(len(instructions))]
    for instruction in instructions:
        if instruction[0] in (Op.JUMP, Op.JUMP_IF_ZERO):
            instruction[1] = starts[instruction[1] % len(starts)]
    return program(*[x for instruction in instructions for x in instruction])


def _play(run, code: array, state: array, picks: list[int]) -> tuple[object, ...]:  # type: ignore[no-untyped-def]
    frame = new_frame()
    trace: list[object] = []
    for pick in picks + [0]:
        try:
            status = run(code, state, frame, TABLES, NATIVES, step_limit=300)
        except VMError as exc:
            trace.append(("error", str(exc)))
            break
        trace.append((status, live_frame(frame)))
        pending = pending_choice(frame)
        if pending is None:
            break
        provide_choice(frame, pending.options[pick % len(pending.options)])
    return tuple(trace), bytes(state)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(code=programs(), cells=st.lists(st.integers(-5, 30), min_size=1, max_size=12),
       seed=st.integers(1, 2**31 - 1), picks=st.lists(st.integers(0, 50), max_size=4))
def test_both_vms_agree_on_random_programs(code: array, cells: list[int], seed: int, picks: list[int]) -> None:
    verify(code, natives=len(NATIVES))
    base = new_state(len(cells) + 1, seed)
    base[1:] = array("i", cells)
    assert _play(vm_py.run, code, array("i", base), picks) == _play(vm.run, code, array("i", base), picks)


def test_compiled_vm_runs_over_buffers_of_c_ints_and_gives_them_back() -> None:
    """A frame may be a memoryview of a larger array (the shared kernel's); arrays of other items are refused; each
    buffer is released after the run, an error's too, so the arrays can grow again."""
    code = program(Op.PUSH, 0, Op.PUSH, 9, Op.STORE, Op.HALT)
    state, frames = array("i", [0, 0]), array("i", [0] * (2 * len(new_frame())))
    assert vm.run(code, state, memoryview(frames)[len(new_frame()):], TABLES) is Status.DONE and state[0] == 9
    for wrong in (array("d", [0.0] * 4), array("h", [0] * 4)):
        with pytest.raises(ValueError, match="the VM runs over arrays of C ints, not array of other items"):
            vm.run(code, wrong, new_frame(), TABLES)
    with pytest.raises(VMError, match="stack underflow at 0"):
        vm.run(program(Op.POP), state, new_frame(), TABLES)
    for grown in (code, state, TABLES):
        grown.append(0)
        grown.pop()
