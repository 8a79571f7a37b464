"""The Riverfolk Company (chapter 11) on the shared kernel: a worked position for each of their actions and
abilities and for the services the other players buy, then random games at every table where the Company can sit,
with invariants checked at every step and the compiled and Python forms in lock step."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations
from typing import Any

import pytest

from root_cards import bank_gifts, warriors_held
from lawforge.runtime.content import load
from lawforge.runtime.games import new_state
from lawforge.runtime.kernel.state import GameState
from lawforge.runtime.notes import Named

GAME = load("root")
FIELDS = GAME.layout.FIELDS
CLEARINGS = {c.name.en: int(c.id) for c in GAME.entities("clearing")}
CARDS = {c.id.name.lower(): int(c.id) for c in GAME.entities("card")}
SUITS = {s.id.name.lower(): int(s.id) for s in GAME.entities("suit")}
SERVICES = {s.id.name.lower(): int(s.id) for s in GAME.entities("service")}
RIVERS = {"Creek", "Beach", "Waterfall", "Pond", "Haven"}
"""The Autumn map's clearings on a river (content/root/clearings.yaml)."""
MENU, SERVICE_KIND = 1, 20
PIECES = {f.id.name.lower(): sum(p.count for p in f.pieces if p.kind == "warrior") for f in GAME.entities("faction")}
"""Warriors of each faction (content/root/factions)."""
"""Fields of [player] counting a player's warriors in a box of a faction board, off the map and out of supply."""


class Board:
    """A game's cells by field name: `board["funds", seat]`, read and written."""

    def __init__(self, state: GameState) -> None:
        self.cells = state.engine.arrays()[0]

    @staticmethod
    def at(name: str, *index: int) -> int:
        offset, extents, _ = FIELDS[name]
        flat = 0
        for i, extent in zip(index, extents, strict=True):
            flat = flat * extent + i
        return offset + flat

    def __getitem__(self, key: str | tuple[Any, ...]) -> int:
        name, *index = key if isinstance(key, tuple) else (key,)
        return int(self.cells[self.at(name, *index)])

    def __setitem__(self, key: str | tuple[Any, ...], value: int) -> None:
        name, *index = key if isinstance(key, tuple) else (key,)
        self.cells[self.at(name, *index)] = value

    def hand(self, seat: int) -> int:
        return sum(self[("hand", seat, k)] for k in range(len(CARDS)))


def options(state: GameState) -> dict[str, int]:
    return {state.describe(action, "en"): action for action in state.legal_actions()}


def say(state: GameState, text: str) -> None:
    """Takes the legal action described so in English."""
    described = options(state)
    assert text in described, f"{text!r} is not among {sorted(described)}"
    state.apply(described[text])


def passive(state: GameState) -> int:
    """Ends every menu, takes the first option of every other decision."""
    actions = state.legal_actions()
    return max(actions) if state.decision_kind() == MENU else actions[0]


def play_until(state: GameState, done: Callable[[GameState], bool], limit: int = 3000) -> None:
    for _ in range(limit):
        if done(state):
            return
        state.apply(passive(state))
    raise AssertionError("the position was never reached")


def seat_of(state: GameState, faction: str) -> int:
    return state.result()["factions"].index(faction)


def in_menu(state: GameState, faction: str, phase: int = 1) -> bool:
    return (state.decision_kind() == MENU and state.current_player() == seat_of(state, faction)
            and state.engine.phase() == phase)


def clear_map(state: GameState) -> Board:
    """Every piece off the map and every card out of the hands, supplies and tracks full, boxes empty."""
    board = Board(state)
    for c in range(len(CLEARINGS)):
        for field in ("wood", "sawmills", "workshops", "recruiters", "keep", "roosts", "trade_posts"):
            board[field, c] = 0
        for seat in range(state.players):
            board["warriors", c, seat] = 0
    for seat, faction in enumerate(state.result()["factions"]):
        board["warrior_supply", seat] = PIECES[faction]
        for box in ("funds", "payments", "committed"):
            board[box, seat] = 0
        for k in range(len(CARDS)):
            board["discard_pile", k] += board["hand", seat, k]
            board["hand", seat, k] = 0
        if faction == "marquise":
            for track in ("sawmill_track", "workshop_track", "recruiter_track"):
                board[track, seat] = 6
    for suit in ("fox", "rabbit", "mouse"):
        board["trade_post_track", SUITS[suit]] = 3
    return board


