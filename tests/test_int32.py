"""Every number compiled into an int32 table or bytecode is range-checked before it could wrap."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import REPO
from lawforge.compiler.effects import LoweringError
from lawforge.compiler.lower import check_int32
from lawforge.compiler.models.common import INT32_MAX, INT32_MIN


def unbounded_integers(node: Any, where: str) -> list[str]:
    if isinstance(node, dict):
        found = []
        if node.get("type") == "integer" and not (INT32_MIN <= node.get("minimum", INT32_MIN - 1)
                                                  and node.get("maximum", INT32_MAX + 1) <= INT32_MAX):
            found.append(where)
        return found + [p for key, value in node.items() for p in unbounded_integers(value, f"{where}/{key}")]
    if isinstance(node, list):
        return [p for i, value in enumerate(node) for p in unbounded_integers(value, f"{where}/{i}")]
    return []


@pytest.mark.parametrize("schema", sorted((REPO / "schemas").glob("*/*.schema.json")), ids=lambda p: p.stem)
def test_every_integer_of_every_schema_has_int32_bounds(schema: Path) -> None:
    """An integer field added without bounds (a plain `int` in a model) would fail here, not wrap at build."""
    assert unbounded_integers(json.loads(schema.read_text(encoding="utf-8")), schema.name) == []


def test_the_lowering_refuses_a_value_int32_cannot_hold() -> None:
    check_int32("table t", (INT32_MIN, 0, INT32_MAX))
    with pytest.raises(LoweringError, match=r"table t: 2147483648 does not fit in 32 bits"):
        check_int32("table t", (1, INT32_MAX + 1, 2))
    with pytest.raises(LoweringError, match=r"-2147483649"):
        check_int32("table t", (INT32_MIN - 1,))
