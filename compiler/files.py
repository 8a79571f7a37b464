"""File output that never leaves a half-written file: write to a temporary sibling, then rename.

A failed write raises `WriteError`, an OSError that names the file lawforge meant to write (not the temporary
one) and the system's reason, so a command can say it in one line. `check_writable` lets a command find out
before its long work that it could not write its output afterwards.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import re
import tempfile
from pathlib import Path

class WriteError(OSError):
    """A file or folder lawforge could not write: `filename` is the path meant, `strerror` the reason, and
    `blocking` the file that stands where a folder on the way should be, if that is the reason."""

    blocking: Path | None = None


def _not_a_folder_error(path: Path, blocking: Path) -> WriteError:
    error = WriteError(errno.ENOTDIR, f"{blocking} is not a folder", str(path))
    error.blocking = blocking
    return error


def digest(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


def _default_mode() -> int:
    """What a plain `open(…, "w")` would give: 0o666 less the umask (mkstemp makes files 0o600)."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


_DEFAULT_MODE = _default_mode()


TEMPORARY = re.compile(r"^\..+\.[a-z0-9_]{8}\.tmp$")
"""The name `write_temporary` gives a file it writes (`.NAME.XXXXXXXX.tmp`, beside NAME); one left behind means a
write was killed midway."""


def is_temporary(path: Path) -> bool:
    """A temporary file of ours: one an interrupted write can leave behind, never content."""
    return TEMPORARY.match(path.name) is not None


def _failed(path: Path, error: OSError) -> WriteError:
    """The WriteError for `path` from the OSError a step of writing it raised (whose file may be a temporary)."""
    blocking = _not_a_folder(path.parent)
    if blocking is not None:
        return _not_a_folder_error(path, blocking)
    return WriteError(error.errno or errno.EIO, error.strerror or str(error), str(path))


def _not_a_folder(folder: Path) -> Path | None:
    """The first existing ancestor of `folder` (itself included) that is not a folder, if any."""
    for candidate in (folder, *folder.parents):
        if candidate.is_dir():
            return None
        if candidate.exists() or candidate.is_symlink():
            return candidate
    return None


def write_temporary(path: Path, data: bytes | str, *, durable: bool = False) -> Path:
    """Writes `data` to a new temporary sibling of `path`, with the mode `path` has (or would get), and returns
    it; `durable` also flushes it to the disk. Nothing is left behind when the write fails, which raises WriteError
    naming `path`."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as error:
        raise _failed(path, error) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        os.chmod(tmp, path.stat().st_mode & 0o777 if path.exists() else _DEFAULT_MODE)
    except BaseException as error:
        with contextlib.suppress(OSError):
            Path(tmp).unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise _failed(path, error) from None
        raise
    return Path(tmp)


def write_atomically(path: Path, data: bytes | str, *, durable: bool = False) -> None:
    """Replaces `path` by `data` in one rename: a reader sees the old file or the new one, never a part. Raises
    WriteError naming `path` if it cannot."""
    tmp = write_temporary(path, data, durable=durable)
    try:
        os.replace(tmp, path)
    except BaseException as error:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise _failed(path, error) from None
        raise


def check_writable(path: Path, *, folder: bool = False) -> None:
    """Raises WriteError unless lawforge could write the file `path` (with `folder`: files in the folder `path`),
    creating the folders it lacks: a command checks its output before its long work, so that a game played or a
    build run is not lost for want of a place to save it. Writes and removes one byte to find out, since
    permissions do not tell (not for root, nor on a full disk)."""
    if not folder and path.is_dir():
        raise WriteError(errno.EISDIR, "it is a folder", str(path))
    target = path if folder else path.parent
    blocking = _not_a_folder(target)
    if blocking is not None:
        raise _not_a_folder_error(path, blocking)
    existing = next(candidate for candidate in (target, *target.parents) if candidate.is_dir())
    try:
        fd, probe = tempfile.mkstemp(prefix=".lawforge-probe.", suffix=".tmp", dir=existing)
    except OSError as error:
        raise WriteError(error.errno or errno.EIO, error.strerror or str(error), str(path)) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(b"\0")
    except OSError as error:
        raise WriteError(error.errno or errno.EIO, error.strerror or str(error), str(path)) from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(probe)


def check_all_writable(paths: list[Path]) -> None:
    """`check_writable` for several files, probing each folder once: a command that writes many files checks them
    all first, so that a folder in the way does not leave some written and others not."""
    probed: set[Path] = set()
    for path in paths:
        if path.is_dir() or path.parent not in probed:
            check_writable(path)
        probed.add(path.parent)


def leftover_temporaries(folder: Path) -> list[Path]:
    """The temporary siblings in `folder` (not below it) that a killed `write_atomically` left behind."""
    if not folder.is_dir():
        return []
    return sorted(path for path in folder.iterdir() if is_temporary(path) and path.is_file())


def tree_digest(files: list[Path], root: Path) -> str:
    """One hash over files' relative paths and bytes, in sorted order."""
    h = hashlib.sha256()
    for file in sorted(files, key=lambda p: p.relative_to(root).as_posix()):
        h.update(file.relative_to(root).as_posix().encode() + b"\0")
        h.update(file.read_bytes() + b"\0")
    return "sha256:" + h.hexdigest()