def place(board: Board, seat: int, clearing: str, n: int) -> None:
    board["warriors", CLEARINGS[clearing], seat] += n
    board["warrior_supply", seat] -= n


def give(board: Board, seat: int, *names: str) -> None:
    """The only copy of each card, in the seat's hand."""
    for name in names:
        board["hand", seat, CARDS[name]] = 1
        board["deck", CARDS[name]] = board["discard_pile", CARDS[name]] = 0


def to_funds(board: Board, owner: int, n: int) -> None:
    """Warriors of the owner into Payments: gathered into Funds in the Riverfolk's Birdsong (11.4.3)."""
    board["payments", owner] += n
    board["warrior_supply", owner] -= n


def riverfolk_daylight(position: Callable[[GameState, Board], None], seed: int = 3,
                       factions: tuple[str, ...] = ("marquise", "riverfolk")) -> GameState:
    """A game at the Riverfolk's Daylight menu, from the position written at the end of the previous player's
    Daylight (the Riverfolk's Birdsong runs in between)."""
    state = new_state("root", len(factions), seed, kernel="python", factions=list(factions))
    before = factions[factions.index("riverfolk") - 1]
    play_until(state, lambda s: in_menu(s, before) and s.engine.turn() > 1)
    position(state, clear_map(state))
    say(state, "End Daylight")
    play_until(state, lambda s: in_menu(s, "riverfolk"))
    return state


def buyer_birdsong(position: Callable[[GameState, Board], None], seed: int = 3,
                   factions: tuple[str, ...] = ("marquise", "riverfolk")) -> GameState:
    """A game at the next player's first decision after the Riverfolk's turn, from the position written at the
    Riverfolk's last decision (its last price)."""
    state = new_state("root", len(factions), seed, kernel="python", factions=list(factions))
    rf = seat_of(state, "riverfolk")
    play_until(state, lambda s: s.current_player() == rf and s.engine.phase() == 2 and s.engine.turn() > 1
               and s.engine.top()[2][4] == 2)
    position(state, clear_map(state))
    state.apply(state.legal_actions()[0])
    return state


# --- setup and Birdsong (11.3, 11.4) ----------------------------------------------------------------------------


def test_setup_places_warriors_on_rivers_outside_the_keep_funds_and_prices() -> None:
    state = new_state("root", 2, 3, kernel="python", factions=["marquise", "riverfolk"])
    rf = seat_of(state, "riverfolk")
    say(state, "Place the keep in Haven")
    while state.current_player() != rf:
        state.apply(state.legal_actions()[0])
    placed = ["Creek", "Creek", "Pond", "Waterfall"]
    for clearing in placed:
        assert set(options(state)) == {f"Place a warrior in {c}" for c in RIVERS - {"Haven"}}
        say(state, f"Place a warrior in {clearing}")
    for service, price in (("Hand Card", 2), ("Riverboats", 1), ("Mercenaries", 4)):
        assert set(options(state)) == {f"Price of {service}: {p}" for p in (1, 2, 3, 4)}
        say(state, f"Price of {service}: {price}")
    board = Board(state)
    assert [board["warriors", CLEARINGS[c], rf] for c in ("Creek", "Pond", "Waterfall")] == [2, 1, 1]
    # the starting funds, in Payments (gathered into Funds if the Riverfolk play first)
    assert board["payments", rf] + board["funds", rf] == 3 and board["warrior_supply", rf] == 15 - 4 - 3
    assert [board["trade_post_track", s] for s in range(3)] == [3, 3, 3]
    assert [board["service_price", s] for s in range(3)] == [1, 0, 3]


