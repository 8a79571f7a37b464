"""Checks a Margraves editor needs beyond the schema and references: the board's shape and graph,
the lair piles, the tracks, the citizen deck and the decisions must agree with the rulebook."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pydantic import BaseModel

from ..effects.nodes import NativeCall
from ..models.common import Table
from ..models.margraves import (Citizen, Decision, Guild, Lair, Location, Monster, NavalSegment, Privilege, TombLine,
                                TombSlot)
from .context import CheckContext

PENNANT_ICONS = 3
"""Three pennant icons run down every citizen card (L164)."""
LOCATION_ICONS = 2
"""Each location shows the icons of its two dominant guilds (L310)."""
BUILD_SLOTS = 3
"""Each location has three build slots (L292, L314)."""
MAX_LAIRS = 2
"""No location touches more than two monster piles (L260)."""
PILE_OTHERS = 4
"""Each lair's pile holds four monsters besides its Boss (L109)."""
NAVAL_SEGMENTS = 8
"""The naval track is a loop of eight segments (L348)."""


def _natives_called(value: Any) -> set[str]:
    """Names of the natives an effect tree calls, at any depth."""
    if isinstance(value, list):
        return set().union(*(_natives_called(v) for v in value))
    if not isinstance(value, BaseModel):
        return set()
    found = {value.name} if isinstance(value, NativeCall) else set()
    return found.union(*(_natives_called(getattr(value, name)) for name in type(value).model_fields))


def check_roads(ctx: CheckContext) -> None:
    """Roads join two locations both ways (L196, L210): each end lists the other, and never itself."""
    if not ctx.complete("location"):
        return
    locations = ctx.typed("location", Location)
    roads = {location.id: set(location.roads) for _, location in locations}
    for item, location in locations:
        for i, other in enumerate(location.roads):
            if other == location.id:
                ctx.report_at(item, ("roads", i), "road", f"location {other!r} has a road to itself")
            elif location.id not in roads.get(other, {location.id}):
                ctx.report_at(item, ("roads", i), "road",
                              f"road to {other!r} is one-way: {other!r} does not list {location.id!r} in its roads")


def check_location_shape(ctx: CheckContext) -> None:
    """Every location has 2 guild icons (L310), 3 build slots (L314) and 1 or 2 adjacent lairs (L260);
    exactly one location is where the Margraves start (L121)."""
    if not ctx.complete("location"):
        return
    locations = ctx.typed("location", Location)
    for item, location in locations:
        icons, slots, lairs = location.icons, location.build_slots, location.lairs
        if len(icons) != LOCATION_ICONS or len(set(icons)) != len(icons):
            ctx.report_at(item, ("icons",), "location-shape",
                          f"a location shows {LOCATION_ICONS} different guild icons, not {icons}")
        if len(slots) != BUILD_SLOTS:
            ctx.report_at(item, ("build_slots",), "location-shape",
                          f"a location has {BUILD_SLOTS} build slots, not {len(slots)}")
        if not 1 <= len(set(lairs)) == len(lairs) <= MAX_LAIRS:
            ctx.report_at(item, ("lairs",), "location-shape",
                          f"a location is adjacent to 1 or {MAX_LAIRS} different lairs, not {lairs}")
    starts = [item for item, location in locations if location.start]
    if len(starts) != 1 and locations:
        at = starts[1] if len(starts) > 1 else locations[0][0]
        ctx.report_at(at, ("start",) if starts else ("id",), "location-shape",
                      f"exactly one location is the Margraves' start, not {len(starts)}")


