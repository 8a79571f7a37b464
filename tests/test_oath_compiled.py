"""The compiled Oath kernel (Cython, runtime/kernels.py) against the Python one it is built from: the same seeded
games move for move, and a build older than its sources refused."""

from __future__ import annotations

import json
import random
import shutil
import sys
from pathlib import Path

import pytest

from conftest import REPO, run
from lawforge.runtime import kernels, load
from lawforge.runtime.kernels import KernelUnavailable, choose_kernel, oath_state, stale_sources
from lawforge.runtime.oath.game import OathState

OATH = load("oath")
FINGERPRINT = f"{kernels.COMPILED_PACKAGE}.fingerprint"


@pytest.fixture(scope="module")
def compiled() -> type[OathState]:
    """Fails, with the command that rebuilds it, when the build is missing or older than the sources."""
    return oath_state("compiled")


def play_both(compiled: type[OathState], players: int, seed: int) -> int:
    """Plays one random game on both kernels in lock step; returns its length."""
    fast, slow = compiled(OATH, players, seed), OathState(OATH, players, seed)
    rng = random.Random(seed)
    while not slow.is_terminal():
        legal = slow.legal_actions()
        assert fast.legal_actions() == legal, f"legal actions differ after {slow.history}"
        chosen = rng.choice(legal)
        fast.apply(chosen)
        slow.apply(chosen)
        assert fast.flat.cells == slow.flat.cells, f"states differ after {slow.history}"
    assert fast.is_terminal() and fast.history == slow.history
    assert (fast.returns(), fast.victory) == (slow.returns(), slow.victory)
    assert all(vars(fast.observation(seat)) == vars(slow.observation(seat)) for seat in range(players))
    assert fast.chronicle()[0] == slow.chronicle()[0], "the next game's world"
    assert fast.flat.cells == slow.flat.cells
    return len(slow.history)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_both_kernels_play_the_same_games(compiled: type[OathState], players: int) -> None:
    assert compiled is not OathState and compiled.__module__ == f"{kernels.COMPILED_PACKAGE}.oath.game"
    steps = sum(play_both(compiled, players, seed) for seed in range(10))
    assert steps > 10 * 50, "whole games were played"


def test_the_compiled_state_keeps_its_attributes_in_typed_slots_and_a_clone_its_own_cells(
        compiled: type[OathState]) -> None:
    """Compiled, the state is an extension type (core.pxd): no instance dictionary, so an attribute core.py does not
    declare fails at once; a clone shares the card tables and owns its cells, frame, cards and history."""
    state = compiled(OATH, 3, 1)
    assert not hasattr(state, "__dict__")
    with pytest.raises(AttributeError):
        state.undeclared = 1  # type: ignore[attr-defined]
    state.playout(1, 40)
    for kernel_state in (state, OathState(OATH, 3, 1)):
        twin = kernel_state.clone()
        assert type(twin) is type(kernel_state) and twin.powers is kernel_state.powers
        assert twin.flat is not kernel_state.flat and twin.flat.cells == kernel_state.flat.cells
        assert twin.cards.state is twin.flat and twin.history == kernel_state.history
        before = (list(kernel_state.flat.cells), list(kernel_state.history))
        twin.carry_out(twin.random_move(random.Random(2)))
        assert (list(kernel_state.flat.cells), kernel_state.history) == before != (list(twin.flat.cells), twin.history)


def test_both_kernels_refuse_the_same_illegal_action(compiled: type[OathState]) -> None:
    from lawforge.runtime.oath.game import IllegalAction, Kind, action

    for kernel in (compiled, OathState):
        with pytest.raises(IllegalAction, match="is not a legal action now"):
            kernel(OATH, 3, 1).apply(action(Kind.END_TURN))


def test_a_changed_source_makes_the_build_stale(tmp_path: Path) -> None:
    runtime = tmp_path / "runtime"
    shutil.copytree(kernels.RUNTIME, runtime, ignore=shutil.ignore_patterns("_compiled", "__pycache__", "*.so", "*.c"))
    built = kernels.fingerprint(runtime)
    assert "state.py" in built and "oath/game.py" in built and "oath/chronicle.py" not in built
    assert stale_sources(built, runtime) == []
    with (runtime / "oath" / "game.py").open("a") as source:
        source.write("# edited after the build\n")
    (runtime / "oath" / "newrules.py").write_text('"""A module added after the build."""\n')
    (runtime / "oath" / "natives.py").unlink()
    assert stale_sources(built, runtime) == ["oath/game.py", "oath/natives.py", "oath/newrules.py"]


def test_a_stale_build_is_refused_and_the_default_falls_back(compiled: type[OathState],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    built = dict(sys.modules[FINGERPRINT].SOURCES)
    monkeypatch.setattr(sys.modules[FINGERPRINT], "SOURCES", built | {"oath/game.py": "0" * 64})
    with pytest.raises(KernelUnavailable, match=r"older than its sources \(oath/game.py changed\): "
                                                r"rebuild it with `\.venv/bin/pip install -e \.`"):
        oath_state("compiled")
    assert choose_kernel() == ("python", "the compiled kernel is older than its sources (oath/game.py changed): "
                                         "rebuild it with `.venv/bin/pip install -e .`; using the Python kernel")
    with pytest.raises(KernelUnavailable):
        choose_kernel("compiled")
    assert oath_state("python") is OathState


def test_a_missing_build_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, FINGERPRINT, None)  # what import finds when nothing was built
    with pytest.raises(KernelUnavailable, match="not built: build it with `.venv/bin/pip install -e .`"):
        oath_state("compiled")
    assert choose_kernel()[0] == "python"


def test_the_cli_plays_on_the_chosen_kernel(compiled: type[OathState], monkeypatch: pytest.MonkeyPatch) -> None:
    args = ("simulate", "oath", "--players", "2", "--games", "1", "--jobs", "1", "--format", "json", "--root", str(REPO))
    assert json.loads(run(*args).stdout)["summary"]["kernel"] == "compiled"
    assert json.loads(run(*args, "--kernel", "python").stdout)["summary"]["kernel"] == "python"
    monkeypatch.setattr(sys.modules[FINGERPRINT], "SOURCES", {})
    fallback = run(*args)
    assert fallback.exit_code == 0 and json.loads(fallback.stdout)["summary"]["kernel"] == "python"
    assert fallback.stderr.count("warning:") == 1 and "rebuild it with `.venv/bin/pip install -e .`" in fallback.stderr
    refused = run(*args, "--kernel", "compiled")
    assert refused.exit_code == 2 and "older than its sources" in refused.stderr and not refused.stdout
