"""The Underground Duchy on the shared kernel (chapter 12 of the Law): its setup, the Burrow, the Assembly, the
Parliament and its ministers, the Sway, its Evening and the Price of Failure, each on a worked position; then
random games at every table the engine can seat it at, checked at every step, and the compiled and Python forms
in lock step.

A worked position is a game past its setup whose board the test empties and writes (`Board`), then a Duchy turn
begun afresh from it (`start_turn`, Python form: its kernel methods are plain Python)."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations

import pytest

from root_cards import card_counts, expected_counts, warriors_held
from lawforge.runtime.games import kernel_of, new_state
from lawforge.runtime.kernel import engine as kernel
from lawforge.runtime.kernel.state import GameState
from lawforge.runtime.notes import Named

MENU, CLEARING, CARD, NUMBER, PIECE, SUIT, MINISTER, ACTION = 1, 10, 12, 13, 14, 19, 30, 31
LOCALES = ("en", "fr", "uk")
RANKS = ("squire", "noble", "lord")
GENERIC = {"en": "Choose:", "fr": "Choisir :", "uk": "Обрати:"}
"""How a decision no label fits would read (labels.yaml choose_option)."""


class Board:
    """A game's cells by field and entity name: what a worked position writes and an outcome reads."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.game = state.game
        self.tables = state.kernel.tables
        self.cells = state.engine.arrays()[0]
        self.seats = {self.tables.faction_name(self.get("faction_of", s)): s for s in range(state.players)}
        self.clearings = len(self.game.entities("clearing"))

    def at(self, field: str, *index: int) -> int:
        offset, extents, _ = self.game.layout.FIELDS[field]
        i = 0
        for extent, x in zip(extents, index, strict=True):
            i = i * extent + x
        return int(offset + i)

    def get(self, field: str, *index: int) -> int:
        return int(self.cells[self.at(field, *index)])

    def set(self, field: str, *index_and_value: int) -> None:
        *index, value = index_and_value
        self.cells[self.at(field, *index)] = value

    def add(self, field: str, *index_and_value: int) -> None:
        *index, value = index_and_value
        self.cells[self.at(field, *index)] += value

    def id(self, kind: str, name: str) -> int:
        return int(self.game.get(kind, name).id)

    def c(self, name: str) -> int:
        return self.id("clearing", name)

    def card(self, name: str) -> int:
        return self.id("card", name)

    def minister(self, name: str) -> int:
        return self.id("minister", name)

    def empty(self) -> None:
        """Every piece off the map back to its owner (warriors to supply, buildings and tokens to their track
        or supply, or out of the game), every hand to the discard pile."""
        t = self.tables
        owner = {t.faction_index(name): seat for name, seat in self.seats.items()}
        for seat in range(self.state.players):
            for c in range(self.clearings):
                self.add("warrior_supply", seat, self.get("warriors", c, seat))
                self.set("warriors", c, seat, 0)
            self.add("warrior_supply", seat, self.get("burrow", seat))
            self.set("burrow", seat, 0)
            for k in range(len(self.game.entities("card"))):
                self.add("discard_pile", k, self.get("hand", seat, k))
                self.set("hand", seat, k, 0)
        for r in range(t.dims["pieces"]):
            field, back = t.arrays["piece_field"][r], t.arrays["piece_return"][r]
            holder = owner.get(t.arrays["piece_faction"][r])
            for c in range(self.clearings):
                if back >= 0 and holder is not None:
                    self.cells[back + holder] += self.cells[field + c]
                self.cells[field + c] = 0

    def warriors(self, name: str, seat: int, n: int) -> None:
        """n of the seat's warriors from its supply into a clearing."""
        self.add("warrior_supply", seat, -n)
        self.add("warriors", self.c(name), seat, n)

    def hand(self, seat: int, *cards: str) -> None:
        for name in cards:
            self.add("hand", seat, self.card(name), 1)

    def build(self, piece: str, name: str, seat: int) -> None:
        """A Duchy building (citadel, market) or tunnel from its track or supply into a clearing."""
        field = {"citadel": "citadels", "market": "markets", "tunnel": "tunnels"}[piece]
        back = {"citadel": "citadel_track", "market": "market_track", "tunnel": "tunnel_supply"}[piece]
        self.add(field, self.c(name), 1)
        self.add(back, seat, -1)

    def sway(self, *ministers: str) -> None:
        for name in ministers:
            m = self.minister(name)
            self.set("minister_swayed", m, 1)
            rank = self.game.entities("minister")[m].rank
            self.add(f"crowns_{rank}", -1)


