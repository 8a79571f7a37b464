"""The editors' texts to translate: the `note:` of each entry not verified, the summary of each discrepancy, and the
question and option summaries of each decision (Margraves), all of which the proof edition prints.

They are English free text (`NOTES_LOCALE`) outside the content's locale mappings, so their translations are kept in
the translation record (`translations.json`, section `notes`) under the text's key: `note/<kind>/<id>`,
`discrepancy/<id>/summary`, `decision/<id>/question` and `decision/<id>/option/<option>`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from lawforge.runtime.notes import QuotedNote

from .translations import TranslationRecord

if TYPE_CHECKING:  # `play` reads the notes' translations without loading the linker
    from .link import IncompleteItem, LinkedGame
    from .validate import Located

NOTES_LOCALE = "en"
"""The language the editors write in: the proof prints their texts as written in this language's sheet, and in the
others a text's translation when there is one, else the text marked untranslated and where it is written."""


def note_in(record: TranslationRecord, key: str, text: str, locale: str) -> str | None:
    """The editors' text `key` (written `text`) in `locale`: itself in its own language, else its recorded translation
    (even an outdated one, as for any other text), else None. The proof and `play` print an editor's text through
    this."""
    return text if locale == NOTES_LOCALE else record.note(key, locale)


@dataclass(frozen=True)
class EditorText:
    """One editors' text, its key, what it is (for translators) and where an editor reads it."""

    key: str
    text: str
    kind: str
    """`note`, `discrepancy` or `decision`: its row in `i18n status`."""
    about: str
    """What the text is, as a translator's comment says it: `an editor's note on the suit 'arcane', not verified`."""
    path: str
    line: int

    def translation(self, linked: LinkedGame, locale: str) -> str | None:
        """The text in `locale`: itself in its own language, else its recorded translation."""
        return note_in(linked.translations, self.key, self.text, locale)

    def state(self, linked: LinkedGame, locale: str) -> str:
        """translated, missing, outdated or fuzzy, as for any other text."""
        if locale == NOTES_LOCALE:
            return "translated"
        return linked.translations.state(self.key, locale, self.text, self.translation(linked, locale) is not None)


def note_text(item: IncompleteItem) -> EditorText | None:
    """The note of an entry not verified, or None when it has none."""
    if not item.note:
        return None
    path, line = item.where.rsplit(":", 1)
    return EditorText(item.note_key, item.note, "note", f"an editor's note on the {item.kind} {item.id!r}, not "
                      f"verified", path, int(line))


def _written(located: Located, kind: str, key: str, text: str, about: str, *loc: str | int) -> EditorText:
    at = located.doc.position(located.loc + loc)
    return EditorText(f"{kind}/{located.entity.id}/{key}", text, kind, about, located.doc.path, at.line)


def _discrepancy_and_decision_texts(located: Located) -> list[EditorText]:
    """The summary of a discrepancy; the question and the option summaries of a decision."""
    from .models.common import Discrepancy
    from .models.margraves import Decision

    entity, name = located.entity, located.entity.id
    if isinstance(entity, Discrepancy):
        return [_written(located, "discrepancy", "summary", entity.summary,
                         f"the summary of the discrepancy {name!r}", "summary")]
    if not isinstance(entity, Decision):
        return []
    texts = [_written(located, "decision", "question", entity.question, f"the question of the decision {name!r}",
                      "question")]
    for index, option in enumerate(entity.options):
        texts.append(_written(located, "decision", f"option/{option.id}", option.summary,
                              f"the summary of the option {option.id!r} of the decision {name!r}",
                              "options", index, "summary"))
    return texts


def editor_texts(linked: LinkedGame) -> list[EditorText]:
    """Every editors' text of the game: the notes in the order the linker lists their entries, then the
    discrepancies' summaries and the decisions' texts in file order."""
    notes = [note for item in linked.incomplete if (note := note_text(item)) is not None]
    return notes + [text for located in linked.editorial for text in _discrepancy_and_decision_texts(located)]


@dataclass(frozen=True)
class PlaceholderLine:
    """A placeholder line as `play` prints it: in the player's language, or in English (`untranslated`)."""

    text: str
    untranslated: bool


def placeholder_lines(placeholders: list[str], record: TranslationRecord, locale: str) -> list[PlaceholderLine]:
    """The kernel's placeholder lines in `locale`: a line quoting an editor's note with the note's translation, any
    other line (the kernel's own English, or a note not translated) marked untranslated unless `locale` is English."""
    lines = []
    for line in placeholders:
        translated = note_in(record, line.key, line.note, locale) if isinstance(line, QuotedNote) else None
        if translated is not None:
            lines.append(PlaceholderLine(line.with_note(translated), untranslated=False))
        else:
            lines.append(PlaceholderLine(str(line), untranslated=locale != NOTES_LOCALE))
    return lines
