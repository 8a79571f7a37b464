"""Favor that does not go where it would (runtime/oath/favor.py): Vow of Renewal's holder takes the favor any player
burns; Vow of Kinship's holder keeps their favor in the Nomad bank and uses it from there."""

from __future__ import annotations

import pytest

from lawforge.runtime.oath import persistent
from lawforge.runtime.oath.actions import IllegalAction, Kind, Phase, action
from lawforge.runtime.oath.game import OathState
from test_oath_banners import started
from test_oath_battle import answer_all, at_site, put
from test_oath_campaign import banish, exile_at_chancellors_site
from test_oath_modifiers import way_station_away
from test_oath_play import check_invariants
from test_oath_triggers import drawn


def nomad(state: OathState) -> int:
    return int(state.game.enums["suit"]["NOMAD"])


def holding_dowsing_sticks(seat: int) -> OathState:
    """Seat `seat` plays its turn holding the Dowsing Sticks, whose Action burns two favor, with the favor and
    secret to pay it."""
    state = started(5)
    state.flat.set("current_player", seat)
    sticks = state.cards.of("relic", "dowsing_sticks")
    state.cards.put(sticks, state.cards.zone("relics_held", seat), faceup=True)
    state.flat.move(("shared_favor",), ("favor", seat), 2 - state.flat.get("favor", seat))
    state.flat.move(("shared_secret",), ("secret", seat), 1)
    return state


def use_dowsing_sticks(state: OathState) -> None:
    state.apply(action(Kind.USE_POWER, state.cards.of("relic", "dowsing_sticks")))


def with_kinship(state: OathState, seat: int) -> None:
    """Vow of Kinship among the player's advisers, their favor moved to the Nomad bank as its When Played does."""
    put(state, "vow_of_kinship", seat)
    state.flat.move(("favor", seat), ("bank_favor", nomad(state)), state.flat.get("favor", seat))


def test_vow_of_renewal_takes_the_favor_another_player_burns_to_pay_a_cost() -> None:
    state = holding_dowsing_sticks(0)
    put(state, "vow_of_renewal", 1)
    favor, shared = state.flat.get("favor", 1), state.flat.get("shared_favor")
    use_dowsing_sticks(state)
    assert state.flat.get("favor", 0) == 0
    assert state.flat.get("favor", 1) == favor + 2 and state.flat.get("shared_favor") == shared, "taken instead"
    answer_all(state)
    check_invariants(state)


def test_vow_of_renewal_gives_its_holder_back_the_favor_they_burn() -> None:
    state = holding_dowsing_sticks(0)
    put(state, "vow_of_renewal", 0)
    shared = state.flat.get("shared_favor")
    use_dowsing_sticks(state)
    assert state.flat.get("favor", 0) == 2 and state.flat.get("shared_favor") == shared


def test_burned_favor_goes_to_the_shared_bank_without_vow_of_renewal() -> None:
    state = holding_dowsing_sticks(0)
    favor, shared = state.flat.get("favor", 1), state.flat.get("shared_favor")
    use_dowsing_sticks(state)
    assert state.flat.get("favor", 1) == favor and state.flat.get("shared_favor") == shared + 2


def test_vow_of_renewal_takes_the_favor_a_banished_defender_burns() -> None:
    for seed in range(200):
        state = exile_at_chancellors_site(seed, warbands=9)
        put(state, "vow_of_renewal", 1)
        state.flat.move(("shared_favor",), ("favor", 0), 4 - state.flat.get("favor", 0))
        if not banish(state):
            continue
        favor, shared = state.flat.get("favor", 1), state.flat.get("shared_favor")
        state.apply(action(Kind.BURN_HALF_FAVOR))
        assert state.flat.get("favor", 0) == 2 and state.flat.get("favor", 1) == favor + 2
        assert state.flat.get("shared_favor") == shared
        return
    pytest.fail("no seed gave the attacker a victory over the pawn")


