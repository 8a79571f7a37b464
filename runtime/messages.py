"""The message format of player-facing texts (docs/translating.md, "Messages"): parse a template, render it.

A template is text with arguments in braces, as in ICU MessageFormat but smaller:

- `{site}` prints an argument;
- `{seat:gen}` prints a declared form of an argument filled with another label (its `forms`, e.g. the Ukrainian
  genitive after "проти");
- `{count, plural, one {# card} other {# cards}}` picks the branch of the number's CLDR plural category in the
  locale, `#` in it printing the number.

The compiler checks every template with `parse` (a `MessageError` names the offset of the fault); the runtime renders
them with `render`. Parsing is cached: a template is parsed once per process.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Union

NAME = re.compile(r"[a-z][a-z0-9_]*")
SPACE = re.compile(r"\s*")


class MessageError(ValueError):
    """A template that does not parse: `offset` is where in the template the fault is, `token` what is there."""

    def __init__(self, reason: str, offset: int, token: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.offset = offset
        self.token = token


@dataclass(frozen=True, slots=True)
class Argument:
    """`{name}`, or `{name:form}` for a declared form of the words filling it."""

    name: str
    form: str | None
    offset: int


@dataclass(frozen=True, slots=True)
class Plural:
    """`{name, plural, one {…} other {…}}`: a branch per CLDR plural category, `#` in one printing the number."""

    name: str
    branches: tuple[tuple[str, tuple[Node, ...]], ...]
    offset: int


class Number:
    """`#` in a plural branch: the number the branch was chosen by."""


NUMBER = Number()
Node = Union[str, Argument, Plural, Number]


class Phrase(str):
    """Rendered words that also carry their other grammatical forms (`forms["gen"]`), for a template that takes
    them as an argument and asks for one (`{seat:gen}`)."""

    forms: Mapping[str, str]

    def __new__(cls, text: str, forms: Mapping[str, str] | None = None) -> Phrase:
        phrase = super().__new__(cls, text)
        phrase.forms = dict(forms or {})
        return phrase


Value = Union[str, int]


@lru_cache(maxsize=4096)
def parse(template: str) -> tuple[Node, ...]:
    """The template's parts, or a MessageError at the first fault (unbalanced braces, a malformed argument)."""
    nodes, end = _parse(template, 0, in_plural=False)
    if end < len(template):
        raise MessageError("'}' closes nothing", end, "}")
    return nodes


def _parse(template: str, start: int, in_plural: bool) -> tuple[tuple[Node, ...], int]:
    """Parts from `start` to the end of the template or, inside a plural branch, to its closing brace."""
    nodes: list[Node] = []
    literal: list[str] = []
    at = start
    while at < len(template):
        char = template[at]
        if char == "}":
            break
        if char == "#" and in_plural:
            nodes += ["".join(literal), NUMBER] if literal else [NUMBER]
            literal = []
            at += 1
            continue
        if char != "{":
            literal.append(char)
            at += 1
            continue
        if literal:
            nodes.append("".join(literal))
            literal = []
        node, at = _placeholder(template, at)
        nodes.append(node)
    if literal:
        nodes.append("".join(literal))
    return tuple(nodes), at


def _placeholder(template: str, start: int) -> tuple[Node, int]:
    """The argument or plural opening at `start` (a '{'), and the offset after its closing brace."""
    name = NAME.match(template, start + 1)
    if name is None:
        raise MessageError("'{' must open an argument name (lowercase letters, digits, _)", start,
                           template[start:start + 2])
    at = name.end()
    if template.startswith(":", at):
        form = NAME.match(template, at + 1)
        if form is None or not template.startswith("}", form.end()):
            raise MessageError("a form is written {name:form}", start, template[start:at + 1])
        return Argument(name.group(), form.group(), start), form.end() + 1
    if template.startswith("}", at):
        return Argument(name.group(), None, start), at + 1
    keyword = re.compile(r"\s*,\s*plural\s*,").match(template, at)
    if keyword is None:
        raise MessageError("an argument is written {name}, {name:form} or {name, plural, …}", start,
                           template[start:at + 1])
    at = keyword.end()
    branches: list[tuple[str, tuple[Node, ...]]] = []
    while True:
        at = SPACE.match(template, at).end()  # type: ignore[union-attr]
        if at >= len(template):
            raise MessageError("the '{' of this plural is never closed", start, template[start:start + 2])
        if template.startswith("}", at):
            break
        category = NAME.match(template, at)
        if category is None:
            raise MessageError("a plural branch is written `category {text}`, and the plural closed with '}'", at,
                               template[at:at + 1] or "{")
        at = SPACE.match(template, category.end()).end()  # type: ignore[union-attr]
        if not template.startswith("{", at):
            raise MessageError(f"the plural branch {category.group()!r} needs its text in braces", at,
                               category.group())
        nodes, at = _parse(template, at + 1, in_plural=True)
        if at >= len(template):
            raise MessageError("the '{' of this branch is never closed", category.start(), category.group())
        branches.append((category.group(), nodes))
        at += 1
    if not branches:
        raise MessageError("a plural needs at least its 'other' branch", start, template[start:at + 1])
    return Plural(name.group(), tuple(branches), start), at + 1


def parts(template: str) -> list[Argument | Plural]:
    """Every argument and plural of the template, nested ones included, in order."""
    found: list[Argument | Plural] = []

    def walk(nodes: tuple[Node, ...]) -> None:
        for node in nodes:
            if isinstance(node, (Argument, Plural)):
                found.append(node)
            if isinstance(node, Plural):
                for _category, branch in node.branches:
                    walk(branch)
    walk(parse(template))
    return found


def arguments(template: str) -> dict[str, Argument | Plural]:
    """Each argument the template names, with the first part that names it."""
    found: dict[str, Argument | Plural] = {}
    for part in parts(template):
        found.setdefault(part.name, part)
    return found


def render(template: str, args: Mapping[str, Value], category: Callable[[int], str]) -> str:
    """The template with its arguments filled; `category` gives a number's CLDR plural category in the locale."""
    return _render(parse(template), args, category, None)


def _render(nodes: tuple[Node, ...], args: Mapping[str, Value], category: Callable[[int], str],
            number: int | None) -> str:
    out: list[str] = []
    for node in nodes:
        if isinstance(node, str):
            out.append(node)
        elif isinstance(node, Number):
            out.append(str(number))
        elif isinstance(node, Argument):
            value = args[node.name]
            forms = getattr(value, "forms", {})
            out.append(forms.get(node.form, str(value)) if node.form else str(value))
        else:
            count = int(args[node.name])
            branches = dict(node.branches)
            branch = branches.get(category(count), branches.get("other", ()))
            out.append(_render(branch, args, category, count))
    return "".join(out)
