from array import array
from collections.abc import Callable, Sequence

from .bytecode import Status

OPCODES: dict[str, int]
FRAME: dict[str, int]

def run(code: array[int], state: array[int], frame: array[int], tables: array[int],
        natives: Sequence[Callable[[array[int], list[int]], int]] = ..., step_limit: int = ...) -> Status: ...