def python_game(factions: tuple[str, ...] = ("marquise", "duchy"), seed: int = 3) -> tuple[GameState, Board, int]:
    """A game past its setup (first options taken), its board emptied; the Duchy's seat."""
    state = new_state("root", len(factions), seed, factions=list(factions), kernel="python")
    while state.engine.turn() == 0:
        state.apply(state.legal_actions()[0])
    board = Board(state)
    board.empty()
    return state, board, board.seats["duchy"]


def start_turn(state: GameState, seat: int) -> None:
    """The seat's turn begun afresh from the position written: Birdsong, then its first decision."""
    ctl = state.engine.arrays()[1]
    for field in (kernel.DEPTH, kernel.KIND, kernel.COUNT):
        ctl[field] = 0
    state.engine.begin_turn(seat)
    state.engine.advance()


def inject(state: GameState, procedure: str, *args: int, by: int = -1) -> None:
    """Runs a procedure of the engine as a rule would call it, at a menu; the menu is asked again after it.
    `by`: its local 3 (who dealt the hits of remove_hits)."""
    assert state.decision_kind() == MENU
    ctl = state.engine.arrays()[1]
    ctl[kernel.KIND] = ctl[kernel.COUNT] = 0
    state.engine.push(state.kernel.tables.procedure(procedure), *args)
    state.engine.set_arg(3, by)
    state.engine.advance()


def options(state: GameState, kind: int) -> list[int]:
    assert state.decision_kind() == kind, (state.decision_kind(), kind)
    return list(state.legal_actions())


def choose(state: GameState, kind: int, value: int) -> None:
    assert value in options(state, kind), (value, state.legal_actions())
    state.apply(value)


def step(state: GameState, name: str) -> int:
    """The plan's number of a Duchy step (a menu option)."""
    faction = state.game.get("faction", "duchy")
    index = [s.id for s in faction.turn].index(name)
    return [s.key for s in state.kernel.tables.steps].index(f"faction/duchy/turn/{index}")


def end_block(state: GameState) -> None:
    choose(state, MENU, len(state.kernel.tables.steps))


def keep_daylight(board: Board, seat: int) -> None:
    """A dominance card the seat may take with the fox card it holds: its Daylight stays open after the Sway,
    with the cards revealed this turn still revealed."""
    board.set("dominance_available", board.card("dominance_fox"), 1)
    board.hand(seat, "travel_gear_fox")


def to_parliament(state: GameState) -> None:
    """Ends the Assembly; the Parliament asks next (or the game goes on without one)."""
    end_block(state)


# --- setup (12.3) ---------------------------------------------------------------------------------------------------


def test_setup_surfaces_opposite_the_keep_with_warriors_around() -> None:
    state = new_state("root", 2, 5, factions=["marquise", "duchy"], kernel="python")
    board = Board(state)
    duchy, hill, weald = board.seats["duchy"], board.c("hill"), board.c("weald")
    choose(state, CLEARING, hill)  # the keep
    while state.engine.turn() == 0:  # the Marquise's buildings; the only corner opposite hers is forced
        assert state.current_player() != duchy
        state.apply(state.legal_actions()[0])
    assert board.get("warriors", weald, duchy) == 2 and board.get("tunnels", weald) == 1
    around = [board.c(n) for n in ("mountain", "pond", "waterfall")]
    assert [board.get("warriors", c, duchy) for c in around] == [2, 2, 2]
    assert sum(board.get("warriors", c, duchy) for c in range(12)) == 8
    birdsong = 1 if state.engine.active() == duchy else 0  # the Duchy's first Birdsong, when it plays first
    assert board.get("burrow", duchy) == birdsong and board.get("warrior_supply", duchy) == 12 - birdsong
    assert board.get("tunnel_supply", duchy) == 2
    assert (board.get("citadel_track", duchy), board.get("market_track", duchy)) == (3, 3)
    assert [board.get(f"crowns_{r}") for r in ("squire", "noble", "lord")] == [3, 3, 3]
    assert sum(board.get("minister_swayed", m) for m in range(9)) == 0


def test_setup_with_no_starting_corner_offers_every_corner() -> None:
    state = new_state("root", 2, 5, factions=["alliance", "duchy"], kernel="python")
    board = Board(state)
    corners = sorted(board.c(n) for n in ("hill", "quarry", "haven", "weald"))
    assert state.current_player() == board.seats["duchy"]  # no keep, roost or garden: every corner
    assert sorted(options(state, CLEARING)) == corners
    assert state.describe(board.c("weald"), "en") == "Surface in Weald"
    assert state.describe(board.c("weald"), "uk") == "Вийти на поверхню на галявині «Пуща»"


