"""Root's read-only data for the kernel, built once per compiled game: the map, the cards, the factions' tracks
and every number the rules give, as flat int32 arrays the compiled engine indexes, and the turn plan.

Nothing here is a rule number: each value comes from content/root (constants.yaml, clearings.yaml, cards.yaml,
tracks.yaml, factions/*.yaml …). What the engine cannot yet play is said here too (`UNPLAYED`).
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field
from typing import Any

from ..content import CompiledGame
from ..kernel.layout import LAYOUT
from ..kernel.plan import PlannedStep, build_plan
from ..notes import KernelLine, Listed, Named

CARD_KINDS = ("ambush", "dominance", "item", "immediate", "persistent")
RANKS = ("squire", "noble", "lord")
"""The Duchy ministers' ranks, lowest first, as the Price of Failure orders them (12.2.3)."""
SUIT_ANY = 3
"""In a craft cost, the `any` (?) icon takes the place of the bird, which no cost names (4.1.1)."""


def ints(values: list[int]) -> array[int]:
    return array("i", values or [0])


@dataclass
class RootTables:
    """What every game of one compiled Root shares. Arrays are row-major; sizes are in `dims`."""

    game: CompiledGame
    code: array[int]
    data: array[int]
    dims: dict[str, int]
    numbers: dict[str, int]
    offsets: dict[str, int]
    strides: dict[str, tuple[int, ...]]
    arrays: dict[str, array[int]] = field(default_factory=dict)
    plan: array[int] = field(default_factory=lambda: array("i"))
    steps: list[PlannedStep] = field(default_factory=list)
    procedures: list[str] = field(default_factory=list)
    """Procedure number - 1 → its name: the natives, in the bytecode's order, then the kernel's own."""
    parts: tuple[Any, ...] | None = None
    """The engine's rule modules, made by the first engine (engine.py: `_parts`) and shared by the others."""
    placeholders: list[tuple[str, str]] = field(default_factory=list)
    """What the kernel plays with that the content marks as placeholder data: (the faction it belongs to, or ""
    for every game; what it is), said once per game where that faction sits."""
    playable: list[str] = field(default_factory=list)
    """Factions whose setup and every step the engine plays."""
    pieces: list[str] = field(default_factory=list)
    """`faction/piece` of each row of the piece tables (a PIECE decision's options)."""
    _indexes: dict[tuple[str, str], int] = field(default_factory=dict)

    def piece(self, key: str) -> int:
        return self.pieces.index(key)

    def procedure(self, name: str) -> int:
        return self.procedures.index(name) + 1

    def faction_index(self, name: str) -> int:
        return self.index("faction", name)

    def leader_index(self, name: str) -> int:
        return self.index("leader", name)

    def index(self, kind: str, name: str) -> int:
        """An entity's number (made once per game: engines ask at every copy)."""
        key = (kind, name)
        if key not in self._indexes:
            self._indexes[key] = int(self.game.get(kind, name).id)
        return self._indexes[key]

    def minister_index(self, name: str) -> int:
        return int(self.game.get("minister", name).id)

    def faction_name(self, index: int) -> str:
        return str(self.game.entities("faction")[index].id.name.lower())


RUNS = {"duchy": "minister/"}
"""Effects besides its steps' that a faction's procedures run, by key prefix: the Duchy's Parliament runs its
swayed ministers' (12.5.2); the faction is played only if the engine plays every native they call."""

INTERNAL = ("setup_game", "setup_faction", "remove_hits", "discard_card", "field_hospitals", "dominance_activate",
            "dominance_take", "turmoil", "outrage", "removing_bases", "price_of_failure", "buy_services",
            "riverfolk_pay", "trade_disruption", "corvid_raid", "vagabond_ally", "vagabond_protector",
            "vagabond_swift_strike", "vagabond_damage", "persistent_effects")
"""Procedures the engine calls itself, numbered after the natives."""

