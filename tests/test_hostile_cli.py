"""Hostile command-line arguments (tests/fixtures/hostile/cli/): a clear error naming the place, nothing lost."""

from pathlib import Path

import pytest

from hostile import Case, cases, run_case


@pytest.mark.parametrize("case", cases("cli"), ids=lambda case: case.name)
def test_hostile_cli(case: Case, tmp_path: Path) -> None:
    run_case(case, tmp_path)
