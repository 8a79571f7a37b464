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
