"""Vindication's rules in worked positions, one action at a time, on the Python form of the engine (whose state and
rule modules a test may read directly): moving, visiting, control, conversion, aptitudes, recovery, redemption,
rest, the region actions, the trigger tokens and the final scoring's masteries and tie-breaks."""

from __future__ import annotations

from array import array
from typing import Any

import pytest

from lawforge.runtime import load
from lawforge.runtime.games import new_state
from lawforge.runtime.kernel.engine import COUNT, KIND, USES
from lawforge.runtime.kernel.state import GameState
from lawforge.runtime.vindication import kernel as vindication_kernel
from lawforge.runtime.vindication.tables import HOOKS, NEEDS

GAME = load("vindication")
INSPIRATION, SAVOIR, FORCE, COURAGE, SAGESSE, VISION = range(6)
POTENTIAL, CONVICTION = 0, 2
STOP = 1000
MOVE_LEFT = 49
"""The turn's record (tables.py TURN_FLAGS): the spaces the last move left unused."""
YESNO = 15


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
    e.cells[e.k_pos + far] = next(s for s in range(e.nspaces) if not e.within(start, s, 2))
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


def two_regions_beside(state: GameState, seat: int, first: str, second: str, owner: int = -1) -> tuple[int, int]:
    """The seat's medallion moved to a space touching two slots, `first` (controlled by `owner`) on one and
    `second` (nobody's) on the other, the third emptied; returns the two slots."""
    e = engine(state)
    at = next(s for s in range(e.nspaces) if sum(e.space_slots[s * 3 + i] >= 0 for i in range(3)) >= 2
              and not e.occupied(s, seat))
    e.cells[e.k_pos + seat] = at
    slots = [e.space_slots[at * 3 + i] for i in range(3) if e.space_slots[at * 3 + i] >= 0]
    for slot in slots:
        e.set_control(slot, -1)
        e.cells[e.k_slot + slot] = -1
    e.cells[e.k_slot + slots[0]] = region(first)
    e.cells[e.k_slot + slots[1]] = region(second)
    if owner >= 0:
        e.set_control(slots[0], owner)
        e.add_sphere(1, owner, -1)
    reoffer(state)
    return slots[0], slots[1]


def activate_and_use(state: GameState, name: str) -> int:
    """The current player gains the companion, activates it and uses its ability; returns the card."""
    e = engine(state)
    me = state.current_player()
    card = card_index(state, "companion", name)
    e.gain_card(me, card)
    e.add_sphere(1, me, -1)
    e.cells[e.o_card_cubes + card] = 1
    reoffer(state)
    take_step(state, "activation")
    state.apply(card + 1)
    take_step(state, "ability")
    return card


def test_zinh_visits_another_players_region_without_honouring_its_controller() -> None:
    """L1203: with Zinh's ability used, the controller of the region visited gains no honour (L454 otherwise)."""
    state = started()
    e = engine(state)
    me, other = state.current_player(), 1 - state.current_player()
    activate_and_use(state, "zinh")
    place_beside(state, me, "bibliotheque", owner=other)
    savoir, their_score = e.attr(SAVOIR, me), e.score(other)
    take_step(state, "visite")
    assert e.attr(SAVOIR, me) == savoir + 2 and e.score(other) == their_score
    assert e.cubes_of(me) == 21


def test_xina_visits_one_more_region_and_its_controller_gains_honour_as_for_any_visit() -> None:
    """L1652: Xina's ability (1 power cube diluted) adds a visit: the region's action and its controller's honour
    (L454); the turn's own visit is still to take, and the added one goes elsewhere."""
    state = started()
    e = engine(state)
    me, other = state.current_player(), 1 - state.current_player()
    slot, second = two_regions_beside(state, me, "bibliotheque", "bibliotheque", owner=other)
    assert not offered(state, "extra_visit")
    activate_and_use(state, "xina")
    state.apply(state.legal_actions()[0])  # which power cube to dilute
    assert e.rule(9) == 1 and offered(state, "extra_visit")
    their_score, savoir = e.score(other), e.attr(SAVOIR, me)
    take_step(state, "extra_visit")
    assert sorted(state.legal_actions()) == sorted([slot, second])
    state.apply(slot)
    assert e.attr(SAVOIR, me) == savoir + 2 and e.score(other) == their_score + 2
    assert e.rule(9) == 0 and e.turn_flag(2) == 0 and not offered(state, "extra_visit") and offered(state, "visite")
    take_step(state, "visite")
    state.apply(second)
    assert e.turn_flag(2) == second + 1 and e.cubes_of(me) == 21


def test_a_power_that_diminishes_a_power_cube_can_be_paid_from_conviction_or_from_influence() -> None:
    """L523-525: a power cube is diminished from conviction to influence or from influence to potential, so every
    power whose text starts "Diluez" (companions, loot) has those two ways of paying (tables.py `card_ways`), and the
    kernel offers it if either can be paid (payments.can_pay_card)."""
    tables = engine(new_state(GAME, 3, 1, kernel="python", setup="everything")).tables
    rows, needs, ways = tables.numbers["price_rows"], tables.arrays["card_needs"], tables.arrays["card_ways"]
    diminishing = [card for card, (_, entity) in enumerate(tables.cards)
                   if getattr(entity, "text", None) and entity.text.fr.startswith("Diluez")]
    assert len(diminishing) == 4 + 12  # Xina, Langue fourchue, Sept plumes, Sidney; the loot
    for card in diminishing:
        conviction, influence = ([needs[(card * rows + way) * NEEDS + 6 + sphere] for way in range(2)]
                                 for sphere in (CONVICTION, 1))
        assert ways[card] == 2 and conviction[0] >= 1 and conviction[1] == 0 and influence[1] >= 1


def test_xina_is_offered_to_a_player_without_conviction_who_diminishes_an_influence_cube() -> None:
    """L1652, L525: with no conviction, Xina's power cube is diminished from influence to potential, the one way
    left, taken without asking."""
    state = started()
    e = engine(state)
    me = state.current_player()
    e.add_sphere(POTENTIAL, me, e.sphere(CONVICTION, me))
    e.add_sphere(CONVICTION, me, -e.sphere(CONVICTION, me))
    potential = e.sphere(POTENTIAL, me)
    activate_and_use(state, "xina")
    assert e.rule(9) == 1 and offered(state, "extra_visit")
    assert (e.sphere(POTENTIAL, me), e.sphere(CONVICTION, me), e.cubes_of(me)) == (potential + 1, 0, 21)


def test_ganok_rolls_the_die_twice_and_the_player_keeps_the_result_they_choose() -> None:
    """L1260: with Ga'nok's ability used, a die (here the Académie's attribute die, L376) is rolled twice and the
    player chooses between the results; without it, one roll and no choice."""
    chosen = 0
    for seed in range(12):
        state = started(seed=seed)
        e = engine(state)
        me = state.current_player()
        activate_and_use(state, "ganok")
        assert e.rule(10) == 2
        place_beside(state, me, "academie")
        for a in range(6):
            set_attr(state, me, a, 1)  # one of each: the Académie rolls once (L376)
        before = [e.attr(a, me) for a in range(6)]
        take_step(state, "visite")
        decision = e.decision()
        if decision is not None and decision[0] == 22:
            faces = decision[2]
            assert len(faces) == 2 and faces[0] != faces[1]
            names = GAME.entities("attribute")
            assert [state.describe(f, "en") for f in faces] == [f"Keep the roll: {names[f].name.get('en')}"
                                                                for f in faces]
            state.apply(faces[1])
            after = [e.attr(a, me) for a in range(6)]
            assert [after[a] - before[a] for a in range(6)] == [int(a == faces[1]) for a in range(6)]
            chosen += 1
    assert chosen >= 6
    state = started()
    place_beside(state, state.current_player(), "academie")
    take_step(state, "visite")
    assert engine(state).decision()[0] != 22  # one roll: nothing to choose


def test_the_star_thief_discards_an_active_trigger_card_of_the_players_choice_from_three() -> None:
    """L2141-2143: for 1 of its influence cubes, with 3 or more active end-game trigger cards, one of them (the
    player's choice) is discarded; with fewer, nothing is."""
    for active, discarded in ((3, 1), (2, 0)):
        state = started()
        e = engine(state)
        me = state.current_player()
        thief = card_index(state, "relic", "voleur_d_etoiles")
        e.gain_card(me, thief)
        e.add_sphere(1, me, -2)
        e.cells[e.o_card_cubes + thief] = 2
        triggers = [c for c in range(e.ncards) if e.zone(c) == e.zone_trigger_deck]
        for c in triggers:
            e.cells[e.o_faceup + c] = int(c in triggers[:active])
        reoffer(state)
        take_step(state, "relic")
        if discarded:
            assert sorted(state.legal_actions()) == triggers[:active]
            assert state.describe(triggers[1], "fr").startswith("Défausser la carte Déclenchement de fin de partie ")
            state.apply(triggers[1])
            assert e.zone(triggers[1]) == e.zone_box
        live = [c for c in triggers if e.zone(c) == e.zone_trigger_deck and e.cells[e.o_faceup + c] == 1]
        assert len(live) == active - discarded
        assert e.card_cubes(thief) == 1 and e.cubes_of(me) == 21


def test_the_ancestral_mask_takes_an_adjacent_free_region_with_its_own_cube() -> None:
    """L2095-2097: the relic's influence cube goes onto an adjacent uncontrolled region, now the player's, with
    the 2 honour of any control (L452); no conviction is used and the turn's own control is still to take."""
    state = started()
    e = engine(state)
    me, other = state.current_player(), 1 - state.current_player()
    mask = card_index(state, "relic", "masque")
    e.gain_card(me, mask)
    e.add_sphere(1, me, -2)
    e.cells[e.o_card_cubes + mask] = 2
    slot, free = two_regions_beside(state, me, "fort", "bibliotheque", owner=other)
    score, conviction = e.score(me), e.sphere(CONVICTION, me)
    take_step(state, "relic")
    assert e.slot_owner(free) == me and e.slot_owner(slot) == other
    assert e.card_cubes(mask) == 1 and e.score(me) == score + 2 and e.sphere(CONVICTION, me) == conviction
    assert e.cubes_of(me) == 21 and e.cubes_of(other) == 21


def test_the_vambraces_put_a_cube_on_the_speed_tile_for_one_more_speed_for_good() -> None:
    """L2051-2053: 1 influence cube from the relic onto the speed tile, +1 speed; the bonuses add up."""
    state = started()
    e = engine(state)
    me = state.current_player()
    vambraces = card_index(state, "relic", "canons")
    e.gain_card(me, vambraces)
    e.add_sphere(1, me, -3)
    e.cells[e.o_card_cubes + vambraces] = 3
    reoffer(state)
    speed = e.island.speed(e, me)
    take_step(state, "relic")
    assert e.island.speed(e, me) == speed + 1 and e.card_cubes(vambraces) == 2
    assert e.cells[e.k_speed_cubes + me] == 1 and e.cubes_of(me) == 21


