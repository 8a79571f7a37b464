"""Setting up Oath (the Law, section 1) on the flat state: counts and conservation, for every player count."""

from __future__ import annotations

from collections import Counter

import pytest

from lawforge.runtime import load
from lawforge.runtime.oath import setup
from lawforge.runtime.oath.setup import Cards

OATH = load("oath")
FAVOR_HOLDINGS = [name for name, (_, _, _) in OATH.layout.FIELDS.items()
                  if name in ("favor", "bank_favor", "shared_favor", "card_favor", "banner_favor")]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_setup_counts(players: int, seed: int) -> None:
    result = setup(OATH, players, seed)
    state, cards = result.state, Cards(result.state)
    assert sum(sum(state.cells_of(name)) for name in FAVOR_HOLDINGS) == 36, "favor is component-limited (36)"
    per_bank = 4 if players >= 5 else 3
    assert list(state.cells_of("bank_favor")) == [per_bank] * 6
    assert state.get("banner_favor", 0) + state.get("banner_favor", 1) == 1
    for seat in range(players):
        on_map = sum(state.get("site_warbands", site, seat) for site in range(state.size("site_slot")))
        total = state.get("warbands", seat) + state.get("warband_bank", seat) + on_map
        assert total == (24 if seat == 0 else 14)
        assert state.get("warbands", seat) == 3
    assert list(state.cells_of("seated")) == [1] * players + [0] * (6 - players)

    on_map = cards.in_zone(cards.zone("map"))
    assert len(on_map) == 8
    regions = Counter(state.get("site_region", c - cards.base["site"]) for c in on_map)
    assert sorted(regions.values()) == [2, 3, 3]
    assert sorted(state.get("site_slot", c - cards.base["site"]) for c in on_map) == list(range(8))
    assert len(cards.in_zone(cards.zone("reliquary"))) == 4
    assert cards.in_zone(cards.zone("relics_held", 0)) == [cards.of("relic", "grand_scepter")]
    for seat in range(players):
        assert len(cards.in_zone(cards.zone("drawn", seat))) == 3
    for pile in ("discard_cradle", "discard_provinces", "discard_hinterland"):
        assert len(cards.in_zone(cards.zone(pile))) == 1
    in_play = cards.all("denizen") + cards.all("vision")
    world = cards.in_zone(cards.zone("world_deck"))
    assert len(world) == len(in_play) - 3 - 3 * players
    for zone in set(state.cells_of("card_zone")):
        orders = [state.get("card_order", c) for c in cards.in_zone(zone)]
        assert len(orders) == len(set(orders)), "cards in a zone are stacked, never side by side"


def test_setup_is_reproducible_and_says_what_it_made_up() -> None:
    first, again, other = setup(OATH, 4, 11), setup(OATH, 4, 11), setup(OATH, 4, 12)
    assert first.state.cells == again.state.cells
    assert first.state.cells != other.state.cells
    assert any("sites on the map" in p for p in first.placeholders)


def test_first_world_deck_pile_holds_two_visions() -> None:
    result = setup(OATH, 2, 5)
    cards = Cards(result.state)
    world = cards.in_zone(cards.zone("world_deck"))[::-1]  # top first
    drawn = 3 + 3 * 2  # taken from the bottom: the top 12 cards are the first pile
    visions = set(cards.all("vision"))
    assert sum(card in visions for card in world[:12]) == 2
    assert sum(card in visions for card in world[12:30]) == 3
    assert len(world) == 198 + 5 - drawn


def test_wrong_player_count_is_refused() -> None:
    with pytest.raises(ValueError, match="2 to 6 players"):
        setup(OATH, 7, 1)


def test_the_printed_chain_locks_denizens_and_edifices_for_the_powers_that_read_it() -> None:
    cards = Cards(setup(OATH, 2, 1).state)
    assert cards.locked(cards.of("denizen", "salt_the_earth")) and not cards.locked(cards.of("denizen", "wolves"))
    assert all(cards.locked(edifice) for edifice in cards.all("edifice"))
