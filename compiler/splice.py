"""Writes one locale of a text back into its YAML file by editing the file's characters in place.

ruamel's round-trip dump re-indents sequences and rewrites nested flow mappings of our files, so an
import would touch lines nobody translated; splicing at the positions the loader recorded changes
exactly the value written and nothing else (see docs/decisions.md).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from .loader import LoadedDocument, Path_


@dataclass(frozen=True)
class Edit:
    start: int
    end: int
    text: str


def quoted(value: str) -> str:
    """A YAML double-quoted scalar (JSON's escapes are YAML's too)."""
    return json.dumps(value, ensure_ascii=False)


def _offset(doc: LoadedDocument, line: int, col: int) -> int:
    return sum(len(text) + 1 for text in doc.lines[:line - 1]) + col - 1


def locale_edit(doc: LoadedDocument, text_loc: Path_, locale: str, value: str, order: tuple[str, ...]) -> Edit:
    """The edit that makes the text mapping at `text_loc` say `value` in `locale`."""
    existing = doc.values.get(text_loc + (locale,))
    if existing is not None:
        end = doc.ends[text_loc + (locale,)]
        return Edit(_offset(doc, existing.line, existing.col), _offset(doc, end.line, end.col), quoted(value))
    start = doc.values[text_loc]
    flow = doc.lines[start.line - 1][start.col - 1] == "{"
    later = [loc for loc in order[order.index(locale) + 1:] if text_loc + (loc,) in doc.keys]
    entry = f"{locale}: {quoted(value)}"
    if later:  # before the next locale in order, keeping the canonical order of keys
        key = doc.keys[text_loc + (later[0],)]
        at = _offset(doc, key.line, key.col)
        return Edit(at, at, entry + (", " if flow else "\n" + " " * (key.col - 1)))
    if flow:  # before the closing brace
        end = doc.ends[text_loc]
        at = _offset(doc, end.line, end.col) - 1
        return Edit(at, at, ", " + entry)
    keys = [doc.keys[k] for k in doc.keys if k[:-1] == text_loc]
    last_value = max((doc.ends[k] for k in doc.keys if k[:-1] == text_loc), key=lambda p: (p.line, p.col))
    at = _offset(doc, last_value.line, last_value.col)
    return Edit(at, at, "\n" + " " * (keys[0].col - 1) + entry)


def apply_edits(text: str, edits: list[Edit]) -> str:
    for edit in sorted(edits, key=lambda e: (e.start, e.end), reverse=True):
        text = text[:edit.start] + edit.text + text[edit.end:]
    return text
