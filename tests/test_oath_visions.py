"""Visions (5.1.4.III-IV, 3.2, 3.4): revealing one, the Visionary win and its War Exhaustion tie-break."""

from __future__ import annotations

from lawforge.runtime.oath.actions import Kind, Phase, action
from lawforge.runtime.oath.game import OathState
from test_oath_banners import started
from test_oath_play import OATH


def drawn_for(state: OathState, seat: int, card: int) -> None:
    """As if `seat` had searched and kept `card`: it waits to be played."""
    state.flat.set("current_player", seat)
    state.cards.put(card, state.cards.zone("drawn", seat))
    state.flat.set("phase", Phase.SEARCH_PLAY)


def reveal(state: OathState, seat: int, vision: str) -> int:
    card = state.cards.of("vision", vision)
    state.cards.put(card, state.cards.zone("revealed_vision", seat), faceup=True)
    return card


def test_only_exiles_reveal_visions_and_a_new_one_replaces_the_old() -> None:
    state = started(1)
    conquest, faith = state.cards.of("vision", "conquest"), state.cards.of("vision", "faith")
    drawn_for(state, 0, conquest)
    assert action(Kind.PLAY_VISION, conquest) not in state.legal_actions(), "the Chancellor plays Visions facedown"
    assert action(Kind.PLAY_TO_ADVISERS, conquest) in state.legal_actions()
    state.cards.put(conquest, state.cards.zone("box"))
    reveal(state, 1, "faith")
    drawn_for(state, 1, conquest)
    state.apply(action(Kind.PLAY_VISION, conquest))
    assert state.cards.in_zone(state.cards.zone("revealed_vision", 1)) == [conquest]
    assert state.flat.get("card_zone", faith) != state.cards.zone("revealed_vision", 1), "the old one is discarded"


def test_a_visionary_wins_at_wake_once_three_visions_are_drawn() -> None:
    state = started(2)
    reveal(state, 1, "conquest")
    for site in state.sites_on_map():
        state.flat.set("site_warbands", site, 0, 0)
    state.flat.set("site_warbands", state.sites_on_map()[0], 1, 1)
    state.flat.set("visions_drawn", 2)
    twin = state.clone()
    state.flat.set("current_player", 0)
    state.flat.set("phase", Phase.ACT)
    state.apply(action(Kind.END_TURN))
    assert not state.is_terminal(), "two Visions drawn are not enough (3.2)"
    twin.flat.set("visions_drawn", 3)
    twin.flat.set("current_player", 0)
    twin.flat.set("phase", Phase.ACT)
    twin.apply(action(Kind.END_TURN))
    assert twin.is_terminal() and twin.victory == "visionary" and twin.returns()[1] == 1.0


def test_a_tie_for_most_is_not_a_visions_goal() -> None:
    state = started(3, players=3)
    conquest = int(OATH.enums["oath"]["SUPREMACY"])
    for site in state.sites_on_map():
        state.flat.set("site_warbands", site, 0, 0)
    first, second = state.sites_on_map()[:2]
    state.flat.set("site_warbands", first, 1, 1)
    state.flat.set("site_warbands", second, 2, 1)
    assert not state.meets_goal(1, conquest)
    state.flat.set("site_warbands", second, 1, 1)
    state.flat.set("site_warbands", second, 2, 0)
    assert state.meets_goal(1, conquest)


def test_war_exhaustion_goes_to_the_first_visionary_in_the_visions_order() -> None:
    state = started(4, players=3)
    state.flat.set("oathkeeper", 1)  # an Exile holds the title on its Oathkeeper side: no Imperial win
    state.flat.set("usurper", 0)
    state.flat.set("visions_drawn", 3)
    state.flat.set("banner_holder", 0, 1)  # the People's Favor: seat 1's Rebellion is met
    state.flat.set("banner_holder", 1, 2)  # the Darkest Secret: seat 2's Faith is met
    reveal(state, 1, "rebellion")
    reveal(state, 2, "faith")
    state.flat.set("round", 8)
    state._end_round()
    assert state.victory == "visionary" and state.returns()[1] == 1.0, "Rebellion (2) comes before Faith (4)"


def test_every_move_has_words_in_every_locale() -> None:
    labels = {label.id.name.lower(): label for label in OATH.entities("label")}
    for kind in Kind:
        label = labels[f"move_{kind.name.lower()}"]
        assert all(label.text.get(locale, "") for locale in ("en", "fr", "uk"))


def test_cards_show_their_suit_only_faceup() -> None:
    state = started(5)
    alchemist = state.cards.of("denizen", "alchemist")
    arcane = int(OATH.enums["suit"]["ARCANE"])
    state.cards.put(alchemist, state.cards.zone("advisers", 0), faceup=True)
    assert state.flat.get("card_suit", alchemist) == arcane
    state.cards.put(alchemist, state.cards.zone("advisers", 0))
    assert state.flat.get("card_suit", alchemist) == -1, "a facedown adviser has no suit"


def test_persistent_powers_forbid_playing_visions_faceup() -> None:
    from lawforge.runtime.oath.actions import Kind, Phase, action
    from test_oath_banners import started

    state = started(40, players=3)
    state.flat.set("current_player", 1)
    vision = state.cards.of("vision", "faith")
    state.cards.put(vision, state.cards.zone("drawn", 1))
    state.flat.set("phase", Phase.SEARCH_PLAY)
    assert action(Kind.PLAY_VISION, vision) in state.legal_actions()
    obedience = state.cards.of("denizen", "vow_of_obedience")
    state.cards.put(obedience, state.cards.zone("advisers", 1), faceup=True)
    assert action(Kind.PLAY_VISION, vision) not in state.legal_actions(), "Vow of Obedience: its ruler cannot"
    state.cards.put(obedience, state.cards.zone("advisers", 2), faceup=True)
    assert action(Kind.PLAY_VISION, vision) in state.legal_actions(), "it binds only its ruler"
    police = state.cards.of("denizen", "secret_police")
    site = state.flat.get("pawn_site", 1)
    state.cards.put(police, state.cards.zone("at_site"), faceup=True)
    state.flat.set("card_site", police, site)
    state.flat.move(("warband_bank", 0), ("site_warbands", site, 0), 1)
    assert action(Kind.PLAY_VISION, vision) not in state.legal_actions(), \
        "Secret Police: an enemy of its ruler at a site that ruler rules cannot"