NO_TIMING, PHASE_START, IN_DAYLIGHT, DECLARED, ROLLED = 0, 1, 2, 3, 4
"""When a persistent card acts (`card_timing`, runtime/root/persistent.py): never (not persistent, or not played),
as a phase starts (`card_phase` says which), as a Daylight action, or in battle: once it is declared, or once the
dice are rolled."""
BATTLE_MOMENT = {"ambush_ignored": DECLARED, "extra_hits": ROLLED, "rolled_hits_ignored": ROLLED}
"""The moment of a battle a rule hook is read at: ambushes are played in step 1, before the dice (4.3.1); extra
hits are added and rolled hits counted once the dice are rolled (4.3.2)."""
WARRIORS_PARAM = "warriors"
"""A card's param for the warriors its effect removes from a clearing of the player's (Tax Collector): the card is
offered only when a clearing holds that many (its effect's choice of clearing would have no option)."""

ITEM_COSTS = "faction/vagabond/"
"""Steps whose content cost names the item they exhaust (`cost_<native>`, read by `_vagabond_arrays`) but which
the engine's procedures pay themselves: a Move's price depends on where the pawn goes (9.5.1)."""


def build_tables(game: CompiledGame, codes: dict[str, int], setups: frozenset[str],
                 characters: frozenset[str] = frozenset(), rules: frozenset[str] = frozenset()) -> RootTables:
    """`codes`: the procedures the engine plays, by name; `setups`: the factions whose setup it plays;
    `characters`: the Vagabond characters it plays; `rules`: the rule hooks (`modify`) it reads."""
    layout = game.layout
    clearings = game.entities("clearing")
    cards = game.entities("card")
    suits = game.entities("suit")
    items = game.entities("item")
    factions = game.entities("faction")
    dims = {"clearings": len(clearings), "cards": len(cards), "suits": len(suits), "items": len(items),
            "factions": len(factions), "seats": dict(layout.SPACES)["player"],
            "leaders": len(game.entities("leader")), "services": len(game.entities("service"))}
    numbers = {c.id.name.lower(): c.value for c in game.entities("constant")}
    tables = RootTables(game, game.code, game.data, dims, numbers,
                        {name: offset for name, (offset, _, _) in layout.FIELDS.items()},
                        {name: extents for name, (_, extents, _) in layout.FIELDS.items()})
    tables.arrays.update(_map_arrays(clearings))
    tables.arrays.update(_card_arrays(cards))
    tables.arrays["item_supply"] = ints([item.supply for item in items])
    tables.arrays["item_ruin"] = ints([int(item.ruin) for item in items])
    tables.arrays["plot_copies"] = ints([plot.count for plot in game.entities("plot")])
    tables.dims["plots"] = len(game.entities("plot"))
    tables.arrays.update(_faction_arrays(game, factions))
    _piece_rows(tables, factions)
    _derived(tables)
    _derived_lizard(tables)
    _minister_arrays(tables, game)
    die = game.get("die", "battle_die")
    columns = ("recruit", "move", "battle", "build")
    tables.arrays["leader_viziers"] = ints([columns.index(column) for leader in game.entities("leader")
                                            for column in leader.viziers])
    tables.arrays["die_faces"] = ints([face.value for face in die.faces for _ in range(face.count)])
    tables.arrays["reach"] = ints([faction.reach for faction in factions])
    tables.arrays["faction_warriors"] = ints([sum(p.count for p in faction.pieces if p.kind == "warrior")
                                              for faction in factions])
    tables.arrays["viable_reach"] = ints([row[0] for row in game.get("table", "viable_reach").values])
    tables.numbers["viable_reach_from"] = int(game.get("table", "viable_reach").rows.keys[0])
    _vagabond_arrays(tables, game, characters)
    tables.procedures = [*layout.NATIVES, *INTERNAL]
    tables.arrays["impl"] = ints([0] + [codes.get(name, 0) for name in tables.procedures])
    _plan(tables, game, factions)
    _alliance(tables, game)
    _riverfolk(tables, game)
    tables.arrays["step_cost"] = ints([game.layout.ENTRIES.get(f"{step.key}/cost", -1) if _runs_cost(step) else -1
                                       for step in tables.steps])
    _playable(tables, game, factions, codes, setups)
    _placeholder_tracks(tables, game)
    _card_effects(tables, game, cards, codes, rules)
    _card_steps(tables, game, cards)
    tables.numbers["procedure_persistent_effects"] = tables.procedure("persistent_effects")
    order = setup_order(factions)
    tables.arrays["setup_order"] = ints([int(faction.id) for faction in order])
    factions_in_order = Listed(tuple(Named("faction", f.id.name.lower()) for f in order))
    tables.placeholders.append(("", KernelLine.of(game, "placeholder_setup_order", factions=factions_in_order)))
    return tables