# --- Birdsong, Recruit and the Burrow (12.4, 12.5.1.II-III, 12.2.2) ----------------------------------------------------


def test_birdsong_places_one_warrior_plus_one_per_uncovered_warrior_icon() -> None:
    state, board, duchy = python_game()
    board.build("citadel", "meadow", duchy)
    board.build("citadel", "creek", duchy)
    board.build("market", "pond", duchy)
    start_turn(state, duchy)
    assert board.get("burrow", duchy) == 3  # 1, and the 2 citadel spaces uncovered (the market's have none)
    assert board.get("warrior_supply", duchy) == 17


def test_recruit_fills_the_burrow_within_the_assemblys_two_actions() -> None:
    state, board, duchy = python_game()
    start_turn(state, duchy)
    assert board.get("burrow", duchy) == 1
    choose(state, MENU, step(state, "recruit"))
    assert board.get("burrow", duchy) == 2
    assert options(state, MENU) == [step(state, "recruit"), len(state.kernel.tables.steps)]
    state.apply(step(state, "recruit"))
    assert board.get("burrow", duchy) == 3
    assert state.engine.active() != duchy  # no action left, nothing else to do: its turn went by


def test_recruit_is_not_offered_with_an_empty_supply() -> None:
    state, board, duchy = python_game()
    board.set("warrior_supply", duchy, 2)
    start_turn(state, duchy)
    assert state.engine.can_take(duchy, step(state, "recruit"))
    board.set("warrior_supply", duchy, 0)
    assert not state.engine.can_take(duchy, step(state, "recruit"))


def test_the_duchy_moves_through_the_burrow_to_a_tunnel_and_nobody_else_enters_it() -> None:
    state, board, duchy = python_game()
    marquise, burrow, pond = board.seats["marquise"], board.clearings, board.c("pond")
    board.build("tunnel", "pond", duchy)
    board.warriors("pond", marquise, 3)
    board.warriors("dune", duchy, 1)
    board.set("burrow", duchy, 1)
    board.add("warrior_supply", duchy, -1)
    start_turn(state, duchy)
    choose(state, MENU, step(state, "move"))
    assert options(state, CLEARING) == [board.c("dune"), burrow]
    assert state.describe(burrow, "en") == "Move from the Burrow"
    assert state.describe(burrow, "fr") == "Se déplacer depuis le Terrier"
    assert state.describe(burrow, "uk") == "Переміститися з галявини «Нора»"
    state.apply(burrow)  # to pond, the only clearing with a tunnel: taken without asking
    assert options(state, NUMBER) == [1, 2]
    state.apply(2)
    assert board.get("burrow", duchy) == 0 and board.get("warriors", pond, duchy) == 2
    e = state.engine
    assert e.ruler(burrow) == duchy and e.adjacent(burrow, pond) and e.adjacent(pond, burrow)
    assert not e.adjacent(burrow, board.c("dune")) and not e.adjacent(burrow, burrow)
    assert e.ruler(pond) == marquise and not e.move_allowed(marquise, pond, burrow)
    assert e.move_allowed(duchy, pond, burrow) and e.suit_of(burrow) == -1


# --- Build and Dig (12.5.1.I, 12.5.1.V, 12.2.4) ----------------------------------------------------------------------


def test_build_reveals_a_card_for_a_citadel_in_a_ruled_clearing_of_its_suit() -> None:
    state, board, duchy = python_game()
    marquise = board.seats["marquise"]
    board.warriors("meadow", duchy, 1)
    board.warriors("creek", duchy, 1)
    board.warriors("glade", marquise, 2)
    board.hand(duchy, "anvil", "foxfolk_steel")
    start_turn(state, duchy)
    choose(state, MENU, step(state, "build"))
    citadel, market = state.kernel.tables.piece("duchy/citadel"), state.kernel.tables.piece("duchy/market")
    assert options(state, PIECE) == [citadel, market]
    assert state.describe(citadel, "en") == "Build: citadel"
    state.apply(citadel)
    assert options(state, CARD) == sorted([board.card("anvil"), board.card("foxfolk_steel")])
    assert state.describe(board.card("anvil"), "fr") == "Révéler Enclume"
    state.apply(board.card("anvil"))  # meadow is the only fox clearing the Duchy rules: built without asking
    assert board.get("citadels", board.c("meadow")) == 1 and board.get("citadel_track", duchy) == 2
    assert board.get("duchy_revealed", board.card("anvil")) == 1 and board.get("hand", duchy, board.card("anvil")) == 0
    assert sum(board.get("citadels", c) for c in range(board.clearings)) == 1


