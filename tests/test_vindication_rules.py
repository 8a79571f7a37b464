"""Vindication's rules in worked positions, one action at a time, on the Python form of the engine (whose state and
rule modules a test may read directly): moving, visiting, control, conversion, aptitudes, recovery, redemption,
rest, the region actions, the trigger tokens and the final scoring's masteries and tie-breaks."""

from __future__ import annotations

from typing import Any

import pytest

from lawforge.runtime import load
from lawforge.runtime.games import new_state
from lawforge.runtime.kernel.engine import COUNT, KIND
from lawforge.runtime.kernel.state import GameState

GAME = load("vindication")
INSPIRATION, SAVOIR, FORCE, COURAGE, SAGESSE, VISION = range(6)
POTENTIAL, CONVICTION = 0, 2
STOP = 1000


def started(players: int = 2, seed: int = 1) -> GameState:
    """A game past its setup (each player kept their first quest), at the first player's turn."""
    state = new_state(GAME, players, seed, kernel="python")
    while state.engine.turn() == 0:
        state.apply(state.legal_actions()[0])
    return state


def engine(state: GameState) -> Any:
    return state.engine


def region(name: str) -> int:
    return int(GAME.get("region", name).id)


def card_index(state: GameState, kind: str, name: str) -> int:
    return next(i for i, (k, c) in enumerate(engine(state).tables.cards) if k == kind and c.id.name.lower() == name)


def reoffer(state: GameState) -> None:
    """The turn's menu offered again, as it stands after a test changed the position."""
    e = engine(state)
    e.ctl[KIND] = 0
    e.ctl[COUNT] = 0
    e.advance()


def companions(state: GameState, seat: int) -> int:
    e = engine(state)
    return sum(1 for c in range(e.ncards) if e.card_kind[c] == 0 and e.owns(seat, c))


def take_step(state: GameState, key: str) -> None:
    steps = engine(state).tables.steps
    step = next(i for i, s in enumerate(steps) if s.key == f"action/{key}")
    assert step in state.legal_actions(), f"{key} is not offered"
    state.apply(step)


def offered(state: GameState, key: str) -> bool:
    steps = engine(state).tables.steps
    return next(i for i, s in enumerate(steps) if s.key == f"action/{key}") in state.legal_actions()


def place_beside(state: GameState, seat: int, name: str, owner: int = -1) -> int:
    """A region on a slot beside the seat's medallion (the others beside it emptied); returns the slot."""
    e = engine(state)
    at = e.pos(seat)
    slots = [e.space_slots[at * 3 + i] for i in range(3) if e.space_slots[at * 3 + i] >= 0]
    for slot in slots:
        e.cells[e.k_slot + slot] = -1
        e.cells[e.k_slot_owner + slot] = -1
    e.cells[e.k_slot + slots[0]] = region(name)
    if owner >= 0:
        e.set_control(slots[0], owner)
        e.add_sphere(1, owner, -1)
    reoffer(state)
    return slots[0]


def set_attr(state: GameState, seat: int, attribute: int, n: int) -> None:
    """n cubes in an attribute sphere, taken from (or given back to) the influence sphere."""
    e = engine(state)
    e.add_sphere(1, seat, e.attr(attribute, seat) - n)
    e.cells[e.o_attr + attribute * e.seats + seat] = n
    reoffer(state)


def test_a_move_goes_space_by_space_within_the_speed_and_never_stops_on_another_player() -> None:
    state = started()
    e = engine(state)
    me, other = state.current_player(), 1 - state.current_player()
    start = e.pos(me)
    take_step(state, "deplacement")
    first = state.legal_actions()
    nexts = [e.space_next[start * 3 + i] for i in range(3) if e.space_next[start * 3 + i] >= 0]
    assert STOP not in first and set(first) <= set(nexts)
    target = first[0]
    state.apply(target)
    assert e.pos(me) == target and STOP in state.legal_actions()
    state.apply(next(a for a in state.legal_actions() if a != STOP))
    assert e.turn_flag(0) == 1 and not offered(state, "deplacement")
    assert e.island.speed(e, me) == 2
    assert not e.occupied(e.pos(me), me)
    e.cells[e.k_pos + other] = e.pos(me)
    assert e.occupied(e.pos(me), me)


