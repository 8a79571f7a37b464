"""Stage 2, validate: loaded documents to typed models, one kind per file, with positioned errors."""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from pydantic import BaseModel, ValidationError

from .diagnostics import Diagnostic
from .doccache import DocumentCache
from .files import is_temporary
from .loader import LoadedDocument, Path_
from .models.common import INT32_MAX, INT32_MIN, LOCALE_PATTERN, Game, Identified, StrictModel
from .rulesets import CHANGELOG_FILE, GAME_FILE, GAME_SCHEMA, RULESETS, KindSpec, ruleset_kinds
from .translations import RECORD_FILE
from .workspace import Workspace

CHANGELOG_FILE = "CHANGELOG.md"
"""The editors' record of content changes beside a game's content (one line a change, with its rule): not content."""

MODELINE = "# yaml-language-server: $schema="


@dataclass(frozen=True)
class Located:
    """A validated entity and where it is written."""

    entity: Identified
    kind: str
    doc: LoadedDocument
    loc: Path_


@dataclass(frozen=True)
class Declared:
    """An entry's id as written, whether or not the entry validated: what references and duplicates are checked
    against, so that a mistake elsewhere in an entry does not make its id unknown."""

    id: str
    doc: LoadedDocument
    loc: Path_


@dataclass(frozen=True)
class Invalid:
    """An entry that failed to validate, as plain data: the linker still checks the references and texts of its
    well-formed parts."""

    kind: str
    model: type[StrictModel]
    doc: LoadedDocument
    loc: Path_
    data: Any


@dataclass
class ValidatedContent:
    name: str
    game: Game | None
    game_doc: LoadedDocument | None
    entities: dict[str, list[Located]] = field(default_factory=dict)
    documents: list[LoadedDocument] = field(default_factory=list)
    kinds: tuple[KindSpec, ...] = ()
    broken_kinds: set[str] = field(default_factory=set)
    """Kinds with a file or entry that failed to load or validate: their counts and validated entities are partial."""
    unreadable_kinds: set[str] = field(default_factory=set)
    """Kinds with a file that failed to load or holds no list: even their ids are unknown, so a reference to one of
    them cannot be judged (reporting it would only repeat the file's own error)."""
    declared: dict[str, list[Declared]] = field(default_factory=dict)
    """Every id written in each kind's entries, in file order, valid entries or not."""
    invalid: list[Invalid] = field(default_factory=list)


_TYPE_NAMES = {
    "string_type": "text",
    "int_type": "an integer",
    "int_from_float": "an integer",
    "bool_type": "true or false",
    "float_type": "a number",
    "list_type": "a list",
    "dict_type": "a mapping",
    "model_type": "a mapping",
    "model_attributes_type": "a mapping",
}