def test_build_with_a_bird_card_is_any_suit_and_needs_a_free_slot() -> None:
    state, board, duchy = python_game()
    board.warriors("meadow", duchy, 1)
    board.warriors("creek", duchy, 1)
    board.warriors("hill", duchy, 1)
    board.build("market", "hill", duchy)  # hill's one slot is full
    board.hand(duchy, "arms_trader")
    start_turn(state, duchy)
    choose(state, MENU, step(state, "build"))
    state.apply(state.kernel.tables.piece("duchy/market"))
    assert options(state, CLEARING) == sorted([board.c("meadow"), board.c("creek")])
    assert state.describe(board.c("creek"), "en") == "Build in Creek"
    state.apply(board.c("creek"))
    assert board.get("markets", board.c("creek")) == 1 and board.get("market_track", duchy) == 1


def test_dig_spends_a_card_tunnels_and_brings_up_to_four_warriors_from_the_burrow() -> None:
    state, board, duchy = python_game()
    board.set("burrow", duchy, 5)
    board.add("warrior_supply", duchy, -5)
    board.hand(duchy, "codebreakers")
    discarded = board.get("discard_pile", board.card("codebreakers"))
    start_turn(state, duchy)
    choose(state, MENU, step(state, "dig"))  # the one card is spent without asking
    mice = sorted(board.c(n) for n in ("quarry", "dune", "waterfall", "pond"))
    assert options(state, CLEARING) == mice
    assert state.describe(board.c("pond"), "uk") == "Прокласти тунель на галявині «Ставок»"
    state.apply(board.c("pond"))
    assert options(state, NUMBER) == [0, 1, 2, 3, 4]  # up to 4 of the Burrow's 6
    state.apply(4)
    assert board.get("tunnels", board.c("pond")) == 1 and board.get("tunnel_supply", duchy) == 2
    assert board.get("warriors", board.c("pond"), duchy) == 4 and board.get("burrow", duchy) == 2
    assert board.get("discard_pile", board.card("codebreakers")) == discarded + 1


def test_dig_with_every_tunnel_placed_takes_one_back_first() -> None:
    state, board, duchy = python_game()
    for name in ("hill", "pond", "quarry"):
        board.build("tunnel", name, duchy)
    board.hand(duchy, "codebreakers")
    start_turn(state, duchy)
    choose(state, MENU, step(state, "dig"))
    assert options(state, CLEARING) == sorted(board.c(n) for n in ("hill", "pond", "quarry"))
    assert state.describe(board.c("hill"), "en") == "First remove the tunnel from Hill"
    state.apply(board.c("hill"))
    assert options(state, CLEARING) == sorted(board.c(n) for n in ("dune", "waterfall"))
    state.apply(board.c("dune"))
    choose(state, NUMBER, 1)  # the warrior of this Birdsong
    assert [board.get("tunnels", board.c(n)) for n in ("hill", "pond", "quarry", "dune")] == [0, 1, 1, 1]
    assert board.get("tunnel_supply", duchy) == 0 and board.get("warriors", board.c("dune"), duchy) == 1


def test_dig_never_places_in_the_keeps_clearing_and_needs_a_card() -> None:
    state, board, duchy = python_game()
    board.set("keep", board.c("hill"), 1)
    start_turn(state, duchy)
    assert not state.engine.can_take(duchy, step(state, "dig"))
    board.hand(duchy, "anvil")
    board.hand(duchy, "foxfolk_steel")
    assert state.engine.can_take(duchy, step(state, "dig"))
    inject(state, "duchy_dig", duchy, 0, 0)
    choose(state, CARD, board.card("anvil"))
    assert options(state, CLEARING) == sorted(board.c(n) for n in ("glade", "mountain", "meadow"))


# --- Parliament (12.5.2) ---------------------------------------------------------------------------------------------


