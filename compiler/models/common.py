"""Building blocks shared by every game's content models: strictness, text, provenance, references."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import (BaseModel, ConfigDict, Field, GetJsonSchemaHandler, RootModel, StringConstraints, ValidationInfo,
                      field_validator, model_validator)
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

LOCALE_PATTERN = r"^[a-z]{2,3}(_[A-Z][a-z]{3})?(_([A-Z]{2}|[0-9]{3}))?$"
LOCALE = re.compile(LOCALE_PATTERN)
LocaleCode = Annotated[str, StringConstraints(pattern=LOCALE_PATTERN)]
"""A locale as CLDR names it: a language, then optionally a script and a region (en, uk, pt_BR, sr_Latn). Which
locales a game has is data, its game.yaml `locales`; the compiler reads their plural rules from CLDR (Babel)."""
Status = Literal["verified", "unverified", "placeholder"]

Id = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$", max_length=64)]
"""Stable, author-assigned snake_case slug."""

Version = Annotated[str, StringConstraints(pattern=r"^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$")]
"""MAJOR.MINOR.PATCH of a game's content; docs/releasing.md says which change needs which bump."""

INT32_MIN, INT32_MAX = -(2 ** 31), 2 ** 31 - 1
Int = Annotated[int, Field(ge=INT32_MIN, le=INT32_MAX)]
"""An integer of content. Compiled tables and bytecode are int32, so a larger one is an error, never wrapped."""
Count = Annotated[int, Field(ge=0, le=INT32_MAX)]
Positive = Annotated[int, Field(ge=1, le=INT32_MAX)]
MAX_PLAYERS = 8
MAX_FACES = 100
"""Faces of one die: the compiler lists every face."""


REFERABLE_IDS: ContextVar[Mapping[str, Sequence[str]]] = ContextVar("referable_ids", default={})
"""While a game's JSON Schemas are exported (schemas.py): its ids of each kind, which its references may name."""


