"""Content models of Oath: Chronicles of Empire & Exile (rules from the Law of Oath, 2020-10-20)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from .common import Effectful, Entity, Id, NamedEntity, RefTo, StrictModel, Text

SuitRef = Annotated[str, RefTo("suit")]
RegionRef = Annotated[str, RefTo("region")]
OathRef = Annotated[str, RefTo("oath")]
VisionRef = Annotated[str, RefTo("vision")]
BannerRef = Annotated[str, RefTo("banner")]
ActionRef = Annotated[str, RefTo("action")]
RoleRef = Annotated[str, RefTo("role")]
TableRef = Annotated[str, RefTo("table")]

Count = Annotated[int, Field(ge=0)]

PowerKind = Literal[
    "action", "when_played", "battle_plan_attack", "battle_plan_defense",
    "rest", "wake", "capacity", "modifier", "persistent",
]


class Cost(StrictModel):
    """The braid cost of a power (7.1.2): tokens placed on the card or burned to the shared bank."""

    place_favor: Count = 0
    place_secret: Count = 0
    burn_favor: Count = 0
    burn_secret: Count = 0


class Power(Effectful):
    kind: PowerKind
    cost: Cost | None = None
    ref: str | None = Field(default=None, description="Name of the power in the reference implementation")


class Card(NamedEntity):
    text: Text | None = None
    params: dict[Id, int] = Field(default_factory=dict, description="Numbers of the text's {placeholders}")
    powers: list[Power] = Field(default_factory=list)
    save_id: int | None = Field(default=None, description="Card number in the reference save format")


class Suit(NamedEntity):
    flavor: Text | None = None
    bank_order: Count = Field(description="Position of the suit's favor bank in the clockwise cycle (8.4)")


class Region(NamedEntity):
    site_slots: Count
    discard_to: RegionRef = Field(description="Region whose discard pile receives discards from here")


class Denizen(Card):
    suit: SuitRef
    restriction: Literal["adviser", "site"] | None = None
    locked: bool = False


class RecoverCost(Cost):
    bank: SuitRef | None = Field(default=None, description="Favor bank that receives placed favor")


class Site(Card):
    capacity: Count
    relics: Count = Field(description="Relics dealt facedown when revealed (R icons)")
    defense: Count = Field(description="Defense dice added when the site is targeted")
    recover_cost: RecoverCost | None = None
    start_favor: Count = 0
    start_secret: Count = 0


class Relic(Card):
    defense: Count


class EdificeFace(StrictModel):
    name: Text
    text: Text | None = None
    powers: list[Power] = Field(default_factory=list)
    restriction: Literal["adviser", "site"] | None = None
    locked: bool = False
    save_id: int | None = None


class Edifice(Entity):
    suit: SuitRef
    intact: EdificeFace
    ruined: EdificeFace


class Vision(Card):
    oath: OathRef | None = None
    goal: Text | None = None
    tiebreak: int | None = Field(default=None, description="Rank in the War Exhaustion tie-break (3.4.3)")


class Banner(Card):
    token: Literal["favor", "secret"]
    start_tokens: Count
    seize_burn: Count
    seize_minimum: Count
    other_side: Text | None = None


class Oath(NamedEntity):
    vision: VisionRef
    oathkeeper_goal: Text
    successor_goal: Text
    chancellor_banner: BannerRef | None = None


class Title(NamedEntity):
    other_side: Text
    defense: Count
    other_side_defense: Count
    text: Text


class ReliquaryModifier(NamedEntity):
    action: ActionRef
    text: Text


class Role(NamedEntity):
    warbands: Count
    imperial: bool
    text: Text


class Board(NamedEntity):
    role: RoleRef
    supply_table: TableRef | None = None
    wake: Text | None = None
    win: Text | None = None
    minor: Text | None = None
    rest: Text | None = None


class Action(NamedEntity):
    major: bool
    rule: str
    supply_min: Count
    supply_max: Count
    text: Text


class Phase(NamedEntity):
    rule: str
    order: Count
    steps: list[Text] = Field(min_length=1)