def test_protectionism_dividends_and_gathering_funds() -> None:
    """Payments empty: 2 warriors there; a post on the map: a point per pair of funds (Payments and Committed
    not counted); then every warrior of the board gathered into Funds, by owner."""
    marquise = 0

    def position(state: GameState, board: Board) -> None:
        rf = seat_of(state, "riverfolk")
        board["trade_posts", CLEARINGS["Beach"]] = 1
        board["score", rf] = 4
        board["funds", rf], board["funds", marquise] = 3, 2
        board["committed", marquise] = 1
        board["warrior_supply", rf] -= 3
        board["warrior_supply", marquise] -= 3

    state = riverfolk_daylight(position)
    rf = seat_of(state, "riverfolk")
    board = Board(state)
    assert board["score", rf] == 4 + 5 // 2
    assert board["funds", rf] == 3 + 2 and board["funds", marquise] == 3
    assert board["payments", rf] == board["committed", marquise] == 0
    assert board["warrior_supply", rf] == 15 - 5


def test_no_dividends_without_a_trade_post_and_no_protection_over_payments() -> None:
    def position(state: GameState, board: Board) -> None:
        rf = seat_of(state, "riverfolk")
        board["funds", rf] = 6
        board["warrior_supply", rf] -= 6
        to_funds(board, 0, 1)

    state = riverfolk_daylight(position)
    rf = seat_of(state, "riverfolk")
    board = Board(state)
    assert board["score", rf] == 0
    assert board["funds", rf] == 6 and board["funds", 0] == 1 and board["warrior_supply", rf] == 9


# --- Daylight (11.5) ---------------------------------------------------------------------------------------------


def test_swimmers_move_along_rivers_whoever_rules_for_a_committed_fund() -> None:
    def position(state: GameState, board: Board) -> None:
        rf = seat_of(state, "riverfolk")
        place(board, rf, "Beach", 1)
        place(board, rf, "Meadow", 1)
        place(board, 0, "Beach", 2)
        place(board, 0, "Waterfall", 2)
        place(board, 0, "Glade", 2)
        to_funds(board, rf, 1)

    state = riverfolk_daylight(position)
    rf = seat_of(state, "riverfolk")
    say(state, "Move")
    board = Board(state)
    assert board["funds", rf] == 0 and board["committed", rf] == 1
    assert set(options(state)) == {"Move from Beach", "Move from Meadow"}
    say(state, "Move from Beach")
    assert set(options(state)) == {"… to Creek", "… to Waterfall"}  # rivers only: the Marquise rules Beach
    say(state, "… to Waterfall")
    assert board["warriors", CLEARINGS["Waterfall"], rf] == 1 and board["warriors", CLEARINGS["Beach"], rf] == 0
    assert "Move" not in options(state)  # no funds left


def test_committing_a_fund_asks_whose_warrior_and_battle_costs_one() -> None:
    def position(state: GameState, board: Board) -> None:
        rf = seat_of(state, "riverfolk")
        place(board, rf, "Meadow", 3)
        board["workshops", CLEARINGS["Meadow"]] = 1
        board["workshop_track", 0] = 5
        to_funds(board, rf, 1)
        to_funds(board, 0, 1)

    state = riverfolk_daylight(position)
    rf = seat_of(state, "riverfolk")
    say(state, "Battle")
    assert set(options(state)) == {"Commit a fund (Marquise de Cat warrior)",
                                   "Commit a fund (Riverfolk Company warrior)"}
    say(state, "Commit a fund (Marquise de Cat warrior)")
    board = Board(state)
    assert board["committed", 0] == 1 and board["funds", 0] == 0 and board["funds", rf] == 1
    # the only battle: in Meadow against the Marquise, defenseless there (an extra hit), and her workshop goes
    assert state.decision_kind() == MENU
    assert board["workshops", CLEARINGS["Meadow"]] == 0 and board["workshop_track", 0] == 6
    assert board["score", rf] == 1 and board["warriors", CLEARINGS["Meadow"], rf] == 3


def test_draw_commits_a_fund_for_a_card() -> None:
    def position(state: GameState, board: Board) -> None:
        to_funds(board, seat_of(state, "riverfolk"), 2)

    state = riverfolk_daylight(position)
    rf = seat_of(state, "riverfolk")
    board = Board(state)
    say(state, "Draw")
    assert board.hand(rf) == 1 and board["funds", rf] == 1 and board["committed", rf] == 1


