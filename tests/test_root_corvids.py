"""The Corvid Conspiracy on the shared kernel (the Law, chapter 13): a worked position for each action and ability,
played through the decisions a player sees (their English descriptions), then random games with the Corvids at
every table the engine can seat them at, checked at every step, and the compiled and Python forms in lock step."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations
from math import prod
from typing import Any

import pytest

from lawforge.runtime import load
from lawforge.runtime.games import kernel_of, new_state
from lawforge.runtime.kernel import engine as K
from lawforge.runtime.kernel.state import GameState
from root_cards import card_counts, expected_counts, warriors_held

GAME = load("root")
FIELDS = GAME.layout.FIELDS
CLEARING = {c.name.get("en"): int(c.id) for c in GAME.entities("clearing")}
CARD = {c.id.name.lower(): int(c.id) for c in GAME.entities("card")}
PLOT = {p.id.name.lower(): int(p.id) for p in GAME.entities("plot")}
CORVIDS, MARQUISE = 0, 1
"""Seats of the worked positions (factions=["corvids", "marquise"])."""
BIRDSONG, DAYLIGHT, EVENING = 0, 1, 2


# --- positions ------------------------------------------------------------------------------------------------------

def at(name: str, *index: int) -> int:
    """The cell of a state field at an index (row-major, as the compiler lays fields out)."""
    offset, extents, _ = FIELDS[name]
    cell = 0
    for axis, value in enumerate(index):
        assert 0 <= value < extents[axis]
        cell = cell * extents[axis] + value
    return int(offset) + cell


def get(state: GameState, name: str, *index: int) -> int:
    return int(state.engine.arrays()[0][at(name, *index)])


def put(state: GameState, name: str, *index_value: int) -> None:
    *index, value = index_value
    state.engine.arrays()[0][at(name, *index)] = value


def position(seed: int = 1, factions: tuple[str, ...] = ("corvids", "marquise")) -> GameState:
    """A game in the Python form, set up (first options), then its map, hands and scores cleared; the keep stays."""
    state = new_state("root", len(factions), seed, factions=list(factions), kernel="python")
    while state.engine.arrays()[1][K.STAGE] == K.SETTING_UP:
        state.apply(state.legal_actions()[0])
    cells = state.engine.arrays()[0]
    for name in ("warriors", "plots", "plot_faceup", "plot_facedown", "sawmills", "workshops", "recruiters", "wood",
                 "roosts", "hand", "score", "ruins"):
        offset, extents, _ = FIELDS[name]
        size = 1
        for extent in extents:
            size *= extent
        for i in range(offset, offset + size):
            cells[i] = 0
    put(state, "warrior_supply", CORVIDS, 15)
    return state


def plot(state: GameState, clearing: str, kind: str, faceup: bool = False) -> None:
    put(state, "plots", CLEARING[clearing], 1)
    if faceup:
        put(state, "plot_faceup", CLEARING[clearing], PLOT[kind] + 1)
    else:
        put(state, "plot_facedown", CORVIDS, CLEARING[clearing], PLOT[kind] + 1)


def warriors(state: GameState, clearing: str, seat: int, n: int) -> None:
    put(state, "warriors", CLEARING[clearing], seat, n)
    put(state, "warrior_supply", seat, get(state, "warrior_supply", seat) - n)


def hand(state: GameState, seat: int, *cards: str) -> None:
    for card in cards:
        put(state, "hand", seat, CARD[card], get(state, "hand", seat, CARD[card]) + 1)


def turn(state: GameState, seat: int, phase: int = BIRDSONG) -> None:
    """Starts the seat's turn afresh at a phase, whatever was under way."""
    engine = state.engine
    ctl = engine.arrays()[1]
    ctl[K.DEPTH] = ctl[K.KIND] = ctl[K.COUNT] = 0
    engine.begin_turn(seat)
    ctl[K.PHASE] = phase
    engine.advance()


def options(state: GameState) -> list[str]:
    return [state.describe(a, "en") for a in state.legal_actions()]


def act(state: GameState, text: str) -> None:
    """Takes the legal action so described; fails, listing them, if there is none."""
    described = {state.describe(a, "en"): a for a in state.legal_actions()}
    assert text in described, f"{text!r} is not among {sorted(described)}"
    state.apply(described[text])


