"""The Woodland Alliance on the shared kernel (the Law, chapter 8).

A worked position for each of its actions and abilities, set up in the Python form by writing the state's fields
and driving the decisions; then random games with the Alliance at each table it can sit at, checking the rules'
invariants after every action, and the compiled and Python forms playing the same games in lock step.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from root_cards import card_counts, expected_counts, warriors_held
from lawforge.runtime.games import new_state
from lawforge.runtime.kernel import engine as kernel
from lawforge.runtime.kernel.state import GameState

FOX, RABBIT, MOUSE, BIRD = range(4)
CLEARING, CARD = 10, 12


STOP = 13
"""The option that ends a repeated step: the place after the clearings and the Burrow (core.places)."""

class Table:
    """A game in the Python form, its state read and written by field name: `table["warriors", c, seat]`."""

    def __init__(self, factions: list[str], seed: int = 3) -> None:
        self.state = new_state("root", len(factions), seed, factions=factions, kernel="python")
        self.engine = self.state.engine
        self.cells = self.engine.arrays()[0]
        self.tables = self.state.kernel.tables
        self.game = self.state.game
        self.seat = {faction: seat for seat, faction in enumerate(factions)}
        self.ncards = self.tables.dims["cards"]
        while self.engine.ctl[kernel.STAGE] == kernel.SETTING_UP:  # every faction set up, first options taken
            self.state.apply(self.options()[0])

    def index(self, key: tuple[Any, ...]) -> int:
        offset, extents, _ = self.game.layout.FIELDS[key[0]]
        flat = 0
        for at, extent in zip(key[1:], extents, strict=True):
            flat = flat * extent + at
        return int(offset + flat)

    def __getitem__(self, key: tuple[Any, ...] | str) -> int:
        return int(self.cells[self.index(key if isinstance(key, tuple) else (key,))])

    def __setitem__(self, key: tuple[Any, ...] | str, value: int) -> None:
        self.cells[self.index(key if isinstance(key, tuple) else (key,))] = value

    def clearing(self, name: str) -> int:
        return int(self.game.get("clearing", name).id)

    def cards(self, suit: int, kind: str = "item") -> list[int]:
        """Cards of a suit and kind, by index."""
        kinds = ("ambush", "dominance", "item", "immediate", "persistent")
        return [k for k in range(self.ncards) if self.tables.arrays["card_suit"][k] == suit
                and self.tables.arrays["card_kind"][k] == kinds.index(kind)]

    def clear(self) -> None:
        """An empty map, empty hands and stacks: a position is then written on it. The Alliance holds a dominance
        card that no rule of these positions plays, so that its Daylight menu waits for it."""
        for c in range(self.tables.dims["clearings"]):
            for seat in range(self.tables.dims["seats"]):
                self["warriors", c, seat] = 0
            for field in self.tables.arrays["piece_field"]:
                self.cells[field + c] = 0
        for seat in range(self.state.players):
            for k in range(self.ncards):
                self["hand", seat, k] = 0
                self["supporters", seat, k] = 0
        self.give("hand", self.seat["alliance"], self.cards(MOUSE, "dominance")[0])

    def give(self, field: str, seat: int, *cards: int) -> None:
        for k in cards:
            self[field, seat, k] += 1

    def start(self, faction: str, phase: int) -> None:
        """The faction's turn from the start of a phase, nothing under way."""
        engine, seat = self.engine, self.seat[faction]
        engine.ctl[kernel.DEPTH] = engine.ctl[kernel.KIND] = engine.ctl[kernel.COUNT] = 0
        engine.begin_turn(seat)
        engine.ctl[kernel.PHASE] = phase
        if phase > 0:
            engine.phase_started(seat, phase)
        engine.advance()

    def call(self, procedure: str, *args: int) -> None:
        """A procedure run on its own, in the Alliance's Daylight (whose menu comes back once it is done)."""
        engine = self.engine
        engine.ctl[kernel.DEPTH] = engine.ctl[kernel.KIND] = engine.ctl[kernel.COUNT] = 0
        engine.begin_turn(self.seat["alliance"])
        engine.ctl[kernel.PHASE] = 1
        engine.push(self.tables.procedure(procedure), *(list(args) + [0, 0, 0])[:3])
        engine.advance()

    def options(self) -> list[int]:
        return list(self.state.legal_actions())

    def choose(self, action: int) -> None:
        assert action in self.options(), (action, self.options())
        self.state.apply(action)

    def step(self, key: str) -> int:
        """The menu option of a faction's step, named `faction/step_id`."""
        faction, step_id = key.split("/")
        turn = self.game.get("faction", faction).turn
        index = next(i for i, step in enumerate(turn) if step.id == step_id)
        return next(i for i, step in enumerate(self.tables.steps) if step.key == f"faction/{faction}/turn/{index}")

    def procedure(self) -> str:
        top = self.engine.top()
        return self.tables.procedures[top[0] - 1] if top and top[0] > 0 else ""

    def dice(self, high: int, low: int) -> None:
        """The next battle rolls these two dice: the state's random cell set to a value that gives them."""
        faces = self.tables.arrays["die_faces"]
        for seed in range(1, 100000):
            x = kernel.xorshift(seed)
            first = faces[x % len(faces)]
            second = faces[kernel.xorshift(x) % len(faces)]
            if (max(first, second), min(first, second)) == (high, low):
                self.cells[0] = seed
                return
        raise AssertionError("no seed rolls these dice")


