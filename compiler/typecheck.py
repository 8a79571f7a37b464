"""Stage 3b, type-check: every effect against the game's state layout, and card text placeholders
against the card's parameters. Errors have positions like every other content error."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from lawforge.runtime.messages import MessageError, arguments

from .diagnostics import Diagnostic
from .effects.check import Checked, EffectContext, Problem, check_effect, check_selectors
from .effects.layout import Layout, build_layout
from .link import LinkedGame, TextEntry
from .loader import Path_
from .models.common import Die, Effectful, Table
from .models.walk import instances
from .validate import Located, ValidatedContent


@dataclass(frozen=True)
class EffectUnit:
    """One power (or other effectful thing): what the lowerer compiles and `effects status` lists."""

    key: str
    """`kind/id/path/to/power`, stable across builds: the entry name of its bytecode."""
    kind: str
    entity_id: str
    power: Effectful
    params: dict[str, int]
    checked: Checked | None

    @property
    def status(self) -> str:
        return "compiled" if self.power.effect is not None else "native" if self.power.native else "missing"


@dataclass(frozen=True)
class TypedEffects:
    layout: Layout
    units: tuple[EffectUnit, ...]


LAYOUT_KINDS = ("field", "resource", "zone", "native", "selector", "table", "die")
"""The kinds every effect is checked against: while one has an entry that failed to load or validate, an effect's
problems would mostly follow from that error, so effects are type-checked once it is fixed."""


def _context(linked: LinkedGame, content: ValidatedContent) -> EffectContext:
    """What every effect of the game may name besides the state: its dice and rule tables, and the spaces whose ids
    are not all known."""
    dice = {d.id: tuple(sorted({s for face in d.faces for s in face.symbols}))
            for d in linked.entities.get("die", ()) if isinstance(d, Die)}
    tables = {t.id: 1 + (t.columns is not None) for t in linked.entities.get("table", ()) if isinstance(t, Table)}
    return EffectContext(None, {}, dice, tables, unsure=_unsure_spaces(linked, content))


def _unsure_spaces(linked: LinkedGame, content: ValidatedContent) -> dict[str, frozenset[str] | None]:
    """Each space holding a kind with entries that failed: the ids written in them, or None when one of its files
    did not load."""
    unsure: dict[str, frozenset[str] | None] = {}
    for kind in content.broken_kinds:
        written = frozenset(d.id for d in content.declared.get(kind, ()))
        unsure[kind] = None if kind in content.unreadable_kinds else written
    for union, kinds in linked.game.spaces.items():
        parts = [unsure[kind] for kind in kinds if kind in unsure]
        if parts:
            unsure[union] = None if None in parts else frozenset().union(*parts)  # type: ignore[arg-type]
    return unsure


def _check_placeholders(item: Located, texts: list[TextEntry], params: dict[str, int],
                        source_locale: str, args: frozenset[str] = frozenset()) -> list[Diagnostic]:
    """Numbers in text come from the card's parameters: every placeholder of its texts (as the linker found them)
    names one, every one is printed. A label's `args` are filled in by a kernel at run time instead."""
    out = []
    unused = set(params)
    for entry in texts:
        if entry.text.get(source_locale) is None:
            continue
        try:
            used = set(arguments(entry.text.get(source_locale) or ""))
        except MessageError:
            continue  # reported by the linker
        unused -= used
        for name in sorted(used - set(params) - args):
            at = item.doc.position(entry.loc + (source_locale,))
            at = item.doc.find("{" + name + "}", at) or at
            out.append(Diagnostic(item.doc.path, at.line, at.col, "unknown-param",
                                  f"{{{name}}} is no parameter of {item.entity.id!r} "
                                  f"(params: {', '.join(sorted(set(params) | args)) or 'none'})", loc=entry.loc))
    for name in sorted(unused):
        at = item.doc.position(item.loc + ("params", name), key=True)
        out.append(Diagnostic(item.doc.path, at.line, at.col, "unused-param",
                              f"parameter {name!r} appears in no text: print it as {{{name}}}",
                              loc=item.loc + ("params", name)))
    return out


def _ignore(_name: str, _problem: Problem) -> None:
    """Where selectors' problems go while the kinds they are checked against have errors of their own."""


def typecheck_game(content: ValidatedContent, linked: LinkedGame) -> tuple[LinkedGame, list[Diagnostic]]:
    """The linked game with its effects type-checked (`linked.effects`), and the problems found."""
    diagnostics: list[Diagnostic] = []
    layout = build_layout(linked.game, linked.entities)
    located = {(item.kind, item.entity.id): item for items in content.entities.values() for item in items}
    effects_checked = not any(kind in content.broken_kinds for kind in LAYOUT_KINDS)
    for owner, loc, message in layout.problems if effects_checked else ():
        item = located.get(("field", owner)) or located.get(("resource", owner))
        doc, base = (item.doc, item.loc) if item else (content.game_doc, ())
        assert doc is not None
        at = doc.position(base + loc)
        diagnostics.append(Diagnostic(doc.path, at.line, at.col, "bad-layout", message, loc=base + loc))

    def at_selector(name: str, problem: Problem) -> None:
        item = located[("selector", name)]
        loc = item.loc + ("is",) + problem.loc
        at = item.doc.position(loc)
        diagnostics.append(Diagnostic(item.doc.path, at.line, at.col, problem.code, problem.message,
                                      hint=problem.hint, loc=loc))

    game_context = _context(linked, content)
    selectors, in_selectors = check_selectors(layout, game_context, at_selector if effects_checked else _ignore)
    texts_of: dict[int, list[TextEntry]] = {}  # by identity: two entities may be equal
    for entry in linked.texts:
        texts_of.setdefault(id(entry.owner), []).append(entry)
    units = []
    for items in content.entities.values():
        for item in items:
            params: dict[str, int] = dict(getattr(item.entity, "params", {}) or {})
            diagnostics += _check_placeholders(item, texts_of.get(id(item.entity), []), params,
                                               linked.game.source_locale,
                                               frozenset(getattr(item.entity, "args", ()) or ()))
            for loc, power in instances(item.entity, Effectful):
                key = "/".join(str(p) for p in (item.kind, item.entity.id, *loc))
                checked = None
                if power.effect is not None and effects_checked:
                    base: Path_ = item.loc + loc + ("effect",)

                    def report(problem: Problem, doc=item.doc, base=base, out=diagnostics) -> None:  # type: ignore[no-untyped-def]
                        at = doc.position(base + problem.loc)
                        out.append(Diagnostic(doc.path, at.line, at.col, problem.code, problem.message,
                                              hint=problem.hint, loc=base + problem.loc))

                    context = dataclasses.replace(game_context, this=item.kind, params=params, selectors=selectors)
                    checked = check_effect(layout, power.effect, context, report)
                    checked.types.update(in_selectors.types)
                units.append(EffectUnit(key, item.kind, item.entity.id, power, params, checked))
    return dataclasses.replace(linked, effects=TypedEffects(layout, tuple(units))), diagnostics