def test_no_stop_on_an_occupied_space() -> None:
    state = started()
    e = engine(state)
    me, other = state.current_player(), 1 - state.current_player()
    start = e.pos(me)
    neighbour = next(e.space_next[start * 3 + i] for i in range(3) if e.space_next[start * 3 + i] >= 0)
    e.cells[e.k_pos + other] = neighbour
    take_step(state, "deplacement")
    assert neighbour in state.legal_actions()  # one may pass through it (L310)
    state.apply(neighbour)
    assert STOP not in state.legal_actions() and state.legal_actions()


def test_visiting_another_players_library_generates_knowledge_and_honours_its_controller() -> None:
    state = started()
    e = engine(state)
    me, other = state.current_player(), 1 - state.current_player()
    slot = place_beside(state, me, "bibliotheque", owner=other)
    savoir, influence, their_score = e.attr(SAVOIR, me), e.influence(me), e.score(other)
    take_step(state, "visite")
    assert e.attr(SAVOIR, me) == savoir + 2 and e.influence(me) == influence - 2
    assert e.score(other) == their_score + 2 and e.turn_flag(2) == slot + 1
    assert not offered(state, "visite") and not offered(state, "repos")


def test_taking_another_players_region_costs_two_conviction_and_visits_it() -> None:
    state = started()
    e = engine(state)
    me, other = state.current_player(), 1 - state.current_player()
    slot = place_beside(state, me, "fort", owner=other)
    e.add_sphere(1, me, e.sphere(CONVICTION, me) - 2)
    e.add_sphere(CONVICTION, me, 2 - e.sphere(CONVICTION, me))
    e.add_sphere(1, me, 5)
    e.add_sphere(POTENTIAL, me, -5)
    reoffer(state)
    mine, theirs = e.influence(me), e.influence(other)
    score, their_score, force = e.score(me), e.score(other), e.attr(FORCE, me)
    take_step(state, "prise_de_controle")
    assert e.slot_owner(slot) == me and e.sphere(CONVICTION, me) == 0
    assert e.influence(other) == theirs + 1 and e.score(other) == their_score
    assert e.score(me) == score + 2
    assert e.attr(FORCE, me) == force + 2 and e.influence(me) == mine + 1 - 2
    assert not offered(state, "visite") and not offered(state, "prise_de_controle")
    assert e.cubes_of(me) == 21 and e.cubes_of(other) == 21


def test_conversion_makes_courage_from_strength_and_inspiration() -> None:
    state = started()
    e = engine(state)
    me = state.current_player()
    set_attr(state, me, FORCE, 1)
    set_attr(state, me, INSPIRATION, 1)
    set_attr(state, me, SAVOIR, 0)
    influence = e.influence(me)
    take_step(state, "conversion")
    assert state.legal_actions() == [FORCE, INSPIRATION]
    state.apply(FORCE)
    assert (e.attr(COURAGE, me), e.attr(FORCE, me), e.attr(INSPIRATION, me)) == (1, 0, 0)
    assert e.influence(me) == influence + 1 and not offered(state, "conversion")


def test_an_aptitude_costs_three_cubes_once_a_turn_and_counts_twice_for_mastery() -> None:
    state = started()
    e = engine(state)
    me = state.current_player()
    set_attr(state, me, SAVOIR, 6)
    stock = e.cells[e.k_stock + SAVOIR]
    assert stock == state.players - 1
    take_step(state, "aptitude")
    assert e.cells[e.o_aptitudes + SAVOIR * e.seats + me] == 1 and e.cells[e.k_stock + SAVOIR] == stock - 1
    assert e.attr(SAVOIR, me) == 3 and not offered(state, "aptitude")
    before = e.ending.mastery_total(e, me, SAVOIR)
    take_step(state, "discard_aptitude")
    assert e.ending.mastery_total(e, me, SAVOIR) == before - 2 and e.attr(SAVOIR, me) == 5


def test_recovering_a_companions_cubes_loses_the_companion_and_its_honour() -> None:
    state = started()
    e = engine(state)
    me = state.current_player()
    companion = e.champion(me)
    e.cells[e.o_card_cubes + companion] = 2
    e.add_sphere(1, me, -2)
    score, influence = e.score(me), e.influence(me)
    take_step(state, "recuperation")
    state.apply(100 + companion)
    assert e.zone(companion) == e.zone_box and e.influence(me) == influence + 2
    assert e.score(me) == score - e.card_honour[companion] and e.cubes_of(me) == 21


def test_redemption_needs_no_potential_and_25_honour() -> None:
    state = started()
    e = engine(state)
    me = state.current_player()
    e.cells[e.o_score + me] = 25
    reoffer(state)
    assert not offered(state, "redemption")
    e.add_sphere(1, me, e.sphere(POTENTIAL, me))
    e.add_sphere(POTENTIAL, me, -e.sphere(POTENTIAL, me))
    reoffer(state)
    take_step(state, "redemption")
    assert e.cells[e.o_side + me] == 1 and e.score(me) == 25 + e.num(29)


