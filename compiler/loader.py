"""Stage 1, load: YAML bytes to plain Python data plus the source position of every key and value.

The tree is built from libyaml's event stream, without a loop that recurses: ruamel's C composer recurses
once per level and overflows the C stack on deep nesting, so the depth is measured on the events and the
nesting stops at `MAX_DEPTH`, where it is written. Aliases are expanded by replaying their anchor's events,
within a budget of nodes and of characters, so that duplicate keys, merge keys, odd tags and alias bombs
are caught here, with positions, and later stages never see ruamel's types.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.events import (AliasEvent, CollectionStartEvent, DocumentStartEvent, Event, MappingEndEvent,
                                MappingStartEvent, ScalarEvent, SequenceEndEvent)
from ruamel.yaml.nodes import ScalarNode
from ruamel.yaml.reader import ReaderError

from .confine import Refused, read_confined, real_folders
from .diagnostics import Diagnostic, Position

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_NODES = 200_000
"""Values per file, aliases expanded; stops alias bombs long before memory does."""
MAX_CHARS = 2 * MAX_FILE_BYTES
"""Characters of text per file, aliases expanded: a long text aliased many times is a bomb of its own."""
MAX_DEPTH = 64
"""Levels of nesting; content needs a dozen."""
INT32 = (-(2 ** 31), 2 ** 31 - 1)
"""Every integer of content goes into an int32 table or bytecode."""

Path_ = tuple[str | int, ...]
STANDARD_COLLECTION_TAGS = (None, "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq")
_BAD_CHARACTER = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")
"""Control characters and lone surrogates, which YAML escapes can write but no text of a game holds."""


@dataclass
class LoadedDocument:
    path: str
    """Workspace-relative, POSIX form; what diagnostics print."""
    data: Any
    lines: list[str]
    values: dict[Path_, Position] = field(default_factory=dict)
    keys: dict[Path_, Position] = field(default_factory=dict)
    ends: dict[Path_, Position] = field(default_factory=dict)
    """Where each value's text ends (exclusive): what `i18n import` replaces or inserts before."""

    @property
    def first_line(self) -> str:
        return self.lines[0] if self.lines else ""

    def find(self, needle: str, start: Position, max_lines: int = 200) -> Position | None:
        """Where `needle` is first written at or after `start` (for errors inside a long text)."""
        for offset, line in enumerate(self.lines[start.line - 1:start.line - 1 + max_lines]):
            col = line.find(needle, start.col - 1 if offset == 0 else 0)
            if col >= 0:
                return Position(start.line + offset, col + 1)
        return None

    def position(self, loc: Path_, *, key: bool = False) -> Position:
        """Where `loc` is written; falls back to the nearest enclosing node that has a position."""
        table = self.keys if key else self.values
        probe = tuple(loc)
        while probe:
            if probe in table:
                return table[probe]
            if probe in self.values:
                return self.values[probe]
            probe = probe[:-1]
        return self.values.get((), Position(1, 1))


class _BadNode(Exception):
    def __init__(self, code: str, message: str, at: Position, hint: str | None = None) -> None:
        self.code, self.message, self.at, self.hint = code, message, at, hint


def _start(event: Event) -> Position:
    return Position(event.start_mark.line + 1, event.start_mark.column + 1)


def _end(event: Event) -> Position:
    return Position(event.end_mark.line + 1, event.end_mark.column + 1)


@dataclass
class _Open:
    """A mapping or sequence whose end event has not come yet."""

    path: Path_
    value: dict[str, Any] | list[Any]
    key: str | None = None
    """In a mapping: the key whose value comes next (None: the next scalar is a key)."""