def test_recruit_spends_a_fund_back_to_its_owner_and_places_on_a_river() -> None:
    def position(state: GameState, board: Board) -> None:
        rf = seat_of(state, "riverfolk")
        to_funds(board, 0, 1)
        to_funds(board, rf, 1)

    state = riverfolk_daylight(position)
    rf = seat_of(state, "riverfolk")
    board = Board(state)
    supply = board["warrior_supply", 0]
    say(state, "Recruit")
    say(state, "Spend a fund (Marquise de Cat warrior)")
    assert board["warrior_supply", 0] == supply + 1 and board["funds", 0] == 0
    assert set(options(state)) == {f"Recruit in {c}" for c in RIVERS}
    say(state, "Recruit in Pond")
    assert board["warriors", CLEARINGS["Pond"], rf] == 1


def test_recruit_with_an_empty_supply_spends_an_own_fund() -> None:
    def position(state: GameState, board: Board) -> None:
        rf = seat_of(state, "riverfolk")
        to_funds(board, rf, 2)
        to_funds(board, 0, 2)
        place(board, rf, "Meadow", board["warrior_supply", rf])

    state = riverfolk_daylight(position)
    rf = seat_of(state, "riverfolk")
    board = Board(state)
    say(state, "Recruit")
    assert board["funds", rf] == 1 and board["funds", 0] == 2
    say(state, "Recruit in Creek")
    assert board["warriors", CLEARINGS["Creek"], rf] == 1 and board["warrior_supply", rf] == 0


def test_establish_spends_the_rulers_funds_places_post_and_garrison_and_scores() -> None:
    def position(state: GameState, board: Board) -> None:
        rf = seat_of(state, "riverfolk")
        place(board, 0, "Hill", 1)        # the Marquise rules Hill (fox) and Dune, has 2 funds
        place(board, 0, "Dune", 1)
        place(board, rf, "Meadow", 1)     # the Riverfolk rule Meadow (fox), with 2 funds of theirs
        place(board, rf, "Glade", 1)
        place(board, 0, "Glade", 1)       # nobody rules Glade
        place(board, rf, "Pond", 1)       # the Riverfolk rule Pond, but the mouse track is empty
        to_funds(board, 0, 2)
        to_funds(board, rf, 2)
        board["trade_posts", CLEARINGS["Dune"]] = 1
        board["trade_post_track", SUITS["mouse"]] = 0

    state = riverfolk_daylight(position)
    rf = seat_of(state, "riverfolk")
    board = Board(state)
    say(state, "Establish Trade Post")
    assert set(options(state)) == {"Establish a trade post in Hill", "Establish a trade post in Meadow"}
    supply = board["warrior_supply", 0]
    say(state, "Establish a trade post in Hill")
    assert board["funds", 0] == 0 and board["warrior_supply", 0] == supply + 2 and board["funds", rf] == 2
    assert board["trade_posts", CLEARINGS["Hill"]] == 1 and board["trade_post_track", SUITS["fox"]] == 2
    assert board["warriors", CLEARINGS["Hill"], rf] == 1
    assert board["score", rf] == 1  # the first space of the fox track (placeholder values)
    say(state, "Establish Trade Post")  # the last clearing left: taken without asking
    assert board["funds", rf] == 0 and board["trade_post_track", SUITS["fox"]] == 1
    assert board["score", rf] == 1 + 2  # the second space
    assert "Establish Trade Post" not in options(state)


def test_crafting_commits_funds_onto_empty_trade_post_spaces() -> None:
    def position(state: GameState, board: Board) -> None:
        rf = seat_of(state, "riverfolk")
        give(board, rf, "anvil")
        to_funds(board, rf, 2)

    state = riverfolk_daylight(position)
    assert "Craft" not in options(state)  # every trade post on its track: no empty space


