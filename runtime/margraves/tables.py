"""Margraves' read-only data for the kernel, built once per compiled game: the board, the cards, the tiles, the
tracks and every number the rules give, as flat int32 arrays the compiled engine indexes, and the turn plan.

Nothing here is a rule number: each value comes from content/margraves (constants.yaml, tables.yaml,
locations.yaml, monsters.yaml …). The placeholders the game plays with are listed here too (`placeholders`).
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field
from typing import Any

from ..content import CompiledGame
from ..kernel.plan import PlannedStep, build_plan
from ..notes import Argument, KernelLine, Listed, Message, Named

REWARD_FIELDS = ("gold", "stone", "wood", "magic", "gem", "knight", "strength", "strength_to", "wild", "influence",
                 "guild", "privilege_i", "privilege_ii", "privilege_any")
"""A reward's row, in this order (core.py: R_GOLD …): goods first, then choices (decision reward_order).
`strength_to` and `guild` hold their value plus 1 (0: none)."""

INTERNAL = ("setup_game", "wealth_draft", "wealth_resolve", "play_card", "pennant", "use_grant", "enter_location",
            "reward", "settle_storage", "end_of_turn")
"""Procedures the engine calls itself, numbered after the natives."""

PLAN = (("grants_before", "use_grant", "menu"), ("play_card", "play_card", "once"),
        ("grants_after", "use_grant", "menu"), ("end_of_turn", "end_of_turn", "once"))
"""The turn (content procedure `turn`, L143-160): Grants may be cashed at any time of the turn (L412), the one
citizen played and used one way, then the end of turn. One role, one phase: every player plays alike."""


def ints(values: list[int]) -> array[int]:
    return array("i", values or [0])


@dataclass
class MargravesTables:
    """What every game of one compiled Margraves shares. Arrays are row-major; sizes are in `dims`."""

    game: CompiledGame
    code: array[int]
    data: array[int]
    dims: dict[str, int]
    numbers: dict[str, int]
    offsets: dict[str, int]
    arrays: dict[str, array[int]] = field(default_factory=dict)
    plan: array[int] = field(default_factory=lambda: array("i"))
    steps: list[PlannedStep] = field(default_factory=list)
    procedures: list[str] = field(default_factory=list)
    """Procedure number - 1 → its name: the natives, in the bytecode's order, then the kernel's own."""
    rewards: list[Any] = field(default_factory=list)
    """The content's reward of each row of the `rewards` array (for describing them)."""
    placeholders: list[str] = field(default_factory=list)
    parts: tuple[Any, ...] | None = None
    """The engine's rule modules, made by the first engine and shared by every copy."""

    def procedure(self, name: str) -> int:
        return self.procedures.index(name) + 1

    def reward_row(self, reward: Any) -> int:
        self.rewards.append(reward)
        return len(self.rewards) - 1


def _entry(game: CompiledGame, prefix: str) -> int:
    """The bytecode entry of the one effect whose key starts with `prefix` (-1: none)."""
    found = [entry for key, entry in game.layout.ENTRIES.items() if key.startswith(prefix)]
    return found[0] if found else -1


def _flatten(tables: MargravesTables) -> array[int]:
    """Every reward row, REWARD_FIELDS wide."""
    values = []
    for reward in tables.rewards:
        for name in REWARD_FIELDS:
            value = getattr(reward, name)
            if name in ("strength_to", "guild"):
                value = 0 if value is None else int(value) + 1
            values.append(int(value))
    return ints(values)


def build_tables(game: CompiledGame, codes: dict[str, int]) -> MargravesTables:
    """`codes`: the procedures the engine plays, by name."""
    layout = game.layout
    locations, lairs, guilds = game.entities("location"), game.entities("lair"), game.entities("guild")
    citizens, monsters = game.entities("citizen"), game.entities("monster")
    privileges, wealth = game.entities("privilege"), game.entities("wealth")
    segments, slots, lines = game.entities("naval_segment"), game.entities("tomb_slot"), game.entities("tomb_line")
    pennants = game.entities("pennant")
    numbers = {c.id.name.lower(): c.value for c in game.entities("constant")}
    dims = {"locations": len(locations), "lairs": len(lairs), "guilds": len(guilds), "citizens": len(citizens),
            "monsters": len(monsters), "privileges": len(privileges), "wealth": len(wealth),
            "segments": len(segments), "tomb_slots": len(slots), "tomb_lines": len(lines),
            "seats": dict(layout.SPACES)["player"], "pennants": len(pennants)}
    tables = MargravesTables(game, game.code, game.data, dims, numbers,
                             {name: offset for name, (offset, _, _) in layout.FIELDS.items()})
    _line(tables, layout)
    _board(tables, game, locations, lairs, guilds)
    _cards(tables, game, citizens, guilds, pennants)
    _tiles(tables, game, privileges, wealth, guilds)
    _tracks(tables, game, segments, slots, lines, guilds)
    tables.arrays["monster_lair"] = ints([int(m.lair) for m in monsters])
    tables.arrays["monster_boss"] = ints([int(m.boss) for m in monsters])
    tables.arrays["monster_strength"] = ints([m.strength for m in monsters])
    tables.arrays["monster_magic"] = ints([m.magic for m in monsters])
    tables.arrays["monster_influence"] = ints([m.influence for m in monsters])
    tables.arrays["monster_reward"] = ints([tables.reward_row(m.reward) for m in monsters])
    tables.arrays["rewards"] = _flatten(tables)
    tables.numbers["reward_fields"] = len(REWARD_FIELDS)
    tables.numbers["scoring_entry"] = _entry(game, "procedure/final_scoring/")
    tables.numbers["build_entry"] = _entry(game, "board_power/build/")
    tables.procedures = [*layout.NATIVES, *INTERNAL]
    tables.arrays["impl"] = ints([0] + [codes.get(name, 0) for name in tables.procedures])
    missing = [name for name in tables.procedures if name not in codes]
    if missing:
        raise ValueError(f"the Margraves engine plays no procedure {', '.join(missing)}")
    steps = [PlannedStep(f"turn/{key}", 0, 0, tables.procedure(name), mode) for key, name, mode in PLAN]
    tables.plan, tables.steps = build_plan(1, 1, steps, [[]])
    tables.placeholders = placeholders(game)
    return tables


