"""`lawforge simulate` scaled out: local worker processes and Ray give the same answer for the same seeds, a run
killed midway resumes from its checkpoint without playing a finished game again, and the mistakes are one line."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import FULL_BATTERY, REPO, run
from lawforge.compiler import simulate as simulation
from lawforge.compiler.simulate import Settings, batches
from lawforge.compiler.simulate import run as simulate

LAWFORGE = str(Path(sys.executable).with_name("lawforge"))


@pytest.fixture(scope="module")
def ray_instance() -> Iterator[None]:
    """One local Ray instance for the module: `--ray` plays on the instance this process has joined."""
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR",
             configure_logging=False)
    yield
    ray.shutdown()


@pytest.mark.parametrize(("game", "players", "games"), [("root", 2, 200), ("root", 3, 80), ("oath", 2, 10)])
def test_ray_and_local_workers_print_the_same_json(ray_instance: None, monkeypatch: pytest.MonkeyPatch, game: str,
                                                  players: int, games: int) -> None:
    args = ("simulate", game, "--players", str(players), "--games", str(games), "--seed", "11", "--format", "json",
            "--root", str(REPO))
    local = run(*args, "--jobs", "2")
    monkeypatch.setattr(simulation, "_local", lambda *_: pytest.fail("--ray played on local workers"))
    on_ray = run(*args, "--ray")
    assert local.exit_code == 0, local.output
    assert on_ray.exit_code == 0, on_ray.output
    assert json.loads(on_ray.stdout) == json.loads(local.stdout)
    assert json.loads(local.stdout)["summary"]["games"] == games


@pytest.mark.parametrize(("game", "players", "games"), [("root", 4, 2000), ("oath", 4, 200)])
def test_long_runs_on_ray_and_local_workers_agree(ray_instance: None, request: pytest.FixtureRequest, game: str,
                                                  players: int, games: int) -> None:
    if not request.config.getoption(FULL_BATTERY):
        pytest.skip(f"a long run: {FULL_BATTERY} plays it")
    settings = Settings(game, str(REPO), "compiled", players, 1, games)
    assert simulate(settings, ray_address="") == simulate(settings, jobs=2)


def test_batches_cover_every_seed_once_in_order() -> None:
    seeds = list(range(5, 1005))
    cut = batches(seeds, workers=2)
    assert [seed for batch in cut for seed in batch] == seeds
    assert len(cut) >= 16 and max(len(batch) for batch in cut) <= 200


def test_results_stream_back_batch_by_batch() -> None:
    told: list[int] = []
    records = simulate(Settings("root", str(REPO), "compiled", 2, 3, 40), jobs=2, progress=told.append)
    assert sum(told) == 40 and len(told) > 1
    assert [record.seed for record in records] == list(range(3, 43))


def test_ray_not_installed_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    done = run("simulate", "root", "--players", "2", "--games", "2", "--ray", "--root", str(REPO))
    assert done.exit_code == 2 and "Ray is not installed" in done.stderr and "lawforge[ray]" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.output


@pytest.mark.parametrize(("address", "said"), [("127.0.0.1:9", "no Ray cluster answers there"),
                                                ("nowhere", "give the cluster's address as HOST:PORT")])
def test_an_unreachable_ray_cluster_is_one_line(address: str, said: str) -> None:
    done = run("simulate", "root", "--players", "2", "--games", "2", "--ray", address, "--root", str(REPO))
    assert done.exit_code == 2 and said in done.stderr, done.output
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.output


def simulate_command(checkpoint: Path, *extra: str) -> list[str]:
    return [LAWFORGE, "simulate", "root", "--players", "2", "--games", "240", "--seed", "7", "--jobs", "1",
            "--format", "json", "--checkpoint", str(checkpoint), "--root", str(REPO), *extra]


def test_a_killed_run_resumes_from_its_checkpoint_without_playing_finished_games_again(tmp_path: Path) -> None:
    checkpoint = tmp_path / "run.json"
    child = subprocess.Popen(simulate_command(checkpoint), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while (checkpoint.read_text().count("\n") if checkpoint.exists() else 0) < 2 and child.poll() is None \
            and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        os.killpg(child.pid, signal.SIGKILL)
        child.wait()
    saved = [record for line in checkpoint.read_text().split("\n")[1:-1] for record in json.loads(line)]
    assert 0 < len(saved) < 240, "the run was to be killed after its first batch"
    with checkpoint.open("a") as file:
        file.write('[{"seed": 9999, "sides"')  # a batch cut short by the kill, as if during its write

    resumed = subprocess.run(simulate_command(checkpoint), capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    assert f"{240 - len(saved)} games in " in resumed.stderr and f"({len(saved)} from the checkpoint)" in resumed.stderr
    whole = run("simulate", "root", "--players", "2", "--games", "240", "--seed", "7", "--jobs", "2", "--format",
                "json", "--root", str(REPO))
    assert json.loads(resumed.stdout) == json.loads(whole.stdout)
    lines = checkpoint.read_text().splitlines()
    assert sum(len(json.loads(line)) for line in lines[1:]) == 240 and "9999" not in checkpoint.read_text()


def test_a_checkpoint_of_another_run_is_refused_in_one_line(tmp_path: Path) -> None:
    checkpoint = tmp_path / "run.json"
    first = run("simulate", "root", "--players", "2", "--games", "4", "--seed", "1", "--jobs", "1",
                "--checkpoint", str(checkpoint), "--root", str(REPO))
    assert first.exit_code == 0, first.output
    other = run("simulate", "root", "--players", "3", "--games", "4", "--seed", "1", "--jobs", "1",
                "--checkpoint", str(checkpoint), "--root", str(REPO))
    assert other.exit_code == 2 and "a checkpoint of another run (not the same: players)" in other.stderr
    assert len(other.stderr.strip().splitlines()) == 1
    checkpoint.write_text("{not json")
    broken = run("simulate", "root", "--players", "2", "--games", "4", "--checkpoint", str(checkpoint),
                 "--root", str(REPO))
    assert broken.exit_code == 2 and "not a lawforge simulate checkpoint" in broken.stderr
