"""Hidden information (9.4): each player's observation shows what they may know and nothing more."""

from __future__ import annotations

import random

from lawforge.runtime.bytecode import RNG_SLOT
from lawforge.runtime.oath.actions import Kind, action
from lawforge.runtime.oath.game import OathState, Phase
from lawforge.runtime.oath.observe import HIDDEN
from test_oath_play import OATH


def started(seed: int, players: int = 3) -> OathState:
    state = OathState(OATH, players, seed)
    while state.flat.get("phase") == Phase.SETUP:
        state.apply(state.legal_actions()[0])
    return state


def row(observation_cells: object, state: OathState, field: str, card: int) -> int:
    return observation_cells[state.flat.at(field, card)]  # type: ignore[index, no-any-return]


def test_a_facedown_adviser_is_known_to_its_holder_only() -> None:
    state = started(2)
    adviser = state.advisers(1)[0]
    assert not state.flat.get("card_faceup", adviser)
    own, other = state.observation(1), state.observation(0)
    assert row(own.cells, state, "card_zone", adviser) == state.flat.get("card_zone", adviser)
    assert row(other.cells, state, "card_zone", adviser) == HIDDEN
    assert (state.cards.zone("advisers", 1), -1, 1) in other.unseen, "that seat 1 has one facedown adviser is public"


def test_the_world_deck_order_and_size_and_the_dice_are_private() -> None:
    state = started(4)
    deck = state.cards.in_zone(state.cards.zone("world_deck"))
    twin = state.clone()
    twin.cards.stack(list(reversed(deck[1:])) + deck[:1], twin.cards.zone("world_deck"))
    twin.flat.cells[RNG_SLOT] += 1
    for seat in range(state.players):
        assert state.observation(seat).cells == twin.observation(seat).cells, "the deck's order cannot be seen"
        assert all(zone != state.cards.zone("world_deck") for zone, _, _ in state.observation(seat).unseen)
    assert state.observation(0).cells[RNG_SLOT] == HIDDEN


def test_faceup_cards_and_boards_are_public() -> None:
    state = started(5)
    rng = random.Random(5)
    for _ in range(40):
        if not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
    for seat in range(state.players):
        cells = state.observation(seat).cells
        for card in range(state.flat.size("card_zone")):
            if state.flat.get("card_faceup", card):
                assert row(cells, state, "card_zone", card) == state.flat.get("card_zone", card)
        for other in range(state.players):
            assert cells[state.flat.at("favor", other)] == state.flat.get("favor", other)
            assert cells[state.flat.at("warbands", other)] == state.flat.get("warbands", other)


def test_a_discarded_card_stays_known_to_those_who_drew_it() -> None:
    state = started(6, players=2)
    outcomes = set()
    for region in range(3):
        pile = state.cards.discard_pile(region)
        for card in state.cards.in_zone(pile):
            for seat in range(2):
                visible = row(state.observation(seat).cells, state, "card_zone", card) == pile
                assert visible == bool(state.flat.get("card_seen", card, seat))
                outcomes.add(visible)
    assert outcomes == {True, False}, "setup discards some cards a player chose from and some nobody saw"


def test_nothing_the_state_says_of_an_unseen_card_shows_which_card_it_is() -> None:
    """The Reliquary space a relic lies in, or a field naming it (the relic a Citizenship offer promises), would
    tell an observer which relic is where without peeking."""
    state = started(7)
    reliquary = state.cards.in_zone(state.cards.zone("reliquary"))
    relic = next(card for card in reliquary if not state.flat.get("card_seen", card, 1))
    state.flat.set("citizenship_relic", relic)
    cells = state.observation(1).cells
    assert row(cells, state, "reliquary_space", relic) == HIDDEN and row(cells, state, "card_suit", relic) == HIDDEN
    assert cells[state.flat.at("citizenship_relic")] == HIDDEN
    state.flat.set("card_seen", relic, 1, 1)
    cells = state.observation(1).cells
    assert row(cells, state, "reliquary_space", relic) == state.flat.get("reliquary_space", relic)
    assert cells[state.flat.at("citizenship_relic")] == relic, "once seen, known"


def test_a_move_on_an_unseen_card_is_described_by_where_it_lies_not_by_its_name() -> None:
    state = started(7)
    seat = state.current_player()
    peeks = [(state.card_move(Kind.PEEK, relic), relic) for relic in sorted(state.relics)
             if state.card_move(Kind.PEEK, relic) in state.legal_actions()]
    assert peeks, "a relic to peek at"
    for move, relic in peeks:
        text = state.describe(move)
        assert state.card_name(relic, "en") not in text and "facedown" in text
        state.flat.set("card_seen", relic, seat, 1)
        assert text != state.describe(move) and state.describe(move).endswith(state.card_name(relic, "en"))


def test_a_move_on_a_relic_names_its_handle_which_tells_nothing_of_an_unseen_relic() -> None:
    """9.4: the numbers of moves are public; a relic's handle is drawn per game and masked with the relic's rows."""
    handles = set()
    for seed in range(2):
        state = started(seed)
        relic = next(card for card in sorted(state.relics) if state.flat.get("card_zone", card)
                     == state.cards.zone("reliquary") and not state.flat.get("card_seen", card, 0))
        assert state.card_move(Kind.PEEK, relic) == action(Kind.PEEK, state.flat.get("card_handle", relic))
        assert row(state.observation(0).cells, state, "card_handle", relic) == HIDDEN
        handles.add(state.flat.get("card_handle", relic))
        cards = state.flat.size("card_zone")
        assert sorted(state.flat.get("card_handle", card) for card in range(cards)) == list(range(cards))
    assert len(handles) == 2, "drawn anew for each game"
