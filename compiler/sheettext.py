"""The templates' view of a game's text in one sheet's language: texts, labels, plurals, alphabetical order,
and the index the card lists fill as they are printed."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from operator import attrgetter
from typing import Any

from markupsafe import Markup, escape

from lawforge.runtime.messages import render

from .collation import sort_key, sorted_by_name
from .link import IncompleteItem, LinkedGame
from .markup import BOLD, ITALIC, PLACEHOLDER, TERM
from .models.common import Source, Text
from .editor_texts import NOTES_LOCALE, EditorText, editor_texts, note_text

COMMIT = re.compile(r"\b([0-9a-f]{8})[0-9a-f]{32}\b")


class SheetError(Exception):
    """A template asks for something the content lacks: a message naming the file to fix."""


@dataclass(frozen=True)
class IndexEntry:
    name: str
    anchor: str


@dataclass(frozen=True)
class AppendixGroup:
    """The incomplete entries of one kind and status, under the kind's name in the sheet's language."""

    kind: str
    status: str
    title: str
    items: tuple[IncompleteItem, ...]


class Localizer:
    """Everything a template prints, in one locale, falling back to the source locale."""

    def __init__(self, linked: LinkedGame, locale: str, preview: bool) -> None:
        self.linked = linked
        self.locale = locale
        self.source = linked.game.source_locale
        self.preview = preview
        self.terms = {t.id: t for t in linked.entities.get("term", ())}
        self.params = {id(e.text): dict(getattr(e.owner, "params", None) or {}) for e in linked.texts}
        """The numbers each text's {placeholders} print (its card's params)."""
        self.outdated = {id(e.text) for e in linked.texts if e.text.get(locale) is not None and e.text.get(self.source)
                         and linked.translations.state(e.key, locale, e.text.get(self.source) or "", True)
                         in ("outdated", "fuzzy")}
        self.labels = {label.id: label for label in linked.entities.get("label", ())}
        self.indexed: dict[str, IndexEntry] = {}

    def plain(self, text: Text | None) -> str:
        if text is None:
            return ""
        return text.get(self.locale) or text.get(self.source) or ""

    def term_name(self, term_id: str) -> str:
        term = self.terms.get(term_id)
        return self.plain(term.name) if term is not None else term_id  # type: ignore[attr-defined]

    def render(self, text: Text | None) -> Markup:
        """Escaped HTML with numbers for {placeholders}, [term] references, **bold** and _italic_; marks a
        missing translation, and in a preview an outdated one."""
        if text is None:
            return Markup("")
        value = text.get(self.locale)
        missing = value is None
        value = value if value is not None else (text.get(self.source) or "")
        numbers = self.params.get(id(text), {})
        value = PLACEHOLDER.sub(lambda m: str(numbers.get(m.group(1), m.group(0))), value)
        html = str(escape(value))
        html = TERM.sub(lambda m: f'<span class="term">{escape(self.term_name(m.group(1)))}</span>', html)
        html = BOLD.sub(r"<strong>\1</strong>", html)
        html = ITALIC.sub(r"<em>\1</em>", html)
        if missing and self.locale != self.source:
            css = "untranslated preview" if self.preview else "untranslated"
            return Markup(f'<span class="{css}" lang="{self.source}">{html}</span>')
        if self.preview and id(text) in self.outdated:
            return Markup(f'<span class="outdated preview">{html}</span>')
        return Markup(html)

    def count(self, label_id: str, n: int) -> str:
        """A plural label for the number n, by the CLDR rules of the sheet's language."""
        from babel import Locale

        label = self.labels.get(label_id)
        plural = getattr(label, "plural", None)
        if plural is None:
            raise SheetError(f"the sheet template counts with label {label_id!r}, which "
                             f"content/{self.linked.name}/labels.yaml lacks or gives no plural")
        locale = self.locale if plural.forms(self.locale) else self.source
        forms = plural.forms(locale) or {}
        category = Locale.parse(locale).plural_form(n)
        return (forms.get(category) or forms.get("other", "")).replace("{count}", str(n))

    def label(self, label_id: str, **args: str | int) -> str:
        """A label in the sheet's language; one that is a message (docs/translating.md) with its arguments filled,
        as HTML (an argument already HTML, such as a macro's output, kept as it is)."""
        from babel import Locale

        label = self.labels.get(label_id)
        if label is None:
            raise SheetError(f"the sheet template uses label {label_id!r}, which "
                             f"content/{self.linked.name}/labels.yaml lacks")
        text = self.plain(label.text)  # type: ignore[attr-defined]
        if not args:
            return text
        locale = self.locale if label.text.get(self.locale) else self.source  # type: ignore[attr-defined]
        safe = {name: value if isinstance(value, (Markup, int)) else escape(value) for name, value in args.items()}
        return Markup(render(str(escape(text)), safe, Locale.parse(locale).plural_form))

    def by_name(self, entities: Iterable[Any], attribute: str = "name") -> list[Any]:
        """Entities in the alphabetical order of their names (`attribute`, dotted for a part's name) in the sheet's
        language (collation.py)."""
        name = attrgetter(attribute)
        return sorted_by_name(entities, lambda e: self.plain(name(e)), self.locale)

    def anchor(self, kind: str, entity: Any, name: Text | None = None, part: str = "") -> Markup:
        """` id="…"` for the element that prints `entity`, which the index lists under its name (or `name`)."""
        target = f"{kind}-{entity.id}" + (f"-{part}" if part else "")
        self.indexed[target] = IndexEntry(self.plain(name if name is not None else entity.name), target)
        return Markup(f' id="{escape(target)}"')

    def index(self) -> list[IndexEntry]:
        """Every entry anchored so far, alphabetically: the template prints the index after the lists."""
        return sorted(self.indexed.values(), key=lambda entry: (sort_key(entry.name, self.locale), entry.anchor))

    def appendix(self) -> list[AppendixGroup]:
        """The entries not verified, placeholders first, then by kind in the order kinds first appear; each
        kind named by its label `kind_<kind>`."""
        groups: dict[tuple[str, str], list[IncompleteItem]] = {}
        for item in sorted(self.linked.incomplete, key=lambda item: item.status != "placeholder"):
            groups.setdefault((item.kind, item.status), []).append(item)
        return [AppendixGroup(kind, status, self.label(f"kind_{kind}"), tuple(items))
                for (kind, status), items in groups.items()]

    def written_in(self, kind: str, entity: Any) -> str:
        """Where an entity of a one-file kind is written, for a note the sheet does not print: `file: id`."""
        spec = next(spec for spec in self.linked.kinds if spec.name == kind)
        return f"content/{self.linked.name}/{spec.file}.yaml: {entity.id}"

    def translated_note(self, item: IncompleteItem) -> str | None:
        """An entry's editor's note in the sheet's language: the note itself in its own, else its translation;
        None when it has no note, or none in this language (the proof then prints the note marked untranslated)."""
        note = note_text(item)
        return note.translation(self.linked, self.locale) if note is not None else None

    @cached_property
    def editor_texts(self) -> dict[str, EditorText]:
        """The game's editors' texts by key; read only by a proof, which prints them."""
        return {text.key: text for text in editor_texts(self.linked)}

    def editors_text(self, key: str) -> str | None:
        """An editors' text (`discrepancy/<id>/summary`, `decision/<id>/question`, `note/<kind>/<id>` …) in the
        sheet's language: the text itself in its own, else its translation; None when there is none in this language
        (the proof then prints the English marked untranslated)."""
        text = self.editor_texts.get(key)
        return text.translation(self.linked, self.locale) if text is not None else None

    def note(self, text: str) -> str:
        """An editor's note as the proof prints it: a full commit hash shortened to its first 8 digits, which
        name the commit as well and fit a column."""
        return COMMIT.sub(r"\1", text)

    def sources(self, sources: Iterable[Source]) -> str:
        """Where facts come from, compactly: `s0:680` for a line of a document, the document's id for a place
        in a reference; the appendix's list of documents says what each id is. No repeats."""
        shown: list[str] = []
        for source in sources:
            ref = f"{source.doc}:{source.line}" if source.line else source.doc
            if ref not in shown:
                shown.append(ref)
        return ", ".join(shown)
