"""Content models of Margraves of Valeria (rules from the French rulebook, Daily Magic Games 2019).

The rulebook lost its printed tables and icons, so most numbers here are placeholders; the models
still require every one of them, so that the runtime can run and the sheets can show what is missing."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from .common import (INT32_MAX, Count, Effectful, Entity, Id, Int, NamedEntity, Positive, RefTo, Source, Status,
                     StrictModel, Text)

GuildRef = Annotated[str, RefTo("guild")]
PennantRef = Annotated[str, RefTo("pennant")]
LocationRef = Annotated[str, RefTo("location")]
LairRef = Annotated[str, RefTo("lair")]


class Reward(StrictModel):
    """Goods printed as icons (monster rewards, tiles, track spaces, build slots): gained as if earned
    in play (L470). `wild` is one resource of the gainer's choice each (L176); influence goes on any
    rows unless `guild` names one (L370, L476)."""

    gold: Count = 0
    stone: Count = 0
    wood: Count = 0
    magic: Count = 0
    wild: Count = 0
    gem: Count = 0
    knight: Count = 0
    strength: Count = 0
    strength_to: Annotated[int, Field(ge=0, le=8)] | None = Field(default=None,
                                                                 description="Move the Strength marker to this space")
    influence: Count = 0
    guild: GuildRef | None = Field(default=None, description="The row the influence goes on")
    privilege_i: Count = 0
    privilege_ii: Count = 0
    privilege_any: Count = Field(default=0, description="Privilege tiles of level I or II, the gainer's choice")


class Power(Effectful):
    kind: Literal["power", "pennant", "location", "board", "scoring"]


class FieldStatus(StrictModel):
    """How far one field of an entry can be trusted where it differs from the entry's own status: a card whose text
    the rulebook gives is verified, the icons its lost image printed are placeholders; the sheets mark only those."""

    status: Status
    source: list[Source] = Field(default_factory=list, description="Where this field comes from (quotes checked)")
    note: str | None = None


class Card(NamedEntity):
    text: Text | None = None
    params: dict[Id, Int] = Field(default_factory=dict, description="Numbers of the text's {placeholders}")
    powers: list[Power] = Field(default_factory=list)
    field_status: dict[Id, FieldStatus] = Field(
        default_factory=dict, description="The status (and source) of fields that differ from the entry's own")

    @model_validator(mode="after")
    def _field_status_names_fields(self) -> Card:
        unknown = sorted(set(self.field_status) - set(type(self).model_fields) - {"id", "field_status"})
        if unknown:
            raise ValueError(f"field_status names no field of this entry: {', '.join(unknown)}")
        return self


class Guild(NamedEntity):
    """One of the four guilds (L137): its pennant actions (L486-563) and its row of the influence track."""

    pennant: list[PennantRef] = Field(min_length=1, description="Pennant actions, top to bottom (L164)")
    influence_row: Count = Field(description="Row of the influence track, 0 at the top")


class PennantAction(Card):
    """A pennant icon of the citizen cards (L162-214)."""


class Citizen(Card):
    """A citizen card: its pennant (its guild's, or its own for a starting citizen) and its power text."""

    guild: GuildRef | None = Field(default=None, description="None for a starting citizen (guild not printed)")
    starting: bool = False
    pennant: list[PennantRef] | None = Field(default=None, description="Own pennant when there is no guild")
    slays: bool = Field(description="Its power text lets you slay a monster (L264)")


class BuildSlot(StrictModel):
    reward: Reward


class Location(Card):
    """One of the eight locations (L304-344): guild icons, build slots, power, roads and lairs."""

    aliases: list[str] = Field(default_factory=list, description="Other spellings in the rulebook")
    icons: list[GuildRef] = Field(description="The two dominant guilds (L310)")
    build_slots: list[BuildSlot] = Field(description="The three tower slots and their rewards (L314)")
    roads: list[LocationRef] = Field(description="Locations one white-stone road away (L196)")
    lairs: list[LairRef] = Field(description="Monster piles its brown paths lead to (L260)")
    start: bool = Field(default=False, description="Every Margrave starts here (L121)")


class Lair(NamedEntity):
    """A lair card and the monster pile on it (L109)."""


class Monster(Entity):
    """A monster card (L109, L264-274); all but one are unnamed in the rulebook."""

    name: Text | None = None
    lair: LairRef
    boss: bool = Field(default=False, description="The Chef, put under the lair card at setup (L109)")
    strength: Count
    magic: Count = 0
    influence: Count
    reward: Reward


class Privilege(Entity):
    """A privilege tile (L406-414): a grant (Octroi) is cashed once, an end-game tile scores."""

    level: Literal["I", "II"]
    type: Literal["grant", "end_game"]
    min_players: Annotated[int, Field(ge=3, le=INT32_MAX)] | None = Field(
        default=None, description="Used only with this many players or more (L105)")
    reward: Reward | None = Field(default=None, description="What a grant gives")
    icons: list[GuildRef] = Field(default_factory=list, description="Guild icons of an end-game tile (L448)")
    banner: Positive | None = Field(default=None, description="Which banner it shows, for banner sets (L456)")


class StartingWealth(Entity):
    """A starting wealth tile (L468-480): its icons, resolved in order."""

    rewards: list[Reward] = Field(min_length=1)


class NavalSegment(Entity):
    """A segment of the looping naval track (L346-356)."""

    position: Count = Field(description="0 to 7, clockwise")
    start: bool = Field(default=False, description="The lower segment with the II icon, where ships start (L121)")
    reward: Reward


class TombSlot(Entity):
    """A slot of the Heroic Tombs grid (L392), by its row and column."""

    row: Count
    column: Count


class TombLine(Entity):
    """A row or column of the Heroic Tombs and the reward for filling it (L390-402)."""

    axis: Literal["row", "column"]
    index: Count
    reward: Reward


class BoardPower(Card):
    """Recall or Build, printed on every player board (L278-296)."""

    steps: list[Text] = Field(min_length=1)


class Procedure(NamedEntity):
    """A sequence the rules prescribe (setup, turn, end of turn, end of game, final scoring)."""

    rule: str = Field(description="Rulebook lines")
    order: Count
    params: dict[Id, Int] = Field(default_factory=dict, description="Numbers of the steps' {placeholders}")
    steps: list[Text] = Field(min_length=1)
    powers: list[Power] = Field(default_factory=list, description="What of it the effect language can say")


class DecisionOption(StrictModel):
    id: Id
    summary: str


class Decision(Entity):
    """Where the rulebook contradicts itself or is silent, the reading the content and runtime take.

    Editor-facing, so plain English, like discrepancies."""

    rule: str = Field(description="Rulebook lines")
    question: str
    options: list[DecisionOption] = Field(min_length=2)
    chosen: Id = Field(description="The id of the option taken")
