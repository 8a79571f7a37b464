"""The Lizard Cult on the shared kernel (the Law, chapter 10): a worked position for each of its actions and
abilities, then random games with the Cult at every table the engine seats it at, checked at every step, and the
compiled and Python forms in lock step.

A position is set just before the Cult's last setup decision (its Outcast), so the first turn, the Cult's or
another faction's, starts from it: its menus are worked out from the position, not from the setup's."""

from __future__ import annotations

import random
from array import array
from collections.abc import Callable
from itertools import combinations

import pytest

from root_cards import bank_gifts, card_counts, expected_counts, warriors_held
from lawforge.runtime import load
from lawforge.runtime.games import kernel_of, new_state
from lawforge.runtime.kernel.state import GameState

ROOT = load("root")
TABLES = kernel_of(ROOT, "python").tables
MENU, CLEARING, SEAT, CARD, PIECE, YES_NO, SUIT = 1, 10, 11, 12, 14, 15, 19
NCARDS = len(ROOT.entities("card"))
TRACKS = ("sawmill_track", "workshop_track", "recruiter_track")
MAP = ("gardens", "sawmills", "workshops", "recruiters", "roosts", "wood", "keep", "sympathy", "bases")


def index(kind: str, name: str) -> int:
    return int(ROOT.get(kind, name).id)


HILL, CREEK, BEACH, QUARRY, DUNE, GLADE, WATERFALL, MOUNTAIN, HAVEN, MEADOW, POND, WEALD = (
    index("clearing", name) for name in ("hill", "creek", "beach", "quarry", "dune", "glade", "waterfall",
                                         "mountain", "haven", "meadow", "pond", "weald"))
FOX, RABBIT, MOUSE, BIRD = (index("suit", name) for name in ("fox", "rabbit", "mouse", "bird"))


class Board:
    """The state's fields by name and index, as the content lays them out: `board["warriors", glade, seat]`."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.cells = state.engine.arrays()[0]

    @staticmethod
    def at(key: str | tuple[str | int, ...]) -> int:
        name, *where = key if isinstance(key, tuple) else (key,)
        offset, extents, _ = ROOT.layout.FIELDS[str(name)]
        flat = 0
        for extent, i in zip(extents, where, strict=True):
            flat = flat * extent + int(i)
        return offset + flat

    def __getitem__(self, key: str | tuple[str | int, ...]) -> int:
        return self.cells[self.at(key)]

    def __setitem__(self, key: str | tuple[str | int, ...], value: int) -> None:
        self.cells[self.at(key)] = value

    def clear(self) -> None:
        """An empty map, every warrior in its supply, every building on its track, no card in any hand."""
        for seat in range(self.state.players):
            faction = self["faction_of", seat]
            self["warrior_supply", seat] = TABLES.arrays["faction_warriors"][faction]
            self["acolytes", seat] = 0
            for c in range(12):
                self["warriors", c, seat] = 0
            for k in range(NCARDS):
                self["hand", seat, k] = 0
            for track in TRACKS:
                self[track, seat] = 6 if faction == index("faction", "marquise") else 0
            for s in range(3):
                self["garden_track", seat, s] = 5 if faction == index("faction", "lizard_cult") else 0
        for c in range(12):
            for name in MAP:
                self[name, c] = 0

    def hand(self, seat: int, *cards: str) -> None:
        for k in range(NCARDS):
            self["hand", seat, k] = 0
        for name in cards:
            self["hand", seat, index("card", name)] += 1

    def warriors(self, seat: int, **where: int) -> None:
        for name, n in where.items():
            self["warriors", index("clearing", name), seat] = n
            self["warrior_supply", seat] -= n

    def gardens(self, seat: int, *names: str) -> None:
        for name in names:
            c = index("clearing", name)
            self["gardens", c] += 1
            self["garden_track", seat, self["clearing_suit", c]] -= 1


def seat_of(state: GameState, faction: str) -> int:
    return state.result()["factions"].index(faction)


def choose(state: GameState, text: str, locale: str = "en") -> None:
    """Answers the decision with the option described as `text`."""
    for action in state.legal_actions():
        if state.describe(action, locale) == text:
            state.apply(action)
            return
    raise AssertionError(f"no option {text!r} among {[state.describe(a, locale) for a in state.legal_actions()]}")


def options(state: GameState, locale: str = "en") -> set[str]:
    return {state.describe(action, locale) for action in state.legal_actions()}


def first_seed(factions: list[str], first: str) -> int:
    """A seed whose first turn is `first`'s."""
    for seed in range(100):
        state = new_state(ROOT, len(factions), seed, factions=factions, kernel="python")
        if state.engine.active() == seat_of(state, first):
            return seed
    raise AssertionError(f"no seed starts with {first}")


