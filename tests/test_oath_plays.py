"""Playing a card (5.1.4) and the modifiers that set its rules: facedown advisers, New Growth's any site,
Gossip's "cannot", Book of Records' secret."""

from __future__ import annotations

from lawforge.runtime.oath.actions import STRIDE, Kind, Phase, action
from lawforge.runtime.oath.game import OathState
from lawforge.runtime.oath.plays import SITE_STRIDE
from test_oath_banners import started
from test_oath_battle import put
from test_oath_play import check_invariants
from test_oath_triggers import adviser, drawn


def at_own_site(state: OathState, name: str) -> int:
    card = state.cards.of("denizen", name)
    state.cards.put(card, state.cards.zone("at_site"), faceup=True)
    state.flat.set("card_site", card, state.flat.get("pawn_site", 0))
    return card


def free_site(state: OathState) -> int:
    return next(s for s in state.sites_on_map() if s != state.flat.get("pawn_site", 0)
                and state.flat.get("card_faceup", state.site_card(s)) and not state.cards_at(s))


def test_a_searched_denizen_may_be_played_as_a_facedown_adviser_with_no_suit_nor_power() -> None:
    state = started(11)
    card = drawn(state, "asmall_favor")
    warbands = state.flat.get("warbands", 0)
    state.apply(action(Kind.PLAY_FACEDOWN, card))
    assert card in state.advisers(0) and not state.flat.get("card_faceup", card)
    assert state.flat.get("card_suit", card) == -1 and state.flat.get("warbands", 0) == warbands, "no When Played"
    assert action(Kind.PLAY_FACEDOWN, card) not in state.legal_actions(), "6.1: it cannot go back facedown"
    assert action(Kind.PLAY_TO_ADVISERS, card) in state.legal_actions(), "6.1: played faceup as if searched"
    check_invariants(state)


