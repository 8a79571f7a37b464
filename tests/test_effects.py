"""Effects compiled from content: semantics on examples, both VMs identical on every effect, status."""

from __future__ import annotations

import json
import random
from array import array
from functools import cache
from typing import Any

import pytest

from conftest import REPO, run
from lawforge.runtime import load
from lawforge.runtime.bytecode import LOCALS_AT, PendingChoice, VMError, new_state, verify
from lawforge.runtime.effects import bind_natives, run_to_end

OATH = load("oath")
KEYS = sorted(OATH.layout.ENTRIES)


def plausible_state(seed: int) -> array[int]:
    """Every field filled at random, entity-valued fields with valid entities (so effects get far): a fresh copy of
    the state made once per seed (making one takes longer than most effects run)."""
    return array("i", _plausible_cells(seed))


@cache
def _plausible_cells(seed: int) -> array[int]:
    rng = random.Random(seed)
    state = new_state(OATH.layout.STATE_SIZE, seed)
    for offset, extents, value_space in OATH.layout.FIELDS.values():
        size = 1
        for extent in extents:
            size *= extent
        for cell in range(offset, offset + size):
            state[cell] = rng.randrange(value_space) if value_space > 0 else rng.choice((0, 0, 1, 2, 3, 5))
    return state


def fake_natives(state: array[int], args: list[int]) -> int:
    """The same stand-in for every native on both VMs: the kernels are not the VMs' business."""
    return (sum(args) + state[1]) % 3


def field(name: str, *index: int) -> int:
    offset, extents, _ = OATH.layout.FIELDS[name]
    for axis, i in enumerate(index):
        stride = 1
        for extent in extents[axis + 1:]:
            stride *= extent
        offset += i * stride
    return offset


def test_all_compiled_effects_verify() -> None:
    verify(OATH.code, natives=len(OATH.layout.NATIVES))
    assert KEYS, "the content compiles some effects"


@pytest.mark.parametrize("key", KEYS)
def test_both_vms_agree_on_every_content_effect(key: str) -> None:
    natives = tuple(fake_natives for _ in OATH.layout.NATIVES)
    for seed in range(12):
        results = []
        for engine in ("compiled", "python"):
            state = plausible_state(seed)
            picks = random.Random(seed)
            offered: list[tuple[int, ...]] = []

            def choose(pending: PendingChoice, picks: random.Random = picks,
                       offered: list[tuple[int, ...]] = offered) -> int:
                offered.append(pending.options)
                return pending.options[picks.randrange(len(pending.options))]

            try:
                outcome: object = run_to_end(OATH, key, state, actor=seed % 6, this=seed % 3, choose=choose,
                                             natives=natives, engine=engine, step_limit=200_000)
            except VMError as exc:
                outcome = str(exc)
            results.append((outcome, offered, bytes(state)))
        assert results[0] == results[1], f"{key} with seed {seed}"


def test_alchemist_gains_four_favor_from_chosen_banks() -> None:
    state = new_state(OATH.layout.STATE_SIZE, 1)
    arcane, order = OATH.enums["suit"]["ARCANE"], OATH.enums["suit"]["ORDER"]
    state[field("bank_favor", arcane)] = 3
    state[field("bank_favor", order)] = 1
    asked: list[tuple[int, ...]] = []

    def choose(pending: PendingChoice) -> int:
        asked.append(pending.options)
        return arcane if arcane in pending.options else pending.options[0]

    run_to_end(OATH, "denizen/alchemist/powers/0", state, actor=2, choose=choose)
    assert state[field("favor", 2)] == 4
    assert state[field("bank_favor", arcane)] == 0 and state[field("bank_favor", order)] == 0
    assert asked == [(arcane, order)] * 3, "the last favor comes from the only bank left: no question"


def test_alchemist_stops_when_the_banks_are_empty() -> None:
    state = new_state(OATH.layout.STATE_SIZE, 1)
    state[field("bank_favor", 0)] = 2
    run_to_end(OATH, "denizen/alchemist/powers/0", state, actor=0, choose=lambda p: p.options[0])
    assert state[field("favor", 0)] == 2 and state[field("bank_favor", 0)] == 0


