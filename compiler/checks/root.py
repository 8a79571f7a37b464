"""Checks a Root editor needs beyond the schema and references: the map's geometry, piece counts
against the box inventory, craft costs, crafted effect cards."""

from __future__ import annotations

from collections import defaultdict

from ..models.root import Card, Clearing, Faction, Forest, Map, Suit, Track
from ..validate import Located
from .context import CheckContext

ANY_SUIT = "any"
"""The ? icon of a craft cost: a crafting piece of any suit (4.1.1)."""


def check_slots(ctx: CheckContext) -> None:
    """Ruins fill slots marked R (2.2.4): a clearing cannot have more ruins than printed building slots."""
    for item, clearing in ctx.typed("clearing", Clearing):
        ruins, slots = clearing.ruins, clearing.slots
        if ruins > slots:
            ctx.report_at(item, ("ruins",), "clearing-slots",
                          f"clearing {clearing.id!r} has {ruins} ruin slots but only {slots} printed building slots",
                          hint="ruin slots are among the printed slots (2.2.4)")


def check_links(ctx: CheckContext) -> None:
    """Paths and rivers link two clearings both ways (2.2.1, 2.3): each end lists the other, on one map."""
    if not ctx.complete("clearing"):
        return
    items = {clearing.id: (item, clearing) for item, clearing in ctx.typed("clearing", Clearing)}
    for field, code in (("paths", "asymmetric-path"), ("rivers", "asymmetric-river")):
        for item, clearing in items.values():
            for index, other_id in enumerate(getattr(clearing, field)):
                if other_id not in items:
                    continue
                other = items[other_id][1]
                if other_id == clearing.id:
                    ctx.report_at(item, (field, index), code, f"clearing {clearing.id!r} lists itself in its {field}")
                elif other.map != clearing.map:
                    ctx.report_at(item, (field, index), code,
                                  f"{other_id!r} is on another map than {clearing.id!r}")
                elif clearing.id not in getattr(other, field):
                    ctx.report_at(item, (field, index), code,
                                  f"{clearing.id!r} lists {other_id!r} in its {field}, but {other_id!r} does not "
                                  f"list {clearing.id!r}", hint=f"add {clearing.id} to the {field} of {other_id}")


def check_opposite_corners(ctx: CheckContext) -> None:
    """Diagonally opposite corners (3.3.1.II, 6.3.3) pair corner clearings both ways."""
    if not ctx.complete("clearing"):
        return
    clearings = {clearing.id: clearing for _, clearing in ctx.typed("clearing", Clearing)}
    for item, clearing in ctx.typed("clearing", Clearing):
        opposite_id = clearing.opposite
        other = clearings.get(opposite_id) if opposite_id is not None else None
        if other is None:
            continue
        if not clearing.corner or not other.corner or other.opposite != clearing.id:
            ctx.report_at(item, ("opposite",), "opposite-corner",
                          f"{clearing.id!r} and {opposite_id!r} must both be corners naming each other as opposite")


def check_piece_counts(ctx: CheckContext) -> None:
    """Faction pieces add up to the box inventory's line for them (annex B)."""
    if not ctx.complete("faction"):
        return
    inventory = {item.id: (index, item) for index, item in enumerate(ctx.game.inventory)}
    totals: dict[str, int] = defaultdict(int)
    first: dict[str, tuple[Located, tuple[str | int, ...]]] = {}
    for located, faction in ctx.typed("faction", Faction):
        for index, piece in enumerate(faction.pieces):
            loc = ("pieces", index, "inventory")
            if piece.inventory not in inventory:
                ctx.report_at(located, loc, "piece-inventory",
                              f"pieces {piece.id!r} name inventory item {piece.inventory!r}, which game.yaml lacks")
                continue
            totals[piece.inventory] += piece.count
            first.setdefault(piece.inventory, (located, ("pieces", index, "count")))
    for inventory_id, total in totals.items():
        index, item = inventory[inventory_id]
        if total != item.count:
            located, count_loc = first[inventory_id]
            ctx.report_at(located, count_loc, "piece-count",
                          f"faction pieces in inventory item {inventory_id!r} add up to {total}, "
                          f"the inventory counts {item.count}")


