"""A placeholder line that quotes an editor's note, so that a tool holding the translations can print it translated.

A kernel's `placeholders` are lines of text (English, said once a game). A line that quotes the `note:` of an entry
the content marks placeholder is a `QuotedNote`: still the line itself (a `str`), and besides it the note's key in the
translation record (`note/<kind>/<id>`), so that `lawforge play` prints the note in the player's language where the
editors have translated it (`compiler/editor_texts.py`).
"""

from __future__ import annotations


class QuotedNote(str):
    """`subject: note`, the note being the editor's note `key`."""

    subject: str
    note: str
    key: str

    def __new__(cls, subject: str, note: str, key: str) -> QuotedNote:
        line = super().__new__(cls, f"{subject}: {note}")
        line.subject, line.note, line.key = subject, note, key
        return line

    def __getnewargs__(self) -> tuple[str, str, str]:  # type: ignore[override]
        """What pickling needs to make the line again (simulate's worker processes)."""
        return self.subject, self.note, self.key

    def with_note(self, note: str) -> str:
        """The line with `note` (a translation) in place of the editor's English."""
        return f"{self.subject}: {note}"