@pytest.fixture
def duel() -> Table:
    """The Alliance (seat 0) against the Eyrie (seat 1) on an empty map."""
    table = Table(["alliance", "eyrie"])
    table.clear()
    return table


def test_setup_forms_the_supply_and_draws_supporters() -> None:
    table = Table(["eyrie", "alliance"])
    seat = table.seat["alliance"]
    assert table["warrior_supply", seat] == 10
    assert table["officers", seat] == 0
    assert sum(table["supporters", seat, k] for k in range(table.ncards)) == 3
    assert sum(table["hand", seat, k] for k in range(table.ncards)) == 3
    assert sum(table["sympathy", c] + table["bases", c] + table["warriors", c, seat] for c in range(12)) == 0
    assert "alliance" in table.tables.playable


def test_revolt_removes_enemy_pieces_and_founds_a_base(duel: Table) -> None:
    hill, glade, meadow = (duel.clearing(name) for name in ("hill", "glade", "meadow"))
    for c in (hill, glade, meadow):
        duel["sympathy", c] = 1
    duel["roosts", hill] = 1
    duel["warriors", hill, 1] = 2
    eyrie_supply = duel["warrior_supply", 1]
    fox, bird, rabbit = duel.cards(FOX)[0], duel.cards(BIRD)[0], duel.cards(RABBIT)[0]
    duel.give("supporters", 0, fox, bird, rabbit)
    duel.start("alliance", 0)
    assert duel.procedure() == "alliance_revolt"
    assert duel.options() == sorted([hill, glade, meadow]) + [STOP]
    duel.choose(hill)
    assert duel.options() == sorted([fox, bird])
    duel.choose(fox)  # the bird is the only supporter left that pays: spent without asking
    assert duel["bases", hill] == 1 and duel["roosts", hill] == 0
    assert duel["warriors", hill, 0] == 3  # as many as the sympathetic fox clearings
    assert duel["officers", 0] == 1 and duel["warrior_supply", 0] == 6
    assert duel["warriors", hill, 1] == 0 and duel["warrior_supply", 1] == eyrie_supply + 2
    assert duel["score", 0] == 1  # the roost
    assert duel["supporters", 0, rabbit] == 1 and duel["discard_pile", fox] == 1 and duel["discard_pile", bird] == 1
    # The fox base is built, no other base's suit is sympathetic, one rabbit cannot pay for sympathy: Daylight.
    assert duel.state.decision_kind() == 1 and duel.engine.phase() == 1


def test_revolt_removes_the_keep_and_buildings_before_warriors_so_no_field_hospitals() -> None:
    table = Table(["alliance", "marquise"])
    table.clear()
    hill = table.clearing("hill")
    table["sympathy", hill] = table["keep", hill] = table["sawmills", hill] = table["wood", hill] = 1
    table["warriors", hill, 1] = 2
    sawmills, supply = table["sawmill_track", 1], table["warrior_supply", 1]
    fox = table.cards(FOX)[0]
    table.give("supporters", 0, fox, fox)
    table.give("hand", 1, table.cards(FOX)[1])  # would pay for Field Hospitals, had the keep stayed
    table.start("alliance", 0)
    table.choose(hill)  # both supporters are the same card: spent without asking
    assert table["score", 0] == 3  # the keep, the sawmill and the wood
    assert table["keep", hill] == table["sawmills", hill] == table["wood", hill] == 0
    assert table["sawmill_track", 1] == sawmills + 1
    assert table["warriors", hill, 1] == 0 and table["warrior_supply", 1] == supply + 2
    assert table["bases", hill] == 1 and table["warriors", hill, 0] == 1
    assert table.engine.phase() == 1  # no Field Hospitals asked of the Marquise: her keep is gone


