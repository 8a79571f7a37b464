"""How `show` and `list` print compiled content for a reader: a text as its locale reads on the sheets (the numbers
of its entity's params, glossary terms and icons by their names in that locale, bold and italic as styles), and
entities sorted by their names in the locale's collation."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rich.markup import escape

from lawforge.runtime import CompiledGame, Text, to_plain

from .collation import collator_key
from .markup import BOLD, ITALIC, PLACEHOLDER, TERM

_OPEN, _CLOSE = "\ue000", "\ue001"
"""Around a term's name until the text is escaped (private-use characters, which no content holds)."""
TERM_STYLE = "magenta"


@dataclass(frozen=True)
class Reader:
    """What a game's texts print with: its glossary's names in each locale, and its source locale."""

    terms: dict[str, dict[str, str]]
    """Locale → term id → the term's name in that locale (or the source locale's where it has none)."""
    source_locale: str

    @classmethod
    def of(cls, compiled: CompiledGame) -> Reader:
        source = compiled.source_locale
        terms = {locale: {term.id.name.lower(): term.name.get(locale, source) or term.id.name.lower()
                          for term in compiled.entities("term")} for locale in compiled.locales}
        return cls(terms, source)

    def fill(self, text: str, locale: str, params: Mapping[str, int]) -> str:
        """The text with its numbers and term names, its `**`/`_` marks kept; names between _OPEN and _CLOSE."""
        names = self.terms.get(locale, {})
        text = PLACEHOLDER.sub(lambda m: str(params[m.group(1)]) if m.group(1) in params else m.group(0), text)
        return TERM.sub(lambda m: _OPEN + names[m.group(1)] + _CLOSE if m.group(1) in names else m.group(0), text)

    def plain(self, text: str, locale: str, params: Mapping[str, int]) -> str:
        """The text as words only, without styles: a text inside a structure, a name in `list`."""
        filled = ITALIC.sub(r"\1", BOLD.sub(r"\1", self.fill(text, locale, params)))
        return filled.replace(_OPEN, "").replace(_CLOSE, "")

    def styled(self, text: str, locale: str, params: Mapping[str, int]) -> str:
        """The text as rich markup: bold, italic, and terms in TERM_STYLE; everything else escaped."""
        marked = ITALIC.sub(r"[italic]\1[/italic]", BOLD.sub(r"[bold]\1[/bold]", escape(self.fill(text, locale, params))))
        return marked.replace(_OPEN, f"[{TERM_STYLE}]").replace(_CLOSE, f"[/{TERM_STYLE}]")


def params_of(entity: Any) -> dict[str, int]:
    """The numbers an entity's texts print (`params`, as compiled: pairs of name and value)."""
    return dict(getattr(entity, "params", None) or ())


def entity_lines(reader: Reader, entity: Any, locale: str | None) -> list[str]:
    """`show`'s lines (rich markup) for a compiled entity: `key: value`, its texts in `locale` (every locale when
    None) filled and styled, structures as JSON with their texts filled, empty fields left out."""
    params = params_of(entity)
    lines = []
    for field in dataclasses.fields(entity):
        value = getattr(entity, field.name)
        if value is None:
            continue
        key = f"  [cyan]{escape(field.name)}[/]:"
        if isinstance(value, Text):
            texts = _texts(value, locale, reader.source_locale)
            if locale is not None:
                lines.append(f"{key} {reader.styled(texts[0][1], texts[0][0], params)}")
            else:
                lines += [key] + [f"    {written}  {reader.styled(text, written, params)}" for written, text in texts]
            continue
        plain = to_plain(value, locale, reader.source_locale,
                         render=lambda text, written: reader.plain(text, written, params))
        shown = json.dumps(_without_nulls(plain), ensure_ascii=False) if isinstance(plain, (dict, list)) else str(plain)
        lines.append(f"{key} {escape(shown)}")
    return lines


def _texts(text: Text, locale: str | None, source: str) -> list[tuple[str, str]]:
    """(locale written in, text): the one to show in `locale` (its source text where it has no translation), or
    every locale's."""
    written = text.as_dict()
    if locale is None:
        return list(written.items())
    shown = locale if locale in written else source
    return [(shown, written.get(shown, ""))]


def _without_nulls(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_without_nulls(v) for v in value]
    return value


@dataclass(frozen=True)
class Listed:
    """One line of `list`: an entity's id and its name in the locale (None for a kind without names)."""

    id: str
    name: str | None


def listing(reader: Reader, entities: tuple[Any, ...], locale: str) -> list[Listed]:
    """The entities of a kind by name in `locale`'s collation (the id breaks ties); a kind without names by id."""
    rows = []
    for entity in entities:
        name = getattr(entity, "name", None)
        shown = None
        if isinstance(name, Text):
            (written, text), = _texts(name, locale, reader.source_locale)
            shown = reader.plain(text, written, params_of(entity))
        rows.append(Listed(entity.id.name.lower(), shown))
    key = collator_key(locale)
    return sorted(rows, key=lambda row: (key(row.name) if row.name is not None else (), key(row.id)))
