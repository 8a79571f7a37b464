"""Where a player's discards go (glossary Discard) when a persistent power lets them choose (Bracken, Cracked Horn),
and the People's Favor's discard of a denizen before a play to any site of the holder's region (5.1.4.I)."""

from __future__ import annotations

import pytest

from lawforge.runtime import load
from lawforge.runtime.kernels import oath_state
from lawforge.runtime.oath.actions import STRIDE, IllegalAction, Kind, Phase, action
from lawforge.runtime.oath.banners import PEOPLES_FAVOR
from lawforge.runtime.oath.game import OathState
from lawforge.runtime.oath.plays import SITE_STRIDE
from lawforge.runtime.oath.setup import DISCARD_ON_PILE, DISCARD_USUAL, DISCARD_WORLD_DECK_BOTTOM
from test_oath_banners import started
from test_oath_play import check_invariants
from test_oath_triggers import adviser, drawn


def destinations(state: OathState) -> list[int]:
    return [chosen % STRIDE for chosen in state.legal_actions() if chosen // STRIDE == Kind.DISCARD_TO]


def relic_held(state: OathState, name: str) -> int:
    relic = state.cards.of("relic", name)
    state.cards.put(relic, state.cards.zone("relics_held", 0), faceup=True)
    return relic


def test_bracken_lets_its_ruler_put_their_discards_on_the_top_or_bottom_of_any_pile_even_their_regions() -> None:
    state = started(11)
    adviser(state, "bracken")
    regions = len(state.game.entities("region"))
    assert destinations(state) == list(range(DISCARD_ON_PILE, DISCARD_ON_PILE + 2 * regions)), \
        "each pile, top or bottom; not the usual place, which is the one chosen now"
    region = state.region_of(state.flat.get("pawn_site", 0))
    bottom = DISCARD_ON_PILE + 2 * region + 1
    state.apply(action(Kind.DISCARD_TO, bottom))
    assert DISCARD_USUAL in destinations(state) and bottom not in destinations(state)
    card = drawn(state, "wild_cry")
    state.apply(action(Kind.DISCARD, card))
    assert state.cards.in_zone(state.cards.discard_pile(region))[0] == card, "the bottom of their own region's pile"
    check_invariants(state)


def test_the_cracked_horn_lets_its_holder_discard_the_cards_a_search_did_not_keep_under_the_world_deck() -> None:
    state = started(11)
    relic_held(state, "cracked_horn")
    cards = [state.cards.of("denizen", name) for name in ("wild_cry", "alchemist", "bracken")]
    for card in cards:
        state.cards.put(card, state.cards.zone("drawn", 0))
    state.flat.set("phase", Phase.SEARCH_KEEP)
    assert destinations(state) == [DISCARD_WORLD_DECK_BOTTOM], "chosen once the drawn cards are seen, before keeping"
    state.apply(action(Kind.DISCARD_TO, DISCARD_WORLD_DECK_BOTTOM))
    state.apply(action(Kind.KEEP, cards[0]))
    assert set(state.cards.in_zone(state.cards.zone("world_deck"))[:2]) == set(cards[1:])
    check_invariants(state)


def test_without_such_a_power_discards_go_where_the_glossary_says_and_a_choice_lapses_with_the_power() -> None:
    state = started(11)
    assert destinations(state) == []
    with pytest.raises(IllegalAction):
        state.apply(action(Kind.DISCARD_TO, DISCARD_WORLD_DECK_BOTTOM))
    horn = relic_held(state, "cracked_horn")
    state.apply(action(Kind.DISCARD_TO, DISCARD_WORLD_DECK_BOTTOM))
    state.cards.put(horn, state.cards.zone("relics_held", 1), faceup=True)
    assert destinations(state) == [] and state.flat.get("discard_destination", 0) == DISCARD_USUAL
    card = drawn(state, "wild_cry")
    state.apply(action(Kind.DISCARD, card))
    usual = state.cards.discard_target(state.region_of(state.flat.get("pawn_site", 0)))
    assert state.cards.in_zone(usual)[-1] == card, "on top of the pile the region discards to"


def denizen_at(state: OathState, name: str, site: int) -> int:
    card = state.cards.of("denizen", name)
    state.cards.put(card, state.cards.zone("at_site"), faceup=True)
    state.flat.set("card_site", card, site)
    return card


def holding_the_peoples_favor() -> tuple[OathState, int, int]:
    """Seat 0 holds the People's Favor; the other site of their region and a site of another region hold a denizen."""
    state = started(11)
    state.flat.set("banner_holder", PEOPLES_FAVOR, 0)
    here = state.flat.get("pawn_site", 0)
    neighbour = next(s for s in state.sites_on_map() if s != here and state.region_of(s) == state.region_of(here))
    far = next(s for s in state.sites_on_map() if state.region_of(s) != state.region_of(here)
               and state.flat.get("card_faceup", state.site_card(s)))
    denizen_at(state, "alchemist", far)
    return state, here, neighbour


def test_the_peoples_favor_lets_its_holder_discard_a_denizen_of_their_region_first_then_play_to_a_site() -> None:
    state, here, neighbour = holding_the_peoples_favor()
    alchemist = state.cards.of("denizen", "alchemist")
    fire_talkers, ward = denizen_at(state, "fire_talkers", neighbour), denizen_at(state, "sealing_ward", neighbour)
    card = drawn(state, "wild_cry")
    legal = state.legal_actions()
    assert action(Kind.DISCARD_FIRST, fire_talkers) in legal
    assert action(Kind.DISCARD_FIRST, alchemist) not in legal, "only in their region"
    assert action(Kind.DISCARD_FIRST, ward) not in legal, "7.2.2: a locked card cannot be discarded"
    state.apply(action(Kind.DISCARD_FIRST, fire_talkers))
    assert state.flat.get("card_zone", fire_talkers) == state.cards.discard_target(state.region_of(neighbour))
    assert state.flat.get("phase") == Phase.PLAY_AFTER_DISCARD
    to_neighbour = action(Kind.PLAY_TO_OTHER_SITE, neighbour * SITE_STRIDE + card)
    assert state.legal_actions() == [action(Kind.PLAY_TO_SITE, card), to_neighbour], "then to a site, and only there"
    with pytest.raises(IllegalAction):
        state.apply(action(Kind.PLAY_TO_ADVISERS, card))
    state.apply(to_neighbour)
    assert state.flat.get("card_site", card) == neighbour and state.flat.get("phase") == Phase.ACT
    check_invariants(state)


def test_the_peoples_favor_lets_its_holder_play_to_any_site_of_their_region_only() -> None:
    state, here, neighbour = holding_the_peoples_favor()
    card = drawn(state, "wild_cry")
    others = [chosen for chosen in state.legal_actions() if chosen // STRIDE == Kind.PLAY_TO_OTHER_SITE]
    assert others == [action(Kind.PLAY_TO_OTHER_SITE, neighbour * SITE_STRIDE + card)], "not to another region"
    state.flat.set("banner_holder", PEOPLES_FAVOR, 1)
    assert not [chosen for chosen in state.legal_actions() if chosen // STRIDE in (Kind.PLAY_TO_OTHER_SITE, Kind.DISCARD_FIRST)]
    with pytest.raises(IllegalAction):
        state.apply(action(Kind.DISCARD_FIRST, state.cards.of("denizen", "alchemist")))


def test_the_peoples_favor_discard_before_playing_a_facedown_adviser_is_offered_once_for_all_of_them() -> None:
    state, here, neighbour = holding_the_peoples_favor()
    fire_talkers = denizen_at(state, "fire_talkers", neighbour)
    facedown = [state.cards.of("denizen", name) for name in ("wild_cry", "bracken")]
    for card in facedown:
        state.cards.put(card, state.cards.zone("advisers", 0))
    legal = state.legal_actions()
    assert legal.count(action(Kind.DISCARD_FIRST, fire_talkers)) == 1
    state.apply(action(Kind.DISCARD_FIRST, fire_talkers))
    assert {chosen % STRIDE % SITE_STRIDE for chosen in state.legal_actions()} == set(state.advisers(0)), \
        "6.1: any of their facedown advisers, to a site"
    state.apply(action(Kind.PLAY_TO_SITE, facedown[1]))
    assert state.flat.get("card_site", facedown[1]) == here and state.flat.get("card_faceup", facedown[1])
    check_invariants(state)


@pytest.mark.parametrize("kernel", ["compiled", "python"])
def test_each_region_discards_onto_the_next_regions_pile_as_the_content_says(kernel: str) -> None:
    """Glossary Discard, regions.yaml's `discard_to`: the Cradle onto the Provinces, the Provinces onto the
    Hinterland, the Hinterland onto the Cradle (the piles worked out once per content, setup.py)."""
    cards = oath_state(kernel)(load("oath"), 2, 1).cards
    piles = {region: cards.zone(f"discard_{region}") for region in ("cradle", "provinces", "hinterland")}
    assert [cards.discard_pile(region) for region in range(3)] == list(piles.values())
    assert [cards.discard_target(region) for region in range(3)] \
        == [piles["provinces"], piles["hinterland"], piles["cradle"]]