def test_a_banished_kinship_holder_burns_only_the_favor_on_their_board() -> None:
    """A defeat's burn is a loss, not a use: the bank Vow of Kinship lends stays out of it (docs/decisions.md)."""
    for seed in range(200):
        state = exile_at_chancellors_site(seed, warbands=9)
        put(state, "vow_of_kinship", 0)
        state.flat.move(("shared_favor",), ("favor", 0), 4 - state.flat.get("favor", 0))
        bank = state.flat.get("bank_favor", nomad(state))
        if not banish(state):
            continue
        assert state.flat.get("favor", 0) == 0 and state.flat.get("bank_favor", nomad(state)) == bank + 4, \
            "the favor on its holder's board went to the Nomad bank"
        assert action(Kind.BURN_HALF_FAVOR) not in state.legal_actions(), "nothing on their board to burn"
        with pytest.raises(IllegalAction):
            state.apply(action(Kind.BURN_HALF_FAVOR))
        return
    pytest.fail("no seed gave the attacker a victory over the pawn")


def test_vow_of_kinship_puts_the_favor_a_trade_gains_in_the_nomad_bank() -> None:
    state = started(5)
    with_kinship(state, 0)
    inn = at_site(state, "wayside_inn", state.flat.get("pawn_site", 0))
    assert state.suit_of[inn] != nomad(state)
    banks = state.flat.get("bank_favor", nomad(state)), state.flat.get("bank_favor", state.suit_of[inn])
    state.apply(action(Kind.TRADE_FOR_FAVOR, inn))
    if state.flat.get("phase") == Phase.MODIFIERS:
        state.apply(action(Kind.TAKE_ACTION))
    answer_all(state)
    assert state.flat.get("favor", 0) == 0
    assert state.flat.get("bank_favor", state.suit_of[inn]) == banks[1] - 1
    assert state.flat.get("bank_favor", nomad(state)) == banks[0] + 1, "gained into the Nomad bank"
    check_invariants(state)


def storyteller_use(state: OathState) -> int:
    """Seat 0's Storyteller, whose Action costs a favor placed on it, with no favor on their board."""
    storyteller = put(state, "storyteller", 0)
    state.flat.move(("favor", 0), ("shared_favor",), state.flat.get("favor", 0))
    return action(Kind.USE_POWER, storyteller)


def test_vow_of_kinship_lets_its_holder_pay_a_cost_with_nomad_bank_favor() -> None:
    state = started(5)
    with_kinship(state, 0)
    use = storyteller_use(state)
    bank = state.flat.get("bank_favor", nomad(state))
    assert bank > 0 and use in state.legal_actions()
    state.apply(use)
    assert state.flat.get("card_favor", state.cards.of("denizen", "storyteller")) == 1
    assert state.flat.get("bank_favor", nomad(state)) == bank - 1, "placed from the Nomad bank"


def test_without_vow_of_kinship_the_nomad_bank_pays_nothing() -> None:
    state = started(5)
    use = storyteller_use(state)
    assert state.flat.get("bank_favor", nomad(state)) > 0 and use not in state.legal_actions()
    with pytest.raises(IllegalAction):
        state.apply(use)


def test_vow_of_kinship_and_vow_of_renewal_together_put_the_favor_taken_in_the_nomad_bank() -> None:
    state = holding_dowsing_sticks(1)
    with_kinship(state, 0)
    put(state, "vow_of_renewal", 0)
    bank, shared = state.flat.get("bank_favor", nomad(state)), state.flat.get("shared_favor")
    use_dowsing_sticks(state)
    assert state.flat.get("favor", 0) == 0 and state.flat.get("shared_favor") == shared
    assert state.flat.get("bank_favor", nomad(state)) == bank + 2, "taken, then put in the Nomad bank"


