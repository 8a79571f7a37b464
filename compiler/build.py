"""`lawforge build`: check, generate code and schemas, compile the tables, render the sheets.

A build that finds errors writes nothing. A build whose inputs (content and compiler) and
outputs are unchanged since the last one does nothing, without loading the compiler stages.
A build killed midway is finished by the next one: it removes the temporary files the killed one
left and compiles the tables again unless the extension carries the digest of the current `.pyx`.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from . import __version__
from .confine import Refused
from .diagnostics import Diagnostic
from .files import (check_all_writable, check_writable, digest, is_temporary, leftover_temporaries, tree_digest,
                    write_atomically)
from .workspace import Workspace

if TYPE_CHECKING:
    from .link import LinkedGame
    from .sheets import SheetReport

IGNORED_SUFFIXES = (".so", ".c", ".pyd", ".html")
"""Files in generated/ that are local build products, not committed output."""

Progress = Callable[[str], None]


@dataclass
class GeneratedGame:
    name: str
    ruleset: str
    linked: LinkedGame
    files: dict[str, str] = field(default_factory=dict)
    """Workspace-relative path → exact text."""


CHANGELOG = "CHANGELOG.md"
"""A game's changelog (content/<game>/CHANGELOG.md): written by `release` after the build, so not hashed."""


def content_files(ws: Workspace, game: str) -> list[Path]:
    """A game's files; a temporary file an interrupted write left (the next writer removes it) is none of them."""
    return [p for p in ws.content_files(game) if not is_temporary(p)]


def hashed_files(ws: Workspace, game: str) -> list[Path]:
    """The files the content hash covers: every content file but the changelog, which only describes them."""
    changelog = ws.content / game / CHANGELOG
    return [p for p in content_files(ws, game) if p != changelog]


def content_digest(ws: Workspace, game: str) -> str:
    """One hash over a game's files, each read as checking reads it (`read_content`: inside the workspace, a
    regular file, bounded); one that is refused counts by its refusal, unread (a link out, a device)."""
    from .loader import read_content

    allowed = ws.readable_folders()
    h = hashlib.sha256()
    for file in hashed_files(ws, game):
        try:
            data = read_content(file, allowed)
        except Refused as refused:
            data = f"refused: {refused.code}".encode()
        h.update(ws.rel(file).encode() + b"\0" + hashlib.sha256(data).digest())
    return "sha256:" + h.hexdigest()


def compiler_fingerprint() -> str:
    here = Path(__file__).parent
    return tree_digest([p for p in here.rglob("*") if p.is_file() and p.suffix in (".py", ".j2", ".css")], here)


def generate(ws: Workspace, game: str) -> tuple[GeneratedGame | None, list[Diagnostic]]:
    """Everything `build` writes into the repository for one game, as text, or the errors."""
    from .emit_cython import emit_pyi, emit_pyx
    from .emit_effects import emit_effects
    from .emit_plurals import emit_plurals
    from .emit_python import emit_entities, emit_package_init
    from .frontend import check_game
    from .lower import lower_game
    from .schemas import game_schemas

    linked, diagnostics = check_game(ws, game)
    if linked is None or any(d.is_error for d in diagnostics):
        return None, diagnostics
    lowered = lower_game(linked)
    ruleset = linked.game.ruleset
    out = GeneratedGame(game, ruleset, linked)
    package = f"generated/{game}"
    code = {
        "__init__.py": emit_package_init(linked),
        "entities.py": emit_entities(linked),
        "tables.pyx": emit_pyx(lowered),
        "tables.pyi": emit_pyi(lowered),
        "effects.py": emit_effects(lowered),
        "plurals.py": emit_plurals(linked),
    }
    manifest = {
        "game": game,
        "ruleset": ruleset,
        "version": linked.game.version,
        "generator": f"lawforge {__version__}",
        "source_locale": linked.game.source_locale,
        "locales": list(linked.game.locales),
        "content_hash": content_digest(ws, game),
        "entities": {kind: len(items) for kind, items in linked.entities.items()},
        "inventory": {item.id: item.count for item in linked.game.inventory},
        **({"players": {"min": linked.game.players.min, "max": linked.game.players.max}}
           if linked.game.players is not None else {}),
        "files": {name: digest(text.encode()) for name, text in sorted(code.items())},
    }
    code["MANIFEST.json"] = json.dumps(manifest, indent=2, ensure_ascii=False) + "\n"
    out.files = {f"{package}/{name}": text for name, text in sorted(code.items())}
    ids = {kind: sorted(e.id for e in entities) for kind, entities in linked.entities.items()}
    ids["document"] = sorted(d.id for d in linked.game.documents)
    for name, text in game_schemas(ruleset, ids).items():
        out.files[f"schemas/{game}/{name}"] = text
    return out, diagnostics


INTERRUPTED = "left by an interrupted write"
STALE_EXTENSION = "built from another tables.pyx: a compile failed or was interrupted"
MISSING_EXTENSION = "missing: the tables are not compiled"


def stale_outputs(ws: Workspace, generated: GeneratedGame) -> list[tuple[str, str]]:
    """(path, why) for each committed output that differs from what the content gives, and for the compiled
    tables when they were not built from the generated `.pyx`."""
    problems = stale_files(ws, generated)
    pyx = f"generated/{generated.name}/tables.pyx"
    if pyx in generated.files:
        problems += _stale_extension(ws, generated.name, digest(generated.files[pyx].encode()))
    return problems


