"""Hostile Chronicle JSON (tests/fixtures/hostile/chronicle/): a clear error naming the place, nothing lost."""

from pathlib import Path

import pytest

from hostile import Case, cases, run_case


@pytest.mark.parametrize("case", cases("chronicle"), ids=lambda case: case.name)
def test_hostile_chronicle(case: Case, tmp_path: Path) -> None:
    run_case(case, tmp_path)