def test_parliament_lords_score_once_each_and_only_when_they_can() -> None:
    state, board, duchy = python_game()
    board.sway("earl_of_stone", "baron_of_dirt", "duchess_of_mud")
    board.build("citadel", "meadow", duchy)
    board.build("citadel", "creek", duchy)
    for name in ("hill", "pond", "quarry"):
        board.build("tunnel", name, duchy)
    start_turn(state, duchy)
    to_parliament(state)
    earl, duchess = board.minister("earl_of_stone"), board.minister("duchess_of_mud")
    assert options(state, MINISTER) == sorted([earl, duchess, 9])  # no market: the Baron would score nothing
    assert state.describe(9, "en") == "Close Parliament"
    assert state.describe(earl, "fr") == "Effectuer l’action du ministre : Comte de Pierre"
    state.apply(earl)
    assert board.get("score", duchy) == 2
    assert options(state, MINISTER) == [duchess, 9]
    state.apply(duchess)
    assert board.get("score", duchy) == 4
    assert state.engine.active() != duchy  # every lord acted and nothing else could be done


def test_banker_spends_cards_of_one_suit_birds_standing_in() -> None:
    state, board, duchy = python_game()
    board.sway("banker")
    board.hand(duchy, "anvil", "foxfolk_steel", "arms_trader", "a_visit_to_friends")
    start_turn(state, duchy)
    to_parliament(state)
    choose(state, MINISTER, board.minister("banker"))
    assert options(state, SUIT) == [0, 1, 2, 3]
    assert state.describe(0, "en") == "Spend Fox cards to score"
    state.apply(0)
    fox = sorted(board.card(n) for n in ("anvil", "foxfolk_steel", "arms_trader"))
    assert options(state, CARD) == fox  # the first card must be spent
    state.apply(board.card("anvil"))
    state.apply(board.card("arms_trader"))
    none = len(state.game.entities("card"))
    assert options(state, CARD) == [board.card("foxfolk_steel"), none]
    assert state.describe(none, "en") == "Spend no more cards"
    state.apply(none)
    assert board.get("score", duchy) == 2
    assert board.get("hand", duchy, board.card("foxfolk_steel")) == 1
    assert board.get("hand", duchy, board.card("a_visit_to_friends")) == 1


def test_brigadier_takes_up_to_two_moves() -> None:
    state, board, duchy = python_game()
    board.sway("brigadier")
    board.warriors("meadow", duchy, 3)
    start_turn(state, duchy)
    to_parliament(state)
    choose(state, MINISTER, board.minister("brigadier"))  # a move, the only choice, from meadow
    assert options(state, CLEARING) == sorted([board.c("haven"), board.c("pond")])
    state.apply(board.c("haven"))
    choose(state, NUMBER, 2)
    p_move = state.kernel.tables.procedure("move")
    assert options(state, ACTION) == [p_move, 0]
    assert state.describe(p_move, "en") == "Take a move" and state.describe(0, "en") == "Do nothing more"
    state.apply(p_move)
    choose(state, CLEARING, board.c("haven"))
    choose(state, CLEARING, board.c("dune"))
    choose(state, NUMBER, 1)
    assert [board.get("warriors", board.c(n), duchy) for n in ("meadow", "haven", "dune")] == [1, 1, 1]
    assert state.engine.active() != duchy  # two moves: the Brigadier and the Parliament are done


def test_mayor_takes_the_action_of_a_swayed_captain_who_may_still_act() -> None:
    state, board, duchy = python_game()
    marquise = board.seats["marquise"]
    board.sway("captain", "mayor", "earl_of_stone")
    board.warriors("meadow", duchy, 3)
    board.warriors("creek", duchy, 1)
    board.add("sawmills", board.c("meadow"), 1)  # defenceless buildings: the battle removes at least one
    board.add("sawmill_track", marquise, -1)
    board.add("recruiters", board.c("creek"), 1)
    board.add("recruiter_track", marquise, -1)
    start_turn(state, duchy)
    to_parliament(state)
    captain, mayor = board.minister("captain"), board.minister("mayor")
    assert options(state, MINISTER) == [captain, mayor, 9]  # the Earl has no citadel to score
    state.apply(mayor)  # the captain is the one he can stand in for: no need to ask
    assert state.describe(board.c("meadow"), "en") == "Battle in Meadow"
    choose(state, CLEARING, board.c("meadow"))
    assert board.get("sawmills", board.c("meadow")) == 0 and board.get("score", duchy) == 1
    assert options(state, MINISTER) == [captain, 9]  # the Mayor acted; the captain still may, in creek


