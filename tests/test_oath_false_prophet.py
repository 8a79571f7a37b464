"""The False Prophet: a warband on another Exile's revealed Vision shares it (the Visionary win at the Wake and at War
Exhaustion, the Chronicle's vow), and once that Vision is discarded the warband is killed and the sharer plays or
discards it as if they had searched, out of their turn if need be (Phase.SHARED_VISION_PLAY)."""

from __future__ import annotations

import random

from lawforge.runtime.oath import empire
from lawforge.runtime.oath.actions import STRIDE, Kind, Phase, action
from lawforge.runtime.oath.game import OathState
from lawforge.runtime.oath.power_tables import STATIC_POWERS
from lawforge.runtime.oath.setup import SHARED_VISION, SHARED_VISION_DISCARD
from test_oath_banners import started
from test_oath_play import OATH, check_invariants
from test_oath_visions import drawn_for, reveal

PEOPLES_FAVOR, DARKEST_SECRET = 0, 1


def vision_of(state: OathState, card: int) -> int:
    return card - int(state.cards.base["vision"])


def prophet_of(state: OathState, seat: int) -> int:
    """`seat` rules the False Prophet, a faceup adviser, and no other adviser."""
    prophet = state.cards.of("denizen", "false_prophet")
    for old in state.advisers(seat):
        state.cards.discard(seat, old)
    state.cards.put(prophet, state.cards.zone("advisers", seat), faceup=True)
    return prophet


def shared(state: OathState, sharer: int, owner: int, vision: str) -> int:
    """`sharer` rules the False Prophet, whose warband is on `owner`'s revealed Vision."""
    card = reveal(state, owner, vision)
    prophet_of(state, sharer)
    state.flat.move(("warband_bank", sharer), ("vision_warbands", vision_of(state, card), sharer), 1)
    return card


def at_act(state: OathState, seat: int) -> None:
    state.flat.set("current_player", seat)
    state.flat.set("phase", Phase.ACT)


def test_the_powers_are_read_by_the_kernel() -> None:
    assert {SHARED_VISION, SHARED_VISION_DISCARD} <= set(STATIC_POWERS)
    natives = {power.native.name.lower() for power in OATH.get("denizen", "false_prophet").powers if power.native}
    assert natives == {SHARED_VISION, SHARED_VISION_DISCARD}


def test_an_exile_playing_it_puts_a_warband_of_theirs_on_the_revealed_vision_they_choose() -> None:
    state = started(3, players=3)
    faith = reveal(state, 2, "faith")
    conquest = reveal(state, 0, "conquest")  # not an Exile's, but a Vision in a Revealed Vision space all the same
    drawn_for(state, 1, state.cards.of("denizen", "false_prophet"))
    bank = state.flat.get("warband_bank", 1)
    state.apply(action(Kind.PLAY_TO_ADVISERS, state.cards.of("denizen", "false_prophet")))
    assert state.flat.get("phase") == Phase.EFFECT and state.current_player() == 1, "which revealed Vision"
    assert state.legal_actions() == sorted(action(Kind.ANSWER, vision_of(state, card)) for card in (faith, conquest))
    state.apply(action(Kind.ANSWER, vision_of(state, faith)))
    assert state.flat.get("vision_warbands", vision_of(state, faith), 1) == 1
    assert state.flat.get("warband_bank", 1) == bank - 1, "gained from their bank"
    assert state.revealed_visions(1) == state.revealed_visions(2) == [vision_of(state, faith)]
    assert state.flat.get("phase") == Phase.ACT
    check_invariants(state)


def test_a_citizen_playing_it_shares_nothing() -> None:
    state = started(4, players=3)
    faith = reveal(state, 2, "faith")
    empire.become_citizen(state.flat, 1)
    drawn_for(state, 1, state.cards.of("denizen", "false_prophet"))
    state.apply(action(Kind.PLAY_TO_ADVISERS, state.cards.of("denizen", "false_prophet")))
    assert not any(state.flat.get("vision_warbands", vision_of(state, faith), seat) for seat in range(3))
    check_invariants(state)


def meets_faith(state: OathState, seat: int) -> None:
    state.flat.set("banner_holder", DARKEST_SECRET, seat)
    state.flat.set("visions_drawn", 3)


def test_the_sharer_wins_at_their_wake_by_the_shared_visions_goal() -> None:
    state = started(5, players=3)
    shared(state, 1, 2, "faith")
    meets_faith(state, 1)
    twin = state.clone()
    at_act(state, 0)
    state.apply(action(Kind.END_TURN))
    assert state.is_terminal() and state.victory == "visionary" and state.returns()[1] == 1.0
    chronicle, _ = state.chronicle()
    assert chronicle.oath == "devotion", "a win by the shared Vision vows its Oath (8.1)"
    prophet = twin.cards.of("denizen", "false_prophet")
    twin.flat.set("card_faceup", prophet, 0)
    at_act(twin, 0)
    twin.apply(action(Kind.END_TURN))
    assert not twin.is_terminal(), "a facedown False Prophet shares nothing"


def test_a_citizen_sharer_does_not_win_as_the_visionary() -> None:
    state = started(6, players=3)
    shared(state, 1, 2, "faith")
    empire.become_citizen(state.flat, 1)
    meets_faith(state, 1)
    at_act(state, 0)
    state.apply(action(Kind.END_TURN))
    assert not state.is_terminal()
    check_invariants(state)