def test_devotion_gains_honour_for_each_use_of_conviction_taking_control_included() -> None:
    """L1712-1714: 1 honour each time conviction is used; the cube placed to take a free region is used (L464)."""
    state = started()
    e = engine(state)
    me = state.current_player()
    e.gain_card(me, card_index(state, "trait", "devotion"))
    slot = place_beside(state, me, "fort")
    e.add_sphere(1, me, -(1 - e.sphere(CONVICTION, me)))
    e.add_sphere(CONVICTION, me, 1 - e.sphere(CONVICTION, me))
    reoffer(state)
    score = e.score(me)
    take_step(state, "prise_de_controle")
    assert e.slot_owner(slot) == me and e.score(me) == score + 2 + 1  # control (L452), then Dévotion
    assert e.cubes_of(me) == 21


def test_kheyra_borrows_another_players_trait_which_answers_this_players_events_this_turn() -> None:
    """L1570: Kheyra, for 1 more influence cube on her, lets the player use another player's trait this turn:
    Autorité (L1690), held by the other player, gains this player 2 honour for a conversion into Courage."""
    state = started()
    e = engine(state)
    me, other = state.current_player(), 1 - state.current_player()
    authority = card_index(state, "trait", "autorite")
    e.gain_card(other, authority)
    kheyra = activate_and_use(state, "kheyra")
    assert e.card_cubes(kheyra) == 3 and e.cubes_of(me) == 21
    set_attr(state, me, FORCE, 1)
    set_attr(state, me, INSPIRATION, 1)
    set_attr(state, me, SAVOIR, 0)
    score, theirs = e.score(me), e.score(other)
    take_step(state, "conversion")
    state.apply(FORCE)
    assert e.attr(COURAGE, me) == 1 and e.score(me) == score + 2 and e.score(other) == theirs


def test_the_tome_redistributes_the_common_cubes_which_stay_in_place_until_both_answers() -> None:
    """L2129-2133: the player's inspiration, knowledge and strength cubes rearranged freely among the three."""
    state = started()
    e = engine(state)
    me = state.current_player()
    tome = card_index(state, "relic", "tome")
    e.gain_card(me, tome)
    e.add_sphere(1, me, -1)
    e.cells[e.o_card_cubes + tome] = 1
    for attribute, n in ((INSPIRATION, 1), (SAVOIR, 2), (FORCE, 0)):
        set_attr(state, me, attribute, n)
    take_step(state, "relic")
    assert state.legal_actions() == [0, 1, 2, 3] and e.cubes_of(me) == 21  # to inspiration, mid-way
    state.apply(0)
    assert state.legal_actions() == [0, 1, 2, 3] and e.cubes_of(me) == 21
    state.apply(1)
    assert [e.attr(a, me) for a in (INSPIRATION, SAVOIR, FORCE)] == [0, 1, 2] and e.cubes_of(me) == 21


def gain_companion(state: GameState, seat: int, name: str, cubes: int) -> int:
    """The companion joins the seat's party with `cubes` influence cubes on it, from the seat's influence."""
    e = engine(state)
    card = card_index(state, "companion", name)
    e.gain_card(seat, card)
    e.add_sphere(1, seat, -cubes)
    e.cells[e.o_card_cubes + card] = cubes
    reoffer(state)
    return card


@pytest.mark.parametrize("activated_first", [True, False])
def test_adren_gains_his_honour_once_when_regions_are_taken_the_turn_he_is_activated(activated_first: bool) -> None:
    """L996: 1 honour if one or more regions are taken this turn, Adren activated before or after."""
    state = started()
    e = engine(state)
    me = state.current_player()
    adren = gain_companion(state, me, "adren", 0)
    slot = place_beside(state, me, "fort")
    e.add_sphere(1, me, -1)
    e.add_sphere(CONVICTION, me, 1)
    reoffer(state)
    steps = (("activation", adren + 1), ("prise_de_controle", None))
    score = e.score(me)
    for key, answer in steps if activated_first else reversed(steps):
        take_step(state, key)
        if answer is not None and answer in state.legal_actions():
            state.apply(answer)
    control = 2
    assert e.slot_owner(slot) == me and e.score(me) == score + control + 1 and e.cubes_of(me) == 21


def test_grenn_activated_gains_his_honour_for_a_companion_recruited_at_an_inn() -> None:
    """L1524: 2 honour when recruiting at an Auberge (L382) the turn Grenn is activated, besides the honour of the
    companion recruited (L352)."""
    state = started()
    e = engine(state)
    me = state.current_player()
    grenn = gain_companion(state, me, "grenn", 0)
    take_step(state, "activation")
    state.apply(grenn + 1)
    place_beside(state, me, "auberge")
    for attribute, n in ((INSPIRATION, 2), (SAVOIR, 0), (FORCE, 0)):
        set_attr(state, me, attribute, n)
    mine = {c for c in range(e.ncards) if e.card_kind[c] == 0 and e.owns(me, c)}
    score = e.score(me)
    take_step(state, "visite")
    for _ in range(5):
        if len([c for c in range(e.ncards) if e.card_kind[c] == 0 and e.owns(me, c)]) > len(mine):
            break
        state.apply(state.legal_actions()[0])  # the inspiration deck's face-up card
    (recruited,) = {c for c in range(e.ncards) if e.card_kind[c] == 0 and e.owns(me, c)} - mine
    assert e.score(me) == score + 2 + e.card_honour[recruited] and e.cubes_of(me) == 21


def no_influence(state: GameState, seat: int) -> None:
    e = engine(state)
    left = e.influence(seat)
    e.add_sphere(0, seat, left)
    e.add_sphere(1, seat, -left)
    reoffer(state)


def test_yanos_with_two_aptitudes_activates_without_influence() -> None:
    """L1406: activating Yanos needs no influence once his player has 2 aptitudes (L897)."""
    state = started()
    e = engine(state)
    me = state.current_player()
    yanos = gain_companion(state, me, "yanos", 0)
    no_influence(state, me)
    take_step(state, "activation")
    assert e.turn_flag(1) == 1 and e.card_cubes(yanos) == 0  # no cube to place: the character alone, unasked
    state = started()
    e = engine(state)
    yanos = gain_companion(state, me, "yanos", 0)
    for attribute in (INSPIRATION, SAVOIR):
        e.cells[e.o_aptitudes + attribute * e.seats + me] = 1
    no_influence(state, me)
    take_step(state, "activation")
    assert yanos + 1 in state.legal_actions()
    state.apply(yanos + 1)
    assert e.card_cubes(yanos) == 0 and e.turn_flag(1) == yanos + 2 and e.cubes_of(me) == 21


def test_resilience_activates_a_companion_holding_four_cubes_without_a_fifth() -> None:
    """L1805: with Résilience, a companion already holding 4 influence cubes is activated without placing more;
    one holding fewer still needs its cube."""
    state = started()
    e = engine(state)
    me = state.current_player()
    full = gain_companion(state, me, "kealith", 4)
    short = gain_companion(state, me, "zinh", 3)
    e.gain_card(me, card_index(state, "trait", "resilience"))
    no_influence(state, me)
    take_step(state, "activation")
    assert full + 1 in state.legal_actions() and short + 1 not in state.legal_actions()
    state.apply(full + 1)
    assert e.card_cubes(full) == 4 and e.cubes_of(me) == 21


@pytest.mark.parametrize(("lead", "answers"), [(0, True), (-2, False)])
def test_humility_answers_honour_gained_by_a_player_who_then_has_more(lead: int, answers: bool) -> None:
    """L1747-1749: a player with Humilité augments 1 potential cube when another player gains honour and has more
    than them (during the others' turns); not for a gain that only brings the other level. Here the other takes
    control of a free region (2 honour, L452) from level, or from 2 behind."""
    state = started()
    e = engine(state)
    me, other = state.current_player(), 1 - state.current_player()
    e.gain_card(other, card_index(state, "trait", "humilite"))
    place_beside(state, me, "fort")
    e.add_sphere(1, me, -1)
    e.add_sphere(CONVICTION, me, 1)
    e.cells[e.o_score + other] = e.score(me) - lead
    reoffer(state)
    potential, influence = e.sphere(POTENTIAL, other), e.influence(other)
    take_step(state, "prise_de_controle")
    assert e.sphere(POTENTIAL, other) == potential - answers and e.influence(other) == influence + answers
    assert e.cubes_of(other) == 21


def test_preparation_adds_honour_to_each_card_gained() -> None:
    """L1795-1797: each card gained is worth 1 more honour; here a companion recruited at an Auberge."""
    state = started()
    e = engine(state)
    me = state.current_player()
    e.gain_card(me, card_index(state, "trait", "preparation"))
    place_beside(state, me, "auberge")
    for attribute, n in ((INSPIRATION, 2), (SAVOIR, 0), (FORCE, 0)):
        set_attr(state, me, attribute, n)
    mine = {c for c in range(e.ncards) if e.card_kind[c] == 0 and e.owns(me, c)}
    score = e.score(me)
    take_step(state, "visite")
    for _ in range(5):
        if len([c for c in range(e.ncards) if e.card_kind[c] == 0 and e.owns(me, c)]) > len(mine):
            break
        state.apply(state.legal_actions()[0])
    (recruited,) = {c for c in range(e.ncards) if e.card_kind[c] == 0 and e.owns(me, c)} - mine
    assert e.score(me) == score + e.card_honour[recruited] + 1


@pytest.mark.parametrize(("spaces", "honour"), [(3, 0), (5, 1)])
def test_thirst_for_adventure_gains_honour_when_the_turn_moves_four_spaces(spaces: int, honour: int) -> None:
    """L1813: 1 honour when one moves 4 spaces or more in the turn (once, after the move)."""
    state = started()
    e = engine(state)
    me = state.current_player()
    e.gain_card(me, card_index(state, "trait", "soif_d_aventure"))
    e.cells[e.o_speed_bonus + me] = 10
    reoffer(state)
    score = e.score(me)
    take_step(state, "deplacement")
    for _ in range(spaces):
        state.apply(next(a for a in state.legal_actions() if a != STOP))
    assert e.score(me) == score
    if STOP in state.legal_actions():
        state.apply(STOP)
    assert e.turn_flag(43) == spaces and e.score(me) == score + honour


