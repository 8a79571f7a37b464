"""A workspace is a folder holding `content/`, `schemas/` and `generated/`; every command acts on one."""

from __future__ import annotations

import difflib
import os
from dataclasses import dataclass
from pathlib import Path

from .confine import real_folders


class WorkspaceError(Exception):
    """A user-facing problem with the workspace itself (no content folder, unknown game)."""


@dataclass(frozen=True)
class Workspace:
    root: Path
    stands_in_for: Path | None = None
    """For the shadow a staged check builds (staged.py): the workspace whose files its links lead to."""

    @classmethod
    def open(cls, root: Path | None) -> Workspace:
        path = (root or Path.cwd()).resolve()
        if not (path / "content").is_dir():
            where = "the current directory" if root is None else str(path)
            raise WorkspaceError(f"{where} is not a lawforge workspace: it has no content/ folder (use --root DIR)")
        return cls(path)

    def readable_folders(self, *more: Path) -> tuple[str, ...]:
        """Real paths of the folders whose files the workspace may read (confine.py): its own, the one a shadow
        stands in for, and `more`."""
        return real_folders([self.root, *([self.stands_in_for] if self.stands_in_for else []), *more])

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
        """The folders of content/ that hold a game.yaml (of any kind: check says what is wrong with it)."""
        return sorted(p.name for p in self.content.iterdir() if os.path.lexists(p / "game.yaml"))

    def select(self, names: tuple[str, ...] | list[str]) -> list[str]:
        known = self.games()
        for name in names:
            if name not in known:
                close = difflib.get_close_matches(name, known, n=1)
                hint = f"; did you mean {close[0]!r}?" if close else ""
                raise WorkspaceError(f"no game {name!r} in {self.content} (games: {', '.join(known) or 'none'}){hint}")
        return list(names) or known

    def content_files(self, game: str) -> list[Path]:
        """Every entry of content/<game>/ and its folders that is not a folder, sorted: the regular files, and
        the links and special files that loading refuses by name. A linked folder is listed, not entered."""
        found: list[Path] = []
        pending = [self.content / game]
        while pending:
            folder = pending.pop()
            try:
                with os.scandir(folder) as entries:
                    for entry in entries:
                        (pending if entry.is_dir(follow_symlinks=False) else found).append(Path(entry.path))
            except OSError as exc:
                raise WorkspaceError(f"cannot list {self.rel(folder)}/: {exc.strerror}") from None
        return sorted(found)

    def rel(self, path: Path) -> str:
        return path.relative_to(self.root).as_posix()
