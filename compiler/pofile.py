"""gettext PO files: a strict reader, for `i18n import`, and the writer of `i18n export`.

Babel's `read_po` repairs what it cannot read (an unterminated string loses its last character, a
line it does not understand is dropped, a NEL splits a line), so a translator's mistake would be
written into the content. This reader refuses instead: every problem is reported as `FILE:LINE:
message`, all of them in one run, and a string's characters are kept exactly. Lines end at LF (a CR
before it is dropped); nothing else ends a line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

MAX_PO_BYTES = 32 * 1024 * 1024
"""The Oath export, every text of the largest game, is about 0.5 MiB."""
MAX_PROBLEMS = 20
"""A binary file would give a problem per line; the first ones say enough."""

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b", "f": "\f", "v": "\v",
            "'": "'", "?": "?"}
_OCTAL = "01234567"
_HEX = "0123456789abcdefABCDEF"
_KEYWORD = re.compile(r"^(msgctxt|msgid_plural|msgid|msgstr\[\d+\]|msgstr)(?=[\s\"]|$)(.*)$")
_ORDER = ("msgctxt", "msgid", "msgid_plural", "msgstr")
_LINES = re.compile(r"[^\n]*\n|[^\n]+")
"""The lines of a string, each with its line feed."""


@dataclass(frozen=True)
class PoEntry:
    """One active (not obsolete) entry."""

    line: int
    """The line of its first keyword: `msgctxt`, or `msgid` when it has no context."""
    context: str | None
    msgid: str
    msgstr: str
    """The translation; for a plural entry, its first form."""
    msgstr_line: int
    fuzzy: bool
    msgid_plural: str | None = None
    forms: tuple[str, ...] = ()
    """A plural entry's msgstr[0], msgstr[1] …; empty for a singular one."""
    form_lines: tuple[int, ...] = ()


@dataclass(frozen=True)
class HeaderField:
    value: str
    line: int


@dataclass(frozen=True)
class PoFile:
    path: Path
    header: dict[str, HeaderField]
    """Header fields by lower-case name (`language`, `content-type` …)."""
    entries: list[PoEntry]


class PoError(Exception):
    """The file cannot be read as a PO file; `problems` are `FILE:LINE: message` lines."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass
class _Draft:
    """The entry being read: each keyword's text as (line, pieces of string)."""

    fuzzy: bool = False
    keywords: dict[str, tuple[int, list[tuple[int, str]]]] = field(default_factory=dict)
    last: str | None = None