def _playable(tables: RootTables, game: CompiledGame, factions: tuple[Any, ...], codes: dict[str, int],
              setups: frozenset[str]) -> None:
    from ..effects import natives_called

    called = natives_called(game)
    for faction in factions:
        name = faction.id.name.lower()
        steps = [step for step in tables.steps if step.key.startswith(f"faction/{name}/")]
        effects = [key for key in called if key.startswith(RUNS.get(name, "/"))]
        if name in setups and all(_step_played(step, tables, codes, called) for step in steps) \
                and all(native in codes for key in effects for native in called[key]):
            tables.playable.append(name)


def _step_played(step: PlannedStep, tables: RootTables, codes: dict[str, int],
                 called: dict[str, frozenset[str]]) -> bool:
    if _runs_cost(step) and not all(name in codes for name in called.get(f"{step.key}/cost", ())):
        return False
    if step.effect >= 0:
        return all(name in codes for name in called.get(step.key, ()))
    return tables.procedures[step.procedure - 1] in codes


def _runs_cost(step: PlannedStep) -> bool:
    """The engine runs the step's content cost before the step (RootEngine.take)."""
    return not step.key.startswith(ITEM_COSTS)


def _card_effects(tables: RootTables, game: CompiledGame, cards: tuple[Any, ...], codes: dict[str, int],
                  rules: frozenset[str]) -> None:
    """Immediate cards run their effect when crafted, persistent ones at their timing (`card_timing`), if the
    engine plays every native the effect calls and reads every rule hook it modifies; a card the engine cannot
    honour in full is not offered for crafting (its suit can still be spent)."""
    from ..effects import natives_called

    called = natives_called(game)
    modified = getattr(game.layout, "RULES", {})
    phases = {phase.id.name.lower(): int(phase.id) for phase in game.entities("phase")}
    timing = tables.arrays["card_timing"] = ints([NO_TIMING] * len(cards))
    phase_of = tables.arrays["card_phase"] = ints([-1] * len(cards))
    needs = tables.arrays["card_needs_warriors"] = ints([0] * len(cards))
    for index, card in enumerate(cards):
        key = f"card/{card.id.name.lower()}/power"
        if card.kind not in ("immediate", "persistent"):
            continue
        if key in game.layout.ENTRIES and all(name in codes for name in called.get(key, ())) \
                and all(rule in rules for rule in modified.get(key, ())):
            tables.arrays["card_effect"][index] = game.layout.ENTRIES[key]
        else:
            tables.arrays["card_craftable"][index] = 0
            continue
        if card.kind == "persistent":
            hooks = modified.get(key, ())
            if card.timing == "battle":
                timing[index] = DECLARED if any(BATTLE_MOMENT.get(h) == DECLARED for h in hooks) else ROLLED
            elif card.timing == "daylight":
                timing[index] = IN_DAYLIGHT
            else:
                timing[index] = PHASE_START
                phase_of[index] = phases[card.timing.removesuffix("_start")]
            needs[index] = dict(card.params).get(WARRIORS_PARAM, 0)


def _card_steps(tables: RootTables, game: CompiledGame, cards: tuple[Any, ...]) -> None:
    """The plan step of each faction's once-in-Daylight card (`faction/<f>/card/<id>`) → that card; -1 else."""
    index = {card.id.name.lower(): i for i, card in enumerate(cards)}
    tables.arrays["step_card"] = ints([index[step.key.split("/")[3]] if step.key.split("/")[2:3] == ["card"] else -1
                                       for step in tables.steps])


def _map_arrays(clearings: tuple[Any, ...]) -> dict[str, array[int]]:
    n = len(clearings)
    paths = [0] * (n * n)
    rivers = [0] * (n * n)
    for c in clearings:
        for d in c.paths:
            paths[int(c.id) * n + int(d)] = paths[int(d) * n + int(c.id)] = 1
        for d in c.rivers:
            rivers[int(c.id) * n + int(d)] = rivers[int(d) * n + int(c.id)] = 1
    return {
        "paths": ints(paths), "rivers": ints(rivers),
        "slots": ints([c.slots for c in clearings]),
        "ruin_slots": ints([c.ruins for c in clearings]),
        "corner": ints([int(c.corner) for c in clearings]),
        "opposite": ints([int(c.opposite) if c.opposite is not None else -1 for c in clearings]),
        "printed_suit": ints([int(c.suit) if c.suit is not None else -1 for c in clearings]),
    }


