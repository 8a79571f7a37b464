"""Persistent cards (4.1.3) on the shared kernel: a worked position for each of the eleven, with the refusal of
those a player may use, then random games in which they are crafted and used, with the invariants checked at every
step, and the compiled and Python forms in lock step."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from root_cards import card_counts, expected_counts, warriors_held
from lawforge.runtime.content import load
from lawforge.runtime.games import new_state
from lawforge.runtime.kernel.engine import LAYOUT
from lawforge.runtime.kernel.state import GameState
from test_root_riverfolk import options, play_until, say

GAME = load("root")
FIELDS = GAME.layout.FIELDS
CLEARINGS = {c.name.en: int(c.id) for c in GAME.entities("clearing")}
CARDS = {c.id.name.lower(): int(c.id) for c in GAME.entities("card")}
PERSISTENT = [c.id.name.lower() for c in GAME.entities("card") if c.kind == "persistent"]
MENU = LAYOUT["menu"]
PIECES = {f.id.name.lower(): sum(p.count for p in f.pieces if p.kind == "warrior") for f in GAME.entities("faction")}


class Board:
    """A game's cells by field name: `board["hand", seat, card]`, read and written."""

    def __init__(self, state: GameState) -> None:
        self.cells = state.engine.arrays()[0]

    @staticmethod
    def at(name: str, *index: int) -> int:
        offset, extents, _ = FIELDS[name]
        flat = 0
        for i, extent in zip(index, extents, strict=True):
            flat = flat * extent + i
        return offset + flat

    def __getitem__(self, key: tuple[Any, ...]) -> int:
        name, *index = key
        return int(self.cells[self.at(name, *index)])

    def __setitem__(self, key: tuple[Any, ...], value: int) -> None:
        name, *index = key
        self.cells[self.at(name, *index)] = value

    def hand(self, seat: int) -> int:
        return sum(self["hand", seat, k] for k in range(len(CARDS)))

    def warriors(self, clearing: str, seat: int) -> int:
        return self["warriors", CLEARINGS[clearing], seat]


def in_menu(state: GameState, seat: int, phase: int = 1) -> bool:
    return state.decision_kind() == MENU and state.current_player() == seat and state.engine.phase() == phase


def clear_map(state: GameState) -> Board:
    """Every warrior and building off the map, every hand and play area empty."""
    board = Board(state)
    for c in range(len(CLEARINGS)):
        for field in ("wood", "sawmills", "workshops", "recruiters", "keep", "roosts"):
            board[field, c] = 0
        for seat in range(state.players):
            board["warriors", c, seat] = 0
    for seat, faction in enumerate(state.result()["factions"]):
        board["warrior_supply", seat] = PIECES[faction]
        for k in range(len(CARDS)):
            board["discard_pile", k] += board["hand", seat, k] + board["play_area", seat, k]
            board["hand", seat, k] = board["play_area", seat, k] = 0
    return board


def place(board: Board, seat: int, clearing: str, n: int) -> None:
    board["warriors", CLEARINGS[clearing], seat] += n
    board["warrior_supply", seat] -= n


def crafted(board: Board, seat: int, name: str) -> None:
    """The card in the seat's play area, taken from wherever its copies are."""
    k = CARDS[name]
    for pile in ("deck", "discard_pile"):
        if board[pile, k] > 0:
            board[pile, k] -= 1
            break
    board["play_area", seat, k] = 1


def give(board: Board, seat: int, name: str) -> None:
    k = CARDS[name]
    for pile in ("deck", "discard_pile"):
        if board[pile, k] > 0:
            board[pile, k] -= 1
            break
    board["hand", seat, k] += 1


