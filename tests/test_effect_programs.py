"""Random well-typed effects, written by hypothesis, compiled by the real compiler and run on both VMs.

Two properties: the VMs agree on every resulting state, and a well-typed effect never trips the VM
(no stack or address errors): whatever the checker accepts, the lowerer compiles correctly.
"""

from __future__ import annotations

import itertools
import random
import shutil
from array import array
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter

from conftest import FIXTURES
from lawforge.compiler.effects.check import EffectContext, check_effect
from lawforge.compiler.effects.lower import lower_effect
from lawforge.compiler.effects.nodes import Statement
from lawforge.compiler.frontend import check_game
from lawforge.compiler.lower import _constants, lower_game
from lawforge.compiler.workspace import Workspace
from lawforge.runtime import vm, vm_py
from lawforge.runtime.bytecode import (LOCALS_AT, Status, VMError, new_frame, new_state, pending_choice,
                                       provide_choice, verify)

PARSE = TypeAdapter(list[Statement])
NAMES = (f"v{i}" for i in itertools.count())


@pytest.fixture(scope="module")
def mini_compiler(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, array[int]]:
    root = tmp_path_factory.mktemp("effects") / "ws"
    shutil.copytree(FIXTURES / "mini", root)
    linked, diagnostics = check_game(Workspace.open(root), "mini")
    assert linked is not None and linked.effects is not None and not any(d.is_error for d in diagnostics)
    lowered = lower_game(linked)
    data = array("i", [v for table in lowered.tables for v in table.values])
    return linked.effects.layout, _constants(linked, lowered), data


# A small type-directed grammar over the mini game's state -----------------------------------

@st.composite
def numbers(draw: st.DrawFn, scope: dict[str, str], depth: int = 0) -> Any:
    leaves = [st.integers(-2, 4), st.just("$n"), st.just({"field": {"name": "travel_cost_delta"}})]
    if depth >= 2:
        return draw(st.one_of(leaves))
    sub = numbers(scope, depth + 1)
    return draw(st.one_of(
        *leaves,
        st.builds(lambda h: {"amount": {"what": "favor", "at": h}}, holders(scope, depth + 1)),
        st.builds(lambda s: {"count": s}, sets(scope, depth + 1)),
        st.builds(lambda a: {"half": a}, sub),
        st.builds(lambda op, a, b: {op: [a, b]}, st.sampled_from(["add", "sub", "min", "max", "mul"]), sub, sub),
        st.builds(lambda a, b: {"table": {"name": "travel_cost", "at": [a, b]}},
                  entities(scope, "region", depth + 1), entities(scope, "region", depth + 1)),
    ))


@st.composite
def conditions(draw: st.DrawFn, scope: dict[str, str], depth: int = 0) -> Any:
    sub_n = numbers(scope, depth + 1)
    options = [st.booleans(), st.builds(lambda op, a, b: {op: [a, b]}, st.sampled_from(["lt", "le", "gt", "ge"]),
                                        sub_n, sub_n),
               st.builds(lambda a, b: {"eq": [a, b]}, entities(scope, "suit", depth + 1), entities(scope, "suit", depth + 1))]
    if depth < 2:
        sub_c = conditions(scope, depth + 1)
        options += [st.builds(lambda c: {"not": c}, sub_c), st.builds(lambda a, b: {"all": [a, b]}, sub_c, sub_c)]
    return draw(st.one_of(options))


@st.composite
def entities(draw: st.DrawFn, scope: dict[str, str], space: str, depth: int = 0) -> Any:
    literals = {"suit": [{"suit": "arcane"}, {"suit": "beast"}], "region": [{"region": "cradle"}], "player": ["you"]}
    options = [st.sampled_from(literals[space] + [name for name, kind in scope.items() if kind == space])]
    if depth < 2:
        options.append(st.builds(lambda s: {"choose": {"from": s}}, sets(scope, depth + 1, space)))
    return draw(st.one_of(options))


@st.composite
def holders(draw: st.DrawFn, scope: dict[str, str], depth: int = 0) -> Any:
    return draw(entities(scope, draw(st.sampled_from(["suit", "player"])), depth))


@st.composite
def sets(draw: st.DrawFn, scope: dict[str, str], depth: int = 0, space: str | None = None) -> Any:
    space = space or draw(st.sampled_from(["suit", "player", "region"]))
    if depth >= 2 or draw(st.booleans()):
        return {"every": space}
    name = next(NAMES)
    test = draw(conditions({**scope, name: space}, depth + 1))
    return {"where": {"in": draw(sets(scope, depth + 1, space)), "as": name, "test": test}}