class _Builder:
    """Plain data from events, one event at a time: the only stack is `self.open`, bounded by MAX_DEPTH."""

    def __init__(self, doc: LoadedDocument, resolver: Any) -> None:
        self.doc = doc
        self.resolve = resolver.resolve
        self.open: list[_Open] = []
        self.anchors: dict[str, list[Event]] = {}
        self.recording: list[tuple[str, int, list[Event]]] = []
        """Anchored nodes being read: (name, the depth it starts at, its events so far with aliases expanded)."""
        self.alias: Position | None = None
        """The alias whose anchor is being replayed: where any budget it breaks is reported."""
        self.nodes = 0
        self.chars = 0
        self.documents = 0
        self.root: Any = None

    def feed(self, event: Event) -> None:
        if isinstance(event, AliasEvent):
            self.expand(event)
            return
        for _name, _depth, events in self.recording:
            events.append(event)
        if isinstance(event, DocumentStartEvent):
            self.documents += 1
            if self.documents > 1:
                raise _BadNode("yaml-syntax", "a content file holds one YAML document; this is a second one",
                               _start(event), "remove the `---` line, or split the file")
            if event.explicit:
                self.doc.values[()] = _start(event)  # an empty document is reported at its `---`
        elif isinstance(event, ScalarEvent):
            self.scalar(event)
        elif isinstance(event, CollectionStartEvent):
            self.begin(event)
        elif isinstance(event, (MappingEndEvent, SequenceEndEvent)):
            self.finish(event)

    def expand(self, event: AliasEvent) -> None:
        name = event.anchor
        at = _start(event)
        if name not in self.anchors:
            if any(open_name == name for open_name, _, _ in self.recording):
                raise _BadNode("recursive-alias", f"alias *{name} refers to the value that contains it", at,
                               "write the value out instead of using anchors and aliases")
            raise _BadNode("yaml-syntax", f"alias *{name} names no anchor defined before it", at)
        outermost = self.alias is None
        if outermost:
            self.alias = at
            path = self.next_path()
            if path is not None:
                self.doc.values[path] = at
                self.doc.ends[path] = _end(event)
        try:
            for replayed in self.anchors[name]:
                self.feed(replayed)
        finally:
            if outermost:
                self.alias = None

    def count(self, event: Event, chars: int = 0) -> None:
        self.nodes += 1
        self.chars += chars
        if self.nodes <= MAX_NODES and self.chars <= MAX_CHARS:
            return
        if self.alias is not None:
            raise _BadNode("alias-bomb", f"aliases expand to more than {MAX_NODES} values or {MAX_CHARS} characters",
                           self.alias, "write the values out instead of using anchors and aliases")
        raise _BadNode("file-too-large", f"the file holds more than {MAX_NODES} values", _start(event),
                       "split the kind into a folder of smaller files")

    def next_path(self) -> Path_ | None:
        """The path of the value that comes next (None when it is a mapping's key)."""
        if not self.open:
            return ()
        top = self.open[-1]
        if isinstance(top.value, list):
            return top.path + (len(top.value),)
        return None if top.key is None else top.path + (top.key,)

    def anchor(self, event: ScalarEvent | CollectionStartEvent) -> None:
        """Start recording an anchored node; from here on its name means this node, once it is complete."""
        if event.anchor is not None and self.alias is None:
            self.anchors.pop(event.anchor, None)
            self.recording.append((event.anchor, len(self.open), [event]))

    def scalar(self, event: ScalarEvent) -> None:
        self.count(event, len(event.value))
        self.anchor(event)
        path = self.next_path()
        if path is None:
            self.key(event)
        else:
            self.doc.values.setdefault(path, _start(event))
            self.doc.ends.setdefault(path, _end(event))
            self.attach(path, self.value(event))
        self.close_anchors()

    def key(self, event: ScalarEvent) -> None:
        top = self.open[-1]
        assert isinstance(top.value, dict)
        at = self.alias or _start(event)
        if event.value == "<<":
            raise _BadNode("unsupported-tag", "merge keys (<<) are not supported in content", at)
        if not isinstance(self.value(event), str):
            raise _BadNode("wrong-type", "mapping keys must be plain text", at)
        if event.value in top.value:
            first = self.doc.keys[top.path + (event.value,)]
            raise _BadNode("duplicate-key", f"duplicate key {event.value!r} (first defined at line {first.line})", at)
        self.doc.keys[top.path + (event.value,)] = at
        top.key = event.value

    def value(self, event: ScalarEvent) -> Any:
        tag = event.tag
        if tag is None or tag == "!":
            tag = self.resolve(ScalarNode, event.value, event.implicit).value
        value = _scalar(tag, event.value, _start(event))
        if isinstance(value, str):
            bad = _BAD_CHARACTER.search(value)
            if bad:
                raise _BadNode("bad-character", f"text holds the character U+{ord(bad.group()):04X}, which content "
                               "may not use", _start(event), "remove it (control characters and lone surrogates)")
        return value

    def begin(self, event: CollectionStartEvent) -> None:
        at = _start(event)
        if len(self.open) >= MAX_DEPTH:
            if self.alias is not None:
                raise _BadNode("too-deep", f"the alias expands to more than {MAX_DEPTH} levels of nesting", self.alias)
            raise _BadNode("too-deep", f"more than {MAX_DEPTH} levels of nesting", at,
                           "content needs far fewer levels: is a bracket left open?")
        if event.tag not in STANDARD_COLLECTION_TAGS:
            raise _BadNode("unsupported-tag", f"YAML tag {event.tag!r} is not supported in content", at)
        self.count(event)
        self.anchor(event)
        path = self.next_path()
        if path is None:
            raise _BadNode("wrong-type", "mapping keys must be plain text", self.alias or at)
        self.doc.values.setdefault(path, at)
        self.open.append(_Open(path, {} if isinstance(event, MappingStartEvent) else []))

    def finish(self, event: Event) -> None:
        done = self.open.pop()
        self.doc.ends.setdefault(done.path, _end(event))
        self.attach(done.path, done.value)
        self.close_anchors()

    def attach(self, path: Path_, value: Any) -> None:
        if not self.open:
            self.root = value
            return
        top = self.open[-1]
        if isinstance(top.value, list):
            top.value.append(value)
        else:
            assert top.key is not None
            top.value[top.key] = value
            top.key = None

    def close_anchors(self) -> None:
        """An anchored node is complete once the nesting is back at its depth: its events can be replayed."""
        while self.recording and self.recording[-1][1] == len(self.open):
            name, _, events = self.recording.pop()
            self.anchors[name] = events


