"""File output that never leaves a half-written file: write to a temporary sibling, then rename."""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path


def digest(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


def _default_mode() -> int:
    """What a plain `open(…, "w")` would give: 0o666 less the umask (mkstemp makes files 0o600)."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


_DEFAULT_MODE = _default_mode()


def write_atomically(path: Path, data: bytes | str) -> None:
    payload = data.encode("utf-8") if isinstance(data, str) else data
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
        os.chmod(tmp, path.stat().st_mode & 0o777 if path.exists() else _DEFAULT_MODE)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def tree_digest(files: list[Path], root: Path) -> str:
    """One hash over files' relative paths and bytes, in sorted order."""
    h = hashlib.sha256()
    for file in sorted(files, key=lambda p: p.relative_to(root).as_posix()):
        h.update(file.relative_to(root).as_posix().encode() + b"\0")
        h.update(file.read_bytes() + b"\0")
    return "sha256:" + h.hexdigest()
