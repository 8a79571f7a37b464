"""Stage 5d, emit: CLDR plural rules of a game's locales as plain Python, for the runtime.

The runtime must say "21 карта" and "22 карти" without importing Babel: at build time Babel's own
rule compiler turns each locale's CLDR rule into an expression over whole counts, emitted here.
"""

from __future__ import annotations

from babel import Locale
from babel.plural import _PythonCompiler

from .emit_python import header
from .link import LinkedGame

HELPERS = '''def IN(value: int, ranges: list[tuple[int, int]]) -> bool:
    return any(low <= value <= high for low, high in ranges)


def WITHIN(value: int, ranges: list[tuple[int, int]]) -> bool:
    return IN(value, ranges)


def MOD(value: int, modulus: int) -> int:
    return value % modulus'''


def emit_plurals(linked: LinkedGame) -> str:
    functions = []
    for locale in linked.game.locales:
        rule = Locale.parse(locale).plural_form
        lines = [f"def _{locale.replace('-', '_')}(n: int) -> str:",
                 "    i = n = abs(n)  # CLDR operands of a whole number: no fraction digits, no exponent",
                 "    v = w = f = t = c = e = 0"]
        body = [f"    if {_PythonCompiler().compile(ast)}:\n        return {str(tag)!r}" for tag, ast in rule.abstract]
        functions.append("\n".join(lines + body + ["    return 'other'"]))
    table = "".join(f"    {loc!r}: _{loc.replace('-', '_')},\n" for loc in linked.game.locales)
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
