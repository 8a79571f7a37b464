"""The emitted plural rules: one canonical form whatever the rule's spelling, and CLDR's categories for every count."""

from __future__ import annotations

import pytest
from babel import Locale
from babel.plural import PluralRule

from lawforge.compiler.cldr import lower_locale, lower_rule, python_of
from lawforge.compiler.emit_plurals import HELPERS


def lowered(rule: str) -> str:
    return python_of(lower_rule(dict(PluralRule({"one": rule}).abstract)["one"]))


@pytest.mark.parametrize("spellings", [
    ["i = 0,1", "i = 0..1", "i = 1,0", "n = 0..1 and v = 0", "i = 0 or i = 1"],
    ["n % 10 = 2..4 and n % 100 != 12..14", "n % 100 != 12..14 and n % 10 = 2,3,4"],
    ["i = 1 and v = 0", "n = 1", "v = 0 and i = 1"],
])
def test_spellings_of_one_rule_emit_the_same_text(spellings: list[str]) -> None:
    assert len({lowered(rule) for rule in spellings}) == 1


def test_operands_that_are_zero_for_whole_numbers_fold_away() -> None:
    assert lowered("e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5") == \
        "(IN(n % 1000000, ((0, 0),)) and not IN(n, ((0, 0),)))"
    assert lowered("v != 0") == "False"


@pytest.mark.parametrize("locale", ["en", "fr", "uk", "de", "pl", "ar", "ru", "cy", "br", "kw", "ja", "pt", "lt"])
def test_lowered_rules_give_cldr_categories(locale: str) -> None:
    namespace: dict[str, object] = {}
    exec(HELPERS, namespace)
    rules = [(category, compile(python_of(condition), locale, "eval")) for category, condition in lower_locale(locale)]
    cldr = Locale.parse(locale).plural_form
    for n in range(0, 3000):
        got = next((category for category, code in rules if eval(code, namespace, {"n": n})), "other")
        assert got == cldr(n), (locale, n)
