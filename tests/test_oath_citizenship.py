"""The Empire (6.6-6.8, 3.3.1): Citizenship offered with the Grand Scepter, accepted or declined; a Citizen
exiled for 5 favor give or take; self-exile; purple warbands and the Imperial rule; the Successor."""

from __future__ import annotations

import pytest

from lawforge.runtime.oath import campaign, empire
from lawforge.runtime.oath.actions import STRIDE, Kind, Phase, action
from lawforge.runtime.oath.banners import DARKEST_SECRET, PEOPLES_FAVOR
from lawforge.runtime.oath.game import OathState
from lawforge.runtime.oath.power_tables import POWER_STRIDE
from test_oath_banners import started, with_oath
from test_oath_play import check_invariants

SCEPTER_OFFER = 1
"""The Grand Scepter's second "Action:" power: offer Citizenship or exile a Citizen."""


def scepter(state: OathState) -> int:
    return state.cards.of("relic", "grand_scepter")


def reliquary(state: OathState) -> list[int]:
    return state.cards.in_zone(state.cards.zone("reliquary"))


def use_scepter(state: OathState, branch: int, whom: int, relic: int | None = None, *, propose: bool = True) -> None:
    """The Chancellor uses the Grand Scepter: branch 0 offers Citizenship (and proposes it with no binding exchange
    added unless `propose` is False), 1 exiles a Citizen."""
    state.flat.set("took_this_turn", scepter(state), 0)
    state.apply(action(Kind.USE_POWER, SCEPTER_OFFER * POWER_STRIDE + scepter(state)))
    answers = (branch, whom) if relic is None else (branch, whom, state.flat.get("card_handle", relic))
    for answer in answers:  # a choice with a single option is not asked
        if action(Kind.ANSWER, answer) in state.legal_actions():
            state.apply(action(Kind.ANSWER, answer))
    if propose and state.flat.get("phase") == Phase.NEGOTIATE:
        state.apply(action(Kind.PROPOSE_EXCHANGE))


def citizen(state: OathState, seat: int = 1) -> int:
    """Seat `seat` accepts the Chancellor's offer of the first relic of the Reliquary; returns that relic."""
    relic = reliquary(state)[0]
    use_scepter(state, 0, seat, relic)
    state.apply(state.card_move(Kind.ACCEPT_CITIZENSHIP, relic))
    return relic


def test_an_exile_who_accepts_citizenship_turns_purple_takes_the_relic_and_loses_their_vision() -> None:
    state = started(3, players=3)
    site = state.flat.get("pawn_site", 1)
    state.flat.move(("warbands", 1), ("site_warbands", site, 1), 2)
    vision = state.cards.of("vision", "faith")
    state.cards.put(vision, state.cards.zone("revealed_vision", 1), faceup=True)
    state.flat.set("oathkeeper", 1)
    state.flat.set("usurper", 1)
    state.flat.set("supply", 1, 1)
    purple = state.flat.get("warband_bank", 0)
    relic = reliquary(state)[0]
    use_scepter(state, 0, 1, relic)
    assert state.flat.get("phase") == Phase.CITIZENSHIP and state.current_player() == 1, "the Exile answers"
    assert state.legal_actions() == [state.card_move(Kind.ACCEPT_CITIZENSHIP, relic), action(Kind.DECLINE_CITIZENSHIP)]
    state.apply(state.card_move(Kind.ACCEPT_CITIZENSHIP, relic))
    flat = state.flat
    assert state.role_of(1) == "citizen"
    assert flat.get("warbands", 1) == 1 and flat.get("site_warbands", site, 1) == 0
    assert flat.get("site_warbands", site, 0) >= 2 and flat.get("warband_bank", 1) == 14, "own colour set aside"
    assert flat.get("warband_bank", 0) == purple - 3, "three purple warbands came from the Chancellor's bank"
    assert flat.get("card_zone", relic) == state.cards.zone("relics_held", 1) and flat.get("card_faceup", relic)
    assert flat.get("card_zone", vision) != state.cards.zone("revealed_vision", 1), "the Vision is discarded"
    assert flat.get("usurper") == 0, "the title turns to its Oathkeeper side"
    assert flat.get("supply", 1) == 6, "Supply to its leftmost space"
    assert flat.get("phase") == Phase.ACT and state.current_player() == 0, "the offerer's turn goes on"
    assert state.rules(1, site) and state.rules(0, site), "6.6.3: every Imperial player rules a purple site"
    check_invariants(state)


def test_a_declined_offer_changes_nothing_but_the_scepter_users_turn() -> None:
    state = started(3, players=3)
    use_scepter(state, 0, 2, reliquary(state)[1])
    before = list(state.flat.cells)
    state.apply(action(Kind.DECLINE_CITIZENSHIP))
    assert state.role_of(2) == "exile" and state.flat.get("phase") == Phase.ACT
    assert state.flat.get("citizenship_offer") == -1
    assert len(reliquary(state)) == 4
    changed = [i for i, (a, b) in enumerate(zip(before, state.flat.cells, strict=True)) if a != b]
    assert len(changed) <= 6, "only the phase, the offer's three fields and its two parties (negotiate.py)"


