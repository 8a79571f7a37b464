"""Stage 4, lower: linked content to the flat numbers compiled code works on.

Every entity kind becomes an enumeration (its ids, in content order). Scalar fields (integers,
booleans, references, one-of-a-list choices) become one int32 column per field, and each rule
table becomes a row-major int32 array. Absent values are -1.
"""

from __future__ import annotations

import types
from dataclasses import dataclass, field, replace
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel

from .effects.layout import Layout
from .effects import LoweringError
from .effects.lower import Constants, DieRef, TableRef, lower_effect, relocate, rules_modified
from .link import LinkedGame
from .models.common import INT32_MAX, INT32_MIN, Axis, Die, RefTo, Table

ABSENT = -1


def check_int32(name: str, values: tuple[int, ...]) -> None:
    """Refuse a value that int32 cannot hold rather than let the compiled buffer wrap it. Content numbers are
    range-checked where they are written (models.common.Int), so one found here was made by the compiler."""
    if values and not INT32_MIN <= min(values) <= max(values) <= INT32_MAX:
        bad = next(v for v in values if not INT32_MIN <= v <= INT32_MAX)
        raise LoweringError(f"{name}: {bad} does not fit in 32 bits")


@dataclass(frozen=True)
class NumericTable:
    name: str
    shape: tuple[int, ...]
    values: tuple[int, ...]
    doc: str


