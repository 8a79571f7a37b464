"""The placeholder lines a kernel says once a game, in a form a tool can print in the player's language.

A kernel's `placeholders` are lines of text (English, said once a game: `simulate` lists them as they are). Each is
still a `str`, and besides it what `lawforge play` needs to print it translated (`compiler/editor_texts.py`):

- a `KernelLine` is a message of the game's content (labels.yaml) with its named arguments, or an entity's name: the
  line is its English rendering, and `in_locale` renders it in any other language, entities by their names there;
- a `QuotedNote` quotes the `note:` of an entry the content marks placeholder, with the note's key in the translation
  record (`note/<kind>/<id>`), so that the note prints translated where the editors have translated it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Union

if TYPE_CHECKING:
    from .content import CompiledGame

LINES_LOCALE = "en"
"""The language a kernel's placeholder lines read in as `str` (simulate's report, the tests)."""

LIST_COMMA = ", "
"""What separates the items of a list but the last two, in every language the games are written in; the last two are
joined by the game's message `list_and` ("{items} and {last}", "{items} et {last}", "{items} і {last}")."""


@dataclass(frozen=True)
class Named:
    """An argument that is an entity of the content: shown by its name in the locale, never by its id."""

    kind: str
    id: str


@dataclass(frozen=True)
class Chosen:
    """An argument that is one of the `choices` of an entity (a rule option's): shown by its `choice_names` in the
    locale."""

    kind: str
    id: str
    choice: str


@dataclass(frozen=True)
class Listed:
    """An argument that is a list: its items joined as the locale joins a list ("a, b and c", "a, b et c"), by the
    game's message `list_and` (the runtime has no CLDR list patterns: it needs no Babel)."""

    items: tuple[Argument, ...]


@dataclass(frozen=True)
class Message:
    """An argument that is itself a message of the content (a label with its arguments)."""

    label: str
    args: tuple[tuple[str, Argument], ...] = ()


Argument = Union[int, str, Named, Chosen, Listed, Message]
"""A number (a plural counts it), a rule number (a `str`: the same in every language), an entity, a list or a
message: never a raw id or English words."""


def rendered(game: CompiledGame, argument: Argument, locale: str) -> str | int:
    """An argument in `locale`: as words, a number staying a number (for the plurals)."""
    if isinstance(argument, Named):
        return game.name_of(game.get(argument.kind, argument.id), locale)
    if isinstance(argument, Chosen):
        entity = game.get(argument.kind, argument.id)
        names = entity.choice_names[[str(choice) for choice in entity.choices].index(argument.choice)]
        return str(names.get(locale, game.source_locale) or argument.choice)
    if isinstance(argument, Listed):
        words = [str(rendered(game, item, locale)) for item in argument.items]
        if len(words) < 2:
            return "".join(words)
        return game.message("list_and", locale, items=LIST_COMMA.join(words[:-1]), last=words[-1])
    if isinstance(argument, Message):
        return game.message(argument.label, locale,
                            **{name: rendered(game, value, locale) for name, value in argument.args})
    return argument


class KernelLine(str):
    """Words the kernel writes itself: a message of the game with its arguments, or an entity's name (the subject of
    a quoted note)."""

    said: Argument

    def __new__(cls, text: str, said: Argument) -> KernelLine:
        line = super().__new__(cls, text)
        line.said = said
        return line

    @classmethod
    def of(cls, game: CompiledGame, label: str, **args: Argument) -> KernelLine:
        """The line of message `label` with `args`, reading as its English."""
        return cls.saying(game, Message(label, tuple(args.items())))

    @classmethod
    def saying(cls, game: CompiledGame, said: Argument) -> KernelLine:
        """The words of `said` (a message, an entity), reading as their English."""
        return cls(str(rendered(game, said, LINES_LOCALE)), said)

    def __getnewargs__(self) -> tuple[str, Argument]:  # type: ignore[override]
        """What pickling needs to make the line again (simulate's worker processes)."""
        return str(self), self.said

    def in_locale(self, game: CompiledGame, locale: str) -> str:
        """The line in `locale`: the message rendered there, its entities by their names there."""
        return str(rendered(game, self.said, locale))


class QuotedNote(str):
    """`subject: note`, the note being the editor's note `key`; the subject is a `KernelLine` (words that `play`
    prints in the player's language), or a plain name."""

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


def quoted_note(game: CompiledGame, kind: str, entity_id: str, about: str | None = None) -> QuotedNote:
    """The `note:` of the entity `kind`/`entity_id` quoted under its name; `about` names the subject instead when
    the note speaks for more than the entity (a message of the game: the journey cards, whose first one holds it)."""
    entity = game.get(kind, entity_id)
    subject = KernelLine.of(game, about) if about else KernelLine.saying(game, Named(kind, entity_id))
    return QuotedNote(subject, entity.note, f"note/{kind}/{entity_id}")