def test_patience_skips_the_turn_for_a_courage_a_vision_and_a_wisdom_cube() -> None:
    """L1775-1777: at the start of one's turn, before any action, one may skip it: then generate 1 courage,
    1 vision and 1 wisdom cube, and take no other action that turn."""
    state = started()
    e = engine(state)
    me, other = state.current_player(), 1 - state.current_player()
    e.gain_card(other, card_index(state, "trait", "patience"))
    turn = e.turn()
    state.apply(len(e.tables.steps))  # end the turn; the move comes first
    while e.turn() == turn:
        state.apply(state.legal_actions()[0])
    assert state.current_player() == other and sorted(e.decision()[2]) == [0, 1]  # the may: yes (1) or no (0)
    before = [e.attr(a, other) for a in (COURAGE, VISION, SAGESSE)]
    where = e.pos(other)
    state.apply(1)
    assert state.current_player() == me and e.turn() == turn + 2 and e.pos(other) == where
    assert [e.attr(a, other) for a in (COURAGE, VISION, SAGESSE)] == [n + 1 for n in before]
    assert e.cubes_of(other) == 21


def treachery_game(players: int = 2, *more: str) -> GameState:
    """A game with the Traîtrise cards (and `more` modules), past its setup; the next player's medallion moved
    beside the current player's."""
    state = new_state(GAME, players, 1, kernel="python", modules=["base", "traitrise", *more])
    while engine(state).turn() == 0:
        state.apply(state.legal_actions()[0])
    e = engine(state)
    me = state.current_player()
    other = (me + 1) % players
    e.cells[e.k_pos + other] = next(s for s in (e.space_next[e.pos(me) * 3 + i] for i in range(3)) if s >= 0)
    reoffer(state)
    return state


def test_avarice_costs_honour_takes_a_cube_of_the_neighbours_choice_and_generates_three_of_it() -> None:
    """L2560: lose 1 honour: a player beside loses 1 attribute cube of their choice; generate 3 of that type. A
    trait's power is used as often as it can be paid (L699), and only with a player beside."""
    state = treachery_game()
    e = engine(state)
    me, other = state.current_player(), 1 - state.current_player()
    e.gain_card(me, card_index(state, "trait", "avarice"))
    set_attr(state, other, VISION, 1)
    score, mine = e.score(me), e.attr(VISION, me)
    take_step(state, "trait")
    assert state.current_player() == other and VISION in state.legal_actions()
    assert state.describe(VISION, "fr") == "Perdre un cube Vision"
    state.apply(VISION)
    assert e.score(me) == score - 1 and e.attr(VISION, other) == 0 and e.attr(VISION, me) == mine + 3
    assert e.cubes_of(me) == 21 and e.cubes_of(other) == 21 and offered(state, "trait")
    for far in range(e.nspaces):
        e.cells[e.k_pos + other] = far
        if far != e.pos(me) and not e.beside(me, other):
            break
    reoffer(state)
    assert not offered(state, "trait")  # nobody beside


def test_kuvot_steals_an_aptitude_tile_from_a_player_beside_who_gains_two_honour() -> None:
    """L2612: lose 1 honour: steal an aptitude tile of your choice from an adjacent player, who gains 2 honour."""
    state = treachery_game()
    e = engine(state)
    me, other = state.current_player(), 1 - state.current_player()
    e.cells[e.o_aptitudes + COURAGE * e.seats + other] = 1
    activate_and_use(state, "kuvot")
    assert e.cells[e.o_aptitudes + COURAGE * e.seats + me] == 1
    assert e.cells[e.o_aptitudes + COURAGE * e.seats + other] == 0


def test_tromperie_takes_a_neighbours_region_for_one_conviction_and_no_honour() -> None:
    """L2740-2742: lose 1 honour: 1 conviction takes an adjacent region another player controls; no honour for
    it; its owner's cube goes back to their influence (L470)."""
    state = treachery_game()
    e = engine(state)
    me, other = state.current_player(), 1 - state.current_player()
    e.gain_card(me, card_index(state, "trait", "tromperie"))
    slot = place_beside(state, me, "fort", owner=other)
    e.add_sphere(1, me, -1)
    e.add_sphere(CONVICTION, me, 1)
    reoffer(state)
    score, conviction, theirs = e.score(me), e.sphere(CONVICTION, me), e.influence(other)
    take_step(state, "trait")
    assert e.slot_owner(slot) == me and e.score(me) == score - 1 and e.sphere(CONVICTION, me) == conviction - 1
    assert e.influence(other) == theirs + 1 and e.cubes_of(me) == 21 and e.cubes_of(other) == 21


def test_feth_may_push_a_player_beside_one_space_and_then_generates_two_strength() -> None:
    """L2582: push an adjacent player 1 space (to a free space beside theirs); if so, generate 2 strength."""
    state = treachery_game()
    e = engine(state)
    me, other = state.current_player(), 1 - state.current_player()
    before = e.pos(other)
    activate_and_use(state, "feth")
    force = e.attr(FORCE, me)
    state.apply(1)  # the may: yes
    target = state.legal_actions()[0]
    assert target != e.pos(me) and target in [e.space_next[before * 3 + i] for i in range(3)]
    assert state.describe(target, "en") == f"Push them to space {target + 1}"
    state.apply(target)
    assert e.pos(other) == target and e.attr(FORCE, me) == force + 2 and e.cubes_of(me) == 21


def test_the_toxin_loads_a_companion_of_each_other_players_choice_with_two_influence() -> None:
    """L2724-2726: lose 1 honour and 1 of the relic's cubes: every other player puts 2 influence cubes onto one
    of their companions (their choice)."""
    state = treachery_game(3)
    e = engine(state)
    me = state.current_player()
    toxin = card_index(state, "relic", "toxine")
    e.gain_card(me, toxin)
    e.add_sphere(1, me, -2)
    e.cells[e.o_card_cubes + toxin] = 2
    second = (me + 2) % 3
    gain_companion(state, second, "zinh", 0)  # two companions to choose from
    others = ((me + 1) % 3, second)

    def on_companions(seat: int) -> int:
        return sum(e.card_cubes(c) for c in range(e.ncards) if e.card_kind[c] == 0 and e.owns(seat, c))

    before = [(on_companions(seat), e.influence(seat)) for seat in others]
    score = e.score(me)
    take_step(state, "relic")  # the next player's single companion takes the cubes unasked
    assert state.current_player() == second and len(state.legal_actions()) == 2
    assert state.describe(state.legal_actions()[0], "en").startswith("Put the influence cubes on ")
    state.apply(state.legal_actions()[0])
    assert [(on_companions(seat), e.influence(seat)) for seat in others] == [(c + 2, i - 2) for c, i in before]
    assert all(e.cubes_of(seat) == 21 for seat in others)
    assert e.score(me) == score - 1 and e.card_cubes(toxin) == 1 and state.current_player() == me


def test_the_boots_move_every_character_four_spaces_or_fewer() -> None:
    """L2575-2577: lose 1 honour and 1 of the relic's cubes: the player moves every character, themselves too,
    4 spaces or fewer (0 too), never where another stands."""
    state = treachery_game()
    e = engine(state)
    me, other = state.current_player(), 1 - state.current_player()
    boots = card_index(state, "relic", "bottes")
    e.gain_card(me, boots)
    e.add_sphere(1, me, -2)
    e.cells[e.o_card_cubes + boots] = 2
    reoffer(state)
    take_step(state, "relic")
    start = e.pos(me)
    assert start in state.legal_actions() and e.pos(other) not in state.legal_actions()
    assert all(e.within(start, s, 4) for s in state.legal_actions())
    far = max(state.legal_actions(), key=lambda s: not e.within(start, s, 3))
    state.apply(far)
    there = e.pos(other)
    assert e.pos(me) == far and state.describe(there, "en").endswith(f" to space {there + 1}")
    state.apply(there)  # the other stays
    assert e.pos(other) == there and e.card_cubes(boots) == 1 and e.cubes_of(me) == 21


def test_a_construction_site_visited_builds_a_tile_set_aside_which_its_builder_controls() -> None:
    """L3133-3135: tiles set aside face up, as many sites in the bag (19 tiles in all); L3149-3153: 1 conviction
    builds one of them on the site, its builder controlling it (2 honour, L452) without visiting it."""
    state = new_state(GAME, 2, 1, kernel="python", modules=["base", "sites_de_construction"])
    e = engine(state)
    aside = [e.cells[e.k_aside + r] for r in range(e.nregions)]
    placed = sum(int(e.slot_region(s) >= 0) for s in range(e.nslots))
    assert sum(aside) == 3 and e.bag_left() + placed == 19
    while e.turn() == 0:
        state.apply(state.legal_actions()[0])
    me = state.current_player()
    slot = place_beside(state, me, "site_de_construction")
    e.add_sphere(1, me, -1)
    e.add_sphere(CONVICTION, me, 1)
    reoffer(state)
    score, conviction = e.score(me), e.sphere(CONVICTION, me)
    take_step(state, "visite")
    built = state.legal_actions()[0]
    assert sorted(state.legal_actions()) == [r for r in range(e.nregions) if aside[r]]
    assert state.describe(built, "en").startswith("Build ")
    state.apply(built)
    assert e.slot_region(slot) == built and e.slot_owner(slot) == me and e.cells[e.k_aside + built] == aside[built] - 1
    assert e.score(me) == score + 2 and e.sphere(CONVICTION, me) == conviction - 1 and e.cubes_of(me) == 21
    assert not offered(state, "repeat") and not offered(state, "visite")


def test_the_discoverer_of_a_construction_site_may_build_on_it_at_once_and_visit_it() -> None:
    """L3149: the player who draws a site onto the island may use 1 conviction to build a tile set aside there,
    controlling it, and may then use their visit on it; or build nothing."""
    state = new_state(GAME, 2, 2, kernel="python", modules=["base", "sites_de_construction"])
    e = engine(state)
    while e.turn() == 0:
        state.apply(state.legal_actions()[0])
    me = state.current_player()
    slot = place_beside(state, me, "fort")
    e.cells[e.k_slot + slot] = -1
    for r in range(e.nregions):
        e.cells[e.k_bag + r] = int(r == e.site_region)
    e.add_sphere(1, me, -1)
    e.add_sphere(CONVICTION, me, 1)
    e.set_turn_flag(8, 1)  # the discovery queue: this slot
    e.set_turn_flag(9, slot)
    e.island.discover(e, me)
    e.ctl[KIND] = 0
    e.ctl[COUNT] = 0
    e.advance()
    aside = [r for r in range(e.nregions) if e.cells[e.k_aside + r]]
    assert e.slot_region(slot) == e.site_region and sorted(state.legal_actions()) == [*aside, STOP]
    assert state.describe(STOP, "fr") == "Ne rien construire sur le site de construction"
    conviction = e.sphere(CONVICTION, me)
    state.apply(aside[0])
    assert e.slot_region(slot) == aside[0] and e.slot_owner(slot) == me and e.sphere(CONVICTION, me) == conviction - 1
    assert offered(state, "visite") and e.cubes_of(me) == 21