def _line(tables: MargravesTables, layout: Any) -> None:
    """The citizen line's slots are the state's fields line_1 … line_N, side by side (N: citizen_line_slots)."""
    n = tables.numbers["citizen_line_slots"]
    offsets = [layout.FIELDS[f"line_{k}"][0] for k in range(1, n + 1)]
    if offsets != list(range(offsets[0], offsets[0] + n)):
        raise ValueError("the citizen line's fields line_1 … line_N must be laid out side by side")
    costs = tables.game.get("table", "citizen_line_costs").values
    if len(costs) != n:
        raise ValueError(f"table citizen_line_costs has {len(costs)} slots, the line {n}")
    tables.arrays["line_cost"] = ints([row[0] for row in costs])


def _board(tables: MargravesTables, game: CompiledGame, locations: Any, lairs: Any, guilds: Any) -> None:
    n, slots = len(locations), tables.numbers["build_slots"]
    roads = [0] * (n * n)
    near = [0] * (n * len(lairs))
    icons = [0] * (n * len(guilds))
    rewards = []
    for location in locations:
        at = int(location.id)
        for other in location.roads:
            roads[at * n + int(other)] = roads[int(other) * n + at] = 1
        for lair in location.lairs:
            near[at * len(lairs) + int(lair)] = 1
        for guild in location.icons:
            icons[at * len(guilds) + int(guild)] += 1
        if len(location.build_slots) != slots:
            raise ValueError(f"{location.id.name.lower()} has {len(location.build_slots)} build slots, not {slots}")
        rewards += [tables.reward_row(slot.reward) for slot in location.build_slots]
    tables.arrays["roads"] = ints(roads)
    tables.arrays["lair_near"] = ints(near)
    tables.arrays["location_icons"] = ints(icons)
    tables.arrays["slot_reward"] = ints(rewards)
    tables.arrays["location_power"] = ints([_entry(game, f"location/{loc.id.name.lower()}/") for loc in locations])
    tables.numbers["start_location"] = next(int(loc.id) for loc in locations if loc.start)


def _cards(tables: MargravesTables, game: CompiledGame, citizens: Any, guilds: Any, pennants: Any) -> None:
    """Each citizen's guild, pennant (its guild's, L486-563, or its own), power and the copies in the decks."""
    width = max(len(guild.pennant) for guild in guilds)
    pennant, guild_of = [], []
    for citizen in citizens:
        own = citizen.pennant if citizen.guild is None else guilds[int(citizen.guild)].pennant
        pennant += [int(p) for p in own] + [-1] * (width - len(own))
        guild_of.append(-1 if citizen.guild is None else int(citizen.guild))
    tables.numbers["pennant_width"] = width
    tables.arrays["citizen_pennant"] = ints(pennant)
    tables.arrays["citizen_guild"] = ints(guild_of)
    tables.arrays["citizen_starting"] = ints([int(c.starting) for c in citizens])
    tables.arrays["citizen_power"] = ints([_entry(game, f"citizen/{c.id.name.lower()}/") for c in citizens])
    tables.arrays["pennant_effect"] = ints([_entry(game, f"pennant/{p.id.name.lower()}/") for p in pennants])
    tables.arrays["pennant_native"] = ints([_native_procedure(p.powers[0].native) for p in pennants])
    copies = game.get("table", "citizen_copies")
    counts = [int(key) for key in copies.columns.keys]
    rows = {key: row for key, row in zip(copies.rows.keys, copies.values)}
    low = counts[0]
    per = [0] * (len(citizens) * len(counts))
    for citizen in citizens:
        for i, n in enumerate(rows.get(citizen.id.name.lower(), [0] * len(counts))):
            per[int(citizen.id) * len(counts) + i] = n
    tables.arrays["citizen_copies"] = ints(per)
    tables.numbers["copies_from"] = low
    tables.numbers["copies_columns"] = len(counts)


