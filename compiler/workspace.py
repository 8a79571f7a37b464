"""A workspace is a folder holding `content/`, `schemas/` and `generated/`; every command acts on one."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


class WorkspaceError(Exception):
    """A user-facing problem with the workspace itself (no content folder, unknown game)."""


@dataclass(frozen=True)
class Workspace:
    root: Path

    @classmethod
    def open(cls, root: Path | None) -> Workspace:
        path = (root or Path.cwd()).resolve()
        if not (path / "content").is_dir():
            where = "the current directory" if root is None else str(path)
            raise WorkspaceError(f"{where} is not a lawforge workspace: it has no content/ folder (use --root DIR)")
        return cls(path)

    @property
    def content(self) -> Path:
        return self.root / "content"

    @property
    def schemas(self) -> Path:
        return self.root / "schemas"

    @property
    def generated(self) -> Path:
        return self.root / "generated"

    @property
    def cache(self) -> Path:
        return self.root / ".lawforge-cache"

    def games(self) -> list[str]:
        return sorted(p.name for p in self.content.iterdir() if (p / "game.yaml").is_file())

    def select(self, names: tuple[str, ...] | list[str]) -> list[str]:
        known = self.games()
        for name in names:
            if name not in known:
                raise WorkspaceError(f"no game {name!r} in {self.content} (games: {', '.join(known) or 'none'})")
        return list(names) or known

    def rel(self, path: Path) -> str:
        return path.relative_to(self.root).as_posix()
