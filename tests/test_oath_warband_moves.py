"""Moving warbands (6.5): a Citizen's pick-up needs the Chancellor's permission, and Imperial players give and take
warbands board to board with the other's permission; a permission granted or refused lasts the turn."""

from __future__ import annotations

import pytest

from lawforge.runtime.oath import empire
from lawforge.runtime.oath.actions import IllegalAction, Kind, Phase, action
from lawforge.runtime.oath.game import OathState
from test_oath_banners import started
from test_oath_play import check_invariants

CHANCELLOR, CITIZEN, OTHER_CITIZEN, EXILE = 0, 1, 2, 3


def gathered(seed: int = 2) -> tuple[OathState, int]:
    """Four players at the Chancellor's site, which holds 4 purple warbands; seats 1 and 2 are Citizens (made so
    directly, as the Citizenship offer is not what is tested), seat 3 an Exile with 2 warbands there; seat 1's
    turn."""
    state = started(seed, players=4)
    flat = state.flat
    site = flat.get("pawn_site", CHANCELLOR)
    for seat in (CITIZEN, OTHER_CITIZEN, EXILE):
        flat.set("pawn_site", seat, site)
    for seat in (CITIZEN, OTHER_CITIZEN):
        empire.become_citizen(flat, seat)
    flat.move(("warband_bank", CHANCELLOR), ("site_warbands", site, CHANCELLOR), 4 - flat.get("site_warbands", site, CHANCELLOR))
    flat.move(("warband_bank", EXILE), ("site_warbands", site, EXILE), 2)
    flat.set("current_player", CITIZEN)
    return state, site


def turn_of(state: OathState, seat: int) -> None:
    """Ends turns (answering anything asked meanwhile with its first move) until `seat`'s Act begins."""
    state.apply(action(Kind.END_TURN))
    while state.flat.get("phase") != Phase.ACT or state.current_player() != seat:
        moves = state.legal_actions()
        state.apply(action(Kind.END_TURN) if action(Kind.END_TURN) in moves else moves[0])


def all_illegal(state: OathState, illegal: list[int]) -> None:
    before = bytes(state.flat.cells)
    for chosen in illegal:
        with pytest.raises(IllegalAction):
            state.apply(chosen)
        assert bytes(state.flat.cells) == before, "the state is left unchanged"


def test_a_citizens_pick_up_is_asked_of_the_chancellor_and_made_only_once_granted() -> None:
    state, site = gathered()
    flat = state.flat
    state.apply(action(Kind.WARBAND_TO_BOARD, site))
    assert flat.get("phase") == Phase.WARBAND_PERMISSION and state.current_player() == CHANCELLOR
    assert state.legal_actions() == [action(Kind.GRANT_WARBAND_MOVE, CITIZEN),
                                     action(Kind.REFUSE_WARBAND_MOVE, CITIZEN)]
    assert flat.get("site_warbands", site, CHANCELLOR) == 4 and flat.get("warbands", CITIZEN) == 3, "nothing moves yet"
    state.apply(action(Kind.GRANT_WARBAND_MOVE, CITIZEN))
    assert flat.get("site_warbands", site, CHANCELLOR) == 3 and flat.get("warbands", CITIZEN) == 4
    assert flat.get("phase") == Phase.ACT and state.current_player() == CITIZEN
    state.apply(action(Kind.WARBAND_TO_BOARD, site))
    assert flat.get("phase") == Phase.ACT and flat.get("site_warbands", site, CHANCELLOR) == 2, "the grant lasts the turn"
    check_invariants(state)


def test_a_refused_pick_up_moves_nothing_and_is_not_asked_again_that_turn() -> None:
    state, site = gathered()
    flat = state.flat
    state.apply(action(Kind.WARBAND_TO_BOARD, site))
    before = [flat.get("site_warbands", site, CHANCELLOR), flat.get("warbands", CITIZEN)]
    state.apply(action(Kind.REFUSE_WARBAND_MOVE, CITIZEN))
    assert [flat.get("site_warbands", site, CHANCELLOR), flat.get("warbands", CITIZEN)] == before
    assert flat.get("phase") == Phase.ACT and state.current_player() == CITIZEN
    assert action(Kind.WARBAND_TO_BOARD, site) not in state.legal_actions()
    assert action(Kind.GIVE_WARBAND, CHANCELLOR) in state.legal_actions(), "another request may still be made"
    turn_of(state, CITIZEN)
    assert not any(flat.get("warband_moves_refused", seat) for seat in range(state.players))
    assert action(Kind.WARBAND_TO_BOARD, site) in state.legal_actions(), "asked again in a later turn"


