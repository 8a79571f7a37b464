# cython: annotation_typing=False
"""A game's state as one flat int32 array, addressed by field name: what kernels and the effect VMs share.

Copying a state is a buffer copy; its dice are in the array too (`state[0]`, the VMs' RNG), so a
copy rolls the same numbers as the original.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterator
from math import prod
from types import FunctionType
from typing import Generic, TypeVar

from .bytecode import RNG_SLOT, new_state
from .content import CompiledGame
from .vm_py import next_random


_STRIDES: dict[object, dict[str, tuple[int, ...]]] = {}


def _strides(game: CompiledGame) -> dict[str, tuple[int, ...]]:
    """Row-major strides of every field, worked out once per compiled layout (`at` is the kernels' hot path)."""
    if game.layout not in _STRIDES:
        table = {}
        for name, (_, extents, _) in game.layout.FIELDS.items():
            strides, step = [], 1
            for extent in reversed(extents):
                strides.append(step)
                step *= extent
            table[name] = tuple(reversed(strides))
        _STRIDES[game.layout] = table
    return _STRIDES[game.layout]


SCALAR = -1
"""The extent `FieldTable` gives a field without index."""
SHAPE = 4
"""Numbers a slot of a field table holds (`FieldTable.shapes`)."""
COMPILED = type(lambda: None) is not FunctionType
"""Whether this module runs compiled by Cython (its functions are then Cython's): `FlatState` finds a field's shape
the way each form does fastest, in `FieldTable`'s slots compiled, in a dictionary as Python."""


class FieldTable:
    """The shape of each field of a compiled layout, for `FlatState`'s fast paths, shared by every state of that
    layout: an open-addressing hash table keyed by the field's name. A kernel names a field by a constant, the same
    string object at every call, so that finding its shape costs the hash the string keeps and one identity test,
    not a dictionary lookup (compiled, the shapes are a C array); a name built at run time is found by equality. A
    field takes its slot the first time it is asked for; the table has four times as many slots as the layout has
    fields, so that it never fills and chains stay short. Python finds a dictionary lookup faster (`by_name`)."""

    def __init__(self, fields: dict[str, tuple[int, tuple[int, ...], int]]) -> None:
        self.by_name = {name: _shape_of(offset, extents) for name, (offset, extents, _) in fields.items()}
        self.sizes = {name: prod(extents) for name, (_, extents, _) in fields.items()}
        slots = 1 << (4 * len(fields)).bit_length()
        self.mask = slots - 1
        self.names: list[str | None] = [None] * slots
        self.shapes = array("i", [0]) * (SHAPE * slots)
        """Four numbers a slot, side by side: the field's offset; its extent (SCALAR without index, its one extent
        with one, its first with two, 0 with more: the checked path); its second extent with two, else 0; its number
        of cells."""

    def slot(self, field: str) -> int:
        """Where the shape of `field` starts in `shapes` (KeyError for a field the layout does not have)."""
        slot = hash(field) & self.mask
        while self.names[slot] is not field:
            if self.names[slot] is None:
                return self._find(field, hash(field) & self.mask)
            slot = (slot + 1) & self.mask
        return slot * SHAPE

    def _find(self, field: str, slot: int) -> int:
        """`slot` for a name not held as this string object: a name built at run time, found by equality, or a
        field asked for the first time, which takes the first free slot of its chain."""
        while self.names[slot] is not None:
            if self.names[slot] == field:
                return slot * SHAPE
            slot = (slot + 1) & self.mask
        self._learn(field, slot)
        return slot * SHAPE

    def _learn(self, field: str, slot: int) -> None:
        at = slot * SHAPE
        self.shapes[at], self.shapes[at + 1], self.shapes[at + 2] = self.by_name[field]
        self.shapes[at + 3] = self.sizes[field]
        self.names[slot] = field


def _shape_of(offset: int, extents: tuple[int, ...]) -> tuple[int, int, int]:
    """A field's offset, extent and inner extent (`FieldTable.shapes`)."""
    extent = SCALAR if not extents else extents[0] if len(extents) <= 2 else 0
    return offset, extent, extents[1] if len(extents) == 2 else 0


_TABLES: dict[object, FieldTable] = {}


def _table(game: CompiledGame) -> FieldTable:
    if game.layout not in _TABLES:
        _TABLES[game.layout] = FieldTable(game.layout.FIELDS)
    return _TABLES[game.layout]


WORD = 64
"""The bits of the word `indices_among` marks the values it seeks in."""
ORDER_KEYS = array("q")
"""The keys `indices_in_order` sorts, compiled: one buffer, grown to the longest field it was asked to order."""
INDEX_SPAN = 1 << 16
"""`indices_in_order` packs an index below it, its key above (fields of more cells are refused)."""
SHELL_GAPS = (57, 23, 10, 4, 1)
"""The gaps of its Shell's sort (Ciura's), the last an insertion sort."""
NO_INDEX = -2**31
"""The default of the index arguments of `get`, `set` and `add`: no index there (no cell ever holds it)."""


class FlatState:
    """Compiled, a typed class (state.pxd): `get`, `set` and `add` of a field with no index, one or two, the kernels'
    commonest calls, take their numbers as C ints (no tuple of arguments) and reach the cells through a typed view;
    any other shape, and any index out of bounds, takes the checked path (`_checked`), with its errors."""

    def __init__(self, game: CompiledGame, cells: array[int]) -> None:
        self.game = game
        self.cells = cells
        self.view = cells
        self.fields = game.layout.FIELDS
        self.strides = _strides(game)
        self.table = _table(game)

    @classmethod
    def empty(cls, game: CompiledGame, seed: int) -> FlatState:
        return cls(game, new_state(game.layout.STATE_SIZE, seed))

    def copy(self) -> FlatState:
        return FlatState(self.game, array("i", self.cells))

    def save(self) -> array[int]:
        """The cells as they are, for `restore`: a look-ahead tried on the state itself, not on a copy of it."""
        return array("i", self.cells)

    def restore(self, saved: array[int]) -> None:
        """The cells back as `save` found them, in place (the typed view and every holder of the cells keep them)."""
        self.cells[:] = saved

    def at(self, field: str, *index: int) -> int:
        return self._offset(field, index, len(index))

    def value(self, field: str, *index: int) -> int:
        """The cell of a field at indices given as a sequence, `value(field, *index)` (`get` takes them one by one)."""
        return self.view[self._offset(field, index, len(index))]

    def get(self, field: str, i: int = NO_INDEX, j: int = NO_INDEX) -> int:
        """The cell of a field with no index, `get(field)`, one, `get(field, i)`, or two, `get(field, i, j)`."""
        return self.view[self._cell(field, i, j, 0 if i == NO_INDEX else 1 if j == NO_INDEX else 2)]

    def set(self, field: str, a: int, b: int = NO_INDEX, c: int = NO_INDEX) -> None:
        """`set(field, value)`, `set(field, i, value)` or `set(field, i, j, value)`."""
        if b == NO_INDEX:
            self.view[self._cell(field, 0, 0, 0)] = a
        elif c == NO_INDEX:
            self.view[self._cell(field, a, 0, 1)] = b
        else:
            self.view[self._cell(field, a, b, 2)] = c

    def add(self, field: str, a: int, b: int = NO_INDEX, c: int = NO_INDEX) -> None:
        """`add(field, n)`, `add(field, i, n)` or `add(field, i, j, n)`."""
        if b == NO_INDEX:
            self.view[self._cell(field, 0, 0, 0)] += a
        elif c == NO_INDEX:
            self.view[self._cell(field, a, 0, 1)] += b
        else:
            self.view[self._cell(field, a, b, 2)] += c

    def _offset(self, field: str, index: tuple[int, ...], n: int) -> int:
        """The cell of a field at the first n numbers of `index` (`_cell`; more than two through `_checked`)."""
        if n > 2:
            return self._checked(field, index[:n])
        return self._cell(field, index[0] if n > 0 else 0, index[1] if n > 1 else 0, n)

    def _shape(self, field: str) -> tuple[int, int, int]:
        """(offset, extent, inner extent) of a field (`FieldTable`)."""
        if not COMPILED:
            return self.table.by_name[field]
        table = self.table
        at = table.slot(field)
        return table.shapes[at], table.shapes[at + 1], table.shapes[at + 2]

    def _cell(self, field: str, i: int, j: int, n: int) -> int:
        """The cell of a field at n indices (0, 1 or 2; i and j past them unread): a scalar, one index or two,
        unchecked beyond the bounds test (compiled without wraparound: no negative index here); anything else
        through `_checked`. Both forms read the shape here, not through `_shape` (whose C tuple is checked for an
        error at every return): `get` and `set` are the commonest calls."""
        if COMPILED:
            table = self.table
            at = table.slot(field)
            offset, extent, inner = table.shapes[at], table.shapes[at + 1], table.shapes[at + 2]
        else:
            offset, extent, inner = self.table.by_name[field]
        if n == 1 and inner == 0:
            if 0 <= i < extent:
                return offset + i
        elif n == 2 and inner > 0:
            if 0 <= i < extent and 0 <= j < inner:
                return offset + i * inner + j
        elif n == 0 and extent == SCALAR:
            return offset
        return self._checked(field, (i, j)[:n])

    def _checked(self, field: str, index: tuple[int, ...]) -> int:
        offset: int = self.fields[field][0]
        extents: tuple[int, ...] = self.fields[field][1]
        if len(index) != len(extents):
            raise IndexError(f"field {field!r} takes {len(extents)} index(es), got {len(index)}")
        for axis, (i, extent, stride) in enumerate(zip(index, extents, self.strides[field], strict=True)):
            if not 0 <= i < extent:
                raise IndexError(f"{field}: index {i} of axis {axis} is outside 0..{extent - 1}")
            offset += i * stride
        return offset

    def indices_of(self, field: str, value: int) -> list[int]:
        """The indices of a one-index field's cells that hold `value`, in order (the cards in a zone)."""
        offset, extent, inner = self._shape(field)
        if extent <= 0 or inner != 0:
            raise IndexError(f"{field} is not a field with one index")
        found = []
        for i in range(extent):
            if self.view[offset + i] == value:
                found.append(i)
        return found

    def nonzero(self, field: str) -> list[int]:
        """The indices of a one-index field's cells that are not 0, in order (the cards with tokens on them)."""
        offset, extent, inner = self._shape(field)
        if extent <= 0 or inner != 0:
            raise IndexError(f"{field} is not a field with one index")
        return [i for i in range(extent) if self.view[offset + i] != 0]

    def indices_among(self, field: str, values: list[int], flag: str = "") -> list[int]:
        """The indices of a one-index field's cells that hold one of `values`, in order; with `flag`, a field of the
        same indices, only those whose flag is not 0 (the faceup cards of some zones). The values sought, zones or
        marks, are below WORD: a bit each of one machine word (negative ones are never held)."""
        marks = bytearray(self.size(field))
        self.mark_among(field, values, marks, flag)
        return [i for i in range(len(marks)) if marks[i]]

    def mark_among(self, field: str, values: list[int], marks: bytearray, flag: str = "") -> None:
        """`indices_among` as marks: a 1 in `marks` (a byte per index of the field) at each index it finds, the others
        left as they are; a set of cards built in C, which the rules test by index (the cards in play)."""
        at, extent, inner = self._shape(field)
        flag_at, flag_extent, flag_inner = -1, extent, inner
        if flag:
            flag_at, flag_extent, flag_inner = self._shape(flag)
        if extent <= 0 or inner != 0 or flag_extent != extent or flag_inner != inner:
            raise IndexError(f"{field} is not a field with one index, or {flag} not one with the same")
        if len(marks) != extent:
            raise ValueError(f"{field} has {extent} indices, the marks {len(marks)}")
        wanted, bit, word = 0, 1, WORD
        for value in values:
            if value >= word:
                raise ValueError(f"indices_among seeks values below {word}, not {value}")
            if value >= 0:
                wanted |= bit << value
        for i in range(extent):
            value = self.view[at + i]
            if 0 <= value < word and wanted >> value & 1 and (flag_at < 0 or self.view[flag_at + i] != 0):
                marks[i] = 1

    def indices_in_order(self, field: str, value: int, order: str) -> list[int]:
        """`indices_of(field, value)` sorted by the cells of `order` at those indices, ties by index (the cards in
        a zone, bottom first): each index packed with its key as key * INDEX_SPAN + index, a number that sorts as the
        pair does and gives the index back by a mask. Compiled, the keys are gathered and sorted in a C array (Shell's
        sort: a zone holds up to a few hundred cards); Python sorts a list of them."""
        at, extent, inner = self._shape(order)
        offset, field_extent, field_inner = self._shape(field)
        if extent <= 0 or inner != 0 or field_extent != extent or field_inner != 0 or extent > INDEX_SPAN:
            raise IndexError(f"{order} is not a field with one index like {field}, of at most {INDEX_SPAN} cells")
        if not COMPILED:
            packed = [self.view[at + i] * INDEX_SPAN + i for i in range(extent) if self.view[offset + i] == value]
            packed.sort()
            return [key & (INDEX_SPAN - 1) for key in packed]
        global ORDER_KEYS
        if len(ORDER_KEYS) < extent:
            ORDER_KEYS = array("q", bytes(8 * extent))
        keys = ORDER_KEYS
        n = 0
        for i in range(extent):
            if self.view[offset + i] == value:
                key = self.view[at + i]
                keys[n] = key * INDEX_SPAN + i
                n += 1
        for gap in SHELL_GAPS:
            for i in range(gap, n):
                key = keys[i]
                j = i
                while j >= gap and keys[j - gap] > key:
                    keys[j] = keys[j - gap]
                    j -= gap
                keys[j] = key
        return [keys[k] & (INDEX_SPAN - 1) for k in range(n)]

    def assign_shown(self, field: str, values: list[int], shown: str, hidden: str, otherwise: int) -> None:
        """Each cell of a one-index field to the same place of `values` where the `shown` field's cell is set and the
        `hidden` field's is not, else to `otherwise` (the suit a card shows: faceup, and not a ruin)."""
        at, extent, inner = self._shape(field)
        shown_at, shown_extent, shown_inner = self._shape(shown)
        hidden_at, hidden_extent, hidden_inner = self._shape(hidden)
        if inner or shown_inner or hidden_inner or not extent == shown_extent == hidden_extent == len(values):
            raise IndexError(f"{field}, {shown}, {hidden} and the values are not of one index and one extent")
        for i in range(extent):
            if self.view[shown_at + i] and not self.view[hidden_at + i]:
                self.view[at + i] = values[i]
            else:
                self.view[at + i] = otherwise

    def move(self, source: tuple[str, ...] | tuple[str | int, ...], target: tuple[str | int, ...], n: int) -> int:
        """Moves up to n pieces between two cells, as many as there are (as the VMs' MOVE does)."""
        src, dst = self.at(*source), self.at(*target)  # type: ignore[arg-type]
        moved = max(0, min(n, self.cells[src]))
        self.cells[src] -= moved
        self.cells[dst] += moved
        return moved

    def extreme_where(self, field: str, key: str, equals: int, skip: int, highest: bool, default: int) -> int:
        """The highest (or lowest) value of a one-index field over the indices whose `key` field holds `equals`,
        `skip` left out; `default` if there is none (the top or bottom of a zone)."""
        at, extent, inner = self._shape(field)
        key_at, key_extent, key_inner = self._shape(key)
        if extent <= 0 or inner != 0 or key_extent != extent or key_inner != 0:
            raise IndexError(f"{field} and {key} are not one-index fields of the same extent")
        found, best = False, 0
        for i in range(extent):
            if self.view[key_at + i] == equals and i != skip:
                value = self.view[at + i]
                if not found or (value > best if highest else value < best):
                    best, found = value, True
        return best if found else default

    def random(self, n: int) -> int:
        """A number in [0, n) from the state's own dice: the effect VMs' xorshift32 (vm_py.next_random), in C when
        compiled (the kernels roll thousands a game; a differential test holds the two to the same numbers)."""
        if not COMPILED or n <= 0:
            return next_random(self.cells, n)
        x = self.view[RNG_SLOT]
        x ^= x << 13
        x ^= x >> 17
        x ^= x << 5
        self.view[RNG_SLOT] = x
        return x % n

    def shuffled(self, items: list[int]) -> list[int]:
        """Fisher–Yates with the state's dice."""
        items = list(items)
        for i in range(len(items) - 1, 0, -1):
            j = self.random(i + 1)
            items[i], items[j] = items[j], items[i]
        return items

    def size(self, field: str) -> int:
        if COMPILED:
            return self.table.shapes[self.table.slot(field) + 3]
        return self.table.sizes[field]

    def cells_of(self, field: str) -> Iterator[int]:
        return iter(self.slice(field))

    def slice(self, field: str) -> array[int]:
        """A copy of a field's cells, in the order `cells_of` gives them."""
        offset = self._shape(field)[0]
        return self.cells[offset:offset + self.size(field)]

    def reset(self, scalars: tuple[str, ...]) -> None:
        """Several scalar fields to 0 at once (the rule hooks of an action)."""
        for name in scalars:
            self.view[self._shape(name)[0]] = 0

    def clear(self, *fields: str) -> None:
        """Every cell of these fields to 0 (in C when compiled: the persistent rules clear theirs at every position)."""
        for field in fields:
            self._clear(field)

    def _clear(self, field: str) -> None:
        offset = self._shape(field)[0]
        for i in range(offset, offset + self.size(field)):
            self.view[i] = 0

    def assign(self, field: str, values: list[int]) -> None:
        """Every cell of a field at once, in the order `cells_of` gives them."""
        offset = self.fields[field][0]
        if len(values) != self.size(field):
            raise ValueError(f"{field} has {self.size(field)} cells, not {len(values)}")
        self.cells[offset:offset + len(values)] = array("i", values)


V = TypeVar("V")


class LastView(Generic[V]):
    """A view of a game's cells (its flat state, or more) made once for the cells last seen, not at every call: the VM
    hands a native the same state's cells again and again, a look-ahead's copy's in between. A view reads and writes
    the cells it was made over and keeps nothing else, so that one made earlier is as good as a new one; holding the
    cells, it can never be taken for the view of other cells at the same address."""

    def __init__(self, make: Callable[[array[int]], V]) -> None:
        self.make = make
        self.cells: array[int] | None = None
        self.view: V | None = None

    def of(self, cells: array[int]) -> V:
        if cells is not self.cells or self.view is None:
            self.view = self.make(cells)
            self.cells = cells
        return self.view
