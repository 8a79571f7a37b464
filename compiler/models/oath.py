"""Content models of Oath: Chronicles of Empire & Exile (rules from the Law of Oath, 2020-10-20)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from .common import Count, Effectful, Entity, Id, Int, NamedEntity, RefTo, StrictModel, Text

SuitRef = Annotated[str, RefTo("suit")]
RegionRef = Annotated[str, RefTo("region")]
OathRef = Annotated[str, RefTo("oath")]
VisionRef = Annotated[str, RefTo("vision")]
BannerRef = Annotated[str, RefTo("banner")]
ActionRef = Annotated[str, RefTo("action")]
RoleRef = Annotated[str, RefTo("role")]
TableRef = Annotated[str, RefTo("table")]

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


PowerTiming = Literal[
    "search", "muster", "trade", "travel", "recover", "campaign",
    "after_search", "after_muster", "after_trade", "after_travel", "after_recover", "after_campaign",
    "play", "wake_start", "wake_end", "defense", "battle", "chronicle", "persistent",
    "after_any_play", "after_any_title", "after_any_campaign", "after_any_recover", "end_roll",
]

TIMING_DOC = (
    "When the kernel runs a modifier power (7.4; required for kind: modifier, absent on other kinds). "
    "search, muster, trade, travel, recover, campaign: at the start of that major action, for the player taking it "
    "(its parameters known: the card, the destination, the targets). "
    "after_search to after_campaign: for the user, once their action of that kind has resolved. "
    "play: when a card is played (to a site or as an adviser), the card and where it goes known: homelands, "
    "'If you play...', and rules about where or how a card may be played that read the played card. "
    "wake_start: in step 1 of the user's Wake Phase (4.1.1, the People's Favor). "
    "wake_end: at the end of the user's Wake Phase (4.1.4). "
    "defense: in a Campaign against the power's ruler or what they hold or rule (5.5.2): defense dice, or limits on "
    "how the attacker campaigns against them. "
    "battle: in a Campaign, as its battle plans are about to be chosen (5.5.3), for the card's ruler (the "
    "attacker if nobody rules it): rules on the sides' plans and forces that last the Campaign. "
    "chronicle: while the Chronicle is written (8). "
    "after_any_play, after_any_title, after_any_campaign, after_any_recover: reactions, for the card's ruler, after "
    "another player plays a card, takes the Oathkeeper title, campaigns or recovers (the effect itself tests what "
    "they did). "
    "end_roll: for the card's ruler, once the end die is rolled to end the game (3.3), before the roll is read. "
    "persistent: always on (7.1.4): rules no single action owns, and reactions to rolls."
)

BINDING_TIMINGS: frozenset[str] = frozenset({"search", "muster", "trade", "travel", "recover", "campaign", "play"})
"""Timings at which a modifier may bind whoever acts (`applies_to: anyone`): an action's start, and a play."""

APPLIES_TO_DOC = (
    "Whom an action or play modifier (timing search, muster, trade, travel, recover, campaign or play) binds, the "
    "kernel running it at the start of the action (or before the play) with `you` the player taking it. "
    "user: only a player who can use the card (7.1.1: their adviser, a relic they hold, a site they rule or their "
    "pawn is at, or a card at such a site); the effect takes `you` for its user. "
    "anyone: whoever takes the action, even without access (enemies of the card's ruler, a destination site's rule, "
    "'Players who target this site...'); the effect itself tests `you` against the card's ruler or the action's "
    "destination or targets. Only meaningful with an action or play timing (the modifier-applies-to check)."
)


class Power(Effectful):
    kind: PowerKind
    cost: Cost | None = None
    ref: str | None = Field(default=None, description="Name of the power in the reference implementation")
    timing: PowerTiming | None = Field(default=None, description=TIMING_DOC)
    mandatory: bool = Field(
        default=False,
        description="Not offered as a choice: the kernel applies the power whenever its condition holds, to whoever "
                    "meets it (9.2 must and cannot, 7.4.1; a site's rules, such as a travel surcharge; enemies bound "
                    "by the power). Its effect may still hold optional parts (may). False: the user decides whether "
                    "to use it (7.4).")
    applies_to: Literal["user", "anyone"] = Field(default="user", description=APPLIES_TO_DOC)


class Card(NamedEntity):
    text: Text | None = None
    params: dict[Id, Int] = Field(default_factory=dict, description="Numbers of the text's {placeholders}")
    powers: list[Power] = Field(default_factory=list)
    save_id: Int | None = Field(default=None, description="Card number in the reference save format")


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
    save_id: Int | None = None


class Edifice(Entity):
    suit: SuitRef
    intact: EdificeFace
    ruined: EdificeFace


class Vision(Card):
    oath: OathRef | None = None
    goal: Text | None = None
    tiebreak: Int | None = Field(default=None, description="Rank in the War Exhaustion tie-break (3.4.3)")


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
    powers: list[Power] = Field(default_factory=list)


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