def test_wonder_generates_another_companions_attributes_instead_of_the_one_activated() -> None:
    """L1730: a companion activated may generate the attributes of another of one's companions instead of its
    own: its own go back to influence."""
    state = started()
    e = engine(state)
    me = state.current_player()
    e.gain_card(me, card_index(state, "trait", "emerveillement"))
    activated = gain_companion(state, me, "arn", 0)
    other = gain_companion(state, me, "zinh", 0)
    before = [e.attr(a, me) for a in range(3)]
    take_step(state, "activation")
    state.apply(activated + 1)
    state.apply(1)  # the may: yes
    assert other in state.legal_actions() and activated not in state.legal_actions()
    state.apply(other)
    generation = e.tables.arrays["card_generation"]
    assert generation[other * 3:other * 3 + 3] != generation[activated * 3:activated * 3 + 3]
    assert [e.attr(a, me) - before[a] for a in range(3)] == list(generation[other * 3:other * 3 + 3])
    assert e.cubes_of(me) == 21


def test_ruak_as_champion_rolls_the_attribute_die_twice_and_never_the_monster_die() -> None:
    """L1359-1361: with Ruak as champion (initiative 1, L772), a monster fought rolls the attribute die twice
    instead of both dice, generating both; Ruak is never exhausted nor killed."""
    for seed in range(4):
        state = started(seed=seed)
        e = engine(state)
        me = state.current_player()
        ruak = gain_companion(state, me, "ruak", 0)
        assert e.champion(me) == ruak
        place_beside(state, me, "gueule_beante")
        set_attr(state, me, COURAGE, 2)
        attributes = sum(e.attr(a, me) for a in range(6))
        take_step(state, "visite")
        state.apply(0)  # the face-up monster
        assert e.owns(me, ruak) and e.card_cubes(ruak) == 0
        assert sum(e.attr(a, me) for a in range(6)) == attributes - 2 + 2 and e.cubes_of(me) == 21


def test_oneths_player_beside_their_region_keeps_others_from_taking_it() -> None:
    """L1606: nobody else may take control of a region of Oneth's player while that player stands beside it."""
    state = started()
    e = engine(state)
    me, other = state.current_player(), 1 - state.current_player()
    slot = place_beside(state, me, "fort", owner=other)
    e.add_sphere(1, me, -2)
    e.add_sphere(CONVICTION, me, 2)
    reoffer(state)
    assert offered(state, "prise_de_controle")
    gain_companion(state, other, "oneth", 0)
    e.cells[e.k_pos + other] = e.pos(me)
    reoffer(state)
    assert not e.island.controllable(e, me, slot)
    e.cells[e.k_pos + other] = next(s for s in range(e.nspaces)
                                    if all(e.space_slots[s * 3 + i] != slot for i in range(3)))
    reoffer(state)
    assert e.island.controllable(e, me, slot)


def test_zula_returns_two_of_her_cubes_and_a_player_beside_loses_an_inspiration_cube() -> None:
    """L2770: return 2 influence cubes from Zula to your influence; a player beside loses 1 inspiration cube."""
    state = treachery_game()
    e = engine(state)
    me, other = state.current_player(), 1 - state.current_player()
    set_attr(state, other, INSPIRATION, 1)
    zula = gain_companion(state, me, "zula", 2)
    take_step(state, "activation")
    state.apply(zula + 1)
    influence = e.influence(me)
    take_step(state, "ability")
    assert e.card_cubes(zula) == 1 and e.influence(me) == influence + 2
    assert e.attr(INSPIRATION, other) == 0 and e.cubes_of(me) == 21 and e.cubes_of(other) == 21


def test_a_treachery_cube_keeps_a_companion_from_activation_until_its_conviction_is_paid() -> None:
    """L2628-2636: Langue fourchue (1 power cube diluted) puts a black treachery cube on a companion of a player
    beside: it cannot be activated until the cube is removed for 1 conviction (which any player may pay)."""
    state = treachery_game()
    e = engine(state)
    me, other = state.current_player(), 1 - state.current_player()
    target = gain_companion(state, other, "zinh", 0)
    activate_and_use(state, "langue_fourchue")
    state.apply(state.legal_actions()[0])  # which power cube to dilute
    assert target in state.legal_actions()
    assert state.describe(target, "en").startswith("Put a treachery cube on ")
    state.apply(target)
    assert e.cells[e.k_treachery_card + target] == 1 and e.cubes_of(me) == 21
    turn = e.turn()
    state.apply(len(e.tables.steps))  # end the turn; the move comes first
    while e.turn() == turn:
        state.apply(state.legal_actions()[0])
    assert state.current_player() == other
    e.add_sphere(1, other, -1)
    e.add_sphere(CONVICTION, other, 1)
    reoffer(state)
    take_step(state, "activation")
    assert target + 1 not in state.legal_actions()
    state.apply(0)  # the character instead
    conviction = e.sphere(CONVICTION, other)
    take_step(state, "treachery")
    if target in state.legal_actions():
        state.apply(target)
    assert e.cells[e.k_treachery_card + target] == 0 and e.sphere(CONVICTION, other) == conviction - 1
    assert e.cubes_of(other) == 21


def test_a_region_under_a_treachery_cube_is_neither_visited_nor_scored() -> None:
    """L2672 (Sidney): a region under a treachery cube cannot be visited or scored until the cube is removed."""
    state = treachery_game()
    e = engine(state)
    me = state.current_player()
    slot = place_beside(state, me, "bibliotheque", owner=me)
    assert offered(state, "visite") and e.regions_scored(me) == 1
    e.cells[e.k_treachery_slot + slot] = 1
    reoffer(state)
    assert not offered(state, "visite") and e.regions_scored(me) == 0 and e.regions_of(me) == 1


def test_strann_passing_through_another_players_space_takes_conviction_and_their_inspiration() -> None:
    """L2698: Strann activated, passing through another player's space augments 1 influence cube to conviction,
    and that player loses 1 inspiration cube."""
    state = treachery_game()
    e = engine(state)
    me, other = state.current_player(), 1 - state.current_player()
    set_attr(state, other, INSPIRATION, 1)
    strann = gain_companion(state, me, "strann", 0)
    take_step(state, "activation")
    state.apply(strann + 1)
    e.cells[e.o_speed_bonus + me] = 5
    reoffer(state)
    conviction = e.sphere(CONVICTION, me)
    take_step(state, "deplacement")
    state.apply(e.pos(other))  # through the other's space
    assert e.sphere(CONVICTION, me) == conviction + 1 and e.attr(INSPIRATION, other) == 0
    assert e.cubes_of(me) == 21 and e.cubes_of(other) == 21


@pytest.fixture
def jeweller() -> GameState:
    """A 2-player game with the Joaillier expansion, at the first player's turn."""
    state = new_state(GAME, 2, 1, kernel="python", modules=["base", "joaillier"])
    while state.engine.turn() == 0:
        state.apply(state.legal_actions()[0])
    return state


def crystals(state: GameState, seat: int) -> int:
    return int(engine(state).cells[engine(state).k_crystals + seat])


@pytest.mark.parametrize(("others_hold", "gained"), [(0, 2), (19, 1)])
def test_a_crystal_mine_gives_one_crystal_and_one_per_mine_controlled_as_the_supply_allows(
        jeweller: GameState, others_hold: int, gained: int) -> None:
    """L3041: 1 crystal plus 1 for each mine the visitor controls; the supply holds 20 (L3534)."""
    state, e = jeweller, engine(jeweller)
    me = state.current_player()
    beside = place_beside(state, me, "mine_de_cristaux")
    far = next(s for s in range(e.nslots) if s != beside and e.slot_region(s) >= 0 and not e.adjacent_slot(me, s))
    e.cells[e.k_slot + far] = region("mine_de_cristaux")
    e.set_control(far, me)
    e.add_sphere(1, me, -1)
    e.cells[e.k_crystals + 1 - me] = others_hold
    reoffer(state)
    take_step(state, "visite")
    assert crystals(state, me) == gained and crystals(state, 1 - me) == others_hold


def test_the_jewelcrafter_welds_companions_and_takes_crystals_for_honour_as_often_as_wished(
        jeweller: GameState) -> None:
    """L3045-3048: a crystal welds a companion, 2 of its influence cubes back to the sphere, again and again until
    the player stops; then each 3 crystals delivered give 2 honour, as many times as the player says."""
    state, e = jeweller, engine(jeweller)
    me = state.current_player()
    place_beside(state, me, "joaillier")
    companion = next(c for c in range(e.ncards) if e.card_kind[c] == 0 and e.owns(me, c))
    e.cells[e.o_card_cubes + companion] += 3
    e.add_sphere(1, me, -3)
    e.cells[e.k_crystals + me] = 7
    reoffer(state)
    influence, on_card, score = e.influence(me), e.card_cubes(companion), e.score(me)
    take_step(state, "visite")
    assert sorted(state.legal_actions()) == [companion, STOP]
    assert state.describe(companion, "en").startswith("Weld ") and state.describe(STOP, "fr") == \
        "Ne plus souder de compagnon"
    state.apply(companion)
    assert e.card_cubes(companion) == on_card - 2 and e.influence(me) == influence + 2 and crystals(state, me) == 6
    assert sorted(state.legal_actions()) == [companion, STOP]
    state.apply(STOP)
    assert sorted(state.legal_actions()) == [0, 1, 2]
    assert state.describe(2, "en") == "Deliver 6 crystals to the supply for 4 honour"
    state.apply(2)
    assert crystals(state, me) == 0 and e.score(me) == score + 4 and e.cubes_of(me) == 21
    assert not offered(state, "visite")


def test_the_jewelcrafter_gives_an_imbued_crystal_card_for_three_cubes_and_a_crystal_once(
        jeweller: GameState) -> None:
    """L3049: 3 cubes of one attribute and 1 crystal take the imbued crystal card of that attribute if no one has
    it; a player with no crystal left is offered none."""
    state, e = jeweller, engine(jeweller)
    me = state.current_player()
    place_beside(state, me, "joaillier")
    for attribute in range(6):
        set_attr(state, me, attribute, 3 if attribute == VISION else 0)
    for card in range(e.ncards):
        if e.card_kind[card] == 0 and e.owns(me, card):
            e.add_sphere(1, me, e.card_cubes(card))
            e.cells[e.o_card_cubes + card] = 0
    e.cells[e.k_crystals + me] = 2
    reoffer(state)
    take_step(state, "visite")
    assert sorted(state.legal_actions()) == [VISION, STOP]  # nothing to weld, too few to deliver
    assert state.describe(VISION, "en") == "Spend attribute cubes and a crystal on Imbued Crystal of Vision"
    state.apply(VISION)
    card = card_index(state, "imbued_crystal", "cristal_vision")
    assert e.owns(me, card) and e.attr(VISION, me) == 0 and crystals(state, me) == 1 and e.cubes_of(me) == 21
    assert not offered(state, "visite")


def holding_crystal(state: GameState, seat: int, attribute: str) -> int:
    """The seat takes the imbued crystal card of the attribute; returns the card."""
    e = engine(state)
    card = card_index(state, "imbued_crystal", f"cristal_{attribute}")
    e.put(card, e.zone_party + seat, seat)
    e.cells[e.o_faceup + card] = 1
    return card


