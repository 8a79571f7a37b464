"""Travels a power makes a player take (Whistle, Palanquin, Brass Horse) from a Shrouded Wood: an enemy who rules it
chooses where the traveller goes, "even if another player is making you travel"."""

from __future__ import annotations

import pytest

from lawforge.runtime.oath.actions import Kind, Phase, action
from lawforge.runtime.oath.empire import colour
from lawforge.runtime.oath.game import OathState
from test_oath_banners import started
from test_oath_modifiers import stand_at
from test_oath_play import check_invariants


def wood_ruled_by(state: OathState, ruler: int, *travellers: int) -> int:
    """Shrouded Wood on the map with one warband of the ruler's colour on it (purple: the Empire's), and the
    travellers' pawns there."""
    wood = stand_at(state, "shrouded_wood")
    home = next(site for site in state.sites_on_map() if site != wood)
    state.flat.set("pawn_site", 0, home)
    state.flat.move(("site_warbands", wood, 0), ("warbands", 0), state.flat.get("site_warbands", wood, 0))
    state.flat.move(("warbands", ruler), ("site_warbands", wood, colour(state.flat, ruler)), 1)
    for seat in travellers:
        state.flat.set("pawn_site", seat, wood)
    return wood


def holding(state: OathState, seat: int, relic: str) -> int:
    """The relic faceup in the seat's bank, on the seat's turn, with a secret to place on it."""
    card = state.cards.of("relic", relic)
    state.cards.put(card, state.cards.zone("relics_held", seat), faceup=True)
    state.flat.move(("shared_secret",), ("secret", seat), 1)
    state.flat.set("current_player", seat)
    return card


def sites_open_to(state: OathState, seat: int) -> list[int]:
    """The answers naming every site on the map but the seat's own: where they can travel to."""
    here = state.flat.get("pawn_site", seat)
    return sorted(action(Kind.ANSWER, site) for site in state.sites_on_map() if site != here)


@pytest.mark.parametrize("sent_to_the_whistler", [True, False])
def test_whistle_summons_a_player_to_where_the_enemy_who_rules_their_shrouded_wood_chooses(
        sent_to_the_whistler: bool) -> None:
    state = started(33, players=3)
    wood = wood_ruled_by(state, 2, 0)
    whistle = holding(state, 1, "whistle")
    whistler_site = state.flat.get("pawn_site", 1)
    elsewhere = next(s for s in state.sites_on_map() if s not in (wood, whistler_site))
    state.apply(action(Kind.USE_POWER, whistle))
    assert state.describe(action(Kind.ANSWER, 0)).startswith("Whistle: the player in seat 1 ("), "the card, then the player"
    state.apply(action(Kind.ANSWER, 0))
    assert state.flat.get("phase") == Phase.EFFECT and state.current_player() == 2, "the Wood's ruler chooses"
    assert state.describe(action(Kind.ANSWER, elsewhere), "uk") == \
        f"Свисток: {state.entity_name('site', elsewhere, 'uk')}"
    assert state.legal_actions() == sites_open_to(state, 0)
    state.apply(action(Kind.ANSWER, whistler_site if sent_to_the_whistler else elsewhere))
    assert state.flat.get("pawn_site", 0) == (whistler_site if sent_to_the_whistler else elsewhere)
    assert state.flat.get("card_secret", whistle) == (0 if sent_to_the_whistler else 1), "the secret if they came"
    assert state.flat.get("phase") == Phase.ACT and state.current_player() == 1
    check_invariants(state)


def test_whistle_summons_a_player_from_a_shrouded_wood_they_rule_themself() -> None:
    state = started(33, players=3)
    wood_ruled_by(state, 0, 0)
    whistle = holding(state, 1, "whistle")
    whistler_site = state.flat.get("pawn_site", 1)
    state.apply(action(Kind.USE_POWER, whistle))
    state.apply(action(Kind.ANSWER, 0))
    assert state.flat.get("pawn_site", 0) == whistler_site and state.flat.get("card_secret", whistle) == 0
    assert state.flat.get("phase") == Phase.ACT and state.current_player() == 1
    check_invariants(state)


def test_palanquin_puts_its_user_where_they_chose_and_its_rider_where_the_woods_ruler_chooses() -> None:
    state = started(34, players=3)
    wood = wood_ruled_by(state, 2, 0, 1)
    palanquin = state.cards.of("denizen", "palanquin")
    state.cards.put(palanquin, state.cards.zone("advisers", 1), faceup=True)
    state.flat.move(("shared_favor",), ("favor", 1), 1)
    state.flat.set("current_player", 1)
    state.apply(action(Kind.USE_POWER, palanquin))
    assert state.current_player() == 1 and state.legal_actions() == sites_open_to(state, 0), "the rider, seat 0"
    stop, elsewhere = [s for s in state.sites_on_map() if s != wood][:2]
    state.apply(action(Kind.ANSWER, stop))
    assert state.flat.get("pawn_site", 1) == stop and state.flat.get("pawn_site", 0) == wood
    assert state.current_player() == 2 and state.legal_actions() == sites_open_to(state, 0)
    state.apply(action(Kind.ANSWER, elsewhere))
    assert state.flat.get("pawn_site", 0) == elsewhere and state.flat.get("pawn_site", 1) == stop
    assert state.flat.get("phase") == Phase.ACT and state.current_player() == 1
    check_invariants(state)


def discard_pile_top(state: OathState, seat: int) -> int:
    """A denizen put on top of the discard pile of the seat's region, seen by nobody."""
    pile = state.cards.discard_pile(state.region_of(state.flat.get("pawn_site", seat)))
    deck = state.cards.zone("world_deck")
    card = next(c for c in state.cards.all("denizen") if state.flat.get("card_zone", c) == deck)
    state.cards.put(card, pile)
    for player in range(state.players):
        state.flat.set("card_seen", card, player, 0)
    return card


def test_brass_horse_from_a_shrouded_wood_of_the_empire_goes_where_the_chancellor_chooses() -> None:
    state = started(35)
    wood = wood_ruled_by(state, 0, 1)
    horse = holding(state, 1, "brass_horse")
    top = discard_pile_top(state, 1)
    supply = state.flat.get("supply", 1)
    state.apply(action(Kind.USE_POWER, horse))
    assert state.flat.get("card_seen", top, 0) == 1, "the card is revealed all the same"
    assert state.current_player() == 0 and state.legal_actions() == sites_open_to(state, 1), "an Exile: the Chancellor"
    chosen = [s for s in state.sites_on_map() if s != wood][-1]
    state.apply(action(Kind.ANSWER, chosen))
    assert state.flat.get("pawn_site", 1) == chosen and state.flat.get("supply", 1) == supply
    assert state.flat.get("phase") == Phase.ACT and state.current_player() == 1
    check_invariants(state)


def test_brass_horse_from_a_shrouded_wood_its_rider_rules_goes_where_they_choose() -> None:
    state = started(35)
    wood = wood_ruled_by(state, 1, 1)
    horse = holding(state, 1, "brass_horse")
    discard_pile_top(state, 1)
    state.apply(action(Kind.USE_POWER, horse))
    while state.flat.get("phase") == Phase.EFFECT:
        assert state.current_player() == 1, "no enemy rules the Wood: the rider chooses"
        state.apply(state.legal_actions()[-1])
    assert state.flat.get("pawn_site", 1) != wood and state.current_player() == 1
    check_invariants(state)
