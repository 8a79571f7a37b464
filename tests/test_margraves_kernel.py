"""Margraves on the shared kernel: the rules in worked positions, random games with invariants at every step at
every player count, replays, illegal actions, both forms in lock step, and `simulate` giving the same output twice."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from conftest import REPO
from lawforge.runtime import load
from lawforge.runtime.games import new_state, replay
from lawforge.runtime.kernel.state import GameState, IllegalAction, SetupError

GAME = load("margraves")
USE, YES_NO, TOKEN, MONSTER, STRENGTH_SOURCE, TOMB, GUILD, LINE_SLOT = 12, 13, 14, 15, 21, 16, 17, 20
PENNANT, POWER, RECALL, BUILD = 0, 1, 2, 3
NUMBERS = {c.id.name.lower(): c.value for c in GAME.entities("constant")}


def index(kind: str, name: str) -> int:
    return int(GAME.get(kind, name).id)


class Cells:
    """Reads and writes the state's fields by name and index, as the content lays them out."""

    def __init__(self, state: GameState) -> None:
        self.cells = state.engine.arrays()[0]

    def at(self, name: str, *at: int) -> int:
        offset, extents, _ = GAME.layout.FIELDS[name]
        for axis, i in enumerate(at):
            stride = 1
            for extent in extents[axis + 1:]:
                stride *= extent
            offset += i * stride
        return offset

    def get(self, name: str, *at: int) -> int:
        return self.cells[self.at(name, *at)]

    def set(self, name: str, *at_and_value: int) -> None:
        *at, value = at_and_value
        self.cells[self.at(name, *at)] = value


def at_first_card(seed: int = 3, players: int = 3) -> GameState:
    """A Python-form game at the first player's first choice of a citizen to play."""
    state = new_state(GAME, players, seed, kernel="python")
    rng = random.Random(seed)
    while state.decision_kind() != USE:
        state.apply(rng.choice(state.legal_actions()))
    return state


def reask(state: GameState) -> None:
    """The procedure waiting for an answer asks again, from the position as the test set it."""
    engine = state.engine
    engine.ctl[engine.frame() + 1] = 0
    engine.ctl[8] = engine.ctl[10] = 0  # KIND, COUNT: no decision waiting
    engine.advance()


def answer(state: GameState, kind: int, action: int) -> None:
    assert state.decision_kind() == kind, (state.decision_kind(), state.legal_actions())
    state.apply(action)


def test_slaying_pays_magic_then_strength_and_knights_stand_in_the_tombs() -> None:
    state = at_first_card()
    seat, cells = state.current_player(), Cells(state)
    captain = index("citizen", "captain")
    monster = index("monster", "mountain_monster_4")  # Strength 5, Magic 1: placeholders
    hamun = index("location", "hamun")
    cells.set("margrave_at", seat, hamun)
    for m in range(len(GAME.entities("monster"))):
        cells.set("monster_faceup", m, int(m == monster))
    cells.set("stored_magic", seat, 1)
    cells.set("strength", seat, 3)
    cells.set("location_knights", hamun, 1)
    cells.set("stored_knights", seat, 0)
    cells.set("keep_gold", seat, 0)
    reask(state)
    before_magic = cells.get("supply_magic")
    answer(state, USE, captain * 4 + POWER)  # gain 1 Knight and 1 Strength; the others may buy a Knight; may slay
    while state.decision_kind() == 2:
        state.apply(int(state.current_player() == seat))
    assert state.decision_kind() == STRENGTH_SOURCE  # the one monster it can pay for is taken without asking
    assert cells.get("stored_magic", seat) == 0 and cells.get("supply_magic") == before_magic + 1
    for source in (0, 0, 0, 0):  # 4 Strength from the track (3, and 1 from the Captain)
        answer(state, STRENGTH_SOURCE, source)
    answer(state, STRENGTH_SOURCE, 1)  # then the location's Knight, standing in a tomb
    answer(state, TOMB, 0)
    assert cells.get("strength", seat) == 0 and cells.get("tomb_slot", 0) == 1
    assert cells.get("location_knights", hamun) == 0 and cells.get("monster_slain", monster) == 1
    assert cells.get("monster_faceup", monster) == 0 and cells.get("stored_knights", seat) == 1


