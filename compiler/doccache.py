"""A cache of parsed content files, so that `check` reads YAML only when a file changed.

Entries live in `.lawforge-cache/documents/` (never committed), one JSON file per content file, keyed by the
file's bytes, lawforge's version, the loader's own code and ruamel's version, and sealed (`cacheseal`). JSON is
data: no entry can run code, and one that is corrupt, forged or made for other bytes is ignored and written
again. A file that fails to load is never cached, so its errors are always reported afresh. An entry holds
the data on its first line and the position tables on the second, which is decoded only when a position is
asked for (a clean check asks for none).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import ruamel.yaml

from . import __version__, loader
from .cacheseal import seal, unseal
from .confine import Refused, inside, read_confined, real_folders
from .diagnostics import Diagnostic, Position
from .files import write_atomically
from .loader import LoadedDocument, Path_, parse_document, read_content, refusal

_FORMAT = 1
_VERSIONS = "/".join((str(_FORMAT), __version__, ruamel.yaml.__version__,
                      hashlib.sha256(Path(loader.__file__).read_bytes()).hexdigest()[:16]))
"""What a parse depends on besides the file's bytes."""
_POSITION_TABLES = ("values", "keys", "ends")
MAX_ENTRY_BYTES = 64 * 1024 * 1024
"""An entry of the largest content file allowed is a few times its size."""


class _CachedDocument(LoadedDocument):
    """A document read from the cache: its lines and position tables are decoded when first read (a clean check
    reads only the first line, for the modeline)."""

    def __getattr__(self, name: str) -> Any:
        if name == "lines" and "_raw" in self.__dict__:
            self.lines = loader.decode(self.__dict__.pop("_raw")).splitlines()
            return self.lines
        pending = self.__dict__.get("_positions")
        if name not in _POSITION_TABLES or pending is None:
            raise AttributeError(name)
        del self.__dict__["_positions"]
        self.__dict__.update(_decode_positions(pending))
        return self.__dict__[name]

    @property
    def first_line(self) -> str:
        raw = self.__dict__.get("_raw")
        if raw is None:
            return super().first_line
        lines = loader.decode(raw.split(b"\n", 1)[0]).splitlines()  # the same first line as all the lines' first
        return lines[0] if lines else ""


def _encode_positions(doc: LoadedDocument) -> dict[str, list[Any]]:
    """Every path once; its value's start and end, and its key's start (0, 0 for none), as flat numbers."""
    paths = list(doc.values)
    starts = [n for path in paths for n in doc.values[path]]
    ends = [n for path in paths for n in doc.ends.get(path, (0, 0))]
    keys = [n for path in paths for n in doc.keys.get(path, (0, 0))]
    return {"paths": [list(path) for path in paths], "values": starts, "ends": ends, "keys": keys}


def _decode_positions(raw: bytes) -> dict[str, dict[Path_, Position]]:
    encoded = json.loads(raw)
    paths = [tuple(path) for path in encoded["paths"]]
    tables: dict[str, dict[Path_, Position]] = {}
    for name in _POSITION_TABLES:
        flat = encoded[name]
        tables[name] = {path: Position(flat[2 * i], flat[2 * i + 1]) for i, path in enumerate(paths) if flat[2 * i]}
    return tables


class DocumentCache:
    def __init__(self, root: Path, folder: Path, allowed: tuple[str, ...]) -> None:
        """`allowed`: the real folders the content files may lie in (`Workspace.readable_folders`)."""
        self.root = root
        self.folder = folder
        self.allowed = allowed
        self.usable = inside(real_folders([folder])[0], self.allowed)
        """False when the cache folder leads out of the workspace (a link): nothing is read or written there."""

    def load(self, file: Path) -> tuple[LoadedDocument | None, list[Diagnostic]]:
        """The parsed content file, from the cache when this machine parsed the same bytes before."""
        rel = file.relative_to(self.root).as_posix()
        try:
            raw = read_content(file, self.allowed)
        except Refused as refused:
            return None, [refusal(rel, refused)]
        key = hashlib.sha256(raw).hexdigest() + "/" + _VERSIONS
        entry = self.folder / (hashlib.sha256(rel.encode()).hexdigest() + ".json")
        cached = self._read(entry, key, rel, raw) if self.usable else None
        if cached is not None:
            return cached, []
        doc, problems = parse_document(rel, raw)
        if doc is not None and self.usable:
            head = json.dumps({"key": key, "data": doc.data}, ensure_ascii=False, separators=(",", ":"))
            positions = json.dumps(_encode_positions(doc), separators=(",", ":"))
            try:
                write_atomically(entry, seal(f"{head}\n{positions}".encode()))
            except OSError:
                pass  # a read-only workspace still checks, just without the cache
        return doc, problems

    def _read(self, entry: Path, key: str, rel: str, raw: bytes) -> LoadedDocument | None:
        """The entry's document if this machine sealed it for these bytes; None for anything else."""
        try:
            payload = unseal(read_confined(entry, self.allowed, MAX_ENTRY_BYTES))
        except Refused:
            return None
        if payload is None:
            return None
        head, _, positions = payload.partition(b"\n")
        try:
            stored = json.loads(head)
        except ValueError:
            return None
        if not isinstance(stored, dict) or stored.get("key") != key or "data" not in stored:
            return None
        doc = _CachedDocument.__new__(_CachedDocument)
        doc.__dict__.update(path=rel, data=stored["data"], _raw=raw, _positions=positions)
        return doc