def _describe(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return f"text {value!r}" if len(value) < 40 else "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


_INT32_BOUNDS = {"less_than_equal": "le", "greater_than_equal": "ge"}
"""Pydantic's errors for a number past a bound, and the bound's name in the error's context."""

UNION_TAGS = ("<int>", "<bool>", "<name>", "<literal>")
"""Tags of the effect language's scalar union members (see effects/nodes.py)."""


def _data_loc(data: Any, loc: tuple[Any, ...]) -> tuple[Path_, bool]:
    """Keep the parts of pydantic's `loc` that exist in the data (drops union-member tags)."""
    out: list[str | int] = []
    node = data
    complete = True
    previous: object = None
    for part in loc:
        if (isinstance(part, str) and part == previous) or part in UNION_TAGS:
            continue  # a one-key node's tag and field repeat the key; scalar tags name no key
        previous = part
        if isinstance(node, dict) and isinstance(part, str) and part in node:
            node = node[part]
            out.append(part)
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
            out.append(part)
        elif isinstance(node, dict) and isinstance(part, str) and not part.startswith(("function-", "list[", "dict[")):
            out.append(part)
            complete = False
            break
        else:
            continue
    return tuple(out), complete


def _allowed_keys(model: type[BaseModel], data: Any, loc: Path_) -> list[str]:
    """Field names of the (sub)model at `loc`, for the unknown-key hint."""
    current: Any = model
    for part in loc[:-1]:
        if isinstance(part, int):
            continue
        if not (isinstance(current, type) and issubclass(current, BaseModel)) or part not in current.model_fields:
            return []
        annotation = current.model_fields[part].annotation
        current = _inner_model(annotation)
    if isinstance(current, type) and issubclass(current, BaseModel):
        return list(current.model_fields)
    return []


def _inner_model(annotation: Any) -> Any:
    from typing import get_args

    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in get_args(annotation):
        found = _inner_model(arg)
        if found is not None:
            return found
    return None


def pydantic_diagnostics(
    exc: ValidationError, doc: LoadedDocument, base: Path_, data: Any, model: type[BaseModel]
) -> list[Diagnostic]:
    """A diagnostic per error; a required key that is only misspelt is reported once, as the unknown key with the
    right name as its hint, not a second time as missing."""
    out = []
    misspelt: set[Path_] = set()
    for error in exc.errors():
        loc, complete = _data_loc(data, tuple(error["loc"]))
        kind = error["type"]
        full = base + loc
        key_name = loc[-1] if loc else None
        if kind == "extra_forbidden":
            at = doc.position(full, key=True)
            allowed = _allowed_keys(model, data, loc)
            close = difflib.get_close_matches(str(key_name), allowed, n=1)
            hint = f"did you mean {close[0]!r}?" if close else (f"allowed keys: {', '.join(allowed)}" if allowed else None)
            if close:
                misspelt.add(full[:-1] + (close[0],))
            out.append(Diagnostic(doc.path, at.line, at.col, "unknown-key", f"unknown key {key_name!r}", hint=hint, loc=full))
            continue
        if kind in ("unknown-verb", "unknown-operator"):
            out.append(_unknown_word(kind, error.get("input"), doc, full))
            continue
        if kind == "missing" or not complete:
            at = doc.position(full[:-1])
            out.append(Diagnostic(doc.path, at.line, at.col, "missing-key", f"missing required key {key_name!r}", loc=full))
            continue
        is_key = bool(error["loc"]) and error["loc"][-1] == "[key]"  # a mapping's key is wrong, not its value
        at = doc.position(full, key=is_key)
        value = error.get("input")
        if kind == "string_pattern_mismatch" and error.get("ctx", {}).get("pattern") == LOCALE_PATTERN:
            message = (f"{_describe(value)} is not a locale code (a language as CLDR writes it, then optionally a "
                       f"script and a region: en, uk, pt_BR, sr_Latn)")
            code = "bad-locale"
        elif kind in _TYPE_NAMES:
            message = f"expected {_TYPE_NAMES[kind]}, got {_describe(value)}"
            code = "wrong-type"
        elif kind == "literal_error":
            expected = error.get("ctx", {}).get("expected", "")
            message = f"{_describe(value)} is not one of {expected}"
            code = "invalid-value"
        elif kind in _INT32_BOUNDS and error.get("ctx", {}).get(_INT32_BOUNDS[kind]) in (INT32_MIN, INT32_MAX):
            message = f"{value} is out of range: content integers lie in {INT32_MIN}..{INT32_MAX} (32 bits)"
            code = "out-of-range"
        elif kind == "string_pattern_mismatch":
            message = f"{_describe(value)} is not a valid id (snake_case: lowercase letters, digits, _)"
            code = "bad-id"
        else:
            text = error["msg"].removeprefix("Value error, ")
            message = f"{text[0].lower()}{text[1:]}"
            code = "invalid-value"
        field_name = next((p for p in reversed(loc[:-1] if is_key else loc) if isinstance(p, str)), None)
        if field_name:
            message = f"{field_name}: {message}"
        out.append(Diagnostic(doc.path, at.line, at.col, code, message, loc=full))
    return [d for d in out if not (d.code == "missing-key" and d.loc in misspelt)]


def _unknown_word(kind: str, value: Any, doc: LoadedDocument, loc: Path_) -> Diagnostic:
    """An effect statement with an unknown verb, or an expression that is no expression."""
    from .effects.nodes import EXPRESSION_OPERATORS, STATEMENT_VERBS

    words = sorted(STATEMENT_VERBS if kind == "unknown-verb" else EXPRESSION_OPERATORS)
    what = "verb" if kind == "unknown-verb" else "operator"
    at = doc.position(loc)
    if isinstance(value, dict) and len(value) == 1:
        word = str(next(iter(value)))
        close = difflib.get_close_matches(word, words, n=1)
        hint = f"did you mean {close[0]!r}?" if close else f"{what}s: {', '.join(words)}"
        return Diagnostic(doc.path, at.line, at.col, kind, f"unknown {what} {word!r}", hint=hint, loc=loc)
    shape = "a mapping with one key, {verb: arguments}" if what == "verb" else "a number, a name or {operator: …}"
    return Diagnostic(doc.path, at.line, at.col, "wrong-type", f"expected {shape}, got {_describe(value)}", loc=loc)


def _validate(model: type[StrictModel], doc: LoadedDocument, base: Path_, data: Any) -> tuple[Any, list[Diagnostic]]:
    try:
        return model.model_validate(data), []
    except ValidationError as exc:
        return None, pydantic_diagnostics(exc, doc, base, data, model)


def _kind_of(game_dir: Path, file: Path, kinds: dict[str, KindSpec]) -> KindSpec | None:
    rel = file.relative_to(game_dir)
    stem = rel.parts[0] if len(rel.parts) > 1 else rel.stem
    return kinds.get(stem)


def _check_modeline(doc: LoadedDocument, file: Path, ws: Workspace, game: str, schema: str) -> list[Diagnostic]:
    """The file's first line names its schema, the one exported for its game and kind (schemas/<game>/)."""
    target = ws.schemas / game / schema
    expected = MODELINE + PurePosixPath(*(".." for _ in file.parent.relative_to(ws.root).parts)).joinpath(
        target.relative_to(ws.root).as_posix()
    ).as_posix()
    if doc.first_line.strip() == expected:
        return []
    found = "has no schema modeline" if not doc.first_line.startswith(MODELINE) else "points to the wrong schema"
    return [Diagnostic(doc.path, 1, 1, "modeline", f"file {found}", hint=f"the first line must be: {expected}")]


def validate_game(ws: Workspace, name: str) -> tuple[ValidatedContent, list[Diagnostic]]:
    game_dir = ws.content / name
    diagnostics: list[Diagnostic] = []
    result = ValidatedContent(name, None, None)

    documents = DocumentCache(ws.root, ws.cache / "documents", ws.readable_folders())
    game_doc, problems = documents.load(game_dir / GAME_FILE)
    diagnostics += problems
    if game_doc is None:
        return result, diagnostics
    result.game_doc = game_doc
    result.documents.append(game_doc)
    ruleset = game_doc.data.get("ruleset") if isinstance(game_doc.data, dict) else None
    if ruleset not in RULESETS:
        at = game_doc.position(("ruleset",))
        known = ", ".join(sorted(RULESETS))
        diagnostics.append(Diagnostic(game_doc.path, at.line, at.col, "unknown-ruleset",
                                      f"ruleset must be one of: {known}", loc=("ruleset",)))
        return result, diagnostics
    diagnostics += _check_modeline(game_doc, game_dir / GAME_FILE, ws, name, GAME_SCHEMA)
    game, problems = _validate(Game, game_doc, (), game_doc.data)
    diagnostics += problems
    result.game = game
    if game is not None and game.id != name:
        at = game_doc.position(("id",))
        diagnostics.append(Diagnostic(game_doc.path, at.line, at.col, "invalid-value",
                                      f"id: game id {game.id!r} must equal its folder name {name!r}", loc=("id",)))

    result.kinds = ruleset_kinds(ruleset)
    kinds = {spec.file: spec for spec in result.kinds}
    result.entities = {spec.name: [] for spec in result.kinds}
    result.declared = {spec.name: [] for spec in result.kinds}
    misnamed = sorted(p for p in game_dir.glob("*.yaml") if p.is_dir() and not p.is_symlink())
    for folder in misnamed:
        diagnostics.append(Diagnostic(ws.rel(folder), 1, 1, "not-a-file", f"{ws.rel(folder)} is a folder, not a file",
                                      hint="a kind kept in several files is a folder named after the kind, "
                                           "without .yaml (denizens/)"))
    files = [p for p in ws.content_files(name)
             if (p.parent != game_dir or p.name not in (GAME_FILE, RECORD_FILE, CHANGELOG_FILE))
             and not any(folder in p.parents for folder in misnamed) and not is_temporary(p)]
    for file in files:
        rel = ws.rel(file)
        if file.suffix != ".yaml":
            diagnostics.append(Diagnostic(rel, 1, 1, "unknown-file", f"unexpected file {file.name!r}: content files end in .yaml"))
            continue
        spec = _kind_of(game_dir, file, kinds)
        if spec is None:
            expected = ", ".join(sorted(kinds))
            diagnostics.append(Diagnostic(rel, 1, 1, "unknown-file", f"no entity kind is stored in {file.name!r}",
                                          hint=f"kind files are: {expected}"))
            continue
        doc, problems = documents.load(file)
        diagnostics += problems
        if doc is None:
            result.broken_kinds.add(spec.name)
            result.unreadable_kinds.add(spec.name)
            continue
        result.documents.append(doc)
        diagnostics += _check_modeline(doc, file, ws, name, spec.schema_file)
        if not isinstance(doc.data, list):
            result.broken_kinds.add(spec.name)
            result.unreadable_kinds.add(spec.name)
            at = doc.position(())
            diagnostics.append(Diagnostic(doc.path, at.line, at.col, "wrong-type",
                                          f"expected a list of {spec.name} entries, got {_describe(doc.data)}"))
            continue
        for index, item in enumerate(doc.data):
            entity, problems = _validate(spec.model, doc, (index,), item)
            diagnostics += problems
            written_id = item.get("id") if isinstance(item, dict) else None
            if isinstance(written_id, str):
                result.declared[spec.name].append(Declared(written_id, doc, (index,)))
            if entity is not None:
                result.entities[spec.name].append(Located(entity, spec.name, doc, (index,)))
            else:
                result.broken_kinds.add(spec.name)
                result.invalid.append(Invalid(spec.name, spec.model, doc, (index,), item))
    return result, diagnostics