def phase(state: GameState) -> tuple[int, int]:
    """(whose turn, which phase)."""
    ctl = state.engine.arrays()[1]
    return ctl[K.ACTIVE], ctl[K.PHASE]


# --- setup (13.3) -----------------------------------------------------------------------------------------------------

def test_setup_scatters_a_warrior_in_a_clearing_of_each_suit() -> None:
    state = new_state("root", 2, 3, factions=["corvids", "marquise"], kernel="python")
    act(state, "Place the keep in Hill")
    while "Scatter" not in options(state)[0]:
        state.apply(state.legal_actions()[0])
    assert options(state) == ["Scatter: a warrior in Glade", "Scatter: a warrior in Mountain",
                              "Scatter: a warrior in Meadow"], "never the keep's clearing (6.2.2)"
    act(state, "Scatter: a warrior in Meadow")
    act(state, "Scatter: a warrior in Weald")
    act(state, "Scatter: a warrior in Pond")
    on_map = {name: get(state, "warriors", c, CORVIDS) for name, c in CLEARING.items()
              if get(state, "warriors", c, CORVIDS)}
    assert on_map == {"Meadow": 1, "Weald": 1, "Pond": 1}
    assert get(state, "warrior_supply", CORVIDS) == 12
    assert state.engine.arrays()[1][K.STAGE] == K.PLAYING


# --- Birdsong (13.4) -------------------------------------------------------------------------------------------------

def test_flip_scores_a_point_per_face_up_plot_where_a_warrior_is() -> None:
    state = position()
    plot(state, "Meadow", "snare", faceup=True)
    plot(state, "Glade", "raid")
    plot(state, "Pond", "snare")
    warriors(state, "Glade", CORVIDS, 1)
    turn(state, CORVIDS)
    assert options(state) == ["Flip the face-down plot in Glade", "Flip no more plots"], "Pond has no warrior"
    act(state, "Flip the face-down plot in Glade")
    assert get(state, "score", CORVIDS) == 2, "the one flipped and the snare"
    assert get(state, "plot_faceup", CLEARING["Glade"]) == PLOT["raid"] + 1
    assert get(state, "plot_facedown", CORVIDS, CLEARING["Glade"]) == 0
    assert phase(state) == (CORVIDS, DAYLIGHT), "nothing left to flip, no card to recruit with"


def test_bomb_removes_every_enemy_piece_then_itself() -> None:
    state = position()
    plot(state, "Glade", "bomb")
    warriors(state, "Glade", CORVIDS, 1)
    warriors(state, "Glade", MARQUISE, 2)
    put(state, "sawmills", CLEARING["Glade"], 1)
    put(state, "wood", CLEARING["Glade"], 1)
    hand(state, MARQUISE, "anvil")
    turn(state, CORVIDS)
    sawmill_track = get(state, "sawmill_track", MARQUISE)
    act(state, "Flip the face-down plot in Glade")
    assert get(state, "score", CORVIDS) == 3, "1 for the face-up bomb, 1 each for the sawmill and the wood (3.2.1)"
    assert [get(state, f, CLEARING["Glade"]) for f in ("sawmills", "wood", "plots", "plot_faceup")] == [0, 0, 0, 0]
    assert get(state, "warriors", CLEARING["Glade"], MARQUISE) == 0
    assert get(state, "warriors", CLEARING["Glade"], CORVIDS) == 1
    assert get(state, "sawmill_track", MARQUISE) == sawmill_track + 1
    assert options(state) == ["Spend Anvil", "Keep your cards"], "Field Hospitals (6.2.3)"
    act(state, "Spend Anvil")
    assert get(state, "warriors", CLEARING["Hill"], MARQUISE) == 2
    assert phase(state) == (CORVIDS, DAYLIGHT)


def test_extortion_takes_a_card_from_each_player_there_and_draws_in_evening() -> None:
    state = position()
    plot(state, "Glade", "extortion")
    warriors(state, "Glade", CORVIDS, 1)
    warriors(state, "Glade", MARQUISE, 1)
    hand(state, MARQUISE, "anvil", "sword")
    turn(state, CORVIDS)
    act(state, "Flip the face-down plot in Glade")
    assert state.engine.hand_size(MARQUISE) == 1 and state.engine.hand_size(CORVIDS) == 1
    taken = next(k for k in ("anvil", "sword") if get(state, "hand", CORVIDS, CARD[k]))
    assert get(state, "hand", MARQUISE, CARD[taken]) == 0
    act(state, "Do not recruit")
    act(state, "End Daylight")
    act(state, "Do not exert")
    assert state.engine.hand_size(CORVIDS) == 3, "1 card, 1 more per face-up extortion (13.6.2)"


