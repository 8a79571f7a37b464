"""Which generated `.pyx` a compiled table module was built from, so that the runtime never runs stale tables.

A compile that fails or is killed leaves the previous extension in place, built from an older `.pyx`. So every
table extension is compiled from its `.pyx` with one line added, `SOURCE_DIGEST = "sha256:…"`, the digest of
that `.pyx` (compiler/extension.py and setup.py both compile through `stamped`); the game's MANIFEST.json names
the digest of the `.pyx` its content gives, and `load()` and `build --check` compare the two.

setup.py loads this file by path, before lawforge is installed: it imports nothing of lawforge.
"""

from __future__ import annotations

import hashlib

ATTRIBUTE = "SOURCE_DIGEST"
"""The name of the module-level string a compiled table module carries."""


def source_digest(pyx: bytes) -> str:
    """The digest of a `.pyx`, as MANIFEST.json writes it."""
    return "sha256:" + hashlib.sha256(pyx).hexdigest()


def stamped(pyx: bytes) -> bytes:
    """The source to compile: the `.pyx` and the line that names its digest."""
    line = f'\n{ATTRIBUTE} = "{source_digest(pyx)}"\n'.encode()
    return pyx + line if pyx.endswith(b"\n") else pyx + b"\n" + line