def test_craft_with_an_item_and_its_points() -> None:
    def position(state: GameState, board: Board) -> None:
        rf = seat_of(state, "riverfolk")
        give(board, rf, "anvil", "sword", "crossbow_bird")
        board["trade_post_track", SUITS["fox"]] = 2  # one fox space empty
        to_funds(board, rf, 1)
        to_funds(board, 0, 1)

    state = riverfolk_daylight(position)
    rf = seat_of(state, "riverfolk")
    board = Board(state)
    say(state, "Craft")
    assert set(options(state)) == {"Craft Anvil", "Craft Crossbow"}  # the Sword needs two fox spaces
    say(state, "Craft Anvil")
    say(state, "Commit a fund (Riverfolk Company warrior)")
    say(state, "Keep the effect of Anvil")
    assert board["score", rf] == 2 and board["crafted_items", rf, int(GAME.get("item", "hammer").id)] == 1
    assert board["committed", rf] == 1 and board["crafting_used", SUITS["fox"]] == 1
    assert "Craft" not in options(state)  # the one empty fox space is filled this turn


def test_export_discards_the_card_for_a_warrior_in_payments() -> None:
    anvil = CARDS["anvil"]

    def position(state: GameState, board: Board) -> None:
        rf = seat_of(state, "riverfolk")
        give(board, rf, "anvil")
        board["trade_post_track", SUITS["fox"]] = 1
        to_funds(board, 0, 2)

    state = riverfolk_daylight(position)
    rf = seat_of(state, "riverfolk")
    board = Board(state)
    say(state, "Craft")  # the only card and the only owner's funds: taken without asking
    say(state, "Export Anvil instead of its effect")
    assert board["committed", 0] == 1 and board["funds", 0] == 1
    assert board["payments", rf] == 1 and board["score", rf] == 0
    assert board["discard_pile", anvil] == 1 and board["hand", rf, anvil] == 0


# --- Evening (11.6) ------------------------------------------------------------------------------------------------


def test_evening_discards_to_five_draws_nothing_and_sets_costs() -> None:
    def position(state: GameState, board: Board) -> None:
        rf = seat_of(state, "riverfolk")
        give(board, rf, "anvil", "sword", "cobbler", "codebreakers", "bake_sale", "investments", "armorers")

    state = riverfolk_daylight(position)
    rf = seat_of(state, "riverfolk")
    board = Board(state)
    deck = sum(board["deck", k] for k in range(len(CARDS)))
    say(state, "End Daylight")
    say(state, "Discard Anvil")
    say(state, "Discard Sword")
    assert board.hand(rf) == 5 and sum(board["deck", k] for k in range(len(CARDS))) == deck
    say(state, "Price of Hand Card: 4")
    say(state, "Price of Riverboats: 3")
    say(state, "Price of Mercenaries: 2")
    assert [board["service_price", s] for s in range(3)] == [3, 2, 1]


# --- Trade Disruption (11.2.5.I) ---------------------------------------------------------------------------------


def test_a_removed_trade_post_leaves_the_game_and_takes_half_the_funds() -> None:
    def position(state: GameState, board: Board) -> None:
        rf = seat_of(state, "riverfolk")
        board["trade_posts", CLEARINGS["Meadow"]] = 1
        board["trade_post_track", SUITS["fox"]] = 2
        place(board, 0, "Meadow", 3)
        board["funds", rf], board["funds", 0] = 3, 2  # funds kept from the Riverfolk's turn
        board["warrior_supply", rf] -= 3
        board["warrior_supply", 0] -= 2
        board["service_price", SERVICES["hand_card"]] = 0

    state = buyer_birdsong(position)
    rf = seat_of(state, "riverfolk")
    board = Board(state)
    say(state, "Buy no more services")
    play_until(state, lambda s: in_menu(s, "marquise"))
    say(state, "Battle")  # in Meadow, against the Riverfolk: defenseless, their post goes
    assert board["trade_posts", CLEARINGS["Meadow"]] == 0 and board["score", 0] == 1
    assert board["trade_post_track", SUITS["fox"]] == 2
    say(state, "Remove a fund (Marquise de Cat warrior)")  # half of 5 funds, rounded up: 3
    say(state, "Remove a fund (Marquise de Cat warrior)")
    assert state.decision_kind() == MENU  # the third, a Riverfolk warrior, the only ones left
    assert board["funds", rf] == 2 and board["funds", 0] == 0
    assert board["warrior_supply", rf] == 15 - 3 + 1 and board["warrior_supply", 0] == 25 - 3 - 2 + 2