@st.composite
def statements(draw: st.DrawFn, scope: dict[str, str], depth: int = 0) -> list[Any]:
    scope = dict(scope)
    out = []
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["gain", "take", "give", "burn", "move", "modify", "set", "let"]
                                    + (["if", "for_each", "repeat", "may", "choose"] if depth < 2 else [])))
        n = draw(numbers(scope, depth + 1))
        if kind in ("gain", "take"):
            out.append({kind: {"what": "favor", "n": n, "from": draw(entities(scope, "suit", depth + 1))}})
        elif kind == "give":
            out.append({kind: {"what": "favor", "n": n, "to": draw(holders(scope, depth + 1))}})
        elif kind == "burn":
            out.append({kind: {"what": "favor", "n": n}})
        elif kind == "move":
            out.append({kind: {"what": "favor", "n": n, "from": draw(holders(scope, depth + 1)),
                               "to": draw(holders(scope, depth + 1))}})
        elif kind == "modify":
            out.append({kind: {"rule": "travel_cost_delta", "by": n}})
        elif kind == "set":
            out.append({kind: {"field": "pawn_region", "at": [draw(entities(scope, "player", depth + 1))],
                               "to": draw(entities(scope, "region", depth + 1))}})
        elif kind == "let":
            name, space = next(NAMES), draw(st.sampled_from(["suit", "player"]))
            out.append({kind: {"name": name, "be": draw(entities(scope, space, depth + 1))}})
            scope[name] = space
        elif kind == "if":
            out.append({kind: {"cond": draw(conditions(scope, depth + 1)), "then": draw(statements(scope, depth + 1)),
                               "else": draw(statements(scope, depth + 1))}})
        elif kind == "for_each":
            name, space = next(NAMES), draw(st.sampled_from(["suit", "player", "region"]))
            out.append({kind: {"as": name, "in": draw(sets(scope, depth + 1, space)),
                               "do": draw(statements({**scope, name: space}, depth + 1))}})
        elif kind == "repeat":
            out.append({kind: {"n": draw(st.integers(0, 3)), "do": draw(statements(scope, depth + 1))}})
        elif kind == "may":
            out.append({kind: {"do": draw(statements(scope, depth + 1))}})
        else:
            out.append({kind: {"options": [draw(statements(scope, depth + 1)), draw(statements(scope, depth + 1))]}})
    return out


def _run(run: Any, code: array[int], state: array[int], data: array[int], picks: random.Random) -> tuple[Any, ...]:
    frame = new_frame()
    frame[LOCALS_AT] = 1
    trace: list[Any] = []
    for _ in range(50):
        status = run(code, state, frame, data, (), 20_000)
        if status is not Status.PAUSED:
            break
        pending = pending_choice(frame)
        assert pending is not None
        trace.append(pending.options)
        provide_choice(frame, pending.options[picks.randrange(len(pending.options))])
    return tuple(trace), bytes(state)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                                                   HealthCheck.function_scoped_fixture])
@given(raw=statements({}), seed=st.integers(0, 10_000))
def test_well_typed_effects_compile_and_agree(mini_compiler: tuple[Any, Any, array[int]], raw: list[Any],
                                              seed: int) -> None:
    layout, constants, data = mini_compiler
    effect = PARSE.validate_python(raw, strict=True)
    checked = check_effect(layout, effect, EffectContext("relic", {"n": 2}, tables={"travel_cost": 2}))
    assert checked.problems == [], raw
    code = array("i", lower_effect(layout, effect, checked, constants, "relic", {"n": 2}))
    verify(code)
    rng = random.Random(seed)
    base = new_state(layout.size, seed + 1)
    for field in layout.fields.values():
        values = layout.spaces[field.spec.value].size if field.spec.value else 4
        for cell in range(field.offset, field.offset + field.size):
            base[cell] = rng.randrange(values)
    results = []
    for run in (vm_py.run, vm.run):
        try:
            results.append(_run(run, code, array("i", base), data, random.Random(seed)))
        except VMError as exc:
            assert "step limit" in str(exc), f"a well-typed effect tripped the VM: {exc}\n{raw}"
            results.append(("step limit",))
    assert results[0] == results[1]


def test_a_typed_effect_is_verified_bytecode(mini_compiler: tuple[Any, Any, array[int]]) -> None:
    layout, constants, _ = mini_compiler
    effect = PARSE.validate_python([{"gain": {"what": "favor", "from": {"suit": "beast"}}}], strict=True)
    checked = check_effect(layout, effect, EffectContext("relic", {}))
    code = lower_effect(layout, effect, checked, constants, "relic", {})
    verify(array("i", code))
