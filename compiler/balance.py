"""What a run of random games says about a game's balance, and whether it changed since a baseline revision.

The figures are computed with scipy, never by hand: win rates with Wilson 95% intervals (`binomtest`), and against
a baseline Fisher's exact test per side, the Mann–Whitney U test on game length and a chi-squared test on the
victory kinds, their p-values adjusted together by Benjamini–Hochberg (`false_discovery_control`). The report
itself (plots and HTML) is balance_report.py's.
"""

from __future__ import annotations

import io
import statistics
import subprocess
import tarfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .simulate import GameRecord, Settings

ALPHA = 0.05
"""A difference from the baseline is significant when its adjusted p-value is below this."""


class BalanceError(Exception):
    """A baseline that cannot be played (not a revision, no compiled content of the game there): one line."""


def require_libraries() -> None:
    """Fails in one line when the extra `lawforge[balance]` is not installed."""
    import importlib.util

    missing = [name for name in ("matplotlib", "scipy") if importlib.util.find_spec(name) is None]
    if missing:
        raise BalanceError(f"balance needs {' and '.join(missing)}: install them with pip install "
                           f"'lawforge[balance]'")


@dataclass(frozen=True)
class Rate:
    """Wins over games for one side, seat or card, with its Wilson 95% confidence interval."""

    key: str
    wins: int
    games: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.wins / self.games


def rate(key: str, wins: int, games: int) -> Rate:
    from scipy.stats import binomtest

    interval = binomtest(wins, games).proportion_ci(confidence_level=0.95, method="wilson")
    return Rate(key, wins, games, float(interval.low), float(interval.high))


@dataclass(frozen=True)
class Analysis:
    """The figures of one run of games."""

    settings: Settings
    sides: list[Rate]
    """Per faction (Root) or role (Oath): wins over the games it was seated in."""
    seats: list[Rate]
    cards: list[Rate]
    """Per card in play at the end: wins of the seats that had it over how many seats had it; most played first."""
    lengths: list[int]
    """Each game's length (Root's turns, Oath's rounds), in seed order."""
    unfinished: int
    victories: dict[str, int]
    """Victory kind ("" for a game not finished) → games."""

    def length_summary(self) -> tuple[float, float, int, int]:
        """Mean, median, shortest and longest game."""
        return (statistics.fmean(self.lengths), statistics.median(self.lengths), min(self.lengths),
                max(self.lengths))


def analyse(settings: Settings, records: list[GameRecord]) -> Analysis:
    side_games: Counter[str] = Counter()
    side_wins: Counter[str] = Counter()
    card_games: Counter[str] = Counter()
    card_wins: Counter[str] = Counter()
    seat_wins: Counter[int] = Counter()
    for record in records:
        won = set(record.winners)
        for seat, side in enumerate(record.sides):
            side_games[side] += 1
            side_wins[side] += seat in won
        seat_wins.update(won)
        for card, seats in record.played.items():
            card_games[card] += len(seats)
            card_wins[card] += len(won.intersection(seats))
    games = len(records)
    return Analysis(
        settings,
        sides=[rate(side, side_wins[side], side_games[side]) for side in sorted(side_games)],
        seats=[rate(str(seat), seat_wins[seat], games) for seat in range(settings.players)],
        cards=[rate(card, card_wins[card], card_games[card])
               for card in sorted(card_games, key=lambda c: (-card_games[c], c))],
        lengths=[record.length for record in records],
        unfinished=sum(not record.winners for record in records),
        victories=dict(sorted(Counter(record.victory or "" for record in records).items())),
    )


@dataclass(frozen=True)
class Difference:
    """One measure compared between the current content and the baseline, on the same seeds."""

    measure: str
    """"side", "length" or "victories"."""
    key: str
    """The side compared; empty for length and victories."""
    now: float
    before: float
    """Win rates for a side, mean lengths, and for victories the share of the most frequent kind now."""
    p_value: float
    adjusted: float
    """The p-value adjusted for all the tests of the comparison (Benjamini–Hochberg)."""

    @property
    def significant(self) -> bool:
        return self.adjusted < ALPHA