def _card_arrays(cards: tuple[Any, ...]) -> dict[str, array[int]]:
    cost: list[int] = []
    for card in cards:
        row = [0, 0, 0, 0]
        for suit in card.craft_cost:
            row[{"fox": 0, "rabbit": 1, "mouse": 2}.get(suit, SUIT_ANY)] += 1
        cost += row
    return {
        "card_suit": ints([int(card.suit) for card in cards]),
        "card_kind": ints([CARD_KINDS.index(card.kind) for card in cards]),
        "card_copies": ints([card.copies for card in cards]),
        "card_item": ints([int(card.item) if card.item is not None else -1 for card in cards]),
        "card_vp": ints([card.vp or 0 for card in cards]),
        "card_cost": ints(cost),
        "card_craftable": ints([int(bool(card.craft_cost)) for card in cards]),
        "card_effect": ints([-1] * len(cards)),
    }


def _faction_arrays(game: CompiledGame, factions: tuple[Any, ...]) -> dict[str, array[int]]:
    """Piece counts per faction and piece, and each track's spaces (cost, vp, draw) in order; a track kept per
    suit (trade posts, gardens) is named with its suit, a track of no piece (service prices) by its id."""
    tracks: dict[tuple[int, str | None], list[Any]] = {}
    for track in game.entities("track"):
        tracks.setdefault((int(track.faction), track.piece), []).append(track)
    out: dict[str, array[int]] = {}
    for faction in factions:
        name = faction.id.name.lower()
        for piece in faction.pieces:
            out[f"{name}_{piece.id}_count"] = ints([piece.count])
            for track in tracks.get((int(faction.id), piece.id), ()):
                key = f"{name}_{piece.id}" + (f"_{track.suit.name.lower()}" if track.suit is not None else "")
                out.update(_track_arrays(key, track))
        for track in tracks.get((int(faction.id), None), ()):
            out.update(_track_arrays(track.id.name.lower(), track))
    return out


def padded(rows: list[Any], width: int) -> array[int]:
    """Rows of a table laid end to end, each padded with zeros to the same width."""
    return ints([value for row in rows for value in (list(row) + [0] * (width - len(row)))])


def setup_order(factions: tuple[Any, ...]) -> list[Any]:
    """Factions in an order their setups can follow: each after those it names in `setup_after`, then by
    descending reach."""
    left = sorted(factions, key=lambda faction: -faction.reach)
    order: list[Any] = []
    while left:
        ready = next(f for f in left if all(int(other) in {int(o.id) for o in order} for other in f.setup_after))
        order.append(ready)
        left.remove(ready)
    return order


def _derived(tables: RootTables) -> None:
    """Arrays the faction engines index, laid out once here rather than at every copy of a game."""
    arrays, offsets = tables.arrays, tables.offsets
    buildings = ("sawmill", "workshop", "recruiter")
    width = max(len(arrays[f"marquise_{b}_cost"]) for b in buildings)
    tables.dims["marquise_track"] = width
    arrays["marquise_totals"] = ints([arrays[f"marquise_{b}_count"][0] for b in buildings])
    arrays["marquise_rows"] = ints([tables.piece(f"marquise/{b}") for b in buildings])
    arrays["marquise_costs"] = padded([arrays[f"marquise_{b}_cost"] for b in buildings], width)
    arrays["marquise_points"] = padded([arrays[f"marquise_{b}_vp"] for b in buildings], width)
    arrays["marquise_draws"] = padded([arrays[f"marquise_{b}_draw"] for b in buildings], width)
    columns = ("recruit", "move", "battle", "build")
    arrays["decree_columns"] = ints([offsets[f"decree_{column}"] for column in columns])
    arrays["vizier_columns"] = ints([offsets[f"viziers_{column}"] for column in columns])


