"""The editors' notes as texts to translate: the `note:` of each entry not verified, which the proof edition prints.

A note is English free text (`NOTES_LOCALE`) outside the content's locale mappings, so its translations are kept in
the translation record (`translations.json`, `notes`) under the note's key, `note/<kind>/<id>`.
"""

from __future__ import annotations

from dataclasses import dataclass

from .link import IncompleteItem, LinkedGame

NOTES_LOCALE = "en"
"""The language the editors write `note`s and discrepancy summaries in: the proof prints a note in this language's
sheet, and in the others its translation when there is one, else the note marked untranslated and where it is
written."""


@dataclass(frozen=True)
class NoteText:
    """One editor's note, its key and where an editor reads it."""

    key: str
    text: str
    kind: str
    id: str
    path: str
    line: int

    def translation(self, linked: LinkedGame, locale: str) -> str | None:
        """The note in `locale`: the note itself in its own language, else its recorded translation."""
        return self.text if locale == NOTES_LOCALE else linked.translations.note(self.key, locale)

    def state(self, linked: LinkedGame, locale: str) -> str:
        """translated, missing, outdated or fuzzy, as for any other text."""
        if locale == NOTES_LOCALE:
            return "translated"
        return linked.translations.state(self.key, locale, self.text, self.translation(linked, locale) is not None)


def note_text(item: IncompleteItem) -> NoteText | None:
    """The note of an entry not verified, or None when it has none."""
    if not item.note:
        return None
    path, line = item.where.rsplit(":", 1)
    return NoteText(item.note_key, item.note, item.kind, item.id, path, int(line))


def editors_notes(linked: LinkedGame) -> list[NoteText]:
    """Every editor's note of the game, in the order the linker lists the entries."""
    return [note for item in linked.incomplete if (note := note_text(item)) is not None]
