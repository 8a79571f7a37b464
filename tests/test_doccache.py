"""The parsed-document cache never hides a change or an error."""

from __future__ import annotations

from pathlib import Path

from conftest import diagnostics_of


def test_cache_notices_changes_and_survives_corruption(mini: Path) -> None:
    assert diagnostics_of(mini) == []
    entries = list((mini / ".lawforge-cache/documents").iterdir())
    assert entries, "parsed documents were cached"
    suits = mini / "content/mini/suits.yaml"
    suits.write_text(suits.read_text().replace("bank_order: 1", "bank_order: one"))
    assert [d.code for d in diagnostics_of(mini)] == ["wrong-type"]
    for entry in entries:
        entry.write_bytes(b"not a pickle")
    suits.write_text(suits.read_text().replace("bank_order: one", "bank_order: 1"))
    assert diagnostics_of(mini) == []