def marquise_turn(position: Callable[[GameState, Board], None], players: int = 3,
                  factions: tuple[str, ...] = ("marquise", "eyrie", "alliance"), seed: int = 3) -> GameState:
    """The Marquise's next turn, from the position written at the end of the previous player's Daylight; the game
    stops at her first decision."""
    state = new_state("root", players, seed, kernel="python", factions=list(factions))
    before = (0 - 1) % players
    play_until(state, lambda s: in_menu(s, before) and s.engine.turn() > 1)
    position(state, clear_map(state))
    say(state, "End Daylight")
    play_until(state, lambda s: s.current_player() == 0)
    return state


def battle(state: GameState, clearing: str, defender: str) -> None:
    """The Marquise's Daylight menu: she battles in the clearing."""
    say(state, "Battle")
    if f"Battle in {clearing}" in options(state):
        say(state, f"Battle in {clearing}")
    if f"Attack: {defender}" in options(state):
        say(state, f"Attack: {defender}")


# --- at the start of a phase ------------------------------------------------------------------------------------


def test_royal_claim_scores_a_point_per_ruled_clearing_and_is_discarded() -> None:
    def position(state: GameState, board: Board) -> None:
        crafted(board, 0, "royal_claim")
        for clearing in ("Hill", "Meadow", "Creek"):
            place(board, 0, clearing, 1)
        board["score", 0] = 2

    state = marquise_turn(position)
    board = Board(state)
    assert set(options(state)) == {"Use Royal Claim", "Do not use Royal Claim"}
    declined = state.clone()
    say(state, "Use Royal Claim")
    assert board["score", 0] == 2 + 3
    assert board["play_area", 0, CARDS["royal_claim"]] == 0 and board["discard_pile", CARDS["royal_claim"]] == 1
    say(declined, "Do not use Royal Claim")
    kept = Board(declined)
    assert kept["score", 0] == 2 and kept["play_area", 0, CARDS["royal_claim"]] == 1


def test_stand_and_deliver_takes_a_random_card_and_the_victim_scores() -> None:
    def position(state: GameState, board: Board) -> None:
        crafted(board, 0, "stand_and_deliver")
        place(board, 0, "Hill", 1)
        give(board, 1, "anvil")
        give(board, 2, "sword")

    state = marquise_turn(position)
    board = Board(state)
    eyrie, alliance = board.hand(1), board.hand(2)
    declined = state.clone()
    say(state, "Use Stand and Deliver!")
    assert set(options(state)) == {"Stand and Deliver!: Eyrie Dynasties", "Stand and Deliver!: Woodland Alliance"}
    say(state, "Stand and Deliver!: Woodland Alliance")
    assert board.hand(0) == 1 and board.hand(2) == alliance - 1 and board.hand(1) == eyrie
    assert board["score", 2] == 1 and board["play_area", 0, CARDS["stand_and_deliver"]] == 1
    say(declined, "Do not use Stand and Deliver!")
    assert Board(declined).hand(0) == 0 and Board(declined)["score", 2] == 0


def test_better_burrow_bank_draws_a_card_for_its_owner_and_another_player() -> None:
    def position(state: GameState, board: Board) -> None:
        crafted(board, 0, "better_burrow_bank")
        place(board, 0, "Hill", 1)

    state = marquise_turn(position)
    board = Board(state)
    assert board.hand(0) == 1  # no "may": drawn at once, then whom to give a card
    assert set(options(state)) == {"Better Burrow Bank: Eyrie Dynasties", "Better Burrow Bank: Woodland Alliance"}
    eyrie, alliance = board.hand(1), board.hand(2)
    say(state, "Better Burrow Bank: Eyrie Dynasties")
    assert board.hand(1) == eyrie + 1 and board.hand(2) == alliance
    assert board["play_area", 0, CARDS["better_burrow_bank"]] == 1


