"""Content models of Root (rules from La Loi de Root v4.x, French web adaptation, with Riverfolk and Underworld)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from .common import Count, Effectful, Entity, Id, Int, NamedEntity, Positive, RefTo, StrictModel, Text

SuitRef = Annotated[str, RefTo("suit")]
PhaseRef = Annotated[str, RefTo("phase")]
FactionRef = Annotated[str, RefTo("faction")]
ItemRef = Annotated[str, RefTo("item")]
MapRef = Annotated[str, RefTo("map")]
ClearingRef = Annotated[str, RefTo("clearing")]

RuleNumber = Annotated[str, Field(pattern=r"^([1-9][0-9]?|[A-E])(\.[0-9]+)*(\.[IVX]+[a-z]?)?$",
                                  description="Rule number of the Law, e.g. 8.4.2.IIa or D.3.4")]

PieceKind = Literal["warrior", "building", "token", "pawn", "marker", "card"]
DecreeColumn = Literal["recruit", "move", "battle", "build"]


class Suit(NamedEntity):
    clearing: bool = Field(description="Clearings can have this suit (fox, rabbit, mouse); birds are cards only (2.2.2)")
    rule: RuleNumber


class Phase(NamedEntity):
    rule: RuleNumber
    order: Count


class Piece(StrictModel):
    """Pieces of a faction, listed on the back of its board (2.5); `inventory` names the component line."""

    id: Id
    kind: PieceKind
    name: Text
    count: Count
    inventory: Id = Field(description="Id of the game.yaml inventory item these pieces are part of")
    field: Annotated[str, RefTo("field")] | None = Field(
        default=None, description="The state field that counts these pieces in each clearing (a field of "
        "[clearing]; warriors are always `warriors`)")
    returns_to: Annotated[str, RefTo("field")] | None = Field(
        default=None, description="The state field of [player] a removed piece goes back to (its track or supply); "
        "none: it leaves the game, or its track is what the map does not hold")
    crafting: bool = Field(default=False, description="Activated to craft (4.1.1)")


class Rule(StrictModel):
    """A numbered rule of a faction that is not an action: an ability, a setup step."""

    id: Id
    rule: RuleNumber
    name: Text
    text: Text


class Payment(Effectful):
    """What an action costs (cards, supporters, acolytes, funds, items), paid before its effect."""

    text: Text | None = None


class Step(Effectful):
    """A step or action of a faction's turn, with its rule number, cost and effect."""

    id: Id
    phase: PhaseRef
    rule: RuleNumber
    name: Text
    text: Text
    cost: Payment | None = None
    limit: Text | None = Field(default=None, description="How often: once per turn, per officer …")
    mode: Literal["once", "menu"] = Field(
        default="once", description="once: taken in its turn order when reached, if it can be; menu: one of a block of "
        "steps the player picks from, as often as limits allow, until they end the block")
    per_turn: Count | None = Field(default=None, description="Times a turn the step may be taken (1: once per turn)")
    budget: Id | None = Field(default=None, description="The faction budget (its `budgets`) each use of the step spends")


class Faction(NamedEntity):
    rule: RuleNumber
    box: Literal["base", "riverfolk", "underworld"]
    reach: Count = Field(description="Reach (Poids), annex A")
    reach_second: Count | None = Field(default=None, description="Reach of a second copy (second Vagabond)")
    overview: Text
    crafting: Rule
    pieces: list[Piece] = Field(default_factory=list)
    abilities: list[Rule] = Field(default_factory=list)
    setup: list[Rule] = Field(min_length=1)
    turn: list[Step] = Field(min_length=1)
    params: dict[Id, Int] = Field(default_factory=dict, description="Numbers of the texts' {placeholders}")
    budgets: dict[Id, Count] = Field(default_factory=dict, description="Uses a turn of the steps that spend each "
                                     "budget (the Marquise's 3 actions in Daylight)")
    setup_after: list[FactionRef] = Field(default_factory=list, description="Factions whose starting pieces this "
                                          "faction's setup places against (the Eyrie opposite the keep, 7.3.2)")
    others: list[Step] = Field(default_factory=list, description="Steps every other player may take in their own "
                               "turn while this faction is in the game (the Corvids' Exposure, 13.2.4)")


class TrackSpace(StrictModel):
    cost: Int | None = None
    vp: Int | None = None
    draw: Count = Field(default=0, description="Draw bonus uncovered with this space")
    warrior: Count = Field(default=0, description="Warrior icon uncovered with this space (Duchy)")


