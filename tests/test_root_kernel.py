"""Root on the shared kernel: the core rules in worked positions, random games with invariants at every step,
replays, illegal actions, observations, both forms in lock step, and a content number that reaches play."""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, SHARED
from lawforge.runtime import load
from lawforge.runtime.games import new_state, replay
from lawforge.runtime.kernel.state import GameState, IllegalAction

ROOT = load("root")
MENU, EFFECT_CHOICE, CLEARING, SEAT, CARD, NUMBER = 1, 2, 10, 11, 12, 13


class Board:
    """Reads and writes the state's fields by name and index, as the content lays them out."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.cells = state.engine.arrays()[0]
        self.fields = ROOT.layout.FIELDS

    def at(self, name: str, *index: int) -> int:
        offset, extents, _ = self.fields[name]
        for axis, i in enumerate(index):
            stride = 1
            for extent in extents[axis + 1:]:
                stride *= extent
            offset += i * stride
        return offset

    def get(self, name: str, *index: int) -> int:
        return self.cells[self.at(name, *index)]

    def set(self, name: str, *index_and_value: int) -> None:
        *index, value = index_and_value
        self.cells[self.at(name, *index)] = value

    def clear_map(self) -> None:
        """No piece on the map: every faction's warriors back in supply, every building and token gone."""
        for seat in range(self.state.players):
            for c in range(12):
                self.set("warrior_supply", seat, self.get("warrior_supply", seat) + self.get("warriors", c, seat))
                self.set("warriors", c, seat, 0)
        for name in ("sawmills", "workshops", "recruiters", "wood", "keep", "roosts", "sympathy", "bases"):
            for c in range(12):
                self.set(name, c, 0)

    def hand(self, seat: int, *cards: str) -> None:
        for k in range(len(ROOT.entities("card"))):
            self.set("hand", seat, k, 0)
        for card in cards:
            k = index("card", card)
            self.set("hand", seat, k, self.get("hand", seat, k) + 1)


def index(kind: str, name: str) -> int:
    return int(ROOT.get(kind, name).id)


def seat_of(state: GameState, faction: str) -> int:
    return state.result()["factions"].index(faction)


def play_until(state: GameState, want: object, rng: random.Random, limit: int = 5000) -> None:
    """Random legal actions until `want(state)` holds."""
    for _ in range(limit):
        if want(state):
            return
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("the position was not reached")


def daylight_menu_of(faction: str):  # type: ignore[no-untyped-def]
    def reached(state: GameState) -> bool:
        return (state.decision_kind() == MENU and state.engine.phase() == 1
                and state.result()["factions"][state.current_player()] == faction)
    return reached


def choose(state: GameState, text: str, locale: str = "en") -> None:
    """Answers the decision with the option described as `text`."""
    for action in state.legal_actions():
        if state.describe(action, locale) == text:
            state.apply(action)
            return
    raise AssertionError(f"no option {text!r} among {[state.describe(a, locale) for a in state.legal_actions()]}")


def fresh(seed: int = 3, kernel: str = "python") -> GameState:
    return new_state(ROOT, 2, seed, kernel=kernel, factions=["marquise", "eyrie"])


# --- rules in worked positions ---------------------------------------------------------------------------------

def test_rule_is_most_warriors_and_buildings_nobody_on_a_tie_and_the_eyrie_win_ties() -> None:
    state = fresh()
    board = Board(state)
    board.clear_map()
    marquise, eyrie = seat_of(state, "marquise"), seat_of(state, "eyrie")
    hill, creek = index("clearing", "hill"), index("clearing", "creek")
    board.set("warriors", hill, marquise, 2)
    board.set("warriors", hill, eyrie, 1)
    assert state.engine.ruler(hill) == marquise
    board.set("roosts", hill, 1)
    assert state.engine.ruler(hill) == eyrie  # 2 against 1 warrior and 1 roost: a tie, the Eyrie's (7.2.2)
    board.set("warriors", creek, marquise, 1)
    board.set("sawmills", creek, 1)
    assert state.engine.ruler(creek) == marquise
    assert state.engine.ruler(index("clearing", "beach")) == -1