def check_deck(ctx: CheckContext) -> None:
    """Craft costs name clearing suits or `any` (4.1.1); the deck's copies add up to the inventory's deck."""
    if not ctx.complete("card", "suit"):
        return
    clearing_suits = {suit.id for _, suit in ctx.typed("suit", Suit) if suit.clearing}
    allowed = sorted(clearing_suits) + [ANY_SUIT]
    copies = 0
    for item, card in ctx.typed("card", Card):
        copies += card.copies
        for index, suit in enumerate(card.craft_cost):
            if suit not in allowed:
                ctx.report_at(item, ("craft_cost", index), "craft-suit",
                              f"card {card.id!r} is crafted with {suit!r}, which is no clearing suit",
                              hint="crafting pieces take their clearing's suit: " + ", ".join(allowed))
    deck = next(((i, item) for i, item in enumerate(ctx.game.inventory) if item.id == "shared_deck"), None)
    if deck is not None and deck[1].count != copies:
        ctx.report(ctx.game_doc, ("inventory", deck[0], "count"), "deck-count",
                   f"the shared deck counts {deck[1].count} cards, cards.yaml has {copies} copies")


CRAFTED_EFFECTS = ("immediate", "persistent")
"""Card kinds whose crafted effect is printed on the card (4.1.2, 4.1.3)."""

PLAYED = {"ambush": "battle", "dominance": "daylight"}
"""Card kinds played rather than crafted (2.1.5, 2.1.6), and when: in battle (4.3.1), in Daylight (3.3.1)."""


def check_card_effects(ctx: CheckContext) -> None:
    """A card with an effect says what it does and when: text, rule, timing and power. An immediate effect is
    resolved when crafted (4.1.2), a persistent one later (4.1.3); an ambush is played in battle (4.3.1), a dominance
    card in Daylight and wins by its `victory` condition (3.3.1); item cards have no effect of their own."""
    for item, card in ctx.typed("card", Card):
        if card.kind in CRAFTED_EFFECTS or card.kind in PLAYED:
            needed = ("text", "rule", "timing", "power") + (("victory",) if card.kind == "dominance" else ())
            lacking = [name for name in needed if getattr(card, name) is None]
            if lacking:
                ctx.report_at(item, ("kind",), "card-effect",
                              f"card {card.id!r} is a {card.kind} card but has no {', '.join(lacking)}",
                              hint="a card with an effect has its text, rule number, timing and power; a dominance "
                                   "card its victory condition too")
            elif card.kind in PLAYED and card.timing != PLAYED[card.kind]:
                ctx.report_at(item, ("timing",), "card-timing",
                              f"card {card.id!r} is an {card.kind} card with timing {card.timing!r}",
                              hint=f"{card.kind} cards are played at timing {PLAYED[card.kind]!r} (4.3.1, 3.3.1)")
            elif card.kind in CRAFTED_EFFECTS and (card.timing == "crafted") != (card.kind == "immediate"):
                ctx.report_at(item, ("timing",), "card-timing",
                              f"card {card.id!r} is a {card.kind} effect with timing {card.timing!r}",
                              hint="immediate effects are resolved when crafted (4.1.2); persistent ones are "
                                   "used later, so never at timing 'crafted' (4.1.3)")
        for name in ("timing", "power") if card.kind == "item" else ():
            if getattr(card, name) is not None:
                ctx.report_at(item, (name,), "card-effect",
                              f"card {card.id!r} is an item card: it has no effect ({name})",
                              hint="an item card is crafted for its item and victory points (4.1.2)")
        if card.victory is not None and card.kind != "dominance":
            ctx.report_at(item, ("victory",), "card-effect",
                          f"card {card.id!r} is a {card.kind} card: only dominance cards have a victory condition",
                          hint="3.3.1")