def test_a_monster_that_cannot_be_paid_is_not_offered() -> None:
    state = at_first_card()
    seat, cells = state.current_player(), Cells(state)
    cells.set("strength", seat, 0)
    cells.set("stored_knights", seat, 0)
    cells.set("stored_magic", seat, 0)
    for where in range(len(GAME.entities("location"))):
        cells.set("location_knights", where, 0)
    engine = state.engine
    assert engine.slaying.targets(engine, seat) == 0


def test_recall_discards_from_the_line_and_takes_the_played_pile_back() -> None:
    state = at_first_card()
    seat, cells = state.current_player(), Cells(state)
    monk = index("citizen", "monk")
    cells.set("played", seat, monk, 2)
    cells.set("keep_gold", seat, 0)
    line = [cells.get(f"line_{k}") for k in range(1, 6)]
    merchant = index("citizen", "merchant")
    answer(state, USE, merchant * 4 + RECALL)
    answer(state, LINE_SLOT, 2)
    # with no gold to recruit, the turn ends: the line slides left and the deck fills its last slot (L418)
    assert [cells.get(f"line_{k}") for k in (1, 2, 3, 4)] == line[:2] + line[3:] and cells.get("line_5") >= 0
    assert cells.get("hand", seat, monk) == 2 and cells.get("hand", seat, merchant) == 1
    assert all(cells.get("played", seat, c) == 0 for c in range(len(GAME.entities("citizen"))))


def test_one_card_in_hand_must_be_used_for_recall() -> None:
    state = at_first_card()
    seat, cells = state.current_player(), Cells(state)
    for c in range(len(GAME.entities("citizen"))):
        cells.set("hand", seat, c, 0)
    paladin = index("citizen", "paladin")
    cells.set("hand", seat, paladin, 1)
    reask(state)  # the one use offered is taken without asking: the Paladin is played for Recall
    assert state.decision_kind() == LINE_SLOT and state.engine.top()[0] == GAME.layout.NATIVES.index("recall") + 1
    assert cells.get("played", seat, paladin) == 1 and cells.get("hand", seat, paladin) == 0


def test_building_pays_four_tokens_takes_the_slot_reward_and_the_last_tower_triggers_the_final_round() -> None:
    state = at_first_card()
    seat, cells = state.current_player(), Cells(state)
    for token in ("stone", "wood", "magic", "gem"):
        cells.set(f"stored_{token}", seat, 1)
    cells.set("stored_towers", seat, 1)
    cells.set("stored_knights", seat, 0)
    shilina = cells.get("margrave_at", seat)
    reask(state)
    alchemist = index("citizen", "alchemist")
    answer(state, USE, alchemist * 4 + BUILD)
    gold = cells.get("keep_gold", seat)
    answer(state, 24, 1)  # build slot 2: 5 gold (placeholder reward)
    assert cells.get("tower_slot", shilina, seat) == 2 and cells.get("stored_towers", seat) == 0
    assert cells.get("keep_gold", seat) == gold + 5 and cells.get("final_round") == 1
    assert all(cells.get(f"stored_{t}", seat) == 0 for t in ("stone", "wood", "magic", "gem"))


def test_crossing_a_river_costs_its_gold() -> None:
    state = at_first_card()
    seat, cells, engine = state.current_player(), Cells(state), state.engine
    worker = index("guild", "worker")
    cells.set("influence", seat, worker, 2)
    cells.set("keep_gold", seat, 1)
    assert not engine.tracks.can_advance(engine, seat, worker)  # the 1st river costs 2 gold (placeholder)
    cells.set("keep_gold", seat, 2)
    assert engine.tracks.can_advance(engine, seat, worker)
    engine.tracks.advance(engine, seat, worker)
    assert cells.get("keep_gold", seat) == 0 and cells.get("influence", seat, worker) == 3


def test_the_third_river_offers_a_privilege_tile_of_either_level_or_none() -> None:
    state = at_first_card()
    seat, cells = state.current_player(), Cells(state)
    worker = index("guild", "worker")
    cells.set("influence", seat, worker, 8)  # the next space is beyond the 3rd river: 6 gold (L382)
    cells.set("keep_gold", seat, 6)
    call(state, "gain_influence", seat, 1, worker + 1)
    assert state.legal_actions() == [worker, 4]  # cross, paying, or give the Influence up
    answer(state, GUILD, worker)
    assert cells.get("keep_gold", seat) == 0 and cells.get("influence", seat, worker) == 9
    tiles = GAME.entities("privilege")
    offered = [t for t in state.legal_actions() if t >= 0]
    assert {tiles[t].level for t in offered} == {"I", "II"} and -1 in state.legal_actions()  # L376
    answer(state, 18, offered[0])
    assert cells.get("privilege_owner", offered[0]) == seat


