"""Action modifiers (7.4): a site's mandatory surcharge, an optional modifier the player chooses, a "cannot"
that takes an action off the legal list, and the natives that tell a modifier which action it modifies."""

from __future__ import annotations

from lawforge.runtime.oath.actions import Kind, Phase, action
from lawforge.runtime.oath.game import OathState
from test_oath_banners import started
from test_oath_play import check_invariants
from test_oath_triggers import adviser


def stand_at(state: OathState, name: str) -> int:
    """Seat 0's pawn at this site, put faceup on the map in place of seat 0's site."""
    here = state.flat.get("pawn_site", 0)
    card = state.cards.of("site", name)
    site = card - state.site_base
    if state.flat.get("card_zone", card) != state.cards.zone("map"):
        state.cards.put(state.site_card(here), state.cards.zone("site_deck"))
        state.cards.put(card, state.cards.zone("map"), faceup=True)
        for field in ("site_slot", "site_region"):
            state.flat.set(field, site, state.flat.get(field, here))
        state.flat.move(("site_warbands", here, 0), ("site_warbands", site, 0), state.flat.get("site_warbands", here, 0))
    state.cards.put(card, state.cards.zone("map"), faceup=True)
    state.flat.set("pawn_site", 0, site)
    return site


def test_a_sites_mandatory_surcharge_raises_the_travel_cost_and_what_is_legal() -> None:
    state = started(20)
    here = stand_at(state, "charming_valley")
    there = next(s for s in state.sites_on_map() if s != here)
    table = state.table_travel_cost(0, there)
    state.flat.set("supply", 0, table)
    assert action(Kind.TRAVEL, there) not in state.legal_actions(), "Charming Valley: one more Supply"
    state.flat.set("supply", 0, table + 1)
    state.apply(action(Kind.TRAVEL, there))
    assert state.flat.get("supply", 0) == 0 and state.flat.get("pawn_site", 0) == there
    check_invariants(state)


def test_an_optional_modifier_is_the_players_choice_before_the_action() -> None:
    state = started(21)
    site = state.flat.get("pawn_site", 0)
    playmates = adviser(state, "animal_playmates")
    beast = next(c for c, suit in state.suit_of.items() if suit == int(state.game.enums["suit"]["BEAST"])
                 and c != playmates and state.flat.get("card_zone", c) == state.cards.zone("world_deck"))
    state.cards.put(beast, state.cards.zone("at_site"), faceup=True)
    state.flat.set("card_site", beast, site)
    state.flat.set("supply", 0, 3)
    state.apply(action(Kind.MUSTER, beast))
    assert state.flat.get("phase") == Phase.MODIFIERS
    assert state.legal_actions() == [action(Kind.USE_MODIFIER, playmates), action(Kind.TAKE_ACTION)]
    state.apply(action(Kind.USE_MODIFIER, playmates))
    assert state.legal_actions() == [action(Kind.TAKE_ACTION)], "each modifier once per action"
    state.apply(action(Kind.TAKE_ACTION))
    assert state.flat.get("supply", 0) == 3, "Animal Playmates: no Supply spent mustering on a beast card"
    assert state.flat.get("card_favor", beast) == 1 and state.flat.get("phase") == Phase.ACT
    check_invariants(state)


def test_declining_the_optional_modifier_pays_the_usual_cost() -> None:
    state = started(21)
    site = state.flat.get("pawn_site", 0)
    adviser(state, "animal_playmates")
    card = next(c for c, suit in state.suit_of.items() if suit == int(state.game.enums["suit"]["BEAST"])
                and state.flat.get("card_zone", c) == state.cards.zone("world_deck"))
    state.cards.put(card, state.cards.zone("at_site"), faceup=True)
    state.flat.set("card_site", card, site)
    state.flat.set("supply", 0, 3)
    state.apply(action(Kind.MUSTER, card))
    state.apply(action(Kind.TAKE_ACTION))
    assert state.flat.get("supply", 0) == 2


def test_a_vow_that_forbids_campaigning_takes_every_campaign_off_the_legal_list() -> None:
    state = started(22, players=3)
    state.flat.set("supply", 0, 6)
    campaigns = [a for a in state.legal_actions() if a // 1024 == Kind.CAMPAIGN]
    adviser(state, "vow_of_peace")
    assert campaigns and not [a for a in state.legal_actions() if a // 1024 == Kind.CAMPAIGN]