def test_recruit_places_a_warrior_in_each_clearing_of_the_card_suit() -> None:
    state = position()
    hand(state, CORVIDS, "anvil", "armorers")
    turn(state, CORVIDS)
    assert options(state) == ["Spend Armorers", "Spend Anvil", "Do not recruit"]
    act(state, "Spend Anvil")
    placed = {name for name, c in CLEARING.items() if get(state, "warriors", c, CORVIDS)}
    assert placed == {"Glade", "Mountain", "Meadow"}, "every fox clearing but the keep's (6.2.2)"
    assert get(state, "discard_pile", CARD["anvil"]) == 1
    assert phase(state) == (CORVIDS, DAYLIGHT), "once a turn"


def test_recruit_with_a_bird_chooses_the_suit_and_a_short_supply_chooses_the_clearings() -> None:
    state = position()
    hand(state, CORVIDS, "armorers")
    put(state, "warrior_supply", CORVIDS, 2)
    turn(state, CORVIDS)
    act(state, "Spend Armorers")
    assert options(state) == ["Recruit in the Fox clearings", "Recruit in the Rabbit clearings",
                              "Recruit in the Mouse clearings"]
    act(state, "Recruit in the Mouse clearings")
    assert options(state) == [f"Recruit in {c}" for c in ("Quarry", "Dune", "Waterfall", "Pond")]
    act(state, "Recruit in Pond")
    act(state, "Recruit in Quarry")
    placed = {name for name, c in CLEARING.items() if get(state, "warriors", c, CORVIDS)}
    assert placed == {"Pond", "Quarry"} and get(state, "warrior_supply", CORVIDS) == 0
    assert phase(state) == (CORVIDS, DAYLIGHT)


def test_crafting_activates_plots_in_birdsong() -> None:
    state = position()
    plot(state, "Glade", "snare")
    hand(state, CORVIDS, "anvil")
    turn(state, CORVIDS)
    assert options(state) == ["Craft Anvil", "Craft nothing more"]
    act(state, "Craft Anvil")
    hammer = int(GAME.get("item", "hammer").id)
    assert get(state, "crafted_items", CORVIDS, hammer) == 1
    assert get(state, "score", CORVIDS) == 2, "the Anvil's points"


# --- Daylight (13.5) --------------------------------------------------------------------------------------------------

def test_plot_costs_a_warrior_more_for_each_plot_placed_this_turn() -> None:
    state = position()
    warriors(state, "Glade", CORVIDS, 2)
    warriors(state, "Meadow", CORVIDS, 1)
    warriors(state, "Hill", CORVIDS, 3)
    turn(state, CORVIDS, DAYLIGHT)
    act(state, "Plot")
    assert options(state) == ["Place a plot in Glade", "Place a plot in Meadow"], "not in the keep's clearing"
    act(state, "Place a plot in Glade")
    assert options(state) == ["Face down: Bomb", "Face down: Snare", "Face down: Extortion", "Face down: Raid"]
    act(state, "Face down: Snare")
    assert get(state, "warriors", CLEARING["Glade"], CORVIDS) == 1
    assert get(state, "plot_facedown", CORVIDS, CLEARING["Glade"]) == PLOT["snare"] + 1
    assert get(state, "plot_faceup", CLEARING["Glade"]) == 0 and get(state, "plots", CLEARING["Glade"]) == 1
    assert "Plot" not in options(state), "the next costs 2 warriors: no clearing without a plot has them"
    act(state, "Move")
    act(state, "Move from Hill")
    act(state, "… to Creek")
    act(state, "Move 2 warriors")
    act(state, "Plot")  # in Creek, the one clearing with the 2 warriors it costs now
    act(state, "Face down: Snare")
    assert get(state, "warriors", CLEARING["Creek"], CORVIDS) == 0
    assert get(state, "plots_placed", CORVIDS) == 2
    warriors(state, "Pond", CORVIDS, 1)
    turn(state, CORVIDS, DAYLIGHT)
    act(state, "Plot")
    act(state, "Place a plot in Pond")
    assert options(state) == ["Face down: Bomb", "Face down: Extortion", "Face down: Raid"], "both snares are out"


