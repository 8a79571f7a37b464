"""Random games in batches of seeds, in local worker processes or on a Ray cluster, with the same answer either way.

A run is a list of seeds, cut into batches; a batch is played where a worker is free and its records come back as
soon as it is done (progress). Each game depends only on its seed and the run's settings, and the records are
put back in seed order, so the aggregate does not depend on where, in how many workers or in what order the
batches were played. A checkpoint file keeps the finished batches (one line each, appended and flushed): a run
interrupted, even killed, resumes from it without playing a finished game again.

Ray is the cluster engine (an optional extra, `lawforge[ray]`): `run(…, ray_address="")` starts a local Ray
instance, an address joins an existing cluster, whose workers must hold the same workspace at the same path; a
program that has already joined one (`ray.init`) plays on it.
"""

from __future__ import annotations

import functools
import json
import logging
import multiprocessing
import os
import socket
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .files import WriteError, write_atomically

if TYPE_CHECKING:
    from rich.table import Table

CHECKPOINT_FORMAT = 1


class SimulationError(Exception):
    """A run that cannot start or go on as asked (Ray missing or unreachable, a checkpoint of another run): one
    line for the user."""


@dataclass(frozen=True)
class Settings:
    """What every game of a run shares; game k plays seed `seed + k`."""

    game: str
    root: str
    """The workspace whose compiled content is played (the same path on every worker)."""
    kernel: str
    players: int
    seed: int
    games: int
    setup: dict[str, Any] = field(default_factory=dict)
    """The game's setup options (Root's factions, Oath's Chronicle, Vindication's modules or named setup), as
    `new_state` takes them."""

    def seeds(self) -> list[int]:
        return [self.seed + k for k in range(self.games)]

    def identity(self, content_hash: str) -> dict[str, Any]:
        """What a checkpoint must match to be resumed: the same games of the same content, set up alike."""
        chronicle = self.setup.get("chronicle")
        return {"game": self.game, "content_hash": content_hash, "players": self.players, "seed": self.seed,
                "games": self.games, "kernel": self.kernel, "factions": self.setup.get("factions"),
                "chronicle": None if chronicle is None else json.loads(chronicle.to_json()),
                **{key: self.setup[key] for key in ("modules", "setup") if key in self.setup}}


@dataclass(frozen=True)
class GameRecord:
    """One game's outcome: what the seed decided, the same wherever it was played."""

    seed: int
    sides: list[str]
    """Each seat's side: Oath's role, Root's faction; none in a game of seats alone (Margraves)."""
    winners: list[int]
    """The winning seats (both partners of a Root coalition); empty for a game not finished."""
    victory: str | None
    length: int
    """Oath's rounds, Root's turns."""
    steps: int
    played: dict[str, list[int]]
    """Card or power id → the seats that had it in play at the end (`GameState.result()["played"]`)."""

    def output(self, game: str) -> dict[str, Any]:
        """The game as `simulate --format json` prints it."""
        if game == "oath":
            winner = self.winners[0] if self.winners else -1
            return {"seed": self.seed, "winner": winner, "role": self.sides[winner] if winner >= 0 else None,
                    "victory": self.victory, "rounds": self.length, "steps": self.steps}
        sides = {"factions": self.sides} if self.sides else {}
        return {"seed": self.seed, **sides, "winners": self.winners, "victory": self.victory, "turns": self.length,
                "steps": self.steps}


@functools.lru_cache(maxsize=4)
def _content(game: str, root: str) -> Any:
    """The compiled content, loaded once per worker process."""
    from lawforge.runtime import load

    return load(game, root=root)


def play_batch(settings: Settings, seeds: list[int]) -> list[GameRecord]:
    """The games of `seeds`, each a kernel playout (inside the compiled kernel when it is)."""
    from lawforge.runtime.games import new_state

    compiled = _content(settings.game, settings.root)
    records = []
    for seed in seeds:
        state = new_state(compiled, settings.players, seed, kernel=settings.kernel, **settings.setup)
        steps = state.playout(seed)
        result = state.result()
        sides = result["roles"] if settings.game == "oath" else result.get("factions", [])
        length = result["rounds"] if settings.game == "oath" else result["turns"]
        victory = result["victory"]
        records.append(GameRecord(seed, list(sides), list(result["winners"]), None if victory is None else str(victory),
                                  int(length), int(steps), dict(result.get("played", {}))))
    return records