def play_setup(state: GameState, prepare: Callable[[Board, int], None] | None = None,
               pick: Callable[[int, list[int]], int] = lambda kind, options: options[0]) -> None:
    """Answers the setup's decisions by `pick`; `prepare(board, cult seat)` sets the position just before the
    Cult's Outcast, the last decision of the setup, which then puts the marker where the position has it."""
    cult = seat_of(state, "lizard_cult")
    while True:
        kind, seat, options = state.engine.decision()
        if kind == SUIT and seat == cult:
            if prepare is None:
                state.apply(pick(kind, options))
            else:
                prepare(Board(state), cult)
                state.apply(Board(state)["outcast"])
            return
        state.apply(pick(kind, options))


def position(prepare: Callable[[Board, int], None], factions: tuple[str, ...] = ("marquise", "lizard_cult"),
             first: str = "lizard_cult") -> tuple[GameState, Board, int]:
    """A game from the position `prepare` sets, `first` to play; and the Cult's seat."""
    state = new_state(ROOT, len(factions), first_seed(list(factions), first), factions=list(factions),
                      kernel="python")
    play_setup(state, prepare)
    return state, Board(state), seat_of(state, "lizard_cult")


def outcast(board: Board, suit: int, hated: bool = False) -> None:
    """The Lost Souls make `suit` the Outcast at the coming Birdsong: two cards of it, Hated if it already was."""
    for k in range(NCARDS):
        board["lost_souls", k] = 0
    board["lost_souls", next(k for k in range(NCARDS) if TABLES.arrays["card_suit"][k] == suit
                             and TABLES.arrays["card_kind"][k] == 2)] = 2  # an item card
    board["outcast"] = suit if hated else (suit + 1) % 3


# --- setup (10.3) -------------------------------------------------------------------------------------------------

def test_setup_opposite_the_keep_four_warriors_and_a_garden_then_one_warrior_around() -> None:
    factions = ["marquise", "lizard_cult"]
    state = new_state(ROOT, 2, first_seed(factions, "marquise"), factions=factions, kernel="python")
    asked: list[int] = []

    def pick(kind: int, options: list[int]) -> int:
        asked.append(kind)
        return options[-1] if kind == SUIT else options[0]

    play_setup(state, pick=pick)
    board, cult = Board(state), seat_of(state, "lizard_cult")
    keep = next(c for c in range(12) if board["keep", c])
    corner = next(c for c in range(12) if board["gardens", c])
    assert corner == board["opposite_corner", keep]  # the only corner allowed: not even asked
    assert asked.count(CLEARING) == 4  # the keep and the Marquise's three buildings
    around = [d for d in range(12) if TABLES.arrays["paths"][corner * 12 + d]]
    assert board["warriors", corner, cult] == 4 and board["gardens", corner] == 1
    assert all(board["warriors", d, cult] == 1 for d in around)
    assert sum(board["warriors", c, cult] for c in range(12)) == 4 + len(around)
    assert board["warrior_supply", cult] == 25 - 4 - len(around)
    suit = board["clearing_suit", corner]
    assert [board["garden_track", cult, s] for s in range(3)] == [4 if s == suit else 5 for s in range(3)]
    assert board["outcast"] == MOUSE and board["hated"] == 0  # the last suit offered, Outcast side up


