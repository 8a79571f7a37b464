"""`show` prints texts as the sheets do (numbers, icons and terms filled in); `list` gives a kind's ids and names,
sorted as the locale sorts."""

from __future__ import annotations

import json

import pytest

from conftest import REPO, run
from lawforge.compiler.collation import collator_key


def _show(*args: str) -> str:
    result = run("show", *args, "--root", str(REPO))
    assert result.exit_code == 0, result.output
    return result.output


def test_show_prints_icons_as_the_locales_words() -> None:
    output = _show("oath", "site", "salt_flats", "--locale", "uk")
    assert "ви можете забрати один фавор або секрет з цієї місцевості." in output
    assert "[favor]" not in output and "[secret]" not in output


def test_show_fills_in_the_params() -> None:
    output = _show("oath", "denizen", "code_of_honor", "--locale", "fr")
    assert "  text: ±2 dé d’attaque, mais vous ne pouvez pas utiliser d’autres Plans de Bataille." in output
    assert "{n}" not in output and "**" not in output


def test_show_every_locale_one_line_each() -> None:
    lines = _show("oath", "denizen", "alchemist").splitlines()
    text = lines.index("  text:")
    assert lines[text + 1:text + 4] == [
        "    en  Action: Gain 4 favor from any favor bank or banks.",
        "    fr  Action : gagnez 4 faveur d’une ou de plusieurs banques de faveur de votre choix.",
        "    uk  Дія: отримайте 4 фавор з будь-якого запасу масті або з кількох.",
    ]


def test_show_styles_bold_and_icons_on_a_terminal_only() -> None:
    coloured = _show("oath", "denizen", "alchemist", "--locale", "en", "--color", "always")
    assert "\x1b[1mAction\x1b[0m: Gain 4 \x1b[35mfavor\x1b[0m from any" in coloured
    assert "\x1b[" not in _show("oath", "denizen", "alchemist", "--locale", "en")


def test_show_json_keeps_the_compiled_text() -> None:
    denizen = json.loads(_show("oath", "denizen", "alchemist", "--locale", "en", "--format", "json"))
    assert denizen["text"] == "**Action**: Gain {n} [favor] from any favor bank or banks."


def test_collation_of_each_locale() -> None:
    uk = ["яблуко", "ґава", "гора", "їжак", "іній", "иній", "йод", "єнот", "епос", "Ґанок"]
    assert sorted(uk, key=collator_key("uk")) == ["гора", "ґава", "Ґанок", "епос", "єнот", "иній", "іній", "їжак", "йод",
                                              "яблуко"]
    fr = ["zèbre", "École", "étage", "abri", "Œuf", "ours"]
    assert sorted(fr, key=collator_key("fr")) == ["abri", "École", "étage", "Œuf", "ours", "zèbre"]


def test_list_sorts_names_as_the_locale_does() -> None:
    result = run("list", "oath", "denizen", "--locale", "uk", "--root", str(REPO))
    assert result.exit_code == 0, result.output
    names = [line.split(None, 1)[1] for line in result.output.splitlines()]
    assert len(names) == 198
    assert names.index("Кипляче Озеро") < names.index("Кінний Патруль") < names.index("Клубчастий Туман")
    assert names.index("Інквізитор") < names.index("Капітани")  # і is no letter after я
    rows = json.loads(run("list", "oath", "denizen", "--locale", "fr", "--format", "json", "--root", str(REPO)).output)
    french = [row["name"] for row in rows]
    assert french.index("Donjon") < french.index("École de Sorcellerie") < french.index("Encerclement")
    assert {"id": "alchemist", "name": "Alchimiste"} in rows


def test_list_in_the_source_locale_by_default() -> None:
    result = run("list", "oath", "suit", "--root", str(REPO))
    assert result.output.splitlines() == ["arcane   Arcane", "beast    Beast", "discord  Discord", "hearth   Hearth",
                                          "nomad    Nomad", "order    Order"]


@pytest.mark.parametrize(("args", "message"), [
    (("oat", "suit"), "error: no game 'oat' in "),
    (("oat", "suit"), "did you mean 'oath'?"),
    (("oath", "sute"), "error: oath has no entity kind 'sute' (kinds: action, "),
    (("oath", "sute"), "did you mean 'suit'?"),
    (("oath", "suit", "--locale", "de"), "error: oath has no locale 'de' (locales: en, fr, uk)"),
])
def test_list_errors(args: tuple[str, ...], message: str) -> None:
    result = run("list", *args, "--root", str(REPO))
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output


def test_show_suggests_the_closest_id() -> None:
    result = run("show", "oath", "site", "salt_flat", "--root", str(REPO))
    assert result.exit_code == 1 and "oath has no site with id 'salt_flat'; did you mean 'salt_flats'?" in result.output


def test_list_has_help() -> None:
    result = run("list", "--help")
    assert result.exit_code == 0 and "--locale" in result.output and "--root" in result.output