def test_vow_of_renewal_takes_a_whole_burn_when_a_site_revealed_in_the_same_move_draws_from_the_shared_bank() -> None:
    """The burn is measured on the shared bank, which a facedown site's reveal prompt (5.6.2) draws favor from."""
    for seed in range(40):
        state = started(seed)
        flat = state.flat
        hidden = [site for site in state.sites_on_map() if not flat.get("card_faceup", state.site_card(site))
                  and state.game.entities("site")[site].start_favor]
        if not hidden:
            continue
        put(state, "vow_of_renewal", 1)
        flat.move(("shared_favor",), ("favor", 0), 2)
        renewed, before = flat.get("favor", 1), flat.get("shared_favor")
        flat.move(("favor", 0), ("shared_favor",), 2)
        state.cards.arrive(0, hidden[0])
        assert flat.get("card_favor", state.site_card(hidden[0])) > 0, "the reveal took favor from the shared bank"
        persistent.settle_favor(state, before)
        assert flat.get("favor", 1) == renewed + 2 and flat.get("shared_favor_drawn") == 0
        return
    raise AssertionError("no seed left a facedown site with favor to place")


def test_vow_of_renewal_takes_what_a_kinship_holder_burns_from_the_nomad_bank() -> None:
    state = holding_dowsing_sticks(1)
    with_kinship(state, 1)
    put(state, "vow_of_renewal", 0)
    bank, favor = state.flat.get("bank_favor", nomad(state)), state.flat.get("favor", 0)
    use_dowsing_sticks(state)
    assert state.flat.get("bank_favor", nomad(state)) == bank - 2 and state.flat.get("favor", 0) == favor + 2


def test_a_kinship_holder_gives_nomad_bank_favor_in_witchs_bargain() -> None:
    state = started(5)
    with_kinship(state, 0)
    bargain = put(state, "witchs_bargain", 0)
    state.flat.set("pawn_site", 1, state.flat.get("pawn_site", 0))
    bank, favor = state.flat.get("bank_favor", nomad(state)), state.flat.get("favor", 1)
    secret = state.flat.get("secret", 1)
    assert state.flat.get("favor", 0) == 0 and bank >= 2
    state.apply(action(Kind.USE_POWER, bargain))
    state.apply(action(Kind.ANSWER, 1))
    assert state.legal_actions() == [action(Kind.ANSWER, 0), action(Kind.ANSWER, 1)], "a pair of favor to give"
    state.apply(action(Kind.ANSWER, 1))
    assert state.flat.get("bank_favor", nomad(state)) == bank - 2 and state.flat.get("favor", 1) == favor + 2
    assert state.flat.get("secret", 1) == secret - 1 and state.flat.get("secret", 0) == 1, "the secret it bought"
    answer_all(state)
    assert state.flat.get("favor", 0) == 0
    check_invariants(state)


def test_witchs_bargain_offers_no_exchange_the_other_player_cannot_pay_back() -> None:
    """"Give 2 favor for a secret": once the other player has no secret left, nothing more is offered."""
    state = started(5)
    bargain = put(state, "witchs_bargain", 0)
    flat = state.flat
    flat.set("pawn_site", 1, flat.get("pawn_site", 0))
    flat.move(("shared_favor",), ("favor", 0), 6)
    flat.move(("secret", 1), ("shared_secret",), flat.get("secret", 1))
    flat.move(("shared_secret",), ("secret", 1), 1)
    favor = flat.get("favor", 0)
    state.apply(action(Kind.USE_POWER, bargain))
    state.apply(action(Kind.ANSWER, 1))
    state.apply(action(Kind.ANSWER, 1))
    assert flat.get("favor", 0) == favor - 2 and flat.get("secret", 1) == 0
    assert flat.get("phase") != Phase.EFFECT, "no second pair for a secret they do not have"
    check_invariants(state)


