"""One writer of content at a time per workspace, and writes of several files that a crash cannot leave half done.

`i18n import` and `i18n accept` rewrite content files. Two at once would each splice into bytes the other
is replacing, and a kill between two renames would leave a translation in its YAML file but not in the
translation record. So a writer holds an exclusive lock (`fcntl.flock` on `.lawforge-cache/lock`, which the
kernel releases when the process ends, however it ends) and writes through a `Transaction`: every new file is
first written beside its target as a temporary file, then a journal lists the renames, then they run. The next
writer to take the lock finishes the renames of a journal left behind, and deletes the temporary files of a
write killed before its journal was written: under the lock, no other writer can own them.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from .files import is_temporary, write_atomically, write_temporary
from .workspace import Workspace

WAIT_SECONDS = 60.0
"""How long a writer waits for another by default; an import of all of Oath takes a few seconds."""
LOCK_FILE = "lock"
JOURNAL_FILE = "commit.json"
_POLL_SECONDS = 0.05


class LockError(Exception):
    """The workspace cannot be locked: it is read-only, or another writer kept it too long."""


class WriteError(Exception):
    """A transaction could not write its files; the message says what is left to do (usually nothing)."""


@dataclass(frozen=True)
class _Rename:
    temporary: Path
    target: Path


@dataclass
class Transaction:
    """Files written together: `stage` each (a temporary file beside it), then `commit` renames them all, in the
    order staged; until then nothing is visible. Leaving its `with` block without committing deletes the staged
    files."""

    ws: Workspace
    staged: list[_Rename] = field(default_factory=list)

    def stage(self, target: Path, data: bytes) -> Path:
        """Writes `data` for `target` and returns the temporary file, for the caller to validate."""
        try:
            temporary = write_temporary(target, data, durable=True)
        except OSError as exc:
            self.discard()
            raise WriteError(f"{self.ws.rel(target)}: cannot write: {exc.strerror or exc}; nothing was changed") \
                from None
        self.staged.append(_Rename(temporary, target))
        return temporary

    def discard(self) -> None:
        for rename in self.staged:
            rename.temporary.unlink(missing_ok=True)
        self.staged = []

    def commit(self) -> None:
        if not self.staged:
            return
        journal = self.ws.cache / JOURNAL_FILE
        pairs = [[self.ws.rel(r.temporary), self.ws.rel(r.target)] for r in self.staged]
        try:
            write_atomically(journal, json.dumps(pairs, ensure_ascii=False) + "\n", durable=True)
        except OSError as exc:
            self.discard()
            raise WriteError(f"{self.ws.rel(journal)}: cannot write: {exc.strerror or exc}; nothing was changed") \
                from None
        renames, self.staged = self.staged, []
        _finish(self.ws, renames, journal)


def _finish(ws: Workspace, renames: list[_Rename], journal: Path) -> None:
    """Renames every staged file of a journal into place, then deletes the journal."""
    for rename in renames:
        try:
            if rename.temporary.exists():
                os.replace(rename.temporary, rename.target)
        except OSError as exc:
            raise WriteError(f"{ws.rel(rename.target)}: cannot replace it: {exc.strerror or exc}; the next "
                             f"`lawforge i18n import` or `i18n accept` finishes this write") from None
    journal.unlink(missing_ok=True)


def _journal_renames(ws: Workspace, journal: Path) -> list[_Rename] | None:
    """The renames a journal lists, or None if it is not one of ours: each must put a temporary file of ours in
    the content folder over its sibling."""
    try:
        pairs = json.loads(journal.read_text(encoding="utf-8"))
        renames = [_Rename(ws.root / PurePosixPath(tmp), ws.root / PurePosixPath(target)) for tmp, target in pairs]
    except (OSError, ValueError, TypeError, RecursionError):
        return None
    for rename in renames:
        parts = PurePosixPath(ws.rel(rename.target)).parts if rename.target.is_relative_to(ws.root) else ("..",)
        ours = is_temporary(rename.temporary) and rename.temporary.name.startswith(f".{rename.target.name}.")
        if ".." in parts or parts[0] != "content" or rename.temporary.parent != rename.target.parent or not ours:
            return None
    return renames


def _recover(ws: Workspace, notify: Callable[[str], None]) -> None:
    """Finishes the write a killed writer had committed to, then deletes stale temporary files in content/."""
    journal = ws.cache / JOURNAL_FILE
    if journal.exists():
        renames = _journal_renames(ws, journal)
        if renames is None:
            notify(f"ignored {ws.rel(journal)}: not a journal of lawforge's")
            journal.unlink(missing_ok=True)
        else:
            _finish(ws, renames, journal)
            notify("finished an interrupted write: " + ", ".join(ws.rel(r.target) for r in renames))
    for path in sorted(ws.content.rglob(".*.tmp")):
        if is_temporary(path) and not path.is_dir():
            try:
                path.unlink()
            except OSError as exc:
                raise LockError(f"{ws.rel(path)}: a temporary file left by an interrupted write, which cannot be "
                                f"removed ({exc.strerror}); delete it") from None
            notify(f"removed {ws.rel(path)}, left by an interrupted write")


@dataclass(frozen=True)
class WorkspaceLock:
    """Proof that this process is the workspace's one writer; transactions are made from it."""

    ws: Workspace

    @contextmanager
    def transaction(self) -> Iterator[Transaction]:
        tx = Transaction(self.ws)
        try:
            yield tx
        finally:
            tx.discard()


def _open_lock(ws: Workspace) -> int:
    path = ws.cache / LOCK_FILE
    try:
        ws.cache.mkdir(exist_ok=True)
        return os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
    except OSError as exc:
        raise LockError(f"{ws.rel(path)}: cannot create the workspace lock ({exc.strerror or exc}); commands that "
                        f"write content need a writable workspace") from None


@contextmanager
def workspace_lock(ws: Workspace, *, wait: float = WAIT_SECONDS,
                   notify: Callable[[str], None] | None = None) -> Iterator[WorkspaceLock]:
    """Holds the workspace's writer lock, waiting up to `wait` seconds for another writer; on taking it, finishes
    or cleans up what a killed writer left. `notify` hears about the waiting and the cleaning up."""
    notify = notify or (lambda message: None)
    fd = _open_lock(ws)
    try:
        deadline = time.monotonic() + wait
        waited = False
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError as exc:
                if exc.errno not in (errno.EWOULDBLOCK, errno.EAGAIN):
                    raise LockError(f"{ws.rel(ws.cache / LOCK_FILE)}: cannot lock the workspace ({exc.strerror})") \
                        from None
            if time.monotonic() >= deadline:
                raise LockError(f"{ws.rel(ws.cache / LOCK_FILE)}: another lawforge command is still writing this "
                                f"workspace after {wait:g} s; try again when it is done (or wait longer: --wait)")
            if not waited:
                notify(f"waiting for another lawforge command that is writing this workspace "
                       f"({ws.rel(ws.cache / LOCK_FILE)})")
                waited = True
            time.sleep(_POLL_SECONDS)
        _recover(ws, notify)
        yield WorkspaceLock(ws)
    finally:
        os.close(fd)  # closing the descriptor releases the lock
