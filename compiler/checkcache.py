"""`lawforge check` remembers each game's diagnostics, so an unchanged game is not checked again.

A game's result is reused only if its content files, the compiler's own files and every document its
sources cite (rulebooks and reference data beside the workspace) are byte for byte as they were; the
cache lives in .lawforge-cache/ and is never committed. Reusing it skips importing the models and
validators, which is most of a check's time. Entries are sealed JSON (`cacheseal`): one this machine did not
write is ignored, and files are read as loading reads them (`confine`), so that no entry makes `check` read
outside the workspace and the folders the game declares.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict
from pathlib import Path

from .build import compiler_fingerprint
from .cacheseal import seal, unseal
from .confine import Refused, inside, read_confined, real_folders
from .diagnostics import Diagnostic, Severity
from .files import write_atomically
from .workspace import Workspace

MAX_KEYED_BYTES = 64 * 1024 * 1024
"""Larger than any file `check` reads, so a file refused here is refused by every reader: its refusal, not its
bytes, is what the result depends on."""


def _key(ws: Workspace, game: str, compiler: str) -> str:
    """What a game's diagnostics depend on besides cited documents: its content and `compiler_fingerprint()`."""
    h = hashlib.sha256(compiler.encode())
    workspace = ws.readable_folders()
    for file in ws.content_files(game):
        h.update(b"\0" + ws.rel(file).encode() + b"\0")
        try:
            h.update(hashlib.sha256(read_confined(file, workspace, MAX_KEYED_BYTES)).digest())
        except Refused as refused:
            h.update(f"refused {refused.code}: {refused.message}".encode())
    return "sha256:" + h.hexdigest()


def _cache_path(ws: Workspace, game: str) -> Path:
    return ws.cache / f"check-{game}.json"


def _usable(ws: Workspace) -> bool:
    """Whether the cache folder is the workspace's own (not a link out of it): only then is it read or written."""
    return inside(real_folders([ws.cache])[0], ws.readable_folders())


def _cached(ws: Workspace, game: str, key: str) -> list[Diagnostic] | None:
    from .documents import read_digest

    if not _usable(ws):
        return None
    try:
        payload = unseal(read_confined(_cache_path(ws, game), ws.readable_folders(), MAX_KEYED_BYTES))
        entry = json.loads(payload) if payload is not None else None
        if not isinstance(entry, dict) or entry.get("key") != key:
            return None
        folders = tuple(entry["folders"])
        if any(read_digest(ws.root / path, folders) != expected for path, expected in entry["documents"].items()):
            return None
        return [Diagnostic(**row | {"severity": Severity(row["severity"]), "loc": tuple(row["loc"])})
                for row in entry["diagnostics"]]
    except (Refused, ValueError, KeyError, TypeError):
        return None


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
    by_size = sorted(games, key=lambda game: sum(file.lstat().st_size for file in ws.content_files(game)), reverse=True)
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
    if linked is not None and _usable(ws):
        rows = [asdict(d) | {"severity": d.severity.value, "loc": list(d.loc)} for d in diagnostics]
        entry = {"key": key, "folders": linked.documents.folders, "documents": linked.documents.digests,
                 "diagnostics": rows}
        try:
            write_atomically(_cache_path(ws, game), seal(json.dumps(entry).encode()))
        except OSError:
            pass  # a read-only workspace or a full disk still checks, just without the cache
    return diagnostics
