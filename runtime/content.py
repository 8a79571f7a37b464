"""Compiled content as the runtime sees it: typed entities, id enums and the numeric tables."""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import importlib
import importlib.util
import json
import re
import sys
from array import array
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from .messages import Phrase, Value, render
from .stamp import ATTRIBUTE
from .text import PluralText, Text

_TERM = re.compile(r"\[([a-z][a-z0-9_]*)\]")
_PARAM = re.compile(r"\{([a-z][a-z0-9_]*)\}")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w])_(.+?)_(?![\w])")
"""The markup of content texts (compiler/markup.py, which the runtime does not import): a glossary term, a number
from the entity's params, bold, italic."""


class ContentNotFound(LookupError):
    """No usable compiled content: not built, unreadable, or its extension built from other tables."""


class StaleContent(ContentNotFound):
    """The compiled table module was built from another `tables.pyx` than the generated one (a compile that
    failed or was killed keeps the old module): running it would play older rules than the content says."""


class AlteredContent(ContentNotFound):
    """A generated module differs from the digest its manifest records: edited after the build, or a package's
    files mixed with another version's. The manifest's content hash and version would vouch for other rules."""


@dataclass(frozen=True)
class CompiledGame:
    name: str
    manifest: dict[str, Any]
    kinds: dict[str, tuple[Any, ...]]
    enums: dict[str, type[enum.IntEnum]]
    tables: ModuleType
    """The compiled extension: `values(name)`, one accessor per table, `SHAPES`, `OFFSETS`."""
    layout: ModuleType
    """The generated `effects` module: `STATE_SIZE`, `FIELDS`, `SPACES`, `NATIVES`, `ENTRIES`."""
    code: array[int]
    """The bytecode of every effect."""
    data: array[int]
    """The constant tables the bytecode reads."""
    plurals: ModuleType
    """The generated `plurals` module: CLDR plural categories of the game's locales."""
    by_id: dict[str, dict[str, Any]] = field(default_factory=dict, repr=False, compare=False)
    """Each kind's entities by id, indexed when `get` first asks for that kind."""
    numbers: dict[tuple[str, str], int] = field(default_factory=dict, repr=False, compare=False)
    """Entities' numbers in their kind's id enum, by (kind, id), as `number` first finds them."""

    @property
    def source_locale(self) -> str:
        return str(self.manifest["source_locale"])

    @property
    def locales(self) -> tuple[str, ...]:
        return tuple(self.manifest["locales"])

    @property
    def players(self) -> tuple[int, int] | None:
        """The fewest and most players the game is for (game.yaml `players`), if the content says."""
        players = self.manifest.get("players")
        return None if players is None else (int(players["min"]), int(players["max"]))

    def label(self, label_id: str, locale: str) -> str:
        """A label in `locale`, or in the source locale where it has none."""
        return str(self.get("label", label_id).text.get(locale, self.source_locale))

    def message(self, label_id: str, locale: str, **args: Value) -> Phrase:
        """A label rendered as a message (runtime/messages.py) in `locale`, else in the source locale: its arguments
        filled, its plurals chosen by the locale's CLDR rules; the result carries the label's other forms in the same
        locale (`forms`), for a message that asks for one (`{seat:gen}`)."""
        label = self.get("label", label_id)
        if label.text.get(locale, None) is None:
            locale = self.source_locale
        category = self.plurals.RULES[locale]
        forms = dict(dict(label.forms).get(locale, ()))
        return Phrase(render(str(label.text.get(locale)), args, category),
                      {form: render(text, args, category) for form, text in forms.items()})

    def count(self, label_id: str, n: int, locale: str) -> str:
        """A label that counts, in `locale`: "21 карта", "22 карти", "25 карт"; in the source locale where the label
        has no forms in `locale`."""
        plural = self.get("label", label_id).plural
        if plural.forms(locale) is None:
            locale = self.source_locale
        forms = plural.forms(locale)
        category = self.plurals.category(locale, n)
        return str(forms.get(category, forms["other"])).replace("{count}", str(n))

    def plain_text(self, entity: Any, locale: str) -> str:
        """An entity's `text` as words in `locale` (a card's text at the terminal): its {numbers} from its params,
        [terms] by their glossary names, without the bold and italic marks (the sheets' markup, compiler/markup.py)."""
        text = entity.text.get(locale, self.source_locale) or ""
        params = dict(getattr(entity, "params", None) or ())
        text = _PARAM.sub(lambda m: str(params.get(m.group(1), m.group(0))), text)
        text = _TERM.sub(lambda m: self._term_name(m.group(1), locale), text)
        return _ITALIC.sub(r"\1", _BOLD.sub(r"\1", text))

    def _term_name(self, term: str, locale: str) -> str:
        try:
            return str(self.get("term", term).name.get(locale, self.source_locale))
        except ContentNotFound:
            return term

    def entities(self, kind: str) -> tuple[Any, ...]:
        if kind not in self.kinds:
            raise ContentNotFound(f"{self.name} has no entity kind {kind!r} (kinds: {', '.join(sorted(self.kinds))})"
                                  + _did_you_mean(kind, self.kinds))
        return self.kinds[kind]

    def number(self, kind: str, entity_id: str) -> int:
        """An entity's number in its kind's id enum (what the state holds for it), looked up once: kernels ask it
        in their hot paths."""
        found = self.numbers.get((kind, entity_id))
        if found is None:
            found = self.numbers[kind, entity_id] = int(self.enums[kind][entity_id.upper()])
        return found

    def name_of(self, entity: Any, locale: str) -> str:
        """An entity's name in `locale`, else in the source locale (the rulebook's words, never another
        translation's), else its id."""
        return str(entity.name.get(locale, self.source_locale) or entity.id.name.lower())

    def get(self, kind: str, entity_id: str) -> Any:
        index = self.by_id.get(kind)
        if index is None:
            index = self.by_id[kind] = {entity.id.name.lower(): entity for entity in self.entities(kind)}
        if entity_id in index:
            return index[entity_id]
        raise ContentNotFound(f"{self.name} has no {kind} with id {entity_id!r}" + _did_you_mean(entity_id, index))


