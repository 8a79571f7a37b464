"""Stage 5d, emit: CLDR plural rules of a game's locales as plain Python, for the runtime.

The runtime must say "21 карта" and "22 карти" without importing Babel. Babel parses each
locale's CLDR rule; this module lowers the parsed rule to one canonical expression over whole
counts: the operands that are zero for a whole number (v, w, f, t, c, e) are folded away, `n` and
`i` are the same operand, and every range list is sorted and merged. Two spellings of one rule
("i = 0,1" and "i = 0..1") therefore emit the same bytes, whatever Babel version parsed them.
"""

from __future__ import annotations

from babel import Locale

from .emit_python import header
from .link import LinkedGame

ZERO_FOR_WHOLE_NUMBERS = frozenset("vwftce")
"""CLDR operands that are 0 for a count without fraction digits or exponent."""

CATEGORY_ORDER = ("zero", "one", "two", "few", "many")
"""CLDR's own order of the categories; `other` is what no rule matches."""

Condition = tuple | bool
"""A lowered rule: ("in", operand, ranges), ("not", c), ("and" | "or", [c, …]), or a folded constant."""


def merged_ranges(pairs: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """(low, high) pairs as sorted, disjoint, non-adjacent ranges."""
    merged: list[list[int]] = []
    for low, high in sorted(pairs):
        if merged and low <= merged[-1][1] + 1:
            merged[-1][1] = max(merged[-1][1], high)
        else:
            merged.append([low, high])
    return tuple((low, high) for low, high in merged)


def lower_relation(relation: tuple) -> Condition:
    _method, (op, args), (_, range_list) = relation
    name, modulus = (args[0][0], args[1][1][0]) if op == "mod" else (op, None)
    ranges = merged_ranges([(low[1][0], high[1][0]) for low, high in range_list])
    if name in ZERO_FOR_WHOLE_NUMBERS:
        return any(low <= 0 <= high for low, high in ranges)
    return ("in", "n" if modulus is None else f"n % {modulus}", ranges)


def lower_rule(node: tuple) -> Condition:
    """A parsed CLDR rule as a canonical condition: constants folded, chains of one operator flattened."""
    op, args = node
    if op == "relation":
        return lower_relation(args)
    if op == "not":
        inner = lower_rule(args[0])
        return (not inner) if isinstance(inner, bool) else ("not", inner)
    if op in ("and", "or"):
        absorbing = op == "or"
        parts: list[Condition] = []
        for arg in args:
            lowered = lower_rule(arg)
            if lowered is absorbing:
                return absorbing
            if not isinstance(lowered, bool):
                parts.extend(lowered[1] if lowered[0] == op else [lowered])
        parts = combine_ranges(op, parts)
        if parts is absorbing or not parts:
            return absorbing if parts is absorbing else not absorbing
        return parts[0] if len(parts) == 1 else (op, sorted(parts, key=python_of))
    raise ValueError(f"unknown CLDR plural rule node {op!r}")


def combine_ranges(op: str, parts: list[Condition]) -> list[Condition] | bool:
    """Relations on one operand made one: their ranges joined under `or`, intersected under `and`
    (an empty intersection is False). `i = 0 or i = 1` is then `i = 0..1`."""
    ranges: dict[str, tuple[tuple[int, int], ...]] = {}
    others: list[Condition] = []
    for part in parts:
        if not (isinstance(part, tuple) and part[0] == "in"):
            others.append(part)
        elif (known := ranges.get(part[1])) is None:
            ranges[part[1]] = part[2]
        elif op == "or":
            ranges[part[1]] = merged_ranges([*known, *part[2]])
        else:
            ranges[part[1]] = merged_ranges([(max(a, c), min(b, d)) for a, b in known for c, d in part[2]
                                             if max(a, c) <= min(b, d)])
    if op == "and" and any(not pairs for pairs in ranges.values()):
        return False
    return others + [("in", operand, pairs) for operand, pairs in ranges.items()]


def python_of(condition: Condition) -> str:
    if isinstance(condition, bool):
        return repr(condition)
    if condition[0] == "in":
        return f"IN({condition[1]}, {condition[2]!r})"
    if condition[0] == "not":
        return f"not {python_of(condition[1])}"
    return "(" + f" {condition[0]} ".join(python_of(part) for part in condition[1]) + ")"


def lower_locale(locale: str) -> list[tuple[str, str]]:
    """(category, condition) of every category a whole count can reach, in CLDR order."""
    rules = dict(Locale.parse(locale).plural_form.abstract)
    lowered = []
    for category in CATEGORY_ORDER:
        if category in rules:
            condition = lower_rule(rules[category])
            if condition is not False:
                lowered.append((category, python_of(condition)))
    return lowered


HELPERS = '''def IN(value: int, ranges: tuple[tuple[int, int], ...]) -> bool:
    return any(low <= value <= high for low, high in ranges)'''


def emit_plurals(linked: LinkedGame) -> str:
    functions = []
    for locale in linked.game.locales:
        lines = [f"def _{locale.replace('-', '_')}(n: int) -> str:",
                 "    n = abs(n)"]
        lines += [f"    if {condition}:\n        return {category!r}" for category, condition in lower_locale(locale)]
        functions.append("\n".join(lines + ["    return 'other'"]))
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
