"""Stage 3, link: resolve references, check ids, counts, glossary terms, translations and provenance."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .confine import Refused, read_confined, real_folders
from .diagnostics import Diagnostic, Severity
from .documents import DocumentFiles, read_documents
from .translations import RECORD_FILE, RecordError, TranslationRecord
from .loader import LoadedDocument, Path_
from .models.common import Entity, Game, Identified, Source, Table, Text
from .models.walk import RefSite, TextSite, walk
from .rulesets import KindSpec
from .validate import Located, ValidatedContent
from .workspace import Workspace

if TYPE_CHECKING:
    from .typecheck import TypedEffects

TERM = re.compile(r"\[([^\[\]]*)\]")
TERM_ID = re.compile(r"^[a-z][a-z0-9_]*$")
PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
PLACEHOLDER_ID = re.compile(r"^[a-z][a-z0-9_]*$")
MAX_RECORD_BYTES = 16 * 1024 * 1024
"""translations.json: a few hundred kilobytes per game."""


@dataclass(frozen=True)
class IncompleteItem:
    """An entity whose facts are not all from the rulebook, for reports and the sheets' appendix."""

    kind: str
    id: str
    name: Text | None
    status: str
    note: str | None
    sources: tuple[Source, ...]
    doc: LoadedDocument | None = field(default=None, compare=False, repr=False)
    loc: Path_ = ()
    """Where the entity is written: `where` is looked up when asked, so that a check decodes no positions."""

    @property
    def where(self) -> str:
        """`path:line` of the entity's note, or of the entity when it has none: where an editor reads it."""
        if self.doc is None:
            return ""
        at = self.doc.position(self.loc + (("note",) if self.note else ()))
        return f"{self.doc.path}:{at.line}"


@dataclass(frozen=True)
class TextEntry:
    """A player-facing text and where it is written: what translation tools work on."""

    key: str
    """`kind/id/path` of the text inside its entity, e.g. `denizen/alchemist/text`: stable msgctxt."""
    doc: LoadedDocument
    loc: Path_
    """Where the text's mapping is in its document."""
    text: Text
    owner: Identified

    @property
    def path(self) -> str:
        return self.doc.path

    @property
    def line(self) -> int:
        """Looked up when asked (PO references): a check does not need the document's positions."""
        return self.doc.position(self.loc).line


@dataclass(frozen=True)
class LinkedGame:
    name: str
    game: Game
    kinds: tuple[KindSpec, ...]
    entities: dict[str, tuple[Identified, ...]]
    incomplete: tuple[IncompleteItem, ...]
    missing_translations: dict[str, int]
    effects: TypedEffects | None = None
    """Set by the type-check stage (typecheck.py)."""
    texts: tuple[TextEntry, ...] = ()
    translations: TranslationRecord = field(default_factory=TranslationRecord)
    documents: DocumentFiles = field(default_factory=DocumentFiles)
    """The cited documents as read: what `check`'s cache of diagnostics depends on besides the content."""

    def by_id(self, kind: str) -> dict[str, Identified]:
        return {e.id: e for e in self.entities[kind]}


def whole_words(words: list[str]) -> re.Pattern[str]:
    """Any of the lower-case words (longest first, as given), as whole words, in lower-case text: three times
    faster than ignoring case, which makes the pattern compare every letter in both cases."""
    return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, words)) + r")(?!\w)")


WORD_OR_SIGN = re.compile(r"\w+|[^\w\s]")


def spaced_words(text: str) -> str:
    """A text as its words and signs, in lower case, each between spaces: a phrase is in the text as whole words
    where its own spaced words are a substring of it. Much cheaper than a pattern per glossary term."""
    return " " + " ".join(WORD_OR_SIGN.findall(apostrophes(text).lower())) + " "


def apostrophes(text: str) -> str:
    """Typographic and typewriter apostrophes alike, for matching words."""
    return text.replace("’", "'").replace("ʼ", "'")


def text_key(prefix: str, owner: object, loc: Path_) -> str:
    """A text's stable key: its path in the entity, naming list items by their id where they have one."""
    parts, node = [prefix], owner
    for part in loc:
        node = node[part] if isinstance(part, int) else getattr(node, part)  # type: ignore[index]
        element_id = getattr(node, "id", None) if isinstance(part, int) else None
        parts.append(str(element_id) if isinstance(element_id, str) else str(part))
    return "/".join(parts)