def check_track_spaces(ctx: CheckContext) -> None:
    """A track holds pieces of its own faction, one per space (6.3.5, 7.3.5, 10.3.4 …): the spaces of a faction's
    tracks for a piece add up to that piece's count, so a space left out or doubled shows at once."""
    if not ctx.complete("track", "faction"):
        return
    counts = {faction.id: {piece.id: piece.count for piece in faction.pieces} for _, faction in ctx.typed("faction", Faction)}
    spaces: dict[tuple[str, str], int] = defaultdict(int)
    first: dict[tuple[str, str], tuple[Located, Track]] = {}
    for item, track in ctx.typed("track", Track):
        if track.piece is None:
            continue
        if track.piece not in counts.get(track.faction, {}):
            ctx.report_at(item, ("piece",), "track-piece",
                          f"track {track.id!r} holds {track.piece!r}, which is no piece of faction {track.faction!r}",
                          hint="pieces: " + ", ".join(sorted(counts.get(track.faction, {}))))
            continue
        key = (track.faction, track.piece)
        spaces[key] += len(track.spaces)
        first.setdefault(key, (item, track))
    for (faction, piece), total in spaces.items():
        if total != counts[faction][piece]:
            item, track = first[(faction, piece)]
            ctx.report_at(item, ("spaces",), "track-spaces",
                          f"the tracks of {faction!r} holding {piece!r} have {total} spaces, the faction has "
                          f"{counts[faction][piece]} of that piece", hint="one space per piece, the starting one included")


def check_map_clearings(ctx: CheckContext) -> None:
    """A map that lists its clearings lists all of them: one per suit marker (C.1), the map's `clearing_count`."""
    if not ctx.complete("clearing", "map"):
        return
    listed: dict[str, int] = defaultdict(int)
    for _, clearing in ctx.typed("clearing", Clearing):
        listed[clearing.map] += 1
    for item, map_ in ctx.typed("map", Map):
        if listed[map_.id] and listed[map_.id] != map_.clearing_count:
            ctx.report_at(item, ("clearing_count",), "map-clearings",
                          f"map {map_.id!r} has {map_.clearing_count} clearings, clearings.yaml lists {listed[map_.id]}",
                          hint="list every clearing of a map, or none")


def check_forests(ctx: CheckContext) -> None:
    """Forests are the areas enclosed by paths and clearings (2.4), and by river sections too on a map where they
    divide forests (D.1.1): each forest lies among clearings of its own map, and a map whose forests are listed has as
    many as its connected plane graph encloses, links − clearings + 1 (Euler), so a forest left out or doubled shows."""
    if not ctx.complete("forest", "clearing", "map"):
        return
    clearings = {clearing.id: clearing for _, clearing in ctx.typed("clearing", Clearing)}
    forests: dict[str, list[tuple[Located, Forest]]] = defaultdict(list)
    for item, forest in ctx.typed("forest", Forest):
        forests[forest.map].append((item, forest))
        for index, clearing_id in enumerate(forest.clearings):
            clearing = clearings.get(clearing_id)
            if clearing is not None and clearing.map != forest.map:
                ctx.report_at(item, ("clearings", index), "forest-map",
                              f"forest {forest.id!r} is on map {forest.map!r}, clearing {clearing_id!r} on {clearing.map!r}")
    for _, map_ in ctx.typed("map", Map):
        if not forests[map_.id]:
            continue
        on_map = [c for c in clearings.values() if c.map == map_.id]
        if not on_map:
            continue
        links = sum(len(c.paths) + (len(c.rivers) if map_.rivers_divide_forests else 0) for c in on_map) // 2
        enclosed = links - len(on_map) + 1
        if len(forests[map_.id]) != enclosed:
            item, _ = forests[map_.id][0]
            ctx.report_at(item, ("map",), "forest-count",
                          f"map {map_.id!r} lists {len(forests[map_.id])} forests, its {links} links between "
                          f"{len(on_map)} clearings enclose {enclosed}", hint="forests are the areas enclosed by paths and clearings (2.4)")


CHECKS = (check_slots, check_links, check_opposite_corners, check_piece_counts, check_deck, check_card_effects,
          check_track_spaces, check_map_clearings, check_forests)
