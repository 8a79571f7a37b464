"""Building blocks shared by every game's content models: strictness, text, provenance, references."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

LOCALES: tuple[str, ...] = ("en", "fr", "uk")
Locale = Literal["en", "fr", "uk"]
Status = Literal["verified", "unverified", "placeholder"]

Id = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$", max_length=64)]
"""Stable, author-assigned snake_case slug."""


@dataclass(frozen=True)
class RefTo:
    """Marks a string field as the id of an entity of `kind`; the linker resolves it."""

    kind: str


class StrictModel(BaseModel):
    """No unknown keys, no coercion (`"3"` is not `3`), immutable after validation."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Text(StrictModel):
    """A player-facing string in each locale. `[term]` marks a glossary term or icon."""

    en: str | None = None
    fr: str | None = None
    uk: str | None = None

    def get(self, locale: str) -> str | None:
        value: str | None = getattr(self, locale, None)
        return value


class Source(StrictModel):
    """Where a fact comes from: a document declared in game.yaml, and a line or place in it."""

    doc: Annotated[str, RefTo("document")]
    line: int | None = Field(default=None, ge=1)
    end_line: int | None = Field(default=None, ge=1)
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
    path: str | None = Field(default=None, description="File, relative to the workspace root")
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

    count: int = Field(ge=0)
    counts: str | None = Field(default=None, description="Entity kind whose number must equal `count`")
    where: dict[str, str] | None = Field(default=None, description="Only entities whose fields have these values")


class Game(StrictModel):
    """game.yaml: what the game is, its locales, the documents its facts come from, its components."""

    id: Id
    ruleset: Id
    name: Text
    source_locale: Locale
    locales: list[Locale] = Field(min_length=1)
    documents: list[Document] = Field(min_length=1)
    inventory: list[InventoryItem] = Field(default_factory=list)


class Term(NamedEntity):
    """A glossary entry; `[id]` in any text refers to it. Inflected forms may be listed per locale."""

    definition: Text | None = None
    icon: bool = Field(default=False, description="Printed as an icon on components")
    forms: Text | None = Field(default=None, description="Other accepted forms, comma-separated, per locale")


class Label(Identified):
    """A heading or caption of the reference sheets."""

    text: Text


class Axis(StrictModel):
    label: Text
    kind: str | None = Field(default=None, description="Keys are ids of this entity kind")
    keys: list[str] | list[int] = Field(min_length=1)
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
    values: list[list[int]] = Field(min_length=1)