class _Linker:
    def __init__(self, ws: Workspace, content: ValidatedContent) -> None:
        assert content.game is not None
        self.ws = ws
        self.content = content
        self.game: Game = content.game
        self.diagnostics: list[Diagnostic] = []
        self.ids: dict[str, dict[str, Located]] = {}
        self.missing: Counter[str] = Counter()
        self.documents = DocumentFiles()
        self.texts: list[TextEntry] = []
        self._glossary: dict[str, frozenset[str]] | None = None
        self._source_words: tuple[dict[str, set[str]], re.Pattern[str]] | None = None
        self._words: dict[tuple[str, str], list[str]] = {}
        self._spaced: dict[tuple[str, str], tuple[str, ...]] = {}
        self.record = TranslationRecord()
        record_path = ws.content / content.name / RECORD_FILE
        try:
            read_confined(record_path, ws.readable_folders(), MAX_RECORD_BYTES)  # a file of the workspace
            self.record = TranslationRecord.load(record_path)
        except Refused as refused:
            if refused.code != "missing-file":
                self.diagnostics.append(Diagnostic(ws.rel(record_path), 1, 1, refused.code,
                                                   f"{ws.rel(record_path)} {refused.message}"))
        except RecordError as exc:
            self.diagnostics.append(Diagnostic(ws.rel(record_path), 1, 1, "bad-record", str(exc)))

    def report(self, doc: LoadedDocument, loc: Path_, code: str, message: str, *, key: bool = False,
               severity: Severity = Severity.ERROR, hint: str | None = None, token: str | None = None) -> None:
        at = doc.position(loc, key=key)
        if token is not None:
            at = doc.find(token, at) or at
        self.diagnostics.append(Diagnostic(doc.path, at.line, at.col, code, message, severity, hint, loc))

    def index_ids(self) -> None:
        for kind, items in self.content.entities.items():
            seen: dict[str, Located] = {}
            for item in items:
                first = seen.get(item.entity.id)
                if first is not None:
                    where = first.doc.position(first.loc + ("id",))
                    self.report(item.doc, item.loc + ("id",), "duplicate-id",
                                f"duplicate {kind} id {item.entity.id!r} (first defined at {first.doc.path}:{where.line})")
                else:
                    seen[item.entity.id] = item
            self.ids[kind] = seen
        documents = self.game.documents
        assert self.content.game_doc is not None
        self.ids["document"] = {
            d.id: Located(d, "document", self.content.game_doc, ("documents", i)) for i, d in enumerate(documents)
        }

    def check_reference(self, doc: LoadedDocument, site: RefSite) -> None:
        targets = self.ids.get(site.kind, {})
        if site.value not in targets and site.kind not in self.content.broken_kinds:
            import difflib

            close = difflib.get_close_matches(site.value, list(targets), n=1)
            self.report(doc, site.loc, "dangling-reference", f"no {site.kind} with id {site.value!r}",
                        hint=f"did you mean {close[0]!r}?" if close else None)

    def glossary_terms(self) -> dict[str, frozenset[str]]:
        """Enforced term → the keys of texts exempt from it; fills the words of its name and forms per locale."""
        if self._glossary is None:
            self._glossary = {}
            for term in self.content.entities.get("term", ()):
                entity = term.entity
                if not getattr(entity, "enforce", False):
                    continue
                for locale in self.game.locales:
                    words = [entity.name.get(locale) or ""]  # type: ignore[attr-defined]
                    forms = entity.forms.get(locale) if entity.forms else None  # type: ignore[attr-defined]
                    words += [w.strip() for w in (forms or "").split(",")]
                    words = sorted({apostrophes(w) for w in words if w}, key=len, reverse=True)
                    if words:
                        self._words[(entity.id, locale)] = words
                        self._spaced[(entity.id, locale)] = tuple(map(spaced_words, words))
                self._glossary[entity.id] = frozenset(getattr(entity, "exempt", ()))
        return self._glossary

    def check_glossary(self, doc: LoadedDocument, site: TextSite, key: str, present: dict[str, str | None]) -> None:
        """A translation of a text that uses a glossary term uses the term's approved translation.

        A term counts only where it is not part of a longer term ("favor" inside "favor bank")."""
        source = present.get(self.game.source_locale)
        if source is None:
            return
        terms = self.glossary_terms()
        words, pattern = self.source_words()
        if not words:
            return  # no enforced terms: an empty pattern would match everywhere
        # One pattern of every term's source words, longest first: a match of "favor bank" is not
        # also a match of "favor".
        used = {term for m in pattern.finditer(apostrophes(TERM.sub("", source)).lower())
                for term in words[m.group(0)] if key not in terms[term]}
        if not used:
            return
        translations = {locale: spaced_words(TERM.sub("", text)) for locale, text in present.items()
                        if locale != self.game.source_locale and text is not None}
        for term_id in sorted(used):
            for locale, plain in translations.items():
                forms = self._spaced.get((term_id, locale))
                if forms and not any(form in plain for form in forms):
                    self.report(doc, site.loc + (locale,), "glossary-term",
                                f"the source uses the term {term_id!r}; the {locale!r} text should use its "
                                f"approved translation", severity=Severity.WARNING,
                                hint="glossary: " + ", ".join(self.approved(term_id, locale)))

    def source_words(self) -> tuple[dict[str, set[str]], re.Pattern[str]]:
        """Each source-locale word of an enforced term (lower case) → its terms, and one pattern of them all."""
        if self._source_words is None:
            words: dict[str, set[str]] = {}
            for term_id in self.glossary_terms():
                for word in self._words.get((term_id, self.game.source_locale), ()):
                    words.setdefault(word.lower(), set()).add(term_id)
            self._source_words = (words, whole_words(sorted(words, key=len, reverse=True)))
        return self._source_words

    def approved(self, term_id: str, locale: str) -> list[str]:
        term = self.ids["term"][term_id].entity
        forms = term.forms.get(locale) if term.forms else None  # type: ignore[attr-defined]
        return [term.name.get(locale) or ""] + [w.strip() for w in (forms or "").split(",") if w.strip()]  # type: ignore[attr-defined]

    def check_text(self, doc: LoadedDocument, site: TextSite, key: str, owner: Identified) -> None:
        text = site.text
        source_locale = self.game.source_locale
        present = {loc: text.get(loc) for loc in self.game.locales if text.get(loc) is not None}
        self.texts.append(TextEntry(key, doc, site.loc, text, owner))
        if not key.startswith("term/"):
            self.check_glossary(doc, site, key, present)
        source = present.get(source_locale)
        for locale in present:
            state = self.record.state(key, locale, source or "", True) if source is not None else "translated"
            if locale != source_locale and state in ("outdated", "fuzzy"):
                why = ("was translated from an older source text" if state == "outdated"
                       else "came in fuzzy and is not confirmed yet")
                self.report(doc, site.loc + (locale,), f"{state}-translation", f"{locale!r} text {why}",
                            severity=Severity.WARNING, hint="update it, then `lawforge i18n accept`")
        if source_locale not in present and present:
            self.report(doc, site.loc, "missing-source-text",
                        f"text has translations but no {source_locale!r} source text")
        for locale in self.game.locales:
            if locale not in present:
                self.missing[locale] += 1
                self.report(doc, site.loc, "missing-translation", f"missing {locale!r} translation",
                            severity=Severity.WARNING)
        placeholder_sets: dict[str, set[str]] = {}
        for locale, value in present.items():
            assert value is not None
            loc = site.loc + (locale,)
            for token in TERM.findall(value):
                if not TERM_ID.match(token):
                    self.report(doc, loc, "bad-markup", f"[{token}] is not a glossary reference ([term_id])",
                                token=f"[{token}]")
                elif token not in self.ids["term"]:
                    self.report(doc, loc, "unknown-term", f"[{token}] is not a term of the glossary",
                                token=f"[{token}]")
            stripped = TERM.sub("", value)
            if "[" in stripped or "]" in stripped:
                self.report(doc, loc, "bad-markup", f"unbalanced '[' or ']' in {locale!r} text")
            names = PLACEHOLDER.findall(value)
            bad = [n for n in names if not PLACEHOLDER_ID.match(n)]
            rest = PLACEHOLDER.sub("", value)
            if bad or "{" in rest or "}" in rest:
                culprit = "{" + bad[0] + "}" if bad else ("{" if "{" in rest else "}")
                self.report(doc, loc, "bad-placeholder", f"malformed placeholder in {locale!r} text", token=culprit)
                continue
            placeholder_sets[locale] = set(names)
        reference = placeholder_sets.get(source_locale)
        if reference is None:
            return
        for locale, names in placeholder_sets.items():
            if names != reference:
                missing = sorted(reference - names)
                extra = sorted(names - reference)
                parts = ([f"drops {', '.join('{' + n + '}' for n in missing)}"] if missing else []) + (
                    [f"adds {', '.join('{' + n + '}' for n in extra)}"] if extra else [])
                self.report(doc, site.loc + (locale,), "placeholder-mismatch",
                            f"{locale!r} text {' and '.join(parts)} compared with the {source_locale!r} source")

    def check_sources(self, item: Located) -> None:
        entity = item.entity
        if not isinstance(entity, Entity):
            return
        for index, source in enumerate(entity.source):
            loc = item.loc + ("source", index)
            if source.doc not in self.ids["document"]:
                continue
            if source.line is None:
                continue
            lines = self.documents.lines.get(source.doc)
            if lines is None:
                continue
            end = source.end_line or source.line
            if end > len(lines) or end < source.line:
                self.report(item.doc, loc + ("line",), "bad-source",
                            f"line {source.line}-{end} is outside {source.doc!r}, which has {len(lines)} lines")
                continue
            if source.quote is not None:
                quoted = " ".join(source.quote.split())
                passage = " ".join(" ".join(lines[source.line - 1:end]).split())
                if quoted not in passage:
                    self.report(item.doc, loc + ("quote",), "quote-not-found",
                                f"the quote does not appear on line {source.line} of {source.doc!r}")
        kinds = {self.ids["document"][s.doc].entity.kind for s in entity.source  # type: ignore[attr-defined]
                 if s.doc in self.ids["document"]}
        if entity.status == "verified" and kinds and "rulebook" not in kinds:
            self.report(item.doc, item.loc + ("status",), "status-mismatch",
                        "status is 'verified' but no source is a rulebook",
                        hint="facts from reference data or general knowledge are 'unverified'")

    def check_plural(self, item: Located) -> None:
        """Each locale of a plural label has exactly the CLDR categories of its language."""
        from babel import Locale

        plural = getattr(item.entity, "plural", None)
        if plural is None:
            return
        for locale in self.game.locales:
            forms = plural.forms(locale)
            loc = item.loc + ("plural", locale)
            if forms is None:
                self.missing[locale] += 1
                self.report(item.doc, item.loc + ("plural",), "missing-translation", f"missing {locale!r} translation",
                            severity=Severity.WARNING)
                continue
            needed = set(Locale.parse(locale).plural_form.tags) | {"other"}
            if set(forms) != needed:
                lacking, extra = sorted(needed - set(forms)), sorted(set(forms) - needed)
                parts = ([f"lacks {', '.join(lacking)}"] if lacking else []) + (
                    [f"has {', '.join(extra)}, which {locale!r} does not use"] if extra else [])
                self.report(item.doc, loc, "plural-forms", f"{locale!r} plural {' and '.join(parts)} "
                            f"(CLDR categories of {locale!r}: {', '.join(sorted(needed))})")
            for category, text in forms.items():
                unknown = set(PLACEHOLDER.findall(text)) - {"count"}
                if unknown:
                    self.report(item.doc, loc + (category,), "bad-placeholder",
                                f"a plural form may only use {{count}}, not {', '.join(sorted(unknown))}")

    def check_table(self, item: Located) -> None:
        table = item.entity
        assert isinstance(table, Table)
        axes = [("rows", table.rows)] + ([("columns", table.columns)] if table.columns else [])
        for name, axis in axes:
            if axis.kind is not None:
                if axis.kind not in self.ids:
                    self.report(item.doc, item.loc + (name, "kind"), "dangling-reference", f"no entity kind {axis.kind!r}")
                    continue
                for i, key in enumerate(axis.keys):
                    self.check_reference(item.doc, RefSite(item.loc + (name, "keys", i), axis.kind, str(key)))
            elif not all(isinstance(key, int) for key in axis.keys):
                self.report(item.doc, item.loc + (name, "keys"), "table-keys",
                            f"{name} keys are words: name the entity kind they are ids of (`kind:`) or use integers")
            if len(set(axis.keys)) != len(axis.keys):
                self.report(item.doc, item.loc + (name, "keys"), "duplicate-id", f"{name} keys repeat")
        width = len(table.columns.keys) if table.columns else 1
        if len(table.values) != len(table.rows.keys):
            self.report(item.doc, item.loc + ("values",), "table-shape",
                        f"table has {len(table.values)} rows of values but {len(table.rows.keys)} row keys")
        for i, row in enumerate(table.values):
            if len(row) != width:
                self.report(item.doc, item.loc + ("values", i), "table-shape",
                            f"row {i + 1} has {len(row)} values, expected {width}")

    def check_inventory(self) -> None:
        doc = self.content.game_doc
        assert doc is not None
        kinds = {spec.name: spec for spec in self.content.kinds}
        for index, item in enumerate(self.game.inventory):
            loc: Path_ = ("inventory", index)
            if item.counts is None:
                continue
            if item.counts not in kinds:
                self.report(doc, loc + ("counts",), "dangling-reference", f"no entity kind {item.counts!r}")
                continue
            if item.counts in self.content.broken_kinds:
                continue
            entities = [located.entity for located in self.content.entities[item.counts]]
            fields = kinds[item.counts].model.model_fields
            for name, wanted in (item.where or {}).items():
                if name not in fields:
                    self.report(doc, loc + ("where", name), "unknown-key", f"{item.counts} has no field {name!r}", key=True)
                    break
                entities = [e for e in entities if str(getattr(e, name)) == wanted]
            else:
                if len(entities) != item.count:
                    where = "".join(f" with {k} {v}" for k, v in (item.where or {}).items())
                    self.report(doc, loc + ("count",), "count-mismatch",
                                f"inventory counts {item.count} {item.counts}{where}, content has {len(entities)}")

    def check_game(self) -> None:
        doc = self.content.game_doc
        assert doc is not None
        if self.game.source_locale not in self.game.locales:
            self.report(doc, ("source_locale",), "invalid-value", "source_locale must be one of the game's locales")
        for locale, n in Counter(self.game.locales).items():
            if n > 1:
                self.report(doc, ("locales",), "invalid-value", f"locale {locale!r} is listed twice")
        self.documents = read_documents(self.ws, self.game, doc)
        self.diagnostics += self.documents.diagnostics

    def run(self) -> LinkedGame:
        self.index_ids()
        self.check_game()
        assert self.content.game_doc is not None
        for site in walk(self.game):
            self.visit(self.content.game_doc, site, (), f"game/{self.game.id}", self.game)
        for index, component in enumerate(self.game.inventory):
            self.check_sources(Located(component, "inventory", self.content.game_doc, ("inventory", index)))
        for items in self.content.entities.values():
            for item in items:
                for site in walk(item.entity):
                    self.visit(item.doc, site, item.loc, f"{item.kind}/{item.entity.id}", item.entity)
                self.check_sources(item)
                if isinstance(item.entity, Table):
                    self.check_table(item)
                self.check_plural(item)
        self.check_inventory()
        return LinkedGame(
            name=self.content.name,
            game=self.game,
            kinds=self.content.kinds,
            entities={kind: tuple(i.entity for i in items) for kind, items in self.content.entities.items()},
            incomplete=self.incomplete(),
            missing_translations=dict(self.missing),
            texts=tuple(self.texts),
            translations=self.record,
            documents=self.documents,
        )

    def visit(self, doc: LoadedDocument, site: RefSite | TextSite, base: Path_, owner_key: str,
              owner: Identified) -> None:
        if isinstance(site, RefSite):
            self.check_reference(doc, RefSite(base + site.loc, site.kind, site.value))
        else:
            self.check_text(doc, TextSite(base + site.loc, site.text), text_key(owner_key, owner, site.loc), owner)

    def incomplete(self) -> tuple[IncompleteItem, ...]:
        out = []
        for kind, items in self.content.entities.items():
            for item in items:
                entity = item.entity
                if isinstance(entity, Entity) and entity.status != "verified":
                    name = getattr(entity, "name", None)
                    out.append(IncompleteItem(kind, entity.id, name if isinstance(name, Text) else None,
                                              entity.status, entity.note, tuple(entity.source), item.doc, item.loc))
        return tuple(out)


def link_game(ws: Workspace, content: ValidatedContent) -> tuple[LinkedGame | None, list[Diagnostic]]:
    if content.game is None:
        return None, []
    linker = _Linker(ws, content)
    linked = linker.run()
    return linked, linker.diagnostics