def test_war_exhaustion_counts_the_shared_vision_in_the_visions_order() -> None:
    state = started(7, players=4)
    state.flat.set("oathkeeper", 1)  # an Exile holds the title on its Oathkeeper side: no Imperial win
    state.flat.set("usurper", 0)
    state.flat.set("visions_drawn", 3)
    for banner in (PEOPLES_FAVOR, DARKEST_SECRET):
        state.flat.set("banner_holder", banner, -1)
    reveal(state, 1, "rebellion")
    shared(state, 2, 3, "faith")
    assert state._war_exhaustion_winner(False)[1] != "visionary"
    state.flat.set("banner_holder", DARKEST_SECRET, 2)
    assert state._war_exhaustion_winner(False) == (2, "visionary"), "seat 2 meets the Faith it shares"
    state.flat.set("banner_holder", PEOPLES_FAVOR, 1)
    assert state._war_exhaustion_winner(False) == (1, "visionary"), "Rebellion comes before Faith"


def test_a_new_vision_discards_the_shared_one_and_the_sharer_plays_it_out_of_their_turn() -> None:
    state = started(8, players=3)
    faith = shared(state, 1, 2, "faith")
    conquest = state.cards.of("vision", "conquest")
    own = reveal(state, 1, "rebellion")
    bank = state.flat.get("warband_bank", 1)
    drawn_for(state, 2, conquest)
    state.apply(action(Kind.PLAY_VISION, conquest))
    assert state.flat.get("warband_bank", 1) == bank + 1, "the warband is killed"
    assert state.flat.get("phase") == Phase.SHARED_VISION_PLAY and state.current_player() == 1
    legal = state.legal_actions()
    assert set(legal) == {action(kind, faith) for kind in (Kind.DISCARD, Kind.PLAY_VISION, Kind.PLAY_TO_ADVISERS)}
    check_invariants(state)
    state.apply(action(Kind.PLAY_VISION, faith))
    assert state.cards.in_zone(state.cards.zone("revealed_vision", 1)) == [faith]
    assert state.flat.get("card_zone", own) != state.cards.zone("revealed_vision", 1), "their old one is discarded"
    assert state.cards.in_zone(state.cards.zone("revealed_vision", 2)) == [conquest]
    assert state.flat.get("phase") == Phase.ACT and state.current_player() == 2, "the owner's turn goes on"
    assert state.revealed_visions(1) == [vision_of(state, faith)], "no warband left: nothing shared"
    check_invariants(state)


def test_the_sharer_may_discard_it_or_keep_it_facedown_among_their_advisers() -> None:
    state = started(9, players=3)
    faith = shared(state, 1, 2, "faith")
    conquest = state.cards.of("vision", "conquest")
    twin = state.clone()
    drawn_for(state, 2, conquest)
    state.apply(action(Kind.PLAY_VISION, conquest))
    state.apply(action(Kind.DISCARD, faith))
    pile = state.cards.discard_target(state.region_of(state.flat.get("pawn_site", 1)))
    assert state.flat.get("card_zone", faith) == pile, "discarded by the sharer, where their discards go"
    assert state.flat.get("phase") == Phase.ACT and state.current_player() == 2
    check_invariants(state)
    drawn_for(twin, 2, conquest)
    twin.apply(action(Kind.PLAY_VISION, conquest))
    twin.apply(action(Kind.PLAY_TO_ADVISERS, faith))
    assert faith in twin.advisers(1) and not twin.flat.get("card_faceup", faith)
    check_invariants(twin)


def test_a_citizenship_discards_the_owners_vision_and_the_sharer_answers_before_the_turn_ends() -> None:
    state = started(10, players=3)
    faith = shared(state, 1, 2, "faith")
    at_act(state, 2)
    relic = state.cards.in_zone(state.cards.zone("reliquary"))[0]
    state.flat.set("citizenship_offer", 2)
    state.flat.set("citizenship_offer_by", 0)
    state.flat.set("citizenship_relic", relic)
    state.flat.set("phase", Phase.CITIZENSHIP)
    state.apply(state.card_move(Kind.ACCEPT_CITIZENSHIP, relic))
    assert state.flat.get("phase") == Phase.SHARED_VISION_PLAY and state.current_player() == 1
    assert state.flat.get("act_phase_over") and state.flat.get("current_player") == 2
    state.apply(action(Kind.PLAY_VISION, faith))
    assert state.flat.get("current_player") == 0, "then the new Citizen's Act Phase is over (6.6.2): the next turn"
    assert state.cards.in_zone(state.cards.zone("revealed_vision", 1)) == [faith]
    check_invariants(state)


def test_without_the_false_prophet_the_warband_is_killed_and_the_vision_discarded() -> None:
    state = started(11, players=3)
    faith = shared(state, 1, 2, "faith")
    prophet = state.cards.of("denizen", "false_prophet")
    state.cards.put(prophet, state.cards.zone("advisers", 0), faceup=True)  # given away
    assert state.revealed_visions(1) == [] and state.revealed_visions(0) == []
    conquest = state.cards.of("vision", "conquest")
    drawn_for(state, 2, conquest)
    state.apply(action(Kind.PLAY_VISION, conquest))
    assert state.flat.get("phase") == Phase.ACT and not state.flat.get("vision_warbands", vision_of(state, faith), 1)
    assert state.flat.get("card_zone", faith) in {state.cards.discard_pile(region) for region in range(3)}
    check_invariants(state)


def test_random_games_with_a_shared_vision_keep_the_invariants() -> None:
    asked = 0
    for seed in range(6):
        state = started(20 + seed, players=4)
        shared(state, 1 + seed % 3, 1 + (seed + 1) % 3, ("faith", "conquest", "rebellion")[seed % 3])
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal, "never stuck"
            if state.flat.get("phase") == Phase.SHARED_VISION_PLAY:
                asked += 1
                assert {chosen // STRIDE for chosen in legal} <= {Kind.DISCARD, Kind.PLAY_VISION, Kind.PLAY_TO_ADVISERS}
            state.apply(rng.choice(legal))
            check_invariants(state)
    assert asked, "some owner replaced the shared Vision"