def test_command_warren_battles_as_daylight_starts() -> None:
    def position(state: GameState, board: Board) -> None:
        crafted(board, 0, "command_warren")
        place(board, 0, "Hill", 3)
        place(board, 1, "Hill", 1)

    state = marquise_turn(position)
    play_until(state, lambda s: s.engine.phase() == 1)
    board = Board(state)
    declined = state.clone()
    say(state, "Use Command Warren")
    assert board.warriors("Hill", 1) == 0  # the only battle, taken at once: 1 defender, at least 1 hit from 3
    assert state.decision_kind() == MENU  # then her Daylight's actions, all of them
    say(declined, "Do not use Command Warren")
    assert Board(declined).warriors("Hill", 1) == 1 and declined.decision_kind() == MENU


def test_cobbler_moves_as_evening_starts() -> None:
    def position(state: GameState, board: Board) -> None:
        crafted(board, 0, "cobbler")
        place(board, 0, "Hill", 2)

    state = marquise_turn(position)
    play_until(state, lambda s: in_menu(s, 0))
    while state.engine.phase() == 1 and state.decision_kind() == MENU:
        state.apply(max(state.legal_actions()))  # end every block of her Daylight
    board = Board(state)
    assert state.engine.phase() == 2
    declined = state.clone()
    say(state, "Use Cobbler")
    assert "Move from Hill" in options(state) or "… to Creek" in options(state)
    say(state, "… to Creek")
    say(state, "Move 2 warriors")
    assert board.warriors("Creek", 0) == 2 and board.warriors("Hill", 0) == 0
    say(declined, "Do not use Cobbler")
    assert Board(declined).warriors("Hill", 0) == 2


# --- once in Daylight -----------------------------------------------------------------------------------------------


def test_tax_collector_removes_a_warrior_to_draw_once_per_turn() -> None:
    def position(state: GameState, board: Board) -> None:
        crafted(board, 0, "tax_collector")
        place(board, 0, "Hill", 2)
        place(board, 0, "Creek", 1)

    state = marquise_turn(position)
    play_until(state, lambda s: in_menu(s, 0))
    board = Board(state)
    hand = board.hand(0)
    assert "Use Tax Collector" in options(state)
    say(state, "Use Tax Collector")
    declined = state.clone()
    say(state, "Use Tax Collector")
    assert set(options(state)) == {"Tax Collector: Hill", "Tax Collector: Creek"}
    say(state, "Tax Collector: Creek")
    assert board.warriors("Creek", 0) == 0 and board["warrior_supply", 0] == 25 - 2 and board.hand(0) == hand + 1
    assert state.decision_kind() == MENU and "Use Tax Collector" not in options(state)
    assert board["play_area", 0, CARDS["tax_collector"]] == 1
    say(declined, "Do not use Tax Collector")  # not used: still offered
    assert "Use Tax Collector" in options(declined) and Board(declined).hand(0) == hand
    turn = state.engine.turn()
    play_until(state, lambda s: s.engine.turn() > turn and in_menu(s, 0))  # her next turn: offered again
    assert board["used_this_daylight", CARDS["tax_collector"], 0] == 0 and "Use Tax Collector" in options(state)


def test_tax_collector_needs_a_warrior_on_the_map() -> None:
    def position(state: GameState, board: Board) -> None:
        crafted(board, 0, "tax_collector")
        board["keep", CLEARINGS["Hill"]] = 1

    state = marquise_turn(position)
    play_until(state, lambda s: in_menu(s, 0))
    assert "Use Tax Collector" not in options(state)


def test_codebreakers_shows_a_hand_to_its_owner_alone() -> None:
    def position(state: GameState, board: Board) -> None:
        crafted(board, 0, "codebreakers")
        place(board, 0, "Hill", 1)
        give(board, 1, "anvil")
        give(board, 1, "sword")

    state = marquise_turn(position)
    play_until(state, lambda s: in_menu(s, 0))
    say(state, "Use Codebreakers")
    say(state, "Use Codebreakers")
    say(state, "Codebreakers: Eyrie Dynasties")
    seen = Board.at("seen_hand", 0, CARDS["anvil"])
    assert state.engine.arrays()[0][seen] == 1 and Board(state)["seen_hand_of", 0] == 1
    assert state.observation(0).cells[seen] == 1 and state.observation(1).cells[seen] == -1
    assert "Use Codebreakers" not in options(state)