def test_each_player_is_asked_from_the_acting_player_clockwise() -> None:
    state = at_first_card(seed=5, players=4)
    seat, cells = state.current_player(), Cells(state)
    for other in range(4):
        cells.set("keep_gold", other, 3)
    captain = index("citizen", "captain")
    answer(state, USE, captain * 4 + POWER)
    asked = []
    while state.decision_kind() == 2 and len(asked) < 4:  # the effect's `may`: pay 1 gold for a Knight
        asked.append(state.current_player())
        state.apply(0)
    assert asked == [(seat + k) % 4 for k in range(4)]


def call(state: GameState, procedure: str, a: int = 0, b: int = 0, c: int = 0) -> None:
    """Runs a procedure of the Python engine at once, in the position as the test set it; the choice of a
    citizen that was waiting is asked again once it returns."""
    engine = state.engine
    engine.ctl[engine.frame() + 1] = 0
    engine.ctl[8] = engine.ctl[10] = 0
    engine.push(0 if procedure == "effect" else engine.tables.procedure(procedure), a, b, c)
    engine.advance()


def test_moving_the_margrave_follows_the_roads_and_uses_the_power_or_takes_two_gold() -> None:
    state = at_first_card()
    seat, cells = state.current_player(), Cells(state)
    shilina, viktoria = index("location", "shilina"), index("location", "viktoria")
    cells.set("margrave_at", seat, shilina)
    cells.set("strength", seat, 0)
    gold = cells.get("keep_gold", seat)
    call(state, "move_margrave", seat, 0)
    assert set(state.legal_actions()) == {index("location", n) for n in ("hamun", "thraecius", "viktoria")}
    answer(state, 10, viktoria)
    answer(state, YES_NO, 0)  # 2 gold instead of the location power (L200)
    assert cells.get("margrave_at", seat) == viktoria and cells.get("keep_gold", seat) == gold + 2
    call(state, "enter_location", seat, viktoria)
    answer(state, YES_NO, 1)  # Viktoría: gain 1 Strength (L330)
    assert cells.get("strength", seat) == 1 and state.decision_kind() == USE


def test_the_naval_action_moves_the_ship_one_segment_per_resource_and_gains_each_segment_entered() -> None:
    state = at_first_card()
    seat, cells = state.current_player(), Cells(state)
    cells.set("ship_at", seat, 0)
    cells.set("stored_stone", seat, 2)
    cells.set("stored_wood", seat, 0)
    cells.set("stored_magic", seat, 0)
    gold = cells.get("keep_gold", seat)
    call(state, "naval_action", seat)
    answer(state, TOKEN, 0)
    answer(state, TOKEN, 0)  # the last resource returned: the Ship moves 2 (segment 1: 2 gold, 2: 1 Influence)
    assert cells.get("ship_at", seat) == 2 and cells.get("stored_stone", seat) == 0
    assert cells.get("keep_gold", seat) == gold + 2 and state.decision_kind() == GUILD


def test_recruiting_pays_the_slot_under_the_card() -> None:
    state = at_first_card()
    seat, cells = state.current_player(), Cells(state)
    cells.set("keep_gold", seat, 3)
    second = cells.get("line_2")
    held = cells.get("hand", seat, second)
    call(state, "recruit", seat, -1, 1)
    assert state.legal_actions() == [0, 1, 2, -1]  # slots costing 1, 2 and 3 gold (placeholders), or nobody
    answer(state, LINE_SLOT, 1)
    assert cells.get("keep_gold", seat) == 1 and cells.get("line_2") == -1
    assert cells.get("hand", seat, second) == held + 1


