"""Stage 1, load: YAML bytes to plain Python data plus the source position of every key and value.

The libyaml-backed composer gives a node tree with marks; we build plain dicts, lists and scalars
ourselves so that duplicate keys, alias expansion and odd tags are caught here with positions,
and later stages never see ruamel's types.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
import pickle
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .diagnostics import Diagnostic, Position

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_NODES = 200_000
"""Expanded nodes per file; stops alias bombs long before memory does."""
MAX_DEPTH = 64
"""Nesting depth; stops recursive aliases (and absurd nesting) before Python's recursion limit."""

Path_ = tuple[str | int, ...]
POSITION_TABLES = ("values", "keys", "ends")
STANDARD_COLLECTION_TAGS = ("tag:yaml.org,2002:map", "tag:yaml.org,2002:seq")


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

    def __getstate__(self) -> dict[str, Any]:
        """The position tables pickle apart, as plain tuples, and unpickle only when asked for: they are most
        of a cached document, and a clean check never reads them."""
        state = {name: value for name, value in self.__dict__.items() if name not in POSITION_TABLES}
        plain = {name: {loc: tuple(at) for loc, at in getattr(self, name).items()} for name in POSITION_TABLES}
        state["_plain"] = pickle.dumps(plain, protocol=pickle.HIGHEST_PROTOCOL)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    def __getattr__(self, name: str) -> Any:
        """A position table of a document from the cache, made into Positions when first asked for (a clean
        check never asks)."""
        plain = self.__dict__.get("_plain")
        if name not in POSITION_TABLES or plain is None:
            raise AttributeError(name)
        for table_name, table in pickle.loads(plain).items():
            setattr(self, table_name, {loc: Position(*at) for loc, at in table.items()})
        del self.__dict__["_plain"]
        return getattr(self, name)

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


class _Budget(Exception):
    pass


class _DuplicateKey(Exception):
    def __init__(self, key: str, first: Position, again: Position) -> None:
        self.key, self.first, self.again = key, first, again


class _BadNode(Exception):
    def __init__(self, code: str, message: str, at: Position) -> None:
        self.code, self.message, self.at = code, message, at


def _pos(node: Node) -> Position:
    return Position(node.start_mark.line + 1, node.start_mark.column + 1)


def _scalar(node: ScalarNode) -> Any:
    tag = str(getattr(node.tag, "value", node.tag))
    text = node.value
    if tag.endswith(":str") or tag.endswith(":timestamp"):
        return text
    if tag.endswith(":null"):
        return None
    if tag.endswith(":bool"):
        return text.lower() == "true"
    if tag.endswith(":int"):
        try:
            return int(text.replace("_", ""), 0)
        except ValueError:
            return int(text.replace("_", "").lstrip("0") or "0")
    if tag.endswith(":float"):
        lowered = text.lower().replace("_", "")
        if lowered in (".inf", "+.inf"):
            return float("inf")
        if lowered == "-.inf":
            return float("-inf")
        if lowered == ".nan":
            return float("nan")
        return float(lowered)
    raise _BadNode("unsupported-tag", f"YAML tag {tag!r} is not supported in content", _pos(node))


class _Builder:
    def __init__(self, doc: LoadedDocument) -> None:
        self.doc = doc
        self.visited = 0

    def build(self, node: Node, path: Path_) -> Any:
        self.visited += 1
        if self.visited > MAX_NODES or len(path) > MAX_DEPTH:
            raise _Budget
        self.doc.values.setdefault(path, _pos(node))
        self.doc.ends.setdefault(path, Position(node.end_mark.line + 1, node.end_mark.column + 1))
        tag = str(getattr(node.tag, "value", node.tag))
        if not isinstance(node, ScalarNode) and tag not in STANDARD_COLLECTION_TAGS:
            raise _BadNode("unsupported-tag", f"YAML tag {tag!r} is not supported in content", _pos(node))
        if isinstance(node, ScalarNode):
            return _scalar(node)
        if isinstance(node, SequenceNode):
            return [self.build(item, path + (i,)) for i, item in enumerate(node.value)]
        if isinstance(node, MappingNode):
            result: dict[str, Any] = {}
            for key_node, value_node in node.value:
                if not isinstance(key_node, ScalarNode) or not isinstance(_scalar(key_node), str):
                    raise _BadNode("wrong-type", "mapping keys must be plain text", _pos(key_node))
                key = key_node.value
                if key == "<<":
                    raise _BadNode("unsupported-tag", "merge keys (<<) are not supported in content", _pos(key_node))
                if key in result:
                    raise _DuplicateKey(key, self.doc.keys[path + (key,)], _pos(key_node))
                self.doc.keys[path + (key,)] = _pos(key_node)
                result[key] = self.build(value_node, path + (key,))
            return result
        raise _BadNode("unsupported-tag", "unsupported YAML node", _pos(node))


def _first_alias(text: str) -> Position:
    from ruamel.yaml.events import AliasEvent

    for event in YAML(typ="safe").parse(text):
        if isinstance(event, AliasEvent):
            return Position(event.start_mark.line + 1, event.start_mark.column + 1)
    return Position(1, 1)


def _utf8_error_position(raw: bytes, offset: int) -> Position:
    before = raw[:offset]
    line = before.count(b"\n") + 1
    line_start = before.rfind(b"\n") + 1
    col = len(before[line_start:].decode("utf-8", errors="replace")) + 1
    return Position(line, col)


def load_document(root: Path, file: Path) -> tuple[LoadedDocument | None, list[Diagnostic]]:
    """Parse one content file. On any problem, returns no document and the diagnostics."""
    rel = file.relative_to(root).as_posix()

    def fail(code: str, message: str, at: Position, hint: str | None = None) -> tuple[None, list[Diagnostic]]:
        return None, [Diagnostic(rel, at.line, at.col, code, message, hint=hint)]

    try:
        size = file.stat().st_size
        if size > MAX_FILE_BYTES:
            return fail(
                "file-too-large",
                f"file is {size} bytes; content files are limited to {MAX_FILE_BYTES} bytes",
                Position(1, 1),
                "split the kind into a folder of smaller files",
            )
        raw = file.read_bytes()
    except OSError as exc:
        return fail("unreadable", f"cannot read file: {exc.strerror}", Position(1, 1))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return fail(
            "not-utf8",
            f"file is not valid UTF-8 (byte 0x{raw[exc.start]:02x})",
            _utf8_error_position(raw, exc.start),
            "save the file as UTF-8",
        )
    text = text.removeprefix("\ufeff")
    doc = LoadedDocument(rel, None, text.splitlines())
    try:
        node = YAML(typ="safe").compose(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        at = Position(mark.line + 1, mark.column + 1) if mark else Position(1, 1)
        problem = " ".join(part for part in (exc.problem, exc.context) if part) or "malformed YAML"
        return fail("yaml-syntax", problem, at)
    except YAMLError as exc:
        return fail("yaml-syntax", str(exc).splitlines()[0], Position(1, 1))
    if node is None:
        doc.data = None
        return doc, []
    try:
        doc.data = _Builder(doc).build(node, ())
    except _Budget:
        return fail(
            "alias-bomb",
            f"aliases expand to more than {MAX_NODES} nodes or {MAX_DEPTH} levels (or refer to themselves)",
            _first_alias(text),
            "write the values out instead of using anchors and aliases",
        )
    except _DuplicateKey as dup:
        return fail(
            "duplicate-key",
            f"duplicate key {dup.key!r} (first defined at line {dup.first.line})",
            dup.again,
        )
    except _BadNode as bad:
        return fail(bad.code, bad.message, bad.at)
    return doc, []