def check_lair_piles(ctx: CheckContext) -> None:
    """Each lair's pile is its Boss and four other monsters (L109)."""
    if not ctx.complete("lair", "monster"):
        return
    lairs = ctx.typed("lair", Lair)
    piles: dict[str, Counter[bool]] = {lair.id: Counter() for _, lair in lairs}
    last = {}
    for item, monster in ctx.typed("monster", Monster):
        piles[monster.lair][monster.boss] += 1
        last[monster.lair] = item
    for item, lair in lairs:
        pile = piles[lair.id]
        if pile[True] != 1 or pile[False] != PILE_OTHERS:
            ctx.report_at(last.get(lair.id, item), ("lair",) if lair.id in last else ("id",), "lair-pile",
                          f"lair {lair.id!r} has {pile[True]} boss(es) and {pile[False]} other monsters; "
                          f"its pile is 1 boss and {PILE_OTHERS} others (L109)")


def check_pennants(ctx: CheckContext) -> None:
    """A citizen's pennant is 3 icons (L164): its guild's, or for a starting citizen (no guild) its own."""
    if not ctx.complete("guild", "citizen"):
        return
    for item, guild_entity in ctx.typed("guild", Guild):
        if len(guild_entity.pennant) != PENNANT_ICONS:
            ctx.report_at(item, ("pennant",), "pennant",
                          f"a pennant has {PENNANT_ICONS} actions, not {len(guild_entity.pennant)}")
    for item, citizen in ctx.typed("citizen", Citizen):
        guild, own = citizen.guild, citizen.pennant
        if (guild is None) == (own is None):
            ctx.report_at(item, ("pennant",) if own is not None else ("id",), "pennant",
                          "a citizen has either a guild (whose pennant it shows) or its own pennant, not "
                          + ("both" if own is not None else "neither"))
        elif own is not None and len(own) != PENNANT_ICONS:
            ctx.report_at(item, ("pennant",), "pennant", f"a pennant has {PENNANT_ICONS} actions, not {len(own)}")
        if (guild is None) != citizen.starting:
            ctx.report_at(item, ("guild",) if guild is not None else ("id",), "pennant",
                          "starting citizens have no guild in the rulebook, and every other citizen has one")


def check_slays(ctx: CheckContext) -> None:
    """`slays` says whether the power text lets you slay (L264): it must agree with the effect, which the
    sheets and the runtime trust for the same fact."""
    if not ctx.complete("citizen"):
        return
    for item, citizen in ctx.typed("citizen", Citizen):
        calls = _natives_called([power.effect for power in citizen.powers])
        if ("slay_monster" in calls) != citizen.slays:
            ctx.report_at(item, ("slays",), "slays", f"slays is {citizen.slays}, but its effect "
                          + ("calls" if "slay_monster" in calls else "never calls") + " slay_monster")


def check_privilege_tiles(ctx: CheckContext) -> None:
    """A Grant gives a reward when discarded (L412); an end-game tile gives guild icons or a banner at
    the final scoring (L414, L448, L456), and no reward."""
    if not ctx.complete("privilege"):
        return
    for item, tile in ctx.typed("privilege", Privilege):
        grant = tile.type == "grant"
        scores = bool(tile.icons) or tile.banner is not None
        if grant and (tile.reward is None or scores):
            ctx.report_at(item, ("type",), "privilege-tile", "a grant has a reward, and no guild icons or banner")
        elif not grant and (tile.reward is not None or not scores):
            ctx.report_at(item, ("type",), "privilege-tile", "an end-game tile has guild icons or a banner, and no reward")


def check_naval_track(ctx: CheckContext) -> None:
    """The naval track is one loop of 8 segments, numbered 0 to 7, with one start (L121, L348)."""
    if not ctx.complete("naval_segment"):
        return
    segments = ctx.typed("naval_segment", NavalSegment)
    seen: dict[int, str] = {}
    for item, segment in segments:
        position = segment.position
        if position >= NAVAL_SEGMENTS or position in seen:
            where = f"already segment {seen[position]!r}" if position in seen else f"outside 0 to {NAVAL_SEGMENTS - 1}"
            ctx.report_at(item, ("position",), "naval-track", f"position {position} is {where}")
        seen.setdefault(position, segment.id)
    starts = [item for item, segment in segments if segment.start]
    if segments and (len(segments) != NAVAL_SEGMENTS or len(starts) != 1):
        at = starts[1] if len(starts) > 1 else segments[-1][0]
        ctx.report_at(at, ("start",) if len(starts) > 1 else ("id",), "naval-track",
                      f"the track has {NAVAL_SEGMENTS} segments and one start, not {len(segments)} and {len(starts)}")