def test_a_grant_is_discarded_for_its_reward() -> None:
    state = at_first_card()
    seat, cells = state.current_player(), Cells(state)
    grant = index("privilege", "privilege_i_01")  # a Grant of 3 gold (placeholder)
    for t in range(len(GAME.entities("privilege"))):
        if cells.get("privilege_at", t) == 3:
            cells.set("privilege_at", t, 4)
    cells.set("privilege_at", grant, 3)
    cells.set("privilege_owner", grant, seat)
    gold = cells.get("keep_gold", seat)
    assert state.engine.tracks.can_use_grant(state.engine, seat)
    call(state, "use_grant", seat)
    assert cells.get("keep_gold", seat) == gold + 3 and cells.get("privilege_at", grant) == 4


def test_the_end_of_turn_rewards_a_filled_row_lays_its_knights_and_refills_the_locations() -> None:
    state = at_first_card()
    seat, cells = state.current_player(), Cells(state)
    for slot in range(9):
        cells.set("tomb_slot", slot, 0)
    cells.set("tomb_slot", 0, 1)
    cells.set("tomb_slot", 1, 2)
    cells.set("tomb_slot", 2, 2)
    cells.set("knights_entombed_this_turn", 1)
    cells.set("fortress_knights", cells.get("fortress_knights") - 2)  # the three tomb Knights came from it
    hamun = index("location", "hamun")
    cells.set("fortress_knights", cells.get("fortress_knights") + cells.get("location_knights", hamun))
    cells.set("location_knights", hamun, 0)
    cells.set("final_round", 0)
    stone, wood = cells.get("stored_stone", seat), cells.get("stored_wood", seat)
    call(state, "end_of_turn", seat)
    assert cells.get("stored_stone", seat) == stone + 1 and cells.get("stored_wood", seat) == wood + 1  # row 1
    assert [cells.get("tomb_slot", slot) for slot in range(3)] == [2, 2, 2]
    assert cells.get("location_knights", hamun) == 1


def test_full_tombs_send_their_knights_back_to_the_fortress() -> None:
    state = at_first_card()
    seat, cells = state.current_player(), Cells(state)
    fortress = cells.get("fortress_knights")
    for slot in range(9):
        cells.set("tomb_slot", slot, 2)
    cells.set("fortress_knights", fortress - 9)
    cells.set("final_round", 0)
    call(state, "end_of_turn", seat)
    assert all(cells.get("tomb_slot", slot) == 0 for slot in range(9)) and cells.get("fortress_knights") == fortress


def test_the_final_scoring_counts_influence_icons_leftovers_and_gold() -> None:
    state = at_first_card()
    seat, cells = state.current_player(), Cells(state)
    citizens = len(GAME.entities("citizen"))
    for c in range(citizens):
        cells.set("hand", seat, c, 0)
        cells.set("played", seat, c, 0)
    cells.set("hand", seat, index("citizen", "bard"), 1)  # a Worker: 1 icon (decision citizen_guild_icons)
    for t in range(len(GAME.entities("privilege"))):
        if cells.get("privilege_owner", t) == seat:
            cells.set("privilege_owner", t, -1)
    for g in range(4):
        cells.set("influence", seat, g, 0)
    cells.set("influence", seat, index("guild", "worker"), 15)  # the last section: 6 VP per icon (L368)
    for where in range(8):
        cells.set("tower_slot", where, seat, 0)
    cells.set("tower_slot", index("location", "hamun"), seat, 1)  # Worker and Soldier icons (placeholders)
    for token, n in (("gem", 2), ("stone", 3), ("wood", 1), ("magic", 0)):
        cells.set(f"stored_{token}", seat, n)
    cells.set("keep_gold", seat, 11)
    cells.set("score", seat, 0)
    call(state, "effect", state.engine.tables.numbers["scoring_entry"], seat)
    # Worker 2 icons × 6 + Soldier 1 × 1 + 2 Gems × 2 + 4 resources // 3 + 11 gold // 5
    assert cells.get("score", seat) == 12 + 1 + 4 + 1 + 2