def _native_procedure(native: Any) -> int:
    """The procedure number of a pennant's native (0: the pennant runs an effect): natives come first."""
    return 0 if native is None else int(native) + 1


def _tiles(tables: MargravesTables, game: CompiledGame, privileges: Any, wealth: Any, guilds: Any) -> None:
    icons = [0] * (len(privileges) * len(guilds))
    for tile in privileges:
        for guild in tile.icons:
            icons[int(tile.id) * len(guilds) + int(guild)] += 1
    tables.arrays["privilege_level"] = ints([1 if t.level == "I" else 2 for t in privileges])
    tables.arrays["privilege_grant"] = ints([int(t.type == "grant") for t in privileges])
    tables.arrays["privilege_players"] = ints([t.min_players or 0 for t in privileges])
    tables.arrays["privilege_reward"] = ints([tables.reward_row(t.reward) if t.reward else -1 for t in privileges])
    tables.arrays["privilege_icons"] = ints(icons)
    tables.arrays["privilege_banner"] = ints([t.banner or 0 for t in privileges])
    tables.numbers["banners"] = max([t.banner or 0 for t in privileges] + [0])
    start, count = [], []
    for tile in wealth:
        start.append(len(tables.rewards))
        count.append(len(tile.rewards))
        for reward in tile.rewards:
            tables.reward_row(reward)
    tables.arrays["wealth_start"] = ints(start)
    tables.arrays["wealth_count"] = ints(count)


def _tracks(tables: MargravesTables, game: CompiledGame, segments: Any, slots: Any, lines: Any,
            guilds: Any) -> None:
    ordered = sorted(segments, key=lambda s: s.position)
    tables.arrays["segment_reward"] = ints([tables.reward_row(s.reward) for s in ordered])
    tables.numbers["ship_start"] = next(s.position for s in ordered if s.start)
    tables.arrays["slot_row"] = ints([s.row for s in slots])
    tables.arrays["slot_column"] = ints([s.column for s in slots])
    tables.arrays["line_column"] = ints([int(line.axis == "column") for line in lines])
    tables.arrays["line_index"] = ints([line.index for line in lines])
    tables.arrays["line_reward"] = ints([tables.reward_row(line.reward) for line in lines])
    tables.arrays["guild_row"] = ints([g.influence_row for g in guilds])
    tables.arrays["influence_vp"] = ints([row[0] for row in game.get("table", "influence_vp").values])
    rivers = game.get("table", "river_costs")
    by_guild = dict(zip(rivers.rows.keys, rivers.values))
    tables.arrays["river_cost"] = ints([cost for g in guilds for cost in by_guild[g.id.name.lower()]])
    tables.numbers["rivers"] = len(rivers.columns.keys)
    tables.arrays["river_privilege"] = ints([row[0] for row in game.get("table", "river_privilege").values])
    supply = game.get("table", "supply_by_players")
    tables.numbers["supply_from"] = int(supply.rows.keys[0])
    columns = [str(key) for key in supply.columns.keys]
    tables.arrays["supply"] = ints([row[columns.index(token)] if token in columns else 0
                                    for row in supply.values for token in ("stone", "wood", "magic", "gem")])


PLACEHOLDER_KINDS = ("table", "location", "monster", "privilege", "wealth", "naval_segment", "tomb_slot", "tomb_line",
                     "citizen", "decision")


SHOWN_ENTRIES = 6
"""The entries a placeholder line names before it counts the others."""


def placeholders(game: CompiledGame) -> list[str]:
    """What the kernel plays with that the content marks as placeholder data, one line per kind (messages
    `placeholder_*` of labels.yaml): whole entries, or the fields of an entry the content marks so (`field_status`),
    named when the entries have names, else counted."""
    found: list[str] = []
    for kind in PLACEHOLDER_KINDS:
        marked = []
        for entity in game.entities(kind):
            parts = [name for name, part in getattr(entity, "field_status", ()) if part.status == "placeholder"]
            if getattr(entity, "status", "") == "placeholder" or parts:
                marked.append((entity, parts))
        if not marked:
            continue
        heading = Message(f"placeholder_kind_{kind}")
        if any(getattr(entity, "name", None) is None for entity, _parts in marked):
            found.append(KernelLine.of(game, "placeholder_counted", kind=heading, count=len(marked)))
            continue
        entries: list[Argument] = [_marked_entry(kind, entity, parts) for entity, parts in marked[:SHOWN_ENTRIES]]
        if len(marked) > SHOWN_ENTRIES:
            entries.append(Message("placeholder_more", (("count", len(marked) - SHOWN_ENTRIES),)))
        found.append(KernelLine.of(game, "placeholder_named", kind=heading, entries=Listed(tuple(entries))))
    return found


def _marked_entry(kind: str, entity: Any, parts: list[str]) -> Argument:
    """An entry by its name, with the fields made up when not the whole entry is."""
    named = Named(kind, entity.id.name.lower())
    if getattr(entity, "status", "") == "placeholder":
        return named
    fields = Listed(tuple(Message(f"placeholder_field_{part}") for part in parts))
    return Message("placeholder_entry_fields", (("entry", named), ("fields", fields)))
