"""Alphabetical order as a reader of each language expects it, for the sheets' card lists and index.

Python's own order sorts by code point: "Élan" after "Zèbre", "Ґава" after "Яма", capitals before small
letters. The sheets sort by the Unicode Collation Algorithm instead (pyuca, with the Default Unicode Collation
Element Table, DUCET 10.0.0): accents, case and punctuation count only to break ties, œ sorts as oe, and the
Cyrillic letters follow the Ukrainian alphabet (г ґ, е є, и і ї й). This is what the CLDR collations of
English, French (France) and Ukrainian give for names: their tailorings change nothing that a card name uses,
so one table serves every locale; a language that needs a tailoring adds it here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from typing import Any, TypeVar

T = TypeVar("T")


@cache
def _default_collator() -> Any:
    """Built once, in half a second, by the first sort."""
    from pyuca import Collator

    return Collator()


def _collator(locale: str) -> Any:
    """The collator of a locale: the default table for every locale the games have (see above)."""
    return _default_collator()


def sort_key(text: str, locale: str) -> tuple[int, ...]:
    """The UCA sort key of `text` in `locale`."""
    return tuple(_collator(locale).sort_key(text))


def sorted_by_name(items: Iterable[T], name: Callable[[T], str], locale: str) -> list[T]:
    """`items` in the alphabetical order of their names in `locale`; equal names keep their order."""
    return sorted(items, key=lambda item: sort_key(name(item), locale))
