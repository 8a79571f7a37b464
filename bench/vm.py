"""Operations per second of the compiled effect VM and its pure-Python twin on the same bytecode.

Run: `.venv/bin/python bench/vm.py`. The last line is `ratio: N` (budget: at least 30).
The program is an effect-shaped loop: counters, table lookups, clamped moves between state
cells, dice rolls and a branch, the operations card effects lower to.
"""

from __future__ import annotations

import time
from array import array

from lawforge.runtime import vm, vm_py
from lawforge.runtime.bytecode import STEPS, Op, new_frame, new_state, verify

ITERATIONS = 20_000


def loop_program(iterations: int) -> array:
    top = 4
    body = [
        Op.PUSH, 1, Op.PUSH, 2, Op.LOCAL, 0, Op.PUSH, 3, Op.MOD, Op.TABLE, Op.MOVE, Op.POP,  # move table[i%3]
        Op.PUSH, 2, Op.PUSH, 1, Op.PUSH, 1, Op.MOVE, Op.POP,  # and one back
        Op.PUSH, 3, Op.PUSH, 3, Op.LOAD, Op.PUSH, 6, Op.RANDOM, Op.ADD, Op.STORE,  # roll a die into a counter
        Op.LOCAL, 0, Op.PUSH, 1, Op.ADD, Op.DUP, Op.SET_LOCAL, 0,  # i += 1
        Op.PUSH, iterations, Op.LT,
    ]
    exit_ = top + len(body) + 4
    code = [Op.PUSH, 0, Op.SET_LOCAL, 0, *body, Op.JUMP_IF_ZERO, exit_, Op.JUMP, top, Op.HALT]
    return array("i", [int(v) for v in code])


def measure(run, code: array, repeats: int) -> float:  # type: ignore[no-untyped-def]
    """Best operations per second over `repeats` runs."""
    best = 0.0
    tables = array("i", [1, 2, 3])
    for _ in range(repeats):
        state = new_state(4, seed=7)
        state[1] = 1_000_000
        frame = new_frame()
        start = time.perf_counter()
        run(code, state, frame, tables, (), step_limit=10**9)
        elapsed = time.perf_counter() - start
        best = max(best, frame[STEPS] / elapsed)
    return best


def main() -> None:
    code = loop_program(ITERATIONS)
    verify(code)
    python_ops = measure(vm_py.run, code, 3)
    cython_ops = measure(vm.run, code, 20)
    print(f"program: {len(code)} words, {ITERATIONS} iterations")
    print(f"pure-Python VM  {python_ops / 1e6:10.2f} M ops/s")
    print(f"Cython VM       {cython_ops / 1e6:10.2f} M ops/s")
    print(f"ratio: {cython_ops / python_ops:.0f}")


if __name__ == "__main__":
    main()