def batches(seeds: list[int], workers: int, largest: int = 200) -> list[list[int]]:
    """Seeds cut into batches: about eight per worker, so that a slow batch does not keep the others waiting at the
    end and a checkpoint loses little, and no more than `largest` games each."""
    size = max(1, min(largest, len(seeds) // (8 * workers) or 1))
    return [seeds[start:start + size] for start in range(0, len(seeds), size)]


class Checkpoint:
    """The finished games of one run, in a JSON Lines file: a first line naming the run, then one line per finished
    batch, appended whole and flushed to the disk before the next batch counts as saved. Appending keeps the cost
    of a batch the same however long the run; a line cut short by a kill during its write is dropped when the run
    resumes (the file rewritten without it, atomically), so only whole batches are ever read back."""

    def __init__(self, path: Path, identity: dict[str, Any]) -> None:
        self.path = path
        self.identity = identity
        self.records: dict[int, GameRecord] = {}

    def _header(self) -> str:
        return json.dumps({"format": CHECKPOINT_FORMAT, "run": self.identity}, ensure_ascii=False) + "\n"

    @classmethod
    def open(cls, path: Path, identity: dict[str, Any]) -> Checkpoint:
        """The checkpoint at `path` (a new file naming the run if there is none), refused if it is of another run."""
        checkpoint = cls(path, identity)
        if not path.exists():
            write_atomically(path, checkpoint._header(), durable=True)
            return checkpoint
        lines = path.read_text(encoding="utf-8").split("\n")
        whole, torn = lines[:-1], lines[-1]
        try:
            saved = json.loads(whole[0]) if whole else {}
            if saved.get("format") != CHECKPOINT_FORMAT:
                raise ValueError("its first line names no run")
            batches = [[GameRecord(**record) for record in json.loads(line)] for line in whole[1:]]
        except (ValueError, TypeError, AttributeError) as exc:
            raise SimulationError(f"{path}: not a lawforge simulate checkpoint ({exc})") from None
        if saved.get("run") != identity:
            differing = [key for key in identity if saved.get("run", {}).get(key) != identity[key]]
            raise SimulationError(f"{path}: a checkpoint of another run (not the same: {', '.join(differing)}); "
                                  f"give another file, or the settings it was made with")
        if torn:
            write_atomically(path, "\n".join(whole) + "\n", durable=True)
        checkpoint.records = {record.seed: record for batch in batches for record in batch}
        return checkpoint

    def add(self, records: list[GameRecord]) -> None:
        """Appends one finished batch as one line, on the disk when this returns."""
        line = json.dumps([asdict(record) for record in records], ensure_ascii=False, separators=(",", ":"))
        try:
            with self.path.open("a", encoding="utf-8") as handle:
                handle.write(line + "\n")
                handle.flush()
                os.fsync(handle.fileno())
        except OSError as exc:
            raise WriteError(exc.errno or 0, exc.strerror or str(exc), str(self.path)) from None
        self.records.update((record.seed, record) for record in records)


Progress = Callable[[int], None]
"""Told how many games a batch just finished."""


def run(settings: Settings, *, jobs: int | None = None, ray_address: str | None = None,
        checkpoint: Checkpoint | None = None, progress: Progress | None = None) -> list[GameRecord]:
    """Every game of the run, in seed order: those the checkpoint holds, the others played in `jobs` local worker
    processes or, with `ray_address` ("" for a local instance), on Ray."""
    done: dict[int, GameRecord] = dict(checkpoint.records) if checkpoint else {}
    todo = [seed for seed in settings.seeds() if seed not in done]
    if progress and done:
        progress(len(done))
    if todo:
        if ray_address is None:
            workers = max(1, min(jobs or os.cpu_count() or 1, len(todo)))
            finished = _local(settings, batches(todo, workers), workers)
        else:
            finished = _ray(settings, todo, ray_address)
        for records in finished:
            done.update((record.seed, record) for record in records)
            if checkpoint:
                checkpoint.add(records)
            if progress:
                progress(len(records))
    return [done[seed] for seed in settings.seeds()]


def _local(settings: Settings, work: list[list[int]], workers: int) -> Iterator[list[GameRecord]]:
    """Each batch's records as soon as a worker process has played it. Workers are forked, unless this process
    already loaded the game's content from another workspace (a balance report's baseline): a process holds one
    workspace's content of a game, so they then start afresh."""
    loaded = sys.modules.get(f"lawforge.generated.{settings.game}")
    elsewhere = loaded is not None and Path(loaded.__file__ or "").resolve().parent != \
        (Path(settings.root) / "generated" / settings.game).resolve()
    context = multiprocessing.get_context("spawn" if elsewhere else None)
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        pending: set[Future[list[GameRecord]]] = {pool.submit(play_batch, settings, seeds) for seeds in work}
        try:
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    yield future.result()
        finally:
            for future in pending:
                future.cancel()


def _ray(settings: Settings, todo: list[int], address: str) -> Iterator[list[GameRecord]]:
    """Each batch's records as soon as a Ray worker has played it, on the cluster at `address` or ("") a local
    Ray instance started for the run."""
    try:
        import ray
    except ImportError:
        raise SimulationError("--ray: Ray is not installed; install it with pip install 'lawforge[ray]'") from None
    if address:
        _reachable(address)
    joined = not ray.is_initialized()
    if joined:
        try:
            ray.init(address=address or None, include_dashboard=False, log_to_driver=False,
                     logging_level=logging.ERROR, configure_logging=False)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise SimulationError(f"--ray {address}: cannot join the Ray cluster ({str(exc).splitlines()[0]})") \
                from None
    pending = []
    try:
        workers = max(1, int(ray.cluster_resources().get("CPU", 1)))  # type: ignore[no-untyped-call]
        remote = ray.remote(play_batch)
        settings_ref = ray.put(settings)
        pending = [remote.remote(settings_ref, seeds) for seeds in batches(todo, workers)]
        while pending:
            finished, pending = ray.wait(pending, num_returns=1)
            yield ray.get(finished[0])
    finally:
        for task in pending:  # interrupted: a cluster that goes on running does not play the rest for nothing
            ray.cancel(task)
        if joined:
            ray.shutdown()


def _reachable(address: str) -> None:
    """Fails in one line, at once, when nothing answers at a cluster's host:port (Ray itself retries for long)."""
    if address == "auto":
        return
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        raise SimulationError(f"--ray {address}: give the cluster's address as HOST:PORT (or ray://HOST:PORT)")
    try:
        with socket.create_connection((host, int(port)), timeout=5):
            pass
    except OSError as exc:
        raise SimulationError(f"--ray {address}: no Ray cluster answers there ({exc.strerror or exc})") from None


def summarize(game: str, records: list[GameRecord]) -> dict[str, Any]:
    """Wins by side (Oath's roles, Root's factions, each winner of a coalition counted; by seat in a game without
    sides) and by victory, and length."""
    count = len(records)
    sides = Counter(record.sides[seat] if record.sides else seat for record in records for seat in record.winners)
    if game == "oath":
        length = {"mean_rounds": round(sum(r.length for r in records) / count, 2)}
    else:
        length = {"mean_turns": round(sum(r.length for r in records) / count, 2),
                  "unfinished": sum(not r.winners for r in records)}
    side = "role" if game == "oath" else "faction" if records[0].sides else "seat"
    return {f"wins_by_{side}": dict(sorted(sides.items())),
            "wins_by_victory": dict(sorted(Counter(str(r.victory) for r in records).items())),
            **length, "mean_steps": round(sum(r.steps for r in records) / count, 1)}


def summary_tables(summary: dict[str, Any]) -> list[Table]:
    """`simulate`'s summary as text: a table of the wins by side (seats counted from 1) and one by victory, each
    with its share of the games, then the run's settings and the games' lengths."""
    from rich.markup import escape
    from rich.table import Table

    games = summary["games"]
    tables = []
    figures = Table("", "", show_header=False, box=None)
    for key, value in summary.items():
        if not key.startswith("wins_by_"):
            figures.add_row(key.replace("_", " "), escape(str(value)))
            continue
        side = key.removeprefix("wins_by_")
        table = Table(side, "wins", "share", title=key.replace("_", " "), title_justify="left")
        for column in table.columns[1:]:
            column.justify = "right"
        for name, wins in value.items():
            shown = f"seat {int(name) + 1}" if side == "seat" else escape(str(name))
            table.add_row(shown, str(wins), f"{wins / games:.0%}")
        tables.append(table)
    return tables + [figures]