def _alliance(tables: RootTables, game: CompiledGame) -> None:
    """What the Alliance's engine looks up by name, numbered once here rather than at every copy of a game."""
    numbers = tables.numbers
    numbers["phase_evening"] = int(game.get("phase", "evening").id)
    numbers["alliance_sympathy_row"] = tables.piece("alliance/sympathy")
    numbers["alliance_base_row"] = tables.piece("alliance/base")
    for name in ("remove_enemy_pieces", "outrage", "removing_bases"):
        numbers[f"procedure_{name}"] = tables.procedure(name)


def _derived_lizard(tables: RootTables) -> None:
    """The Cult's garden tracks, one row per clearing suit: their lengths, points and draw bonuses."""
    suits = [suit.id.name.lower() for suit in tables.game.entities("suit") if suit.clearing]
    arrays = tables.arrays
    width = max(len(arrays[f"lizard_cult_garden_{suit}_vp"]) for suit in suits)
    tables.dims["lizard_garden_track"] = width
    arrays["lizard_garden_spaces"] = ints([len(arrays[f"lizard_cult_garden_{suit}_vp"]) for suit in suits])
    arrays["lizard_garden_points"] = padded([arrays[f"lizard_cult_garden_{suit}_vp"] for suit in suits], width)
    arrays["lizard_garden_draws"] = padded([arrays[f"lizard_cult_garden_{suit}_draw"] for suit in suits], width)


def _minister_arrays(tables: RootTables, game: CompiledGame) -> None:
    """The Duchy's ministers (rank, cards to reveal, the entry of their action's effect) and its crown track, one
    row of victory points per rank (12.5.3)."""
    ministers = game.entities("minister")
    entries = game.layout.ENTRIES
    tables.dims["ministers"] = len(ministers)
    tables.arrays["minister_rank"] = ints([RANKS.index(m.rank) for m in ministers])
    tables.arrays["minister_reveal"] = ints([m.reveal for m in ministers])
    tables.arrays["minister_effect"] = ints([entries[f"minister/{m.id.name.lower()}"] for m in ministers])
    crowns = {track.id.name.lower(): track for track in game.entities("track")}
    rows = [crowns[f"duchy_crowns_{rank}"].spaces for rank in RANKS]
    tables.dims["crown_track"] = max(len(row) for row in rows)
    tables.arrays["crown_count"] = ints([len(row) for row in rows])
    tables.arrays["crown_field"] = ints([tables.offsets[f"crowns_{rank}"] for rank in RANKS])
    tables.arrays["crown_vp"] = ints([space.vp or 0 for row in rows
                                      for space in (list(row) + [row[-1]] * (tables.dims["crown_track"] - len(row)))])


def _placeholder_tracks(tables: RootTables, game: CompiledGame) -> None:
    """The tracks of the factions the engine plays whose values the content marks as made up: said once a game."""
    for track in game.entities("track"):
        faction = game.entities("faction")[int(track.faction)].id.name.lower()
        if faction in tables.playable and track.status == "placeholder":
            tables.placeholders.append((faction, KernelLine.of(game, "placeholder_track", rule=track.rule,
                                                               track=Named("track", track.id.name.lower()),
                                                               faction=Named("faction", faction))))


def _riverfolk(tables: RootTables, game: CompiledGame) -> None:
    """The Riverfolk's trade post tracks by suit (a suit without one has no space), the services' numbers, and
    the indices their engine parts use, found once here rather than at every copy of a game."""
    arrays, numbers = tables.arrays, tables.numbers
    numbers["riverfolk"] = tables.faction_index("riverfolk")
    numbers["riverfolk_post_row"] = tables.piece("riverfolk/trade_post")
    for name in ("riverfolk_pay", "trade_disruption"):
        numbers[f"procedure_{name}"] = tables.procedure(name)
    tracks = [arrays.get(f"riverfolk_trade_post_{suit.id.name.lower()}_vp") for suit in game.entities("suit")]
    width = max((len(track) for track in tracks if track is not None), default=0)
    tables.dims["riverfolk_track"] = width
    arrays["riverfolk_post_spaces"] = ints([len(track) if track is not None else 0 for track in tracks])
    arrays["riverfolk_post_points"] = padded([track if track is not None else [] for track in tracks], width)
    for service in game.entities("service"):
        numbers[f"service_{service.id.name.lower()}"] = int(service.id)
    numbers["daylight"] = int(game.get("phase", "daylight").id)


