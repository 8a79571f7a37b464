"""Issue 22: what a player reads in French or Ukrainian holds no English. A seeded game of each game is played in
each language, every move offered, the summaries and the verdict read, and a sheet rendered; none of it may hold a
word of the English runtime texts (the en labels) that the game's French and Ukrainian texts do not also use."""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from conftest import REPO

from lawforge.runtime import load
from lawforge.runtime.games import new_state
from lawforge.runtime.text import PluralText, Text

WORD = re.compile(r"[A-Za-z]{3,}")
PLAYED = {"oath": 3, "root": 2, "margraves": 2, "vindication": 2}
"""Game → players; a random game of each seed is played to its end, each move offered described."""
SEEDS = (1, 2, 3)
LONGEST = 2000
"""Moves at most in one game (random games end within a few hundred)."""
TRANSLATIONS = ("fr", "uk")


def _texts(value: Any) -> Iterator[tuple[str, str]]:
    """(locale, text) of every player-facing text in a compiled entity, its nested parts and forms included."""
    if isinstance(value, Text):
        yield from value.as_dict().items()
    elif isinstance(value, PluralText):
        for locale in value.locales:
            for _category, text in value.forms(locale).items():  # type: ignore[union-attr]
                yield locale, text
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from _texts(getattr(value, field.name))
    elif isinstance(value, tuple):
        for item in value:
            yield from _texts(item)


def _words(text: str) -> set[str]:
    return {word.lower() for word in WORD.findall(re.sub(r"\{[^{}]*\}|\[[a-z_]+\]", " ", text))}


@cache
def english_words(game: str) -> frozenset[str]:
    """The words of the game's English labels that none of its French or Ukrainian texts uses (so not a name, a
    borrowing or a word both languages share)."""
    compiled = load(game)
    english: set[str] = set()
    translated: set[str] = set()
    texts = [text for kind in compiled.kinds for entity in compiled.entities(kind) for text in _texts(entity)]
    for locale, text in texts:
        if locale == "en":
            english |= _words(text)
        elif locale in TRANSLATIONS:
            translated |= _words(text)
    return frozenset(english - translated)


def played_lines(game: str, locale: str) -> list[str]:
    """Every move offered along seeded games, the summary before each move and the verdict, in `locale`."""
    lines = []
    for seed in SEEDS:
        state = new_state(game, PLAYED[game], seed)
        rng = random.Random(seed)
        for _ in range(LONGEST):
            if state.is_terminal():
                lines.append(state.verdict(locale))
                break
            actions = state.legal_actions()
            lines.append(state.summary(locale))
            lines += [state.describe(action, locale) for action in actions]
            state.apply(rng.choice(actions))
        assert state.is_terminal(), f"{game} seed {seed} did not end in {LONGEST} moves"
    return lines


def test_the_english_words_are_the_sources_own() -> None:
    """The list is built from the content: it holds the runtime's English words, not the names both share."""
    words = english_words("oath")
    assert {"campaign", "against", "keep", "travel"} <= words
    assert "oath" not in words  # the game's name, printed as it is in every language


@pytest.mark.parametrize("locale", TRANSLATIONS)
@pytest.mark.parametrize("game", sorted(PLAYED))
def test_a_played_game_reads_without_english(game: str, locale: str) -> None:
    english = english_words(game)
    leaks = sorted({(word, line) for line in played_lines(game, locale) for word in _words(line) & english})
    assert leaks == [], f"{len(leaks)} English words in {game} {locale}, e.g. {leaks[:5]}"


@cache
def _linked(game: str) -> Any:
    from lawforge.compiler.frontend import check_game
    from lawforge.compiler.workspace import Workspace

    linked, _ = check_game(Workspace.open(REPO), game)
    assert linked is not None
    return linked


@pytest.mark.parametrize("locale", TRANSLATIONS)
@pytest.mark.parametrize("game", ["root", "margraves"])
def test_a_sheet_reads_without_english(game: str, locale: str) -> None:
    """The player edition, its headings and the names of kinds and ranks included."""
    from lawforge.compiler.sheets import render_html

    linked = _linked(game)
    html = render_html(linked, locale)
    body = re.sub(r"<[^>]+>", " ", html[html.index("<body"):])
    written = {word for entry in linked.texts for code, text in entry.text.root.items()
               if code in TRANSLATIONS and text for word in _words(text)}  # game.yaml's texts too
    leaks = sorted(_words(body) & english_words(game) - written)
    assert leaks == []