class Track(NamedEntity):
    """A track of a faction board: the pieces on it, left to right, and what each uncovered space gives.

    A track with `piece` holds that piece of its faction, one per space (Marquise buildings, roosts, sympathy,
    gardens and trade posts by suit, Duchy buildings, crowns by rank), so its spaces add up to the piece count; a
    track without one is a scale a marker moves on (Vagabond relationships, service prices)."""

    faction: FactionRef
    rule: RuleNumber
    piece: Id | None = Field(default=None, description="Id of the faction's pieces that sit on this track")
    suit: SuitRef | None = Field(default=None, description="The suit of a track kept per suit (gardens, trade posts)")
    spaces: list[TrackSpace] = Field(min_length=1)


class Leader(NamedEntity):
    rule: RuleNumber
    viziers: list[DecreeColumn] = Field(min_length=2, max_length=2)
    text: Text


class Item(NamedEntity):
    tiles: Count = Field(description="Tiles in all boxes together (annex B)")
    supply: Count = Field(description="In the item supply at setup (5.1.5)")
    ruin: bool = Field(description="Marked R: placed under a ruin (9.3.4)")
    zone: Literal["track", "satchel"] = Field(description="Where the Vagabond keeps it (9.2.5)")


class Character(NamedEntity):
    rule: RuleNumber
    box: Literal["base", "riverfolk", "vagabond_pack"]
    starting_items: list[ItemRef] = Field(min_length=1)
    special: Step


CardTiming = Literal["crafted", "birdsong_start", "daylight_start", "daylight", "evening_start", "battle"]


class Card(NamedEntity):
    """A card of the shared deck; `copies` identical cards share one entry.

    A crafted effect (immediate 4.1.2, persistent 4.1.3) has its printed text, when it can be used
    (`timing`) and its `power`, in the effect language or as a native of the kernel. Ambush and dominance
    cards are not crafted but played: their text and power are the Law's rules for playing them (4.3.1,
    3.3.1), and a dominance card's `victory` is the condition it wins by once activated."""

    suit: SuitRef
    copies: Positive
    kind: Literal["ambush", "dominance", "item", "immediate", "persistent"]
    craft_cost: list[Id] = Field(default_factory=list, description="Clearing suits, or `any` for the ? icon (4.1.1)")
    item: ItemRef | None = None
    vp: Count | None = None
    rule: RuleNumber | None = Field(default=None, description="The rule the card's effect works under")
    timing: CardTiming | None = Field(default=None, description="When the effect is used: on crafting, at the "
                                      "start of a phase, during it, or in battle")
    text: Text | None = None
    power: Effectful | None = None
    victory: Effectful | None = Field(default=None, description="How an activated dominance card wins, checked at the "
                                      "start of its holder's Birdsong (3.3.1)")
    params: dict[Id, Int] = Field(default_factory=dict, description="Numbers of the text's {placeholders}")


class Quest(NamedEntity):
    suit: SuitRef
    items: list[ItemRef] = Field(min_length=2, max_length=2)


class Minister(NamedEntity, Effectful):
    rule: RuleNumber
    rank: Literal["squire", "noble", "lord"]
    reveal: Count = Field(description="Cards to reveal to sway it (12.5.3.II)")
    text: Text


class Plot(NamedEntity):
    rule: RuleNumber
    count: Count
    text: Text


class Service(NamedEntity):
    rule: RuleNumber
    text: Text


class Map(NamedEntity):
    rule: RuleNumber
    box: Literal["base", "underworld"]
    printed_suits: bool = Field(description="Only Autumn prints clearing suits; others take shuffled markers (C.1)")
    clearing_count: Count = Field(description="Clearings on the map: one suit marker each, 12 in all (C.1)")
    rivers_divide_forests: bool = Field(default=False, description="Each river section divides forests like a path "
                                        "(the Winter map's Raging River, D.1.1); elsewhere only paths do (2.4)")
    rules: list[Rule] = Field(default_factory=list)


class Clearing(NamedEntity):
    map: MapRef
    suit: SuitRef | None = Field(default=None, description="Printed suit (Autumn only)")
    slots: Count = Field(description="Printed building slots, ruin slots included (2.2.3)")
    ruins: Count = Field(default=0, description="Slots marked R (2.2.4)")
    corner: bool = False
    opposite: ClearingRef | None = Field(default=None, description="The diagonally opposite corner")
    paths: list[ClearingRef] = Field(default_factory=list, description="Clearings linked by a path (2.2.1)")
    rivers: list[ClearingRef] = Field(default_factory=list, description="Clearings linked by a river (2.3)")


class Forest(Entity):
    map: MapRef
    clearings: list[ClearingRef] = Field(min_length=1)


class Variant(NamedEntity):
    rule: RuleNumber
    text: Text


class Gap(NamedEntity):
    """Data the game needs that no source gives: kept absent, never invented, and listed on the sheets' appendix.

    `status` says how sure the gap itself is: `verified` when the Law shows the thing exists but not what it is."""

    rule: RuleNumber
    text: Text = Field(description="What is missing and what the sources do give")
