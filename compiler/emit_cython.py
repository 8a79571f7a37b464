"""Stage 5b, emit: the Cython module holding a game's numeric tables in one flat int32 buffer.

Compiled code reads a table as `DATA[offset + i * stride + j]`; Python gets typed accessors.
"""

from __future__ import annotations

from .emit_python import header
from .lower import LoweredGame


def _wrap(values: tuple[int, ...], indent: str, width: int = 96) -> str:
    lines, line = [], ""
    for v in values:
        piece = f"{v}, "
        if len(indent) + len(line) + len(piece) > width:
            lines.append(indent + line.rstrip())
            line = ""
        line += piece
    if line:
        lines.append(indent + line.rstrip())
    return "\n".join(lines)


def emit_pyx(lowered: LoweredGame) -> str:
    flat = [v for table in lowered.tables for v in table.values]
    offsets = [(t.name, lowered.offsets[t.name], t.shape, t.doc) for t in lowered.tables]
    out = [
        header(lowered.name),
        "# cython: language_level=3, boundscheck=False, wraparound=False",
        f'"""Numeric tables of {lowered.name} ({len(lowered.tables)} tables in one int32 buffer) and the '
        f'bytecode of its effects."""',
        "",
        "from array import array",
        "",
        "from libc.stdint cimport int32_t",
        "",
        f"cdef int32_t DATA[{max(len(flat), 1)}]",
        "DATA[:] = [",
        _wrap(tuple(flat) or (0,), "    "),
        "]",
        f"cdef int32_t CODE[{max(len(lowered.code), 1)}]",
        "CODE[:] = [",
        _wrap(lowered.code or (0,), "    "),
        "]",
        "",
        "OFFSETS = {",
        *(f"    {name!r}: {offset}," for name, offset, _, _ in offsets),
        "}",
        "SHAPES = {",
        *(f"    {name!r}: {shape!r}," for name, _, shape, _ in offsets),
        "}",
        "",
        "",
        "def values(str name):",
        '    """All values of a table, row-major."""',
        "    cdef Py_ssize_t start = OFFSETS[name]",
        "    cdef Py_ssize_t n = 1",
        "    for extent in SHAPES[name]:",
        "        n *= extent",
        "    return tuple(DATA[start + i] for i in range(n))",
        "",
        "",
        "def data():",
        '    """All tables as one int32 array: what the effect VM reads as its constants."""',
        f"    return array('i', [DATA[i] for i in range({len(flat)})])",
        "",
        "",
        "def code():",
        '    """The bytecode of every effect as one int32 array (entries in effects.py)."""',
        f"    return array('i', [CODE[i] for i in range({len(lowered.code)})])",
    ]
    for name, offset, shape, doc in offsets:
        params = ", ".join(f"Py_ssize_t i{k}" for k in range(len(shape)))
        checks = " or ".join(f"not 0 <= i{k} < {extent}" for k, extent in enumerate(shape))
        index = " + ".join(
            [str(offset)] + [f"i{k} * {_stride(shape, k)}" if _stride(shape, k) != 1 else f"i{k}" for k in range(len(shape))]
        )
        out += [
            "",
            "",
            f"def {name}({params}):",
            f'    """{doc}"""',
            f"    if {checks}:",
            f'        raise IndexError("{name}: index out of range")',
            f"    return DATA[{index}]",
        ]
    return "\n".join(out) + "\n"


def _stride(shape: tuple[int, ...], axis: int) -> int:
    stride = 1
    for extent in shape[axis + 1:]:
        stride *= extent
    return stride


def emit_pyi(lowered: LoweredGame) -> str:
    out = [
        header(lowered.name),
        f'"""Type stub of the compiled numeric tables of {lowered.name}."""',
        "",
        "from array import array",
        "",
        "OFFSETS: dict[str, int]",
        "SHAPES: dict[str, tuple[int, ...]]",
        "",
        "def values(name: str) -> tuple[int, ...]: ...",
        "def data() -> array[int]: ...",
        "def code() -> array[int]: ...",
    ]
    for table in lowered.tables:
        params = ", ".join(f"i{k}: int" for k in range(len(table.shape)))
        out.append(f"def {table.name}({params}) -> int: ...")
    return "\n".join(out) + "\n"
