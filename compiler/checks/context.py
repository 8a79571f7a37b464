"""What a game's own checks see: the validated entities with their places, and a way to report."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeVar

from ..diagnostics import Diagnostic, Severity
from ..loader import LoadedDocument, Path_
from ..models.common import Game
from ..validate import Located, ValidatedContent

T = TypeVar("T")


@dataclass
class CheckContext:
    content: ValidatedContent
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def game(self) -> Game:
        assert self.content.game is not None
        return self.content.game

    @property
    def game_doc(self) -> LoadedDocument:
        assert self.content.game_doc is not None
        return self.content.game_doc

    def complete(self, *kinds: str) -> bool:
        """True when every entry of these kinds validated: a check over a partial kind would report noise."""
        return not any(kind in self.content.broken_kinds for kind in kinds)

    def items(self, kind: str) -> list[Located]:
        return self.content.entities.get(kind, [])

    def typed(self, kind: str, model: type[T]) -> list[tuple[Located, T]]:
        """The entities of a kind with their model's type, for checks that read its fields."""
        return [(item, item.entity) for item in self.items(kind) if isinstance(item.entity, model)]

    def report(self, doc: LoadedDocument, loc: Path_, code: str, message: str, *, key: bool = False,
               hint: str | None = None, severity: Severity = Severity.ERROR) -> None:
        at = doc.position(loc, key=key)
        self.diagnostics.append(Diagnostic(doc.path, at.line, at.col, code, message, severity, hint, loc))

    def report_at(self, item: Located, loc: Path_, code: str, message: str, *, key: bool = False,
                  hint: str | None = None) -> None:
        """Report at `loc` inside an entity."""
        self.report(item.doc, item.loc + loc, code, message, key=key, hint=hint)
