"""Edifices in play (2.9): their powers are played by the side they show, Broken Forge repairs itself, and Squalid
District's ruler may change the end roll (3.3)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from lawforge.runtime.oath.actions import STRIDE, IllegalAction, Kind, Phase, action
from lawforge.runtime.oath.banners import BANNER_STRIDE, PEOPLES_FAVOR, SUITS
from lawforge.runtime.oath.chronicle import Chronicle
from lawforge.runtime.oath.game import OathState
from lawforge.runtime.oath.power_tables import POWER_STRIDE
from test_oath_banners import with_oath
from test_oath_chronicle import finished
from test_oath_play import OATH, check_invariants


def with_edifice(name: str, *, ruined: bool) -> OathState:
    """A game set up from a Chronicle whose top site holds this edifice, seat 0's pawn there."""
    chronicle, _ = finished(1, 2).chronicle()
    qualified = f"edifice/{name}"
    lists = {field: [n for n in getattr(chronicle, field) if n != qualified]
             for field in ("site_deck", "world_deck", "relic_deck", "archive", "dispossessed")}
    sites = [replace(site, cards=[n for n in site.cards if n != qualified]) for site in chronicle.sites]
    sites[0] = replace(sites[0], cards=[qualified], faceup=True)
    chronicle = Chronicle.from_json(replace(chronicle, **lists, sites=sites,
                                            ruined=[qualified] if ruined else []).to_json())
    state = OathState(OATH, 2, 3, chronicle=chronicle)
    while state.flat.get("phase") == Phase.SETUP:
        state.apply(state.legal_actions()[0])
    state.flat.set("pawn_site", 0, state.flat.get("card_site", state.cards.of("edifice", name)))
    return state


def test_a_ruined_edifice_plays_its_ruined_power_and_broken_forge_turns_to_its_intact_side() -> None:
    state = with_edifice("ancient_forge", ruined=True)
    forge = state.cards.of("edifice", "ancient_forge")
    state.flat.move(("shared_favor",), ("favor", 0), 4)
    state.flat.move(("shared_secret",), ("secret", 0), 3)
    use = action(Kind.USE_POWER, 0 * POWER_STRIDE + forge)
    assert use in state.legal_actions(), "Broken Forge's Action: at the player's site"
    state.apply(use)
    assert state.flat.get("edifice_ruined", forge) == 0 and state.flat.get("card_faceup", forge) == 1, \
        "'flip this card over' shows the intact side, faceup"
    assert [key for key, _ in state.powers[forge]] == ["edifice/ancient_forge/intact/powers/0"]
    assert use not in state.legal_actions(), "6.2: not while the tokens of its cost are on it"
    state.flat.move(("card_favor", forge), ("favor", 0), 2)
    state.flat.move(("card_secret", forge), ("secret", 0), 2)
    relics = len(state.cards.in_zone(state.cards.zone("relic_deck")))
    state.apply(use)
    assert state.flat.get("phase") == Phase.EFFECT, "Ancient Forge: take the drawn relic or put it on the bottom"
    assert len(state.cards.in_zone(state.cards.zone("relic_deck"))) == relics - 1
    check_invariants(state)


def test_an_intact_edifice_shows_its_suit_and_a_ruin_none() -> None:
    for ruined in (False, True):
        state = with_edifice("ancient_forge", ruined=ruined)
        forge = state.cards.of("edifice", "ancient_forge")
        state.flat.move(("shared_favor",), ("favor", 0), 2)
        assert forge in state.cards_at(state.flat.get("pawn_site", 0)), "2.8.1: an edifice counts for the capacity"
        assert state.flat.get("card_suit", forge) == (-1 if ruined else state.suit_of[forge])
        assert (action(Kind.MUSTER, forge) in state.legal_actions()) is not ruined, "5.2: not on a ruin"


def test_hall_of_mockery_turns_the_recovered_peoples_favor_to_its_mob_side() -> None:
    state = with_edifice("hall_of_debate", ruined=True)
    peoples = 0
    state.flat.move(("shared_favor",), ("favor", 0), 6)
    state.flat.set("supply", 0, 3)
    state.apply(action(Kind.RECOVER_BANNER, peoples * BANNER_STRIDE + 4 * SUITS))
    assert state.flat.get("banner_holder", peoples) == 0 and state.flat.get("banner_mob", peoples) == 1
    check_invariants(state)


