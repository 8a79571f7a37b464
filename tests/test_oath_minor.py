"""Minor actions (6.1, 6.3, 6.4): facedown advisers played as if searched, peeking at relics."""

from __future__ import annotations

from lawforge.runtime.oath.actions import STRIDE, Kind, action
from lawforge.runtime.oath.power_tables import POWER_STRIDE
from test_oath_banners import started


def test_a_facedown_adviser_turns_faceup_in_place_or_is_discarded() -> None:
    state = started(1)
    adviser = state.advisers(0)[0]
    assert not state.flat.get("card_faceup", adviser)
    legal = state.legal_actions()
    assert action(Kind.DISCARD, adviser) in legal
    if adviser in state.visions:
        assert action(Kind.PLAY_TO_ADVISERS, adviser) not in legal, "a Vision cannot go back facedown"
        return
    state.apply(action(Kind.PLAY_TO_ADVISERS, adviser))
    assert state.advisers(0) == [adviser] and state.flat.get("card_faceup", adviser)
    assert state.flat.get("supply", 0) == 6, "minor actions cost nothing"
    assert not [a for a in state.legal_actions() if a % STRIDE == adviser and a // STRIDE == Kind.DISCARD]


def test_an_exile_reveals_a_facedown_vision_adviser() -> None:
    state = started(2)
    faith = state.cards.of("vision", "faith")
    state.cards.put(faith, state.cards.zone("advisers", 1))
    state.flat.set("current_player", 1)
    legal = state.legal_actions()
    assert action(Kind.PLAY_VISION, faith) in legal and action(Kind.PLAY_TO_ADVISERS, faith) not in legal
    state.apply(action(Kind.PLAY_VISION, faith))
    assert state.revealed_vision(1) == faith - state.cards.base["vision"]


def test_peeking_at_a_relic_at_your_site_shows_it_to_you_alone() -> None:
    for seed in range(40):
        state = started(seed)
        site = state.flat.get("pawn_site", 0)
        if not state.relics_at(site):
            continue
        relic = state.relics_at(site)[0]
        assert state.observation(0).cells[state.flat.at("card_zone", relic)] < 0
        state.apply(state.card_move(Kind.PEEK, relic))
        assert state.observation(0).cells[state.flat.at("card_zone", relic)] == state.flat.get("card_zone", relic)
        assert state.observation(1).cells[state.flat.at("card_zone", relic)] < 0
        assert state.card_move(Kind.PEEK, relic) not in state.legal_actions()
        return
    raise AssertionError("no seed put a relic at the Chancellor's site")


def test_the_grand_scepter_peeks_at_the_reliquary_but_not_on_the_turn_it_was_taken() -> None:
    state = started(3)
    reliquary = state.cards.in_zone(state.cards.zone("reliquary"))
    assert all(state.card_move(Kind.PEEK, relic) in state.legal_actions() for relic in reliquary)
    scepter = state.cards.of("relic", "grand_scepter")
    powers = [action(Kind.USE_POWER, index * POWER_STRIDE + scepter) for index in (0, 1)]
    assert all(power in state.legal_actions() for power in powers)
    state.flat.set("took_this_turn", scepter, 1)
    assert not any(state.card_move(Kind.PEEK, relic) in state.legal_actions() for relic in reliquary)
    assert not any(power in state.legal_actions() for power in powers), "nor its Action powers (a persistent rule)"