class _Reader:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.problems: list[str] = []
        self.header: dict[str, HeaderField] | None = None
        self.entries: list[PoEntry] = []

    def problem(self, line: int, message: str) -> None:
        self.problems.append(f"{self.path}:{line}: {message}")

    def string(self, text: str, line: int) -> str | None:
        """The value of a quoted string that `text` (a line's remainder) must consist of, or None (reported)."""
        text = text.strip(" \t")
        if not text.startswith('"'):
            self.problem(line, "expected a quoted string")
            return None
        out: list[str] = []
        i = 1
        while i < len(text):
            char = text[i]
            if char == '"':
                if text[i + 1:].strip(" \t"):
                    self.problem(line, f"unexpected text after the string: {text[i + 1:].strip()[:40]!r}")
                    return None
                return "".join(out)
            if char == "\\":
                escaped, i = self.escape(text, i + 1, line)
                if escaped is None:
                    return None
                out.append(escaped)
                continue
            if (ord(char) < 0x20 and char != "\t") or char == "\x7f":
                self.problem(line, f"a raw control character U+{ord(char):04X} in a string; write it as an escape")
                return None
            out.append(char)
            i += 1
        self.problem(line, 'unterminated string: no closing "')
        return None

    def escape(self, text: str, i: int, line: int) -> tuple[str | None, int]:
        """The character a backslash escape at text[i] stands for, and where the string goes on."""
        char = text[i] if i < len(text) else ""
        if char in _ESCAPES and char:
            return _ESCAPES[char], i + 1
        if char and char in _OCTAL:
            end = i
            while end < len(text) and end < i + 3 and text[end] in _OCTAL:
                end += 1
            return chr(int(text[i:end], 8)), end
        if char == "x" and i + 1 < len(text) and text[i + 1] in _HEX:
            end = i + 1
            while end < len(text) and end < i + 3 and text[end] in _HEX:
                end += 1
            return chr(int(text[i + 1:end], 16)), end
        self.problem(line, f"unknown escape \\{char}" if char else "a backslash at the end of the line")
        return None, i

    def finish(self, draft: _Draft) -> None:
        """Ends an entry: it needs a msgid and a msgstr (msgstr[0] … for a plural one); the first without context and
        msgid is the header."""
        words = draft.keywords
        if not words:
            return
        first_line = min(line for line, _ in words.values())
        if "msgid" not in words:
            self.problem(first_line, "an entry without msgid")
            return
        forms = [word for word in words if word.startswith("msgstr[")]
        if "msgid_plural" in words and not forms:
            self.problem(words["msgid_plural"][0], "msgid_plural without msgstr[0]")
            return
        if "msgid_plural" not in words and "msgstr" not in words:
            self.problem(words["msgid"][0], "msgid without msgstr")
            return
        text = {word: "".join(piece for _, piece in pieces) for word, (_, pieces) in words.items()}
        if "msgctxt" not in words and text["msgid"] == "" and not forms:
            if self.header is not None:
                self.problem(first_line, "a second header (an entry with an empty msgid and no msgctxt)")
            elif self.entries:
                self.problem(first_line, "the header (the entry with an empty msgid) must come first")
            else:
                self.header = self.header_fields(words["msgstr"][1])
            return
        first = forms[0] if forms else "msgstr"
        self.entries.append(PoEntry(first_line, text.get("msgctxt"), text["msgid"], text[first], words[first][0],
                                    draft.fuzzy, text.get("msgid_plural"), tuple(text[word] for word in forms),
                                    tuple(words[word][0] for word in forms)))

    def header_fields(self, pieces: list[tuple[int, str]]) -> dict[str, HeaderField]:
        """`Name: value` lines of the header's msgstr, each with the PO line it starts on."""
        fields: dict[str, HeaderField] = {}
        for line, piece in pieces:
            for row in piece.split("\n"):
                name, colon, value = row.partition(":")
                if colon and name.strip():
                    fields[name.strip().lower()] = HeaderField(value.strip(), line)
        return fields

    def read(self, text: str) -> None:
        draft = _Draft()
        for number, raw in enumerate(text.split("\n"), 1):
            if len(self.problems) >= MAX_PROBLEMS:
                self.problems.append(f"{self.path}: stopped after {MAX_PROBLEMS} problems")
                return
            line = raw.removesuffix("\r").strip(" \t")
            if "\r" in line:
                self.problem(number, "a CR that does not end a line; save the file with LF or CRLF line ends")
            elif not line or line.startswith("#"):
                if draft.keywords or not line:  # a blank line or a comment ends an entry
                    self.finish(draft)
                    draft = _Draft()
                if line.startswith("#,"):  # flags go to the entry that follows
                    draft.fuzzy = draft.fuzzy or "fuzzy" in (flag.strip() for flag in line[2:].split(","))
            elif line.startswith('"'):
                value = self.string(line, number)
                if draft.last is None:
                    self.problem(number, "a string with no keyword before it (msgctxt, msgid or msgstr)")
                elif value is not None:
                    draft.keywords[draft.last][1].append((number, value))
            else:
                draft = self.keyword(draft, line, number)
        self.finish(draft)

    def keyword(self, draft: _Draft, line: str, number: int) -> _Draft:
        """A `keyword "string"` line: it starts an entry or adds to the one being read."""
        match = _KEYWORD.match(line)
        if match is None:
            self.problem(number, f"expected msgctxt, msgid, msgstr, a string or a comment, not {line[:40]!r}")
            draft.last = None
            return draft
        word, rest = match.group(1), match.group(2)
        if any(_kind(seen) == "msgstr" for seen in draft.keywords) and word in ("msgctxt", "msgid"):
            self.finish(draft)
            draft = _Draft()
        forms = sum(seen.startswith("msgstr[") for seen in draft.keywords)
        if word.startswith("msgstr[") and "msgid_plural" not in draft.keywords:
            self.problem(number, f"{word} without msgid_plural")
            draft.last = None
            return draft
        if word in draft.keywords:
            self.problem(number, f"a second {word} in one entry (the first at line {draft.keywords[word][0]})")
        elif word == "msgstr" and "msgid_plural" in draft.keywords:
            self.problem(number, "msgstr in a plural entry (msgid_plural): its forms are msgstr[0], msgstr[1] …")
        elif word.startswith("msgstr[") and word != f"msgstr[{forms}]":
            self.problem(number, f"{word} where msgstr[{forms}] was due: a plural entry's forms are numbered from 0, "
                                 f"in order")
        elif any(_ORDER.index(_kind(seen)) > _ORDER.index(_kind(word)) for seen in draft.keywords):
            self.problem(number, f"{word} after {', '.join(draft.keywords)}: the order is msgctxt, msgid, "
                                 f"msgid_plural, msgstr")
        value = self.string(rest, number)
        draft.keywords[word] = (number, [(number, value)] if value is not None else [])
        draft.last = word
        return draft