def test_a_kinship_holder_pays_way_station_from_the_nomad_bank() -> None:
    state = started(21)
    flat = state.flat
    there, way_station = way_station_away(state)
    flat.set("supply", 0, 0)
    flat.move(("favor", 0), ("shared_favor",), flat.get("favor", 0))
    travel = action(Kind.TRAVEL, there)
    assert travel not in state.legal_actions(), "no Supply, and no favor to give"
    with_kinship(state, 0)
    bank = flat.get("bank_favor", nomad(state))
    assert travel in state.legal_actions(), "the Nomad bank's favor can be given"
    state.apply(travel)
    state.apply(action(Kind.USE_MODIFIER, way_station))
    burned = flat.get("shared_favor")
    state.apply(action(Kind.ANSWER, 1))
    state.apply(action(Kind.TAKE_ACTION))
    assert flat.get("pawn_site", 0) == there and flat.get("supply", 0) == 0
    assert flat.get("bank_favor", nomad(state)) == bank - 1 and flat.get("favor", 0) == 0
    assert flat.get("shared_favor") == burned + 1, "burned: the bandits rule it"
    check_invariants(state)


def test_a_blackmailed_kinship_holder_may_pay_with_nomad_bank_favor() -> None:
    state = started(5)
    with_kinship(state, 1)
    state.flat.set("pawn_site", 1, state.flat.get("pawn_site", 0))
    relic = put(state, "sticky_fire", 1)
    bank, favor = state.flat.get("bank_favor", nomad(state)), state.flat.get("favor", 0)
    assert bank >= 3 and state.flat.get("favor", 1) == 0
    state.apply(action(Kind.PLAY_TO_ADVISERS, drawn(state, "blackmail")))
    assert state.legal_actions() == [action(Kind.ANSWER, 0), action(Kind.ANSWER, 1)], "give the favor or the relic"
    state.apply(action(Kind.ANSWER, 0))
    assert state.flat.get("bank_favor", nomad(state)) == bank - 3 and state.flat.get("favor", 0) == favor + 3
    assert state.flat.get("card_zone", relic) == state.cards.zone("relics_held", 1), "the relic stays theirs"
    check_invariants(state)


def test_another_players_take_reaches_only_a_kinship_holders_board() -> None:
    """Taking is not the holder using their favor: the Nomad bank is out of the Pied Piper's reach
    (docs/decisions.md)."""
    state = started(5)
    with_kinship(state, 1)
    piper = put(state, "pied_piper", 0)
    bank, favor = state.flat.get("bank_favor", nomad(state)), state.flat.get("favor", 0)
    state.apply(action(Kind.USE_POWER, piper))
    assert state.flat.get("card_zone", piper) == state.cards.zone("advisers", 1), "the Piper moved"
    assert state.flat.get("bank_favor", nomad(state)) == bank and state.flat.get("favor", 0) == favor


def test_levelers_counts_a_kinship_holders_favor_as_the_nomad_banks() -> None:
    state = started(5)
    with_kinship(state, 0)
    levelers = put(state, "levelers", 0)
    state.flat.move(("shared_favor",), ("bank_favor", nomad(state)), 4)
    bank = state.flat.get("bank_favor", nomad(state))
    assert all(state.flat.get("bank_favor", suit) < bank for suit in range(6) if suit != nomad(state))
    state.apply(action(Kind.USE_POWER, levelers))
    answer_all(state)
    assert state.flat.get("bank_favor", nomad(state)) == bank - 2, "moved from the richest bank, the Nomad bank"
    check_invariants(state)


def test_vow_of_poverty_rest_sees_a_kinship_holders_nomad_bank_favor() -> None:
    state = started(5)
    with_kinship(state, 0)
    put(state, "vow_of_poverty", 0)
    banks = [state.flat.get("bank_favor", suit) for suit in range(6)]
    assert state.flat.get("favor", 0) == 0 and banks[nomad(state)] > 0
    state.apply(action(Kind.END_TURN))
    assert state.flat.get("phase") != Phase.EFFECT and state.current_player() == 1, "no favor to take at the Rest"
    assert [state.flat.get("bank_favor", suit) for suit in range(6)] == banks
