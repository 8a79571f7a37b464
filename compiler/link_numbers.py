"""Stage 3, link: the checks of a game's numbers, each rule table's axes and shape and the component inventory's
counts against the entities, reported through the linker."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any, Protocol

from .loader import LoadedDocument, Path_
from .models.common import Table
from .models.walk import RefSite
from .validate import Located, ValidatedContent


class Report(Protocol):
    def __call__(self, doc: LoadedDocument, loc: Path_, code: str, message: str, *, key: bool = False) -> Any: ...


def check_table(item: Located, kinds: Collection[str], check_reference: Callable[[LoadedDocument, RefSite], None],
                report: Report) -> None:
    """A table's axes are integers or ids of the entity kind they name, without repeats; its values have a row per
    row key and a value per column key."""
    table = item.entity
    assert isinstance(table, Table)
    axes = [("rows", table.rows)] + ([("columns", table.columns)] if table.columns else [])
    for name, axis in axes:
        if axis.kind is not None:
            if axis.kind not in kinds:
                report(item.doc, item.loc + (name, "kind"), "dangling-reference", f"no entity kind {axis.kind!r}")
                continue
            for i, key in enumerate(axis.keys):
                check_reference(item.doc, RefSite(item.loc + (name, "keys", i), axis.kind, str(key)))
        elif not all(isinstance(key, int) for key in axis.keys):
            report(item.doc, item.loc + (name, "keys"), "table-keys",
                   f"{name} keys are words: name the entity kind they are ids of (`kind:`) or use integers")
        if len(set(axis.keys)) != len(axis.keys):
            report(item.doc, item.loc + (name, "keys"), "duplicate-id", f"{name} keys repeat")
    width = len(table.columns.keys) if table.columns else 1
    if len(table.values) != len(table.rows.keys):
        report(item.doc, item.loc + ("values",), "table-shape",
               f"table has {len(table.values)} rows of values but {len(table.rows.keys)} row keys")
    for i, row in enumerate(table.values):
        if len(row) != width:
            report(item.doc, item.loc + ("values", i), "table-shape", f"row {i + 1} has {len(row)} values, expected {width}")


def check_inventory(content: ValidatedContent, report: Report) -> None:
    """Each inventory item that `counts` a kind (its entities with the `where` values) agrees with the content;
    a kind with entries that failed to validate is not counted."""
    doc = content.game_doc
    assert doc is not None and content.game is not None
    kinds = {spec.name: spec for spec in content.kinds}
    for index, item in enumerate(content.game.inventory):
        loc: Path_ = ("inventory", index)
        if item.counts is None:
            continue
        if item.counts not in kinds:
            report(doc, loc + ("counts",), "dangling-reference", f"no entity kind {item.counts!r}")
            continue
        if item.counts in content.broken_kinds:
            continue
        entities = [located.entity for located in content.entities[item.counts]]
        fields = kinds[item.counts].model.model_fields
        for name, wanted in (item.where or {}).items():
            if name not in fields:
                report(doc, loc + ("where", name), "unknown-key", f"{item.counts} has no field {name!r}", key=True)
                break
            entities = [e for e in entities if str(getattr(e, name)) == wanted]
        else:
            if len(entities) != item.count:
                where = "".join(f" with {k} {v}" for k, v in (item.where or {}).items())
                report(doc, loc + ("count",), "count-mismatch",
                       f"inventory counts {item.count} {item.counts}{where}, content has {len(entities)}")
