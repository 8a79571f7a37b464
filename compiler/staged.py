"""Checks a game as it will be after a write, before the write is renamed into place.

`check_game` reads content from disk. So a writer that must check its result first builds a shadow workspace
in `.lawforge-cache/staged/`: links to each of the game's content files (a staged file in place of the one it
replaces), to the schemas, to the cache, and to each document the game cites, at the same place relative to
the shadow as to the workspace. `check_game` of the shadow is the check of the game after the write.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from .build import content_files
from .diagnostics import Diagnostic
from .frontend import check_game
from .workspace import Workspace

STAGED = "staged"


def _ups(path: str) -> int:
    """How many folders above the workspace a relative document path climbs."""
    depth = top = 0
    for part in Path(os.path.normpath(path)).parts:
        depth += -1 if part == ".." else 1
        top = min(top, depth)
    return -top


def _remove(path: Path) -> None:
    if path.is_symlink() or path.is_file():
        path.unlink()
    else:
        shutil.rmtree(path, ignore_errors=True)


def _link(link: Path, target: Path) -> None:
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(target)


def check_staged(ws: Workspace, game: str, replaced: dict[Path, Path], documents: list[str]) -> list[Diagnostic]:
    """The diagnostics of `game` with each file of `replaced` (content file → its staged successor) replaced;
    `documents` are the workspace-relative paths the game cites."""
    base = ws.cache / STAGED
    _remove(base)  # a shadow a killed writer left (we hold the workspace lock)
    relative = [path for path in documents if not Path(path).is_absolute()]
    root = base.joinpath(*["up"] * max(map(_ups, relative), default=0), "workspace")
    try:
        for file in sorted(set(content_files(ws, game)) | set(replaced)):
            _link(root / file.relative_to(ws.root), replaced.get(file, file))
        _link(root / "schemas", ws.schemas)
        _link(root / ".lawforge-cache", ws.cache)
        for path in relative:
            link = Path(os.path.normpath(root / path))
            if (ws.root / path).exists() and not os.path.lexists(link):
                _link(link, (ws.root / path).resolve())
        return check_game(Workspace(root, stands_in_for=ws.root), game)[1]
    finally:
        _remove(base)