# --- in battle -------------------------------------------------------------------------------------------------------


def battle_position(mine: str | None, theirs: str | None, attackers: int = 3, defenders: int = 3,
                    ambush: bool = False) -> GameState:
    """The Marquise attacks the Eyrie in Hill (fox), her card and theirs in the play areas."""
    def position(state: GameState, board: Board) -> None:
        if mine:
            crafted(board, 0, mine)
        if theirs:
            crafted(board, 1, theirs)
        place(board, 0, "Hill", attackers)
        place(board, 1, "Hill", defenders)
        if ambush:
            give(board, 1, "ambush_fox")

    state = marquise_turn(position)
    play_until(state, lambda s: in_menu(s, 0))
    battle(state, "Hill", "Eyrie Dynasties")
    return state


def test_armorers_ignore_the_rolled_hits_their_owner_takes() -> None:
    state = battle_position(None, "armorers")
    assert set(options(state)) == {"Use Armorers", "Do not use Armorers"}
    declined = state.clone()
    say(state, "Use Armorers")
    board = Board(state)
    assert board.warriors("Hill", 1) == 3 and board["play_area", 1, CARDS["armorers"]] == 0
    assert board["discard_pile", CARDS["armorers"]] == 1
    say(declined, "Do not use Armorers")
    assert Board(declined).warriors("Hill", 1) < 3  # the Marquise rolled at least one hit
    assert Board(declined).warriors("Hill", 0) == board.warriors("Hill", 0)  # her losses alike


def test_sappers_deal_an_extra_hit_for_the_defender() -> None:
    state = battle_position(None, "sappers", attackers=6, defenders=6)
    declined = state.clone()
    say(state, "Use Sappers")
    say(declined, "Do not use Sappers")
    used, kept = Board(state), Board(declined)
    assert used.warriors("Hill", 0) == kept.warriors("Hill", 0) - 1
    assert used["play_area", 1, CARDS["sappers"]] == 0 and kept["play_area", 1, CARDS["sappers"]] == 1


def test_brutal_tactics_deal_an_extra_hit_and_the_defender_scores() -> None:
    state = battle_position("brutal_tactics", None, attackers=6, defenders=6)
    declined = state.clone()
    say(state, "Use Brutal Tactics")
    say(declined, "Do not use Brutal Tactics")
    used, kept = Board(state), Board(declined)
    assert used.warriors("Hill", 1) == kept.warriors("Hill", 1) - 1
    assert used["score", 1] == kept["score", 1] + 1
    assert used["play_area", 0, CARDS["brutal_tactics"]] == 1  # kept: used in every battle


def test_brutal_tactics_are_not_offered_to_a_defender_nor_sappers_to_an_attacker() -> None:
    state = battle_position("sappers", "brutal_tactics")
    assert state.decision_kind() == MENU  # the battle fought without asking


def test_attacker_and_defender_cards_in_one_battle_both_apply() -> None:
    state = battle_position("armorers", "sappers", defenders=2)
    say(state, "Use Armorers")
    say(state, "Use Sappers")  # the attacker ignores the rolled hits, not the extra one
    board = Board(state)
    assert board.warriors("Hill", 0) == 3 - 1


def test_scouting_party_makes_the_attacker_immune_to_ambushes() -> None:
    state = battle_position("scouting_party", None, ambush=True)
    assert "Play Fox Ambush!" not in options(state)
    board = Board(state)
    assert board["hand", 1, CARDS["ambush_fox"]] == 1
    control = battle_position(None, None, ambush=True)
    assert "Play Fox Ambush!" in options(control)


