"""Stage 5d, emit: CLDR plural rules of a game's locales as plain Python, for the runtime.

The runtime must say "21 карта" and "22 карти" without importing Babel: the rules lowered to whole counts
(compiler/cldr.py) are printed as Python functions, one per locale the game declares.
"""

from __future__ import annotations

from .cldr import lower_locale, python_of
from .emit_python import header
from .link import LinkedGame

HELPERS = '''def IN(value: int, ranges: tuple[tuple[int, int], ...]) -> bool:
    return any(low <= value <= high for low, high in ranges)'''


def emit_plurals(linked: LinkedGame) -> str:
    functions = []
    for locale in linked.game.locales:
        lines = [f"def _{locale}(n: int) -> str:",
                 "    n = abs(n)"]
        lines += [f"    if {python_of(condition)}:\n        return {category!r}"
                  for category, condition in lower_locale(locale)]
        functions.append("\n".join(lines + ["    return 'other'"]))
    table = "".join(f"    {loc!r}: _{loc},\n" for loc in linked.game.locales)
    return "\n\n\n".join([
        header(linked.name) + f'\n"""CLDR plural categories of {linked.name}\'s locales, for counts (whole numbers)."""\n'
        "\nfrom collections.abc import Callable",
        HELPERS,
        *functions,
        f"RULES: dict[str, Callable[[int], str]] = {{\n{table}}}\n\n\n"
        "def category(locale: str, count: int) -> str:\n"
        '    """one, few, many, other … of `count` in `locale`, by CLDR."""\n'
        "    return RULES[locale](count)",
    ]) + "\n"