def test_a_rest_augments_one_power_cube_instead_of_a_visit() -> None:
    state = started()
    e = engine(state)
    me = state.current_player()
    potential, influence = e.sphere(POTENTIAL, me), e.influence(me)
    take_step(state, "repos")
    state.apply(0)
    assert (e.sphere(POTENTIAL, me), e.influence(me)) == (potential - 1, influence + 1)
    assert not offered(state, "visite")


def test_an_inn_recruits_a_companion_of_the_colour_paid_for() -> None:
    state = started()
    e = engine(state)
    me = state.current_player()
    place_beside(state, me, "auberge")
    set_attr(state, me, FORCE, 2)
    set_attr(state, me, INSPIRATION, 0)
    set_attr(state, me, SAVOIR, 0)
    before, score = companions(state, me), e.score(me)
    take_step(state, "visite")
    state.apply(1)  # blind
    while state.current_player() == me and state.decision_kind() != 1:
        state.apply(state.legal_actions()[0])
    assert companions(state, me) == before + 1 and e.attr(FORCE, me) < 2
    recruit = [c for c in range(e.ncards) if e.owns(me, c) and e.card_kind[c] == 0 and e.card_colour[c] == FORCE]
    assert recruit and e.score(me) >= score + e.card_honour[recruit[-1]] - 1


def test_a_monster_is_always_defeated_for_two_courage() -> None:
    state = started()
    e = engine(state)
    me = state.current_player()
    place_beside(state, me, "gueule_beante")
    set_attr(state, me, COURAGE, 2)
    take_step(state, "visite")
    state.apply(0)  # the face-up monster
    while state.current_player() == me and state.decision_kind() != 1:
        state.apply(1)  # save the champion if asked
    monsters = [c for c in range(e.ncards) if e.owns(me, c) and e.card_kind[c] == 1]
    assert len(monsters) == 1 and e.attr(COURAGE, me) <= 1 and e.cells[e.k_gained + 1] == 1


def test_a_command_post_upgrades_the_mount_as_often_as_strength_allows() -> None:
    state = started()
    e = engine(state)
    me = state.current_player()
    place_beside(state, me, "poste_de_commandement")
    set_attr(state, me, FORCE, 6)
    score = e.score(me)
    take_step(state, "visite")
    assert e.cells[e.o_mount + me] == 1 and e.island.speed(e, me) == 3 and e.score(me) == score + 3
    take_step(state, "repeat")
    assert e.cells[e.o_mount + me] == 2 and e.score(me) == score + 3 + 4 and not offered(state, "repeat")


def test_passing_a_trigger_token_takes_it_and_turns_a_trigger_card_face_up() -> None:
    state = started()
    e = engine(state)
    me = state.current_player()
    active = sum(1 for c in range(e.ncards) if e.zone(c) == e.zone_trigger_deck and e.cells[e.o_faceup + c])
    assert active == 2
    e.cells[e.o_score + me] = 29
    e.gain_honour(me, 2)
    assert e.cells[e.o_tokens_taken + me] == 1 and e.ending.tokens_left(e) == 3
    assert sum(1 for c in range(e.ncards) if e.zone(c) == e.zone_trigger_deck and e.cells[e.o_faceup + c]) == 3


@pytest.mark.parametrize(("mine", "theirs", "wins"), [(3, 2, True), (2, 2, False), (0, 0, False)])
def test_a_mastery_goes_to_the_highest_total_alone(mine: int, theirs: int, wins: bool) -> None:
    state = started()
    e = engine(state)
    for seat, n in ((0, mine), (1, theirs)):
        e.cells[e.o_aptitudes + VISION * e.seats + seat] = 0
        for c in range(e.ncards):
            if e.owns(seat, c) and e.card_colour[c] == VISION:
                e.put(c, e.zone_box, -1)
        e.cells[e.o_aptitudes + VISION * e.seats + seat] = n
    assert e.ending.wins_mastery(e, 0, VISION) == wins
    assert e.ending.mastery_total(e, 0, VISION) == 2 * mine


