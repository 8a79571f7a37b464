"""File output that never leaves a half-written file: write to a temporary sibling, then rename."""

from __future__ import annotations

import hashlib
import os
import re
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


TEMPORARY = re.compile(r"^\..+\.[a-z0-9_]{8}\.tmp$")
"""The name `write_temporary` gives a file it writes (`.NAME.XXXXXXXX.tmp`, beside NAME)."""


def is_temporary(path: Path) -> bool:
    """A temporary file of ours: one an interrupted write can leave behind, never content."""
    return TEMPORARY.match(path.name) is not None


def write_temporary(path: Path, data: bytes | str, *, durable: bool = False) -> Path:
    """Writes `data` to a new temporary sibling of `path`, with the mode `path` has (or would get), and returns
    it; `durable` also flushes it to the disk. Nothing is left behind when the write fails."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        os.chmod(tmp, path.stat().st_mode & 0o777 if path.exists() else _DEFAULT_MODE)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return Path(tmp)


def write_atomically(path: Path, data: bytes | str, *, durable: bool = False) -> None:
    """Replaces `path` by `data` in one rename: a reader sees the old file or the new one, never a part."""
    tmp = write_temporary(path, data, durable=durable)
    try:
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def tree_digest(files: list[Path], root: Path) -> str:
    """One hash over files' relative paths and bytes, in sorted order."""
    h = hashlib.sha256()
    for file in sorted(files, key=lambda p: p.relative_to(root).as_posix()):
        h.update(file.relative_to(root).as_posix().encode() + b"\0")
        h.update(file.read_bytes() + b"\0")
    return "sha256:" + h.hexdigest()
