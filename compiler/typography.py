"""Typesetting of the sheets' text, so that every game prints alike whatever its authors typed.

Content is written with whatever apostrophe and spaces its authors' keyboards gave (Vindication's French has
straight apostrophes, Oath's typographic ones); the sheets print each language by its own rules, the same for
every game:

- every language: an apostrophe inside a word is the typographic one (U+2019), as in "l’Exil" or "Пам’ятка";
- French: no line may break before a high punctuation mark or inside guillemets, so the space before ; ! ?
  and inside « » is a narrow no-break space (U+202F), and the one before : a no-break space (U+00A0), as the
  Imprimerie nationale's rules and French keyboards' layouts have it. A mark glued to its word gets its space.

The sheets apply it to the whole HTML they render (`typeset_html`), so that the punctuation the templates put
between texts ("**Action**: …", "a; b") is typeset like the content's.
"""

from __future__ import annotations

import html
import re

APOSTROPHE = re.compile(r"(?<=\w)'(?=\w)")
NARROW_NBSP = "\u202f"
NBSP = "\u00a0"
_FRENCH_SPACES = (
    (re.compile(r"(?<=[^\s(\[«])[ \u00a0\u202f]*([;!?])"), NARROW_NBSP + r"\1"),
    (re.compile(r"(?<=\S)[ \u00a0\u202f]+:"), NBSP + ":"),
    (re.compile(r"(?<=\w):(?=\s|$)"), NBSP + ":"),
    (re.compile(r"«[ \u00a0\u202f]*"), "«" + NARROW_NBSP),
    (re.compile(r"[ \u00a0\u202f]*»"), NARROW_NBSP + "»"),
)


def typeset(text: str, locale: str) -> str:
    """The text as the sheets print it in `locale` (plain text, before any HTML escaping)."""
    text = APOSTROPHE.sub("\u2019", text)
    if locale.split("_")[0] == "fr":
        for pattern, replacement in _FRENCH_SPACES:
            text = pattern.sub(replacement, text)
    return text


_PARTS = re.compile(r"(<style\b.*?</style>|<code\b.*?</code>|<[^>]*>)", re.S)
"""Tags, and the elements whose text is not prose: CSS, and code (paths, ids)."""


def typeset_html(document: str, locale: str) -> str:
    """`typeset` applied to every text of an HTML document, never inside a tag, a <style> or a <code>. A text
    is typeset with the last character of the text before it, so that a colon right after </strong> gets its
    space."""
    parts = _PARTS.split(document)
    before = " "
    for index in range(0, len(parts), 2):
        text = html.unescape(parts[index])
        if not text:
            continue
        parts[index] = html.escape(typeset(before + text, locale)[1:], quote=False)
        before = text[-1]
    return "".join(parts)