def test_foremole_builds_in_a_ruled_clearing_of_any_suit() -> None:
    state, board, duchy = python_game()
    board.sway("foremole")
    board.warriors("creek", duchy, 1)
    board.hand(duchy, "anvil")
    keep_daylight(board, duchy)
    start_turn(state, duchy)
    assert not state.engine.can_take(duchy, step(state, "build"))  # no fox clearing ruled
    to_parliament(state)
    choose(state, MINISTER, board.minister("foremole"))
    choose(state, PIECE, state.kernel.tables.piece("duchy/market"))
    choose(state, CARD, board.card("anvil"))  # in creek, the only clearing it rules: built without asking
    assert board.get("markets", board.c("creek")) == 1 and board.get("duchy_revealed", board.card("anvil")) == 1


# --- Sway (12.5.3) ---------------------------------------------------------------------------------------------------


def test_sway_reveals_cards_one_clearing_each_and_scores_the_crown() -> None:
    state, board, duchy = python_game()
    board.warriors("meadow", duchy, 1)
    board.warriors("creek", duchy, 1)
    board.hand(duchy, "anvil", "foxfolk_steel", "a_visit_to_friends")
    keep_daylight(board, duchy)
    start_turn(state, duchy)
    to_parliament(state)
    choose(state, MENU, step(state, "sway"))
    squires = sorted(board.minister(n) for n in ("foremole", "captain", "marshal"))
    assert options(state, MINISTER) == squires  # 3 or 4 cards need 3 or 4 clearings
    assert state.describe(board.minister("marshal"), "uk") == "Переманити міністра: Маршал"
    state.apply(board.minister("marshal"))
    assert len(options(state, CARD)) == 4
    state.apply(board.card("anvil"))  # then the rabbit card, without asking: meadow already counts for the anvil
    assert board.get("minister_swayed", board.minister("marshal")) == 1
    assert board.get("crowns_squire") == 2 and board.get("score", duchy) == 1
    revealed = [board.get("duchy_revealed", board.card(n)) for n in ("anvil", "foxfolk_steel", "a_visit_to_friends")]
    assert revealed == [1, 0, 1]
    assert step(state, "sway") not in options(state, MENU)  # once per turn


def test_sway_needs_a_crown_of_the_rank_and_a_clearing_per_card() -> None:
    state, board, duchy = python_game()
    board.warriors("meadow", duchy, 1)
    board.warriors("glade", duchy, 1)
    board.hand(duchy, "anvil", "foxfolk_steel")
    start_turn(state, duchy)
    sway = step(state, "sway")
    assert state.engine.can_take(duchy, sway)  # two fox clearings for two fox cards
    board.set("crowns_squire", 0)
    assert not state.engine.can_take(duchy, sway)
    board.set("crowns_squire", 1)
    board.add("warriors", board.c("glade"), duchy, -1)
    assert not state.engine.can_take(duchy, sway)  # one fox clearing cannot count for both


# --- Evening (12.6) --------------------------------------------------------------------------------------------------


def evening(state: GameState) -> None:
    """Ends the Duchy's Daylight: Assembly, Parliament and Sway declined."""
    seat = state.engine.active()
    while state.decision_kind() == MENU and state.engine.phase() == 1 and state.engine.active() == seat:
        end_block(state)


def test_evening_discards_revealed_birds_takes_back_the_rest_and_draws_per_market() -> None:
    state, board, duchy = python_game()
    board.build("market", "meadow", duchy)
    board.build("market", "pond", duchy)
    board.set("duchy_revealed", board.card("armorers"), 1)
    board.set("duchy_revealed", board.card("codebreakers"), 1)
    discarded = board.get("discard_pile", board.card("armorers"))
    start_turn(state, duchy)
    evening(state)
    choose(state, CARD, len(state.game.entities("card")))  # crafts nothing: Codebreakers, taken back, could be
    assert board.get("discard_pile", board.card("armorers")) == discarded + 1
    assert board.get("hand", duchy, board.card("codebreakers")) >= 1
    assert sum(board.get("duchy_revealed", k) for k in range(len(state.game.entities("card")))) == 0
    assert state.engine.hand_size(duchy) == 1 + 3  # codebreakers, then 1 card and a draw bonus per market


def test_citadels_and_markets_craft_in_evening() -> None:
    state, board, duchy = python_game()
    board.build("citadel", "meadow", duchy)
    board.build("market", "glade", duchy)
    board.hand(duchy, "foxfolk_steel")
    start_turn(state, duchy)
    assert state.engine.crafting_pieces(duchy, 0) == 2
    evening(state)
    choose(state, CARD, board.card("foxfolk_steel"))
    assert board.get("crafted_items", duchy, board.id("item", "sword")) == 1 and board.get("score", duchy) == 2