def test_setup_with_the_keep_and_the_roost_offers_the_two_other_corners() -> None:
    state = new_state(ROOT, 3, 1, factions=["marquise", "eyrie", "lizard_cult"], kernel="python")
    cult = seat_of(state, "lizard_cult")
    while state.decision_kind() != CLEARING or state.current_player() != cult:
        state.apply(state.legal_actions()[0])
    board = Board(state)
    taken = {c for c in range(12) if board["keep", c] or board["roosts", c]}
    corners = {c for c in range(12) if board["corner", c]}
    assert len(taken) == 2 and set(state.legal_actions()) == corners - taken
    assert options(state) == {f"Start the Cult in {ROOT.entities('clearing')[c].name.en}" for c in corners - taken}
    assert {state.describe(a, "uk") for a in state.legal_actions()} == {
        f"Розмістити Культ на галявині «{ROOT.entities('clearing')[c].name.uk}»" for c in corners - taken}


def test_setup_opposite_the_starting_roost_without_the_marquise() -> None:
    state = new_state(ROOT, 2, 4, factions=["eyrie", "lizard_cult"], kernel="python")
    play_setup(state)
    board = Board(state)
    roost = next(c for c in range(12) if board["roosts", c])
    assert board["gardens", board["opposite_corner", roost]] == 1


# --- Birdsong: the Outcast and the Lost Souls (10.4.1, 10.4.2) ------------------------------------------------------

@pytest.mark.parametrize(("lost", "before", "hated_before", "after", "hated"), [
    ({"anvil": 1, "bake_sale": 2}, FOX, 1, RABBIT, 0),  # the most cards: the marker moves, Outcast side up
    ({"anvil": 1, "bake_sale": 2}, RABBIT, 0, RABBIT, 1),  # already on it: Hated
    ({"bake_sale": 2, "sword": 2}, FOX, 0, FOX, 1),  # a tie for the most: it stays, Hated
    ({}, MOUSE, 0, MOUSE, 1),  # none at all is a tie too
])
def test_the_outcast_follows_the_lost_souls_birds_ignored(lost: dict[str, int], before: int, hated_before: int,
                                                           after: int, hated: int) -> None:
    def prepare(board: Board, cult: int) -> None:
        for k in range(NCARDS):
            board["lost_souls", k] = 0
        board["lost_souls", index("card", "ambush_bird")] = 2
        board["lost_souls", index("card", "royal_claim")] = 1
        for name, n in lost.items():
            board["lost_souls", index("card", name)] = n
        board["outcast"], board["hated"] = before, hated_before

    state, board, _ = position(prepare)
    assert (board["outcast"], board["hated"]) == (after, hated)


def test_the_lost_souls_are_discarded_and_a_dominance_card_among_them_becomes_available() -> None:
    def prepare(board: Board, cult: int) -> None:
        for k in range(NCARDS):
            board["lost_souls", k] = board["discard_pile", k] = 0
        board["lost_souls", index("card", "anvil")] = 1
        board["lost_souls", index("card", "dominance_rabbit")] = 1

    state, board, _ = position(prepare)
    assert sum(board["lost_souls", k] for k in range(NCARDS)) == 0
    assert board["discard_pile", index("card", "anvil")] == 1
    assert board["discard_pile", index("card", "dominance_rabbit")] == 0
    assert board["dominance_available", index("card", "dominance_rabbit")] == 1


# --- conspiracies (10.4.3) ----------------------------------------------------------------------------------------

def test_convert_replaces_an_enemy_warrior_in_an_outcast_clearing() -> None:
    def prepare(board: Board, cult: int) -> None:
        board.clear()
        outcast(board, FOX)
        board["acolytes", cult], board["warrior_supply", cult] = 2, 23
        board.warriors(1 - cult, glade=2, hill=1, beach=3)  # Beach: rabbit, not the Outcast

    state, board, cult = position(prepare)
    marquise = 1 - cult
    assert options(state) == {"Convert", "End Birdsong"}  # no Cult warrior to crusade with, 2 acolytes only
    choose(state, "Convert")
    assert options(state) == {"Convert in Glade", "Convert in Hill"}
    choose(state, "Convert in Glade")  # one enemy there: not asked whose warrior
    assert board["warriors", GLADE, marquise] == 1 and board["warrior_supply", marquise] == 25 - 6 + 1
    assert board["warriors", GLADE, cult] == 1
    assert board["acolytes", cult] == 0 and board["warrior_supply", cult] == 23 + 2 - 1
    assert state.engine.phase() == 1  # no acolyte left: Birdsong is over