def test_ties_go_to_more_conviction_then_less_potential_then_fewer_tokens() -> None:
    state = started()
    e = engine(state)
    for seat in (0, 1):
        e.cells[e.o_score + seat] = 40
        e.cells[e.o_tokens_taken + seat] = 0
        e.add_sphere(CONVICTION, seat, 2 - e.sphere(CONVICTION, seat))
        e.add_sphere(POTENTIAL, seat, 3 - e.sphere(POTENTIAL, seat))
    assert e.ending.winner(e) == -1
    e.add_sphere(CONVICTION, 1, 1)
    assert e.ending.winner(e) == 1
    e.add_sphere(CONVICTION, 0, 1)
    e.add_sphere(POTENTIAL, 0, -1)
    assert e.ending.winner(e) == 0
    e.add_sphere(POTENTIAL, 0, 1)
    e.cells[e.o_tokens_taken + 0] = 1
    assert e.ending.winner(e) == 1


def test_the_game_ends_after_the_round_following_a_trigger() -> None:
    state = started(3)
    e = engine(state)
    rounds = e.game_flag(0)
    e.set_game_flag(1, rounds + 1)  # what trigger_last_round sets in round `rounds` (rule option last_turn: round)
    while not state.is_terminal():
        state.apply(state.legal_actions()[-1])
    assert e.game_flag(0) == rounds + 1 and e.turn() % 3 == 0


def test_a_relic_is_used_once_a_turn_only_while_it_holds_its_cube() -> None:
    """L725: each relic once a turn for 1 influence cube, which its effect sends back to influence."""
    state = started()
    e = engine(state)
    me = state.current_player()
    purse = card_index(state, "relic", "bourse")
    e.gain_card(me, purse)
    reoffer(state)
    assert not offered(state, "relic")
    e.add_sphere(1, me, -2)
    e.cells[e.o_card_cubes + purse] = 2
    reoffer(state)
    attributes = sum(e.attr(a, me) for a in range(6))
    take_step(state, "relic")  # the Bourse: its cube back to influence, then roll the attribute die and generate
    assert e.card_cubes(purse) == 1 and sum(e.attr(a, me) for a in range(6)) == attributes + 1
    assert not offered(state, "relic") and e.cubes_of(me) == 21


def test_a_companions_ability_is_offered_the_turn_it_is_activated_if_its_price_is_there() -> None:
    """L645: Kealith, activated, takes 2 of its cubes back to make the next enhanced draw free."""
    state = started()
    e = engine(state)
    me = state.current_player()
    kealith = card_index(state, "companion", "kealith")
    e.gain_card(me, kealith)
    e.add_sphere(1, me, -1)
    e.cells[e.o_card_cubes + kealith] = 1
    reoffer(state)
    take_step(state, "activation")
    state.apply(kealith + 1)
    assert e.card_cubes(kealith) == 2 and offered(state, "ability")
    take_step(state, "ability")
    assert e.card_cubes(kealith) == 0 and e.rule(7) == 1 and not offered(state, "ability")
    assert e.cards.draw_cost(e) == 0 and e.cubes_of(me) == 21


def test_another_turn_is_the_same_players_and_starts_no_round() -> None:
    """Anazi'birin, Drokk, Elya: take another turn after this one (the native extra_turn sets the game's flag)."""
    state = started(3)
    e = engine(state)
    me, rounds, turns = state.current_player(), e.game_flag(0), e.turn()
    e.set_game_flag(11, 1)
    steps = e.tables.steps
    state.apply(len(steps))  # end the turn: the move comes first, then the next turn
    while e.turn() == turns:
        state.apply(state.legal_actions()[0])
    assert state.current_player() == me and e.game_flag(0) == rounds and e.game_flag(11) == 0
    state.apply(len(steps))
    while e.turn() == turns + 1:
        state.apply(state.legal_actions()[0])
    assert state.current_player() == (me + 1) % 3