# --- services bought by the others (11.2.6, 11.2.7) --------------------------------------------------------------


def test_buying_a_card_from_the_public_hand_pays_warriors_into_payments() -> None:
    cobbler = CARDS["cobbler"]

    def position(state: GameState, board: Board) -> None:
        rf = seat_of(state, "riverfolk")
        give(board, rf, "cobbler", "codebreakers")
        board["service_price", SERVICES["hand_card"]] = 2
        board["trade_posts", CLEARINGS["Hill"]] = 1
        place(board, 0, "Hill", 1)  # a trade post clearing with a piece of the buyer: one service more

    state = buyer_birdsong(position)
    rf = seat_of(state, "riverfolk")
    board = Board(state)
    supply = board["warrior_supply", 0]
    assert "Buy no more services" in options(state)
    say(state, "Buy Hand Card (cost: 3)")
    assert board["warrior_supply", 0] == supply - 3 and board["payments", 0] == 3
    say(state, "Take Cobbler")
    assert board["hand", 0, cobbler] == 1 and board["hand", rf, cobbler] == 0
    assert set(options(state)) == {"Buy Hand Card (cost: 3)", "Buy Riverboats (cost: 1)",
                                   "Buy Mercenaries (cost: 1)", "Buy no more services"}
    say(state, "Buy Riverboats (cost: 1)")
    assert state.current_player() == 0 and state.decision_kind() == MENU  # the limit of 2 reached


def test_riverboats_make_rivers_paths_for_the_buyer_until_the_end_of_the_turn() -> None:
    def position(state: GameState, board: Board) -> None:
        place(board, 0, "Creek", 2)
        board["service_price", SERVICES["riverboats"]] = 0

    state = buyer_birdsong(position)
    board = Board(state)
    say(state, "Buy Riverboats (cost: 1)")
    assert board["riverboats", 0] == 1
    say(state, "March")
    say(state, "Yes")  # her first move, from Creek, her only warriors
    assert set(options(state)) == {"… to Hill", "… to Quarry", "… to Beach"}
    say(state, "… to Beach")
    say(state, "Move 2 warriors")
    play_until(state, lambda s: s.current_player() != 0)
    assert board["riverboats", 0] == 0


def test_riverboats_connect_the_marquise_wood_along_rivers() -> None:
    def position(state: GameState, board: Board) -> None:
        place(board, 0, "Creek", 1)       # Creek and Beach: linked by a river only
        place(board, 0, "Beach", 1)
        board["wood", CLEARINGS["Beach"]] = 1
        board["sawmill_track", 0] = 5     # the next sawmill costs 1 wood
        board["workshop_track", 0] = board["recruiter_track", 0] = 0
        board["service_price", SERVICES["riverboats"]] = 0

    state = buyer_birdsong(position)
    board = Board(state)
    say(state, "Buy Riverboats (cost: 1)")
    play_until(state, lambda s: in_menu(s, "marquise"))
    say(state, "Build")  # a sawmill, the only building left
    assert set(options(state)) == {"Build in Creek", "Build in Beach"}
    say(state, "Build in Creek")
    assert board["sawmills", CLEARINGS["Creek"]] == 1 and board["wood", CLEARINGS["Beach"]] == 0