def test_a_move_needs_rule_of_its_origin_or_destination() -> None:
    state = fresh()
    rng = random.Random(1)
    play_until(state, daylight_menu_of("marquise"), rng)
    board = Board(state)
    board.clear_map()
    seat = state.current_player()
    eyrie = 1 - seat
    hill, beach, creek = (index("clearing", c) for c in ("hill", "beach", "creek"))
    board.set("warriors", hill, seat, 1)
    board.set("warriors", hill, eyrie, 3)  # the Eyrie rule Hill
    board.set("warriors", beach, eyrie, 2)  # and Beach: no move from Hill to Beach
    board.set("warriors", creek, seat, 3)  # she rules Creek: Hill → Creek is allowed
    assert state.engine.can_move_from(seat, hill, -1)
    assert state.engine.move_allowed(seat, hill, creek) and not state.engine.move_allowed(seat, hill, beach)


def test_a_battle_caps_rolled_hits_by_warriors_and_removes_warriors_before_buildings() -> None:
    state = fresh(seed=5)
    rng = random.Random(2)
    play_until(state, daylight_menu_of("marquise"), rng)
    board = Board(state)
    board.clear_map()
    seat = state.current_player()
    eyrie = 1 - seat
    board.hand(eyrie)  # no ambush
    glade = index("clearing", "glade")
    board.set("warriors", glade, seat, 1)
    board.set("roosts", glade, 1)  # defenseless: no Eyrie warrior there
    score = board.get("score", seat)
    choose(state, "Battle")
    # One clearing and one defender: taken without asking. The attacker deals at most 1 rolled hit (one warrior),
    # plus 1 because the defender is defenseless (4.3.2.III): the roost is removed and scores 1 (3.2.1).
    assert board.get("roosts", glade) == 0
    assert board.get("score", seat) == score + 1


def test_an_ambush_deals_two_hits_unless_the_attacker_foils_it() -> None:
    for foil in (False, True):
        state = fresh(seed=5)
        play_until(state, daylight_menu_of("marquise"), random.Random(2))
        board = Board(state)
        board.clear_map()
        seat = state.current_player()
        eyrie = 1 - seat
        glade = index("clearing", "glade")  # a fox clearing
        board.set("warriors", glade, seat, 3)
        board.set("warriors", glade, eyrie, 1)
        board.hand(eyrie, "ambush_fox")
        board.hand(seat, *(["ambush_bird"] if foil else []))
        choose(state, "Battle")
        choose(state, "Play Fox Ambush!")
        if foil:
            choose(state, "Foil the Ambush with Bird Ambush!")
            assert board.get("discard_pile", index("card", "ambush_bird")) == 1
        else:
            assert board.get("warriors", glade, seat) <= 1  # 2 hits before the dice, then at most 1 more
        assert board.get("discard_pile", index("card", "ambush_fox")) == 1


def test_crafting_an_item_takes_it_from_the_supply_and_scores_the_card_but_the_eyrie_score_one() -> None:
    for faction, points in (("marquise", 2), ("eyrie", 1)):
        state = fresh(seed=7)
        board = Board(state)
        seat = seat_of(state, faction)
        board.clear_map()
        if faction == "eyrie":
            board.set("leader", seat, index("leader", "despot"))
        mountain = index("clearing", "mountain")  # a fox clearing
        board.set("workshops" if faction == "marquise" else "roosts", mountain, 1)
        board.hand(seat, "anvil")  # costs one fox, makes a hammer worth 2 (3.2.2)
        hammer = index("item", "hammer")
        supply, score = board.get("items_supply", hammer), board.get("score", seat)
        craft = state.engine.can_craft(seat, index("card", "anvil"))
        assert craft
        state.engine.pay_craft(seat, index("card", "anvil"))
        assert board.get("crafting_used", index("suit", "fox")) == 1
        assert state.engine.item_points(seat, index("card", "anvil")) == points
        assert supply == board.get("items_supply", hammer) and score == board.get("score", seat)


