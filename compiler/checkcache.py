"""`lawforge check` remembers each game's diagnostics, so an unchanged game is not checked again.

A game's result is reused only if its content files, the compiler's own files and every document its
sources cite (rulebooks and reference data beside the workspace) are byte for byte as they were; the
cache lives in .lawforge-cache/ and is never committed. Reusing it skips importing the models and
validators, which is most of a check's time.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict
from pathlib import Path

from .build import compiler_fingerprint, content_files
from .diagnostics import Diagnostic, Severity
from .files import digest, tree_digest, write_atomically
from .workspace import Workspace


def _key(ws: Workspace, game: str, compiler: str) -> str:
    """What a game's diagnostics depend on besides cited documents: its content and `compiler_fingerprint()`."""
    return digest(f"{tree_digest(content_files(ws, game), ws.root)}\n{compiler}".encode())


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
        if entry.get("key") != key:
            return None
        if any(_file_digest(ws.root / path) != expected for path, expected in entry["documents"].items()):
            return None
        return [Diagnostic(**row | {"severity": Severity(row["severity"]), "loc": tuple(row["loc"])})
                for row in entry["diagnostics"]]
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None  # no cache, or one damaged: check again


def check_games_cached(ws: Workspace, games: list[str]) -> list[Diagnostic]:
    """The diagnostics of the games, in their order: from the cache for each game where nothing they depend on
    changed, the others checked (side by side)."""
    compiler = compiler_fingerprint()
    keys = {game: _key(ws, game, compiler) for game in games}
    cached = {game: _cached(ws, game, keys[game]) for game in games}
    fresh = _check_all(ws, [game for game, hit in cached.items() if hit is None], keys)
    diagnostics: list[Diagnostic] = []
    for game in games:
        hit = cached[game]
        diagnostics += fresh[game] if hit is None else hit
    return diagnostics


def _check_all(ws: Workspace, games: list[str], keys: dict[str, str]) -> dict[str, list[Diagnostic]]:
    """Check the games and remember their diagnostics: side by side in worker processes, one per core, where
    there are several games and the system can fork. A worker starts with the compiler's front end that this
    process imported, and imports only its own games' models."""
    workers = min(len(games), os.cpu_count() or 1)
    if workers < 2 or not hasattr(os, "fork"):
        return {game: _check_and_remember(ws, game, keys[game]) for game in games}
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    from . import frontend  # noqa: F401  (imported once, here, rather than in every worker)

    # The largest games first, so that no worker is left checking a large one while the others are idle.
    by_size = sorted(games, key=lambda game: sum(file.stat().st_size for file in content_files(ws, game)), reverse=True)
    try:
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
            return dict(zip(by_size, pool.map(_check_and_remember, [ws] * len(by_size), by_size,
                                              [keys[game] for game in by_size])))
    except BrokenProcessPool:
        # A worker died, or failed with an error that cannot be sent back: checking here shows that error.
        return {game: _check_and_remember(ws, game, keys[game]) for game in games}


def _check_and_remember(ws: Workspace, game: str, key: str) -> list[Diagnostic]:
    """Check a game, and store its diagnostics under `key` unless it could not be linked."""
    from .frontend import check_game

    linked, diagnostics = check_game(ws, game)
    if linked is not None:
        documents = {d.path: _file_digest(ws.root / d.path) for d in linked.game.documents if d.path}
        rows = [asdict(d) | {"severity": d.severity.value, "loc": list(d.loc)} for d in diagnostics]
        try:
            entry = {"key": key, "documents": documents, "diagnostics": rows}
            write_atomically(_cache_path(ws, game), json.dumps(entry))
        except OSError:
            pass  # a read-only or full cache: the check is done all the same, only not remembered
    return diagnostics