def test_conspiracies_cost_one_acolyte_less_while_the_outcast_is_hated() -> None:
    def prepare(board: Board, cult: int) -> None:
        board.clear()
        outcast(board, FOX, hated=True)
        board["acolytes", cult], board["warrior_supply", cult] = 2, 23
        board.warriors(1 - cult, glade=2, hill=1)

    state, board, cult = position(prepare)
    assert board["hated"] == 1
    choose(state, "Convert")
    choose(state, "Convert in Hill")
    choose(state, "Convert")  # Glade is left: not asked
    assert board["acolytes", cult] == 0
    assert board["warriors", HILL, cult] == 1 and board["warriors", GLADE, cult] == 1


def test_sanctify_replaces_an_enemy_building_with_a_garden_and_scores_it() -> None:
    def prepare(board: Board, cult: int) -> None:
        board.clear()
        outcast(board, FOX)
        board["acolytes", cult], board["warrior_supply", cult] = 3, 22
        board["sawmills", GLADE], board["sawmill_track", 1 - cult] = 1, 5
        board["workshops", GLADE], board["workshop_track", 1 - cult] = 1, 5
        board["recruiters", MOUNTAIN], board["recruiter_track", 1 - cult] = 1, 5
        board["keep", MOUNTAIN] = 1  # no Cult piece is placed in the keep's clearing (6.2.2)
        board.warriors(1 - cult, glade=3)

    state, board, cult = position(prepare)
    marquise = 1 - cult
    choose(state, "Sanctify")  # Glade, the only Outcast clearing it can be made in: not asked
    assert options(state) == {"Replace with a garden: sawmill", "Replace with a garden: workshop"}
    choose(state, "Replace with a garden: workshop")
    assert board["workshops", GLADE] == 0 and board["workshop_track", marquise] == 6
    assert board["sawmills", GLADE] == 1 and board["gardens", GLADE] == 1
    assert board["garden_track", cult, FOX] == 4 and board["score", cult] == 1
    assert board["acolytes", cult] == 0 and board["warrior_supply", cult] == 25


def test_a_convert_or_a_sanctify_is_offered_only_when_it_can_be_made_in_full() -> None:
    def prepare(board: Board, cult: int) -> None:
        board.clear()
        outcast(board, FOX)
        board["acolytes", cult], board["warrior_supply", cult] = 5, 0  # no warrior to place: no Convert
        board["garden_track", cult, FOX] = 0  # no fox garden left: no Sanctify
        board["sawmills", GLADE], board["sawmill_track", 1 - cult] = 1, 5
        board.warriors(1 - cult, glade=1)
        board.warriors(cult, creek=20)

    state, board, cult = position(prepare)
    assert "Convert" not in options(state) and "Sanctify" not in options(state)


def test_a_crusade_battles_in_an_outcast_clearing_where_an_ambush_goes_to_the_lost_souls() -> None:
    def prepare(board: Board, cult: int) -> None:
        board.clear()
        outcast(board, FOX)
        board["acolytes", cult] = 2
        board.warriors(cult, glade=4)
        board.warriors(1 - cult, glade=1)
        board.hand(1 - cult, "ambush_fox")

    state, board, cult = position(prepare)
    discarded = board["discard_pile", index("card", "ambush_fox")]
    choose(state, "Crusade")
    assert options(state) == {"Crusade: battle in an Outcast clearing", "Crusade: move from an Outcast clearing"}
    choose(state, "Crusade: battle in an Outcast clearing")  # Glade and the Marquise: taken without asking
    assert state.current_player() == 1 - cult
    choose(state, "Play Fox Ambush!")
    assert board["lost_souls", index("card", "ambush_fox")] == 1  # spent cards go to the Lost Souls (10.2.6)
    assert board["discard_pile", index("card", "ambush_fox")] == discarded
    assert board["warriors", GLADE, cult] <= 2 and board["acolytes", cult] == 0


