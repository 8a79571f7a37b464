"""Powers that fire on their own: "When Played" when a card is played faceup (7.3), "Rest:" powers in the
Rest of the player who can use them (4.3.5), site powers at the end of the Wake (4.1.4), powers after an
action, a defender's defence powers; and facedown secrets turning up at the Rest (4.3.2)."""

from __future__ import annotations

from lawforge.runtime.oath.actions import Kind, Phase, action
from lawforge.runtime.oath.game import OathState
from test_oath_banners import started
from test_oath_play import OATH, check_invariants


def drawn(state: OathState, name: str) -> int:
    """Seat 0 has just searched and kept this card (5.1.4)."""
    card = state.cards.of("denizen", name)
    state.cards.put(card, state.cards.zone("drawn", 0))
    state.flat.set("phase", Phase.SEARCH_PLAY)
    return card


def adviser(state: OathState, name: str) -> int:
    card = state.cards.of("denizen", name)
    for old in state.advisers(0):
        state.cards.discard(0, old)
    state.cards.put(card, state.cards.zone("advisers", 0), faceup=True)
    return card


def test_a_card_played_faceup_runs_its_when_played_power() -> None:
    state = started(11)
    card = drawn(state, "asmall_favor")
    warbands = state.flat.get("warbands", 0)
    state.apply(action(Kind.PLAY_TO_ADVISERS, card))
    assert state.flat.get("warbands", 0) == warbands + dict(OATH.get("denizen", "asmall_favor").params)["n"]
    check_invariants(state)


def test_a_discarded_card_runs_nothing() -> None:
    state = started(11)
    card = drawn(state, "asmall_favor")
    warbands = state.flat.get("warbands", 0)
    state.apply(action(Kind.DISCARD, card))
    assert state.flat.get("warbands", 0) == warbands


def test_rest_powers_run_in_the_rest_and_facedown_secrets_turn_up() -> None:
    state = started(12)
    adviser(state, "insomnia")
    state.flat.move(("secret", 0), ("secret_facedown", 0), 1)
    secrets = state.flat.get("secret", 0) + state.flat.get("secret_facedown", 0)
    state.apply(action(Kind.END_TURN))
    assert state.flat.get("secret_facedown", 0) == 0
    assert state.flat.get("secret", 0) == secrets + 1, "Insomnia's Rest: gain a secret"
    assert state.current_player() == 1
    check_invariants(state)


def test_a_rest_power_that_asks_holds_the_turn_until_it_is_answered() -> None:
    state = started(13)
    adviser(state, "vow_of_obedience")
    favor = state.flat.get("favor", 0)
    state.apply(action(Kind.END_TURN))
    assert state.flat.get("phase") == Phase.EFFECT and state.current_player() == 0, "which favor bank?"
    state.apply(state.legal_actions()[0])
    assert state.flat.get("favor", 0) == favor + 1 and state.current_player() == 1
    assert state.flat.get("phase") in (Phase.ACT, Phase.EFFECT), "seat 1's turn (its Wake may ask too)"
    check_invariants(state)


def test_a_site_power_at_the_end_of_the_wake_runs_for_the_player_whose_pawn_is_there() -> None:
    state = started(14)
    mine = state.cards.of("site", "mine") - state.site_base
    state.flat.set("pawn_site", 1, mine)
    state.flat.move(("shared_favor",), ("card_favor", state.site_card(mine)), 2)
    state.flat.set("banner_holder", 0, -1)
    state.flat.set("banner_holder", 1, -1)
    favor = state.flat.get("favor", 1)
    state.apply(action(Kind.END_TURN))
    while state.flat.get("phase") == Phase.EFFECT:  # "you may take": take it
        assert state.current_player() == 1
        state.apply(max(state.legal_actions()))
    assert state.flat.get("favor", 1) == favor + 1 and state.flat.get("card_favor", state.site_card(mine)) == 1
    check_invariants(state)


def test_a_power_after_travelling_runs_for_the_traveller() -> None:
    state = started(15)
    drum = state.cards.of("relic", "dragonskin_drum")
    state.cards.put(drum, state.cards.zone("relics_held", 0), faceup=True)
    state.flat.set("supply", 0, 6)
    warbands = state.flat.get("warbands", 0)
    here = state.flat.get("pawn_site", 0)
    state.apply(action(Kind.TRAVEL, next(s for s in state.sites_on_map() if s != here)))
    assert state.flat.get("warbands", 0) == warbands + 1, "Dragonskin Drum: after traveling, gain a warband"
    check_invariants(state)


def test_a_homeland_site_rewards_a_card_of_its_suit_played_there_unless_one_was_discarded_there() -> None:
    from test_oath_modifiers import stand_at

    hearth = int(OATH.enums["suit"]["HEARTH"])
    for discarded_first in (False, True):
        state = started(16)
        site = stand_at(state, "fertile_valley")
        if discarded_first:
            state.flat.set("discarded_suit_this_turn", site, hearth, 1)
        card = next(c for c, suit in state.suit_of.items() if suit == hearth and state.restriction[c] != "adviser"
                    and c not in state.when_played and state.flat.get("card_zone", c) == state.cards.zone("world_deck"))
        state.cards.put(card, state.cards.zone("drawn", 0))
        state.flat.set("phase", Phase.SEARCH_PLAY)
        favor = state.flat.get("favor", 0)
        state.apply(action(Kind.PLAY_TO_SITE, card))
        assert state.flat.get("favor", 0) == favor + 1 + (not discarded_first), "5.1.4.I's favor, and the site's"
        check_invariants(state)


def test_a_limiter_lowers_the_adviser_limit_and_the_pied_piper_does_not_count() -> None:
    from lawforge.runtime.oath.advisers import limit_of

    state = started(17)
    adviser(state, "insomnia")  # "You can only have {n} advisers"
    limit, counted = limit_of(state.clone(), 0)
    assert limit == dict(OATH.get("denizen", "insomnia").params)["n"] < 3 and len(counted) == 1
    piper = state.cards.of("denizen", "pied_piper")
    state.cards.put(piper, state.cards.zone("advisers", 0), faceup=True)
    assert len(limit_of(state.clone(), 0)[1]) == 1, "9.2: the Pied Piper ignores the adviser limit"
    for name in ("alchemist", "assassin"):
        card = drawn(state, name)
        state.apply(action(Kind.PLAY_TO_ADVISERS, card))
        while state.flat.get("phase") == Phase.EFFECT:
            state.apply(state.legal_actions()[0])
        limit, counted = limit_of(state.clone(), 0)
        assert len(counted) <= limit and card in state.advisers(0) and piper in state.advisers(0)
    check_invariants(state)