def stale_files(ws: Workspace, generated: GeneratedGame) -> list[tuple[str, str]]:
    """(path, why) for each committed output that differs from what the content gives."""
    problems = []
    for rel, text in generated.files.items():
        path = ws.root / rel
        if not path.exists():
            problems.append((rel, "missing"))
        elif not path.is_file():
            problems.append((rel, "not a file"))
        elif path.read_bytes() != text.encode():
            problems.append((rel, "stale or edited by hand"))
    expected = set(generated.files)
    for directory in (ws.generated / generated.name, ws.schemas / generated.name):
        leftovers = set(leftover_temporaries(directory))
        if directory.is_dir():
            for path in sorted(directory.rglob("*")):
                rel = ws.rel(path)
                if path in leftovers:
                    problems.append((rel, INTERRUPTED))
                elif path.is_file() and rel not in expected and "__pycache__" not in path.parts \
                        and path.suffix not in IGNORED_SUFFIXES:
                    problems.append((rel, "not produced by the build"))
    return problems


def _stale_extension(ws: Workspace, game: str, pyx_digest: str) -> list[tuple[str, str]]:
    from .extension import embedded_digest, extension_path

    extension = extension_path(ws.generated / game / "tables.pyx")
    if embedded_digest(extension, f"lawforge.generated.{game}.tables") == pyx_digest:
        return []
    return [(ws.rel(extension), STALE_EXTENSION if extension.exists() else MISSING_EXTENSION)]


@dataclass
class Stamp:
    """What the last build of a game read and wrote; kept in .lawforge-cache, never committed."""

    inputs: str
    outputs: dict[str, str]

    @classmethod
    def read(cls, path: Path) -> Stamp | None:
        try:
            data = json.loads(path.read_text())
            return cls(data["inputs"], data["outputs"])
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def write(self, path: Path) -> None:
        write_atomically(path, json.dumps({"inputs": self.inputs, "outputs": self.outputs}, indent=2) + "\n")

    def outputs_intact(self, root: Path) -> bool:
        for rel, expected in self.outputs.items():
            path = root / rel
            if not path.is_file() or digest(path.read_bytes()) != expected:
                return False
        return True


def _inputs_digest(ws: Workspace, game: str, sheets_dir: Path | None) -> str:
    parts = [content_digest(ws, game), compiler_fingerprint(), str(sheets_dir or "")]
    return digest("\n".join(parts).encode())


def build_game(ws: Workspace, game: str, *, sheets_dir: Path | None, force: bool, progress: Progress,
               on_sheet: Callable[[SheetReport], None] = lambda _: None) -> tuple[bool, list[Diagnostic]]:
    """Returns (changed anything, diagnostics); diagnostics with errors mean nothing was written. Each sheet
    rendered (the player edition, every locale) is reported to `on_sheet` as it is done.

    Raises WriteError before the long work when an output folder cannot be written."""
    from .extension import abandoned_work, compile_extension, embedded_digest, extension_path

    for folder in abandoned_work(ws.cache):
        shutil.rmtree(folder, ignore_errors=True)
    stamp_path = ws.cache / f"build-{game}.json"
    inputs = _inputs_digest(ws, game, sheets_dir)
    stamp = Stamp.read(stamp_path)
    if not force and stamp is not None and stamp.inputs == inputs and stamp.outputs_intact(ws.root):
        progress(f"{game}: up to date")
        return False, []
    for folder in (ws.generated, ws.schemas, ws.cache, *([sheets_dir] if sheets_dir is not None else [])):
        check_writable(folder, folder=True)

    progress(f"{game}: checking and generating")
    generated, diagnostics = generate(ws, game)
    if generated is None:
        return False, diagnostics
    changed = {ws.root / rel: text for rel, text in generated.files.items()
               if not (ws.root / rel).is_file() or (ws.root / rel).read_bytes() != text.encode()}
    check_all_writable(list(changed))
    for path, text in changed.items():
        write_atomically(path, text)
        progress(f"{game}: wrote {ws.rel(path)}")
    for rel, why in stale_files(ws, generated):
        if why == INTERRUPTED or why == "not produced by the build" and rel.startswith(f"generated/{game}/"):
            (ws.root / rel).unlink()
            progress(f"{game}: removed {rel}")

    pyx = ws.generated / game / "tables.pyx"
    extension = extension_path(pyx)
    module = f"lawforge.generated.{game}.tables"
    if force or embedded_digest(extension, module) != digest(pyx.read_bytes()):
        progress(f"{game}: compiling {ws.rel(pyx)} (Cython)")
        compile_extension(pyx, module, ws.cache)

    outputs = {rel: digest(text.encode()) for rel, text in generated.files.items()}
    outputs[ws.rel(extension)] = digest(extension.read_bytes())
    if sheets_dir is not None:
        from .sheets import render_sheets

        locales = generated.linked.game.locales
        for sheet in render_sheets(ws, generated.linked, locales, sheets_dir, force=force, on_sheet=on_sheet):
            for path in (sheet.html, sheet.pdf):
                outputs[str(path.resolve())] = digest(path.read_bytes())
    Stamp(inputs, outputs).write(stamp_path)
    return True, diagnostics
