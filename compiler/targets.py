"""What `lawforge check` is asked to check: games by name, or content files and folders (as pre-commit passes them).

A file can only be checked with the rest of its game (its references lead into other files), so a path selects its
game; the report then shows the problems written in the paths named, and the errors elsewhere in their games,
since a change to one file can break a reference in another.
"""

from __future__ import annotations

import difflib
import os
from dataclasses import dataclass
from pathlib import Path

from .diagnostics import Diagnostic
from .workspace import Workspace, WorkspaceError


@dataclass(frozen=True)
class CheckTargets:
    ws: Workspace
    games: list[str]
    paths: tuple[str, ...] = ()
    """Workspace-relative files and folders whose problems are all shown; none: every problem of the games."""

    def shows(self, diagnostic: Diagnostic) -> bool:
        """Whether the report includes a diagnostic: any, without paths; else those in the paths, and errors."""
        if not self.paths or diagnostic.is_error:
            return True
        return any(diagnostic.path == path or diagnostic.path.startswith(path + "/") for path in self.paths)


def check_targets(root: Path | None, arguments: tuple[str, ...]) -> CheckTargets:
    """The workspace (`--root`, else the one holding the first path named, else the current directory) and the games
    and paths the arguments name. Raises WorkspaceError naming an argument that is neither."""
    ws = _workspace(root, arguments)
    games = ws.games()
    selected: list[str] = []
    paths: list[str] = []
    for argument in arguments:
        if argument in games:
            selected.append(argument)
        elif os.path.lexists(argument):
            rel, game = _content_path(ws, argument)
            paths.append(rel)
            selected += [game] if game else games
        else:
            close = difflib.get_close_matches(argument, games, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise WorkspaceError(f"no game {argument!r} in {ws.content} (games: {', '.join(games) or 'none'}) and no "
                                 f"file of that name{hint}")
    return CheckTargets(ws, list(dict.fromkeys(selected)) or games, tuple(paths))


def _workspace(root: Path | None, arguments: tuple[str, ...]) -> Workspace:
    if root is not None:
        return Workspace.open(root)
    for argument in arguments:
        if os.path.lexists(argument):
            found = _holding_workspace(_absolute(argument))
            if found is None:
                raise WorkspaceError(f"{argument} is not in the content folder of a lawforge workspace "
                                     "(content/GAME/…); name the workspace with --root DIR")
            return Workspace.open(found)
    return Workspace.open(None)


def _absolute(argument: str) -> Path:
    """An argument's absolute path, its folders' links resolved (as the workspace's root is), not its own."""
    absolute = Path(os.path.abspath(argument))
    return Path(os.path.realpath(absolute.parent)) / absolute.name


def _holding_workspace(path: Path) -> Path | None:
    """The workspace whose content folder holds `path`: the folder above a `content/` with a game in it."""
    for folder in (path, *path.parents):
        if folder.name == "content" and folder.is_dir():
            inner = path.relative_to(folder).parts
            if not inner or os.path.lexists(folder / inner[0] / "game.yaml"):
                return folder.parent
    return None


def _content_path(ws: Workspace, argument: str) -> tuple[str, str | None]:
    """A path argument as (workspace-relative path, its game), the game None for the content folder itself; a
    WorkspaceError unless it lies in the workspace's content/ (in a game's folder, or the folder itself)."""
    absolute = _absolute(argument)
    parts = absolute.relative_to(ws.root).parts if absolute.is_relative_to(ws.root) else ()
    if not parts or parts[0] != "content":
        raise WorkspaceError(f"{argument} is not in the content folder of the workspace {ws.root} "
                             "(lawforge check takes games, or files and folders under content/)")
    if len(parts) == 1:
        return "content", None
    if parts[1] not in ws.games():
        raise WorkspaceError(f"{argument} is in no game's folder: content/{parts[1]} holds no game.yaml")
    return "/".join(parts), parts[1]