def test_an_imbued_crystal_stands_in_for_the_cube_a_player_is_short_of_once_a_turn(jeweller: GameState) -> None:
    """L3055 (its example: a monster slain with 1 Courage cube and the Imbued Crystal of Courage, L3057) and L1835:
    2 Knowledge cubes and the crystal pay an aptitude of 3; the crystal is spent for the turn, so it helps no
    other payment until the next one."""
    state, e = jeweller, engine(jeweller)
    me = state.current_player()
    holding_crystal(state, me, "savoir")
    set_attr(state, me, SAVOIR, 2)
    influence, aptitudes = e.influence(me), e.cells[e.o_aptitudes + SAVOIR * e.seats + me]
    assert e.can_pay(me, SAVOIR, 3) and not e.can_pay(me, SAVOIR, 4)
    take_step(state, "aptitude")
    assert SAVOIR in state.legal_actions()
    state.apply(SAVOIR)
    assert e.attr(SAVOIR, me) == 0 and e.influence(me) == influence + 2
    assert e.cells[e.o_aptitudes + SAVOIR * e.seats + me] == aptitudes + 1 and e.cubes_of(me) == 21
    assert not e.crystal_ready(me, SAVOIR) and not e.can_pay(me, SAVOIR, 1)


@pytest.mark.parametrize("use", [1, 0])
def test_a_player_who_holds_the_cubes_says_whether_the_crystal_stands_in_for_one(
        jeweller: GameState, use: int) -> None:
    """L1835: "vous pouvez" — with the cubes to pay 2 Courage for a monster (L406), the player is asked after the
    payment: the crystal takes one cube's place (that cube comes back from influence) or stays unused for the
    turn."""
    state, e = jeweller, engine(jeweller)
    me = state.current_player()
    holding_crystal(state, me, "courage")
    place_beside(state, me, "gueule_beante")
    set_attr(state, me, COURAGE, 3)
    take_step(state, "visite")
    while e.tables.procedure_name(e.top()[0]) != "crystal_substitute":
        state.apply(state.legal_actions()[0])  # the monster's card, its dice
    assert state.legal_actions() == [0, 1]
    courage, influence = e.attr(COURAGE, me), e.influence(me)
    assert state.describe(1, "en") == \
        "Use Imbued Crystal of Courage instead of a Courage cube: the cube comes back"
    assert state.describe(0, "fr") == \
        "Payer uniquement en cubes Courage : le cristal reste inutilisé ce tour-ci"
    assert state.describe(1, "uk").startswith("Використати «Насичений кристал Відваги»")
    state.apply(use)
    assert e.attr(COURAGE, me) == courage + use and e.influence(me) == influence - use
    assert e.crystal_ready(me, COURAGE) == (use == 0) and e.cubes_of(me) == 21


def test_an_imbued_crystal_stands_in_only_for_a_cube_every_way_of_paying_a_power_takes(jeweller: GameState) -> None:
    """A ruling (CHANGELOG; L3055): Nilo converts a conviction cube into courage or a courage cube into conviction
    (L1333). The crystal is lent before the player says which way they pay, so it does not stand in for the courage
    only the second way takes: with neither conviction nor courage, the power is not offered; with a conviction
    cube, or a courage cube, it is, and only the way that cube pays is an answer."""
    state, e = jeweller, engine(jeweller)
    me = state.current_player()
    nilo = card_index(state, "companion", "nilo")
    e.gain_card(me, nilo)
    holding_crystal(state, me, "courage")
    set_attr(state, me, COURAGE, 0)
    e.add_sphere(POTENTIAL, me, e.sphere(CONVICTION, me))
    e.add_sphere(CONVICTION, me, -e.sphere(CONVICTION, me))
    assert e.crystal_ready(me, COURAGE) and not e.abilities.affordable(e, me, nilo)
    pc = e.card_choice_pc[nilo]
    e.add_sphere(POTENTIAL, me, -1)
    e.add_sphere(CONVICTION, me, 1)
    assert e.abilities.affordable(e, me, nilo)
    assert [e.effect_option_open(pc, me, answer) for answer in (0, 1)] == [True, False]
    e.add_sphere(CONVICTION, me, -1)
    e.add_sphere(POTENTIAL, me, 1)
    set_attr(state, me, COURAGE, 1)
    assert e.abilities.affordable(e, me, nilo)
    assert [e.effect_option_open(pc, me, answer) for answer in (0, 1)] == [False, True]


def test_each_cube_an_imbued_crystal_lends_to_a_power_needs_its_own_influence_cube(jeweller: GameState) -> None:
    """L3055 for a power that pays its cubes itself (payments.pay_effect): each crystal standing in for the one cube
    the player is short of lends that cube from influence. Short of one cube in each of two attributes, with both
    crystals, one influence cube lends only one: the power is not offered (it would under-pay the other); with two,
    it is, and both are lent. No card of the content costs two attributes yet: the Chevalière is given that price."""
    state, e = jeweller, engine(jeweller)
    me = state.current_player()
    ring = card_index(state, "relic", "chevaliere")
    e.gain_card(me, ring)
    holding_crystal(state, me, "inspiration")
    holding_crystal(state, me, "force")
    needs = array("i", e.card_needs)
    at = ring * e.tables.numbers["price_rows"] * NEEDS  # its one way of paying
    needs[at:at + NEEDS] = array("i", [1, 0, 1] + [0] * (NEEDS - 3))
    e.card_needs = needs
    set_attr(state, me, INSPIRATION, 0)
    set_attr(state, me, FORCE, 0)
    e.add_sphere(POTENTIAL, me, e.influence(me) - 1)
    e.add_sphere(1, me, 1 - e.influence(me))
    assert e.can_pay_effect(me, INSPIRATION, 1) and e.can_pay_effect(me, FORCE, 1)
    assert not e.abilities.affordable(e, me, ring)
    e.add_sphere(POTENTIAL, me, -1)
    e.add_sphere(1, me, 1)
    assert e.abilities.affordable(e, me, ring)
    e.abilities.pay_with_crystals(e, me, ring)
    assert (e.attr(INSPIRATION, me), e.attr(FORCE, me), e.influence(me)) == (1, 1, 0) and e.cubes_of(me) == 21


def test_the_conviction_siphon_takes_a_free_region_beside_with_another_players_conviction() -> None:
    """L2682-2684, read narrowly (a ruling): lose 1 honour and return the relic's cube: another player of the
    user's choice dilutes 1 conviction to influence, and it takes an uncontrolled region beside the user, marked
    with one of the user's influence cubes, with the 2 honour of any control (L452); a player with no conviction
    is not offered."""
    state = treachery_game(4)
    e = engine(state)
    me = state.current_player()
    rich, poor, also_rich = (me + 1) % 4, (me + 2) % 4, (me + 3) % 4
    siphon = card_index(state, "relic", "siphon")
    e.gain_card(me, siphon)
    e.add_sphere(1, me, -2)
    e.cells[e.o_card_cubes + siphon] = 2
    other_free, free = two_regions_beside(state, me, "fort", "bibliotheque")
    e.add_sphere(CONVICTION, rich, 1)
    e.add_sphere(1, rich, -1)
    e.add_sphere(1, poor, e.sphere(CONVICTION, poor))
    e.add_sphere(CONVICTION, poor, -e.sphere(CONVICTION, poor))
    reoffer(state)
    score, influence, conviction = e.score(me), e.influence(me), e.sphere(CONVICTION, me)
    theirs = e.sphere(CONVICTION, rich), e.influence(rich)
    take_step(state, "relic")
    assert sorted(state.legal_actions()) == sorted([free, other_free])
    assert state.describe(free, "en") == "Take control of Library with another player's Conviction cube"
    assert state.describe(free, "uk") == "Захопити контроль над регіоном «Бібліотека» кубиком Переконання іншого гравця"
    state.apply(free)
    assert sorted(state.legal_actions()) == sorted([rich, also_rich]) and state.current_player() == me
    assert state.describe(rich, "fr") == f"Siphonner un cube Conviction de Joueur {rich + 1}, qui le dilue en Influence"
    state.apply(rich)
    assert e.slot_owner(free) == me and e.slot_owner(other_free) == -1
    assert (e.sphere(CONVICTION, rich), e.influence(rich)) == (theirs[0] - 1, theirs[1] + 1)
    assert e.score(me) == score - 1 + 2 and e.sphere(CONVICTION, me) == conviction
    assert e.influence(me) == influence + 1 - 1 and e.card_cubes(siphon) == 1
    assert all(e.cubes_of(seat) == 21 for seat in range(4))


def test_zharah_activated_lets_the_rest_of_the_move_be_taken_after_other_actions() -> None:
    """L1428-1430: the move split before, after or between the other actions. A move stopped after 1 of its 5
    spaces ends the turn's move; once Zharah is activated, the 4 left are moved later, again at least 1 space
    (L257) and no more than what is left."""
    state = started()
    e = engine(state)
    me = state.current_player()
    zharah = card_index(state, "companion", "zharah")
    e.gain_card(me, zharah)
    e.cells[e.o_speed_bonus + me] = 3
    reoffer(state)
    speed = 5
    assert e.island.speed(e, me) == speed
    take_step(state, "deplacement")
    state.apply(min(a for a in state.legal_actions() if a != STOP))
    state.apply(STOP)
    assert not offered(state, "deplacement")
    take_step(state, "activation")
    state.apply(zharah + 1)
    for left in (speed - 1, speed - 2):
        take_step(state, "deplacement")
        assert STOP not in state.legal_actions()
        state.apply(min(state.legal_actions()))
        state.apply(STOP)
        assert e.turn_flag(MOVE_LEFT) == left - 1
    assert offered(state, "deplacement")


def set_conviction(state: GameState, seat: int, n: int) -> None:
    """n cubes in the conviction sphere, taken from (or given back to) the influence sphere."""
    e = engine(state)
    e.add_sphere(1, seat, e.sphere(CONVICTION, seat) - n)
    e.add_sphere(CONVICTION, seat, n - e.sphere(CONVICTION, seat))
    reoffer(state)


def test_impunity_doubles_what_the_others_pay_to_take_its_holders_regions() -> None:
    """L1757-1759 ("Cela inclut le contrôle des régions"): taking a region of Impunité's holder costs 4 conviction
    instead of 2 (L465): refused with 3, taken with 4, 3 of them back to influence and 1 on the tile; the
    holder's cube goes back to their influence (L470). Taken before a visit, the Fort is visited at once (L461),
    generating Strength from influence."""
    state = started()
    e = engine(state)
    me, other = state.current_player(), 1 - state.current_player()
    e.gain_card(other, card_index(state, "trait", "impunite"))
    slot = place_beside(state, me, "fort", owner=other)
    set_conviction(state, me, 3)
    assert not offered(state, "prise_de_controle")
    set_conviction(state, me, 4)
    influence, theirs, strength = e.influence(me), e.influence(other), e.attr(FORCE, me)
    take_step(state, "prise_de_controle")
    generated = e.attr(FORCE, me) - strength
    assert e.slot_owner(slot) == me and e.sphere(CONVICTION, me) == 0 and e.influence(me) == influence + 3 - generated
    assert e.influence(other) == theirs + 1 and e.cubes_of(me) == 21 and e.cubes_of(other) == 21


