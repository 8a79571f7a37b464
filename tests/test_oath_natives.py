"""The Oath kernel's natives, each against what its declaration in content/oath/natives/ says."""

from __future__ import annotations

from lawforge.runtime.oath import natives
from lawforge.runtime.oath.actions import Kind, action
from lawforge.runtime.oath.game import OathState
from test_oath_banners import started
from test_oath_play import OATH

BOUND = natives.bound(OATH)


def call(state: OathState, name: str, *args: int) -> int:
    return BOUND[name](state.flat.cells, list(args))


def test_rule_follows_warbands_and_advisers() -> None:
    state = started(1)
    site = state.flat.get("pawn_site", 0)
    site_card = state.site_card(site)
    adviser = state.advisers(1)[0]
    assert call(state, "player_rules", 0, site_card) == 1 and call(state, "player_rules", 1, site_card) == 0
    assert call(state, "player_rules", 1, adviser) == 1 and call(state, "player_rules", 0, adviser) == 0
    assert call(state, "ruler_of", site_card) == 0 and call(state, "ruler_of", adviser) == 1
    empty = next(s for s in state.sites_on_map() if not any(state.rules(p, s) for p in range(2)))
    assert call(state, "ruler_of", state.site_card(empty)) == -1, "bandits rule it"


def test_exiles_are_everyones_enemies() -> None:
    state = OathState(OATH, 3, 2)
    assert call(state, "is_enemy", 0, 1) == 1 and call(state, "is_enemy", 1, 2) == 1
    assert call(state, "is_enemy", 1, 1) == 0 and call(state, "is_enemy", 0, -1) == 0


def test_take_relic_and_put_on_bottom() -> None:
    state = started(3)
    relic = state.cards.in_zone(state.cards.zone("reliquary"))[0]
    call(state, "take_relic", 1, relic - state.cards.base["relic"])
    assert relic in state.cards.in_zone(state.cards.zone("relics_held", 1)) and state.flat.get("card_faceup", relic)
    deck = state.cards.zone("world_deck")
    top = state.cards.in_zone(deck)[-1]
    call(state, "put_on_bottom", top, deck)
    assert state.cards.in_zone(deck)[0] == top


def test_discard_card_sends_the_card_on_and_its_tokens_home() -> None:
    state = started(4)
    alchemist = state.cards.of("denizen", "alchemist")
    site = state.flat.get("pawn_site", 0)
    state.cards.put(alchemist, state.cards.zone("at_site"), faceup=True)
    state.flat.set("card_site", alchemist, site)
    state.flat.move(("shared_favor",), ("card_favor", alchemist), 2)
    state.flat.move(("shared_secret",), ("card_secret", alchemist), 1)
    arcane = int(OATH.enums["suit"]["ARCANE"])
    bank = state.flat.get("bank_favor", arcane)
    call(state, "discard_card", 1, alchemist)
    assert state.flat.get("card_zone", alchemist) == state.cards.discard_target(state.region_of(site))
    assert state.flat.get("bank_favor", arcane) == bank + 2 and state.flat.get("secret_facedown", 1) == 1


def test_campaign_natives_read_the_campaign() -> None:
    state = started(5)
    site = state.flat.get("pawn_site", 0)
    state.flat.set("pawn_site", 1, site)
    state.flat.set("current_player", 1)
    assert call(state, "campaign_attacker") == -1
    state.apply(action(Kind.CAMPAIGN, 0))
    state.apply(action(Kind.TARGET_PAWN))
    assert call(state, "campaign_attacker") == 1 and call(state, "campaign_defender") == 0
    assert call(state, "campaign_targets_card", state.site_card(site)) == 1
    assert call(state, "campaign_targets_at_site", site) == 2, "the site and the pawn"
    assert call(state, "is_campaign_ally", 0) == 0