# --- the Price of Failure (12.2.3) -------------------------------------------------------------------------------------


def test_price_of_failure_unsways_the_highest_minister_and_discards_at_random() -> None:
    state, board, duchy = python_game()
    marquise = board.seats["marquise"]
    board.sway("captain", "banker", "mayor")
    board.build("citadel", "meadow", duchy)
    board.build("market", "meadow", duchy)
    board.hand(duchy, "anvil", "codebreakers")
    start_turn(state, duchy)
    inject(state, "remove_hits", duchy, board.c("meadow"), 2, by=marquise)
    choose(state, PIECE, state.kernel.tables.piece("duchy/citadel"))  # which building first is the Duchy's
    assert board.get("score", marquise) == 2
    nobles = sorted([board.minister("banker"), board.minister("mayor")])
    assert options(state, MINISTER) == nobles  # a tie at the highest rank: the Duchy chooses
    assert state.describe(board.minister("banker"), "en") == "Return Banker to the unswayed pile"
    state.apply(board.minister("banker"))
    swayed = [board.get("minister_swayed", board.minister(n)) for n in ("captain", "banker", "mayor")]
    assert swayed == [1, 0, 1]  # two buildings at once: one price
    assert board.get("crowns_noble") == 1  # the crown left the game
    assert state.engine.hand_size(duchy) == 1
    assert (board.get("citadel_track", duchy), board.get("market_track", duchy)) == (3, 3)


def test_price_of_failure_without_ministers_still_discards() -> None:
    state, board, duchy = python_game()
    board.build("citadel", "meadow", duchy)
    board.hand(duchy, "anvil")
    board.warriors("meadow", duchy, 1)
    start_turn(state, duchy)
    inject(state, "remove_hits", duchy, board.c("meadow"), 2, by=board.seats["marquise"])
    assert state.engine.hand_size(duchy) == 0 and board.get("citadel_track", duchy) == 3
    assert board.get("warriors", board.c("meadow"), duchy) == 0


# --- random games ----------------------------------------------------------------------------------------------------


def tables_with_duchy(players: int) -> list[tuple[str, ...]]:
    """Viable tables (annex A) of the factions the engine plays, the Duchy among them."""
    state = new_state("root", 2, 1, factions=["marquise", "duchy"])
    t = state.kernel.tables
    need = t.arrays["viable_reach"][players - t.numbers["viable_reach_from"]]
    return [combo for combo in combinations(t.playable, players)
            if "duchy" in combo and sum(t.arrays["reach"][t.faction_index(f)] for f in combo) >= need]


class Invariants:
    """What must hold after every action once the factions are set up: pieces conserved per faction (warriors on
    the map, in the Burrow, in the supply and boxes; buildings and tokens on the map and on their track or in their
    supply), slots never overfilled, the Duchy's limits (a tunnel a clearing, a crown for each swayed minister,
    revealed cards only during its turn), and every card of the deck somewhere."""

    def __init__(self, state: GameState) -> None:
        board = Board(state)
        t, fields = board.tables, state.game.layout.FIELDS
        self.state, self.cells, self.n = state, board.cells, board.clearings
        self.duchy = board.seats["duchy"]
        self.stride = fields["warriors"][1][1]
        self.warriors = [(seat, fields["warriors"][0] + seat, t.arrays[f"{name}_warrior_count"][0],
                          [board.at(f, seat) for f in ("burrow", "warrior_supply", "warriors_on_board")])
                         for name, seat in board.seats.items() if f"{name}_warrior_count" in t.arrays]
        owner = {t.faction_index(name): seat for name, seat in board.seats.items()}
        self.pieces = [(t.arrays["piece_field"][r], t.arrays["piece_return"][r] + owner[t.arrays["piece_faction"][r]],
                        t.arrays[f"{key.replace('/', '_')}_count"][0])
                       for r, key in enumerate(t.pieces)
                       if t.arrays["piece_faction"][r] == t.faction_index("duchy") and t.arrays["piece_return"][r] >= 0]
        self.buildings = [t.arrays["piece_field"][r] for r in range(t.dims["pieces"]) if t.arrays["piece_building"][r]]
        self.ruins, self.slots, self.tunnels = fields["ruins"][0], t.arrays["slots"], fields["tunnels"][0]
        ministers = state.game.entities("minister")
        self.ranks = [(board.at(f"crowns_{rank}"), count,
                       [board.at("minister_swayed", m) for m, minister in enumerate(ministers) if minister.rank == rank])
                      for rank, count in zip(RANKS, t.arrays["crown_count"], strict=True)]
        cards = len(state.game.entities("card"))
        self.revealed = (fields["duchy_revealed"][0], cards)

    def check(self) -> None:
        cells, n = self.cells, self.n
        for seat, _first, total, others in self.warriors:
            assert warriors_held(self.state.game, cells, seat) == total, seat
            assert seat == self.duchy or cells[others[0]] == 0  # only the Duchy enters the Burrow
        for field, back, count in self.pieces:
            assert sum(cells[field:field + n]) + cells[back] == count
        for c in range(n):
            assert cells[self.ruins + c] + sum(cells[field + c] for field in self.buildings) <= self.slots[c]
            assert cells[self.tunnels + c] <= 1
        for crowns, count, swayed in self.ranks:
            assert all(cells[i] in (0, 1) for i in swayed)
            assert 0 <= cells[crowns] and cells[crowns] + sum(cells[i] for i in swayed) <= count
        assert card_counts(self.state.game, cells, self.state.players) == \
            expected_counts(self.state.game, self.state.players)
        if self.state.engine.active() != self.duchy:
            assert sum(cells[self.revealed[0]:self.revealed[0] + self.revealed[1]]) == 0


