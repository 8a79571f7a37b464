"""The message format (runtime/messages.py): plurals by CLDR category, forms of phrases, the source-locale fallback,
and the sentences of issue 22 that came out ungrammatical when names were glued into them."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import REPO, run
from lawforge.compiler.po_import import _problem
from lawforge.runtime import load
from lawforge.runtime.games import new_state
from lawforge.runtime.margraves.describe import _name as margraves_name
from lawforge.runtime.messages import MessageError, Phrase, arguments, parse, render

SECRETS = "{n, plural, one {# секрет} few {# секрети} many {# секретів} other {# секрету}}"


@pytest.mark.parametrize(("count", "said"), [(1, "1 секрет"), (3, "3 секрети"), (5, "5 секретів"), (21, "21 секрет"),
                                             (12, "12 секретів")])
def test_a_plural_picks_the_cldr_category_of_the_locale(count: int, said: str) -> None:
    assert render(SECRETS, {"n": count}, load("oath").plurals.RULES["uk"]) == said


def test_a_form_is_taken_from_the_phrase_that_fills_the_argument() -> None:
    seat = Phrase("гравець на місці 2", {"gen": "гравця на місці 2"})
    assert render("Похід проти {seat:gen}", {"seat": seat}, str) == "Похід проти гравця на місці 2"
    assert render("{seat}", {"seat": seat}, str) == "гравець на місці 2"


@pytest.mark.parametrize(("template", "offset", "reason"), [
    ("a {b", 2, "an argument is written"),
    ("a }", 2, "'}' closes nothing"),
    ("{n, plural, one {#} other {#}", 0, "never closed"),
    ("{N}", 0, "must open an argument name"),
    ("{n, select, a {b}}", 0, "an argument is written"),
])
def test_a_broken_template_names_where(template: str, offset: int, reason: str) -> None:
    with pytest.raises(MessageError) as raised:
        parse(template)
    assert raised.value.offset == offset and reason in raised.value.reason


def test_the_arguments_of_a_template_include_those_inside_plurals() -> None:
    assert sorted(arguments("{site}: {n, plural, one {# {what}} other {#}} {seat:gen}")) == ["n", "seat", "site", "what"]


def test_oath_says_the_issues_sentences_grammatically() -> None:
    oath = load("oath")
    unseen = oath.message("unseen_card", "fr")
    assert oath.message("move_choose_adviser", "fr", card=unseen) == \
        "Garder une carte face cachée que vous n’avez pas vue comme premier Conseiller"
    seat = oath.message("seat_player", "uk", seat=2, role="Узурпатор")
    assert oath.message("move_campaign", "uk", seat=seat) == "Похід проти гравця на місці 2 (Узурпатор)"
    assert oath.message("move_campaign", "fr", seat=oath.message("seat_player", "fr", seat=2, role="Usurpateur")) == \
        "Campagne contre le joueur de la place 2 (Usurpateur)"
    assert oath.message("move_give_warband", "fr", seat=oath.message("seat_player", "fr", seat=1, role="Exilé")) == \
        "Donner une Troupe de votre plateau au joueur de la place 1 (Exilé)"


def test_oath_offers_the_first_advisers_as_sentences() -> None:
    state = new_state("oath", 3, 1)
    said = [state.describe(action, "uk") for action in state.legal_actions()]
    assert said and all(s.startswith("Залишити карту «") and s.endswith("» першим радником") for s in said), said


@pytest.mark.parametrize("game", ["root", "vindication"])
def test_a_locale_the_game_lacks_reads_in_its_source_locale(game: str) -> None:
    state = new_state(game, 2, 1)
    source = load(game).source_locale
    assert [state.describe(a, "de") for a in state.legal_actions()] == \
        [state.describe(a, source) for a in state.legal_actions()]


def test_a_margraves_monster_without_a_name_is_said_by_its_lair() -> None:
    game = load("margraves")
    unnamed = next(monster for monster in game.entities("monster") if monster.name is None)
    said = margraves_name(game, unnamed, "uk")
    assert unnamed.id.name.lower() not in said
    assert game.entities("lair")[int(unnamed.lair)].name.uk in said


def test_a_po_translation_keeps_the_templates_arguments() -> None:
    source = "Recover {banner} with {amount, plural, one {# secret} other {# secrets}}"
    assert _problem(source, "Відновити «{banner}», віддавши " + SECRETS.replace("{n,", "{amount,"), set()) is None
    assert "differ" in (_problem(source, "Відновити {banner}", set()) or "")
    assert "broken placeholder" in (_problem(source, "Відновити {banner} {amount, plural, one {#}", set()) or "")


def test_the_po_file_tells_translators_how_to_write_a_message(tmp_path: Path) -> None:
    out = tmp_path / "oath.uk.po"
    assert run("i18n", "export", "oath", "--locale", "uk", "-o", str(out), "--root", str(REPO)).exit_code == 0
    entry = out.read_text(encoding="utf-8").split('msgctxt "label/move_recover_banner/text"')[0].rsplit("\n\n", 1)[1]
    assert "#. a message (docs/translating.md): keep the arguments {banner} {amount}" in entry
    assert "one branch per plural category (one, few, many, other); # prints the number" in entry