def test_a_citizen_musters_purple_warbands_and_rests_to_the_chancellors_supply() -> None:
    state = started(5, players=3)
    citizen(state, 1)
    purple = state.flat.get("warband_bank", 0)
    state.flat.set("current_player", 1)
    state.flat.set("supply", 1, 3)
    card = state.cards.of("denizen", "alchemist")
    state.cards.put(card, state.cards.zone("at_site"), faceup=True)
    state.flat.set("card_site", card, state.flat.get("pawn_site", 1))
    state.flat.set("favor", 1, 2)
    state.apply(action(Kind.MUSTER, card))
    assert state.flat.get("warband_bank", 0) == purple - 2 and state.flat.get("warband_bank", 1) == 14
    state.flat.set("supply", 0, 4)
    state.flat.set("supply", 1, 1)
    state.apply(action(Kind.END_TURN))
    assert state.flat.get("supply", 1) == 5, "4.3.3-4.3.4: the Chancellor's Supply, and one unspent saved"


@pytest.mark.parametrize(("title", "banner", "price"), [(2, 2, 5), (1, 1, 7), (1, 0, 5), (0, 0, 3)])
def test_exiling_a_citizen_costs_five_favor_give_or_take_the_title_and_the_peoples_favor(
        title: int, banner: int, price: int) -> None:
    """6.7: +1 for each of the title and the People's Favor the Citizen holds, -1 for each the giver holds."""
    state = started(4, players=3)
    citizen(state, 1)
    flat = state.flat
    flat.set("oathkeeper", title)
    flat.set("banner_holder", PEOPLES_FAVOR, banner)
    flat.move(("shared_favor",), ("favor", 0), 7 - flat.get("favor", 0))
    favor = flat.get("favor", 1)
    purple_on_board = flat.get("warbands", 1)
    use_scepter(state, 1, 1)
    assert state.role_of(1) == "exile" and flat.get("favor", 1) == favor + price and flat.get("favor", 0) == 7 - price
    assert flat.get("warbands", 1) == purple_on_board and flat.get("warband_bank", 1) == 14 - purple_on_board
    assert flat.get("supply", 1) == 6
    check_invariants(state)


def test_a_citizen_exiles_themselves_by_paying_the_scepters_holder_and_their_turn_ends() -> None:
    state = started(6, players=3)
    citizen(state, 2)
    flat = state.flat
    flat.set("current_player", 2)
    flat.move(("shared_secret",), ("secret", 2), 2 - flat.get("secret", 2))
    price = 2 + flat.get("warbands", 2)
    assert empire.self_exile_price(state, 2) == price
    flat.move(("shared_favor",), ("favor", 2), price - flat.get("favor", 2))
    holder_favor = flat.get("favor", 0)
    assert action(Kind.SELF_EXILE) in state.legal_actions()
    state.apply(action(Kind.SELF_EXILE))
    assert state.role_of(2) == "exile" and flat.get("favor", 0) == holder_favor + price
    assert state.current_player() == 0, "6.8: the Act Phase ends"
    check_invariants(state)


def test_the_holder_of_the_scepter_cannot_exile_themselves() -> None:
    state = started(6, players=3)
    citizen(state, 1)
    state.cards.put(scepter(state), state.cards.zone("relics_held", 1), faceup=True)
    state.flat.set("current_player", 1)
    state.flat.move(("shared_favor",), ("favor", 1), 10)
    assert action(Kind.SELF_EXILE) not in state.legal_actions()


def test_the_chancellor_cannot_campaign_against_a_citizen_for_their_own_purple_sites() -> None:
    state = started(7, players=3)
    citizen(state, 1)
    flat = state.flat
    site = flat.get("pawn_site", 0)
    flat.move(("warbands", 0), ("site_warbands", site, 0), 1)
    flat.set("pawn_site", 1, next(s for s in state.sites_on_map() if s != site))
    flat.set("supply", 0, 6)
    assert action(Kind.CAMPAIGN, 1) not in state.legal_actions(), "nothing of theirs to target"


def test_a_citizen_who_meets_the_successor_goal_wins_instead_of_the_chancellor() -> None:
    state = started(8, players=3)
    citizen(state, 1)
    with_oath(state, "devotion")
    state.cards.put(scepter(state), state.cards.zone("relics_held", 1), faceup=True)
    assert empire.successor(state) == 1
    state._win(0, "stable_regime")
    assert state.flat.get("winner") == 1 and state.victory == "successor"
    assert "Successor" in state.verdict("en")


