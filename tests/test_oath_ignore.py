"""Ignoring site powers (9.2 ignore) and a Travel whose destination another player chooses: the coasts, Buried
Giant, Portal and Shrouded Wood against Narrow Pass and The Hidden Place."""

from __future__ import annotations

import pytest

from lawforge.runtime.oath import campaign
from lawforge.runtime.oath.actions import IllegalAction, Kind, Phase, action
from lawforge.runtime.oath.empire import colour
from lawforge.runtime.oath.game import OathState
from test_oath_banners import started
from test_oath_modifiers import card_at, put_site, stand_at
from test_oath_play import check_invariants


def other_region(state: OathState) -> list[int]:
    """The sites of a region other than seat 0's."""
    own = state.region_of(state.flat.get("pawn_site", 0))
    region = next(r for r in range(3) if r != own)
    return [site for site in state.sites_on_map() if state.region_of(site) == region]


def narrow_pass_before(state: OathState, destination: str) -> int:
    """Narrow Pass in another region, with this site beside it there; returns the destination."""
    first, second = other_region(state)[:2]
    put_site(state, "narrow_pass", first)
    return put_site(state, destination, second)


def test_narrow_pass_forbids_another_site_of_its_region_unless_a_coast_ignores_it() -> None:
    state = started(30)
    stand_at(state, "charming_valley")
    coast = narrow_pass_before(state, "lush_coast")
    state.flat.set("supply", 0, 5)
    assert action(Kind.TRAVEL, coast) not in state.legal_actions(), "Narrow Pass: you must travel to it"
    stand_at(state, "barren_coast")
    assert action(Kind.TRAVEL, coast) in state.legal_actions(), "coast to coast ignores Narrow Pass"
    state.apply(action(Kind.TRAVEL, coast))
    assert state.flat.get("pawn_site", 0) == coast and state.flat.get("supply", 0) == 4, "for 1 Supply"
    check_invariants(state)


def test_buried_giant_travels_free_past_narrow_pass_for_a_flipped_secret() -> None:
    state = started(31)
    stand_at(state, "buried_giant")
    there = narrow_pass_before(state, "charming_valley")
    state.flat.set("supply", 0, 5)
    secrets = state.flat.get("secret", 0)
    state.apply(action(Kind.TRAVEL, there))
    assert state.flat.get("phase") == Phase.EFFECT, "Buried Giant: the player may flip a secret"
    state.apply(max(state.legal_actions()))
    if state.flat.get("phase") == Phase.MODIFIERS:
        state.apply(action(Kind.TAKE_ACTION))
    assert state.flat.get("pawn_site", 0) == there and state.flat.get("supply", 0) == 5
    assert state.flat.get("secret", 0) == secrets - 1 and state.flat.get("secret_facedown", 0) == 1
    check_invariants(state)


def test_portal_is_offered_before_the_hidden_place_binds_and_then_ignores_it() -> None:
    state = started(32)
    here = stand_at(state, "charming_valley")
    portal = card_at(state, "portal", here)
    hidden = put_site(state, "the_hidden_place", other_region(state)[0])
    state.flat.move(("secret", 0), ("shared_secret",), state.flat.get("secret", 0))
    state.flat.set("supply", 0, 5)
    assert action(Kind.TRAVEL, hidden) not in state.legal_actions(), "no secret: Portal cannot pay, none to flip"
    state.flat.move(("shared_secret",), ("secret", 0), 1)
    state.apply(action(Kind.TRAVEL, hidden))
    assert state.flat.get("phase") == Phase.MODIFIERS and state.flat.get("modifiers_first") == 1
    assert state.legal_actions() == [action(Kind.USE_MODIFIER, portal), action(Kind.TAKE_ACTION)]
    state.apply(action(Kind.USE_MODIFIER, portal))
    assert state.legal_actions() == [action(Kind.TAKE_ACTION)]
    state.apply(action(Kind.TAKE_ACTION))
    while state.flat.get("phase") == Phase.MODIFIERS:
        state.apply(action(Kind.TAKE_ACTION))
    assert state.flat.get("pawn_site", 0) == hidden and state.flat.get("supply", 0) == 5, "Portal: free"
    assert state.flat.get("secret_facedown", 0) == 0, "The Hidden Place ignored: no secret flipped"
    assert state.flat.get("card_secret", portal) == 1
    check_invariants(state)