def _track_arrays(key: str, track: Any) -> dict[str, array[int]]:
    return {f"{key}_cost": ints([space.cost or 0 for space in track.spaces]),
            f"{key}_vp": ints([space.vp or 0 for space in track.spaces]),
            f"{key}_draw": ints([space.draw for space in track.spaces]),
            f"{key}_warrior": ints([space.warrior for space in track.spaces])}


def _piece_rows(tables: RootTables, factions: tuple[Any, ...]) -> None:
    """Every kind of building and token on the map, one row each: its faction, whether it is a building, the
    field that counts it per clearing, where a removed one goes, whether it crafts (content: factions' pieces)."""
    rows = [(int(faction.id), piece) for faction in factions for piece in faction.pieces
            if piece.kind in ("building", "token") and piece.field is not None]
    offsets = tables.offsets
    tables.pieces = [f"{tables.faction_name(faction)}/{piece.id}" for faction, piece in rows]
    tables.dims["pieces"] = len(rows)
    tables.arrays["piece_faction"] = ints([faction for faction, _ in rows])
    tables.arrays["piece_building"] = ints([int(piece.kind == "building") for _, piece in rows])
    tables.arrays["piece_field"] = ints([offsets[piece.field.name.lower()] for _, piece in rows])
    tables.arrays["piece_return"] = ints([offsets[piece.returns_to.name.lower()] if piece.returns_to is not None else -1
                                          for _, piece in rows])
    tables.arrays["piece_crafts"] = ints([int(piece.crafting) for _, piece in rows])
    tables.arrays["piece_return_suited"] = ints([int(piece.returns_to is not None and tables.game.layout.FIELD_AXES[
        piece.returns_to.name.lower()] == ("player", "suit")) for _, piece in rows])


def _plan(tables: RootTables, game: CompiledGame, factions: tuple[Any, ...]) -> None:
    """Each faction's turn from its content: its steps in order, with their mode, limit and budget."""
    phases = len(game.entities("phase"))
    steps: list[PlannedStep] = []
    budgets: list[list[int]] = []
    dominance = any(card.kind == "dominance" for card in game.entities("card"))
    daylight = int(game.get("phase", "daylight").id)
    birdsong = int(game.get("phase", "birdsong").id)
    sellers = [faction for faction in factions if any(a.id == "buying_services" for a in faction.abilities)]
    for faction in factions:
        role = int(faction.id)
        amounts = dict(faction.budgets)
        names = list(amounts)
        for name in names:  # a budget's index, for an engine that adds to it during a turn
            tables.numbers[f"{faction.id.name.lower()}_budget_{name}"] = names.index(name)
        budgets.append([amounts[name] for name in names])
        if sellers and faction not in sellers:  # other players may buy services at the start of Birdsong (11.2.6)
            steps.append(PlannedStep(f"faction/{faction.id.name.lower()}/buy_services", role, birdsong,
                                     tables.procedure("buy_services")))
        for index, step in enumerate(faction.turn):
            key = f"faction/{faction.id.name.lower()}/turn/{index}"
            effect = game.layout.ENTRIES.get(key, -1)
            procedure = tables.procedure(step.native.name.lower()) if step.native is not None else 0
            steps.append(PlannedStep(key, role, int(step.phase), procedure, step.mode, step.per_turn or 0,
                                     names.index(step.budget) if step.budget else -1, effect))
        if dominance:  # any faction may activate or take a dominance card in its Daylight (3.3.1, 3.3.4)
            for name in ("dominance_activate", "dominance_take"):
                steps.append(PlannedStep(f"faction/{faction.id.name.lower()}/{name}", role, daylight,
                                         tables.procedure(name), "menu"))
        for card in game.entities("card"):  # a once-in-Daylight persistent card is an action of the Daylight menu
            if card.kind == "persistent" and card.timing == "daylight":
                steps.append(PlannedStep(f"faction/{faction.id.name.lower()}/card/{card.id.name.lower()}", role,
                                         daylight, tables.procedure("persistent_effects"), "menu"))
        for other in factions:  # what every other faction's rules let this one do in its turn (the Exposure)
            if other is not faction:
                for index, step in enumerate(other.others):
                    key = f"faction/{faction.id.name.lower()}/others/{other.id.name.lower()}/{index}"
                    steps.append(PlannedStep(key, role, int(step.phase), tables.procedure(step.native.name.lower()),
                                             step.mode, step.per_turn or 0))
    tables.plan, tables.steps = build_plan(len(factions), phases, steps, budgets)
    if len(tables.plan) > 1 << 16:
        raise ValueError("the turn plan is too large")
    tables.dims["steps"] = len(tables.steps)
    tables.dims["max_options"] = LAYOUT["max_options"]