@pytest.mark.parametrize("battle", [True, False])
def test_a_crusade_moves_from_an_outcast_clearing_then_may_battle_where_it_arrives(battle: bool) -> None:
    def prepare(board: Board, cult: int) -> None:
        board.clear()
        outcast(board, FOX)
        board["acolytes", cult] = 2
        board.warriors(cult, glade=2)
        board["sawmills", DUNE], board["sawmill_track", 1 - cult] = 1, 5  # Dune: the Marquise's, undefended

    state, board, cult = position(prepare)
    choose(state, "Crusade")  # nobody to battle in an Outcast clearing: a move, from Glade, without asking
    choose(state, "… to Dune")
    choose(state, "Move 2 warriors")
    assert options(state) == {"Battle in Dune", "Do not battle"}
    choose(state, "Battle in Dune" if battle else "Do not battle")
    assert board["warriors", DUNE, cult] == 2 and board["warriors", GLADE, cult] == 0
    # Defenseless, the sawmill takes at least the extra hit (4.3.2.III) and scores for the Cult (3.2.1).
    assert board["sawmills", DUNE] == (0 if battle else 1) and board["score", cult] == (1 if battle else 0)


# --- Daylight: rituals (10.5) --------------------------------------------------------------------------------------

def ritual_position(cult_hand: tuple[str, ...], extra: Callable[[Board, int], None] | None = None
                    ) -> tuple[GameState, Board, int]:
    def prepare(board: Board, cult: int) -> None:
        board.clear()
        outcast(board, MOUSE)
        board.hand(cult, *cult_hand)
        board.warriors(cult, glade=1)  # the Cult rules Glade, a fox clearing
        board.warriors(1 - cult, mountain=2)  # and not Mountain
        board["keep", HAVEN] = 1
        if extra is not None:
            extra(board, cult)

    return position(prepare)


def test_build_reveals_a_card_and_places_a_garden_in_a_ruled_clearing_of_its_suit() -> None:
    state, board, cult = ritual_position(("anvil", "foxfolk_steel", "ambush_bird"))
    assert state.engine.phase() == 1
    choose(state, "Build")
    assert options(state) == {"Reveal Anvil", "Reveal Foxfolk Steel"}  # a bird is not wild for rituals (10.2.2)
    choose(state, "Reveal Anvil")  # Glade, the only ruled fox clearing: without asking
    assert board["gardens", GLADE] == 1 and board["garden_track", cult, FOX] == 4
    assert board["revealed", index("card", "anvil")] == 1 and board["hand", cult, index("card", "anvil")] == 0
    board["warriors", GLADE, 1 - cult] = 5
    assert state.engine.ruler(GLADE) == cult  # Pilgrims (10.2.4): a garden rules, whatever the warriors


def test_recruit_reveals_a_card_and_places_a_warrior_in_any_clearing_of_its_suit_but_the_keep() -> None:
    state, board, cult = ritual_position(("a_visit_to_friends",))
    choose(state, "Recruit")  # the only card: revealed without asking
    assert board["revealed", index("card", "a_visit_to_friends")] == 1
    assert options(state) == {"Recruit in Creek", "Recruit in Beach", "Recruit in Weald"}  # Haven has the keep
    choose(state, "Recruit in Weald")
    assert board["warriors", WEALD, cult] == 1 and board["warrior_supply", cult] == 25 - 2


def test_score_spends_the_card_to_the_lost_souls_for_the_rightmost_empty_garden_space_once_per_suit() -> None:
    def gardens(board: Board, cult: int) -> None:
        board.gardens(cult, "glade", "mountain", "meadow")

    state, board, cult = ritual_position(("anvil", "foxfolk_steel"), gardens)
    points = TABLES.arrays["lizard_cult_garden_fox_vp"][2]  # three fox gardens placed: the third space
    choose(state, "Score")
    choose(state, "Reveal Anvil")
    assert board["score", cult] == points and board["lost_souls", index("card", "anvil")] == 1
    assert board["revealed", index("card", "anvil")] == 0
    assert "Score" not in options(state)  # once per turn per suit: the other fox card cannot score
    assert "Build" in options(state) or "Recruit" in options(state)