def end_of_round_5(monkeypatch: pytest.MonkeyPatch, roll: int, ruler: int) -> OathState:
    """Squalid District at a site this seat rules, seat 1 an Exile; the Chancellor holds the title (Oath of the
    People) and keeps it; the last seat of round 5 ends their turn and the end die shows `roll`."""
    state = with_edifice("festival_district", ruined=True)
    flat = state.flat
    flat.set("role", 1, state.role_ids["exile"])
    with_oath(state, "people")
    flat.set("banner_holder", PEOPLES_FAVOR, 0)
    site = flat.get("card_site", state.cards.of("edifice", "festival_district"))
    flat.move(("site_warbands", site, 0), ("warband_bank", 0), 9)
    flat.move(("warband_bank", ruler), ("site_warbands", site, ruler), 1)
    flat.set("round", 5)
    flat.set("current_player", 1)
    faces = list(state.game.tables.values("die_end_die_value"))
    monkeypatch.setattr(flat, "random", lambda n: faces.index(roll))
    state.apply(action(Kind.END_TURN))
    return state


@pytest.mark.parametrize(("roll", "answers", "ends"), [(6, [0], True), (6, [1, 1], False), (5, [1, 0], True),
                                                        (5, [0], False)])
def test_squalid_districts_ruler_may_raise_or_lower_the_end_roll_by_one(
        monkeypatch: pytest.MonkeyPatch, roll: int, answers: list[int], ends: bool) -> None:
    state = end_of_round_5(monkeypatch, roll, ruler=1)
    assert state.flat.get("phase") == Phase.EFFECT and state.current_player() == 1, "an Exile ruler is asked"
    for answer in answers:  # may: 1 yes; then the first option raises the roll, the second lowers it
        state.apply(action(Kind.ANSWER, answer))
    assert state.is_terminal() is ends, "round 5 ends the game on a 6 (3.3)"
    if not ends:
        assert (state.flat.get("round"), state.flat.get("phase"), state.current_player()) == (6, Phase.ACT, 0)


def test_squalid_district_asks_nothing_when_one_either_way_cannot_decide_whether_the_game_ends(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = end_of_round_5(monkeypatch, 3, ruler=0)
    assert (state.flat.get("round"), state.flat.get("phase"), state.current_player()) == (6, Phase.ACT, 0)
    state = end_of_round_5(monkeypatch, 6, ruler=0)
    assert state.current_player() == 0 and action(Kind.ANSWER, 1) in state.legal_actions(), "the Chancellor rules it"
    with pytest.raises(IllegalAction):
        state.apply(action(Kind.END_TURN))


def test_great_spire_swaps_drawn_denizens_with_random_cards_from_the_dispossessed() -> None:
    state = with_edifice("great_spire", ruined=False)
    spire = state.cards.of("edifice", "great_spire")
    state.flat.move(("shared_secret",), ("secret", 0), 1)
    state.flat.set("supply", 0, 6)
    for name in ("wolves", "mushrooms", "small_friends"):
        state.cards.put(state.cards.of("denizen", name), state.cards.zone("world_deck"))
    state.apply(action(Kind.SEARCH_WORLD))
    state.apply(action(Kind.USE_MODIFIER, spire))
    state.apply(action(Kind.TAKE_ACTION))
    assert state.flat.get("phase") == Phase.SEARCH_KEEP
    drawn = state.cards.in_zone(state.cards.zone("drawn", 0))
    denizens = [card for card in drawn if state.cards.kind_of(card) == "denizen"]
    assert len(denizens) == 3
    swaps = [a for a in state.legal_actions() if a // STRIDE == Kind.SWAP_DRAWN]
    assert sorted(swaps) == [action(Kind.SWAP_DRAWN, card) for card in sorted(denizens)]
    dispossessed = set(state.cards.in_zone(state.cards.zone("dispossessed")))
    state.apply(swaps[0])
    now = state.cards.in_zone(state.cards.zone("drawn", 0))
    (newcomer,) = set(now) - set(drawn)
    assert newcomer in dispossessed and state.flat.get("card_zone", denizens[0]) == state.cards.zone("dispossessed")
    assert action(Kind.SWAP_DRAWN, newcomer) not in state.legal_actions(), "only the cards the Search drew"
    state.apply(action(Kind.KEEP, newcomer))
    assert not any(a // STRIDE == Kind.SWAP_DRAWN for a in state.legal_actions())
    check_invariants(state)


def test_without_the_great_spire_no_drawn_card_is_swapped() -> None:
    state = with_edifice("great_spire", ruined=False)
    state.flat.set("supply", 0, 6)
    state.apply(action(Kind.SEARCH_WORLD))
    if state.flat.get("phase") == Phase.MODIFIERS:
        state.apply(action(Kind.TAKE_ACTION))
    assert not any(a // STRIDE == Kind.SWAP_DRAWN for a in state.legal_actions())