def test_persistent_cards_are_offered_for_crafting() -> None:
    state = new_state("root", 2, 3, kernel="python", factions=["marquise", "eyrie"])
    craftable = state.kernel.tables.arrays["card_craftable"]
    assert all(craftable[CARDS[name]] for name in PERSISTENT)


def test_decisions_are_described_in_three_languages() -> None:
    state = battle_position(None, "armorers")
    action = options(state)["Use Armorers"]
    assert [state.describe(action, locale) for locale in ("en", "fr", "uk")] == [
        "Use Armorers", "Utiliser Armuriers", "Використати «Зброярі»"]


# --- random games --------------------------------------------------------------------------------------------------


TABLES = [(2, ["marquise", "eyrie"]), (3, ["vagabond", "marquise", "alliance"]),
          (4, ["eyrie", "riverfolk", "marquise", "duchy"])]


def seed_play_areas(state: GameState, rng: random.Random) -> None:
    """Every seat starts with a few persistent cards in its play area, taken from the deck."""
    board = Board(state)
    for seat in range(state.players):
        for name in rng.sample(PERSISTENT, 4):
            k = CARDS[name]
            if board["deck", k] > 0 and all(board["play_area", s, k] == 0 or s != seat
                                            for s in range(state.players)):
                board["deck", k] -= 1
                board["play_area", seat, k] = 1


def check_invariants(state: GameState, expected: list[int]) -> None:
    board = Board(state)
    factions = state.result()["factions"]
    assert card_counts(state.game, board.cells, state.players) == expected
    for seat, faction in enumerate(factions):
        assert warriors_held(state.game, board.cells, seat) == PIECES[faction]
        for k in range(len(CARDS)):
            assert 0 <= board["play_area", seat, k] <= 1
            assert 0 <= board["hand", seat, k]


@pytest.mark.parametrize(("players", "factions"), TABLES)
def test_random_games_craft_and_use_persistent_cards_and_keep_the_invariants(players: int,
                                                                             factions: list[str]) -> None:
    crafts = [f"Craft {GAME.get('card', name).name.get('en')}" for name in PERSISTENT]
    used = made = 0
    for seed in range(2):
        state = new_state("root", players, seed, kernel="python", factions=factions)
        rng = random.Random(seed)
        seed_play_areas(state, rng)
        expected = expected_counts(state.game, players)
        while not state.is_terminal():
            assert len(state.history) < 20000, "the game does not end"
            check_invariants(state, expected)
            action = rng.choice(state.legal_actions())
            said = state.describe(action)
            used += said.startswith("Use ")
            made += said in crafts
            state.apply(action)
        assert state.result()["winner"] >= 0
    assert used > 0 and made > 0


@pytest.mark.parametrize("seed", range(3))
def test_compiled_and_python_forms_play_in_lock_step(seed: int) -> None:
    players, factions = TABLES[seed % len(TABLES)]
    compiled = new_state("root", players, seed, factions=factions)
    python = new_state("root", players, seed, kernel="python", factions=factions)
    seed_play_areas(compiled, random.Random(seed))
    seed_play_areas(python, random.Random(seed))
    assert compiled.state_hash() == python.state_hash()
    rng = random.Random(seed)
    while not compiled.is_terminal() and len(compiled.history) < 3000:
        assert python.legal_actions() == compiled.legal_actions()
        action = rng.choice(compiled.legal_actions())
        compiled.apply(action)
        python.apply(action)
        assert compiled.state_hash() == python.state_hash()
    assert python.is_terminal() == compiled.is_terminal()


@pytest.mark.battery
@pytest.mark.parametrize(("players", "factions"), TABLES)
def test_compiled_playouts_with_persistent_cards_end(players: int, factions: list[str]) -> None:
    for seed in range(40):
        state = new_state("root", players, seed, factions=factions)
        seed_play_areas(state, random.Random(seed))
        taken = state.playout(seed + 1, 200_000)
        assert state.is_terminal() and taken < 200_000