def _kind(word: str) -> str:
    """A keyword as the order of keywords sees it: msgstr[1] is a msgstr."""
    return "msgstr" if word.startswith("msgstr[") else word


def read_po(path: Path) -> PoFile:
    """The PO file at `path`, or PoError listing every problem found."""
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_PO_BYTES + 1)
    except OSError as exc:
        raise PoError([f"{path}: cannot read the file: {exc.strerror}"]) from None
    if len(raw) > MAX_PO_BYTES:
        raise PoError([f"{path}: larger than {MAX_PO_BYTES // 1024 // 1024} MiB; not a PO file of one game"])
    raw = raw.removeprefix(b"\xef\xbb\xbf")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise PoError([f"{path}:{line}: not UTF-8 (byte 0x{raw[exc.start]:02x}); save the PO file as UTF-8"]) from None
    if not text.strip():
        raise PoError([f"{path}:1: the file is empty"])
    reader = _Reader(path)
    reader.read(text)
    header = reader.header or {}
    charset = header.get("content-type")
    if charset is not None and "charset=" in charset.value:
        name = charset.value.split("charset=", 1)[1].split(";")[0].strip()
        if name.lower().replace("_", "-") not in ("utf-8", "utf8"):
            reader.problem(charset.line, f"charset {name!r} is not supported; save the PO file as UTF-8")
    if reader.problems:
        raise PoError(reader.problems)
    return PoFile(path, header, reader.entries)


@dataclass(frozen=True)
class PoMessage:
    """One entry to write: a text (one msgstr) or a plural (msgid_plural, a msgstr per form)."""

    context: str
    msgid: str
    msgstrs: tuple[str, ...]
    """The translation, or a plural's forms; empty strings where there is none yet."""
    msgid_plural: str | None = None
    notes: tuple[str, ...] = ()
    """`#.` comments for translators."""
    reference: str | None = None
    """`#:` where the text is written, `path:line`."""
    fuzzy: bool = False
    previous: tuple[str, ...] = ()
    """The msgid (and msgid_plural) the translation was made from, when the source changed since (`#|`)."""


def _quoted(text: str) -> str:
    out = []
    for char in text:
        if char in '"\\':
            out.append("\\" + char)
        elif char in "\n\t\r":
            out.append({"\n": "\\n", "\t": "\\t", "\r": "\\r"}[char])
        elif ord(char) < 0x20 or char == "\x7f":
            out.append(f"\\{ord(char):03o}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def _keyword(word: str, text: str, prefix: str = "") -> list[str]:
    """`word "text"`, a text of several lines as gettext writes it: an empty first string, then a line each."""
    if "\n" not in text.rstrip("\n"):
        return [f"{prefix}{word} {_quoted(text)}"]
    lines = _LINES.findall(text)
    return [f'{prefix}{word} ""'] + [f"{prefix}{_quoted(line)}" for line in lines]


def format_po(comments: list[str], header: list[tuple[str, str]], messages: list[PoMessage],
              *, template: bool = False) -> bytes:
    """A PO file (a POT when `template`: its header is marked fuzzy, as xgettext writes it) of UTF-8 bytes, LF line
    ends, strings unwrapped."""
    lines = [f"# {comment}".rstrip() for comment in comments]
    lines += ["#, fuzzy"] if template else []
    lines += ['msgid ""', 'msgstr ""'] + [_quoted(f"{name}: {value}\n") for name, value in header]
    for message in messages:
        lines.append("")
        lines += [f"#. {note}" for note in message.notes]
        lines += [f"#: {message.reference}"] if message.reference else []
        lines += ["#, fuzzy"] if message.fuzzy else []
        for word, text in zip(("msgid", "msgid_plural"), message.previous):
            lines += _keyword(word, text, "#| ")
        lines += _keyword("msgctxt", message.context) + _keyword("msgid", message.msgid)
        if message.msgid_plural is None:
            lines += _keyword("msgstr", message.msgstrs[0])
        else:
            lines += _keyword("msgid_plural", message.msgid_plural)
            for index, form in enumerate(message.msgstrs):
                lines += _keyword(f"msgstr[{index}]", form)
    return ("\n".join(lines) + "\n").encode("utf-8")
