"""Cache entries that only this machine's lawforge can have written.

`.lawforge-cache/` lives in the workspace, which may come from someone else (an archive, a shared folder).
An entry whose key matches could still claim that a file parses to something it does not. Every entry is
therefore sealed with an HMAC under a secret kept outside any workspace (in the user's cache folder); an
entry that does not carry this machine's seal is ignored and written again. Entries are plain JSON, so
even a sealed one is data, never code.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from functools import cache
from pathlib import Path

_KEY_BYTES = 32


def _secret_file() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "lawforge" / "cache-seal.key"


@cache
def _secret() -> bytes:
    """The machine's secret, made once (atomically, so that processes started together agree on it). Where it
    cannot be kept, a secret for this process alone: the cache then serves this run only."""
    path = _secret_file()
    try:
        key = path.read_bytes()
        if len(key) == _KEY_BYTES:
            return key
    except OSError:
        pass
    key = secrets.token_bytes(_KEY_BYTES)
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.write(fd, key)
        finally:
            os.close(fd)
        try:
            if path.exists():
                os.replace(tmp, path)  # a damaged secret: the entries it sealed are lost anyway
            else:
                os.link(tmp, path)  # fails if another process made it first; then theirs is the one
        finally:
            tmp.unlink(missing_ok=True)
        key = path.read_bytes()
    except OSError:
        pass
    return key if len(key) == _KEY_BYTES else secrets.token_bytes(_KEY_BYTES)


def seal(payload: bytes) -> bytes:
    """The payload behind a line holding its seal."""
    return hmac.new(_secret(), payload, hashlib.sha256).hexdigest().encode() + b"\n" + payload


def unseal(entry: bytes) -> bytes | None:
    """The payload of an entry this machine sealed; None for anything else (corrupt, forged, foreign)."""
    mark, _, payload = entry.partition(b"\n")
    expected = hmac.new(_secret(), payload, hashlib.sha256).hexdigest().encode()
    return payload if hmac.compare_digest(mark, expected) else None