def test_the_draft_passes_the_tiles_left() -> None:
    state = new_state(GAME, 3, 4, kernel="python")
    cells = Cells(state)
    wealth = len(GAME.entities("wealth"))
    dealt = {w: cells.get("wealth_holder", w) for w in range(wealth) if cells.get("wealth_at", w) == 1}
    assert sorted(list(dealt.values()).count(seat) for seat in range(3)) == [4, 4, 4]
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    for w, seat in dealt.items():
        if cells.get("wealth_at", w) == 1:
            assert cells.get("wealth_holder", w) == (seat + 1) % 3
    seen = state.observation(1).cells  # dealt and chosen in secret (L129): only the holder sees their tiles
    offset, extents, _ = GAME.layout.FIELDS["wealth_seen"]
    assert all(seen[offset + w] == -1 and seen[offset + extents[1] + w] == cells.get("wealth_seen", 1, w)
               for w in range(wealth))
    assert all(seen[GAME.layout.FIELDS["wealth_holder"][0] + w] == -1 for w in range(wealth))
    assert sum(cells.get("wealth_seen", 1, w) for w in range(wealth)) == 4  # 1 kept, 3 passed to them


def test_an_observation_hides_other_hands_and_the_deck() -> None:
    state = at_first_card()
    seen = state.observation(0).cells
    offset, extents, _ = GAME.layout.FIELDS["hand"]
    assert all(seen[offset + extents[1] + c] == -1 for c in range(extents[1]))
    assert seen[offset] >= 0 and seen[GAME.layout.FIELDS["citizen_deck"][0]] == -1


def test_a_knight_is_deployed_one_road_away_or_from_storage_to_the_margrave() -> None:
    state = at_first_card()
    seat, cells = state.current_player(), Cells(state)
    shilina = index("location", "shilina")
    cells.set("margrave_at", seat, shilina)
    cells.set("fortress_knights", cells.get("fortress_knights") + cells.get("location_knights", shilina) - 1)
    cells.set("location_knights", shilina, 1)
    cells.set("fortress_knights", cells.get("fortress_knights") + cells.get("stored_knights", seat) - 1)
    cells.set("stored_knights", seat, 1)
    call(state, "deploy_knight", seat, 0)
    places = len(GAME.entities("location"))
    roads = {index("location", n) for n in ("hamun", "thraecius", "viktoria")}
    assert set(state.legal_actions()) == roads | {places + shilina}
    answer(state, 23, places + shilina)
    assert cells.get("location_knights", shilina) == 2 and cells.get("stored_knights", seat) == 0
    assert state.decision_kind() == YES_NO  # the location entered: its power or 2 gold (L212)


def test_the_bard_moves_up_to_two_knights_to_the_margrave_and_each_enters() -> None:
    state = at_first_card()
    seat, cells = state.current_player(), Cells(state)
    hamun, shilina = index("location", "hamun"), index("location", "shilina")
    cells.set("margrave_at", seat, shilina)
    cells.set("fortress_knights", cells.get("fortress_knights") + cells.get("location_knights", hamun) - 2)
    cells.set("location_knights", hamun, 2)
    before = cells.get("location_knights", shilina)
    call(state, "move_knights", seat, 2, 1)
    answer(state, 22, hamun)  # the destination is the Margrave's: taken without asking
    assert state.legal_actions() == [1, 2]
    answer(state, 25, 2)
    assert cells.get("location_knights", hamun) == 0 and cells.get("location_knights", shilina) == before + 2
    answer(state, YES_NO, 0)
    answer(state, YES_NO, 0)  # once per Knight (decision bard_triggers)
    assert state.decision_kind() == USE


def test_a_played_card_is_taken_back_but_not_the_one_in_use() -> None:
    state = at_first_card()
    seat, cells = state.current_player(), Cells(state)
    cleric = index("citizen", "cleric")
    for c in range(len(GAME.entities("citizen"))):
        cells.set("played", seat, c, 0)
    cells.set("played", seat, cleric, 1)
    cells.set("card_in_use", cleric)
    hand = cells.get("hand", seat, cleric)
    call(state, "retrieve_played", seat)
    assert state.decision_kind() == USE and cells.get("hand", seat, cleric) == hand
    cells.set("played", seat, cleric, 2)
    call(state, "retrieve_played", seat)
    assert cells.get("hand", seat, cleric) == hand + 1 and cells.get("played", seat, cleric) == 1


def test_the_necromancer_takes_lying_knights_only() -> None:
    state = at_first_card()
    seat, cells = state.current_player(), Cells(state)
    for slot, value in enumerate((2, 1, 0, 2, 0, 0, 0, 0, 0)):
        cells.set("tomb_slot", slot, value)
    stored = cells.get("stored_knights", seat)
    call(state, "take_lying_knights", seat, 2)
    assert state.legal_actions() == [0, 3, -1]
    answer(state, TOMB, 3)
    answer(state, TOMB, -1)
    assert cells.get("tomb_slot", 3) == 0 and cells.get("tomb_slot", 0) == 2
    assert cells.get("stored_knights", seat) == stored + 1


