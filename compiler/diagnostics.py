"""Problems found in content, shaped like a compiler's: file, line, column, code, message.

Every stage reports through `Diagnostic`; nothing that a content author can cause raises.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field, replace
from enum import Enum
from pathlib import Path
from typing import NamedTuple

from .confine import Refused, read_confined, real_folders

MAX_SHOWN_BYTES = 16 * 1024 * 1024
"""Larger than any file a diagnostic can point into."""
_CONTROL = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f]")
"""Shown as U+FFFD, one for one (the caret stays aligned), so that a line never drives the terminal."""


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"


class Position(NamedTuple):
    """1-based line and column in a content file (a tuple: documents hold many)."""

    line: int
    col: int


@dataclass(frozen=True, order=True)
class Diagnostic:
    path: str
    line: int
    col: int
    code: str
    message: str
    severity: Severity = Severity.ERROR
    hint: str | None = None
    loc: tuple[str | int, ...] = field(default=(), compare=False)

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def headline(self) -> str:
        return f"{self.path}:{self.line}:{self.col}: {self.severity.value}[{self.code}]: {self.message}"


def sort_diagnostics(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    return sorted(set(diagnostics), key=lambda d: (d.path, d.line, d.col, d.code, d.message))


def _source_line(root: Path, diagnostic: Diagnostic) -> str | None:
    """The line a diagnostic points at, if its file is one the workspace may show (never through a link out)."""
    try:
        raw = read_confined(root / diagnostic.path, real_folders([root]), MAX_SHOWN_BYTES)
    except Refused:
        return None
    lines = raw.decode("utf-8", errors="replace").splitlines()
    if 1 <= diagnostic.line <= len(lines):
        return _CONTROL.sub("\ufffd", lines[diagnostic.line - 1])
    return None


_ANSI = {"bold": "1", "red": "1;31", "yellow": "1;33", "blue": "1;34", "cyan": "36"}


def _paint(text: str, style: str, colour: bool) -> str:
    return f"\x1b[{_ANSI[style]}m{text}\x1b[0m" if colour else text


def render_text(diagnostics: list[Diagnostic], root: Path, *, colour: bool = False) -> str:
    """The headline, then the offending line with a caret under the column; `colour` adds ANSI colours (errors red,
    warnings yellow) for a terminal."""
    blocks = []
    for d in diagnostics:
        severity = "red" if d.is_error else "yellow"
        block = [f"{_paint(f'{d.path}:{d.line}:{d.col}:', 'bold', colour)} "
                 f"{_paint(f'{d.severity.value}[{d.code}]', severity, colour)}: {d.message}"]
        line = _source_line(root, d)
        if line is not None and len(line) < 400:
            gutter = f"{d.line:>5} | "
            block.append(_paint(gutter, "blue", colour) + line)
            prefix = "".join(c if c == "\t" else " " for c in line[: d.col - 1])
            block.append(_paint(" " * (len(gutter) - 2) + "| ", "blue", colour) + prefix + _paint("^", severity, colour))
        if d.hint:
            block.append(f"      {_paint('= hint:', 'cyan', colour)} {d.hint}")
        blocks.append("\n".join(block))
    return "\n".join(blocks)


def render_json(diagnostics: list[Diagnostic]) -> str:
    rows = []
    for d in diagnostics:
        row = asdict(d)
        row["severity"] = d.severity.value
        row["loc"] = list(d.loc)
        rows.append(row)
    return json.dumps(rows, ensure_ascii=False, indent=2)


def as_errors(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """`check --strict`: every warning made an error."""
    return [replace(d, severity=Severity.ERROR) for d in diagnostics]


def summary(diagnostics: list[Diagnostic], *, colour: bool = False) -> str:
    errors = sum(1 for d in diagnostics if d.is_error)
    warnings = len(diagnostics) - errors
    error_count = _paint(f"{errors} error{'s' if errors != 1 else ''}", "red", colour and errors > 0)
    warning_count = _paint(f"{warnings} warning{'s' if warnings != 1 else ''}", "yellow", colour and warnings > 0)
    return f"{error_count}, {warning_count}"