def compare(now: Analysis, before: Analysis) -> list[Difference]:
    """Each side's win rate (Fisher's exact test), the game length (Mann–Whitney U) and the victory kinds
    (chi-squared), now against the baseline, the p-values adjusted together."""
    from scipy.stats import chi2_contingency, false_discovery_control, fisher_exact, mannwhitneyu

    tests: list[tuple[str, str, float, float, float]] = []
    then = {side.key: side for side in before.sides}
    for side in now.sides:
        old = then.get(side.key)
        if old is None:
            continue
        table = [[side.wins, side.games - side.wins], [old.wins, old.games - old.wins]]
        tests.append(("side", side.key, side.rate, old.rate, float(fisher_exact(table).pvalue)))
    tests.append(("length", "", statistics.fmean(now.lengths), statistics.fmean(before.lengths),
                  float(mannwhitneyu(now.lengths, before.lengths).pvalue)))
    kinds = sorted(set(now.victories) | set(before.victories))
    top = max(now.victories, key=lambda kind: now.victories[kind])
    shares = (now.victories[top] / sum(now.victories.values()),
              before.victories.get(top, 0) / sum(before.victories.values()))
    if len(kinds) > 1:
        table = [[runs.get(kind, 0) for kind in kinds] for runs in (now.victories, before.victories)]
        tests.append(("victories", top, *shares, float(chi2_contingency(table).pvalue)))
    else:
        tests.append(("victories", top, *shares, 1.0))
    adjusted = false_discovery_control([p for *_, p in tests], method="bh")
    return [Difference(measure, key, current, old, p, float(q))
            for (measure, key, current, old, p), q in zip(tests, adjusted)]


def baseline_workspace(repo: Path, revision: str, game: str, players: int, into: Path) -> Path:
    """A workspace in `into` holding `game`'s compiled content as of `revision` (its generated files, with their
    table module compiled), refused unless the current kernel plays it at `players`. The table module depends only
    on its `.pyx`: when the revision's is the workspace's, the workspace's module is copied, not compiled again."""
    import shutil

    from .extension import compile_extension, embedded_digest, extension_path
    from .files import digest

    commit = subprocess.run(["git", "-C", str(repo), "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}"],
                            capture_output=True, text=True)
    if commit.returncode != 0:
        raise BalanceError(f"--baseline {revision}: not a git revision of {repo}")
    archive = subprocess.run(["git", "-C", str(repo), "archive", "--format=tar", commit.stdout.strip(),
                              f"generated/{game}"], capture_output=True)
    if archive.returncode != 0:
        raise BalanceError(f"--baseline {revision}: no compiled content of {game} there (generated/{game}/)")
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    pyx = into / "generated" / game / "tables.pyx"
    if not pyx.is_file():
        raise BalanceError(f"--baseline {revision}: generated/{game}/tables.pyx is missing there")
    module = f"lawforge.generated.{game}.tables"
    current = extension_path(repo / "generated" / game / "tables.pyx")
    if current.is_file() and embedded_digest(current, module) == digest(pyx.read_bytes()):
        shutil.copyfile(current, extension_path(pyx))
    else:
        compile_extension(pyx, module, into / ".lawforge-cache")
    _check_playable(into, game, players, revision)
    return into


PLAY_ONE = """
import sys
from lawforge.runtime.games import new_state
state = new_state(sys.argv[1], int(sys.argv[3]), 1, root=sys.argv[2])
state.playout(1)
state.result()
"""


def _check_playable(root: Path, game: str, players: int, revision: str) -> None:
    """Refuses, in one line, a revision whose content today's kernel cannot play (its state layout or its entities
    changed since): one game is played in a child process, as this one may hold the workspace's content already."""
    import sys

    done = subprocess.run([sys.executable, "-c", PLAY_ONE, game, str(root), str(players)], capture_output=True,
                          text=True)
    if done.returncode != 0:
        reason = (done.stderr.strip().splitlines() or ["it stopped"])[-1]
        raise BalanceError(f"--baseline {revision}: today's kernel cannot play the content of {game} there ({reason})")


def placeholders(compiled: Any, settings: Settings, records: list[GameRecord]) -> list[str]:
    """The placeholder data the run's games played with, each said once: what every table seated needs (Root's
    depend on the factions at the table)."""
    from lawforge.runtime.games import new_state

    tables = {tuple(record.sides) for record in records} if settings.game == "root" else {()}
    found: dict[str, None] = {}
    for table in sorted(tables):
        setup = {"factions": list(table)} if table else settings.setup
        state = new_state(compiled, settings.players, settings.seed, kernel=settings.kernel, **setup)
        found.update(dict.fromkeys(state.placeholders))
    return list(found)