def test_a_wild_cost_takes_any_mix_of_resources() -> None:
    state = at_first_card()
    seat, cells = state.current_player(), Cells(state)
    for token, n in (("stone", 1), ("wood", 2), ("magic", 0)):
        cells.set(f"stored_{token}", seat, n)
    call(state, "pay_wild", seat, 3)
    assert state.legal_actions() == [0, 1]
    answer(state, TOKEN, 0)
    assert cells.get("stored_stone", seat) == 0 and cells.get("stored_wood", seat) == 0  # the rest is forced


def test_an_exhausted_pile_shuffles_its_monsters_with_the_boss_onto_the_lair() -> None:
    state = at_first_card()
    cells, engine = Cells(state), state.engine
    mountain = index("lair", "mountain")
    pile = [m for m, monster in enumerate(GAME.entities("monster")) if int(monster.lair) == mountain]
    for m in pile:
        cells.set("monster_faceup", m, 0)
        cells.set("monster_slain", m, 1)
    engine.flip_monster(mountain)
    assert sum(cells.get("monster_faceup", m) for m in pile) == 1
    assert sum(cells.get("monster_slain", m) for m in pile) == 0


def test_an_empty_deck_or_privilege_pile_triggers_the_final_round_and_the_game_ends_after_a_full_round() -> None:
    state = at_first_card()
    seat, cells = state.current_player(), Cells(state)
    for c in range(len(GAME.entities("citizen"))):
        cells.set("citizen_deck", c, 0)
    cells.set("line_1", -1)
    cells.set("final_round", 0)
    cells.set("first_player", (seat + 2) % 3)
    call(state, "end_of_turn", seat)
    assert cells.get("final_round") == 1 and not state.is_terminal()
    cells.set("first_player", (seat + 1) % 3)  # the seat on the first player's right ends its turn: the end
    for other in range(3):
        cells.set("score", other, 0)
        cells.set("keep_gold", other, 5)
    call(state, "end_of_turn", seat)
    assert state.is_terminal() and state.result()["winners"]


def test_a_privilege_pile_that_cannot_refill_triggers_the_final_round() -> None:
    state = at_first_card()
    seat, cells = state.current_player(), Cells(state)
    tiles = GAME.entities("privilege")
    shown = [t for t in range(len(tiles)) if cells.get("privilege_at", t) == 2 and tiles[t].level == "II"]
    cells.set("privilege_at", shown[0], 3)
    cells.set("privilege_owner", shown[0], seat)
    for t in range(len(tiles)):
        if cells.get("privilege_at", t) == 1 and tiles[t].level == "II":
            cells.set("privilege_at", t, 0)
    cells.set("final_round", 0)
    cells.set("first_player", (seat + 2) % 3)
    call(state, "end_of_turn", seat)
    assert cells.get("final_round") == 1


def test_tokens_beyond_the_storage_go_back_to_the_supply() -> None:
    state = at_first_card()
    seat, cells = state.current_player(), Cells(state)
    for token, n in (("stone", 4), ("wood", 2), ("magic", 0), ("gem", 1), ("knights", 0)):
        cells.set(f"stored_{token}", seat, n)
    cells.set("stored_towers", seat, 4)
    cells.set("supply_stone", 5)
    cells.set("supply_wood", 5)
    cells.set("supply_magic", 5)
    row = state.engine.tables.arrays["line_reward"][index("tomb_line", "row_0")]
    call(state, "reward", seat, row)  # 1 Stone and 1 Wood (placeholder): 13 tokens for 12 slots
    assert state.decision_kind() == TOKEN and state.legal_actions() == [0, 1, 3]  # never a tower (L180)
    answer(state, TOKEN, 3)
    assert cells.get("stored_gem", seat) == 0 and state.decision_kind() == USE