def test_the_zharyan_sisters_keep_the_other_players_powers_off_their_holders_yellow_companions() -> None:
    """L1628: the other players cannot affect the holder's yellow companions in any way: Langue fourchue's
    treachery cube (L2628) goes on the holder's blue companion unasked: the sisters, yellow themselves, are not a
    choice; their holder's own powers are not kept off."""
    state = treachery_game()
    e = engine(state)
    me, other = state.current_player(), 1 - state.current_player()
    for card in range(e.ncards):
        if e.card_kind[card] == 0 and e.owns(other, card):
            e.lose_card(other, card)
    blue = gain_companion(state, other, "zinh", 0)
    sisters = gain_companion(state, other, "zharyan", 0)
    activate_and_use(state, "langue_fourchue")
    state.apply(state.legal_actions()[0])  # which power cube to dilute
    assert e.cells[e.k_treachery_card + blue] == 1 and e.cells[e.k_treachery_card + sisters] == 0
    assert e.treachery.shielded(e, me, sisters) and not e.treachery.shielded(e, other, sisters)
    assert not e.treachery.shielded(e, me, blue)


def test_perseverance_gains_two_honour_once_honour_comes_from_a_second_source_in_the_turn() -> None:
    """L1785-1787, read narrowly (a ruling): a source is what gives the honour, counted once however often it
    gives it. Two upgrades at the Poste de commandement (3 and 4 honour, L820-856) are one source; the control
    of the Poste then (2 honour, L452) is a second: Persévérance adds 2, once; its own honour is no source."""
    state = started()
    e = engine(state)
    me = state.current_player()
    e.put(card_index(state, "trait", "perseverance"), e.zone_party + me, me)  # held, its honour not gained now
    slot = place_beside(state, me, "poste_de_commandement")
    set_attr(state, me, FORCE, 6)
    set_conviction(state, me, 1)
    score = e.score(me)
    take_step(state, "visite")
    take_step(state, "repeat")
    assert e.score(me) == score + 3 + 4
    take_step(state, "prise_de_controle")
    assert e.slot_owner(slot) == me and e.score(me) == score + 3 + 4 + 2 + 2
@pytest.fixture
def menagerie() -> GameState:
    """A 2-player game with the Ménagerie, at the first player's turn."""
    state = new_state(GAME, 2, 1, kernel="python", modules=["base", "menagerie"])
    while state.engine.turn() == 0:
        state.apply(state.legal_actions()[0])
    return state


F_FORTIFIER, F_DIPLOMATIE, F_BARRICADE, F_AUTORITE, F_ALLEGEANCE, F_RECHARGE, F_MONUMENT, F_LOUANGE = range(8)
F_MAIN_DU_DESTIN = 8
"""The guild favour token's placements (tables.py FAVOURS)."""
FAVOUR_TARGET = 26


@pytest.fixture
def guilds() -> GameState:
    """A 2-player game with Guildes et Monuments, past its setup, at the first player's turn."""
    state = new_state(GAME, 2, 1, kernel="python", modules=["base", "guildes"])
    while state.engine.turn() == 0:
        state.apply(state.legal_actions()[0])
    return state


def market(state: GameState) -> list[int]:
    e = engine(state)
    return [c for c in range(e.ncards) if e.zone(c) == e.menagerie.zone_pets and e.cells[e.o_faceup + c] == 1]


def own_companions(state: GameState, seat: int) -> list[int]:
    e = engine(state)
    return [c for c in range(e.ncards) if e.card_kind[c] == 0 and e.owns(seat, c)]


def give_companion(state: GameState, seat: int) -> int:
    """One more companion, the top of the blue deck, joins the seat's party."""
    e = engine(state)
    card = e.top_facedown(e.deck_zone[SAVOIR])
    e.gain_card(seat, card)
    reoffer(state)
    return card


def test_the_pet_market_shows_three_pets_and_a_tamed_one_is_bound_to_a_companion(menagerie: GameState) -> None:
    """L3064: 3 pets face up; L3070-3075: 1 inspiration, 1 knowledge and 1 strength cube for a pet of the market,
    bound at once to one of the tamer's companions; the market is filled again from the deck (a ruling)."""
    state, e = menagerie, engine(menagerie)
    me = state.current_player()
    shown = market(state)
    assert len(shown) == 3
    place_beside(state, me, "menagerie")
    for attribute in (INSPIRATION, SAVOIR, FORCE):
        set_attr(state, me, attribute, 1)
    second = give_companion(state, me)
    take_step(state, "visite")
    assert sorted(state.legal_actions()) == sorted(shown) + [STOP]
    assert state.describe(shown[0], "en") == f"Tame {e.tables.cards[shown[0]][1].name.get('en')} from the market"
    assert state.describe(STOP, "fr") == "Apprivoiser le premier animal de compagnie face cachée du paquet"
    state.apply(shown[0])
    assert sorted(state.legal_actions()) == sorted(own_companions(state, me))
    assert state.describe(second, "uk").startswith("Прив’язати улюбленця до супутника")
    state.apply(second)
    assert e.owns(me, shown[0]) and e.menagerie.master(e, shown[0]) == second
    assert [e.attr(a, me) for a in (INSPIRATION, SAVOIR, FORCE)] == [0, 0, 0] and e.cubes_of(me) == 21
    assert len(market(state)) == 3 and shown[0] not in market(state)


def test_the_top_face_down_pet_is_tamed_blind_and_nothing_without_the_cubes(menagerie: GameState) -> None:
    """L3071: or the top face-down pet; a visitor without a cube of each of the three attributes tames nothing."""
    state, e = menagerie, engine(menagerie)
    me = state.current_player()
    place_beside(state, me, "menagerie")
    for attribute in (INSPIRATION, SAVOIR, FORCE):
        set_attr(state, me, attribute, 0 if attribute == FORCE else 1)
    take_step(state, "visite")
    assert not any(e.card_kind[c] == 4 and e.owns(me, c) for c in range(e.ncards))
    state2 = new_state(GAME, 2, 1, kernel="python", modules=["base", "menagerie"])
    while state2.engine.turn() == 0:
        state2.apply(state2.legal_actions()[0])
    e2 = engine(state2)
    place_beside(state2, me, "menagerie")
    for attribute in (INSPIRATION, SAVOIR, FORCE):
        set_attr(state2, me, attribute, 1)
    top = e2.top_facedown(e2.menagerie.zone_pets)
    take_step(state2, "visite")
    state2.apply(STOP)
    assert e2.owns(me, top) and e2.menagerie.master(e2, top) == own_companions(state2, me)[0]  # the only companion


def test_a_pets_power_is_used_once_while_its_master_is_the_companion_activated(menagerie: GameState) -> None:
    """L3077, L2344: Shonah's master activated, the player may augment 1 potential cube into influence, once; Zea,
    bound to the same master, is offered too (L2400), Kajek, bound to another companion, is not."""
    state, e = menagerie, engine(menagerie)
    me = state.current_player()
    shonah, zea, kajek = (card_index(state, "pet", name) for name in ("shonah", "zea", "kajek"))
    master = own_companions(state, me)[0]
    other = give_companion(state, me)
    for pet, bound in ((shonah, master), (zea, master), (kajek, other)):
        e.gain_card(me, pet)
        e.cells[e.menagerie.k_master + pet] = bound + 1
    reoffer(state)
    assert not offered(state, "pet")
    take_step(state, "activation")
    state.apply(master + 1)
    while not offered(state, "pet"):
        state.apply(state.legal_actions()[0])
    potential, influence = e.sphere(POTENTIAL, me), e.influence(me)
    take_step(state, "pet")
    assert sorted(state.legal_actions()) == sorted([shonah, zea])
    assert state.describe(shonah, "en") == f"Use {e.tables.cards[shonah][1].name.get('en')}"
    state.apply(shonah)
    assert e.sphere(POTENTIAL, me) == potential - 1 and e.influence(me) == influence + 1
    take_step(state, "pet")  # Zea alone is left: her power runs at once, a `may`
    assert e.menagerie.usable_pet(e, me, zea) is False and not offered(state, "pet")


def test_a_pet_changes_master_for_an_influence_cube_or_for_free_once_its_master_is_gone(
        menagerie: GameState) -> None:
    """L3079: a new master for 1 influence cube placed on it; L3080: free once the master was killed. (A choice of
    a single option is taken at once.)"""
    state, e = menagerie, engine(menagerie)
    me = state.current_player()
    zea, claude = card_index(state, "pet", "zea"), card_index(state, "pet", "claude")
    first = own_companions(state, me)[0]
    second = give_companion(state, me)
    for pet in (zea, claude):
        e.gain_card(me, pet)
        e.cells[e.menagerie.k_master + pet] = first + 1
    reoffer(state)
    influence, on_second = e.influence(me), e.card_cubes(second)
    take_step(state, "rebind_pet")
    assert sorted(state.legal_actions()) == sorted([zea, claude])
    assert state.describe(zea, "fr") == f"Lier {e.tables.cards[zea][1].name.get('fr')} à un autre compagnon"
    state.apply(zea)  # to the only other companion
    assert e.menagerie.master(e, zea) == second and e.influence(me) == influence - 1
    assert e.card_cubes(second) == on_second + 1 and e.cubes_of(me) == 21
    e.lose_card(me, second)  # killed by a monster
    reoffer(state)
    influence = e.influence(me)
    take_step(state, "rebind_pet")  # Zea only: Claude's master is still there and the only companion
    assert e.menagerie.master(e, zea) == first and e.influence(me) == influence
    assert not offered(state, "rebind_pet")


def bind(state: GameState, seat: int, name: str, master: int) -> int:
    """The pet joins the seat's party, bound to `master`; returns the pet."""
    e = engine(state)
    pet = card_index(state, "pet", name)
    e.gain_card(seat, pet)
    e.cells[e.menagerie.k_master + pet] = master + 1
    reoffer(state)
    return pet


def use_only_pet(state: GameState, master: int) -> None:
    """The master activated, then the pet step: its only pet's power runs at once."""
    take_step(state, "activation")
    state.apply(master + 1)
    while not offered(state, "pet"):
        state.apply(state.legal_actions()[0])
    take_step(state, "pet")


