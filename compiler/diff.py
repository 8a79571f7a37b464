"""`lawforge diff`: what changed in a game's compiled content between two snapshots, and the version bump that the
policy of docs/releasing.md requires for it.

major: an entity id removed (a rename removes one), a native's signature changed, an effect removed, the state
layout changed: saved states, chronicles and callers by id break. minor: entities added, values or effects
changed: the rules play differently. patch: texts, translations and provenance alone.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from enum import IntEnum
from pathlib import Path
from typing import Any

from .snapshot import GameSnapshot, Plain, SnapshotError, Texts, open_source, snapshot

DESCRIPTIVE = ("source", "status", "note", "notes", "doc")
"""Fields that say where a fact comes from or what it means to a reader; changing them alone changes no play."""
SIGNATURE_KINDS = ("native",)
"""Kinds whose values are a signature kernels and effects are written against."""


class Bump(IntEnum):
    NONE = 0
    PATCH = 1
    MINOR = 2
    MAJOR = 3

    @property
    def label(self) -> str:
        return self.name.lower()


@dataclass(frozen=True)
class FieldChange:
    path: str
    old: Plain
    new: Plain


@dataclass(frozen=True)
class TextChange:
    path: str
    locale: str
    old: str | None
    new: str | None


@dataclass
class EntityChange:
    kind: str
    id: str
    fields: list[FieldChange] = field(default_factory=list)
    texts: list[TextChange] = field(default_factory=list)
    status: tuple[str, str] | None = None


@dataclass
class GameDiff:
    """Every change of one game between OLD and NEW, and the bump it needs."""

    game: str
    old_version: str
    new_version: str
    added: list[str] = field(default_factory=list)
    """`kind/id` of each entity added."""
    removed: list[str] = field(default_factory=list)
    changed: list[EntityChange] = field(default_factory=list)
    effects_changed: list[str] = field(default_factory=list)
    """Entries whose bytecode changed: they behave differently."""
    effects_added: list[str] = field(default_factory=list)
    effects_removed: list[str] = field(default_factory=list)
    layout: list[str] = field(default_factory=list)
    """The parts of the state layout that changed (STATE_SIZE, FIELDS, NATIVES …)."""
    bump: Bump = Bump.NONE
    reasons: list[str] = field(default_factory=list)
    """Why the bump is what it is, the weightiest reason first."""

    @property
    def empty(self) -> bool:
        return self.bump == Bump.NONE


def diff_games(old: GameSnapshot, new: GameSnapshot) -> GameDiff:
    """The changes from `old` to `new` (the same game) and the bump they require."""
    out = GameDiff(new.game, old.version, new.version)
    reasons: dict[Bump, list[str]] = {bump: [] for bump in Bump}
    for kind in sorted(old.entities.keys() | new.entities.keys()):
        before, after = old.entities.get(kind, {}), new.entities.get(kind, {})
        out.added += [f"{kind}/{id_}" for id_ in after if id_ not in before]
        out.removed += [f"{kind}/{id_}" for id_ in before if id_ not in after]
        for id_ in after:
            if id_ in before:
                change = _entity_change(kind, id_, before[id_], after[id_])
                if change.fields or change.texts or change.status:
                    out.changed.append(change)
    out.effects_added = sorted(new.effects.keys() - old.effects.keys())
    out.effects_removed = sorted(old.effects.keys() - new.effects.keys())
    out.effects_changed = sorted(e for e in new.effects.keys() & old.effects.keys() if new.effects[e] != old.effects[e])
    out.layout = sorted(name for name in old.layout.keys() | new.layout.keys()
                        if old.layout.get(name) != new.layout.get(name))

    reasons[Bump.MAJOR] += [f"removed {_count(out.removed, 'entity')} ({_some(out.removed)})"] if out.removed else []
    reasons[Bump.MAJOR] += [f"removed {_count(out.effects_removed, 'effect')} ({_some(out.effects_removed)})"] \
        if out.effects_removed else []
    reasons[Bump.MAJOR] += [f"changed the state layout ({', '.join(out.layout)})"] if out.layout else []
    signatures = [f"{c.kind}/{c.id}" for c in out.changed if c.kind in SIGNATURE_KINDS and _played(c)]
    reasons[Bump.MAJOR] += [f"changed the signature of {_some(signatures)}"] if signatures else []
    reasons[Bump.MINOR] += [f"added {_count(out.added, 'entity')} ({_some(out.added)})"] if out.added else []
    played = [f"{c.kind}/{c.id}" for c in out.changed if c.kind not in SIGNATURE_KINDS and _played(c)]
    reasons[Bump.MINOR] += [f"changed values of {_count(played, 'entity')} ({_some(played)})"] if played else []
    changed_effects = out.effects_changed + out.effects_added
    reasons[Bump.MINOR] += [f"changed the bytecode of {_count(changed_effects, 'effect')} ({_some(changed_effects)})"] \
        if changed_effects else []
    described = [f"{c.kind}/{c.id}" for c in out.changed if not _played(c)]
    reasons[Bump.PATCH] += [f"changed texts or provenance of {_count(described, 'entity')} ({_some(described)})"] \
        if described else []
    out.bump = max((bump for bump in Bump if reasons[bump]), default=Bump.NONE)
    out.reasons = [reason for bump in sorted(Bump, reverse=True) for reason in reasons[bump]]
    return out


def _played(change: EntityChange) -> bool:
    """A change of values that play reads, not only of texts or provenance."""
    return any(f.path.split(".")[0].split("[")[0] not in DESCRIPTIVE for f in change.fields)


def _count(names: list[str], noun: str) -> str:
    """"1 entity", "3 entities", "2 effects"."""
    plural = noun[:-1] + "ies" if noun.endswith("y") else noun + "s"
    return f"{len(names)} {noun if len(names) == 1 else plural}"


def _some(names: list[str], shown: int = 3) -> str:
    return ", ".join(names[:shown]) + (f" and {len(names) - shown} more" if len(names) > shown else "")


def _entity_change(kind: str, id_: str, old: dict[str, Plain], new: dict[str, Plain]) -> EntityChange:
    change = EntityChange(kind, id_)
    flat_old, flat_new = _flatten(old, ""), _flatten(new, "")
    for path in sorted(flat_old.keys() | flat_new.keys(), key=_path_key):
        before, after = flat_old.get(path), flat_new.get(path)
        if before == after:
            continue
        if isinstance(before, Texts) or isinstance(after, Texts):
            texts_before = before if isinstance(before, Texts) else Texts()
            texts_after = after if isinstance(after, Texts) else Texts()
            change.texts += [TextChange(path, locale, texts_before.get(locale), texts_after.get(locale))
                             for locale in sorted(texts_before.keys() | texts_after.keys())
                             if texts_before.get(locale) != texts_after.get(locale)]
        elif path == "status":
            change.status = (str(before), str(after))
        else:
            change.fields.append(FieldChange(path, before, after))
    return change


def _path_key(path: str) -> list[Any]:
    """Paths in the order of the content: `powers[2]` before `powers[10]`."""
    return [int(part) if part.isdigit() else part for part in path.replace("[", ".").replace("]", "").split(".")]


def _flatten(value: Plain, path: str) -> dict[str, Plain]:
    """Leaf path → value; a text is one leaf (compared per locale), a list of plain values another."""
    if isinstance(value, Texts):
        return {path: value}
    if isinstance(value, dict):
        found: dict[str, Plain] = {}
        for key, item in value.items():
            found.update(_flatten(item, f"{path}.{key}" if path else key))
        return found
    if isinstance(value, list) and any(isinstance(item, dict) for item in value):
        found = {}
        for index, item in enumerate(value):
            found.update(_flatten(item, f"{path}[{index}]"))
        return found
    return {path: value}


def _shown(value: Plain) -> str:
    if value is None:
        return "—"
    return json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)


def render_text(diffs: list[GameDiff], old: str, new: str) -> str:
    lines = [f"lawforge diff {old} {new}"]
    for d in diffs:
        lines.append(f"\n{d.game} {d.old_version} → {d.new_version}: requires a {d.bump.label} bump"
                     if d.bump else f"\n{d.game} {d.old_version} → {d.new_version}: no change to the compiled content")
        lines += [f"  because it {reason}" for reason in d.reasons]
        lines += [f"  + {name}" for name in d.added]
        lines += [f"  - {name}" for name in d.removed]
        for c in d.changed:
            lines.append(f"  ~ {c.kind}/{c.id}")
            if c.status:
                lines.append(f"      status: {c.status[0]} → {c.status[1]}")
            lines += [f"      {f.path}: {_shown(f.old)} → {_shown(f.new)}" for f in c.fields]
            lines += [f"      {t.path} [{t.locale}]: {_shown(t.old)} → {_shown(t.new)}" for t in c.texts]
        lines += [f"  effect changed: {e}" for e in d.effects_changed]
        lines += [f"  effect added: {e}" for e in d.effects_added]
        lines += [f"  effect removed: {e}" for e in d.effects_removed]
        lines += [f"  state layout changed: {part}" for part in d.layout]
    return "\n".join(lines) + "\n"


def render_json(diffs: list[GameDiff], old: str, new: str) -> str:
    games = []
    for d in diffs:
        data = asdict(d)
        data["bump"] = d.bump.label
        games.append(data)
    return json.dumps({"old": old, "new": new, "games": games}, indent=2, ensure_ascii=False) + "\n"


def render_markdown(diffs: list[GameDiff], old: str, new: str, heading: str = "##") -> str:
    """A changelog: per game a heading with the versions and the bump, then what changed, grouped."""
    parts = []
    for d in diffs:
        lines = [f"{heading} {d.game} {d.new_version} (from {d.old_version}: {old} → {new})", ""]
        if d.empty:
            parts.append("\n".join(lines + ["No change to the compiled content.", ""]))
            continue
        lines += [f"Requires a **{d.bump.label}** bump: it {'; it '.join(d.reasons)}.", ""]
        sections: list[tuple[str, list[str]]] = [
            ("Added", [f"- `{name}`" for name in d.added]),
            ("Removed", [f"- `{name}`" for name in d.removed]),
            ("Status", [f"- `{c.kind}/{c.id}`: {c.status[0]} → {c.status[1]}" for c in d.changed if c.status]),
            ("Changed values", [f"- `{c.kind}/{c.id}` `{f.path}`: {_md(f.old)} → {_md(f.new)}"
                                for c in d.changed for f in c.fields]),
            ("Changed texts", [f"- `{c.kind}/{c.id}` `{t.path}` ({t.locale}): {_md(t.old)} → {_md(t.new)}"
                               for c in d.changed for t in c.texts]),
            ("Effects that behave differently", [f"- `{e}`" for e in d.effects_changed]
             + [f"- `{e}` (new)" for e in d.effects_added] + [f"- `{e}` (removed)" for e in d.effects_removed]),
            ("State layout", [f"- `{part}` changed" for part in d.layout]),
        ]
        for title, items in sections:
            if items:
                lines += [f"{heading}# {title}", "", *items, ""]
        parts.append("\n".join(lines))
    return "\n".join(parts)


def _md(value: Plain) -> str:
    """A value inline in Markdown, long texts cut."""
    text = _shown(value)
    text = text if len(text) <= 120 else text[:117] + "…"
    return "`" + text.replace("`", "'") + "`" if value is not None else "—"


RENDERERS = {"text": render_text, "json": render_json, "markdown": render_markdown}


def diff_sources(old: str, new: str, games: list[str], repo: Path) -> list[GameDiff]:
    """The diff of each game between OLD and NEW (revisions of `repo`, workspace folders or release packages);
    every game both hold when `games` is empty. Raises SnapshotError naming what cannot be compared."""
    before, after = open_source(old, repo), open_source(new, repo)
    if not games:
        games = sorted(set(before.games()) & set(after.games()))
        if not games:
            raise SnapshotError(f"{old} and {new} hold no game in common to compare")
    return [diff_games(snapshot(before, game), snapshot(after, game)) for game in games]