def test_new_growth_lets_beast_and_hearth_cards_go_to_any_site_with_room() -> None:
    state = started(11)
    adviser(state, "new_growth")
    elsewhere = free_site(state)
    beast = drawn(state, "wild_cry")
    to_other = action(Kind.PLAY_TO_OTHER_SITE, elsewhere * SITE_STRIDE + beast)
    assert to_other in state.legal_actions()
    state.apply(to_other)
    assert state.flat.get("card_site", beast) == elsewhere and state.flat.get("card_faceup", beast)
    check_invariants(state)
    drawn(state, "rusting_ray")
    assert not [a for a in state.legal_actions() if a // STRIDE == Kind.PLAY_TO_OTHER_SITE], "an arcane card: no"


def test_without_new_growth_a_card_goes_only_to_your_site() -> None:
    state = started(11)
    beast = drawn(state, "wild_cry")
    assert not [a for a in state.legal_actions() if a // STRIDE == Kind.PLAY_TO_OTHER_SITE]
    assert action(Kind.PLAY_TO_SITE, beast) in state.legal_actions()


def test_gossip_forbids_its_rulers_enemies_to_play_facedown_advisers() -> None:
    state = started(11)
    gossip = at_own_site(state, "gossip")
    card = drawn(state, "asmall_favor")
    site = state.flat.get("card_site", gossip)
    assert action(Kind.PLAY_FACEDOWN, card) in state.legal_actions(), "the Chancellor rules Gossip: no enemy"
    state.flat.move(("site_warbands", site, 0), ("warband_bank", 0), 9)
    state.flat.move(("warband_bank", 1), ("site_warbands", site, 1), 1)
    state.flat.set("role", 1, int(state.game.enums["role"]["EXILE"]))
    assert action(Kind.PLAY_FACEDOWN, card) not in state.legal_actions(), "an Exile rules Gossip: seat 0 is an enemy"
    assert action(Kind.PLAY_TO_ADVISERS, card) in state.legal_actions()


def test_book_of_records_gains_a_secret_instead_of_a_favor_when_playing_to_a_site() -> None:
    state = started(11)
    book = state.cards.of("relic", "book_of_records")
    state.cards.put(book, state.cards.zone("relics_held", 0), faceup=True)
    card = drawn(state, "wild_cry")
    favor, secret = state.flat.get("favor", 0), state.flat.get("secret", 0)
    state.apply(action(Kind.PLAY_TO_SITE, card))
    assert (state.flat.get("favor", 0), state.flat.get("secret", 0)) == (favor, secret + 1)
    check_invariants(state)


def test_saddle_makers_ruler_gains_favor_after_another_player_plays_a_nomad_card() -> None:
    state = started(11)
    put(state, "saddle_makers", 1)
    nomad = drawn(state, "pilgrimage")
    bank = state.suit_of[nomad]
    favor, banked = state.flat.get("favor", 1), state.flat.get("bank_favor", bank)
    state.apply(action(Kind.PLAY_TO_ADVISERS, nomad))
    assert state.flat.get("favor", 1) == favor + 2 and state.flat.get("bank_favor", bank) == banked - 2
    check_invariants(state)


def test_book_binders_ruler_chooses_the_bank_after_another_player_reveals_a_vision() -> None:
    state = started(11)
    put(state, "book_binders", 1)
    state.flat.set("role", 0, int(state.game.enums["role"]["EXILE"]))
    vision = next(c for c in sorted(state.visions) if c != state.conspiracy)
    state.cards.put(vision, state.cards.zone("drawn", 0))
    state.flat.set("phase", Phase.SEARCH_PLAY)
    favor = state.flat.get("favor", 1)
    state.apply(action(Kind.PLAY_VISION, vision))
    assert state.current_player() == 1, "Book Binders' ruler picks the favor bank"
    state.apply(state.legal_actions()[0])
    assert state.flat.get("favor", 1) == favor + 2 and state.current_player() == 0
    check_invariants(state)


def test_chaos_cult_takes_a_favor_from_whoever_takes_the_title() -> None:
    state = started(11)
    put(state, "chaos_cult", 1)
    state.flat.move(("shared_favor",), ("favor", 0), 1)
    favor0, favor1 = state.flat.get("favor", 0), state.flat.get("favor", 1)
    state.flat.set("oathkeeper", 1)
    state._take_title(0)
    assert (state.flat.get("favor", 0), state.flat.get("favor", 1)) == (favor0 - 1, favor1 + 1)


def test_the_ruined_temple_forbids_its_rulers_enemies_to_play_beast_cards_faceup() -> None:
    from test_oath_edifices import with_edifice
    state = with_edifice("forest_temple", ruined=True)
    site = state.flat.get("pawn_site", 0)
    state.flat.move(("site_warbands", site, 0), ("warband_bank", 0), 9)
    state.flat.move(("warband_bank", 1), ("site_warbands", site, 1), 1)
    state.flat.set("role", 1, int(state.game.enums["role"]["EXILE"]))
    beast = drawn(state, "wild_cry")
    legal = state.legal_actions()
    assert action(Kind.PLAY_TO_ADVISERS, beast) not in legal and action(Kind.PLAY_TO_SITE, beast) not in legal
    assert action(Kind.PLAY_FACEDOWN, beast) in legal and action(Kind.DISCARD, beast) in legal


def fill_own_site(state: OathState, names: tuple[str, ...]) -> list[int]:
    """The player's site holds these cards and nothing else."""
    here = state.flat.get("pawn_site", 0)
    for card in state.cards_at(here):
        state.cards.put(card, state.cards.zone("box"))
    return [at_own_site(state, name) for name in names][:state.cards.capacity(here)]


def test_salt_the_earth_ignores_capacity_then_discards_the_other_denizens_and_sets_it_to_one() -> None:
    state = started(12)
    here = state.flat.get("pawn_site", 0)
    others = fill_own_site(state, ("wolves", "mushrooms", "small_friends"))
    assert len(state.cards_at(here)) >= state.cards.capacity(here), "the site is full"
    salt = drawn(state, "salt_the_earth")
    assert action(Kind.PLAY_TO_SITE, salt) in state.legal_actions(), "it ignores the site's capacity"
    state.apply(action(Kind.PLAY_TO_SITE, salt))
    while state.flat.get("phase") == Phase.EFFECT:
        state.apply(state.legal_actions()[0])
    assert state.cards_at(here) == [salt], "every other denizen there is discarded"
    assert all(state.flat.get("card_zone", card) != state.cards.zone("at_site") for card in others)
    assert state.cards.capacity(here) == 1
    wolves = drawn(state, "wolves")
    assert action(Kind.PLAY_TO_SITE, wolves) not in state.legal_actions(), "the site is now full with one card"
    check_invariants(state)


def test_salt_the_earth_cannot_go_to_a_site_with_a_locked_card() -> None:
    state = started(12)
    fill_own_site(state, ("vow_of_silence",))
    salt = drawn(state, "salt_the_earth")
    assert action(Kind.PLAY_TO_SITE, salt) not in state.legal_actions()


def test_locked_advisers_are_never_discarded_to_make_room() -> None:
    state = started(13)
    for card in state.advisers(0):
        state.cards.put(card, state.cards.zone("box"))
    locked = [state.cards.of("denizen", name) for name in ("silver_tongue", "vow_of_renewal", "family_heirloom")]
    for card in locked:
        state.cards.put(card, state.cards.zone("advisers", 0), faceup=True)
    newcomer = drawn(state, "wolves")
    assert action(Kind.PLAY_TO_ADVISERS, newcomer) not in state.legal_actions(), "no adviser may go (7.2.2)"
    assert action(Kind.PLAY_FACEDOWN, newcomer) not in state.legal_actions()
    state.cards.put(locked[0], state.cards.zone("box"))
    unlocked = state.cards.of("denizen", "mushrooms")
    state.cards.put(unlocked, state.cards.zone("advisers", 0), faceup=True)
    state.apply(action(Kind.PLAY_TO_ADVISERS, newcomer))
    while state.flat.get("phase") == Phase.EFFECT:
        state.apply(state.legal_actions()[0])
    assert sorted(state.advisers(0)) == sorted(locked[1:] + [newcomer]), "the unlocked adviser made room"


def test_an_adviser_that_lowers_the_limit_joins_only_if_enough_others_can_go() -> None:
    """Insomnia ("You can only have 2 advisers") joining two locked advisers: faceup, it would leave three with no
    way down to two (7.6.4, 7.2.2); facedown it limits nothing."""
    state = started(13)
    for card in state.advisers(0):
        state.cards.put(card, state.cards.zone("box"))
    for name in ("vow_of_renewal", "family_heirloom"):
        state.cards.put(state.cards.of("denizen", name), state.cards.zone("advisers", 0), faceup=True)
    insomnia = drawn(state, "insomnia")
    assert action(Kind.PLAY_FACEDOWN, insomnia) in state.legal_actions()
    assert action(Kind.PLAY_TO_ADVISERS, insomnia) not in state.legal_actions()
    state.cards.put(state.cards.of("denizen", "vow_of_renewal"), state.cards.zone("box"))
    state.cards.put(state.cards.of("denizen", "mushrooms"), state.cards.zone("advisers", 0), faceup=True)
    state.apply(action(Kind.PLAY_TO_ADVISERS, insomnia))
    assert len(state.advisers(0)) == 2, "Mushrooms made room"
