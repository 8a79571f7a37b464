# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled effect VM: the same machine as `vm_py.py`, over the flat arrays' buffers as C arrays of ints.

Keep the two in step: the differential tests run every program on both and compare the bytes.
"""

from cpython.buffer cimport PyBUF_C_CONTIGUOUS, PyBUF_FORMAT, PyBUF_WRITABLE, PyBuffer_Release, PyObject_GetBuffer
from libc.stdint cimport int32_t, int64_t, uint32_t

from .bytecode import CALLING, DONE, PAUSED, VMError

cdef enum:
    HALT = 0
    PUSH = 1
    POP = 2
    DUP = 3
    SWAP = 4
    LOAD = 5
    STORE = 6
    LOCAL = 7
    SET_LOCAL = 8
    TABLE = 9
    ADD = 10
    SUB = 11
    MUL = 12
    DIV = 13
    MOD = 14
    MIN = 15
    MAX = 16
    NEG = 17
    EQ = 18
    NE = 19
    LT = 20
    LE = 21
    GT = 22
    GE = 23
    NOT = 24
    JUMP = 25
    JUMP_IF_ZERO = 26
    MOVE = 27
    RANDOM = 28
    CHOOSE = 29
    NATIVE = 30
    FAIL = 31
    INDEX = 32

cdef enum:
    F_PC = 0
    F_SP = 1
    F_STEPS = 2
    F_STATUS = 3
    F_CHOICE_KIND = 4
    F_CHOICE_COUNT = 5
    F_CHOOSER = 6
    HEADER = 7
    STACK_SIZE = 256
    LOCALS_AT = HEADER + STACK_SIZE
    RNG_SLOT = 0

OPCODES = {name: value for name, value in (
    ("HALT", HALT), ("PUSH", PUSH), ("POP", POP), ("DUP", DUP), ("SWAP", SWAP), ("LOAD", LOAD),
    ("STORE", STORE), ("LOCAL", LOCAL), ("SET_LOCAL", SET_LOCAL), ("TABLE", TABLE), ("ADD", ADD),
    ("SUB", SUB), ("MUL", MUL), ("DIV", DIV), ("MOD", MOD), ("MIN", MIN), ("MAX", MAX), ("NEG", NEG),
    ("EQ", EQ), ("NE", NE), ("LT", LT), ("LE", LE), ("GT", GT), ("GE", GE), ("NOT", NOT),
    ("JUMP", JUMP), ("JUMP_IF_ZERO", JUMP_IF_ZERO), ("MOVE", MOVE), ("RANDOM", RANDOM),
    ("CHOOSE", CHOOSE), ("NATIVE", NATIVE), ("FAIL", FAIL), ("INDEX", INDEX))}
"""Checked against `bytecode.Op` by the tests."""
FRAME = {"HEADER": HEADER, "STACK_SIZE": STACK_SIZE, "LOCALS_AT": LOCALS_AT}
"""Checked against `bytecode` by the tests (a stale build of this module fails them)."""


cdef int POPS[INDEX + 1]
"""How many values each opcode pops: the stack is checked for them before it runs (a switch on the opcode then picks
its code)."""


cdef void _count_pops() noexcept:
    cdef int op
    for op in range(INDEX + 1):
        if op == MOVE:
            POPS[op] = 3
        elif op == SWAP or op == STORE or op == CHOOSE or ADD <= op <= GE and op != NEG:
            POPS[op] = 2
        elif op == POP or op == LOAD or op == NEG or op == NOT or op == TABLE or op == RANDOM or op == JUMP_IF_ZERO \
                or op == SET_LOCAL or op == DUP or op == INDEX:
            POPS[op] = 1


_count_pops()


cdef inline int32_t wrap(int64_t value) noexcept nogil:
    return <int32_t><uint32_t>value


cdef inline int64_t floor_div(int64_t a, int64_t b) noexcept nogil:
    cdef int64_t q = a / b
    if (a % b != 0) and ((a < 0) != (b < 0)):
        q -= 1
    return q


cdef inline int64_t floor_mod(int64_t a, int64_t b) noexcept nogil:
    cdef int64_t r = a % b
    if r != 0 and ((r < 0) != (b < 0)):
        r += b
    return r


cdef inline int32_t next_random(int *state, int32_t n):
    cdef uint32_t x = <uint32_t>state[RNG_SLOT]
    x ^= x << 13
    x ^= x >> 17
    x ^= x << 5
    state[RNG_SLOT] = <int32_t>x
    return <int32_t>(x % <uint32_t>n)


def run(code, state, frame, tables, natives=(), long step_limit=100_000):
    """Runs from the frame's program counter until the effect ends or pauses for a choice.

    The code must have passed `bytecode.verify` (operands and local numbers are not checked here). Each array is
    any writable buffer of C ints (an `array("i")`, a memoryview of one), held for the run: four buffers taken and
    released, not four typed memoryviews made (the kernels start thousands of runs a game)."""
    cdef Py_buffer views[4]
    cdef int taken = 0
    try:
        for values in (code, state, frame, tables):
            _take(values, &views[taken])
            taken += 1
        return _run(<int *>views[0].buf, views[0].len // sizeof(int), state, <int *>views[1].buf,
                    views[1].len // sizeof(int), <int *>views[2].buf, <int *>views[3].buf, views[3].len // sizeof(int),
                    natives, step_limit)
    finally:
        while taken > 0:
            taken -= 1
            PyBuffer_Release(&views[taken])


cdef int _take(object values, Py_buffer *view) except -1:
    """The buffer of an array of C ints, writable and contiguous (ValueError for any other)."""
    PyObject_GetBuffer(values, view, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_C_CONTIGUOUS)
    if view.itemsize != sizeof(int) or view.format == NULL or view.format[0] != c'i' and (
            view.format[0] != c'@' or view.format[1] != c'i'):
        PyBuffer_Release(view)
        raise ValueError(f"the VM runs over arrays of C ints, not {type(values).__name__} of other items")
    return 0


cdef object _run(int *c, Py_ssize_t ncode, object state, int *s, Py_ssize_t nstate, int *f, int *t,
                 Py_ssize_t ntables, object natives, long step_limit):
    cdef int32_t pc = f[F_PC], sp = f[F_SP], op, a, b, n, moved, count, argc, native
    cdef int64_t steps = f[F_STEPS]
    cdef int *stack = &f[HEADER]

    if f[F_STATUS] == 2:
        raise VMError("the effect is waiting for a choice (provide_choice first)")
    if f[F_STATUS] == 3:
        raise VMError("the effect is waiting for a procedure (return_from_call first)")
    while True:
        if steps >= step_limit:
            _save(f, pc, sp, steps, 0)
            raise VMError(f"step limit of {step_limit} reached: a runaway effect?")
        steps += 1
        if pc < 0 or pc >= ncode:
            raise VMError(f"program counter {pc} outside the code")
        op = c[pc]
        if op < HALT or op > INDEX:
            raise VMError(f"unknown opcode {op} at {pc}")
        if sp < POPS[op]:
            raise VMError(f"stack underflow at {pc}")
        if op == HALT:
            _save(f, pc, sp, steps, 1)
            return DONE
        elif op == PUSH:
            if sp >= STACK_SIZE:
                raise VMError(f"stack overflow at {pc}")
            stack[sp] = c[pc + 1]
            sp += 1
            pc += 2
        elif op == POP:
            sp -= 1
            pc += 1
        elif op == DUP:
            if sp >= STACK_SIZE:
                raise VMError(f"stack overflow at {pc}")
            stack[sp] = stack[sp - 1]
            sp += 1
            pc += 1
        elif op == SWAP:
            a = stack[sp - 1]
            stack[sp - 1] = stack[sp - 2]
            stack[sp - 2] = a
            pc += 1
        elif op == LOAD:
            a = stack[sp - 1]
            if a < 0 or a >= nstate:
                raise VMError(f"state address {a} out of range at {pc}")
            stack[sp - 1] = s[a]
            pc += 1
        elif op == STORE:
            a = stack[sp - 2]
            if a < 0 or a >= nstate:
                raise VMError(f"state address {a} out of range at {pc}")
            s[a] = stack[sp - 1]
            sp -= 2
            pc += 1
        elif op == INDEX:
            a = stack[sp - 1]
            if a < 0 or a >= c[pc + 1]:
                raise VMError(f"index {a} outside 0..{c[pc + 1] - 1} at {pc}")
            pc += 2
        elif op == LOCAL:
            if sp >= STACK_SIZE:
                raise VMError(f"stack overflow at {pc}")
            stack[sp] = f[LOCALS_AT + c[pc + 1]]
            sp += 1
            pc += 2
        elif op == SET_LOCAL:
            sp -= 1
            f[LOCALS_AT + c[pc + 1]] = stack[sp]
            pc += 2
        elif op == TABLE:
            a = stack[sp - 1]
            if a < 0 or a >= ntables:
                raise VMError(f"table address {a} out of range at {pc}")
            stack[sp - 1] = t[a]
            pc += 1
        elif op == ADD or op == SUB or op == MUL or op == DIV or op == MOD or op == MIN or op == MAX or op == EQ \
                or op == NE or op == LT or op == LE or op == GT or op == GE:
            a = stack[sp - 2]
            b = stack[sp - 1]
            sp -= 1
            if op == ADD:
                a = wrap(<int64_t>a + b)
            elif op == SUB:
                a = wrap(<int64_t>a - b)
            elif op == MUL:
                a = wrap(<int64_t>a * b)
            elif op == DIV:
                if b == 0:
                    raise VMError("division by zero")
                a = wrap(floor_div(a, b))
            elif op == MOD:
                if b == 0:
                    raise VMError("division by zero")
                a = <int32_t>floor_mod(a, b)
            elif op == MIN:
                a = a if a < b else b
            elif op == MAX:
                a = a if a > b else b
            elif op == EQ:
                a = a == b
            elif op == NE:
                a = a != b
            elif op == LT:
                a = a < b
            elif op == LE:
                a = a <= b
            elif op == GT:
                a = a > b
            else:
                a = a >= b
            stack[sp - 1] = a
            pc += 1
        elif op == NEG:
            stack[sp - 1] = wrap(-<int64_t>stack[sp - 1])
            pc += 1
        elif op == NOT:
            stack[sp - 1] = stack[sp - 1] == 0
            pc += 1
        elif op == JUMP:
            pc = c[pc + 1]
        elif op == JUMP_IF_ZERO:
            sp -= 1
            pc = c[pc + 1] if stack[sp] == 0 else pc + 2
        elif op == MOVE:
            n = stack[sp - 1]
            b = stack[sp - 2]
            a = stack[sp - 3]
            if b < 0 or b >= nstate:
                raise VMError(f"state address {b} out of range at {pc}")
            if a < 0 or a >= nstate:
                raise VMError(f"state address {a} out of range at {pc}")
            moved = n if n < s[a] else s[a]
            if moved < 0:
                moved = 0
            s[a] -= moved
            s[b] = wrap(<int64_t>s[b] + moved)
            sp -= 2
            stack[sp - 1] = moved
            pc += 1
        elif op == RANDOM:
            n = stack[sp - 1]
            if n <= 0:
                raise VMError(f"cannot roll a number in [0, {n})")
            stack[sp - 1] = next_random(s, n)
            pc += 1
        elif op == CHOOSE:
            a = stack[sp - 1]
            count = stack[sp - 2]
            sp -= 2
            if count <= 0 or count > sp:
                raise VMError(f"a choice among {count} options at {pc}")
            pc += 2
            if count > 1:
                f[F_CHOICE_KIND] = c[pc - 1]
                f[F_CHOICE_COUNT] = count
                f[F_CHOOSER] = a
                _save(f, pc, sp, steps, 2)
                return PAUSED
        elif op == NATIVE:
            native = c[pc + 1]
            argc = c[pc + 2]
            if native < 0 or native >= len(natives):
                raise VMError(f"unknown native {native} at {pc}")
            if argc > sp:
                raise VMError(f"stack underflow at {pc}")
            call = natives[native]
            if call is None:  # a kernel procedure: the effect waits for its result
                f[F_CHOICE_KIND] = native
                f[F_CHOICE_COUNT] = argc
                _save(f, pc + 3, sp, steps, 3)
                return CALLING
            args = [stack[sp - argc + i] for i in range(argc)]
            sp -= argc
            if sp >= STACK_SIZE:
                raise VMError(f"stack overflow at {pc}")
            stack[sp] = wrap(call(state, args))
            sp += 1
            pc += 3
        elif op == FAIL:
            _save(f, pc, sp, steps, 0)
            raise VMError(f"the effect failed with code {c[pc + 1]} at {pc}")


cdef inline void _save(int *f, int32_t pc, int32_t sp, int64_t steps, int32_t status):
    f[F_PC] = pc
    f[F_SP] = sp
    f[F_STEPS] = <int32_t>steps
    f[F_STATUS] = status
