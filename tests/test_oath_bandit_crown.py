"""The Bandit Crown (7.6.5): its holder treats the bandits as their warbands but at sites their enemies rule, so
they rule the sites where no player has warbands; the bandits add to their force but are never killed."""

from __future__ import annotations

from lawforge.runtime.oath import battle, campaign, empire
from lawforge.runtime.oath.actions import NONE, STRIDE, Kind, Phase, action
from lawforge.runtime.oath.game import OathState
from test_oath_battle import put
from test_oath_campaign import exile_at_chancellors_site


def crown(state: OathState, seat: int) -> None:
    state.cards.put(state.cards.of("relic", "bandit_crown"), state.cards.zone("relics_held", seat), faceup=True)
    state.legal_actions()


def emptied(state: OathState) -> int:
    """Seat 1 stands at a site with no warbands, the Chancellor's pawn elsewhere."""
    site = state.flat.get("pawn_site", 1)
    state.flat.move(("site_warbands", site, 0), ("warbands", 0), 2)
    state.flat.set("pawn_site", 0, next(s for s in state.sites_on_map() if s != site))
    return site


def test_its_holder_rules_the_sites_without_warbands_and_the_cards_there_but_not_their_enemies_sites() -> None:
    state = exile_at_chancellors_site(1)
    here = emptied(state)
    denizen = next(iter(state.cards_at(here)), None)
    assert state.bandits_rule(here) and not state.rules(0, here)
    crown(state, 0)
    assert state.rules(0, here) and not state.bandits_rule(here) and not state.rules(1, here)
    if denizen is not None:
        assert empire.ruler_of(state.flat, denizen) == 0
    state.flat.move(("warband_bank", 1), ("site_warbands", here, 1), 1)
    assert not state.rules(0, here) and state.rules(1, here), "the Exile's warband makes it theirs"
    ruled = [s for s in state.sites_on_map() if state.rules(0, s)]
    assert set(ruled) == {s for s in state.sites_on_map() if s != here}, "every other site: purple or empty"


def test_the_bandits_no_longer_defend_a_crowned_site_its_holder_does_and_loses_none_of_them() -> None:
    for seed in range(60):
        state = exile_at_chancellors_site(seed)
        here = emptied(state)
        assert action(Kind.CAMPAIGN, NONE) in state.legal_actions()
        assert action(Kind.CAMPAIGN, 0) not in state.legal_actions()
        crown(state, 0)
        legal = state.legal_actions()
        assert action(Kind.CAMPAIGN, NONE) not in legal and action(Kind.CAMPAIGN, 0) in legal
        state.apply(action(Kind.CAMPAIGN, 0))
        assert state.flat.get("campaign_target_site", here) == 1
        assert battle.force_size(state.flat, 0) == 1, "the site's bandit, the Chancellor's board being elsewhere"
        assert battle.force_places(state.flat, 0) == [], "nothing to kill"
        board = state.flat.get("warbands", 0)
        state.apply(action(Kind.FIGHT))
        if state.flat.get("phase") == Phase.CAMPAIGN_OCCUPY:
            assert state.flat.get("warbands", 0) == board
            return
    raise AssertionError("no seed gave the attacker a victory")


def test_a_defeated_holder_kills_only_their_physical_warbands() -> None:
    state = exile_at_chancellors_site(3)
    here = emptied(state)
    state.flat.move(("warbands", 0), ("site_warbands", here, 0), 1)
    crown(state, 0)
    state.apply(action(Kind.CAMPAIGN, 0))
    assert battle.force_size(state.flat, 0) == 2, "a warband and the site's bandit"
    state.flat.set("campaign_defender", 0)
    state.flat.set("campaign_loser", 0)
    state.flat.set("kill_all_defeated", 1)
    campaign._losses(state)
    assert state.flat.get("site_warbands", here, 0) == 0 and state.flat.get("campaign_losses") == 0, \
        "all of the force is killed, but the bandit goes into hiding"


def test_its_holder_may_take_the_last_warband_off_a_site_the_bandits_keep() -> None:
    state = exile_at_chancellors_site(1)
    flat = state.flat
    flat.set("current_player", 0)
    site = flat.get("pawn_site", 0)
    flat.move(("site_warbands", site, 0), ("warbands", 0), 1)
    assert action(Kind.WARBAND_TO_BOARD, site) not in state.legal_actions(), "6.5: never the last one"
    crown(state, 0)
    state.apply(action(Kind.WARBAND_TO_BOARD, site))
    assert flat.get("site_warbands", site, 0) == 0 and state.rules(0, site)


def test_with_vow_of_union_the_bandits_at_the_sites_its_holder_rules_join_the_attack() -> None:
    state = exile_at_chancellors_site(4, warbands=4)
    vow = put(state, "vow_of_union", 1)
    crown(state, 1)
    empty = [s for s in state.sites_on_map() if not empire.warbands_at(state.flat, s)]
    assert empty and all(state.rules(1, s) for s in empty)
    state.apply(action(Kind.CAMPAIGN, 0))
    state.apply(action(Kind.USE_MODIFIER, vow))
    while state.flat.get("phase") != Phase.CAMPAIGN_TARGETS:
        state.apply(action(Kind.TAKE_ACTION))
    assert campaign.pools(state)[0] == 4 + len(empty)
    state.apply(action(Kind.FIGHT))
    while state.flat.get("phase") == Phase.CAMPAIGN_LOSSES:
        side = state.flat.get("campaign_kill_from")
        cells = [battle.place_cell(state.flat, side, a % STRIDE) for a in state.legal_actions()]
        assert all(state.flat.get(field, *index) for field, index, _ in cells), "the bandits are never killed"
        state.apply(state.legal_actions()[0])
