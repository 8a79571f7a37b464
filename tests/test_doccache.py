"""The parsed-document cache never hides a change or an error, and no entry is trusted that this machine did
not write: entries are sealed JSON, never code."""

from __future__ import annotations

import hashlib
import hmac
import json
from pathlib import Path

import pytest

from conftest import diagnostics_of
from lawforge.compiler import cacheseal
from lawforge.compiler.confine import real_folders
from lawforge.compiler.doccache import DocumentCache
from lawforge.compiler.loader import load_document
from lawforge.compiler.workspace import Workspace

SUITS = "content/mini/suits.yaml"


def entry_of(root: Path, rel: str) -> Path:
    return root / ".lawforge-cache/documents" / (hashlib.sha256(rel.encode()).hexdigest() + ".json")


def test_cache_notices_changes_and_survives_corruption(mini: Path) -> None:
    assert diagnostics_of(mini) == []
    entries = list((mini / ".lawforge-cache/documents").iterdir())
    assert entries, "parsed documents were cached"
    suits = mini / SUITS
    suits.write_text(suits.read_text().replace("bank_order: 1", "bank_order: one"))
    assert [d.code for d in diagnostics_of(mini)] == ["wrong-type"]
    for entry in entries:
        entry.write_bytes(b"not an entry")
    suits.write_text(suits.read_text().replace("bank_order: one", "bank_order: 1"))
    assert diagnostics_of(mini) == []


def forge(entry: Path, edit: str, new: str) -> bytes:
    """The entry with its data edited, its key kept and its seal unchanged (so no longer valid)."""
    seal, _, payload = entry.read_bytes().partition(b"\n")
    head, _, positions = payload.partition(b"\n")
    assert edit.encode() in head
    return seal + b"\n" + head.replace(edit.encode(), new.encode()) + b"\n" + positions


def test_an_entry_forged_for_the_same_bytes_is_ignored_and_written_again(mini: Path) -> None:
    assert diagnostics_of(mini) == []
    entry = entry_of(mini, SUITS)
    forged = forge(entry, '"bank_order":1', '"bank_order":"one"')
    entry.write_bytes(forged)
    assert diagnostics_of(mini) == [], "the data came from the file, not from the forged entry"
    assert entry.read_bytes() != forged


def test_an_entry_sealed_by_another_machine_is_ignored(mini: Path) -> None:
    assert diagnostics_of(mini) == []
    entry = entry_of(mini, SUITS)
    _, _, payload = forge(entry, '"bank_order":1', '"bank_order":"one"').partition(b"\n")
    foreign = hmac.new(b"another machine's secret", payload, hashlib.sha256).hexdigest().encode()
    entry.write_bytes(foreign + b"\n" + payload)
    assert diagnostics_of(mini) == []


def test_an_entry_is_plain_json_and_its_positions_are_read_only_when_asked(mini: Path) -> None:
    assert diagnostics_of(mini) == []
    entry = entry_of(mini, SUITS)
    _, _, payload = entry.read_bytes().partition(b"\n")
    head, _, positions = payload.partition(b"\n")
    assert json.loads(head)["data"][0]["id"] == "arcane"
    assert set(json.loads(positions)) == {"paths", "values", "ends", "keys"}
    fresh, _ = load_document(mini, mini / SUITS)
    cached, problems = DocumentCache(mini, mini / ".lawforge-cache/documents", Workspace(mini).readable_folders()).load(mini / SUITS)
    assert problems == [] and cached is not None and fresh is not None
    assert "_positions" in vars(cached), "positions not decoded yet"
    assert (cached.data, cached.lines) == (fresh.data, fresh.lines)
    assert (cached.values, cached.keys, cached.ends) == (fresh.values, fresh.keys, fresh.ends)


def test_a_cache_folder_that_leads_out_of_the_workspace_is_not_used(mini: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (mini / ".lawforge-cache").symlink_to(outside)
    assert diagnostics_of(mini) == []
    assert list(outside.iterdir()) == []


def test_without_a_place_for_the_secret_the_cache_serves_one_process(monkeypatch: pytest.MonkeyPatch,
                                                                     tmp_path: Path) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    cacheseal._secret.cache_clear()
    try:
        sealed = cacheseal.seal(b"payload")
        assert cacheseal.unseal(sealed) == b"payload"
        cacheseal._secret.cache_clear()
        assert cacheseal.unseal(sealed) is None, "a new process makes a new secret"
    finally:
        cacheseal._secret.cache_clear()


def test_the_secret_is_kept_outside_the_workspace_and_shared(monkeypatch: pytest.MonkeyPatch,
                                                             tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    cacheseal._secret.cache_clear()
    try:
        sealed = cacheseal.seal(b"payload")
        key = tmp_path / "cache/lawforge/cache-seal.key"
        assert key.stat().st_mode & 0o777 == 0o600
        cacheseal._secret.cache_clear()
        assert cacheseal.unseal(sealed) == b"payload", "the next process reads the same secret"
        key.write_bytes(b"damaged")
        cacheseal._secret.cache_clear()
        assert cacheseal.unseal(sealed) is None and len(key.read_bytes()) == 32, "a damaged secret is replaced"
    finally:
        cacheseal._secret.cache_clear()


def test_the_workspace_root_is_its_own_real_path(mini: Path, tmp_path: Path) -> None:
    """A workspace reached through a link reads its own files (the link is followed once, at the root)."""
    link = tmp_path / "linked"
    link.symlink_to(mini)
    assert real_folders([link]) == real_folders([mini])
    assert diagnostics_of(link) == []
