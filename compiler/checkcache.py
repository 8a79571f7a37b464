"""`lawforge check` remembers each game's diagnostics, so an unchanged game is not checked again.

A game's result is reused only if its content files, the compiler's own files and every document its
sources cite (rulebooks and reference data beside the workspace) are byte for byte as they were; the
cache lives in .lawforge-cache/ and is never committed. Reusing it skips importing the models and
validators, which is most of a check's time.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

from .build import compiler_fingerprint, content_files
from .diagnostics import Diagnostic, Severity
from .files import digest, tree_digest, write_atomically
from .workspace import Workspace


def _key(ws: Workspace, game: str) -> str:
    return digest(f"{tree_digest(content_files(ws, game), ws.root)}\n{compiler_fingerprint()}".encode())


def _file_digest(path: Path) -> str | None:
    try:
        return digest(path.read_bytes())
    except OSError:
        return None


def _cache_path(ws: Workspace, game: str) -> Path:
    return ws.cache / f"check-{game}.json"


def _cached(ws: Workspace, game: str, key: str) -> list[Diagnostic] | None:
    try:
        entry = json.loads(_cache_path(ws, game).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if entry.get("key") != key:
        return None
    if any(_file_digest(ws.root / path) != expected for path, expected in entry["documents"].items()):
        return None
    return [Diagnostic(**row | {"severity": Severity(row["severity"]), "loc": tuple(row["loc"])})
            for row in entry["diagnostics"]]


def check_game_cached(ws: Workspace, game: str) -> list[Diagnostic]:
    """The diagnostics of one game, from the cache when nothing they depend on changed."""
    key = _key(ws, game)
    hit = _cached(ws, game, key)
    if hit is not None:
        return hit
    from .frontend import check_game

    linked, diagnostics = check_game(ws, game)
    if linked is not None:
        documents = {d.path: _file_digest(ws.root / d.path) for d in linked.game.documents if d.path}
        rows = [asdict(d) | {"severity": d.severity.value, "loc": list(d.loc)} for d in diagnostics]
        ws.cache.mkdir(exist_ok=True)
        write_atomically(_cache_path(ws, game), json.dumps({"key": key, "documents": documents, "diagnostics": rows}))
    return diagnostics