def test_trick_swaps_two_plots_of_the_same_side() -> None:
    state = position()
    plot(state, "Glade", "bomb")
    plot(state, "Pond", "raid")
    plot(state, "Beach", "extortion")
    plot(state, "Meadow", "snare", faceup=True)
    turn(state, CORVIDS, DAYLIGHT)
    act(state, "Trick")
    assert options(state) == [f"Trick: a face-down plot in {c}…" for c in ("Beach", "Glade", "Pond")], "not Meadow"
    act(state, "Trick: a face-down plot in Glade…")
    assert options(state) == ["… for a face-down plot in Beach", "… for a face-down plot in Pond"]
    act(state, "… for a face-down plot in Pond")
    assert get(state, "plot_facedown", CORVIDS, CLEARING["Glade"]) == PLOT["raid"] + 1
    assert get(state, "plot_facedown", CORVIDS, CLEARING["Pond"]) == PLOT["bomb"] + 1
    plot(state, "Haven", "extortion", faceup=True)
    act(state, "Trick")
    act(state, "Trick: Snare in Meadow…")  # with Extortion in Haven, the one face-up plot left
    assert get(state, "plot_faceup", CLEARING["Haven"]) == PLOT["snare"] + 1
    assert get(state, "plot_faceup", CLEARING["Meadow"]) == PLOT["extortion"] + 1


def test_nimble_moves_whoever_rules() -> None:
    state = position()
    warriors(state, "Glade", CORVIDS, 1)
    warriors(state, "Glade", MARQUISE, 3)
    warriors(state, "Beach", MARQUISE, 3)
    turn(state, CORVIDS, DAYLIGHT)
    act(state, "Move")  # from Glade, where their one warrior is
    assert options(state) == [f"… to {c}" for c in ("Beach", "Dune", "Waterfall", "Haven", "Pond")], \
        "ruling neither end"
    act(state, "… to Beach")
    assert get(state, "warriors", CLEARING["Beach"], CORVIDS) == 1


def test_three_daylight_actions() -> None:
    state = position()
    warriors(state, "Glade", CORVIDS, 3)
    turn(state, CORVIDS, DAYLIGHT)
    for _ in range(3):
        assert phase(state) == (CORVIDS, DAYLIGHT)
        act(state, "Move")
        while state.decision_kind() != K.MENU_DECISION and phase(state) == (CORVIDS, DAYLIGHT):
            state.apply(state.legal_actions()[0])
    assert phase(state) == (CORVIDS, EVENING), "no fourth action"


# --- Evening (13.6) -------------------------------------------------------------------------------------------------

def test_exert_takes_a_daylight_action_and_skips_the_draw() -> None:
    state = position()
    warriors(state, "Glade", CORVIDS, 2)
    plot(state, "Pond", "extortion", faceup=True)
    hand(state, CORVIDS, *["anvil"] * 4, *["sword"] * 3)
    turn(state, CORVIDS, EVENING)
    assert options(state) == ["Exert: Move", "Exert: Plot", "Do not exert"]
    act(state, "Exert: Plot")  # in Glade, the one clearing it can be
    act(state, "Face down: Raid")
    assert get(state, "plot_facedown", CORVIDS, CLEARING["Glade"]) == PLOT["raid"] + 1
    assert options(state) == ["Discard Anvil", "Discard Sword"] and state.engine.hand_size(CORVIDS) == 7, \
        "no card drawn, the extortion's neither"
    act(state, "Discard Anvil")
    act(state, "Discard Sword")
    assert state.engine.hand_size(CORVIDS) == 5 and phase(state)[0] == MARQUISE


# --- snares, raids, Embedded Agents, Exposure (13.2, 13.7) ------------------------------------------------------------

