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
        state.apply(rng.choice(state.legal_actions()))
    assert state.verdict("fr") and state.summary("uk")


def test_simulate_runs_to_the_end_and_says_the_same_twice() -> None:
    command = [sys.executable, "-m", "lawforge.compiler", "simulate", "margraves", "--players", "3", "--games", "50",
               "--seed", "1", "--format", "json"]
    runs = [subprocess.run(command, cwd=REPO, capture_output=True, text=True, check=True).stdout for _ in range(2)]
    assert runs[0] == runs[1]
    record = json.loads(runs[0])
    assert record["summary"]["kernel"] == "compiled" and record["summary"]["unfinished"] == 0
    assert len(record["games"]) == 50 and sum(record["summary"]["wins_by_seat"].values()) >= 50
    assert any(note.startswith("table: citizen_line_costs") for note in record["placeholders"])