def test_a_marquise_build_pays_wood_from_connected_ruled_clearings_and_scores_her_track() -> None:
    state = fresh(seed=11)
    play_until(state, daylight_menu_of("marquise"), random.Random(6))
    board = Board(state)
    board.clear_map()
    seat = state.current_player()
    hill, beach, glade = (index("clearing", c) for c in ("hill", "beach", "glade"))
    for c in (hill, beach, glade):  # a chain of ruled clearings: Hill - Beach - Glade
        board.set("warriors", c, seat, 2)
    board.set("wood", hill, 1)
    board.set("wood", glade, 1)
    board.set("sawmills", glade, 1)
    board.set("sawmill_track", seat, 5)  # one placed: the next costs 1 wood and scores 1 (tracks.yaml)
    score = board.get("score", seat)
    choose(state, "Build")
    choose(state, "Build: sawmill")
    choose(state, "Build in Beach")
    choose(state, "Take wood from Hill")
    assert board.get("sawmills", beach) == 1 and board.get("wood", hill) == 0 and board.get("wood", glade) == 1
    assert board.get("sawmill_track", seat) == 4 and board.get("score", seat) == score + 1


def test_a_decree_action_that_cannot_be_taken_is_a_turmoil() -> None:
    state = fresh(seed=13)
    rng = random.Random(8)

    def resolving(s: GameState) -> bool:
        top = s.engine.top()
        return top is not None and s.kernel.tables.procedures[top[0] - 1] == "eyrie_resolve_decree"

    play_until(state, resolving, rng)
    board = Board(state)
    eyrie = state.current_player()
    board.clear_map()
    for column in ("recruit", "move", "battle", "build"):
        for k in range(len(ROOT.entities("card"))):
            board.set(f"decree_{column}", k, 0)
        board.set(f"viziers_{column}", 0)
    board.set("decree_battle", index("card", "ambush_bird"), 1)  # a bird to battle with: nobody to fight
    board.set("viziers_recruit", 1)  # a vizier to recruit with: no roost on the map
    board.set("score", eyrie, 5)
    leader = board.get("leader", eyrie)
    top = state.engine.top()
    assert top is not None
    state.engine.arrays()[1]  # the resolution restarts its column count from here
    while state.current_player() == eyrie and state.engine.phase() == 1 and not state.is_terminal():
        options = state.legal_actions()
        state.apply(options[0])
    assert board.get("leader", eyrie) != leader and board.get("leader_deposed", leader) == 1
    assert board.get("score", eyrie) < 5  # a point per bird in the Decree, viziers included (7.7.1)


def test_thirty_points_win_at_once_and_dominance_stops_scoring() -> None:
    state = fresh(seed=17)
    play_until(state, daylight_menu_of("marquise"), random.Random(3))
    board = Board(state)
    seat = state.current_player()
    board.set("score", seat, 29)
    state.engine.score(seat, 1)
    assert state.is_terminal() and state.returns()[seat] == 1.0 and state.result()["victory"] == "points"
    other = fresh(seed=17)
    play_until(other, daylight_menu_of("marquise"), random.Random(3))
    board = Board(other)
    board.set("dominance_card", seat, index("card", "dominance_fox"))
    board.set("score", seat, 29)
    other.engine.score(seat, 5)
    assert not other.is_terminal() and board.get("score", seat) == 29


# --- whole games -------------------------------------------------------------------------------------------------

TOTALS = {"marquise": 25, "eyrie": 20}


def check_invariants(state: GameState) -> None:
    board = Board(state)
    factions = state.result()["factions"]
    for seat, faction in enumerate(factions):
        on_map = sum(board.get("warriors", c, seat) for c in range(12))
        assert on_map + board.get("warrior_supply", seat) == TOTALS[faction], "warriors are conserved"
        assert board.get("score", seat) >= 0
    for c in range(12):
        buildings = sum(board.get(name, c) for name in ("sawmills", "workshops", "recruiters", "roosts", "bases", "ruins"))
        assert buildings <= ROOT.entities("clearing")[c].slots, "slots are respected"
    assert state.is_terminal() or state.legal_actions(), "never stuck"


@pytest.mark.parametrize("kernel", ["compiled", "python"])
def test_random_games_end_keep_invariants_and_hand_limits(kernel: str) -> None:
    seeds = range(40) if kernel == "compiled" else range(3)
    for seed in seeds:
        state = fresh(seed=seed, kernel=kernel)
        rng = random.Random(seed)
        turn = state.engine.turn()
        while not state.is_terminal():
            active = state.engine.active()
            state.apply(rng.choice(state.legal_actions()))
            check_invariants(state)
            if state.engine.turn() != turn and not state.is_terminal():
                hand = sum(Board(state).get("hand", active, k) for k in range(len(ROOT.entities("card"))))
                assert hand <= ROOT.get("constant", "hand_limit").value, "the hand limit holds after each Evening"
                turn = state.engine.turn()
            assert len(state.history) < 5000
        assert sum(state.returns()) == 1.0