def test_snare_keeps_enemies_from_placing_there_and_moving_out() -> None:
    state = position()
    plot(state, "Glade", "snare", faceup=True)
    warriors(state, "Glade", MARQUISE, 3)
    warriors(state, "Meadow", MARQUISE, 1)
    warriors(state, "Hill", MARQUISE, 1)
    for clearing in ("Glade", "Meadow"):
        put(state, "sawmills", CLEARING[clearing], 1)
        put(state, "recruiters", CLEARING[clearing], 1)
    turn(state, MARQUISE)
    assert get(state, "wood", CLEARING["Glade"]) == 0 and get(state, "wood", CLEARING["Meadow"]) == 1
    act(state, "Recruit")
    assert get(state, "warriors", CLEARING["Glade"], MARQUISE) == 3
    assert get(state, "warriors", CLEARING["Meadow"], MARQUISE) == 2
    act(state, "March")
    act(state, "Yes")
    assert options(state) == ["Move from Hill", "Move from Meadow"], "none out of the snared Glade"
    warriors(state, "Glade", CORVIDS, 1)
    turn(state, CORVIDS, DAYLIGHT)
    act(state, "Move")  # from Glade, their one warrior's clearing
    assert "… to Beach" in options(state), "their own snare does not hold the Corvids"


def test_a_raid_removed_in_battle_places_warriors_around_it() -> None:
    state = position()
    plot(state, "Glade", "raid")
    warriors(state, "Glade", MARQUISE, 3)
    turn(state, MARQUISE, DAYLIGHT)
    act(state, "Battle")  # in Glade against the Corvids, the only battle there is
    around = {name for name, c in CLEARING.items() if get(state, "warriors", c, CORVIDS)}
    assert around == {"Beach", "Dune", "Haven", "Pond", "Waterfall"}
    assert get(state, "plots", CLEARING["Glade"]) == 0 and get(state, "raids_pending", CLEARING["Glade"]) == 0
    assert get(state, "score", MARQUISE) == 1, "a token removed (3.2.1)"
    assert get(state, "warriors", CLEARING["Glade"], MARQUISE) == 2, "Embedded Agents, defenseless as they are"


def test_a_raid_with_a_short_supply_lets_the_corvids_choose() -> None:
    state = position()
    plot(state, "Glade", "raid")
    warriors(state, "Glade", MARQUISE, 3)
    put(state, "warrior_supply", CORVIDS, 2)
    turn(state, MARQUISE, DAYLIGHT)
    act(state, "Battle")  # in Glade against the Corvids, the only battle there is
    assert state.current_player() == CORVIDS
    assert options(state) == [f"Raid: a warrior in {c}" for c in ("Beach", "Dune", "Waterfall", "Haven", "Pond")]
    act(state, "Raid: a warrior in Haven")
    act(state, "Raid: a warrior in Dune")
    around = {name for name, c in CLEARING.items() if get(state, "warriors", c, CORVIDS)}
    assert around == {"Haven", "Dune"} and state.current_player() == MARQUISE


@pytest.mark.parametrize(("faceup", "lost"), [(False, 1), (True, 0)])
def test_embedded_agents_hit_where_a_plot_lies_face_down(faceup: bool, lost: int) -> None:
    """The Corvids defend with no warrior: whatever the dice, they deal only their extra hits."""
    state = position()
    plot(state, "Glade", "snare", faceup=faceup)
    warriors(state, "Glade", MARQUISE, 6)
    turn(state, MARQUISE, DAYLIGHT)
    act(state, "Battle")  # in Glade against the Corvids, the only battle there is
    assert get(state, "warriors", CLEARING["Glade"], MARQUISE) == 6 - lost
    assert get(state, "plots", CLEARING["Glade"]) == 0, "defenseless, the plot goes"


def test_exposure_right_removes_the_plot_and_ignores_it() -> None:
    state = position()
    plot(state, "Glade", "raid")
    warriors(state, "Glade", MARQUISE, 1)
    hand(state, MARQUISE, "anvil", "bake_sale", "armorers")
    turn(state, MARQUISE, DAYLIGHT)
    act(state, "Exposure")  # in Glade, the one clearing with a face-down plot
    assert options(state) == ["Show Armorers to the Corvids", "Show Anvil to the Corvids"], "fox, or a bird"
    act(state, "Show Anvil to the Corvids")
    assert options(state) == ["Guess: Bomb", "Guess: Snare", "Guess: Extortion", "Guess: Raid"]
    act(state, "Guess: Raid")
    assert get(state, "plots", CLEARING["Glade"]) == 0 and get(state, "score", MARQUISE) == 1
    assert sum(get(state, "warriors", c, CORVIDS) for c in CLEARING.values()) == 0, "the raid is ignored"
    assert get(state, "hand", MARQUISE, CARD["anvil"]) == 1, "shown, not spent"
    assert "Exposure" not in options(state)