@pytest.mark.parametrize(("held", "replaces_the_move", "extra_moves"), [(0, True, 0), (1, False, 1), (2, False, 0)])
def test_the_sacred_stones_teleport_by_how_many_the_visitor_controls(held: int, replaces_the_move: bool,
                                                                      extra_moves: int) -> None:
    """L3089-3093: none controlled, a teleport next to a stone instead of the move; one, then a move more; both,
    anywhere, the move kept."""
    state = new_state(GAME, 2, 1, kernel="python", modules=["base", "pierres_sacrees"])
    while state.engine.turn() == 0:
        state.apply(state.legal_actions()[0])
    e = engine(state)
    me = state.current_player()
    slot = place_beside(state, me, "pierres_sacrees", owner=me if held else -1)
    if held == 2:
        far = next(s for s in range(e.nslots) if not e.adjacent_slot(me, s))
        e.cells[e.k_slot + far] = region("pierres_sacrees")
        e.set_control(far, me)
        e.add_sphere(1, me, -1)
        reoffer(state)
    take_step(state, "visite")
    choices = state.legal_actions()
    assert STOP in choices and e.turn_flag(2) == slot + 1
    touching = [space for space in choices if space != STOP
                and region("pierres_sacrees") in [e.slot_region(e.space_slots[space * 3 + i]) for i in range(3)
                                                  if e.space_slots[space * 3 + i] >= 0]]
    assert (len(touching) < len(choices) - 1) == (held == 2)
    state.apply(touching[-1])
    assert e.pos(me) == touching[-1]
    assert (e.turn_flag(0) == 1) == replaces_the_move and e.turn_flag(6) == extra_moves
    assert offered(state, "deplacement") != replaces_the_move


def test_the_wishing_well_gives_a_face_up_tokens_reward_and_turns_another_up() -> None:
    """L3113-3121: 3 wish tokens face up; one taken gives its reward, goes back and a new one is drawn."""
    state = new_state(GAME, 2, 2, kernel="python", modules=["base", "puits_aux_souhaits"])
    while state.engine.turn() == 0:
        state.apply(state.legal_actions()[0])
    e = engine(state)
    me = state.current_player()
    shown = [i for i in range(e.nwishes) if e.cells[e.k_wish + i]]
    assert len(shown) == 3
    place_beside(state, me, "puits_aux_souhaits")
    take_step(state, "visite")
    assert sorted(state.legal_actions()) == [*shown, STOP]
    token = shown[0]
    honour, attribute, cubes = e.wish_reward[token * 3:token * 3 + 3]
    score, held = e.score(me), e.attr(attribute, me) if attribute >= 0 else 0
    state.apply(token)
    assert e.score(me) == score + honour
    if attribute >= 0:
        assert e.attr(attribute, me) == held + cubes
    assert sum(e.cells[e.k_wish + i] for i in range(e.nwishes)) == 3 and e.cubes_of(me) == 21


def test_a_move_a_power_added_is_not_forced_at_the_end_of_the_turn() -> None:
    """The move is the only mandatory action (L229); one a power adds (Pierres sacrées) may be left."""
    state = started()
    e = engine(state)
    me, turns = state.current_player(), e.turn()
    take_step(state, "deplacement")
    while e.turn_flag(0) == 1 and state.decision_kind() != 1:
        state.apply(state.legal_actions()[0])
    e.set_turn_flag(6, 1)
    reoffer(state)
    assert offered(state, "deplacement")
    where = e.pos(me)
    state.apply(len(e.tables.steps))  # end the turn
    while e.turn() == turns:
        state.apply(state.legal_actions()[0])
    assert e.pos(me) == where


def test_vrix_swaps_places_with_a_player_at_most_two_spaces_away() -> None:
    """L2748, the native swap_places run as the effect calls it (its procedure, with the effect's arguments)."""
    state = started(3)
    e = engine(state)
    me = state.current_player()
    near, far = (me + 1) % 3, (me + 2) % 3
    start = e.pos(me)
    step = next(e.space_next[start * 3 + i] for i in range(3) if e.space_next[start * 3 + i] >= 0)
    two = next(e.space_next[step * 3 + i] for i in range(3) if e.space_next[step * 3 + i] not in (-1, start))
    e.cells[e.k_pos + near] = two
    e.cells[e.k_pos + far] = next(s for s in range(e.nspaces) if not e.powers.within(e, start, s, 2))
    e.ctl[KIND] = 0
    e.ctl[COUNT] = 0
    e.push(GAME.layout.NATIVES.index("swap_places") + 1, me, 2, 0)
    e.advance()
    assert e.pos(me) == two and e.pos(near) == start


def test_a_reactive_trait_answers_its_event_at_most_as_often_as_it_says() -> None:
    """Autorité (L1690): 2 honour a turn in which one converts into Courage, at most once a turn."""
    state = started()
    e = engine(state)
    me = state.current_player()
    e.gain_card(me, card_index(state, "trait", "autorite"))
    set_attr(state, me, FORCE, 2)
    set_attr(state, me, INSPIRATION, 2)
    set_attr(state, me, SAVOIR, 0)
    score = e.score(me)
    for _ in range(2):
        take_step(state, "conversion")
        state.apply(FORCE)
    assert e.attr(COURAGE, me) == 2 and e.score(me) == score + 2