def test_the_favor_cards_are_played_now_that_enemy_pieces_can_be_removed() -> None:
    tables = Table(["alliance", "eyrie"]).tables
    for name in ("favor_of_the_foxes", "favor_of_the_rabbits", "favor_of_the_mice"):
        k = tables.index("card", name)
        assert tables.arrays["card_craftable"][k] == 1 and tables.arrays["card_effect"][k] >= 0


def test_spread_sympathy_costs_the_track_and_martial_law(duel: Table) -> None:
    hill, creek, beach, dune = (duel.clearing(name) for name in ("hill", "creek", "beach", "dune"))
    duel["sympathy", hill] = 1
    duel["warriors", dune, 1] = 3  # Martial Law: one more supporter
    mouse, rabbit = duel.cards(MOUSE)[:2], duel.cards(RABBIT)[0]
    duel.give("supporters", 0, *mouse, rabbit)
    duel.start("alliance", 0)
    assert duel.procedure() == "alliance_spread_sympathy"
    assert duel.options() == sorted([creek, beach, dune]) + [STOP]  # next to the hill, and paid for
    duel.choose(dune)
    assert duel.options() == sorted(mouse)
    duel.choose(mouse[0])  # the second mouse is the only supporter left that pays: spent without asking
    assert duel["sympathy", dune] == 1
    assert duel["supporters", 0, mouse[0]] == duel["supporters", 0, mouse[1]] == 0
    assert duel["score", 0] == duel.tables.arrays["alliance_sympathy_vp"][1]
    weald = duel.clearing("weald")  # rabbit like the creek, but next to no sympathetic clearing
    assert weald not in duel.options() and creek in duel.options()
    duel.choose(STOP)
    assert duel.engine.phase() == 1


def test_spread_sympathy_anywhere_first_but_never_in_the_keep() -> None:
    table = Table(["alliance", "marquise"])
    table.clear()
    hill = table.clearing("hill")
    table["keep", hill] = 1
    table.give("supporters", 0, table.cards(FOX)[0])
    table.start("alliance", 0)
    fox_clearings = [c for c in range(12) if table["clearing_suit", c] == FOX and c != hill]
    assert table.options() == fox_clearings + [STOP]


def test_mobilize_fills_the_stack_up_to_its_limit_without_a_base(duel: Table) -> None:
    rabbit = duel.cards(RABBIT)
    duel.give("supporters", 0, *duel.cards(FOX)[:5])
    duel.give("hand", 0, rabbit[0], rabbit[1])
    duel.start("alliance", 1)
    mobilize = duel.step("alliance/mobilize")
    duel.choose(mobilize)
    duel.choose(rabbit[0])
    assert duel["hand", 0, rabbit[0]] == 0 and duel["supporters", 0, rabbit[0]] == 0
    assert duel["discard_pile", rabbit[0]] == 1  # the stack was full: the card is discarded
    duel["bases", duel.clearing("creek")] = 1
    duel.choose(mobilize)
    duel.choose(rabbit[1])
    assert duel["supporters", 0, rabbit[1]] == 1  # with a base, no limit
    assert sum(duel["supporters", 0, k] for k in range(duel.ncards)) == 6


def test_train_spends_a_card_of_a_built_base(duel: Table) -> None:
    duel["bases", duel.clearing("hill")] = 1
    fox, rabbit, bird = duel.cards(FOX)[0], duel.cards(RABBIT)[0], duel.cards(BIRD)[0]
    duel.give("hand", 0, fox, rabbit, bird)
    duel.start("alliance", 1)
    train = duel.step("alliance/train")
    assert train in duel.options()
    duel.choose(train)
    assert duel.options() == sorted([fox, bird])
    duel.choose(fox)
    assert duel["officers", 0] == 1 and duel["warrior_supply", 0] == 9 and duel["discard_pile", fox] == 1
    duel.choose(train)  # the bird is the only card left that pays
    assert duel["officers", 0] == 2 and duel["hand", 0, bird] == 0
    assert train not in duel.options()  # a rabbit pays for no built base