def test_sacrifice_needs_a_bird_and_puts_a_warrior_in_the_acolytes_box() -> None:
    state, board, cult = ritual_position(("ambush_bird",))
    assert options(state) == {"Sacrifice", "End Daylight"}  # a bird serves no other ritual (10.2.2)
    state, board, cult = ritual_position(("ambush_bird", "anvil"))
    choose(state, "Sacrifice")  # the bird, the only card it can take: revealed without asking
    assert board["acolytes", cult] == 1 and board["warrior_supply", cult] == 25 - 1 - 1
    assert board["revealed", index("card", "ambush_bird")] == 1


def test_evening_returns_the_revealed_cards_crafts_with_outcast_gardens_and_draws_the_garden_bonuses() -> None:
    def gardens(board: Board, cult: int) -> None:
        board.gardens(cult, "dune", "pond", "waterfall", "glade")  # three mouse gardens: a draw bonus (tracks)
        board["deck", index("card", "mouse_in_a_sack")] = 0

    state, board, cult = ritual_position(("anvil", "mouse_in_a_sack"), gardens)
    draws = TABLES.arrays
    bonus = sum(draws["lizard_cult_garden_mouse_draw"][:3]) + sum(draws["lizard_cult_garden_fox_draw"][:1])
    choose(state, "Recruit")
    choose(state, "Reveal Anvil")
    choose(state, "Recruit in Hill")
    assert state.engine.can_craft(cult, index("card", "mouse_in_a_sack"))  # a mouse garden: the Outcast's
    assert not state.engine.can_craft(cult, index("card", "anvil"))  # fox gardens are not (10.2.1)
    choose(state, "End Daylight")
    assert board["revealed", index("card", "anvil")] == 0
    assert options(state) == {"Craft Mouse-in-a-Sack", "Craft nothing more"}  # Anvil is back in hand
    choose(state, "Craft Mouse-in-a-Sack")
    assert board["lost_souls", index("card", "mouse_in_a_sack")] == 1 and board["score", cult] == 1
    assert sum(board["hand", cult, k] for k in range(NCARDS)) == 1 + 1 + bonus


# --- the Cult's rules over the shared ones (10.2) ------------------------------------------------------------------

def test_pilgrims_rule_a_garden_clearing_over_the_eyrie_ties() -> None:
    def prepare(board: Board, cult: int) -> None:
        board.clear()
        board.gardens(cult, "beach")
        eyrie = next(s for s in range(3) if board["faction_of", s] == index("faction", "eyrie"))
        board.warriors(eyrie, beach=1, creek=1)
        board.warriors(cult, creek=1)

    state, board, cult = position(prepare, ("marquise", "eyrie", "lizard_cult"))
    eyrie = seat_of(state, "eyrie")
    assert state.engine.ruler(CREEK) == eyrie  # a tie without a garden: the Eyrie's (7.2.2)
    assert state.engine.ruler(BEACH) == cult  # a garden against a warrior: the Cult's (10.2.4)


def test_a_dominance_card_wins_with_clearings_ruled_by_gardens_alone() -> None:
    def prepare(board: Board, cult: int) -> None:
        board.clear()
        board.gardens(cult, "creek", "beach", "weald")  # three rabbit clearings, no Cult warrior
        board.warriors(1 - cult, creek=3, beach=3, weald=3)
        board["dominance_card", cult] = index("card", "dominance_rabbit")

    state, board, cult = position(prepare)
    assert state.is_terminal() and state.result()["winner"] == cult and state.result()["victory"] == "dominance"