def _vagabond_arrays(tables: RootTables, game: CompiledGame, characters: frozenset[str]) -> None:
    """The Vagabond's part (chapter 9): the forests and what each borders, the quests, the characters (their starting
    items, the item their special action exhausts, whether the engine plays them), the item each of his actions
    exhausts (read from the content's costs), what his items do, and his relationship track."""
    clearings = game.entities("clearing")
    forests = game.entities("forest")
    n = len(clearings)
    nitems = len(game.entities("item"))
    paths = tables.arrays["paths"]
    border = [0] * (len(forests) * n)
    near = [0] * (len(forests) * len(forests))
    for f, forest in enumerate(forests):
        for c in forest.clearings:
            border[f * n + int(c)] = 1
        for g, other in enumerate(forests):
            shared = [int(c) for c in forest.clearings if c in other.clearings]
            if g != f and any(paths[a * n + b] for a in shared for b in shared):  # 2.4.1: one path between them
                near[f * len(forests) + g] = 1
    tables.dims["forests"] = len(forests)
    tables.arrays["forest_border"] = ints(border)
    tables.arrays["forest_near"] = ints(near)
    quests = game.entities("quest")
    tables.dims["quests"] = len(quests)
    tables.arrays["quest_suit"] = ints([int(quest.suit) for quest in quests])
    tables.arrays["quest_items"] = ints([int(item) for quest in quests for item in quest.items])
    tables.arrays["item_on_track"] = ints([int(item.zone == "track") for item in game.entities("item")])
    for power in ("refresh", "draw", "capacity", "crafting", "hit"):
        table = game.get("table", f"vagabond_{power}_items")
        values = [0] * nitems
        for row, item in enumerate(table.rows.keys):
            values[int(game.get("item", str(item)).id)] = table.values[row][0]
        tables.arrays[f"item_{power}"] = ints(values)
    cast = game.entities("character")
    starting = [0] * (len(cast) * nitems)
    for index, character in enumerate(cast):
        for item in character.starting_items:
            starting[index * nitems + int(item)] += 1
    tables.dims["characters"] = len(cast)
    tables.arrays["character_items"] = ints(starting)
    tables.arrays["character_cost"] = ints([_exhausted_item(game, f"character/{c.id.name.lower()}/special/cost")
                                            for c in cast])
    tables.arrays["character_played"] = ints([int(c.id.name.lower() in characters) for c in cast])
    vagabond = game.get("faction", "vagabond")
    for index, step in enumerate(vagabond.turn):
        if step.cost is not None and step.native is not None:
            tables.numbers[f"cost_{step.native.name.lower()}"] = _exhausted_item(
                game, f"faction/vagabond/turn/{index}/cost")
    track = game.get("track", "vagabond_relationships")
    tables.arrays["relationship_aids"] = ints([space.cost or 0 for space in track.spaces])
    tables.arrays["relationship_vp"] = ints([space.vp or 0 for space in track.spaces])
    if track.status == "placeholder":
        tables.placeholders.append(("vagabond", KernelLine.of(game, "placeholder_relationship_track",
                                                              rule=track.rule)))


def _exhausted_item(game: CompiledGame, key: str) -> int:
    """The item a cost exhausts (-1: none), read by running its effect with an `exhaust_item` that notes it."""
    from ..effects import bind_natives, empty_state, run_to_end

    if key not in game.layout.ENTRIES:
        return -1
    noted: list[int] = []

    def note(state: array[int], args: list[int]) -> int:
        noted.append(args[1])
        return 1

    run_to_end(game, key, empty_state(game, 0), actor=0, choose=lambda pending: pending.options[0],
               natives=bind_natives(game, {"exhaust_item": note}), engine="python")
    return noted[0] if noted else -1
