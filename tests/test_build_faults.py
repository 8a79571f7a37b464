"""`lawforge build` killed at any moment (kill -9), or on a full disk: the next `build --check` passes or names what
is stale, the next build finishes without cleanup by hand, the runtime never loads a stale extension, and no
compile folder is left in the system's temporary folder."""

from __future__ import annotations

import random
import shutil
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from conftest import FIXTURES, unoptimised_compiler
from forked import RUNNER

SEED = 18
BANK_ORDERS = ("bank_order: 0", "bank_order: 1")
"""Swapping the two suits' bank orders changes the compiled tables: the build compiles."""
FLAVORS = ("Gagnez une [favor].", "Gagnez une [favor] !")
"""Rewording a translation changes entities.py alone: the build writes and does not compile."""

PROBE = """
import sys
from pathlib import Path
from lawforge.runtime import ContentNotFound, load
from lawforge.runtime.stamp import source_digest
root = Path(sys.argv[1])
try:
    game = load("mini", root=root)
except ContentNotFound as refused:
    print("refused:", refused)
else:
    pyx = (root / "generated/mini/tables.pyx").read_bytes()
    print("loaded" if game.tables.SOURCE_DIGEST == source_digest(pyx) else "STALE LOADED")
"""


def lawforge(root: Path, *args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", RUNNER, *args, "--root", str(root)], capture_output=True, text=True,
                          env=env, timeout=300)


def swap(root: Path, pair: tuple[str, str]) -> None:
    """Edits the mini game's suits: one text of `pair` becomes the other."""
    suits = root / "content/mini/suits.yaml"
    first, second = pair
    suits.write_text(suits.read_text().replace(first, "\0").replace(second, first).replace("\0", second))


def timed_build(root: Path, env: dict[str, str]) -> float:
    started = time.perf_counter()
    done = lawforge(root, "build", "--no-sheets", env=env)
    assert done.returncode == 0, done.stderr
    return time.perf_counter() - started


def runtime_verdict(root: Path, env: dict[str, str]) -> str:
    done = subprocess.run([sys.executable, "-c", PROBE, str(root)], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout


def compile_leftovers(system_tmp: Path) -> list[str]:
    return sorted(path.name for path in system_tmp.iterdir() if path.name.startswith("lawforge-ext-"))


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    """The builds' environment: a temporary folder of their own to look into for leftovers, and a C compiler that
    does not optimise (a third of the time; what a kill leaves does not depend on it)."""
    system_tmp = tmp_path / "system-tmp"
    system_tmp.mkdir()
    return unoptimised_compiler(tmp_path) | {"TMPDIR": str(system_tmp), "NO_COLOR": "1", "COLUMNS": "200",
                                             "LAWFORGE_TEST_FAULT": ""}


def test_a_build_killed_at_random_moments_is_finished_by_the_next(tmp_path: Path, env: dict[str, str],
                                                                  kills: range) -> None:
    root = tmp_path / "ws"
    shutil.copytree(FIXTURES / "mini", root)
    system_tmp = Path(env["TMPDIR"])
    timed_build(root, env)
    swap(root, BANK_ORDERS)
    compiling = timed_build(root, env)
    swap(root, FLAVORS)
    writing = timed_build(root, env)
    rng = random.Random(SEED)
    stale = 0
    for kill in kills:  # every other build compiles: kills then fall in the compile as often as in the writes
        pair, duration = (BANK_ORDERS, compiling) if kill % 2 else (FLAVORS, writing)
        swap(root, pair)
        build = subprocess.Popen([sys.executable, "-c", RUNNER, "build", "--no-sheets", "--root", str(root)],
                                 env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.05, duration))
        build.send_signal(signal.SIGKILL)
        build.wait()
        with ThreadPoolExecutor(2) as both:  # two readers of the workspace, side by side
            checking = both.submit(lawforge, root, "build", "--check", env=env)
            verdict = both.submit(runtime_verdict, root, env).result()
            checked = checking.result()
        output = checked.stdout + checked.stderr
        assert "Traceback" not in output, output
        assert checked.returncode == 0 or checked.returncode == 1 and "stale:" in output, output
        assert verdict.startswith(("loaded", "refused: ")), f"kill {kill}: {verdict}"
        stale += checked.returncode
        assert compile_leftovers(system_tmp) == [], f"kill {kill}"
        rebuilt = lawforge(root, "build", "--no-sheets", env=env)
        assert rebuilt.returncode == 0, f"kill {kill}: {rebuilt.stderr}"
        assert runtime_verdict(root, env).startswith("loaded"), f"kill {kill}"
        assert not list((root / ".lawforge-cache").glob("ext-*")), f"kill {kill}: a compile folder is left"
    assert lawforge(root, "build", "--check", env=env).returncode == 0
    assert compile_leftovers(system_tmp) == []
    assert stale, "no kill left anything stale: the kills came too late to test anything"


def test_a_build_on_a_full_disk_says_what_it_could_not_write_and_leaves_nothing(tmp_path: Path,
                                                                               env: dict[str, str]) -> None:
    root = tmp_path / "ws"
    shutil.copytree(FIXTURES / "mini", root)
    before = sorted(path.relative_to(root) for path in root.rglob("*"))
    done = lawforge(root, "build", "--no-sheets", env=env | {"LAWFORGE_TEST_FAULT": "enospc"})
    output = done.stdout + done.stderr
    assert done.returncode == 1 and "Traceback" not in output, output
    assert "error: cannot write generated: No space left on device" in output
    assert sorted(path.relative_to(root) for path in root.rglob("*")) == before, "nothing written, nothing left"
    assert compile_leftovers(Path(env["TMPDIR"])) == []