def test_a_history_replays_to_the_same_state() -> None:
    state = fresh(seed=21, kernel="compiled")
    rng = random.Random(21)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    for kernel in ("compiled", "python"):
        again = replay(state, kernel=kernel)
        assert again.state_hash() == state.state_hash() and again.is_terminal()


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    state = fresh(seed=2)
    before = state.state_hash()
    illegal = max(state.legal_actions()) + 1000
    with pytest.raises(IllegalAction, match=f"action {illegal} is not legal now"):
        state.apply(illegal)
    assert state.state_hash() == before and state.history == []


def test_both_forms_play_the_same_games_in_lock_step() -> None:
    for seed in range(3):
        compiled, python = fresh(seed, "compiled"), fresh(seed, "python")
        rng = random.Random(seed)
        while not compiled.is_terminal():
            assert compiled.legal_actions() == python.legal_actions()
            action = rng.choice(compiled.legal_actions())
            compiled.apply(action)
            python.apply(action)
            assert compiled.state_hash() == python.state_hash()
        assert python.is_terminal() and python.result() == compiled.result()


def test_a_clone_goes_its_own_way() -> None:
    state = fresh(seed=4, kernel="compiled")
    twin = state.clone()
    twin.apply(twin.legal_actions()[0])
    assert state.history == [] and len(twin.history) == 1 and state.state_hash() != twin.state_hash()


def test_a_playout_ends_the_game_in_compiled_code() -> None:
    state = fresh(seed=9, kernel="compiled")
    steps = state.playout(9)
    assert state.is_terminal() and steps > 50 and sum(state.returns()) == 1.0


def test_an_observation_hides_other_hands_the_deck_and_the_dice() -> None:
    state = fresh(seed=6, kernel="compiled")
    seat = state.current_player()
    seen = state.observation(seat)
    board = Board(state)
    cards = len(ROOT.entities("card"))
    assert seen.cells[0] == -1
    assert all(seen.cells[board.at("hand", 1 - seat, k)] == -1 for k in range(cards))
    assert all(seen.cells[board.at("hand", seat, k)] == board.get("hand", seat, k) for k in range(cards))
    assert all(seen.cells[board.at("deck", k)] == -1 for k in range(cards))
    assert seen.options == state.legal_actions()


def test_every_decision_is_described_in_each_locale() -> None:
    state = fresh(seed=8, kernel="compiled")
    rng = random.Random(8)
    for _ in range(300):
        if state.is_terminal():
            break
        for locale in ROOT.locales:
            for action in state.legal_actions():
                text = state.describe(action, locale)
                assert text and "{" not in text, (locale, text)
        state.apply(rng.choice(state.legal_actions()))


# --- what the content says reaches play ------------------------------------------------------------------------

def test_a_changed_victory_goal_in_the_content_changes_play(tmp_path: Path) -> None:
    (tmp_path / "shared").symlink_to(SHARED)
    root = tmp_path / "main"
    root.mkdir()
    for part in ("content", "schemas", "generated"):
        shutil.copytree(REPO / part, root / part, ignore=shutil.ignore_patterns("*.so", "*.c", "__pycache__"))
    constants = root / "content/root/constants.yaml"
    text = constants.read_text(encoding="utf-8")
    constants.write_text(text.replace("  value: 30\n", "  value: 8\n", 1), encoding="utf-8")
    built = subprocess.run([sys.executable, "-m", "lawforge.compiler", "build", "root", "--no-sheets",
                            "--root", str(root)], capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    code = ("from lawforge.runtime.games import new_state, replay; from lawforge.runtime import load;"
            f"g = load('root', root={str(root)!r});"
            "s = new_state(g, 2, 5, kernel='python', factions=['marquise', 'eyrie']); s.playout(5);"
            "print(max(s.result()['scores']), g.get('constant', 'victory_points').value)")
    played = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert played.returncode == 0, played.stderr
    best, goal = map(int, played.stdout.split())
    assert goal == 8 and 8 <= best < 30