def test_exposure_wrong_gives_the_card_to_the_corvids() -> None:
    state = position()
    plot(state, "Glade", "raid")
    plot(state, "Beach", "bomb")
    warriors(state, "Glade", MARQUISE, 1)
    hand(state, MARQUISE, "anvil")
    turn(state, MARQUISE, DAYLIGHT)
    act(state, "Exposure")
    act(state, "Guess: Bomb")
    assert get(state, "plots", CLEARING["Glade"]) == 1 and get(state, "score", MARQUISE) == 0
    assert get(state, "hand", CORVIDS, CARD["anvil"]) == 1 and state.engine.hand_size(MARQUISE) == 0


def test_face_down_plots_are_seen_by_the_corvids_alone() -> None:
    state = position()
    plot(state, "Glade", "bomb")
    plot(state, "Beach", "raid")
    plot(state, "Pond", "snare", faceup=True)
    mine, theirs = state.observation(CORVIDS).cells, state.observation(MARQUISE).cells
    down = at("plot_facedown", CORVIDS, CLEARING["Glade"])
    assert mine[down] == PLOT["bomb"] + 1 and theirs[down] == -1
    for cells in (mine, theirs):
        assert cells[at("plots", CLEARING["Glade"])] == 1
        assert cells[at("plot_faceup", CLEARING["Pond"])] == PLOT["snare"] + 1
    warriors(state, "Glade", MARQUISE, 1)
    warriors(state, "Beach", MARQUISE, 1)
    hand(state, MARQUISE, "armorers")
    turn(state, MARQUISE, DAYLIGHT)
    act(state, "Exposure")
    assert options(state) == ["Expose the face-down plot in Beach", "Expose the face-down plot in Glade"]
    assert [state.describe(a, "fr") for a in state.legal_actions()][0] == \
        "Divulguer le complot face cachée de la clairière Plage"
    assert [state.describe(a, "uk") for a in state.legal_actions()][1] == \
        "Викрити закритий задум на галявині «Поляна»"


# --- random games -----------------------------------------------------------------------------------------------------



def viable_tables() -> list[tuple[str, ...]]:
    """A table with the Corvids at each player count the reach rules allow among the factions the engine plays
    (annex A), the first in the order it lists them, the Corvids seated last."""
    tables = kernel_of(GAME, "python").tables
    reach = {name: tables.arrays["reach"][tables.faction_index(name)] for name in tables.playable}
    low = tables.numbers["viable_reach_from"]
    found = []
    for players in range(2, 7):
        need = tables.arrays["viable_reach"][players - low]
        others = [names for names in combinations(sorted(set(reach) - {"corvids"}), players - 1)
                  if sum(reach[name] for name in names) + reach["corvids"] >= need]
        if others:
            found.append((*others[0], "corvids"))
    return found


TABLES = [("corvids", "marquise"), ("eyrie", "corvids"), *viable_tables()]
"""Two players seated by name (no partner the engine plays brings the Corvids' reach to the 2-player sum), then a
table within the reach rules at every player count there is one."""
COUNTS = {f.id.name.lower(): {p.id: p.count for p in f.pieces} for f in GAME.entities("faction")}
SLOTS = [c.slots for c in GAME.entities("clearing")]
BUILDINGS = ("sawmills", "workshops", "recruiters", "roosts", "ruins")
PLOT_COPIES = [p.count for p in GAME.entities("plot")]


def field(cells: Any, name: str) -> Any:
    """A state field's cells, row-major."""
    offset, extents, _ = FIELDS[name]
    return cells[offset:offset + prod(extents)]