@pytest.mark.parametrize("seat", [CHANCELLOR, EXILE])
def test_the_chancellor_and_exiles_pick_up_freely_where_a_citizen_must_ask(seat: int) -> None:
    state, site = gathered()
    flat = state.flat
    flat.set("current_player", seat)
    colour = empire.colour(flat, seat)
    state.apply(action(Kind.WARBAND_TO_BOARD, site))
    assert flat.get("phase") == Phase.ACT and flat.get("site_warbands", site, colour) == (3 if seat == CHANCELLOR else 1)
    flat.set("current_player", CITIZEN)
    state.apply(action(Kind.WARBAND_TO_BOARD, site))
    assert flat.get("phase") == Phase.WARBAND_PERMISSION, "the purple warbands are the Chancellor's to allow"
    check_invariants(state)


def test_imperial_players_give_and_take_board_warbands_with_permission_at_the_same_site() -> None:
    state, site = gathered()
    flat = state.flat
    purple = flat.get("warband_bank", CHANCELLOR)
    moves = state.legal_actions()
    assert {action(Kind.GIVE_WARBAND, seat) for seat in (CHANCELLOR, OTHER_CITIZEN)} <= set(moves)
    assert {action(Kind.TAKE_WARBAND, seat) for seat in (CHANCELLOR, OTHER_CITIZEN)} <= set(moves)
    assert action(Kind.GIVE_WARBAND, EXILE) not in moves and action(Kind.TAKE_WARBAND, EXILE) not in moves, \
        "an Exile is not Imperial"
    assert state.describe(action(Kind.GIVE_WARBAND, OTHER_CITIZEN)) == \
        "Give a warband from your board to the player in seat 3 (Citizen)"
    state.apply(action(Kind.GIVE_WARBAND, OTHER_CITIZEN))
    assert flat.get("phase") == Phase.WARBAND_PERMISSION and state.current_player() == OTHER_CITIZEN
    state.apply(action(Kind.GRANT_WARBAND_MOVE, CITIZEN))
    assert (flat.get("warbands", CITIZEN), flat.get("warbands", OTHER_CITIZEN)) == (2, 4), "board to board"
    state.apply(action(Kind.GIVE_WARBAND, OTHER_CITIZEN))
    assert (flat.get("warbands", CITIZEN), flat.get("warbands", OTHER_CITIZEN)) == (1, 5), "the grant lasts the turn"
    state.apply(action(Kind.TAKE_WARBAND, CHANCELLOR))
    assert state.current_player() == CHANCELLOR, "a take is a permission of its own"
    state.apply(action(Kind.REFUSE_WARBAND_MOVE, CITIZEN))
    assert flat.get("warbands", CHANCELLOR) == 3 and action(Kind.TAKE_WARBAND, CHANCELLOR) not in state.legal_actions()
    state.apply(action(Kind.TAKE_WARBAND, OTHER_CITIZEN))
    state.apply(action(Kind.GRANT_WARBAND_MOVE, CITIZEN))
    assert (flat.get("warbands", CITIZEN), flat.get("warbands", OTHER_CITIZEN)) == (2, 4)
    assert flat.get("warband_bank", CHANCELLOR) == purple and flat.get("warband_bank", OTHER_CITIZEN) == 14, \
        "purple stays purple"
    check_invariants(state)


def test_give_and_take_need_the_other_imperial_players_pawn_at_your_site() -> None:
    state, site = gathered()
    elsewhere = next(other for other in state.sites_on_map() if other != site)
    state.flat.set("pawn_site", OTHER_CITIZEN, elsewhere)
    moves = state.legal_actions()
    assert action(Kind.GIVE_WARBAND, OTHER_CITIZEN) not in moves
    assert action(Kind.TAKE_WARBAND, OTHER_CITIZEN) not in moves
    assert action(Kind.GIVE_WARBAND, CHANCELLOR) in moves


def test_illegal_warband_moves_raise_and_leave_the_state_unchanged() -> None:
    state, site = gathered()
    flat = state.flat
    elsewhere = next(other for other in state.sites_on_map() if other != site)
    flat.set("pawn_site", OTHER_CITIZEN, elsewhere)
    flat.move(("warbands", CHANCELLOR), ("warband_bank", CHANCELLOR), 3)
    in_the_act = [action(Kind.GIVE_WARBAND, OTHER_CITIZEN), action(Kind.TAKE_WARBAND, CHANCELLOR),
                  action(Kind.GIVE_WARBAND, EXILE), action(Kind.GIVE_WARBAND, CITIZEN),
                  action(Kind.GRANT_WARBAND_MOVE, CITIZEN), action(Kind.REFUSE_WARBAND_MOVE, CITIZEN)]
    while_asked = [action(Kind.END_TURN), action(Kind.WARBAND_TO_BOARD, site), action(Kind.GIVE_WARBAND, CITIZEN),
                   action(Kind.GRANT_WARBAND_MOVE, CHANCELLOR)]
    all_illegal(state, in_the_act)
    state.apply(action(Kind.WARBAND_TO_BOARD, site))
    all_illegal(state, while_asked)

