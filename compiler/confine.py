"""Reading the files a workspace names without letting it reach the rest of the machine.

Content files and the documents their sources cite are named by the workspace, which may be someone else's.
A file is read only when its real path (every symbolic link followed) lies inside one of the allowed folders
(the workspace, and the document folders its games declare), when it is a regular file (never a device, FIFO,
socket or folder, which are refused before they are opened) and when it is no larger than a bound. A refusal
says why in a `Refused`, which the caller reports where the file is named.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterable
from pathlib import Path

_OPEN_FLAGS = os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_NOCTTY | os.O_CLOEXEC
"""No symbolic link at the last step (it was resolved already), and never waiting on a FIFO swapped in."""
_CHUNK = 1 << 20


class Refused(Exception):
    """Why a file named by the workspace is not read: `code` is the diagnostic's code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


def real_folders(folders: Iterable[Path]) -> tuple[str, ...]:
    """The allowed folders as real paths (the links that exist followed), for `read_confined`."""
    return tuple(os.path.realpath(folder) for folder in folders)


def inside(real: str, folders: tuple[str, ...]) -> bool:
    """Whether a real path is one of the folders or lies beneath one."""
    return any(real == folder or real.startswith(folder.rstrip(os.sep) + os.sep) for folder in folders)


def resolve(path: Path, folders: tuple[str, ...], where: str) -> str:
    """The real path of `path`, which must exist and lie in `folders` (`where` names them in the message)."""
    try:
        real = os.path.realpath(path, strict=True)
        problem = None
    except OSError as exc:
        real, problem = os.path.realpath(path), _refusal(exc)
    if not inside(real, folders):  # whether it exists or not: no answer about files outside
        how = "is" if real == os.path.abspath(path) else f"leads to {real},"
        raise Refused("outside-workspace", f"{how} outside {where}")
    if problem is not None:
        raise problem
    return real


def read_confined(path: Path, folders: tuple[str, ...], limit: int, where: str = "the workspace") -> bytes:
    """The bytes of `path`, if its real path lies in `folders` (real paths, from `real_folders`), it is a
    regular file and it holds at most `limit` bytes; otherwise `Refused`."""
    real = resolve(path, folders, where)
    try:
        info = os.stat(real)
        _check_kind(info.st_mode)
        if info.st_size > limit:
            raise _too_large(f"{info.st_size} bytes", limit)
        fd = os.open(real, _OPEN_FLAGS)
    except OSError as exc:
        raise _refusal(exc) from None
    try:
        opened = os.fstat(fd)
        _check_kind(opened.st_mode)
        if (opened.st_dev, opened.st_ino) != (info.st_dev, info.st_ino):
            raise Refused("unreadable", "changed while it was being read")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(_CHUNK, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise _refusal(exc) from None
    finally:
        os.close(fd)
    if size > limit:
        raise _too_large(f"more than {limit} bytes", limit)
    return b"".join(chunks)


def _check_kind(mode: int) -> None:
    if stat.S_ISDIR(mode):
        raise Refused("not-a-file", "is a folder, not a file")
    if not stat.S_ISREG(mode):
        kind = ("a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a FIFO" if stat.S_ISFIFO(mode)
                else "a socket" if stat.S_ISSOCK(mode) else "not a regular file")
        raise Refused("special-file", f"is {kind}, not a regular file")


def _too_large(size: str, limit: int) -> Refused:
    return Refused("file-too-large", f"is {size}; the limit is {limit} bytes")


def _refusal(exc: OSError) -> Refused:
    if exc.errno == errno.ELOOP:
        return Refused("symlink-loop", "is a loop of symbolic links")
    if exc.errno in (errno.ENOENT, errno.ENOTDIR):
        return Refused("missing-file", "does not exist (or is a symbolic link to nothing)")
    if exc.errno == errno.EISDIR:
        return Refused("not-a-file", "is a folder, not a file")
    return Refused("unreadable", f"cannot be read: {exc.strerror or exc}")