def _kernel_lines(game: str) -> list[Any]:
    """The placeholder lines each kernel writes itself (`KernelLine`, or the subject of a quoted note: never plain
    English), every kind of them: Oath's lines of play built as its kernel builds them, Root's of every faction, seated
    or not, Vindication's with the modules that bring their own."""
    from lawforge.runtime.games import kernel_of
    from lawforge.runtime.notes import KernelLine, Named, QuotedNote

    if game == "oath":
        compiled = load(game)
        lines = list(new_state(game, 4, 1).placeholders) + [
            KernelLine.of(compiled, "placeholder_random_pawn", seat=2),
            KernelLine.of(compiled, "placeholder_cancelled_action", action=Named("action", "travel"))]
    elif game == "root":
        lines = [line for _faction, line in kernel_of(load(game)).tables.placeholders]
    elif game == "vindication":
        lines = [line for modules in (["base", "traitrise", "temple_en_ruines", "pierres_sacrees"],
                                      ["base", "guildes", "menagerie", "joaillier", "sites_de_construction"])
                 for line in new_state(game, 3, 4, modules=modules, options={"last_turn": "turn"}).placeholders]
    else:
        lines = list(new_state(game, 3, 1).placeholders)
    said = [line.subject if isinstance(line, QuotedNote) else line for line in lines]
    assert all(isinstance(line, KernelLine) for line in said), [line for line in said if type(line) is str]
    return said


SHARED_WORDS = frozenset({"faction", "factions", "impossible", "option", "points", "segments", "sites", "tables",
                          "vagabond", "playbook", "iii"})
"""French words spelled as their English, the French rulebook's own "Playbook", and the rule number 12.5.3.III."""


def _names(game: Any, argument: Any, locale: str) -> Iterator[str]:
    """The names in `locale` of the entities and choices an argument shows (a name may be the same in English)."""
    from lawforge.runtime.notes import Chosen, Listed, Message, Named, rendered

    if isinstance(argument, (Named, Chosen)):
        yield str(rendered(game, argument, locale))
    elif isinstance(argument, Listed):
        for item in argument.items:
            yield from _names(game, item, locale)
    elif isinstance(argument, Message):
        for _name, value in argument.args:
            yield from _names(game, value, locale)


def _ids(argument: Any) -> Iterator[str]:
    """The raw ids an argument of a message names (entities, choices), nested lists and messages included."""
    from lawforge.runtime.notes import Chosen, Listed, Message, Named

    if isinstance(argument, Named):
        yield argument.id
    elif isinstance(argument, Chosen):
        yield from (argument.id, argument.choice)
    elif isinstance(argument, Listed):
        for item in argument.items:
            yield from _ids(item)
    elif isinstance(argument, Message):
        for _name, value in argument.args:
            yield from _ids(value)


@pytest.mark.parametrize("game", sorted(PLAYED))
def test_the_kernels_placeholder_lines_read_in_the_players_language(game: str) -> None:
    """Issue 22: the lines a kernel writes itself print in French and Ukrainian with no English word (of the game's
    English texts, or of the line's own English but the names it shows) and no raw id (entities by their names), and
    survive pickling (simulate's workers)."""
    import pickle

    from lawforge.runtime.notes import Message

    compiled, english = load(game), english_words(game)
    lines = _kernel_lines(game)
    assert lines, f"{game} writes placeholder lines of its own"
    for line in lines:
        assert pickle.loads(pickle.dumps(line)).in_locale(compiled, "uk") == line.in_locale(compiled, "uk")
        message = line.said
        ids, its_english = set(_ids(message)), _words(line.in_locale(compiled, "en"))
        for locale in TRANSLATIONS:
            said = line.in_locale(compiled, locale)
            names = {word for name in _names(compiled, message, locale) for word in _words(name)}
            assert not _words(said) & (english | its_english) - names - SHARED_WORDS, (locale, said)
            assert not [i for i in ids if re.search(rf"\b{re.escape(i)}\b", said)], (locale, said)
            assert "{" not in said, said


def test_the_english_of_the_kernels_lines_is_what_they_said_before() -> None:
    """Where the line names nothing, its English is the kernel's former text, word for word; an entity is said by
    its English name where the line said its id."""
    oath = [str(line) for line in _kernel_lines("oath")]
    assert "the sites on the map are drawn at random (the rulebooks leave them to the Playbook or the Chronicle)" \
        in oath
    assert ("seat 1 is the Chancellor (7: chosen by any means) and seat k + 1 takes the k-th Exile or Citizen board "
            "(9: each player chooses one)") in oath
    assert "seat 2's pawn is placed at random (23: the player chooses)" in oath
    assert "Travel was cancelled: its modifiers left it impossible (7.4, 9.2 cannot)" in oath
    root = [str(line) for line in _kernel_lines("root")]
    assert ("the Vagabond's relationship track (9.2.9): the aids each space costs and the points it scores are "
            "placeholders") in root
    assert any(line.startswith("setup order of the factions (5.1.7): the Law's letters are lost, so each faction sets "
                               "up after those its setup places against, the others by descending Reach (Marquise de "
                               "Cat, ") for line in root)
    margraves = [str(line) for line in _kernel_lines("margraves")]
    assert "Citizens: Alchemist (pennant), Captain (pennant), Merchant (pennant) and Paladin (pennant)" in margraves
    assert "monsters: 20 entries" in margraves
