"""`i18n status` as a table: a row per game, locale and entity kind, a total per game and locale, columns aligned
whatever the width of the names and numbers; with `--incomplete`, only what is not complete, then each such text."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .coverage import STATES, Incomplete

GAP = "  "
"""Between two columns."""


@dataclass(frozen=True)
class StatusRow:
    game: str
    locale: str
    kind: str
    counts: dict[str, int]
    texts: list[Incomplete] = field(default_factory=list)
    """The texts of the row not translated or not up to date (only gathered for `--incomplete`)."""

    @property
    def percent(self) -> float:
        total = sum(self.counts.values())
        return 100.0 * self.counts["translated"] / total if total else 100.0

    @property
    def complete(self) -> bool:
        return self.counts["translated"] == sum(self.counts.values())

    def as_json(self, with_texts: bool) -> dict[str, Any]:
        row: dict[str, Any] = {"game": self.game, "locale": self.locale, "kind": self.kind, **self.counts,
                               "percent": round(self.percent, 1)}
        if with_texts:
            row["texts"] = [{"key": t.key, "state": t.state, "path": t.path, "line": t.line} for t in self.texts]
        return row


def totals(rows: list[StatusRow]) -> list[StatusRow]:
    """One row per game and locale, kind `all`, summing its kinds."""
    summed: dict[tuple[str, str], dict[str, int]] = {}
    for row in rows:
        total = summed.setdefault((row.game, row.locale), dict.fromkeys(STATES, 0))
        for state in STATES:
            total[state] += row.counts[state]
    return [StatusRow(game, locale, "all", counts) for (game, locale), counts in summed.items()]


def _aligned(cells: list[list[str]], numeric_from: int) -> list[str]:
    """Rows of cells as lines: the columns before `numeric_from` left-aligned, the others right-aligned."""
    widths = [max(len(row[i]) for row in cells) for i in range(len(cells[0]))]
    return [GAP.join(cell.ljust(width) if i < numeric_from else cell.rjust(width)
                     for i, (cell, width) in enumerate(zip(row, widths))).rstrip() for row in cells]


def status_table(rows: list[StatusRow], incomplete: bool) -> list[tuple[str, bool]]:
    """The lines to print, each with whether it is a total (printed bold)."""
    shown = [row for row in rows if not incomplete or not row.complete]
    summed = [row for row in totals(rows) if not incomplete or not row.complete]
    cells = [["game", "locale", "kind", *STATES, "done"]]
    cells += [[row.game, row.locale, row.kind, *(str(row.counts[s]) for s in STATES), f"{row.percent:.1f}%"]
              for row in shown + summed]
    lines = _aligned(cells, numeric_from=3)
    bold = [True] + [False] * len(shown) + [True] * len(summed)
    table = list(zip(lines, bold))
    texts = [text for row in shown for text in row.texts]
    if incomplete and texts:
        game_of = {id(text): row.game for row in shown for text in row.texts}
        listed = _aligned([[game_of[id(t)], t.locale, t.state, t.key, f"{t.path}:{t.line}"] for t in texts],
                          numeric_from=5)
        table += [("", False)] + [(line, False) for line in listed]
    return table
