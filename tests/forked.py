"""`lawforge` run as a process of its own, forked from a server that imported lawforge once.

A hostile case must run in a process apart: its exit status, its output, a crash by a signal and a fault injected
into it (a full disk, a reader who is not root) belong to that process alone. A fresh interpreter spends most of a
second importing lawforge and building its models before it reads the first file; a child forked from a server that
has imported them (multiprocessing's forkserver, which started as a fresh interpreter itself) starts at the command.
The child is made only of what the server imported: it sees none of the test process's state.

This module imports nothing of lawforge or of the tests at its top: a child unpickles its task by importing it,
before it has set the environment lawforge's console reads when the command line is imported.
"""

from __future__ import annotations

import errno
import io
import multiprocessing
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

PRELOAD = ["click", "rich.console", "rich.progress", "lawforge.compiler.frontend", "lawforge.compiler.checkcache",
           "lawforge.compiler.build", "lawforge.compiler.i18n", "lawforge.compiler.po_import",
           "lawforge.compiler.simulate", "lawforge.runtime.games"]
"""What the server imports: the stages most commands run (the command line itself is imported by each child)."""

_SERVER = multiprocessing.get_context("forkserver")
_SERVER.set_forkserver_preload(PRELOAD)


@dataclass(frozen=True)
class Finished:
    returncode: int
    """The exit status, or minus the signal that ended the process."""
    stdout: str
    stderr: str


class StillRunning(Exception):
    pass


def run_lawforge(args: list[str], *, env: dict[str, str], cwd: Path, stdin: str | None = None,
                 fault: str | None = None, timeout: float) -> Finished:
    """Runs `lawforge ARGS` in a forked child with `env` as its whole environment; StillRunning after `timeout`
    seconds (the child killed)."""
    with tempfile.TemporaryDirectory(prefix="lawforge-forked-") as folder:
        streams = [os.path.join(folder, name) for name in ("stdin", "stdout", "stderr")]
        Path(streams[0]).write_text(stdin or "", encoding="utf-8")
        child = _SERVER.Process(target=_child, args=(args, env, str(cwd), streams, fault or ""))
        child.start()
        child.join(timeout)
        if child.is_alive():
            child.kill()
            child.join()
            raise StillRunning(f"lawforge {' '.join(args)}: still running after {timeout} s")
        assert child.exitcode is not None
        return Finished(child.exitcode, *(Path(name).read_text(encoding="utf-8", errors="replace")
                                          for name in streams[1:]))


def _child(args: list[str], env: dict[str, str], cwd: str, streams: list[str], fault: str) -> None:
    os.environ.clear()
    os.environ.update(env)
    os.chdir(cwd)
    written = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
    for fd, (name, flags) in enumerate(zip(streams, (os.O_RDONLY, written, written))):
        opened = os.open(name, flags)
        os.dup2(opened, fd)
        os.close(opened)
    sys.stdin = open(0, encoding="utf-8", closefd=False)
    sys.stdout = open(1, "w", encoding="utf-8", closefd=False)
    sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
    inject(fault)
    from lawforge.compiler.cli import main

    main(args=args, prog_name="lawforge")


def main() -> None:
    """`lawforge` as a fresh interpreter runs it, with the fault LAWFORGE_TEST_FAULT names (RUNNER)."""
    inject(os.environ.pop("LAWFORGE_TEST_FAULT", ""))
    from lawforge.compiler.cli import main as lawforge

    lawforge(prog_name="lawforge")


RUNNER = f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); import forked; forked.main()"
"""A script for `python -c` that runs lawforge in a fresh interpreter, for a test that kills it at any moment."""


def inject(fault: str) -> None:
    """Makes this process meet `fault`: "enospc", every write to a file fails as on a full disk (reads work);
    "unprivileged", permission bits are obeyed as for a user other than root (tests may run as root, who reads
    anything); "" none."""
    if fault == "enospc":
        _full_disk()
    elif fault == "unprivileged":
        _unprivileged()
    elif fault:
        raise ValueError(f"unknown fault {fault!r}")


def _full_disk() -> None:
    class FullDisk(io.RawIOBase):
        def __init__(self, name: str) -> None:
            self.name = name

        def writable(self) -> bool:
            return True

        def write(self, data: Any) -> int:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(self.name))

    real_open, real_fdopen = io.open, os.fdopen

    def writing(mode: str) -> bool:
        return any(flag in mode for flag in "wax+")

    def full_open(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if writing(mode) and not isinstance(file, int):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(file))
        return real_open(file, mode, *args, **kwargs)

    def full_fdopen(fd: int, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if writing(mode):
            os.close(fd)
            return FullDisk(f"<fd {fd}>")
        return real_fdopen(fd, mode, *args, **kwargs)

    import builtins

    builtins.open = io.open = full_open  # type: ignore[assignment]
    os.fdopen = full_fdopen


def _unprivileged() -> None:
    """Opening for reading a file whose bits grant nobody reading fails with EACCES."""
    import builtins
    import stat

    real_open, real_os_open = io.open, os.open

    def denied(file: Any) -> bool:
        try:
            readable = stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH
            return not isinstance(file, int) and not os.stat(file).st_mode & readable
        except OSError:
            return False

    def guarded_open(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if "r" in mode and denied(file):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(file))
        return real_open(file, mode, *args, **kwargs)

    def guarded_os_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & (os.O_WRONLY | os.O_RDWR) == 0 and denied(path):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return real_os_open(path, flags, *args, **kwargs)

    builtins.open = io.open = guarded_open  # type: ignore[assignment]
    os.open = guarded_os_open
