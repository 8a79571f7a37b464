"""Hostile YAML inputs (tests/fixtures/hostile/yaml/): a clear error naming the place, nothing lost."""

from pathlib import Path

import pytest

from hostile import Case, cases, run_case


@pytest.mark.parametrize("case", cases("yaml"), ids=lambda case: case.name)
def test_hostile_yaml(case: Case, tmp_path: Path) -> None:
    run_case(case, tmp_path)