def check_tomb_grid(ctx: CheckContext) -> None:
    """Every Heroic Tomb slot has its own place, and its row and column each have a reward (L392)."""
    if not ctx.complete("tomb_slot", "tomb_line"):
        return
    lines = {(line.axis, line.index): item for item, line in ctx.typed("tomb_line", TombLine)}
    places: dict[tuple[int, int], str] = {}
    used: set[tuple[str, int]] = set()
    for item, slot in ctx.typed("tomb_slot", TombSlot):
        place = (slot.row, slot.column)
        if place in places:
            ctx.report_at(item, ("row",), "tomb-grid", f"slot {places[place]!r} is already at row {place[0]}, column {place[1]}")
        places.setdefault(place, slot.id)
        for axis, index in (("row", place[0]), ("column", place[1])):
            used.add((axis, index))
            if (axis, index) not in lines:
                ctx.report_at(item, (axis,), "tomb-grid", f"no tomb_line gives the reward of {axis} {index}")
    for line, item in lines.items():
        if line not in used:
            ctx.report_at(item, ("index",), "tomb-grid", f"no tomb slot is on {line[0]} {line[1]}")


def check_citizen_copies(ctx: CheckContext) -> None:
    """The citizen_copies table lists every recruitable citizen once and totals the citizen cards in the
    inventory (L53), less the starting citizens of every colour when the decision counts them among them, so the
    deck a player count builds is the box's."""
    if not ctx.complete("table", "citizen"):
        return
    found = next(((item, t) for item, t in ctx.typed("table", Table) if t.id == "citizen_copies"), None)
    if found is None:
        return
    table, copies = found
    keys = [str(key) for key in copies.rows.keys]
    wanted = sorted(citizen.id for _, citizen in ctx.typed("citizen", Citizen) if not citizen.starting)
    if sorted(keys) != wanted:
        missing = sorted(set(wanted) - set(keys))
        ctx.report_at(table, ("rows", "keys"), "citizen-copies",
                      f"the rows are the recruitable citizens, each once (missing: {', '.join(missing) or 'none'})")
    cards = next((i for i in ctx.game.inventory if i.id == "citizen_cards"), None)
    starting = next((i for i in ctx.game.inventory if i.id == "starting_citizens"), None)
    among = any(d.id == "starting_citizens_in_60" and d.chosen == "among" for _, d in ctx.typed("decision", Decision))
    total = sum(sum(row) for row in copies.values)
    dealt = starting.count * ctx.game.players.max if among and starting is not None else 0
    if cards is not None and total != cards.count - dealt:
        ctx.report_at(table, ("values",), "citizen-copies",
                      f"the table totals {total} cards; the inventory counts {cards.count} citizen cards"
                      + (f", {dealt} of them starting citizens (decision starting_citizens_in_60)" if dealt else ""))


def check_decisions(ctx: CheckContext) -> None:
    """A decision's options have distinct ids and the chosen one is among them."""
    if not ctx.complete("decision"):
        return
    for item, decision in ctx.typed("decision", Decision):
        ids = [option.id for option in decision.options]
        for i, option_id in enumerate(ids):
            if option_id in ids[:i]:
                ctx.report_at(item, ("options", i, "id"), "decision", f"option {option_id!r} is listed twice")
        if decision.chosen not in ids:
            ctx.report_at(item, ("chosen",), "decision",
                          f"chosen {decision.chosen!r} is none of the options ({', '.join(ids)})")


CHECKS = (check_roads, check_location_shape, check_lair_piles, check_pennants, check_slays, check_privilege_tiles,
          check_naval_track, check_tomb_grid, check_citizen_copies, check_decisions)
