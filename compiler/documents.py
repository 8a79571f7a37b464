"""The documents a game's sources cite (rulebooks, reference data): which files may be read, and reading them.

A document's `path:` is read only inside the workspace or a folder its game.yaml declares in
`document_folders:`, so that content can quote a rulebook beside the workspace (`../shared/seeds`) but never
any other file of the machine. A declared folder is relative, lies in the folder that holds the workspace
(the workspace's siblings, as in a clone beside `shared/`) and outside the workspace itself. A document that
is missing is a warning (its quotes are not checked); one that is refused is an error at its `path:`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from .confine import Refused, inside, read_confined
from .diagnostics import Diagnostic, Severity
from .files import digest

if TYPE_CHECKING:  # checkcache reads digests without importing the models
    from .loader import LoadedDocument, Path_
    from .models.common import Document, Game
    from .workspace import Workspace

MAX_DOCUMENT_BYTES = 16 * 1024 * 1024
"""A rulebook as text is a few hundred kilobytes."""
_WHERE = "the workspace and its game's document_folders"


@dataclass
class DocumentFiles:
    """What was read of a game's documents: the problems, their lines, and what `check`'s cache keys on."""

    folders: tuple[str, ...] = ()
    """Real paths of the folders documents may be read from: the workspace and the declared folders."""
    lines: dict[str, list[str]] = field(default_factory=dict)
    """Document id → its lines, for the documents that were read."""
    digests: dict[str, str] = field(default_factory=dict)
    """Document path as written → the digest of the bytes read, or why none were (`read_digest`)."""
    diagnostics: list[Diagnostic] = field(default_factory=list)


def read_digest(path: Path, folders: tuple[str, ...]) -> str:
    """The digest of a document's bytes, or the reason it is not read: what a result of `check` depends on."""
    try:
        return digest(read_confined(path, folders, MAX_DOCUMENT_BYTES, _WHERE))
    except Refused as refused:
        return _refused(refused)


def _refused(refused: Refused) -> str:
    return f"refused {refused.code}: {refused.message}"


def read_documents(ws: Workspace, game: Game, doc: LoadedDocument) -> DocumentFiles:
    """Check the declared folders and read every document with a `path`, reporting at game.yaml's positions."""
    out = DocumentFiles()

    def report(loc: Path_, code: str, message: str, severity: Severity = Severity.ERROR,
               hint: str | None = None) -> None:
        at = doc.position(loc)
        out.diagnostics.append(Diagnostic(doc.path, at.line, at.col, code, message, severity, hint, loc))

    declared = []
    for index, folder in enumerate(game.document_folders):
        problem = _folder_problem(ws.root, folder)
        if problem is None:
            declared += [ws.root / folder] + ([ws.stands_in_for / folder] if ws.stands_in_for else [])
        else:
            report(("document_folders", index), "bad-document-folder", f"document folder {folder!r} {problem}")
    out.folders = ws.readable_folders(*declared)
    absent: list[Document] = []
    for index, document in enumerate(game.documents):
        if document.path is None:
            continue
        loc = ("documents", index, "path")
        try:
            raw = read_confined(ws.root / document.path, out.folders, MAX_DOCUMENT_BYTES, _WHERE)
        except Refused as refused:
            out.digests[document.path] = _refused(refused)
            if refused.code == "missing-file" and not inside(os.path.normpath(ws.root / document.path), (str(ws.root),)):
                absent.append(document)
            elif refused.code == "missing-file":
                report(loc, "missing-document", f"document file {document.path} not found; its line numbers and "
                       "quotes are not checked", Severity.WARNING)
            else:
                hint = ("documents lie in the workspace or in a folder beside it that game.yaml declares in "
                        "`document_folders:`" if refused.code == "outside-workspace" else None)
                report(loc, refused.code, f"document file {document.path} {refused.message}", hint=hint)
            continue
        out.digests[document.path] = digest(raw)
        try:
            out.lines[document.id] = raw.decode("utf-8").removeprefix("\ufeff").splitlines()
        except UnicodeDecodeError as exc:
            report(loc, "not-utf8", f"document file {document.path} is not UTF-8 (byte 0x{raw[exc.start]:02x} "
                   f"at offset {exc.start}); its line numbers and quotes cannot be checked")
    if absent:
        report(*_absent_summary(ws.root, game, absent), Severity.WARNING, hint="put the folders that "
               "game.yaml declares in `document_folders:` beside the workspace, as in a clone beside `shared/`")
    return out


def _absent_summary(root: Path, game: Game, absent: list[Document]) -> tuple[Path_, str, str]:
    """One warning for the cited documents beside the workspace that are not there (a workspace used without the
    rulebooks it quotes): where (the first declared folder holding one), its code and its message."""
    def folder_of(document: Document) -> int | None:
        lexical = os.path.normpath(root / str(document.path))
        return next((i for i, folder in enumerate(game.document_folders)
                     if inside(lexical, (os.path.normpath(root / folder),))), None)

    folders = sorted({i for i in map(folder_of, absent) if i is not None})
    loc: Path_ = ("document_folders", folders[0]) if folders else \
        ("documents", game.documents.index(absent[0]), "path")
    names = ", ".join(d.id for d in absent[:5]) + (", …" if len(absent) > 5 else "")
    where = f" in {', '.join(game.document_folders[i] for i in folders)}" if folders else ""
    what = "1 cited document" if len(absent) == 1 else f"{len(absent)} cited documents"
    verb = "is" if len(absent) == 1 else "are"
    return loc, "missing-document", (f"{what} outside the workspace {verb} not there ({names}{where}); their line "
                                     "numbers and quotes are not checked")


def _folder_problem(root: Path, folder: str) -> str | None:
    """Why a declared document folder is refused, or None."""
    if os.path.isabs(folder):
        return "is absolute; document folders are relative to the workspace, so that it can move"
    lexical = os.path.normpath(root / folder)
    if inside(lexical, (str(root),)):
        return "is inside the workspace, whose files may be cited without declaring them"
    if not inside(lexical, (str(root.parent),)) or lexical == str(root.parent):
        return f"is not inside {root.parent}, the folder that holds the workspace"
    return None
