"""Writes one locale of texts back into a YAML file by editing the file's characters in place.

ruamel's round-trip dump re-indents sequences and rewrites nested flow mappings of our files, so an
import would touch lines nobody translated; splicing changes exactly the values written and nothing else
(see docs/decisions.md). The positions come from composing the very text that is edited (character offsets
of the parser's marks), never from an earlier read: a file changed since, a byte order mark or CRLF line
ends cannot shift an edit.
"""

from __future__ import annotations

from dataclasses import dataclass

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .loader import Path_

BOM = "\ufeff"


@dataclass(frozen=True)
class Edit:
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class LocaleValue:
    """Write `value` as the `key` entry of the mapping at `loc`: a text's locale, or a plural form's category. A
    mapping value (a plural's forms in a new locale) is written as a flow mapping."""

    loc: Path_
    key: str
    value: str | dict[str, str]
    order: tuple[str, ...]
    """The keys' canonical order: a new key goes before the first key after it in this order."""


class SpliceError(Exception):
    """The file does not hold a text mapping where the content said it was."""


def _printable(code: int) -> bool:
    """Characters a YAML double-quoted scalar may hold as they are; the rest are escaped. NEL and the Unicode
    line and paragraph separators are printable but break lines, which the scalar would fold into spaces."""
    return (0x20 <= code <= 0x7E or (0xA0 <= code <= 0xD7FF and code not in (0x2028, 0x2029))
            or (0xE000 <= code <= 0xFFFD and code != 0xFEFF) or 0x10000 <= code <= 0x10FFFF)


def quoted(value: str) -> str:
    """`value` as a YAML double-quoted scalar that reads back as exactly `value`."""
    out = ['"']
    for char in value:
        code = ord(char)
        if char in '"\\':
            out.append("\\" + char)
        elif char == "\n":
            out.append("\\n")
        elif char == "\t":
            out.append("\\t")
        elif _printable(code):
            out.append(char)
        elif code <= 0xFF:
            out.append(f"\\x{code:02x}")
        elif code <= 0xFFFF:
            out.append(f"\\u{code:04x}")
        else:
            out.append(f"\\U{code:08x}")
    out.append('"')
    return "".join(out)


def _node_at(root: Node | None, loc: Path_) -> MappingNode:
    node = root
    for part in loc:
        if isinstance(node, MappingNode) and isinstance(part, str):
            node = next((value for key, value in node.value if isinstance(key, ScalarNode) and key.value == part),
                        None)
        elif isinstance(node, SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
            node = node.value[part]
        else:
            node = None
    if not isinstance(node, MappingNode):
        raise SpliceError(f"no text mapping at {'/'.join(map(str, loc)) or 'the top'}")
    return node


def _end(text: str, start: int, end: int) -> int:
    """Where a value's own characters end: a block scalar's range runs on over the line breaks after it."""
    return start + len(text[start:end].rstrip(" \t\r\n"))


def _written(value: str | dict[str, str]) -> str:
    if isinstance(value, str):
        return quoted(value)
    return "{" + ", ".join(f"{key}: {quoted(form)}" for key, form in value.items()) + "}"


def _edit(text: str, mapping: MappingNode, put: LocaleValue, newline: str) -> Edit:
    """The edit that makes `mapping` (a text: locale → string, or a plural's forms) say `put.value` at `put.key`."""
    pairs = {key.value: (key, node) for key, node in mapping.value if isinstance(key, ScalarNode)}
    if not pairs:
        raise SpliceError("an empty text mapping")
    flow = text[mapping.start_mark.index] == "{"
    value = _written(put.value)
    if put.key in pairs:
        node = pairs[put.key][1]
        start, end = node.start_mark.index, node.end_mark.index
        if start == end:  # `fr:` with no value: the empty scalar sits right after the colon
            return Edit(start, end, " " + value)
        return Edit(start, _end(text, start, end), value)
    entry = f"{put.key}: {value}"
    order = put.order
    later = [pairs[other][0] for other in order[order.index(put.key) + 1:] if other in pairs]
    if later:  # before the next locale in order, keeping the canonical order of keys
        key = later[0]
        at = key.start_mark.index
        return Edit(at, at, entry + (", " if flow else newline + " " * key.start_mark.column))
    last = max(mapping.value, key=lambda pair: pair[1].end_mark.index)[1]
    at = _end(text, last.start_mark.index, last.end_mark.index)
    if flow:
        return Edit(at, at, ", " + entry)
    return Edit(at, at, newline + " " * mapping.value[0][0].start_mark.column + entry)


def splice(raw: bytes, values: list[LocaleValue]) -> bytes:
    """The bytes of a YAML file with `values` written into its text mappings, every other byte kept."""
    text = raw.decode("utf-8")
    bom = BOM if text.startswith(BOM) else ""
    body = text.removeprefix(BOM)
    try:
        root = YAML(typ="safe").compose(body)
    except YAMLError as exc:
        raise SpliceError(f"the file no longer parses ({str(exc).splitlines()[0]})") from None
    newline = "\r\n" if "\r\n" in body else "\n"
    edits = [_edit(body, _node_at(root, value.loc), value, newline) for value in values]
    for edit in sorted(edits, key=lambda e: (e.start, e.end), reverse=True):
        body = body[:edit.start] + edit.text + body[edit.end:]
    return (bom + body).encode("utf-8")