def play(state: GameState, seed: int, check: bool, describe: bool = False, limit: int = 30000) -> None:
    rng = random.Random(seed)
    invariants: Invariants | None = None
    for _ in range(limit):
        if state.is_terminal():
            return
        legal = state.legal_actions()
        assert legal, "a decision with no options"
        if describe:  # every option in words; only an effect's choice (the Marquise's, kind 2) may be generic
            for action in legal:
                for locale in LOCALES:
                    text = state.describe(action, locale)
                    generic = state.decision_kind() != 2 and text.startswith(GENERIC[locale])
                    assert text and "{" not in text and not generic, (action, locale, text)
        state.apply(rng.choice(legal))
        if check and state.engine.turn() > 0:
            invariants = invariants or Invariants(state)
            invariants.check()
    raise AssertionError(f"the game did not end in {limit} actions")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_with_the_duchy_keep_every_invariant_and_end(players: int, battery: Callable[[range], range]) -> None:
    tables = tables_with_duchy(players)
    if not tables:
        pytest.skip(f"no viable table of {players} with the Duchy among the factions the engine plays")
    for seed in battery(range(16)):
        factions = list(tables[seed % len(tables)])
        random.Random(seed).shuffle(factions)
        state = new_state("root", players, seed, factions=factions)
        play(state, seed, check=True, describe=seed == 0)
        assert state.result()["winner"] >= 0


def test_many_compiled_playouts_with_the_duchy_end(battery: Callable[[range], range]) -> None:
    for players in (2, 3):
        for table in tables_with_duchy(players):
            for seed in battery(range(40)):
                state = new_state("root", players, 100 + seed, factions=list(table))
                state.playout(seed, 200_000)
                assert state.is_terminal(), (table, seed)


@pytest.mark.parametrize(("factions", "seed"), [(("duchy", "marquise"), 11), (("marquise", "duchy"), 12),
                                              (("eyrie", "duchy", "marquise"), 13), (("duchy", "eyrie"), 14)])
def test_compiled_and_python_play_the_same_games(factions: tuple[str, ...], seed: int) -> None:
    compiled = new_state("root", len(factions), seed, factions=list(factions))
    python = new_state("root", len(factions), seed, factions=list(factions), kernel="python")
    rng = random.Random(seed)
    while not compiled.is_terminal():
        assert compiled.legal_actions() == python.legal_actions()
        action = rng.choice(compiled.legal_actions())
        compiled.apply(action)
        python.apply(action)
        assert compiled.state_hash() == python.state_hash()
    assert python.is_terminal() and compiled.result() == python.result()


def test_the_duchy_is_seatable_and_its_placeholders_are_said() -> None:
    tables = kernel_of(new_state("root", 2, 1, factions=["marquise", "duchy"]).game).tables
    assert "duchy" in tables.playable
    said = [dict(line.said.args).get("track") for _, line in tables.placeholders]
    for track in ("duchy_citadels", "duchy_markets", "duchy_crowns_squire", "duchy_crowns_noble", "duchy_crowns_lord"):
        assert said.count(Named("track", track)) == 1
