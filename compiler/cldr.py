"""What CLDR (through Babel) says of a locale: whether it knows it, its plural categories, and its plural rules
lowered to whole counts, printed as Python (the runtime's generated `plurals` module) or as C (a PO file's
`Plural-Forms`).

Babel parses each locale's CLDR rule; this module lowers the parsed rule to one canonical expression over whole
counts: the operands that are zero for a whole number (v, w, f, t, c, e) are folded away, `n` and `i` are the same
operand, and every range list is sorted and merged. Two spellings of one rule ("i = 0,1" and "i = 0..1") therefore
give the same bytes, whatever Babel version parsed them.
"""

from __future__ import annotations

from babel import Locale, UnknownLocaleError

ZERO_FOR_WHOLE_NUMBERS = frozenset("vwftce")
"""CLDR operands that are 0 for a count without fraction digits or exponent."""

CATEGORY_ORDER = ("zero", "one", "two", "few", "many")
"""CLDR's own order of the categories; `other` is what no rule matches."""
ALL_CATEGORIES = (*CATEGORY_ORDER, "other")

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


def known(locale: str) -> bool:
    """Whether CLDR has data for the locale code (plural rules above all)."""
    try:
        Locale.parse(locale)
    except (UnknownLocaleError, ValueError):
        return False
    return True


def categories(locale: str) -> tuple[str, ...]:
    """The plural categories of the locale, in CLDR's order, `other` last: (one, few, many, other) for uk. A PO
    file's msgstr[i] is the i-th of them."""
    tags = Locale.parse(locale).plural_form.tags | {"other"}
    return tuple(category for category in ALL_CATEGORIES if category in tags)


def lower_locale(locale: str) -> list[tuple[str, Condition]]:
    """(category, condition) of every category a whole count can reach but `other`, in CLDR order."""
    rules = dict(Locale.parse(locale).plural_form.abstract)
    lowered: list[tuple[str, Condition]] = []
    for category in CATEGORY_ORDER:
        if category in rules:
            condition = lower_rule(rules[category])
            if condition is not False:
                lowered.append((category, condition))
    return lowered


def c_of(condition: Condition) -> str:
    """A lowered condition in the C syntax of gettext's plural expressions."""
    if isinstance(condition, bool):
        return str(int(condition))
    if condition[0] == "in":
        operand = condition[1]
        tests = [f"{operand} == {low}" if low == high else f"({operand} >= {low} && {operand} <= {high})"
                 for low, high in condition[2]]
        return tests[0] if len(tests) == 1 else "(" + " || ".join(tests) + ")"
    if condition[0] == "not":
        return f"!({c_of(condition[1])})"
    joint = " && " if condition[0] == "and" else " || "
    return "(" + joint.join(c_of(part) for part in condition[1]) + ")"


def plural_forms(locale: str) -> str:
    """The `Plural-Forms` header of a PO file in `locale`, from CLDR: one msgstr per category of `categories`, so
    Ukrainian has nplurals=4 (one, few, many, other), where gettext's own tables say 3."""
    order = categories(locale)
    expression = str(len(order) - 1)
    for category, condition in reversed(lower_locale(locale)):
        expression = f"{c_of(condition)} ? {order.index(category)} : {expression}"
    return f"nplurals={len(order)}; plural=({expression});"