def test_ghak_moves_a_trigger_token_two_spaces_back_or_forward(menagerie: GameState) -> None:
    """L2302-2304: a trigger token 2 spaces either way; a disc passing its old space no longer takes it."""
    state, e = menagerie, engine(menagerie)
    me = state.current_player()
    master = own_companions(state, me)[0]
    bind(state, me, "ghak", master)
    use_only_pet(state, master)
    first = e.token_space(0)
    assert {0, 1} <= set(state.legal_actions())
    assert state.describe(1, "en") == f"Move the end-game trigger token from space {first} to space {first + 2}"
    state.apply(1)
    assert e.token_space(0) == first + 2
    e.cells[e.o_score + me] = first - 1
    e.gain_honour(me, 2)
    assert e.cells[e.k_token] == 0
    e.gain_honour(me, 1)
    assert e.cells[e.k_token] == 1


def test_yiqua_turns_the_top_card_of_a_deck_face_up_onto_its_face_up_card(menagerie: GameState) -> None:
    """L2390-2392: one of the six decks, the player's choice; the card turned is the one on top of the face-up
    stack, taken first."""
    state, e = menagerie, engine(menagerie)
    me = state.current_player()
    master = own_companions(state, me)[0]
    bind(state, me, "yiqua", master)
    use_only_pet(state, master)
    assert sorted(state.legal_actions()) == list(range(6))
    assert state.describe(VISION, "fr").startswith("Retourner face visible la carte face cachée du dessus du paquet")
    zone = e.deck_zone[VISION]
    below, top = e.top_faceup(zone), e.top_facedown(zone)
    state.apply(VISION)
    assert e.cells[e.o_faceup + top] == 1 and e.top_faceup(zone) == top and e.cells[e.o_faceup + below] == 1


def test_ketena_visits_a_region_one_space_further(menagerie: GameState) -> None:
    """L2326-2328: a region beside a space 1 space away from the medallion may be visited."""
    state, e = menagerie, engine(menagerie)
    me = state.current_player()
    master = own_companions(state, me)[0]
    bind(state, me, "ketena", master)
    at = e.pos(me)
    beside = {e.space_slots[at * 3 + i] for i in range(3)}
    further = next(e.space_slots[nxt * 3 + i] for nxt in (e.space_next[at * 3 + j] for j in range(3)) if nxt >= 0
                   for i in range(3) if e.space_slots[nxt * 3 + i] >= 0 and e.space_slots[nxt * 3 + i] not in beside)
    e.cells[e.k_slot + further] = region("bibliotheque")
    assert not e.island.visitable(e, me, further)
    use_only_pet(state, master)
    assert e.island.visitable(e, me, further)


def cut_path(state: GameState, space: int, other: int) -> None:
    """The island without the path between two spaces, either way (a copy of the engine's `space_next`)."""
    e = engine(state)
    paths = array("i", e.space_next)
    for at, to in ((space, other), (other, space)):
        for i in range(3):
            if paths[at * 3 + i] == to:
                paths[at * 3 + i] = -1
    e.space_next = paths


@pytest.mark.parametrize("bound_to_activated", [True, False])
def test_vaklk_moves_along_the_coast_while_its_master_is_activated(menagerie: GameState,
                                                                   bound_to_activated: bool) -> None:
    """L2368-2372: on an island where coastal spaces 4 and 5 are not linked, a player on 4 whose Vak'lk is bound
    to the companion activated may step to 5 (and, the coast a ring, from 1 to the last); bound to another
    companion, Vak'lk adds no step, the island's paths (to 3 and inland) are left."""
    state, e = menagerie, engine(menagerie)
    me, other = state.current_player(), 1 - state.current_player()
    four, five = 3, 4
    master = own_companions(state, me)[0]
    bind(state, me, "vaklk", master if bound_to_activated else give_companion(state, me))
    cut_path(state, four, five)
    paths = sorted(e.space_next[four * 3 + i] for i in range(3) if e.space_next[four * 3 + i] >= 0)
    assert five not in paths and len(paths) == 2
    e.cells[e.k_pos + me] = four
    e.cells[e.k_pos + other] = e.nspaces - 1
    take_step(state, "activation")
    state.apply(master + 1)
    take_step(state, "deplacement")
    assert sorted(state.legal_actions()) == sorted(paths + [five] if bound_to_activated else paths)
    assert e.island.along_coast(e, me) is bound_to_activated
    assert e.island.coastal_step(e, 0, False) == e.ncoast - 1 and e.island.coastal_step(e, e.ncoast - 1, True) == 0
    if bound_to_activated:
        state.apply(five)
        assert e.pos(me) == five


def test_brokks_master_is_not_killed_by_a_monster(menagerie: GameState) -> None:
    """L2281: the champion bound to Brokk survives the monster die's death face, asked nothing."""
    state, e = menagerie, engine(menagerie)
    me = state.current_player()
    champion = own_companions(state, me)[0]
    bind(state, me, "brokk", champion)
    e.monster_die = e.monster_die.__class__("i", [1] * len(e.monster_die))  # death on every face
    place_beside(state, me, "gueule_beante")
    set_attr(state, me, COURAGE, 2)
    conviction = e.sphere(CONVICTION, me)
    take_step(state, "visite")
    state.apply(0)  # the face-up monster
    assert e.owns(me, champion) and e.sphere(CONVICTION, me) == conviction
    assert e.decision()[0] != YESNO  # not asked to save the champion
    e.cells[e.menagerie.k_master + card_index(state, "pet", "brokk")] = 0  # no master: Brokk protects nobody
    assert e.pet_hook(me, HOOKS.index("brokk_ability"), champion) < 0


def test_ostrahs_master_is_activated_without_influence(menagerie: GameState) -> None:
    """L2336: with no influence left, Ostrah's master may still be activated, and no cube goes onto it."""
    state, e = menagerie, engine(menagerie)
    me = state.current_player()
    master = own_companions(state, me)[0]
    bind(state, me, "ostrah", master)
    e.add_sphere(0, me, e.influence(me))
    e.add_sphere(1, me, -e.influence(me))
    reoffer(state)
    on_card = e.card_cubes(master)
    take_step(state, "activation")
    assert master + 1 in state.legal_actions()
    state.apply(master + 1)
    assert e.card_cubes(master) == on_card and e.cubes_of(me) == 21


@pytest.mark.parametrize("kajek", [False, True])
def test_jaike_et_zoba_give_honour_when_another_passes_through_unless_kajek_forbids(
        menagerie: GameState, kajek: bool) -> None:
    """L2312: 1 honour to their holder when another player passes through their space; L2319: none while the
    mover's Kajek has his master activated."""
    state, e = menagerie, engine(menagerie)
    me, other = state.current_player(), 1 - state.current_player()
    bind(state, other, "jaike_et_zoba", own_companions(state, other)[0])
    e.cells[e.k_pos + other] = next(s for s in (e.space_next[e.pos(me) * 3 + i] for i in range(3)) if s >= 0)
    if kajek:
        master = own_companions(state, me)[0]
        bind(state, me, "kajek", master)
        use_only_pet(state, master)
    score = e.score(other)
    take_step(state, "deplacement")
    state.apply(e.pos(other))
    assert e.score(other) == score + (0 if kajek else 1)


def test_cligne_is_offered_only_to_a_player_holding_a_relic(menagerie: GameState) -> None:
    """L2295: an influence cube onto a relic, so a player without one is not offered Cligne's power."""
    state, e = menagerie, engine(menagerie)
    me = state.current_player()
    master = own_companions(state, me)[0]
    cligne = bind(state, me, "cligne", master)
    take_step(state, "activation")
    state.apply(master + 1)
    while state.engine.decision()[0] != 1:  # the menu
        state.apply(state.legal_actions()[0])
    assert not offered(state, "pet")
    relic = e.top_facedown(e.deck_zone[VISION])
    e.gain_card(me, relic)
    reoffer(state)
    influence, on_relic = e.influence(me), e.card_cubes(relic)
    take_step(state, "pet")  # Cligne alone: her power runs at once, a `may`
    state.apply(1)
    assert e.card_cubes(relic) == on_relic + 1 and e.influence(me) == influence - 1
    assert e.menagerie.usable_pet(e, me, cligne) is False


def test_a_master_abandoned_takes_its_pets_out_of_the_game(menagerie: GameState) -> None:
    """L3081: a companion its player removes (Gha-Kein's power, L1098) takes its pet with it; a pet bound to another
    companion stays."""
    state, e = menagerie, engine(menagerie)
    me = state.current_player()
    master = own_companions(state, me)[0]
    gha_kein = card_index(state, "companion", "gha_kein")
    e.gain_card(me, gha_kein)
    zea, shonah = bind(state, me, "zea", master), bind(state, me, "shonah", gha_kein)
    take_step(state, "activation")
    state.apply(gha_kein + 1)
    while not offered(state, "ability"):
        state.apply(state.legal_actions()[0])
    take_step(state, "ability")
    assert master in state.legal_actions()
    state.apply(master)
    assert e.zone(master) == e.zone_box and e.zone(zea) == e.zone_box and e.owns(me, shonah)


def test_claude_makes_every_enhanced_draw_of_the_turn_free(menagerie: GameState) -> None:
    """L2288: while Claude's master is activated, the enhanced draw costs 0 conviction: each one, not only the
    next (Kealith's, L645)."""
    state, e = menagerie, engine(menagerie)
    me = state.current_player()
    master = own_companions(state, me)[0]
    bind(state, me, "claude", master)
    use_only_pet(state, master)
    place_beside(state, me, "tombeau_des_anciens")
    set_attr(state, me, SAGESSE, 2)
    conviction = e.sphere(CONVICTION, me)
    take_step(state, "visite")
    state.apply(2)  # the enhanced draw
    state.apply(state.legal_actions()[0])
    assert e.sphere(CONVICTION, me) == conviction and e.cards.draw_cost(e) == 0


def place_favour(state: GameState, placement: int, target: int) -> None:
    """The fourth action (L3187): the placement, then its target (asked only among several)."""
    take_step(state, "faveur_de_guilde")
    assert placement in state.legal_actions(), f"placement {placement} is not offered"
    state.apply(placement)
    if engine(state).decision()[0] == FAVOUR_TARGET:
        assert target in state.legal_actions(), f"target {target} is not offered"
        state.apply(target)
    assert engine(state).favour_at(placement, target) == engine(state).cells[engine(state).o_current]


def test_a_fortified_region_cannot_be_taken_and_the_token_must_move_next_turn(guilds: GameState) -> None:
    """L3195-3197: the token on a region one controls flips it to its fortified side: nobody else takes control of
    it for the rest of the game; L3189: the token is not placed on the same place two turns running."""
    state, e = guilds, engine(guilds)
    me, other = state.current_player(), 1 - state.current_player()
    slot = place_beside(state, me, "fort", owner=me)
    assert state.describe(steps_index(state, "faveur_de_guilde"), "fr") == "Faveur de la guilde"
    take_step(state, "faveur_de_guilde")
    assert state.describe(F_FORTIFIER, "en") == "Guild favour: Fortify regions"
    assert state.describe(F_FORTIFIER, "uk") == "Прихильність гільдії: Укріплення регіонів"
    state.apply(F_FORTIFIER)  # the only region the player controls: taken without asking
    assert e.protected(slot) and not offered(state, "faveur_de_guilde")
    assert not e.guilds.target_ok(e, me, F_FORTIFIER, slot)
    assert not e.guilds.target_ok(e, other, F_DIPLOMATIE, slot)  # occupied by a token
    e.guilds.turn_started(e, me)
    assert e.protected(slot), "fortified for the rest of the game, the token gone or not"