def test_the_supremacy_successor_needs_more_relics_and_banners_than_every_other_imperial_player() -> None:
    state = started(8, players=3)
    citizen(state, 1)
    with_oath(state, "supremacy")
    held = state.relics_and_banners
    assert held(1) <= held(0) and empire.successor(state) is None
    for relic in reliquary(state)[:2]:
        state.cards.put(relic, state.cards.zone("relics_held", 1), faceup=True)
    assert held(1) > held(0) and empire.successor(state) == 1


def test_an_imperial_defence_has_the_chancellor_and_the_citizens_the_defender_lets_in_as_allies(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rolled: list[int] = []
    monkeypatch.setattr(campaign, "_roll_battle", lambda state: rolled.append(campaign._defense_force(state)))
    state = started(9, players=4)
    citizen(state, 1)
    citizen(state, 3)
    flat = state.flat
    site = flat.get("pawn_site", 0)  # the top Cradle site, with purple warbands
    for seat in (1, 2, 3):
        flat.set("pawn_site", seat, site)
    flat.set("current_player", 2)
    flat.set("supply", 2, 6)
    state.apply(action(Kind.CAMPAIGN, 1))
    assert flat.get("campaign_target_site", site) == 1, "the defender rules the attacker's site: it is targeted"
    state.apply(action(Kind.FIGHT))
    assert flat.get("campaign_ally", 0) == empire.JOINED, "the Chancellor always joins an Imperial defence"
    assert flat.get("phase") == Phase.CAMPAIGN_ALLIES and state.current_player() == 3
    assert state.legal_actions() == [action(Kind.OFFER_ALLY, 3), action(Kind.DONE)]
    force_before = campaign._defense_force(state)
    state.apply(action(Kind.OFFER_ALLY, 3))
    assert state.current_player() == 1, "the defender decides whether the Citizen joins"
    while not rolled:  # the battle plans of each side, none used, up to the dice
        state.apply(action(Kind.ACCEPT_ALLY, 3) if flat.get("phase") == Phase.CAMPAIGN_ALLIES else action(Kind.DONE))
    assert flat.get("campaign_ally", 3) == empire.JOINED
    assert rolled == [force_before + flat.get("warbands", 3)], "an Ally's board defends"
    flat.set("phase", Phase.CAMPAIGN_LOSSES)
    flat.set("campaign_loser", 1)
    assert state.current_player() == 0, "the Chancellor decides the Imperial losses"


def test_the_holder_chooses_who_takes_the_title_when_several_overtake_them() -> None:
    state = started(10, players=3)
    with_oath(state, "supremacy")
    flat = state.flat
    sites = [s for s in state.sites_on_map() if not state.rules(0, s)]
    for seat, ruled in ((1, sites[:2]), (2, sites[2:4])):
        for site in ruled:
            flat.move(("warband_bank", seat), ("site_warbands", site, seat), 1)
    state.update_oathkeeper()
    assert state.current_player() == 0 and flat.get("oathkeeper") == 0
    assert state.legal_actions() == [action(Kind.GIVE_TITLE, 1), action(Kind.GIVE_TITLE, 2)]
    state.apply(action(Kind.GIVE_TITLE, 2))
    assert flat.get("oathkeeper") == 2 and flat.get("title_candidates") == 0
    assert Kind.GIVE_TITLE not in {a // STRIDE for a in state.legal_actions()}


def test_ancient_pact_makes_a_citizen_who_takes_a_reliquary_relic_by_its_space_unseen() -> None:
    state = started(6, players=3)
    flat, cards = state.flat, state.cards
    flat.set("current_player", 1)
    flat.set("banner_holder", DARKEST_SECRET, 1)
    pact = cards.of("denizen", "ancient_pact")
    cards.put(pact, cards.zone("drawn", 1))
    flat.set("phase", Phase.SEARCH_PLAY)
    state.apply(action(Kind.PLAY_TO_ADVISERS, pact))
    while flat.get("phase") == Phase.EFFECT:
        state.apply(state.legal_actions()[-1])
    assert flat.get("phase") == Phase.RELIQUARY_PICK and state.current_player() == 1
    spaces = {flat.get("reliquary_space", r) - 1: r for r in reliquary(state)}
    assert state.legal_actions() == [action(Kind.TAKE_FROM_RELIQUARY, space) for space in sorted(spaces)]
    assert not any(flat.get("card_seen", r, 1) for r in spaces.values()), "unseen"
    space = sorted(spaces)[1]
    state.apply(action(Kind.TAKE_FROM_RELIQUARY, space))
    assert flat.get("card_zone", spaces[space]) == cards.zone("relics_held", 1) and state.role_of(1) == "citizen"
    assert flat.get("banner_holder", DARKEST_SECRET) == 0 and state.current_player() == 2, "Act Phase over"
    check_invariants(state)