def test_sympathy_tokens_craft(duel: Table) -> None:
    duel["sympathy", duel.clearing("hill")] = 1
    cost = duel.tables.arrays["card_cost"]
    card = next(k for k in duel.cards(FOX) + duel.cards(RABBIT) + duel.cards(MOUSE)
                if list(cost[4 * k:4 * k + 4]) == [1, 0, 0, 0])  # an item costing one fox
    item = duel.tables.arrays["card_item"][card]
    duel.give("hand", 0, card)
    duel.start("alliance", 1)
    duel.choose(duel.step("alliance/craft"))
    duel.choose(card)
    assert duel["crafted_items", 0, item] == 1 and duel["score", 0] == duel.tables.arrays["card_vp"][card]
    assert duel.step("alliance/craft") not in duel.options()  # the token is used for this turn


def test_military_operations_one_per_officer_then_the_draw(duel: Table) -> None:
    hill, glade = duel.clearing("hill"), duel.clearing("glade")
    duel["bases", hill] = 1
    duel["officers", 0] = 2
    duel["warrior_supply", 0] = 6
    duel["warriors", glade, 0] = 1
    duel.start("alliance", 2)
    steps = {name: duel.step(f"alliance/operation_{name}") for name in ("move", "battle", "recruit", "organize")}
    assert duel.options() == sorted([steps["move"], steps["recruit"], steps["organize"]]) + [len(duel.tables.steps)]
    duel.choose(steps["recruit"])  # the only clearing with a base is taken without asking
    assert duel["warriors", hill, 0] == 1 and duel["warrior_supply", 0] == 5
    duel.choose(steps["organize"])
    duel.choose(glade)
    assert duel["warriors", glade, 0] == 0 and duel["sympathy", glade] == 1 and duel["warrior_supply", 0] == 6
    assert duel["score", 0] == duel.tables.arrays["alliance_sympathy_vp"][0]
    # Two officers, two operations: the Evening draws 1 card and 1 for the base's draw bonus; the Eyrie's turn.
    assert sum(duel["hand", 0, k] for k in range(duel.ncards)) == 1 + 2
    assert duel.engine.active() == 1


def test_guerrilla_war_the_defending_alliance_deals_the_higher_die(duel: Table) -> None:
    creek = duel.clearing("creek")
    duel["warriors", creek, 0] = 3
    duel["warriors", creek, 1] = 3
    duel.dice(3, 0)
    duel.call("battle", 1)  # the only clearing and defender are taken without asking
    assert duel["warriors", creek, 1] == 0  # the Alliance dealt the 3
    assert duel["warriors", creek, 0] == 3  # the Eyrie dealt the 0


def test_the_attacking_alliance_rolls_as_usual(duel: Table) -> None:
    creek = duel.clearing("creek")
    duel["warriors", creek, 0] = 3
    duel["warriors", creek, 1] = 3
    duel.dice(3, 0)
    duel.call("battle", 0)
    assert duel["warriors", creek, 1] == 0 and duel["warriors", creek, 0] == 3


def test_outrage_when_warriors_move_into_sympathy(duel: Table) -> None:
    hill, creek = duel.clearing("hill"), duel.clearing("creek")
    duel["sympathy", hill] = 1
    duel["warriors", creek, 1] = 2
    fox, rabbit, bird = duel.cards(FOX)[0], duel.cards(RABBIT)[0], duel.cards(BIRD)[0]
    duel.give("hand", 1, fox, rabbit, bird)
    duel.call("move", 1)  # from the creek, the only clearing with Eyrie warriors
    duel.choose(hill)
    duel.choose(1)
    assert duel.procedure() == "outrage" and duel.state.current_player() == 1
    assert duel.options() == sorted([fox, bird])  # a card of the clearing's suit, or a bird
    duel.choose(fox)
    assert duel["hand", 1, fox] == 0 and duel["supporters", 0, fox] == 1


def test_outrage_without_a_matching_card_draws_a_supporter(duel: Table) -> None:
    hill, creek = duel.clearing("hill"), duel.clearing("creek")
    duel["sympathy", hill] = 1
    duel["warriors", creek, 1] = 2
    rabbit = duel.cards(RABBIT)[0]
    duel.give("hand", 1, rabbit)
    deck = sum(duel["deck", k] for k in range(duel.ncards))
    duel.call("move", 1)
    duel.choose(hill)
    duel.choose(2)
    assert duel["hand", 1, rabbit] == 1
    assert sum(duel["supporters", 0, k] for k in range(duel.ncards)) == 1
    assert sum(duel["deck", k] for k in range(duel.ncards)) == deck - 1