def _did_you_mean(word: str, known: Iterable[str]) -> str:
    """"; did you mean 'x'?" for the closest of `known`, or nothing."""
    import difflib

    close = difflib.get_close_matches(word, sorted(known), n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


PARTS = ("entities", "tables", "effects", "plurals")
"""The generated modules of a game."""
CHECKED = ("__init__.py", "entities.py", "effects.py", "plurals.py")
"""The generated Python files `load` checks against the manifest's digests (the tables carry their own)."""


def _import_from(root: Path, game: str) -> tuple[ModuleType, ModuleType, ModuleType, ModuleType]:
    package = f"lawforge.generated.{game}"
    folder = (root / "generated" / game).resolve()
    loaded = sys.modules.get(package)
    if loaded is None:
        if not (folder / "__init__.py").is_file():
            raise ContentNotFound(f"no compiled content for {game!r} in {folder}: run `lawforge build {game}`")
        spec = importlib.util.spec_from_file_location(package, folder / "__init__.py",
                                                      submodule_search_locations=[str(folder)])
        if spec is None or spec.loader is None:
            raise ContentNotFound(f"no compiled content for {game!r} in {folder}")
        loaded = importlib.util.module_from_spec(spec)
        sys.modules[package] = loaded
        try:
            spec.loader.exec_module(loaded)
            return tuple(importlib.import_module(f"{package}.{part}") for part in PARTS)  # type: ignore[return-value]
        except BaseException:
            for name in [package, *(f"{package}.{part}" for part in PARTS)]:
                sys.modules.pop(name, None)
            raise
    elif Path(loaded.__file__ or "").resolve().parent != folder:
        raise ContentNotFound(f"{package} is already loaded from {loaded.__file__}, not from {folder}")
    return tuple(importlib.import_module(f"{package}.{part}") for part in PARTS)  # type: ignore[return-value]


def load(game: str, root: str | Path | None = None) -> CompiledGame:
    """The compiled content of `game`: installed with lawforge, or built in workspace `root`.

    Raises ContentNotFound when it is not built or cannot be read, StaleContent when its table extension was
    built from another `tables.pyx` than the one generated with it."""
    try:
        if root is None:
            entities, tables, layout, plurals = (importlib.import_module(f"lawforge.generated.{game}.{part}")
                                                 for part in PARTS)
        else:
            entities, tables, layout, plurals = _import_from(Path(root), game)
    except ModuleNotFoundError as exc:
        raise ContentNotFound(f"no compiled content for {game!r} ({exc}); run `lawforge build {game}`") from None
    except (ImportError, SyntaxError, OSError) as exc:
        raise ContentNotFound(f"cannot load the compiled content of {game!r} ({exc}); run `lawforge build {game}`") \
            from None
    manifest_path = Path(entities.__file__ or "").with_name("MANIFEST.json")
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        expected = manifest["files"]["tables.pyx"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ContentNotFound(f"{manifest_path}: not a manifest lawforge wrote ({exc!r}); "
                              f"run `lawforge build {game}`") from None
    for name in CHECKED:
        path = manifest_path.with_name(name)
        try:
            found = "sha256:" + hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError as exc:
            raise ContentNotFound(f"{path}: cannot read it ({exc.strerror}); run `lawforge build {game}`") from None
        if manifest["files"].get(name) != found:
            raise AlteredContent(f"{path}: not the file the manifest of {game} {manifest.get('version', '')} records "
                                 f"(edited after the build, or from another version); rebuild or reinstall {game}")
    built = getattr(tables, ATTRIBUTE, None)
    if built != expected:
        raise StaleContent(f"{tables.__file__}: the compiled tables of {game} were built from another tables.pyx than "
                           f"the generated one (a compile failed or was interrupted); run `lawforge build {game}`")
    return CompiledGame(game, manifest, dict(entities.KINDS), dict(entities.ENUMS), tables, layout, tables.code(),
                        tables.data(), plurals)


def to_plain(value: Any, locale: str | None = None, fallback: str = "en",
             render: Callable[[str, str], str] | None = None) -> Any:
    """JSON-ready form of a compiled entity: enum members by id, text in one locale or all. `render(text, locale)`,
    if given, rewrites each text written in `locale` (`lawforge show` fills in its numbers and terms)."""
    if isinstance(value, enum.IntEnum):
        return value.name.lower()
    if isinstance(value, Text):
        if locale is None:
            written = value.as_dict()
            return {k: render(v, k) for k, v in written.items()} if render else written
        shown = locale if value.get(locale, None) is not None else fallback
        text = value.get(shown, None)
        return render(text, shown) if render and text is not None else text
    if isinstance(value, PluralText):
        if locale is None:
            return {code: value.forms(code) for code in value.locales}
        return value.forms(locale) or value.forms(fallback)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name), locale, fallback, render) for f in dataclasses.fields(value)}
    if isinstance(value, tuple):
        return [to_plain(v, locale, fallback, render) for v in value]
    return value