def steps_index(state: GameState, key: str) -> int:
    return next(i for i, s in enumerate(engine(state).tables.steps) if s.key == f"action/{key}")


def test_diplomacy_shares_the_honour_of_a_visit_until_the_players_next_turn(guilds: GameState) -> None:
    """L3209: the token on another player's region: each visit's honour is shared, 1 each instead of 2 for the
    owner, until the start of the token player's next turn."""
    state, e = guilds, engine(guilds)
    me, other = state.current_player(), 1 - state.current_player()
    slot = place_beside(state, me, "fort", owner=other)
    place_favour(state, F_DIPLOMATIE, slot)
    mine, theirs = e.score(me), e.score(other)
    e.honour_visit(me, slot)
    assert (e.score(me), e.score(other)) == (mine + 1, theirs + 1)
    e.honour_visit(other, slot)  # the owner's own visit honours nobody
    assert (e.score(me), e.score(other)) == (mine + 1, theirs + 1)
    e.guilds.turn_started(e, me)
    e.honour_visit(me, slot)
    assert (e.score(me), e.score(other)) == (mine + 1, theirs + 3)


def test_a_barricade_honours_its_player_each_time_another_crosses_its_space(guilds: GameState) -> None:
    """L3213: the token on an empty triangular space: 2 honour each time another player passes through or stops
    there, as long as it stands; not on a space a medallion stands on."""
    state, e = guilds, engine(guilds)
    me, other = state.current_player(), 1 - state.current_player()
    take_step(state, "faveur_de_guilde")
    state.apply(F_BARRICADE)
    assert e.pos(me) not in state.legal_actions() and e.pos(other) not in state.legal_actions()
    space = next(s for s in (e.space_next[e.pos(other) * 3 + i] for i in range(3)) if s in state.legal_actions())
    assert state.describe(space, "fr") == f"Placer votre jeton Faveur de la guilde sur la case {space + 1}"
    state.apply(space)
    e.guilds.turn_started(e, me)
    score = e.score(me)
    e.island.step_to(e, other, space)
    assert e.score(me) == score + 2
    e.island.step_to(e, me, space)
    assert e.score(me) == score + 2, "one's own barricade honours nobody"


def test_authority_augments_a_cube_from_the_sphere_the_token_stands_on(guilds: GameState) -> None:
    """L3219: the token on the Power board augments 1 Potential cube to Influence, or 1 Influence cube to
    Conviction, by where it stands (each player's own board: another's token there takes no place of it)."""
    state, e = guilds, engine(guilds)
    me, other = state.current_player(), 1 - state.current_player()
    e.cells[e.k_favour + other * 3:e.k_favour + other * 3 + 3] = array("i", [F_AUTORITE + 1, 1, 1])
    potential, influence, conviction = e.sphere(POTENTIAL, me), e.influence(me), e.sphere(CONVICTION, me)
    take_step(state, "faveur_de_guilde")
    state.apply(F_AUTORITE)
    assert sorted(state.legal_actions()) == [0, 1]
    assert state.describe(1, "en") == "Augment an Influence cube to Conviction"
    state.apply(1)
    assert (e.sphere(POTENTIAL, me), e.influence(me), e.sphere(CONVICTION, me)) == \
        (potential, influence - 1, conviction + 1)


def test_allegiance_activates_a_companion_by_taking_a_cube_off_it(guilds: GameState) -> None:
    """L3231: the token on one of one's companions: this turn, activating it returns 1 of its Influence cubes to
    the influence sphere instead of adding one; with no influence left, it is still offered."""
    state, e = guilds, engine(guilds)
    me = state.current_player()
    companion = next(c for c in range(e.ncards) if e.card_kind[c] == 0 and e.owns(me, c))
    e.cells[e.o_card_cubes + companion] += 2
    e.add_sphere(1, me, -2)
    place_favour(state, F_ALLEGEANCE, companion)
    assert e.cubes_of(me) == 21
    e.add_sphere(POTENTIAL, me, e.influence(me))
    e.cells[e.o_influence + me] = 0
    reoffer(state)
    on_card = e.card_cubes(companion)
    take_step(state, "activation")
    assert companion + 1 in state.legal_actions()
    state.apply(companion + 1)
    assert e.card_cubes(companion) == on_card - 1 and e.cubes_of(me) == 21


def test_recharge_puts_a_charge_on_a_relic_as_it_is_used(guilds: GameState) -> None:
    """L3237: the token on one of one's relics: this turn its use adds 1 charge instead of taking its cube."""
    state, e = guilds, engine(guilds)
    me = state.current_player()
    purse = card_index(state, "relic", "bourse")
    e.gain_card(me, purse)
    e.add_sphere(1, me, -2)
    e.cells[e.o_card_cubes + purse] = 2
    reoffer(state)
    place_favour(state, F_RECHARGE, purse)
    take_step(state, "relic")
    assert e.card_cubes(purse) == 3 and e.cubes_of(me) == 21


def test_praise_gives_honour_each_time_the_trait_answers_until_the_next_turn(guilds: GameState) -> None:
    """L3256: the token on one of one's traits: 1 honour each time it is used or triggered, until the token
    player's next turn (Autorité, L1690: 2 honour when one converts into Courage)."""
    state, e = guilds, engine(guilds)
    me = state.current_player()
    authority = card_index(state, "trait", "autorite")
    e.gain_card(me, authority)
    set_attr(state, me, FORCE, 1)
    set_attr(state, me, INSPIRATION, 1)
    set_attr(state, me, SAVOIR, 0)
    place_favour(state, F_LOUANGE, authority)
    score = e.score(me)
    take_step(state, "conversion")
    state.apply(FORCE)
    assert e.score(me) == score + 2 + 1


def test_a_monument_rebuilt_gives_fifteen_honour_and_its_pieces_back_once(guilds: GameState) -> None:
    """L3243-3252: the token on one's monument: different attribute cubes, different aptitude tiles and 1
    conviction cube on its places, over several turns; complete, 15 honour and every piece back where it came
    from; rebuilt once only. The places' numbers are placeholders (constants monument_*_slots: 3, 2, 1)."""
    state, e = guilds, engine(guilds)
    me = state.current_player()
    attributes = e.nattributes
    for attribute in (INSPIRATION, SAVOIR, FORCE):
        set_attr(state, me, attribute, 1)
    for attribute in (COURAGE, SAGESSE):
        e.cells[e.o_aptitudes + attribute * e.seats + me] = 1
    e.add_sphere(1, me, -1)
    e.add_sphere(CONVICTION, me, 1)
    reoffer(state)
    take_step(state, "faveur_de_guilde")
    state.apply(F_MONUMENT)
    assert state.describe(attributes + COURAGE, "en") == "Add the Courage aptitude tile to your monument"
    assert state.describe(2 * attributes, "uk") == "Додати кубик Переконання до свого монумента"
    state.apply(INSPIRATION)
    assert INSPIRATION not in state.legal_actions() and e.cubes_of(me) == 21
    state.apply(STOP)
    assert e.attr(INSPIRATION, me) == 0
    score = e.score(me)
    e.guilds.turn_started(e, me)
    e.cells[e.k_favour + me * 3] = F_AUTORITE + 1  # a later turn, the token elsewhere since
    e.ctl[USES + steps_index(state, "faveur_de_guilde")] = 0
    reoffer(state)
    take_step(state, "faveur_de_guilde")
    state.apply(F_MONUMENT)
    for piece in (SAVOIR, FORCE, attributes + COURAGE, attributes + SAGESSE):
        state.apply(piece)
        assert e.cubes_of(me) == 21
    state.apply(2 * attributes)
    assert e.score(me) == score + 15
    assert [e.attr(a, me) for a in (INSPIRATION, SAVOIR, FORCE)] == [1, 1, 1]
    assert e.cells[e.o_aptitudes + COURAGE * e.seats + me] == 1 and e.sphere(CONVICTION, me) >= 1
    assert not e.guilds.can_contribute(e, me)


def test_the_hand_of_fate_rerolls_a_die_of_a_fight_as_the_fourth_action(guilds: GameState) -> None:
    """L3262: the token on the monster just defeated: one die rerolled, the player keeping either result; it is the
    turn's favour placement, and not cumulative with other rerolls."""
    state, e = guilds, engine(guilds)
    me = state.current_player()
    place_beside(state, me, "gueule_beante")
    set_attr(state, me, COURAGE, 2)
    take_step(state, "visite")
    state.apply(0)  # the face-up monster
    assert STOP in state.legal_actions() and len(state.legal_actions()) == 2
    assert state.describe(STOP, "fr") == \
        "Faveur de la guilde, la main du destin : relancer ce dé et garder le résultat de votre choix"
    state.apply(STOP)
    assert e.cells[e.k_favour + me * 3] == F_MAIN_DU_DESTIN + 1
    assert STOP not in state.legal_actions()
    while state.current_player() == me and state.decision_kind() != 1:
        state.apply(state.legal_actions()[0])
    assert e.cubes_of(me) == 21 and not offered(state, "faveur_de_guilde")


def test_authority_keeps_another_players_effect_from_diminishing_across_the_token() -> None:
    """L3223-3227: effects other players control cannot make one diminish power where one's guild favour token
    stands on the Power board (Hybris, L2604: a player beside diminishes 1 Power cube, their choice)."""
    for protected in (False, True):
        state = treachery_game(2, "guildes")
        e = engine(state)
        me, other = state.current_player(), 1 - state.current_player()
        e.gain_card(me, card_index(state, "trait", "hybris"))
        e.add_sphere(1, other, -1)
        e.add_sphere(CONVICTION, other, 1)
        if protected:  # the token between Influence and Conviction
            e.cells[e.k_favour + other * 3:e.k_favour + other * 3 + 3] = array("i", [F_AUTORITE + 1, 1, 1])
        reoffer(state)
        conviction, influence = e.sphere(CONVICTION, other), e.influence(other)
        take_step(state, "trait")
        if not protected:
            assert sorted(state.legal_actions()) == [1, 2] and state.current_player() == other
            assert state.describe(2, "uk") == "Послабити кубик Переконання до Впливу"
            state.apply(2)
            assert (e.sphere(CONVICTION, other), e.influence(other)) == (conviction - 1, influence + 1)
        else:
            assert (e.sphere(CONVICTION, other), e.influence(other)) == (conviction, influence - 1)
        assert e.cubes_of(other) == 21
