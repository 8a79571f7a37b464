"""Binding exchanges (7.6.3, 9.6): a power lets its user negotiate; the offer is built piece by piece, the other
party accepts or declines, and what is accepted is carried out at once."""

from __future__ import annotations

import pytest

from lawforge.runtime.oath import campaign
from lawforge.runtime.oath.actions import STRIDE, IllegalAction, Kind, Phase, action
from lawforge.runtime.oath.empire import colour
from lawforge.runtime.oath.game import OathState
from test_oath_banners import started
from test_oath_modifiers import stand_at
from test_oath_play import check_invariants
from test_oath_triggers import adviser


def negotiating(name: str, players: int = 2) -> tuple[OathState, int]:
    """Seat 0 uses this adviser's Action power and reaches the negotiation."""
    state = started(40, players)
    card = adviser(state, name)
    state.flat.set("supply", 0, 5)
    state.apply(action(Kind.USE_POWER, card))
    assert state.flat.get("phase") == Phase.NEGOTIATE and state.current_player() == 0
    return state, card


def give_relic(state: OathState, seat: int, name: str) -> int:
    relic = state.cards.of("relic", name)
    state.cards.put(relic, state.cards.zone("relics_held", seat), faceup=True)
    return relic


def test_tinkers_fair_exchanges_favor_for_a_relic_once_the_other_player_accepts() -> None:
    state, _ = negotiating("tinkers_fair")
    assert state.legal_actions() == [action(Kind.NEGOTIATE_WITH, 1), action(Kind.END_NEGOTIATION)]
    relic = give_relic(state, 1, "cracked_horn")
    favor = [state.flat.get("favor", seat) for seat in (0, 1)]
    state.apply(action(Kind.NEGOTIATE_WITH, 1))
    legal = state.legal_actions()
    assert state.card_move(Kind.GIVE_CARD, relic) in legal, "relics may change hands at Tinker's Fair"
    assert not any(state.card_move(Kind.GIVE_CARD, card) in legal for card in state.advisers(0) + state.advisers(1)), \
        "advisers may not"
    assert action(Kind.PROPOSE_EXCHANGE) not in legal, "nothing offered yet"
    state.apply(action(Kind.GIVE_FAVOR, 0))
    state.apply(action(Kind.GIVE_FAVOR, 0))
    state.apply(state.card_move(Kind.GIVE_CARD, relic))
    assert state.card_move(Kind.GIVE_CARD, relic) not in state.legal_actions(), "each card once"
    state.apply(action(Kind.PROPOSE_EXCHANGE))
    assert state.current_player() == 1
    assert state.legal_actions() == [action(Kind.ACCEPT_EXCHANGE), action(Kind.DECLINE_EXCHANGE)]
    with pytest.raises(IllegalAction):
        state.apply(action(Kind.GIVE_FAVOR, 1))
    state.apply(action(Kind.ACCEPT_EXCHANGE))
    assert state.flat.get("card_zone", relic) == state.cards.zone("relics_held", 0)
    assert [state.flat.get("favor", seat) for seat in (0, 1)] == [favor[0] - 2, favor[1] + 2]
    assert state.flat.get("phase") == Phase.ACT and state.current_player() == 0
    assert not any(state.flat.slice("offer_card")) and state.flat.get("offer_favor", 0) == 0
    check_invariants(state)


def test_a_declined_offer_changes_nothing() -> None:
    state, _ = negotiating("tinkers_fair")
    before = [state.flat.get(field, seat) for field in ("favor", "secret") for seat in (0, 1)]
    state.apply(action(Kind.NEGOTIATE_WITH, 1))
    state.apply(action(Kind.GIVE_SECRET, 0))
    state.apply(action(Kind.PROPOSE_EXCHANGE))
    state.apply(action(Kind.DECLINE_EXCHANGE))
    assert [state.flat.get(field, seat) for field in ("favor", "secret") for seat in (0, 1)] == before
    assert state.flat.get("phase") == Phase.ACT and state.flat.get("offer_secret", 0) == 0