def test_mercenaries_count_for_rule_and_battle_and_split_the_hits() -> None:
    def position(state: GameState, board: Board) -> None:
        rf, eyrie = seat_of(state, "riverfolk"), seat_of(state, "eyrie")
        place(board, rf, "Meadow", 2)     # Meadow: the Riverfolk's, hers with the mercenaries
        place(board, 0, "Haven", 1)       # Haven: a tie, nobody rules
        place(board, eyrie, "Haven", 1)
        place(board, 0, "Glade", 1)       # Glade: 1 Marquise, a workshop, 1 mercenary, against 2 Eyrie
        place(board, rf, "Glade", 1)
        place(board, eyrie, "Glade", 2)
        board["workshops", CLEARINGS["Glade"]] = 1
        board["workshop_track", 0] = 5
        give(board, eyrie, "ambush_fox")
        board["service_price", SERVICES["mercenaries"]] = 0

    state = buyer_birdsong(position, factions=("marquise", "eyrie", "riverfolk"))
    rf = seat_of(state, "riverfolk")
    board = Board(state)
    say(state, "Buy Mercenaries (cost: 1)")
    play_until(state, lambda s: in_menu(s, "marquise"))
    say(state, "March")
    say(state, "Yes")
    assert set(options(state)) == {"Move from Haven", "Move from Glade"}  # she does not move the mercenaries
    say(state, "Move from Haven")
    # she rules neither Haven nor, without the mercenaries, Meadow (the Riverfolk's) or Glade (the Eyrie's tie)
    assert set(options(state)) == {"… to Glade", "… to Meadow"}
    say(state, "… to Meadow")
    say(state, "No")
    say(state, "Battle")
    assert set(options(state)) == {"Battle in Glade", "Battle in Meadow"}
    say(state, "Battle in Glade")
    assert set(options(state)) == {"Attack: Eyrie Dynasties", "Attack: Riverfolk Company"}
    say(state, "Attack: Eyrie Dynasties")
    say(state, "Play Fox Ambush!")
    # 2 hits: 1 on the mercenary, 1 on her warrior; no warrior left for her: the battle ends (4.3.1)
    glade = CLEARINGS["Glade"]
    assert (board["warriors", glade, 0], board["warriors", glade, rf], board["workshops", glade]) == (0, 0, 1)
    assert state.decision_kind() == MENU and board["mercenaries", 0] == 1
    play_until(state, lambda s: s.current_player() != 0)
    assert board["mercenaries", 0] == 0


def test_the_riverfolk_hand_is_public() -> None:
    state = new_state("root", 2, 5, kernel="python", factions=["marquise", "riverfolk"])
    play_until(state, lambda s: s.engine.turn() >= 1)
    rf = seat_of(state, "riverfolk")
    cards = len(CARDS)
    hand = FIELDS["hand"][0]
    theirs = slice(hand + rf * cards, hand + (rf + 1) * cards)
    hers = slice(hand + (1 - rf) * cards, hand + (2 - rf) * cards)
    assert Board(state).hand(rf) == 3
    assert list(state.observation(1 - rf).cells[theirs]) == list(state.engine.arrays()[0][theirs])
    assert set(state.observation(rf).cells[hers]) == {-1}


def test_services_are_offered_only_with_the_riverfolk_seated_and_placeholders_said_once() -> None:
    state = new_state("root", 2, 4, kernel="python", factions=["marquise", "eyrie"])
    rng = random.Random(4)
    for _ in range(400):
        assert state.decision_kind() != SERVICE_KIND
        state.apply(rng.choice(state.legal_actions()))
    said = [dict(line.said.args).get("track") for line in state.placeholders]
    assert not any(track.id.startswith("riverfolk_") for track in said if track), "said where the Riverfolk sit"
    seated = new_state("root", 2, 4, kernel="python", factions=["marquise", "riverfolk"])
    said = [dict(line.said.args).get("track") for line in seated.placeholders]
    for track in ("riverfolk_trade_posts_fox", "riverfolk_service_prices"):
        assert said.count(Named("track", track)) == 1


def test_decisions_are_described_in_three_languages() -> None:
    state = new_state("root", 2, 3, kernel="python", factions=["marquise", "riverfolk"])
    rf = seat_of(state, "riverfolk")
    play_until(state, lambda s: s.current_player() == rf)
    action = state.legal_actions()[0]
    assert [state.describe(action, locale) for locale in ("en", "fr", "uk")] == [
        "Place a warrior in Creek", "Placer un guerrier dans la clairière Ruisseau",
        "Розмістити воїна на галявині «Струмок»"]


# --- random games ------------------------------------------------------------------------------------------------