def check(state: GameState) -> None:
    """What holds at every step: pieces conserved per faction, slots, the plots' limits, the cards all somewhere."""
    if state.engine.arrays()[1][K.STAGE] == K.SETTING_UP:
        return
    cells = state.engine.arrays()[0]
    factions = [GAME.entities("faction")[cells[at("faction_of", seat)]].id.name.lower()
                for seat in range(state.players)]
    for seat, faction in enumerate(factions):
        assert warriors_held(GAME, cells, seat) == COUNTS[faction]["warrior"], faction
        if faction == "marquise":
            for building in ("sawmill", "workshop", "recruiter"):
                placed = sum(field(cells, f"{building}s")) + cells[at(f"{building}_track", seat)]
                assert placed == COUNTS["marquise"][building], building
    built = [sum(column) for column in zip(*(field(cells, f) for f in BUILDINGS))]
    assert all(n <= slots for n, slots in zip(built, SLOTS)), "slots (2.2.3)"
    if "corvids" in factions:
        seat = factions.index("corvids")
        n = len(CLEARING)
        down = field(cells, "plot_facedown")
        assert not any(down[:seat * n]) and not any(down[(seat + 1) * n:]), "only the Corvids' row holds types"
        kinds = [0] * len(PLOT)
        for plots, up, hidden in zip(field(cells, "plots"), field(cells, "plot_faceup"), down[seat * n:]):
            assert plots in (0, 1) and (plots == 1) == ((up > 0) != (hidden > 0)), "one plot a clearing, one side up"
            if plots:
                kinds[max(up, hidden) - 1] += 1
        assert all(k <= copies for k, copies in zip(kinds, PLOT_COPIES)), "two of each type"
        top = state.engine.top()
        if not state.is_terminal() and (top is None or top[0] != state.kernel.tables.procedure("corvid_raid")):
            assert not any(field(cells, "raids_pending")), "a raid's warriors wait for nothing but their placing"
    assert card_counts(GAME, cells, state.players) == expected_counts(GAME, state.players), "every card somewhere"


def game(table: tuple[str, ...], seed: int, kernel: str) -> GameState:
    return new_state("root", len(table), seed, factions=list(table), kernel=kernel)


@pytest.mark.parametrize("table", TABLES, ids="-".join)
def test_random_games_keep_the_rules_and_end(table: tuple[str, ...], battery: Callable[[range], range]) -> None:
    """Compiled, checked at every step, the face-down types masked from the other seats; every game ends (30
    points or dominance) well within its bound, and the plots were played: placed, flipped and guessed."""
    corvids, n = table.index("corvids"), len(CLEARING)
    played = set()
    expose = kernel_of(GAME).tables.procedure("corvid_expose")
    for seed in battery(range(12)):
        state = game(table, seed, "compiled")
        rng = random.Random(seed)
        while not state.is_terminal():
            assert len(state.history) < 20_000, "the game never ended"
            state.apply(rng.choice(state.legal_actions()))
            check(state)
            cells = state.engine.arrays()[0]
            if any(field(cells, "plot_facedown")):
                played.add("face down")
            if any(field(cells, "plot_faceup")):
                played.add("face up")
            if state.engine.top() is not None and state.engine.top()[0] == expose:
                played.add("exposed")
            if len(state.history) % 25 == 0:
                for seat in range(len(table)):
                    theirs = field(state.observation(seat).cells, "plot_facedown")[corvids * n:(corvids + 1) * n]
                    assert seat == corvids or all(cell == -1 for cell in theirs)
        assert state.result()["winner"] >= 0
    exposing = "marquise" in table  # the Eyrie, in turmoil most Daylights of random play, seldom reaches it
    assert played >= {"face down", "face up"} | ({"exposed"} if exposing else set())


@pytest.mark.parametrize("table", TABLES, ids="-".join)
def test_compiled_playouts_end(table: tuple[str, ...], battery: Callable[[range], range]) -> None:
    for seed in battery(range(150)):
        state = game(table, 100 + seed, "compiled")
        state.playout(seed)
        assert state.is_terminal(), seed


@pytest.mark.parametrize("seed", [5, 6])
@pytest.mark.parametrize("table", TABLES, ids="-".join)
def test_compiled_and_python_play_the_same_games(table: tuple[str, ...], seed: int) -> None:
    compiled, python = game(table, seed, "compiled"), game(table, seed, "python")
    rng = random.Random(seed)
    while not compiled.is_terminal():
        assert compiled.state_hash() == python.state_hash()
        assert compiled.legal_actions() == python.legal_actions()
        action = rng.choice(compiled.legal_actions())
        assert compiled.describe(action, "uk") == python.describe(action, "uk")
        compiled.apply(action)
        python.apply(action)
    assert python.is_terminal() and compiled.state_hash() == python.state_hash()
