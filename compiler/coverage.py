"""Translation coverage: how many texts of each locale are translated, missing, outdated or fuzzy, and which.

A text is one string of an entity, or a label that counts with all its plural forms. The source locale is complete
by definition; the other locales are the game's declared ones (game.yaml `locales`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .link import LinkedGame, Translatable
from .editor_texts import EditorText, editor_texts

STATES = ("translated", "missing", "outdated", "fuzzy")


@dataclass(frozen=True)
class Coverage:
    locale: str
    kind: str
    counts: dict[str, int]

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def percent(self, state: str) -> float:
        return 100.0 * self.counts.get(state, 0) / self.total if self.total else 100.0


@dataclass(frozen=True)
class Incomplete:
    """A text that is not translated (or not up to date) in a locale, and where it is written."""

    locale: str
    key: str
    state: str
    path: str
    line: int


def _states(linked: LinkedGame, locales: list[str]) -> list[tuple[str, str, Translatable]]:
    """(locale, state, text) of every text in each of `locales`."""
    source = linked.game.source_locale
    found = []
    for entry in linked.translatable:
        original = entry.value(source)
        if original is None:
            continue
        for locale in locales:
            present = entry.value(locale) is not None
            state = "translated" if locale == source else linked.translations.state(entry.key, locale, original,
                                                                                        present)
            found.append((locale, state, entry))
    return found


def _editor_texts(linked: LinkedGame, locales: list[str]) -> list[tuple[str, str, EditorText]]:
    """(locale, state, text) of each editors' text (notes, discrepancies, decisions: the proof's appendix prints
    them): written in English, translated in the translation record (`compiler/editor_texts.py`)."""
    return [(locale, text.state(linked, locale), text) for text in editor_texts(linked) for locale in locales]


def coverage(linked: LinkedGame, locales: list[str] | None = None) -> list[Coverage]:
    """Counts of each state per locale (the game's, or `locales`) and entity kind; the editors' texts as the kinds
    `note`, `discrepancy` and `decision`."""
    counts: dict[tuple[str, str], Counter[str]] = {}
    chosen = locales or linked.game.locales
    for locale, state, entry in _states(linked, chosen):
        counts.setdefault((locale, entry.key.split("/", 1)[0]), Counter())[state] += 1
    for locale, state, text in _editor_texts(linked, chosen):
        counts.setdefault((locale, text.kind), Counter())[state] += 1
    return [Coverage(locale, kind, {s: c[s] for s in STATES}) for (locale, kind), c in sorted(counts.items())]


def incomplete(linked: LinkedGame, locales: list[str] | None = None) -> list[Incomplete]:
    """Every text missing, outdated or fuzzy in a locale (the game's, or `locales`), locale by locale; and every
    editors' text not translated."""
    chosen = locales or linked.game.locales
    found = [Incomplete(locale, entry.key, state, entry.path, entry.line)
             for locale, state, entry in _states(linked, chosen) if state != "translated"]
    found += [Incomplete(locale, text.key, state, text.path, text.line)
              for locale, state, text in _editor_texts(linked, chosen) if state != "translated"]
    return sorted(found, key=lambda item: (item.locale, item.path, item.line, item.key))