def defending(cult_hand: tuple[str, ...], place: Callable[[Board, int], None]) -> tuple[GameState, Board, int]:
    """The Marquise's first turn; she battles in Glade, the Cult defending there."""
    def prepare(board: Board, cult: int) -> None:
        board.clear()
        board.hand(cult, *cult_hand)
        place(board, cult)

    state, board, cult = position(prepare, first="marquise")
    choose(state, "Battle")
    return state, board, cult


def test_revenge_a_warrior_removed_defending_goes_to_the_acolytes() -> None:
    def place(board: Board, cult: int) -> None:
        board.warriors(1 - cult, glade=3)
        board.warriors(cult, glade=3)

    state, board, cult = defending((), place)
    while board["warriors", GLADE, cult] == 3:  # the dice dealt no hit: battle again
        choose(state, "Battle")
    lost = 3 - board["warriors", GLADE, cult]
    assert lost > 0 and board["acolytes", cult] == lost and board["warrior_supply", cult] == 25 - 3
    assert board["warrior_supply", 1 - cult] == 25 - board["warriors", GLADE, 1 - cult]  # hers go to supply


def test_fear_of_the_faithful_a_garden_removed_costs_a_card_at_random_to_the_lost_souls() -> None:
    def place(board: Board, cult: int) -> None:
        board.warriors(1 - cult, glade=1)
        board.gardens(cult, "glade")

    state, board, cult = defending(("anvil",), place)
    assert board["gardens", GLADE] == 0 and board["garden_track", cult, FOX] == 5
    assert board["hand", cult, index("card", "anvil")] == 0 and board["lost_souls", index("card", "anvil")] == 1
    assert board["score", 1 - cult] == 1


def test_every_cult_decision_is_described_in_each_locale() -> None:
    state, board, cult = ritual_position(("anvil", "a_visit_to_friends", "ambush_bird"))
    seen = 0
    while state.current_player() == cult and seen < 12:
        for locale in ROOT.locales:
            for action in state.legal_actions():
                text = state.describe(action, locale)
                assert text and "{" not in text and not text.startswith(("Choose", "Choisir", "Обрати")), text
        state.apply(state.legal_actions()[0])
        seen += 1


# --- whole games ---------------------------------------------------------------------------------------------------

def tables_with_the_cult() -> list[tuple[str, ...]]:
    """One table per player count the reach rules allow with the Cult among the factions the engine plays (annex A),
    and the two-player tables seated by name."""
    playable, reach = TABLES.playable, TABLES.arrays["reach"]
    low = TABLES.numbers["viable_reach_from"]
    found: list[tuple[str, ...]] = [("marquise", "lizard_cult"), ("eyrie", "lizard_cult")]
    for players in range(2, 7):
        need = TABLES.arrays["viable_reach"][players - low]
        viable = [combo for combo in combinations(sorted(playable), players) if "lizard_cult" in combo
                  and sum(reach[TABLES.faction_index(f)] for f in combo) >= need]
        if viable:
            found.append(viable[0])
    return found


def field(name: str) -> int:
    return ROOT.layout.FIELDS[name][0]


BUILDINGS = [field(name) for name in ("sawmills", "workshops", "recruiters", "roosts", "gardens", "ruins")]
SLOTS = [clearing.slots for clearing in ROOT.entities("clearing")]


def turns_of(state: GameState, before: tuple[int, int]) -> set[int]:
    """The seats whose turn went on during the last action, from (active, turn) before it."""
    active, turn = before
    return {(active + i) % state.players for i in range(state.engine.turn() - turn + 1)}