def test_outrage_when_another_player_removes_sympathy(duel: Table) -> None:
    hill = duel.clearing("hill")
    duel["sympathy", hill] = 1
    duel["warriors", hill, 1] = 1
    fox = duel.cards(FOX)[0]
    duel.give("hand", 1, fox)
    duel.call("battle", 1)  # in the hill, defenseless: at least one hit, which takes the token
    assert duel["sympathy", hill] == 0 and duel["score", 1] == 1
    assert duel["hand", 1, fox] == 0 and duel["supporters", 0, fox] == 1  # the only matching card: given


def test_removing_a_base_discards_its_suit_and_birds_and_half_the_officers(duel: Table) -> None:
    hill = duel.clearing("hill")
    duel["bases", hill] = 1
    duel["warriors", hill, 1] = 1
    duel["officers", 0] = 3
    duel["warrior_supply", 0] = 7
    fox, bird, rabbit, mouse = duel.cards(FOX)[:2], duel.cards(BIRD)[0], duel.cards(RABBIT)[0], duel.cards(MOUSE)
    duel.give("supporters", 0, *fox, bird, rabbit, *mouse[:5])
    duel.call("battle", 1)
    assert duel["bases", hill] == 0 and duel["score", 1] == 1
    assert duel["officers", 0] == 1 and duel["warrior_supply", 0] == 9  # 2 of 3 officers: half, rounded up
    assert duel["supporters", 0, fox[0]] == duel["supporters", 0, fox[1]] == duel["supporters", 0, bird] == 0
    # No base left and 6 supporters: the Alliance discards one of its choice, down to 5.
    assert duel.procedure() == "removing_bases" and duel.state.current_player() == 0
    assert duel.options() == sorted([rabbit, *mouse[:5]])
    duel.choose(rabbit)
    assert sum(duel["supporters", 0, k] for k in range(duel.ncards)) == 5 and duel["discard_pile", rabbit] == 1


def test_supporters_are_seen_by_the_alliance_only(duel: Table) -> None:
    fox = duel.cards(FOX)[0]
    duel.give("supporters", 0, fox)
    at = duel.index(("supporters", 0, fox))
    assert duel.state.observation(0).cells[at] == 1
    assert duel.state.observation(1).cells[at] == -1


def test_describe_says_each_alliance_decision(duel: Table) -> None:
    hill, glade = duel.clearing("hill"), duel.clearing("glade")
    duel["sympathy", hill] = duel["sympathy", glade] = 1
    fox = duel.cards(FOX)[:2]
    duel.give("supporters", 0, *fox)
    duel.start("alliance", 0)
    said = {locale: duel.state.describe(hill, locale) for locale in ("en", "fr", "uk")}
    assert said == {"en": "Revolt in Hill", "fr": "Déclencher une révolte dans la clairière Colline",
                    "uk": "Підняти повстання на галявині «Пагорб»"}
    assert duel.state.describe(STOP, "fr") == "Ne plus déclencher de révolte"
    duel.choose(hill)
    assert duel.state.describe(fox[0], "en") == "Spend the supporter Anvil"
    assert duel.state.describe(fox[0], "uk") == "Витратити прибічника «Ковадло»"


def test_every_alliance_decision_is_described_in_each_locale() -> None:
    fallback = {"en": "Choose: ", "fr": "Choisir : ", "uk": "Обрати: "}
    own = ("alliance_revolt", "alliance_spread_sympathy", "alliance_mobilize", "alliance_train", "alliance_recruit",
           "alliance_organize", "outrage", "removing_bases")
    seen = set()
    for seed in range(3):
        state = new_state("root", 3, seed, factions=["alliance", "eyrie", "marquise"])
        tables = state.kernel.tables
        rng = random.Random(seed)
        while not state.is_terminal():
            top = state.engine.top()
            procedure = tables.procedures[top[0] - 1] if top and top[0] > 0 else ""
            if procedure in own:
                seen.add(procedure)
                for locale, generic in fallback.items():
                    for action in state.legal_actions():
                        text = state.describe(action, locale)
                        assert text and "{" not in text and not text.startswith(generic), (procedure, text)
            state.apply(rng.choice(state.legal_actions()))
    assert seen >= {"alliance_revolt", "alliance_spread_sympathy", "alliance_mobilize", "outrage"}


# --- random games ------------------------------------------------------------------------------------------------


