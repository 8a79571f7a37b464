"""Checks a Vindication editor needs: rules that hold for every combination of modules a setup can switch
on, and card texts whose numbers come from the card's params."""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import combinations
from typing import Any

from ..diagnostics import Diagnostic, Position
from ..link import PLACEHOLDER
from ..loader import LoadedDocument
from ..models.walk import TextSite, walk
from ..validate import Located
from .context import CheckContext

CARD_KINDS = ("companion", "trait", "relic", "monster", "quest_card", "end_trigger", "pet", "loot",
              "imbued_crystal", "favour_placement", "region")


def _closure(modules: dict[str, list[str]], chosen: set[str]) -> frozenset[str]:
    """The chosen modules and every module they require."""
    todo, done = list(chosen), set()
    while todo:
        module = todo.pop()
        if module not in done:
            done.add(module)
            todo += modules.get(module, [])
    return frozenset(done)


def module_combinations(ctx: CheckContext) -> Iterator[frozenset[str]]:
    """Every distinct set of modules a setup can have on: the base game with any choice of the others."""
    modules = {item.entity.id: list(getattr(item.entity, "requires")) for item in ctx.items("module")}
    optional = sorted(m for m in modules if m != "base")
    seen: set[frozenset[str]] = set()
    for size in range(len(optional) + 1):
        for chosen in combinations(optional, size):
            combo = _closure(modules, {"base", *chosen})
            if combo not in seen:
                seen.add(combo)
                yield combo


def check_initiatives(ctx: CheckContext) -> None:
    """Initiatives decide the champion and Ronak's turn order. In every module combination they are
    unique, and together they are exactly 1 to the number of companions (1-69 with Traîtrise). The base
    game alone does not cover 1-60: the Traîtrise companions fill its gaps (30, 37, 49 …, L2582-2762)."""
    if not ctx.complete("module", "companion"):
        return
    total = len(ctx.items("companion"))
    reported: set[str] = set()
    for combo in module_combinations(ctx):
        first: dict[int, Located] = {}
        for item in ctx.items("companion"):
            if getattr(item.entity, "module") not in combo or item.entity.id in reported:
                continue
            initiative = getattr(item.entity, "initiative")
            if initiative > total:
                message = f"initiative {initiative} is outside 1-{total}, the range of the {total} companions"
            elif initiative in first:
                message = f"initiative {initiative} is already companion {first[initiative].entity.id!r}'s"
            else:
                first[initiative] = item
                continue
            reported.add(item.entity.id)
            ctx.report_at(item, ("initiative",), "initiative", message)


def check_region_counts(ctx: CheckContext) -> None:
    """The region types' tile counts add up to each module's tiles and to the island tiles of the box
    (19 base L179, 27 island tiles L3544)."""
    if not ctx.complete("module", "region"):
        return
    regions = ctx.items("region")
    for item in ctx.items("module"):
        module = item.entity
        total = sum(getattr(r.entity, "count") for r in regions
                    if getattr(r.entity, "module") == module.id and getattr(r.entity, "island"))
        if total != getattr(module, "region_tiles"):
            ctx.report_at(item, ("region_tiles",), "region-count",
                          f"module {module.id!r} declares {getattr(module, 'region_tiles')} island region tiles; "
                          f"its region types count {total}")
    island = sum(getattr(r.entity, "count") for r in regions if getattr(r.entity, "island"))
    for index, entry in enumerate(ctx.game.inventory):
        if entry.id == "island_region_tiles" and entry.count != island:
            ctx.report(ctx.game_doc, ("inventory", index, "count"), "region-count",
                       f"the inventory has {entry.count} island region tiles; the region types count {island}")


def _region_literals(value: Any, loc: tuple[str | int, ...]) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """Regions named inside an effect tree (`{region: fort}`), with where they are."""
    if isinstance(value, dict):
        if set(value) == {"region"} and isinstance(value["region"], str):
            yield loc + ("region",), value["region"]
        for key, inner in value.items():
            yield from _region_literals(inner, loc + (key,))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from _region_literals(inner, loc + (index,))


def _raw(item: Located) -> Any:
    """The entity as written (plain data from the loader), to walk its effect trees."""
    value = item.doc.data
    for key in item.loc:
        value = value[key]
    return value


def _named_regions(item: Located) -> Iterator[tuple[tuple[str | int, ...], str]]:
    entity = item.entity
    for index, region in enumerate(getattr(entity, "regions", []) or []):
        yield ("regions", index), region
    for index, power in enumerate(_raw(item).get("powers", []) or []):
        yield from _region_literals(power.get("effect"), ("powers", index, "effect"))


def check_region_modules(ctx: CheckContext) -> None:
    """A card may only name regions that exist whenever its module is on: in every module combination
    that has the card, the region's module is on too."""
    kinds = [kind for kind in CARD_KINDS if ctx.items(kind)]
    if not ctx.complete("module", "region", *kinds):
        return
    region_module = {item.entity.id: getattr(item.entity, "module") for item in ctx.items("region")}
    combos = list(module_combinations(ctx))
    for kind in kinds:
        for item in ctx.items(kind):
            module = getattr(item.entity, "module", "base")
            for loc, region in _named_regions(item):
                needed = region_module.get(region)
                missing = next((c for c in combos if module in c and needed not in c), None)
                if needed is not None and missing is not None:
                    ctx.report_at(item, loc, "region-module",
                                  f"region {region!r} belongs to module {needed!r}, which is off in a setup with "
                                  f"{', '.join(sorted(missing))} where this {kind} is in play",
                                  hint=f"make module {module!r} require {needed!r}, or name another region")


def _first_bare_digit(doc: LoadedDocument, at: Position) -> Position:
    """Where the first digit outside a {placeholder} is written in the one-line string value at `at`."""
    line = doc.lines[at.line - 1]
    start = at.col if line[at.col - 1:at.col] in ('"', "'") else at.col - 1
    depth = 0
    for col in range(start, len(line)):
        char = line[col]
        if char == '"' and line[col - 1] != "\\":
            break
        depth += (char == "{") - (char == "}")
        if depth == 0 and char.isdigit():
            return Position(at.line, col + 1)
    return at


def check_text_digits(ctx: CheckContext) -> None:
    """A number a card's text prints is a {placeholder} bound to its `params` (docs/translating.md), so the
    text cannot disagree with the effect and no translator can change it. A digit written in any locale's
    text is such a number; names are exempt (a digit there is part of the name)."""
    for kind in CARD_KINDS:
        for item in ctx.items(kind):
            for site in walk(item.entity):
                if not isinstance(site, TextSite) or site.loc[-1:] == ("name",):
                    continue
                for locale in site.text.root:
                    digits = re.search(r"\d+", PLACEHOLDER.sub("", site.text.get(locale) or ""))
                    if digits is None:
                        continue
                    loc = item.loc + site.loc + (locale,)
                    at = _first_bare_digit(item.doc, item.doc.position(loc))
                    ctx.diagnostics.append(Diagnostic(
                        item.doc.path, at.line, at.col, "text-digit",
                        f"the {locale} text of {kind} {item.entity.id!r} prints {digits.group()} as a digit",
                        hint=f"bind it in `params` (e.g. n: {digits.group()}) and write {{n}} in every locale", loc=loc))


CHECKS = (check_initiatives, check_region_counts, check_region_modules, check_text_digits)