@pytest.mark.parametrize("engine", ["compiled", "python"])
def test_a_field_indexed_by_nobody_is_an_error_not_the_cell_before(engine: str) -> None:
    """`you` of -1 (nobody, as a native may answer) must not reach into the previous player's row."""
    state = new_state(OATH.layout.STATE_SIZE, 1)
    state[field("bank_favor", 0)] = 2
    before = bytes(state)
    with pytest.raises(VMError, match="index -1 outside 0..5"):
        run_to_end(OATH, "denizen/alchemist/powers/0", state, actor=-1, choose=lambda p: p.options[0], engine=engine)
    assert state[field("favor", 5)] == 0 and bytes(state)[4:] == before[4:]


def test_a_native_the_kernel_lacks_is_a_clear_error() -> None:
    natives = bind_natives(OATH, {})
    if not natives:
        pytest.skip("the content calls no native")
    with pytest.raises(VMError, match="is not implemented by the oath kernel yet"):
        natives[0](array("i"), [])


def test_effects_status_lists_each_power() -> None:
    result = run("effects", "status", "oath", "--root", str(REPO), "--format", "json")
    rows = json.loads(result.output)
    statuses = {row["power"]: row["status"] for row in rows}
    assert statuses["denizen/alchemist/powers/0"] == "compiled"
    assert set(statuses.values()) <= {"compiled", "native", "missing"}
    assert {k for k, v in statuses.items() if v == "compiled"} == set(KEYS)


@pytest.fixture(scope="module")
def oath_compiler() -> Any:
    """Compiles effects written in a test against the Oath content's state layout."""
    from pydantic import TypeAdapter

    from lawforge.compiler.effects.check import EffectContext, check_effect
    from lawforge.compiler.effects.lower import lower_effect
    from lawforge.compiler.effects.nodes import Statement
    from lawforge.compiler.frontend import check_game
    from lawforge.compiler.lower import _constants, lower_game
    from lawforge.compiler.workspace import Workspace

    linked, _ = check_game(Workspace.open(REPO), "oath")
    assert linked is not None and linked.effects is not None
    layout, constants = linked.effects.layout, _constants(linked, lower_game(linked))

    def compile_effect(raw: list[Any]) -> array[int]:
        effect = TypeAdapter(list[Statement]).validate_python(raw, strict=True)
        checked = check_effect(layout, effect, EffectContext("denizen", {}))
        assert checked.problems == []
        return array("i", lower_effect(layout, effect, checked, constants, "denizen", {}))

    return compile_effect


def test_warbands_placed_and_killed_per_owner(oath_compiler: Any) -> None:
    from lawforge.runtime.bytecode import new_frame
    from lawforge.runtime.effects import VMS

    salt_flats = OATH.enums["site"]["SALT_FLATS"]
    code = oath_compiler([
        {"place": {"what": "warband", "n": 3, "on": {"site": "salt_flats"}, "owner": "you"}},
        {"kill": {"what": "warband", "n": 1, "from": {"site": "salt_flats"}, "owner": "you"}},
    ])
    for engine in VMS.values():
        state = new_state(OATH.layout.STATE_SIZE, 1)
        state[field("warbands", 2)] = 5
        frame = new_frame()
        frame[LOCALS_AT] = 2
        engine(code, state, frame, OATH.data)
        assert state[field("warbands", 2)] == 2
        assert state[field("site_warbands", salt_flats, 2)] == 2
        assert state[field("warband_bank", 2)] == 1


MISSING_EFFECTS: list[str] = []
"""Powers with neither an effect nor a native. Adding a power without one means listing it here."""


def test_missing_effects_are_listed_explicitly() -> None:
    result = run("effects", "status", "oath", "--root", str(REPO), "--missing", "--format", "json")
    assert result.exit_code == 0, result.output
    assert sorted(row["power"] for row in json.loads(result.output)) == MISSING_EFFECTS