def _scalar(tag: str, text: str, at: Position) -> Any:
    if tag.endswith(":str") or tag.endswith(":timestamp"):
        return text
    if tag.endswith(":null"):
        return None
    if tag.endswith(":bool"):
        return text.lower() == "true"
    if tag.endswith(":int"):
        digits = text.replace("_", "")
        if len(digits) > 40:
            raise _BadNode("out-of-range", f"integer of {len(digits)} digits; content integers lie in "
                           f"{INT32[0]}..{INT32[1]}", at)
        try:
            return int(digits, 0)
        except ValueError:
            pass
        try:
            return int(digits, 10)  # YAML 1.2 reads 017 as seventeen, which Python's base 0 refuses
        except ValueError:
            raise _BadNode("invalid-value", f"{text!r} is not a number", at) from None
    if tag.endswith(":float"):
        lowered = text.lower().replace("_", "")
        if lowered in (".inf", "+.inf"):
            return float("inf")
        if lowered == "-.inf":
            return float("-inf")
        if lowered == ".nan":
            return float("nan")
        return float(lowered)
    raise _BadNode("unsupported-tag", f"YAML tag {tag!r} is not supported in content", at)


def _utf8_error_position(raw: bytes, offset: int) -> Position:
    before = raw[:offset]
    line = before.count(b"\n") + 1
    line_start = before.rfind(b"\n") + 1
    col = len(before[line_start:].decode("utf-8", errors="replace")) + 1
    return Position(line, col)


def _offset_position(text: str, offset: int) -> Position:
    before = text[:offset]
    return Position(before.count("\n") + 1, offset - (before.rfind("\n") + 1) + 1)