def viable_tables() -> list[tuple[int, list[str]]]:
    """Every table of 2 to 6 with the Riverfolk among the factions the engine plays, within the reach rules."""
    state = new_state("root", 2, 0, factions=["marquise", "riverfolk"])
    tables = state.kernel.tables
    low = tables.numbers["viable_reach_from"]
    found = []
    for players in range(2, 7):
        need = tables.arrays["viable_reach"][players - low]
        for combo in combinations(tables.playable, players):
            if "riverfolk" in combo and sum(tables.arrays["reach"][tables.faction_index(f)] for f in combo) >= need:
                found.append((players, list(combo)))
    return found


def check_invariants(state: GameState, gone: list[int]) -> None:
    """Warriors conserved per faction (map, supply, the Riverfolk's boxes), trade posts conserved (map, track,
    out of the game, which only grows), slots respected, and the Riverfolk's own limits."""
    board = Board(state)
    factions = state.result()["factions"]
    for seat, faction in enumerate(factions):
        where = warriors_held(state.game, board.cells, seat)
        assert where == PIECES[faction], (faction, where)
        assert min(board[box, seat] for box in ("funds", "payments", "committed", "warrior_supply")) >= 0
    posts = sum(board["trade_posts", c] for c in range(len(CLEARINGS)))
    track = sum(board["trade_post_track", s] for s in range(3))
    assert max(board["trade_posts", c] for c in range(len(CLEARINGS))) <= 1
    assert 9 - posts - track >= gone[0]
    gone[0] = 9 - posts - track
    engine = state.engine
    for c in range(len(CLEARINGS)):
        assert engine.free_slots(c) >= 0
    assert all(0 <= board["service_price", s] < 4 for s in range(3))
    active = state.engine.active()
    for seat in range(state.players):
        if seat != active:
            assert board["riverboats", seat] == board["mercenaries", seat] == 0
    if factions[active] == "riverfolk":
        for s in range(3):
            assert board["crafting_used", s] <= 3 - board["trade_post_track", s]
    elif "vagabond" not in factions:  # discarded down in their Evening; the Vagabond's Aid and the others'
        rf = factions.index("riverfolk")  # Better Burrow Banks add to it after
        assert board.hand(rf) <= 5 + bank_gifts(state.game, board.cells, state.players, rf)


@pytest.mark.battery
@pytest.mark.parametrize(("players", "factions"), viable_tables())
def test_random_games_end_and_keep_the_invariants(players: int, factions: list[str], battery: Callable[[range], range]) -> None:
    for seed in battery(range(12)):
        state = new_state("root", players, seed, kernel="python", factions=factions)
        rng = random.Random(seed)
        gone = [0]
        while not state.is_terminal():
            assert len(state.history) < 20000, "the game does not end"
            if state.engine.turn() > 0:  # once every faction is set up
                check_invariants(state, gone)
            state.apply(rng.choice(state.legal_actions()))
        assert state.result()["winner"] >= 0


NAMED = [(2, ["marquise", "riverfolk"]), (2, ["riverfolk", "eyrie"])]
"""Tables below the reach rules' sums that players may still name (the engine seats named factions)."""


@pytest.mark.battery
@pytest.mark.parametrize(("players", "factions"), viable_tables() + NAMED)
def test_compiled_playouts_end(players: int, factions: list[str], battery: Callable[[range], range]) -> None:
    for seed in battery(range(150)):
        state = new_state("root", players, seed, factions=factions)
        taken = state.playout(seed + 1, 200_000)
        assert state.is_terminal() and taken < 200_000


@pytest.mark.parametrize("seed", range(4))
def test_compiled_and_python_forms_play_in_lock_step(seed: int) -> None:
    factions = ["riverfolk", "marquise", "eyrie"]
    compiled = new_state("root", 3, seed, factions=factions)
    python = new_state("root", 3, seed, kernel="python", factions=factions)
    rng = random.Random(seed)
    while not compiled.is_terminal():
        assert python.legal_actions() == compiled.legal_actions()
        action = rng.choice(compiled.legal_actions())
        compiled.apply(action)
        python.apply(action)
        assert compiled.state_hash() == python.state_hash()
    assert python.is_terminal() and python.result() == compiled.result()