def check(state: GameState, discarded_before: int, before: tuple[int, int]) -> int:
    """Invariants after every action (`before`: whose turn it was, and which); returns the discard pile's size."""
    board = Board(state)
    cells = board.cells
    factions = state.result()["factions"]
    cult = factions.index("lizard_cult")
    for seat, faction in enumerate(factions):
        assert warriors_held(ROOT, cells, seat) == TABLES.arrays["faction_warriors"][index("faction", faction)], faction
    for s in range(3 if state.engine.turn() > 0 else 0):  # once the Cult has set up
        placed = sum(board["gardens", c] for c in range(12) if board["clearing_suit", c] == s)
        assert placed + board["garden_track", cult, s] == TABLES.arrays["lizard_garden_spaces"][s]
        assert board["scored_suits", s] <= 1
    for c in range(12):
        assert sum(cells[at + c] for at in BUILDINGS) <= SLOTS[c], "slots are respected"
    assert board["acolytes", cult] >= 0 and board["warrior_supply", cult] >= 0
    assert board["outcast"] in (FOX, RABBIT, MOUSE) and board["hated"] in (0, 1)
    assert card_counts(ROOT, cells, state.players) == expected_counts(ROOT, state.players), "cards are conserved"
    if state.engine.active() != cult:
        assert sum(cells[field("revealed"):field("revealed") + NCARDS]) == 0
    discarded = sum(cells[field("discard_pile"):field("discard_pile") + NCARDS])
    if discarded > discarded_before:  # only the Cult's Birdsong discards, its Lost Souls (10.2.6, 10.4.2)
        assert cult in turns_of(state, before)
    assert state.is_terminal() or state.legal_actions()
    return discarded




def random_game(factions: tuple[str, ...], seed: int, kernel: str) -> GameState:
    state = new_state(ROOT, len(factions), seed, factions=list(factions), kernel=kernel)
    rng = random.Random(seed)
    discarded = check(state, 0, (0, 0))
    hand_checked = state.engine.turn()
    while not state.is_terminal():
        active = state.engine.active()
        before = (active, state.engine.turn())
        state.apply(rng.choice(state.legal_actions()))
        discarded = check(state, discarded, before)
        if state.engine.turn() != hand_checked and not state.is_terminal():
            cells = state.engine.arrays()[0]  # down to the limit in its Evening; the next player's Bank may add
            assert sum(Board(state)["hand", active, k] for k in range(NCARDS)) <= TABLES.numbers["hand_limit"] \
                + bank_gifts(ROOT, cells, state.players, active)
            hand_checked = state.engine.turn()
        assert len(state.history) < 6000, "the game ends"
    return state


@pytest.mark.parametrize("factions", tables_with_the_cult(), ids="-".join)
def test_random_games_with_the_cult_end_and_keep_every_invariant(factions: tuple[str, ...], battery: Callable[[range], range]) -> None:
    for seed in battery(range(8)):
        state = random_game(factions, seed, "compiled")
        assert sum(state.returns()) == 1.0


def test_the_cult_plays_its_whole_turn_in_random_games() -> None:
    """Across random games every step of the Cult's turn is taken, and it wins some."""
    taken: set[str] = set()
    wins = 0
    names = {f"faction/lizard_cult/turn/{i}": s.id for i, s in enumerate(ROOT.get("faction", "lizard_cult").turn)}
    for seed in range(30):
        state = new_state(ROOT, 3, seed, factions=["marquise", "eyrie", "lizard_cult"], kernel="compiled")
        rng = random.Random(seed)
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            if state.decision_kind() == MENU and action < len(TABLES.steps) and TABLES.steps[action].key in names:
                taken.add(names[TABLES.steps[action].key])
            state.apply(action)
        wins += state.result()["faction"] == "lizard_cult"
    assert taken == {"crusade", "convert", "sanctify", "ritual_build", "ritual_recruit", "ritual_score",
                     "ritual_sacrifice"}
    assert wins > 0


@pytest.mark.parametrize("factions", [("marquise", "eyrie", "lizard_cult"), ("eyrie", "lizard_cult")], ids="-".join)
def test_both_forms_play_the_same_games_in_lock_step(factions: tuple[str, ...]) -> None:
    for seed in range(2):
        compiled = new_state(ROOT, len(factions), seed, factions=list(factions), kernel="compiled")
        python = new_state(ROOT, len(factions), seed, factions=list(factions), kernel="python")
        rng = random.Random(seed)
        while not compiled.is_terminal():
            assert compiled.legal_actions() == python.legal_actions()
            action = rng.choice(compiled.legal_actions())
            compiled.apply(action)
            python.apply(action)
            assert compiled.state_hash() == python.state_hash()
        assert python.is_terminal() and python.result() == compiled.result()
