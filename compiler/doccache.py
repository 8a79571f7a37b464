"""A cache of parsed content files, so that `check` reads YAML only when a file changed.

Entries live in `.lawforge-cache/documents/` (never committed), one per file, keyed by the bytes
of the file and the loader's own code; a file that fails to load is never cached, so its errors
are always reported afresh.
"""

from __future__ import annotations

import hashlib
import pickle
from pathlib import Path

from . import loader
from .diagnostics import Diagnostic
from .files import write_atomically
from .loader import LoadedDocument, load_document

_FINGERPRINT = hashlib.sha256(Path(loader.__file__).read_bytes()).hexdigest()[:16]


class DocumentCache:
    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def load(self, root: Path, file: Path) -> tuple[LoadedDocument | None, list[Diagnostic]]:
        try:
            key = hashlib.sha256(file.read_bytes()).hexdigest() + _FINGERPRINT
        except OSError:
            return load_document(root, file)
        entry = self.folder / (hashlib.sha256(file.relative_to(root).as_posix().encode()).hexdigest() + ".pickle")
        try:
            stored_key, doc = pickle.loads(entry.read_bytes())
            if stored_key == key:
                return doc, []
        except (OSError, pickle.UnpicklingError, ValueError, EOFError, AttributeError, TypeError):
            pass
        doc, problems = load_document(root, file)
        if doc is not None:
            try:
                write_atomically(entry, pickle.dumps((key, doc), protocol=pickle.HIGHEST_PROTOCOL))
            except OSError:
                pass  # a read-only workspace still checks, just without the cache
        return doc, problems