def test_pennant_actions_go_top_to_bottom_and_each_may_be_skipped() -> None:
    state = at_first_card()
    seat, cells = state.current_player(), Cells(state)
    cells.set("strength", seat, 0)
    captain = index("citizen", "captain")  # pennant: Strength, move, deploy (placeholder)
    answer(state, USE, captain * 4 + PENNANT)
    assert state.decision_kind() == YES_NO and state.describe(1).startswith("Take the pennant action: ")
    answer(state, YES_NO, 1)
    assert cells.get("strength", seat) == 1
    answer(state, YES_NO, 0)  # skip the move
    if state.decision_kind() == YES_NO:
        answer(state, YES_NO, 0)  # skip the deployment
    assert cells.get("played", seat, captain) == 1


def invariants(state: GameState) -> None:
    cells, n = Cells(state), state.players
    locations, slots = len(GAME.entities("location")), len(GAME.entities("tomb_slot"))
    knights = (cells.get("fortress_knights") + cells.get("statue_knights")
               + sum(cells.get("location_knights", w) for w in range(locations))
               + sum(cells.get("stored_knights", p) for p in range(n))
               + sum(1 for s in range(slots) if cells.get("tomb_slot", s)))
    assert knights == NUMBERS["knights_total"]
    for p in range(n):
        assert 0 <= cells.get("strength", p) <= NUMBERS["strength_cap"]
        assert cells.get("keep_gold", p) >= 0
        assert cells.get("stored_towers", p) + cells.get("towers_built", p) == NUMBERS["towers_per_player"]
        for token in ("stone", "wood", "magic", "gem", "knights"):
            assert cells.get(f"stored_{token}", p) >= 0
    for token in ("stone", "wood", "magic", "gem"):
        assert cells.get(f"supply_{token}") >= 0
    tiles = GAME.entities("privilege")
    for level in ("I", "II"):
        shown = sum(1 for t in range(len(tiles)) if tiles[t].level == level and cells.get("privilege_at", t) == 2)
        assert shown <= NUMBERS["privileges_face_up"]
    for t in range(len(tiles)):
        assert (cells.get("privilege_owner", t) >= 0) == (cells.get("privilege_at", t) in (3, 4))
        assert cells.get("privilege_at", t) != 0 or tiles[t].min_players and tiles[t].min_players > n
    for p in range(n):
        assert all(0 <= cells.get("influence", p, g) <= 15 for g in range(4))
    if state.decision_kind() in (USE, 1):
        for p in range(n):
            used = sum(cells.get(f"stored_{t}", p) for t in ("stone", "wood", "magic", "gem", "knights", "towers"))
            assert used <= NUMBERS["storage_slots"]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_and_keep_their_invariants(players: int) -> None:
    for seed in range(2):
        state = new_state(GAME, players, seed, kernel="python")
        rng = random.Random(seed)
        steps = 0
        while not state.is_terminal():
            assert state.legal_actions(), "a player is stuck"
            state.apply(rng.choice(state.legal_actions()))
            invariants(state)
            steps += 1
            assert steps < 5000
        assert state.result()["winners"]


def test_many_compiled_games_end() -> None:
    for players in (2, 3, 4, 5):
        for seed in range(40):
            state = new_state(GAME, players, seed)
            assert state.playout(seed) > 0 and state.is_terminal()
            assert state.result()["winners"]


def test_a_history_replays_to_the_same_state_on_both_forms() -> None:
    state = new_state(GAME, 3, 11)
    rng = random.Random(11)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    for kernel in ("compiled", "python"):
        assert replay(state, kernel=kernel).state_hash() == state.state_hash()


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    state = at_first_card()
    before = state.state_hash()
    with pytest.raises(IllegalAction):
        state.apply(-7)
    assert state.state_hash() == before and not state.history[-1:] == [-7]


def test_a_player_count_outside_the_game_is_refused() -> None:
    with pytest.raises(SetupError):
        new_state(GAME, 6, 1)


def test_both_forms_play_the_same_games_in_lock_step() -> None:
    for players, seed in ((2, 1), (4, 2)):
        compiled, python = new_state(GAME, players, seed), new_state(GAME, players, seed, kernel="python")
        rng = random.Random(seed)
        while not compiled.is_terminal():
            assert compiled.legal_actions() == python.legal_actions()
            action = rng.choice(compiled.legal_actions())
            compiled.apply(action)
            python.apply(action)
            assert compiled.state_hash() == python.state_hash()
        assert python.is_terminal() and python.result() == compiled.result()