def test_without_portal_the_hidden_place_flips_a_secret() -> None:
    state = started(32)
    here = stand_at(state, "charming_valley")
    card_at(state, "portal", here)
    hidden = put_site(state, "the_hidden_place", other_region(state)[0])
    state.flat.set("supply", 0, 5)
    secrets = state.flat.get("secret", 0)
    state.apply(action(Kind.TRAVEL, hidden))
    state.apply(action(Kind.TAKE_ACTION))
    while state.flat.get("phase") == Phase.MODIFIERS:
        state.apply(action(Kind.TAKE_ACTION))
    assert state.flat.get("pawn_site", 0) == hidden
    assert state.flat.get("secret", 0) == secrets - 1 and state.flat.get("secret_facedown", 0) == 1


def test_shrouded_wood_ruled_by_an_enemy_lets_the_ruler_choose_the_destination() -> None:
    state = started(33)
    wood = stand_at(state, "shrouded_wood")
    state.flat.move(("warbands", 1), ("site_warbands", wood, colour(state.flat, 1)), 1)
    state.flat.move(("site_warbands", wood, 0), ("warbands", 0), state.flat.get("site_warbands", wood, 0))
    state.flat.set("supply", 0, 5)
    asked, chosen = [s for s in state.sites_on_map() if s != wood][:2]
    state.apply(action(Kind.TRAVEL, asked))
    while state.flat.get("phase") == Phase.MODIFIERS:
        state.apply(action(Kind.TAKE_ACTION))
    assert state.flat.get("phase") == Phase.TRAVEL_DESTINATION and state.current_player() == 1
    assert action(Kind.CHOOSE_DESTINATION, chosen) in state.legal_actions()
    assert action(Kind.CHOOSE_DESTINATION, wood) not in state.legal_actions()
    with pytest.raises(IllegalAction):
        state.apply(action(Kind.TRAVEL, chosen))
    state.apply(action(Kind.CHOOSE_DESTINATION, chosen))
    assert state.flat.get("pawn_site", 0) == chosen and state.flat.get("supply", 0) == 3, "2 Supply from the Wood"
    assert state.current_player() == 0
    check_invariants(state)


def test_shrouded_wood_ruled_by_an_enemy_chooses_where_a_banished_defender_goes() -> None:
    """5.5.7.III: the attacker chooses to banish; the Wood's power takes precedence over where."""
    for ruler, chooser in ((2, 2), (None, 1)):
        state = started(33, players=3)
        wood = stand_at(state, "shrouded_wood")
        state.flat.move(("site_warbands", wood, 0), ("warbands", 0), state.flat.get("site_warbands", wood, 0))
        if ruler is not None:
            state.flat.move(("warbands", ruler), ("site_warbands", wood, colour(state.flat, ruler)), 1)
        for field, value in (("campaign_attacker", 1), ("campaign_defender", 0), ("campaign_target_pawn", 1)):
            state.flat.set(field, value)
        campaign._banish_or_settle(state)
        asked, chosen = [s for s in state.sites_on_map() if s != wood][:2]
        assert state.flat.get("phase") == Phase.CAMPAIGN_BANISH and state.current_player() == 1
        assert action(Kind.DONE) in state.legal_actions(), "banishing is the attacker's choice"
        state.apply(action(Kind.BANISH_TO, asked))
        assert state.current_player() == chooser
        if ruler is not None:
            assert action(Kind.DONE) not in state.legal_actions()
            with pytest.raises(IllegalAction):
                state.apply(action(Kind.BANISH_TO, wood))
            state.apply(action(Kind.BANISH_TO, chosen))
        assert state.flat.get("pawn_site", 0) == (asked if ruler is None else chosen)
        assert state.flat.get("travel_chooser") == 0