@dataclass(frozen=True)
class LoweredGame:
    name: str
    enums: dict[str, tuple[str, ...]]
    tables: tuple[NumericTable, ...]
    offsets: dict[str, int]
    """Where each table starts in the one flat buffer of constants (in `tables` order)."""
    code: tuple[int, ...] = ()
    """The bytecode of every effect, one after another."""
    entries: dict[str, int] = field(default_factory=dict)
    """Effect key (kind/id/path) → where its bytecode starts."""
    rules: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Effect key → the rule hooks it modifies (only effects that modify any)."""
    layout: Layout | None = None


def _unwrap(annotation: Any) -> tuple[Any, tuple[Any, ...], bool]:
    """(base type, metadata, optional) of a field annotation."""
    optional = False
    metadata: tuple[Any, ...] = ()
    while True:
        origin = get_origin(annotation)
        if origin is Annotated:
            annotation, *extra = get_args(annotation)
            metadata += tuple(extra)
        elif origin in (Union, types.UnionType):
            arms = [a for a in get_args(annotation) if a is not type(None)]
            if len(arms) != 1:
                return annotation, metadata, optional
            optional = True
            annotation = arms[0]
        else:
            return annotation, metadata, optional


def scalar_columns(model: type[BaseModel]) -> list[tuple[str, str, tuple[str, ...] | str | None]]:
    """(field, shape, detail) for every field lowered to a column.

    shape is "int", "bool", "ref" (detail: target kind) or "choice" (detail: the choices).
    """
    columns: list[tuple[str, str, tuple[str, ...] | str | None]] = []
    for name, info in model.model_fields.items():
        base, metadata, _ = _unwrap(info.annotation)
        metadata += tuple(info.metadata)
        ref = next((m.kind for m in metadata if isinstance(m, RefTo)), None)
        if name == "id":
            continue
        if ref is not None and ref != "document":
            columns.append((name, "ref", ref))
        elif base is bool:
            columns.append((name, "bool", None))
        elif base is int:
            columns.append((name, "int", None))
        elif get_origin(base) is Literal:
            columns.append((name, "choice", tuple(str(a) for a in get_args(base))))
    return columns


def lower_game(linked: LinkedGame) -> LoweredGame:
    enums = {kind: tuple(e.id for e in entities) for kind, entities in linked.entities.items()}
    index = {kind: {id_: i for i, id_ in enumerate(ids)} for kind, ids in enums.items()}
    tables: list[NumericTable] = []
    for spec in linked.kinds:
        entities = linked.entities[spec.name]
        for column, shape, detail in scalar_columns(spec.model):
            values = []
            for entity in entities:
                value = getattr(entity, column)
                if value is None:
                    values.append(ABSENT)
                elif shape == "ref":
                    values.append(index[str(detail)][value])
                elif shape == "choice":
                    assert isinstance(detail, tuple)
                    values.append(detail.index(value))
                else:
                    values.append(int(value))
            doc = f"{spec.name}.{column} per {spec.name} id"
            if shape == "ref":
                doc += f" (a {detail} id)"
            elif shape == "choice":
                assert isinstance(detail, tuple)
                doc += " (" + ", ".join(f"{i}={c}" for i, c in enumerate(detail)) + ")"
            tables.append(NumericTable(f"{spec.name}_{column}", (len(entities),), tuple(values), doc))
    for table in linked.entities.get("table", ()):
        assert isinstance(table, Table)
        tables += _lower_table(table, enums)
    for die in linked.entities.get("die", ()):
        assert isinstance(die, Die)
        tables += _lower_die(die)
    offsets, at = {}, 0
    for numeric in tables:
        check_int32(f"table {numeric.name}", numeric.values)
        offsets[numeric.name] = at
        at += len(numeric.values)
    check_int32("table offsets", (at,))
    lowered = LoweredGame(linked.name, enums, tuple(tables), offsets)
    return _lower_effects(linked, lowered) if linked.effects is not None else lowered


def _lower_die(die: Die) -> list[NumericTable]:
    """Per face (each face of `count` n listed n times): its value, and how many of each symbol it shows."""
    faces = [face for face in die.faces for _ in range(face.count)]
    symbols = sorted({s for face in faces for s in face.symbols})
    out = [NumericTable(f"die_{die.id}_value", (len(faces),), tuple(f.value or 0 for f in faces),
                        f"face values of the {die.id}")]
    for symbol in symbols:
        out.append(NumericTable(f"die_{die.id}_{symbol}", (len(faces),), tuple(f.symbols.count(symbol) for f in faces),
                                f"{symbol} shown by each face of the {die.id}"))
    return out


def _constants(linked: LinkedGame, lowered: LoweredGame) -> Constants:
    tables = {}
    for table in linked.entities.get("table", ()):
        assert isinstance(table, Table)
        axes = [table.rows] + ([table.columns] if table.columns else [])
        tables[table.id] = TableRef(
            lowered.offsets[f"table_{table.id}"],
            tuple(len(lowered.enums[a.kind]) if a.kind else len(a.keys) for a in axes),
            tuple(None if a.kind else tuple(int(k) for k in a.keys) for a in axes),
            tuple(a.lower_bounds for a in axes),
        )
    dice = {}
    for die in linked.entities.get("die", ()):
        assert isinstance(die, Die)
        names = [t.name for t in lowered.tables if t.name.startswith(f"die_{die.id}_")]
        dice[die.id] = DieRef(sum(f.count for f in die.faces),
                              {name[len(f"die_{die.id}_"):]: lowered.offsets[name] for name in names})
    return Constants(tables, dice)


def _lower_effects(linked: LinkedGame, lowered: LoweredGame) -> LoweredGame:
    assert linked.effects is not None
    layout = linked.effects.layout
    constants = _constants(linked, lowered)
    code: list[int] = []
    entries: dict[str, int] = {}
    rules: dict[str, tuple[str, ...]] = {}
    for unit in linked.effects.units:
        if unit.power.effect is None or unit.checked is None:
            continue
        entries[unit.key] = len(code)
        modified = rules_modified(unit.power.effect)
        if modified:
            rules[unit.key] = tuple(sorted(modified))
        this = unit.kind if unit.kind in layout.spaces else None
        try:
            lowered_code = lower_effect(layout, unit.power.effect, unit.checked, constants, this, unit.params)
        except LoweringError as exc:
            raise LoweringError(f"{unit.key}: {exc}") from None
        code += relocate(lowered_code, len(code))
    check_int32("effect bytecode", tuple(code))
    return replace(lowered, code=tuple(code), entries=entries, rules=rules, layout=layout)


def _axis_keys(axis: Axis | None, enums: dict[str, tuple[str, ...]]) -> list[str | int]:
    """Keys in compiled order: an entity axis follows the kind's enumeration, so ids index it."""
    if axis is None:
        return [0]
    if axis.kind is not None:
        return list(enums[axis.kind])
    return list(axis.keys)


def _lower_table(table: Table, enums: dict[str, tuple[str, ...]]) -> list[NumericTable]:
    rows = _axis_keys(table.rows, enums)
    cols = _axis_keys(table.columns, enums)
    row_at = {key: i for i, key in enumerate(table.rows.keys)}
    col_at = {key: i for i, key in enumerate(table.columns.keys)} if table.columns else {0: 0}
    flat = tuple(
        table.values[row_at[r]][col_at[c]] if r in row_at and c in col_at else ABSENT for r in rows for c in cols
    )
    row_name = table.rows.kind or "row"
    col_name = (table.columns.kind or "column") if table.columns else "value"
    out = [NumericTable(f"table_{table.id}", (len(rows), len(cols)), flat,
                        f"rule table {table.id!r}: [{row_name}][{col_name}]")]
    for axis_name, axis in (("rows", table.rows), ("columns", table.columns)):
        if axis is not None and axis.kind is None and all(isinstance(k, int) for k in axis.keys):
            keys = tuple(int(k) for k in axis.keys)
            out.append(NumericTable(f"table_{table.id}_{axis_name}", (len(keys),), keys,
                                    f"integer keys of the {axis_name} of {table.id!r}"))
    return out