_WIDE = ((b"\x00\x00\xfe\xff", "UTF-32"), (b"\xff\xfe\x00\x00", "UTF-32"), (b"\xfe\xff", "UTF-16"),
         (b"\xff\xfe", "UTF-16"))


def _wide_encoding(raw: bytes) -> str | None:
    """UTF-16 or UTF-32 when a BOM says so, or when one of the first two bytes is NUL (ASCII text in UTF-16 or
    UTF-32 without a BOM, which would otherwise decode as UTF-8 full of NULs)."""
    named = next((name for bom, name in _WIDE if raw.startswith(bom)), None)
    return named or ("UTF-16 or UTF-32" if raw[:2].count(0) == 1 else None)


def read_content(file: Path, workspace: tuple[str, ...]) -> bytes:
    """The bytes of a content file: a regular file whose real path is in the workspace (`workspace`, from
    `real_folders`), of at most MAX_FILE_BYTES; otherwise `Refused`."""
    return read_confined(file, workspace, MAX_FILE_BYTES)


def refusal(rel: str, refused: Refused) -> Diagnostic:
    """The diagnostic for a content file that is not read."""
    hint = "split the kind into a folder of smaller files" if refused.code == "file-too-large" else None
    return Diagnostic(rel, 1, 1, refused.code, f"{rel} {refused.message}", hint=hint)


def load_document(root: Path, file: Path) -> tuple[LoadedDocument | None, list[Diagnostic]]:
    """Read and parse one content file. On any problem, returns no document and the diagnostics."""
    rel = file.relative_to(root).as_posix()
    try:
        raw = read_content(file, real_folders([root]))
    except Refused as refused:
        return None, [refusal(rel, refused)]
    return parse_document(rel, raw)


def decode(raw: bytes) -> str:
    """A content file's text (UTF-8, without a BOM); UnicodeDecodeError if it is not UTF-8."""
    return raw.decode("utf-8").removeprefix("\ufeff")


def parse_document(rel: str, raw: bytes) -> tuple[LoadedDocument | None, list[Diagnostic]]:
    """Parse the bytes of the content file `rel`. On any problem, returns no document and the diagnostics."""

    def fail(code: str, message: str, at: Position, hint: str | None = None) -> tuple[None, list[Diagnostic]]:
        return None, [Diagnostic(rel, at.line, at.col, code, message, hint=hint)]

    wide = _wide_encoding(raw)
    if wide is not None:
        return fail("not-utf8", f"file is not UTF-8 (it looks like {wide})", Position(1, 1), "save the file as UTF-8")
    try:
        text = decode(raw)
    except UnicodeDecodeError as exc:
        return fail("not-utf8", f"file is not valid UTF-8 (byte 0x{raw[exc.start]:02x})",
                    _utf8_error_position(raw, exc.start), "save the file as UTF-8")
    doc = LoadedDocument(rel, None, text.splitlines())
    yaml = YAML(typ="safe")
    builder = _Builder(doc, yaml.resolver)
    try:
        for event in yaml.parse(text):
            builder.feed(event)
    except _BadNode as bad:
        return fail(bad.code, bad.message, bad.at, bad.hint)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        at = Position(mark.line + 1, mark.column + 1) if mark else Position(1, 1)
        problem = " ".join(part for part in (exc.problem, exc.context) if part) or "malformed YAML"
        return fail("yaml-syntax", problem, at)
    except ReaderError as exc:
        return fail("yaml-syntax", f"character U+{exc.character:04X} is not allowed in YAML",
                    _offset_position(text, exc.position), "remove it, or write it as an escape in a quoted text")
    except YAMLError as exc:
        return fail("yaml-syntax", str(exc).splitlines()[0], Position(1, 1))
    if builder.documents == 0:
        return fail("empty-file", f"{rel} holds no YAML value", Position(1, 1),
                    "a kind's file holds a list of entries: write `[]` for none, or delete the file")
    doc.data = builder.root
    return doc, []