def test_every_decision_is_described_in_each_locale() -> None:
    state = new_state(GAME, 3, 8)
    rng = random.Random(8)
    while not state.is_terminal():
        for action in state.legal_actions():
            said = {locale: state.describe(action, locale) for locale in ("en", "fr", "uk")}
            assert all(said.values()) and len(set(said.values())) > 1, said
            assert not any(mark in text for text in said.values() for mark in "[]{}"), said
        state.apply(rng.choice(state.legal_actions()))
    assert state.verdict("fr") and state.summary("uk")


def test_the_engine_plays_by_the_content_numbers_it_is_given() -> None:
    """No rule number in code: a kernel whose tables say another Strength cap and storage plays by them."""
    from lawforge.runtime.margraves.kernel import MargravesKernel

    kernel = MargravesKernel(GAME, "python")
    kernel.tables.numbers.update(strength_cap=3, storage_slots=5, knights_total=18)
    state = GameState(kernel, kernel.new_engine(3, 1), 3, 1, compiled=False)
    engine, cells = state.engine, Cells(state)
    engine.add_strength(0, 5)
    assert cells.get("strength", 0) == 3 and engine.storage_slots == 5
    assert cells.get("fortress_knights") + sum(cells.get("location_knights", w) for w in range(8)) \
        + sum(cells.get("stored_knights", p) for p in range(3)) == 18


def test_the_rule_modules_number_decisions_and_places_as_core_does() -> None:
    """Each typed module declares the constants it uses again (a cimported constant would be a Python object in
    compiled code): their values must stay core.py's."""
    import re

    folder = REPO / "runtime" / "margraves"
    declared = re.compile(r"^([A-Z_]+) = cython\.declare\(cython\.int, (-?\d+)\)", re.M)
    core = dict(declared.findall((folder / "core.py").read_text()))
    checked = 0
    for module in ("founding", "turn", "board", "slaying", "tracks", "cleanup", "engine"):
        for name, value in declared.findall((folder / f"{module}.py").read_text()):
            if name in core:
                assert value == core[name], (module, name)
                checked += 1
    assert checked > 20


def test_every_choice_of_three_in_the_content_is_a_wild_resource() -> None:
    """describe.py says a choice of three options as Stone, Wood or Magic: it must stay true of the content."""
    from ruamel.yaml import YAML

    def walk(node: object) -> list[list[object]]:
        found = []
        if isinstance(node, dict):
            choose = node.get("choose")
            if isinstance(choose, dict) and len(choose["options"]) == 3:
                found.append(choose["options"])
            for value in node.values():
                found += walk(value)
        elif isinstance(node, list):
            for value in node:
                found += walk(value)
        return found

    chooses = [options for path in sorted((REPO / "content" / "margraves").glob("*.yaml"))
               for options in walk(YAML(typ="safe").load(path.read_text()))]
    assert chooses
    for options in chooses:
        assert [option[0]["gain"]["what"] for option in options] == ["stone", "wood", "magic"]


def test_simulate_runs_to_the_end_and_says_the_same_twice() -> None:
    command = [sys.executable, "-m", "lawforge.compiler", "simulate", "margraves", "--players", "3", "--games", "50",
               "--seed", "1", "--format", "json"]
    runs = [subprocess.run(command, cwd=REPO, capture_output=True, text=True, check=True).stdout for _ in range(2)]
    assert runs[0] == runs[1]
    record = json.loads(runs[0])
    assert record["summary"]["kernel"] == "compiled" and record["summary"]["unfinished"] == 0
    assert len(record["games"]) == 50 and sum(record["summary"]["wins_by_seat"].values()) >= 50
    assert any(note.startswith("table: citizen_line_costs") for note in record["placeholders"])


def test_play_in_the_terminal_in_ukrainian_says_the_placeholders_once() -> None:
    from click.testing import CliRunner

    from lawforge.compiler.cli import main

    result = CliRunner().invoke(main, ["play", "margraves", "--players", "2", "--seed", "2", "--locale", "uk",
                                       "--root", str(REPO)], input="1\n" * 600)
    assert result.exit_code == 0, result.output
    assert result.output.count("\n  table: citizen_line_costs") == 1
    assert result.output.count("Ця гра використовує вигадані дані (примітки редакторів):") == 1
    assert "Залишити плитку початкового багатства" in result.output and "Перемога: Гравець " in result.output