def alliance_tables() -> list[tuple[str, ...]]:
    """Tables with the Alliance among the factions the engine plays: at each player count every viable one by
    reach (annex A), the first few, and the two-player duels, which the Law's setup allows by any assignment
    (5.1.1) though their reach is below the viable sum."""
    from itertools import combinations

    tables = new_state("root", 3, 1, factions=["marquise", "eyrie", "alliance"], kernel="python").kernel.tables
    playable = tables.playable
    reach = tables.arrays["reach"]
    low = tables.numbers["viable_reach_from"]
    found: list[tuple[str, ...]] = [("alliance", other) for other in playable if other != "alliance"]
    for players in range(2, 7):
        need = tables.arrays["viable_reach"][players - low]
        viable = [combo for combo in combinations(playable, players) if "alliance" in combo
                  and sum(reach[tables.faction_index(f)] for f in combo) >= need]
        found += viable[:3]
    return found


TABLES = alliance_tables()


def invariants(state: GameState) -> None:
    """What no action may break: pieces conserved per faction, cards conserved, slots, the Alliance's limits."""
    t = state.kernel.tables
    fields = state.game.layout.FIELDS
    cells = state.engine.arrays()[0]
    clearings, seats, ncards = t.dims["clearings"], t.dims["seats"], t.dims["cards"]

    def at(name: str, i: int = 0) -> int:
        return int(cells[fields[name][0] + i])

    set_up = state.engine.arrays()[1][kernel.STAGE] != kernel.SETTING_UP
    for seat in range(state.players if set_up else 0):
        name = t.faction_name(at("faction_of", seat))
        on_map = sum(at("warriors", c * seats + seat) for c in range(clearings))
        assert at("warrior_supply", seat) >= 0 and at("officers", seat) >= 0
        assert warriors_held(state.game, cells, seat) == t.arrays.get(f"{name}_warrior_count", [0])[0]
        assert 0 <= at("score", seat)
    for c in range(clearings):
        buildings = at("ruins", c) + sum(cells[field + c] for field, building in
                                        zip(t.arrays["piece_field"], t.arrays["piece_building"]) if building)
        assert buildings <= t.arrays["slots"][c]
        assert at("sympathy", c) <= t.numbers["sympathy_per_clearing"]
    assert sum(at("sympathy", c) for c in range(clearings)) <= t.arrays["alliance_sympathy_count"][0]
    for suit in range(t.dims["suits"] - 1):
        assert sum(at("bases", c) for c in range(clearings) if at("clearing_suit", c) == suit) <= 1
    alliance = [seat for seat in range(state.players) if t.faction_name(at("faction_of", seat)) == "alliance"]
    stack = sum(at("supporters", alliance[0] * ncards + k) for k in range(ncards))
    top = state.engine.top()
    # cut down by Removing Bases, which never runs when removing the last base won the game
    discarding = (top is not None and t.procedures[top[0] - 1] == "removing_bases") or state.is_terminal()
    if sum(at("bases", c) for c in range(clearings)) == 0 and not discarding:
        assert stack <= t.numbers["alliance_supporters_limit"]
    assert card_counts(state.game, cells, state.players) == expected_counts(state.game, state.players)


def play(state: GameState, seed: int, check: bool = True, limit: int = 20000) -> None:
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_terminal():
            return
        state.apply(rng.choice(state.legal_actions()))
        if check:
            invariants(state)
    raise AssertionError(f"{state.result()['factions']}: no end after {limit} actions")


@pytest.mark.battery
@pytest.mark.parametrize("factions", TABLES, ids="-".join)
def test_random_games_keep_the_rules_and_end(factions: tuple[str, ...], battery: Callable[[range], range]) -> None:
    for seed in battery(range(8)):
        state = new_state("root", len(factions), seed, factions=list(factions))
        invariants(state)
        play(state, seed)
        assert state.result()["winner"] >= 0


@pytest.mark.battery
@pytest.mark.parametrize("factions", TABLES, ids="-".join)
def test_compiled_playouts_end(factions: tuple[str, ...], battery: Callable[[range], range]) -> None:
    for seed in battery(range(100)):
        state = new_state("root", len(factions), seed, factions=list(factions))
        state.playout(seed)
        assert state.is_terminal()
        invariants(state)


@pytest.mark.parametrize("factions,seed", [(("alliance", "eyrie"), 1), (("marquise", "alliance"), 2),
                                           (("eyrie", "alliance", "marquise"), 3),
                                           (("alliance", "marquise", "eyrie"), 4)], ids=str)
def test_compiled_and_python_play_the_same_game(factions: tuple[str, ...], seed: int) -> None:
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
