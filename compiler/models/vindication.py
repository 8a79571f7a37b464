"""Content models of Vindication (French rulebook, Lucky Duck Games 2023), base game and expansions.

Every card, region and board part belongs to a `module` (the base game or an expansion); a game
`setup` switches modules on or off. Printed numbers the rulebook lacks (card honour, attribute
generation, charges) are kept out of the cards, in placeholder tables, so a card's verified text
stays verified."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from .common import Count, Effectful, Id, Int, NamedEntity, Positive, RefTo, StrictModel, Text

ModuleRef = Annotated[str, RefTo("module")]
AttributeRef = Annotated[str, RefTo("attribute")]
RegionRef = Annotated[str, RefTo("region")]
PresetRef = Annotated[str, RefTo("region_preset")]
OptionRef = Annotated[str, RefTo("rule_option")]

Trigger = Literal[
    "activated", "passive", "on_join", "reactive", "end_of_game", "mastery", "master_activated",
    "once_per_turn", "visit", "setup",
]


Event = Literal[
    "activate_character", "activate_companion", "convert_to_courage", "convert_to_sagesse",
    "convert_to_vision", "use_conviction", "gain_trait_relic_monster", "other_gains_honour", "turn_start",
    "moved_four", "defeat_or_contest", "honour_two_sources", "gain_card", "opponent_crosses", "game_end",
]
"""Game events the kernel announces; a reactive power names the one it answers."""


class Power(Effectful):
    """One ability: when it applies, and what it does (effect language, or a declared native)."""

    trigger: Trigger
    event: Event | None = Field(default=None, description="For a reactive power: the event it answers")
    per_turn: Positive | None = Field(default=None,
                                                                      description="Most uses (or honour) per turn")
    cost: Text | None = Field(default=None, description="The cost as printed before the colon, if any")


class Module(NamedEntity):
    """The base game or an expansion (or part of one) that a setup switches on."""

    requires: list[ModuleRef] = Field(default_factory=list, description="Modules this one cannot be played without")
    region_tiles: Count = Field(default=0, description="Island region tiles the module puts in the box")
    text: Text | None = None


class Card(NamedEntity):
    module: ModuleRef = "base"
    text: Text | None = None
    params: dict[Id, Int] = Field(default_factory=dict, description="Numbers of the text's {placeholders}")
    powers: list[Power] = Field(default_factory=list)
    regions: list[RegionRef] = Field(default_factory=list, description="Region types the card's text names")


class Attribute(NamedEntity):
    """Common attributes are generated; heroic ones are converted from two common ones (L551-561)."""

    kind: Literal["common", "heroic"]
    colour: Text
    recipe: list[AttributeRef] = Field(default_factory=list, description="The two common attributes combined")
    order: Count = Field(description="Place of its sphere on the central board")
    definition: Text


class PowerSphere(NamedEntity):
    """A sphere of the Power board: Potentiel, Influence, Conviction, left to right (L485-525)."""

    order: Count
    start_cubes: Count
    text: Text


class CharacterSide(NamedEntity):
    """A face of the character tile: Vile crapule at the start, Rédimé after redemption."""

    text: Text


class Region(Card):
    """A type of region tile, with how many tiles of it the module has."""

    count: Count
    island: bool = Field(default=True, description="An island hex tile (not a construction site or the Ronak tile)")
    group: Literal["heroic", "resource", "ability", "inn", "academy", "expansion", "special"]
    controllable: bool = True
    repeatable: bool = Field(default=False, description="Its action may be repeated within one visit")


class Mount(NamedEntity):
    level: Count
    speed: Count
    honour: Count = Field(description="Honour gained when you reach this level")


class Companion(Card):
    colour: AttributeRef = Field(description="The common attribute of its colour (yellow, blue, red)")
    role: Text
    initiative: Positive
    starter: bool = Field(default=True, description="False for the shield icon: cannot be a starting companion")
    treacherous: bool = False


class Trait(Card):
    treacherous: bool = False


class Relic(Card):
    cursed: bool = False


class Monster(Card):
    pass


class Quest(StrictModel):
    honour: Count
    text: Text
    powers: list[Power] = Field(default_factory=list)


class QuestCard(NamedEntity):
    module: ModuleRef = "base"
    params: dict[Id, Int] = Field(default_factory=dict, description="Numbers of its quests' {placeholders}")
    quests: list[Quest] = Field(min_length=2, max_length=2)
    regions: list[RegionRef] = Field(default_factory=list)


class EndTrigger(Card):
    pass


class Journey(NamedEntity):
    """A Périple card: a start space and a companion colour, neither printed in the rulebook."""

    start_space: Count
    colour: AttributeRef


class Aptitude(NamedEntity):
    attribute: AttributeRef
    cost: Count
    mastery: Count = Field(description="How many cards it counts as for mastery")
    discard_yield: Count


class Mastery(NamedEntity):
    attribute: AttributeRef
    honour: Count
    counts: Text


class Pet(Card):
    pass


class Loot(Card):
    pass


class ImbuedCrystal(Card):
    attribute: AttributeRef


class Guild(NamedEntity):
    module: ModuleRef = "guildes"
    flavour: Text


class FavourPlacement(Card):
    target: Text


class PresetRemoval(StrictModel):
    region: RegionRef
    n: Positive = 1


class RegionPreset(NamedEntity):
    """A way to swap base region tiles for expansion tiles (L2939-3031)."""

    expansion_tiles: Count
    option: Literal["standard", "advanced", "only"]
    remove: list[list[PresetRemoval]] = Field(min_length=1, description="Alternatives: remove all of one list")
    text: Text


class RuleOption(NamedEntity):
    """A point the rulebook leaves ambiguous, made an explicit choice with a default."""

    choices: list[Id] = Field(min_length=2)
    choice_names: list[Text] = Field(min_length=2)
    default: Id
    text: Text


class OptionChoice(StrictModel):
    option: OptionRef
    choice: Id


class Setup(NamedEntity):
    """A game setup: which modules are on, which region preset, which rule options."""

    modules: list[ModuleRef] = Field(min_length=1)
    preset: PresetRef | None = None
    options: list[OptionChoice] = Field(default_factory=list)


class Action(NamedEntity):
    kind: Literal["main", "bonus", "guild"]
    order: Count
    limit: Text
    text: Text


class Rule(NamedEntity):
    """A rule of the player aid: the turn, control, the end of the game, scoring."""

    topic: Literal["turn", "control", "end", "scoring"]
    order: Count
    text: Text