@dataclass(frozen=True)
class RefTo:
    """Marks a string field as the id of an entity of `kind`; the linker resolves it. In a game's JSON Schema the
    field is an enum of that game's ids of the kind, so that an editor completes them."""

    kind: str

    def __get_pydantic_json_schema__(self, core_schema: CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        schema = handler(core_schema)
        ids = REFERABLE_IDS.get().get(self.kind)
        return {**schema, "enum": list(ids)} if ids else schema


@dataclass(frozen=True)
class Lowered:
    """Marks a field that the compiler turns into bytecode: it is not emitted as Python data."""


class StrictModel(BaseModel):
    """No unknown keys, no coercion (`"3"` is not `3`), immutable after validation."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Text(RootModel[dict[LocaleCode, str | None]]):
    """A player-facing string in each of the game's locales: {en: Cradle, uk: Колиска}. `[term]` marks a glossary
    term or icon. The link stage refuses a locale the game does not declare."""

    model_config = ConfigDict(strict=True, frozen=True, json_schema_extra={"additionalProperties": False})

    def get(self, locale: str) -> str | None:
        return self.root.get(locale)

    def __getattr__(self, name: str) -> Any:
        """`text.uk` reads a locale, as with the runtime's Text (None where the text has none)."""
        if LOCALE.match(name):
            return self.root.get(name)
        return super().__getattr__(name)  # type: ignore[misc]  # pydantic's: private attributes, else AttributeError


class Source(StrictModel):
    """Where a fact comes from: a document declared in game.yaml, and a line or place in it."""

    doc: Annotated[str, RefTo("document")]
    line: Positive | None = None
    end_line: Positive | None = None
    at: str | None = Field(default=None, description="A place in a reference file, e.g. denizens/Mercenaries")
    quote: str | None = Field(default=None, description="Exact words of the document at `line`; checked")
    note: str | None = None


class Identified(StrictModel):
    id: Id


class Entity(Identified):
    source: list[Source] = Field(min_length=1)
    status: Status = Field(description="verified: the rulebook says so; unverified: reference data or general "
                           "knowledge; placeholder: made up so that the game can run")
    note: str | None = Field(default=None, description="Editor's note: decisions, conflicts between sources")


class NamedEntity(Entity):
    name: Text


class Document(StrictModel):
    """A document facts come from: a file beside the content (lines and quotes are checked), or a
    public repository that is not shipped with it (cited by path and commit in `at`)."""

    id: Id
    title: str
    path: str | None = Field(default=None, description="File, relative to the workspace root: in the workspace or "
                             "in one of the game's document_folders")
    repository: str | None = Field(default=None, description="Public repository (owner/name) not shipped here")
    kind: Literal["rulebook", "reference", "knowledge"]
    language: str | None = None
    licence: str | None = None

    @model_validator(mode="after")
    def _one_location(self) -> Document:
        if (self.path is None) == (self.repository is None):
            raise ValueError("a document has either a path or a repository")
        return self


class InventoryItem(NamedEntity):
    """A physical component and how many the box holds."""

    count: Count
    counts: str | None = Field(default=None, description="Entity kind whose number must equal `count`")
    where: dict[str, str] | None = Field(default=None, description="Only entities whose fields have these values")


class Players(StrictModel):
    """How many may play: from 1 to 8, the least first."""

    min: Annotated[int, Field(ge=1, le=MAX_PLAYERS)]
    max: Annotated[int, Field(ge=1, le=MAX_PLAYERS)]

    @field_validator("max")
    @classmethod
    def _not_below_min(cls, value: int, info: ValidationInfo) -> int:
        least = info.data.get("min")
        if least is not None and value < least:
            raise ValueError(f"max ({value}) is less than min ({least})")
        return value


class Cards(StrictModel):
    """Which state fields hold where each card is, so that draw, discard, flip, reveal and peek work."""

    space: Id = Field(description="The space of all cards (an entity kind or a union in `spaces`)")
    zone: Id = Field(description="Field of [card] holding the card's zone")
    order: Id = Field(description="Field of [card] holding its place in the zone (the top is the largest)")
    faceup: Id = Field(description="Field of [card]: 1 when face up")
    seen: Id = Field(description="Field of [card, player]: 1 when that player has seen its face")


class Game(StrictModel):
    """game.yaml: what the game is, its locales, the documents its facts come from, its components."""

    id: Id
    ruleset: Id
    name: Text
    version: Version = Field(default="0.0.0", description=(
        "The content's version, MAJOR.MINOR.PATCH: a removed id, a native's signature or the state layout changed "
        "needs a major bump, added entities or changed values or effects a minor one, texts alone a patch "
        "(docs/releasing.md); 0.0.0 is content never released"))
    source_locale: LocaleCode = Field(description="The locale the game's texts are written in; the others translate it")
    locales: list[LocaleCode] = Field(min_length=1, description=(
        "Every locale of the game, the source included: each text may have these and no others, and `check` warns of "
        "each one a text lacks (docs/translating.md, adding a language)"))
    documents: list[Document] = Field(min_length=1)
    document_folders: list[str] = Field(default_factory=list, description=(
        "Folders outside the workspace that documents may be read from, relative to the workspace and in the "
        "folder that holds it, e.g. ../shared/seeds (docs/content.md)"))
    inventory: list[InventoryItem] = Field(default_factory=list)
    players: Players | None = None
    spaces: dict[Id, list[Id]] = Field(default_factory=dict,
                                       description="Unions of entity kinds, e.g. card: [denizen, relic]")
    cards: Cards | None = None


class Term(NamedEntity):
    """A glossary entry; `[id]` in any text refers to it. Inflected forms may be listed per locale."""

    definition: Text | None = None
    icon: bool = Field(default=False, description="Printed as an icon on components")
    forms: Text | None = Field(default=None, description="Other accepted forms, comma-separated, per locale")
    enforce: bool = Field(default=True, description="Translations of a text using this term must use its "
                          "approved translation (its name or one of its forms)")
    exempt: list[str] = Field(default_factory=list, description="Keys of texts (`kind/id/path`, as in `i18n export`) "
                              "where the word is not this term, e.g. a card named 'A Small Favor'")


PluralCategory = Literal["zero", "one", "two", "few", "many", "other"]


class PluralText(RootModel[dict[LocaleCode, dict[PluralCategory, str] | None]]):
    """A text that depends on a number, per locale and CLDR plural category: {en: {one: "{count} card", …}, …}."""

    model_config = ConfigDict(strict=True, frozen=True, json_schema_extra={"additionalProperties": False})

    def forms(self, locale: str) -> dict[str, str] | None:
        forms: dict[str, str] | None = self.root.get(locale)
        return forms

    def __getattr__(self, name: str) -> Any:
        """`plural.uk` reads a locale's forms, as with the runtime's PluralText (None where it has none)."""
        if LOCALE.match(name):
            return self.root.get(name)
        return super().__getattr__(name)  # type: ignore[misc]  # pydantic's: private attributes, else AttributeError


class Label(Identified):
    """A heading or caption of the reference sheets; `plural` for one that counts something."""

    text: Text | None = None
    plural: PluralText | None = None
    args: list[Id] = Field(default_factory=list, description="Names a kernel fills in at run time: {clearing} in "
                           "a move's description (the message format: docs/translating.md)")
    forms: dict[LocaleCode, dict[Id, str]] = Field(default_factory=dict, description=(
        "Other grammatical forms of this label's text, per locale: {uk: {gen: \"місця {seat}\"}}; a message whose "
        "argument is filled with this label prints one as {who:gen}"))
    arg_labels: dict[Id, list[Annotated[str, RefTo("label")]]] = Field(default_factory=dict, description=(
        "Arguments filled with other labels' words, {who: [seat_player]}: {who:gen} picks the `gen` form of the label "
        "that fills it, which each of them must declare in each locale that asks for it"))

    @model_validator(mode="after")
    def _one_form(self) -> Label:
        if (self.text is None) == (self.plural is None):
            raise ValueError("a label has either a text or a plural")
        return self


class Axis(StrictModel):
    label: Text
    kind: str | None = Field(default=None, description="Keys are ids of this entity kind")
    keys: list[str] | list[Int] = Field(min_length=1)
    lower_bounds: bool = Field(default=False, description="Integer keys are the lower ends of ranges")


class Discrepancy(Entity):
    """A point where two rulebooks (or a rulebook and reference data) disagree, and which one we follow.

    Editor-facing, so plain English; `source` quotes every side of the disagreement."""

    rule: str = Field(description="Rule section, e.g. '6.7' or 'setup 23'")
    summary: str = Field(description="What each source says, in one or two sentences")
    follow: Annotated[str, RefTo("document")] = Field(description="The document whose reading the content follows")


class Table(NamedEntity):
    """A numeric rule table; lowered to a flat int32 array."""

    rule: str | None = None
    rows: Axis
    columns: Axis | None = None
    unit: Text
    values: list[list[Int]] = Field(min_length=1)


class StateField(Identified):
    """One array of the game state the effect VM reads and writes; the compiler lays them out flat."""

    of: list[Id] = Field(default_factory=list, description="Axes: 'player', 'zone', an entity kind or a space")
    holds: Id | None = Field(default=None, description="The resource it holds: it is a holding of that resource")
    value: Id | None = Field(default=None, description="Its values are entities of this space (else numbers)")
    rule: bool = Field(default=False, description="A rule hook: modifiers change it, the kernel reads it")
    visible: Literal["all", "owner", "nobody"] = Field(
        default="all", description="Who may see it (observations): everyone, only the player its `player` axis "
        "names (a hand), or nobody (what is in a deck)")
    doc: str


class Resource(Identified):
    """Pieces that move between holdings: gain, pay, place, take, give, burn, kill."""

    term: Annotated[str, RefTo("term")]
    board: Id = Field(description="The holding of [player] where a player's own pieces are")
    source: Id | None = Field(default=None, description="Holding `gain` takes from unless told")
    sink: Id | None = Field(default=None, description="Holding `pay` and `burn` put into unless told")
    bank: Id | None = Field(default=None, description="Holding of [player] that `kill` returns pieces to")


class Native(Identified):
    """A procedure of the game's kernel that effects may call: what the shared verbs cannot say."""

    args: list[Id] = Field(default_factory=list, description="Argument types: number, bool, or a space")
    returns: Id | None = Field(default=None, description="Type of the result; none for a statement")
    procedure: bool = Field(default=False, description="It asks players decisions: the effect calling it waits while "
                            "the kernel runs it (a move, a battle), where a plain native answers at once")
    doc: str


class Constant(NamedEntity):
    """A number the rules give (the points that win, a hand limit, a supply): kernels read it from here, never
    from their own code, so that an editor's change reaches play."""

    value: Int
    rule: str | None = Field(default=None, description="Rule section that gives it, e.g. '3.1'")


class Zone(Identified):
    """A place cards are in: a deck, a discard pile, a player's hand or advisers."""

    per_player: bool = False
    doc: str


class Effectful(StrictModel):
    """Something with an effect: written in the effect language, or done by a native of the kernel."""

    effect: Annotated[list[Statement], Lowered()] | None = Field(default=None, description="docs/effects.md")
    native: Annotated[str, RefTo("native")] | None = Field(
        default=None, description="A native procedure of the kernel that does the whole power")


class Selector(Identified):
    """A named expression effects can use like a variable: `your_site`, `matching_advisers`."""

    is_: Annotated[Expr, Lowered()] = Field(alias="is")
    doc: str


class DieFace(StrictModel):
    symbols: list[Annotated[str, RefTo("term")]] = Field(default_factory=list)
    value: Int | None = None
    count: Annotated[int, Field(ge=1, le=MAX_FACES)] = Field(description="How many faces of the die are this one")


class Die(NamedEntity):
    faces: list[DieFace] = Field(min_length=1)


from ..effects.nodes import Expr, Statement  # noqa: E402  (the effect tree builds on the strict base above)

Effectful.model_rebuild()
Selector.model_rebuild()
