"""The markup of content texts as printed (sheets, `show`): `[term]` a glossary term or icon, `{name}` a number from
the entity's params, `**bold**` and `_italic_` (reminder text). The checker's looser patterns, which find malformed
markup too, are link.py's."""

from __future__ import annotations

import re

TERM = re.compile(r"\[([a-z][a-z0-9_]*)\]")
PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_]*)\}")
BOLD = re.compile(r"\*\*(.+?)\*\*")
ITALIC = re.compile(r"(?<![\w])_(.+?)_(?![\w])")