def test_deed_writer_hands_a_ruled_site_over_with_warbands_from_the_new_rulers_board() -> None:
    state, _ = negotiating("deed_writer")
    site = next(s for s in state.sites_on_map() if not state.flat.get("site_warbands", s, colour(state.flat, 0)))
    exile = colour(state.flat, 1)
    state.flat.move(("warbands", 1), ("site_warbands", site, exile), 2)
    state.apply(action(Kind.NEGOTIATE_WITH, 1))
    assert state.card_move(Kind.GIVE_CARD, state.site_card(site)) in state.legal_actions()
    state.apply(state.card_move(Kind.GIVE_CARD, state.site_card(site)))
    state.apply(action(Kind.PROPOSE_EXCHANGE))
    board = [state.flat.get("warbands", seat) for seat in (0, 1)]
    state.apply(action(Kind.ACCEPT_EXCHANGE))
    assert state.flat.get("site_warbands", site, exile) == 0
    assert state.flat.get("site_warbands", site, colour(state.flat, 0)) == 2
    assert [state.flat.get("warbands", seat) for seat in (0, 1)] == [board[0] - 2, board[1] + 2]
    check_invariants(state)


def test_at_the_gathering_the_players_there_propose_in_turn_order() -> None:
    state = started(41, 3)
    gathering = state.cards.of("denizen", "the_gathering")
    here = state.flat.get("pawn_site", 0)
    for seat in (1, 2):
        state.flat.set("pawn_site", seat, here)
    state.cards.put(gathering, state.cards.zone("drawn", 0))
    state.flat.set("phase", Phase.SEARCH_PLAY)
    state.apply(action(Kind.PLAY_TO_SITE, gathering))
    while state.flat.get("phase") == Phase.EFFECT:
        state.apply(min(state.legal_actions()))
    mine = state.advisers(0)[0]
    state.apply(action(Kind.NEGOTIATE_WITH, 2))
    state.apply(state.card_move(Kind.GIVE_CARD, mine))
    state.apply(action(Kind.PROPOSE_EXCHANGE))
    assert state.current_player() == 2
    state.apply(action(Kind.ACCEPT_EXCHANGE))
    assert mine in state.advisers(2), "advisers change hands at The Gathering"
    for seat in (1, 2):
        assert state.flat.get("phase") == Phase.NEGOTIATE and state.current_player() == seat
        partners = [action(Kind.NEGOTIATE_WITH, other) for other in (0, 1, 2) if other != seat]
        assert state.legal_actions() == partners + [action(Kind.END_NEGOTIATION)]
        state.apply(action(Kind.END_NEGOTIATION))
    assert state.flat.get("phase") != Phase.NEGOTIATE and state.flat.get("negotiator") == 0
    check_invariants(state)


def test_a_truce_promised_at_the_tribunal_keeps_its_promiser_from_campaigning_against_the_other_party() -> None:
    """7.6.3: The Tribunal's binding promises of future actions; the kernel holds the promiser to a truce until the
    end of the next round."""
    state = started(40)
    site = stand_at(state, "the_tribunal")
    state.flat.set("pawn_site", 1, site)
    state.flat.set("supply", 0, 5)
    assert 1 in campaign.defenders(state, 0)
    state.apply(action(Kind.USE_POWER, state.site_card(site)))
    state.apply(action(Kind.NEGOTIATE_WITH, 1))
    legal = state.legal_actions()
    assert action(Kind.PROMISE_TRUCE, 0) in legal and action(Kind.PROMISE_TRUCE, 1) in legal
    state.apply(action(Kind.PROMISE_TRUCE, 0))
    assert action(Kind.PROMISE_TRUCE, 0) not in state.legal_actions(), "one promise"
    assert "campaign against the other party" in state.describe(action(Kind.PROMISE_TRUCE, 1))
    state.apply(action(Kind.PROPOSE_EXCHANGE))
    state.apply(action(Kind.ACCEPT_EXCHANGE))
    now = state.flat.get("round")
    assert state.flat.get("truce_until", 0, 1) == now + 1 and state.flat.get("truce_until", 1, 0) == 0
    assert 1 not in campaign.defenders(state, 0) and action(Kind.CAMPAIGN, 1) not in state.legal_actions()
    state.flat.set("round", now + 1)
    assert 1 not in campaign.defenders(state, 0), "until the end of the next round"
    state.flat.set("round", now + 2)
    assert 1 in campaign.defenders(state, 0)
    check_invariants(state)


def test_a_truce_is_promised_only_where_the_power_allows_promises() -> None:
    state, _ = negotiating("tinkers_fair")
    state.apply(action(Kind.NEGOTIATE_WITH, 1))
    assert not any(move // STRIDE == Kind.PROMISE_TRUCE for move in state.legal_actions())
