"""Which entity kinds a game's content holds, in which file, validated by which model."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from .models.common import (Constant, Die, Discrepancy, Label, Native, Resource, Selector, StateField, StrictModel, Table,
                            Term, Zone)


@dataclass(frozen=True)
class KindSpec:
    name: str
    """Singular, used in references and `show`: `denizen`."""
    file: str
    """`content/<game>/<file>.yaml`, or every `.yaml` in the folder `content/<game>/<file>/`."""
    model: type[StrictModel]

    @property
    def schema_file(self) -> str:
        return f"{self.name}.schema.json"


COMMON_KINDS = (
    KindSpec("term", "glossary", Term),
    KindSpec("label", "labels", Label),
    KindSpec("table", "tables", Table),
    KindSpec("discrepancy", "discrepancies", Discrepancy),
    KindSpec("field", "state", StateField),
    KindSpec("resource", "resources", Resource),
    KindSpec("native", "natives", Native),
    KindSpec("zone", "zones", Zone),
    KindSpec("die", "dice", Die),
    KindSpec("selector", "selectors", Selector),
    KindSpec("constant", "constants", Constant),
)


def _oath_kinds() -> tuple[KindSpec, ...]:
    from .models import oath

    return (
        KindSpec("suit", "suits", oath.Suit),
        KindSpec("region", "regions", oath.Region),
        KindSpec("site", "sites", oath.Site),
        KindSpec("denizen", "denizens", oath.Denizen),
        KindSpec("relic", "relics", oath.Relic),
        KindSpec("edifice", "edifices", oath.Edifice),
        KindSpec("vision", "visions", oath.Vision),
        KindSpec("banner", "banners", oath.Banner),
        KindSpec("oath", "oaths", oath.Oath),
        KindSpec("title", "titles", oath.Title),
        KindSpec("reliquary_modifier", "reliquary", oath.ReliquaryModifier),
        KindSpec("role", "roles", oath.Role),
        KindSpec("board", "boards", oath.Board),
        KindSpec("action", "actions", oath.Action),
        KindSpec("phase", "phases", oath.Phase),
    )


def _margraves_kinds() -> tuple[KindSpec, ...]:
    from .models import margraves

    return (
        KindSpec("guild", "guilds", margraves.Guild),
        KindSpec("pennant", "pennants", margraves.PennantAction),
        KindSpec("citizen", "citizens", margraves.Citizen),
        KindSpec("location", "locations", margraves.Location),
        KindSpec("lair", "lairs", margraves.Lair),
        KindSpec("monster", "monsters", margraves.Monster),
        KindSpec("privilege", "privileges", margraves.Privilege),
        KindSpec("wealth", "wealth", margraves.StartingWealth),
        KindSpec("naval_segment", "naval", margraves.NavalSegment),
        KindSpec("tomb_slot", "tomb_slots", margraves.TombSlot),
        KindSpec("tomb_line", "tomb_lines", margraves.TombLine),
        KindSpec("board_power", "board_powers", margraves.BoardPower),
        KindSpec("procedure", "procedures", margraves.Procedure),
        KindSpec("decision", "decisions", margraves.Decision),
    )


def _root_kinds() -> tuple[KindSpec, ...]:
    from .models import root

    return (
        KindSpec("suit", "suits", root.Suit),
        KindSpec("phase", "phases", root.Phase),
        KindSpec("faction", "factions", root.Faction),
        KindSpec("track", "tracks", root.Track),
        KindSpec("leader", "leaders", root.Leader),
        KindSpec("item", "items", root.Item),
        KindSpec("character", "characters", root.Character),
        KindSpec("card", "cards", root.Card),
        KindSpec("quest", "quests", root.Quest),
        KindSpec("minister", "ministers", root.Minister),
        KindSpec("plot", "plots", root.Plot),
        KindSpec("service", "services", root.Service),
        KindSpec("map", "maps", root.Map),
        KindSpec("clearing", "clearings", root.Clearing),
        KindSpec("forest", "forests", root.Forest),
        KindSpec("variant", "variants", root.Variant),
        KindSpec("gap", "gaps", root.Gap),
    )


def _vindication_kinds() -> tuple[KindSpec, ...]:
    from .models import vindication

    return (
        KindSpec("module", "modules", vindication.Module),
        KindSpec("setup", "setups", vindication.Setup),
        KindSpec("rule_option", "options", vindication.RuleOption),
        KindSpec("rule", "rules", vindication.Rule),
        KindSpec("action", "actions", vindication.Action),
        KindSpec("attribute", "attributes", vindication.Attribute),
        KindSpec("power_sphere", "power_spheres", vindication.PowerSphere),
        KindSpec("character_side", "character_sides", vindication.CharacterSide),
        KindSpec("region", "regions", vindication.Region),
        KindSpec("region_preset", "region_presets", vindication.RegionPreset),
        KindSpec("mount", "mounts", vindication.Mount),
        KindSpec("companion", "companions", vindication.Companion),
        KindSpec("trait", "traits", vindication.Trait),
        KindSpec("relic", "relics", vindication.Relic),
        KindSpec("monster", "monsters", vindication.Monster),
        KindSpec("quest_card", "quests", vindication.QuestCard),
        KindSpec("end_trigger", "end_triggers", vindication.EndTrigger),
        KindSpec("journey", "journeys", vindication.Journey),
        KindSpec("aptitude", "aptitudes", vindication.Aptitude),
        KindSpec("mastery", "masteries", vindication.Mastery),
        KindSpec("pet", "pets", vindication.Pet),
        KindSpec("loot", "loot", vindication.Loot),
        KindSpec("imbued_crystal", "crystals", vindication.ImbuedCrystal),
        KindSpec("guild", "guilds", vindication.Guild),
        KindSpec("favour_placement", "favour_placements", vindication.FavourPlacement),
    )


_RULESET_KINDS: dict[str, Callable[[], tuple[KindSpec, ...]]] = {
    "oath": _oath_kinds,
    "margraves": _margraves_kinds,
    "root": _root_kinds,
    "vindication": _vindication_kinds,
}

RULESETS: tuple[str, ...] = tuple(_RULESET_KINDS)
"""The rulesets a game.yaml may name."""


@functools.cache
def ruleset_kinds(ruleset: str) -> tuple[KindSpec, ...]:
    """Every entity kind of a ruleset. Imports that ruleset's models only: building models is much of a check's
    time, and a game needs no other ruleset's."""
    return COMMON_KINDS + _RULESET_KINDS[ruleset]()


GAME_FILE = "game.yaml"
CHANGELOG_FILE = "CHANGELOG.md"
"""A game's record of its content changes, one line each with its rule: prose beside the content, never content."""
GAME_SCHEMA = "game.schema.json"
