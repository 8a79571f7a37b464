"""Stage 3, link: resolve references, check ids, counts, glossary terms, translations and provenance."""

from __future__ import annotations

import difflib
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lawforge.runtime.messages import MessageError, arguments

from .check_messages import form_problems, message_problems
from .cldr import ALL_CATEGORIES, categories, known
from .confine import Refused, read_confined
from .diagnostics import Diagnostic, Severity
from .documents import DocumentFiles, read_documents
from .link_numbers import check_inventory, check_table
from .translations import RECORD_FILE, RecordError, TranslationRecord
from .loader import LoadedDocument, Path_
from .models.common import Entity, Game, Identified, Label, PluralText, Source, Table, Text
from .models.walk import RefSite, TextSite, walk, walk_data
from .rulesets import KindSpec
from .validate import Declared, Invalid, Located, ValidatedContent
from .workspace import Workspace

if TYPE_CHECKING:
    from .typecheck import TypedEffects

TERM = re.compile(r"\[([^\[\]]*)\]")
TERM_ID = re.compile(r"^[a-z][a-z0-9_]*$")
PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
ARGUMENT = re.compile(r"\{[a-z][a-z0-9_]*(?::[a-z][a-z0-9_]*\}|\}|\s*,\s*plural\s*,)")
"""The name of a message's argument, `{site}`, `{seat:gen}` or `{count, plural,` (runtime/messages.py)."""
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

    @property
    def note_key(self) -> str:
        """`note/<kind>/<id>`, or `note/<kind>/<id>/<field>` for a field's status: the key of the note's
        translations in the translation record."""
        return f"note/{self.kind}/{self.id.replace(' · ', '/')}"


@dataclass(frozen=True)
class TextEntry:
    """A player-facing text and where it is written: what translation tools work on."""

    key: str
    """`kind/id/path` of the text inside its entity, e.g. `denizen/alchemist/text`: stable msgctxt."""
    doc: LoadedDocument
    loc: Path_
    """Where the text's mapping is in its document."""
    text: Text
    owner: Identified | None
    """The entity the text is in; None when it did not validate (checked, but left out of the translation tools)."""

    @property
    def path(self) -> str:
        return self.doc.path

    @property
    def line(self) -> int:
        """Looked up when asked (PO references): a check does not need the document's positions."""
        return self.doc.position(self.loc).line

    def value(self, locale: str) -> str | None:
        """The text in `locale`: what its translations are made from, when `locale` is the source."""
        return self.text.get(locale)


FORM_SEPARATOR = "\x00"
"""Between the forms of a plural in one string, as gettext joins a msgid and its msgid_plural."""


@dataclass(frozen=True)
class PluralEntry:
    """A label that counts (`label/cards_count/plural`): a text per CLDR plural category of each locale."""

    key: str
    doc: LoadedDocument
    loc: Path_
    """Where the plural's mapping (locale → category → text) is in its document."""
    plural: PluralText
    owner: Identified

    @property
    def path(self) -> str:
        return self.doc.path

    @property
    def line(self) -> int:
        return self.doc.position(self.loc).line

    def value(self, locale: str) -> str | None:
        """The forms in `locale` as one string, in CLDR's order of categories: what the translation record keeps of
        the source a translation was made from."""
        forms = self.plural.forms(locale)
        if forms is None:
            return None
        return FORM_SEPARATOR.join(forms[category] for category in sorted(forms, key=ALL_CATEGORIES.index))


Translatable = TextEntry | PluralEntry
"""What translators translate: a text, or a label that counts."""


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
    plurals: tuple[PluralEntry, ...] = ()
    translations: TranslationRecord = field(default_factory=TranslationRecord)
    documents: DocumentFiles = field(default_factory=DocumentFiles)
    """The cited documents as read: what `check`'s cache of diagnostics depends on besides the content."""
    editorial: tuple[Located, ...] = ()
    """The discrepancies and decisions as written: their summaries and questions are editors' texts to translate
    (`compiler/editor_texts.py`)."""

    def by_id(self, kind: str) -> dict[str, Identified]:
        return {e.id: e for e in self.entities[kind]}

    @property
    def translatable(self) -> tuple[Translatable, ...]:
        """Every text, then every label that counts."""
        return self.texts + self.plurals


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
    """A text's stable key: its path in the entity, naming list items by their id where they have one. `owner` is
    the validated entity, or the plain data of one that failed to validate."""
    parts, node = [prefix], owner
    for part in loc:
        if isinstance(node, dict):
            node = node.get(part)
        else:
            node = node[part] if isinstance(part, int) else getattr(node, part)  # type: ignore[index]
        element_id = (node.get("id") if isinstance(node, dict) else getattr(node, "id", None)) \
            if isinstance(part, int) else None
        parts.append(str(element_id) if isinstance(element_id, str) else str(part))
    return "/".join(parts)


EDITORIAL_KINDS = ("discrepancy", "decision")
"""The kinds whose entries are the editors' own words (English): a discrepancy's summary, a decision's question."""


class _Linker:
    def __init__(self, ws: Workspace, content: ValidatedContent) -> None:
        assert content.game is not None
        self.ws = ws
        self.content = content
        self.game: Game = content.game
        self.diagnostics: list[Diagnostic] = []
        self.ids: dict[str, dict[str, Located]] = {}
        """The validated entities of each kind by id (the first of a duplicate)."""
        self.known: dict[str, set[str]] = {}
        """Every id written in each kind, its entry valid or not: what a reference may name."""
        self.missing: Counter[str] = Counter()
        self.documents = DocumentFiles()
        self.texts: list[TextEntry] = []
        self.plurals: list[PluralEntry] = []
        self.plural_locales = {locale: categories(locale) for locale in self.game.locales if known(locale)}
        """The CLDR plural categories of each of the game's locales that CLDR knows."""
        self._glossary: dict[str, frozenset[str]] | None = None
        self._source_words: tuple[dict[str, set[str]], re.Pattern[str]] | None = None
        self._words: dict[tuple[str, str], list[str]] = {}
        self._spaced: dict[tuple[str, str], tuple[str, ...]] = {}
        self._labels: dict[str, Any] | None = None
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
        """The ids of each kind, and a duplicate-id error for each id written twice (entries that failed to validate
        count: a mistake elsewhere in an entry does not hide that its id is taken)."""
        for kind, items in self.content.entities.items():
            self.ids[kind] = {}
            for item in items:
                self.ids[kind].setdefault(item.entity.id, item)
        for kind, written in self.content.declared.items():
            seen: dict[str, Declared] = {}
            for entry in written:
                first = seen.setdefault(entry.id, entry)
                if first is not entry:
                    where = first.doc.position(first.loc + ("id",))
                    self.report(entry.doc, entry.loc + ("id",), "duplicate-id",
                                f"duplicate {kind} id {entry.id!r} (first defined at {first.doc.path}:{where.line})")
            self.known[kind] = set(seen)
        documents = self.game.documents
        assert self.content.game_doc is not None
        self.ids["document"] = {
            d.id: Located(d, "document", self.content.game_doc, ("documents", i)) for i, d in enumerate(documents)
        }
        self.known["document"] = set(self.ids["document"])

    def check_reference(self, doc: LoadedDocument, site: RefSite) -> None:
        """A reference names an id of its kind; one to a kind whose file did not load cannot be judged."""
        if site.kind in self.content.unreadable_kinds or site.value in self.known.get(site.kind, ()):
            return
        close = difflib.get_close_matches(site.value, sorted(self.known.get(site.kind, ())), n=1)
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
        source = ARGUMENT.sub(" ", source)  # `{banner}` names an argument, not the term
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

    def check_text(self, doc: LoadedDocument, site: TextSite, key: str, owner: Identified | None) -> None:
        """Checks a text; records it for the translation tools when its entity validated (`owner`)."""
        text = site.text
        source_locale = self.game.source_locale
        self.check_locales(doc, site.loc, text.root)
        present = {loc: text.get(loc) for loc in self.game.locales if text.get(loc) is not None}
        entry = TextEntry(key, doc, site.loc, text, owner)
        if owner is not None:
            self.texts.append(entry)
        if not key.startswith("term/"):
            self.check_glossary(doc, site, key, present)
        self.report_outdated(doc, site.loc, entry)
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
                elif token not in self.known["term"] and "term" not in self.content.unreadable_kinds:
                    close = difflib.get_close_matches(token, sorted(self.known["term"]), n=1)
                    self.report(doc, loc, "unknown-term", f"[{token}] is not a term of the glossary",
                                token=f"[{token}]", hint=f"did you mean [{close[0]}]?" if close else None)
            stripped = TERM.sub("", value)
            if "[" in stripped or "]" in stripped:
                self.report(doc, loc, "bad-markup", f"unbalanced '[' or ']' in {locale!r} text")
            try:
                names = set(arguments(value))
            except MessageError as error:
                self.report(doc, loc, "bad-placeholder", f"malformed placeholder in {locale!r} text: {error.reason}",
                            token=error.token)
                continue
            for problem in message_problems(value, locale, self.plural_locales.get(locale), owner, self.labels()):
                self.report(doc, loc, problem.code, problem.message, token=problem.token)
            placeholder_sets[locale] = names
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

    def check_source(self, item: Located, loc: tuple[Any, ...], source: Source) -> None:
        """A source's lines lie in its document and its quote is there."""
        if source.doc not in self.ids["document"] or source.line is None:
            return
        lines = self.documents.lines.get(source.doc)
        if lines is None:
            return
        end = source.end_line or source.line
        if end > len(lines) or end < source.line:
            self.report(item.doc, loc + ("line",), "bad-source",
                        f"line {source.line}-{end} is outside {source.doc!r}, which has {len(lines)} lines")
            return
        if source.quote is not None:
            quoted = " ".join(source.quote.split())
            passage = " ".join(" ".join(lines[source.line - 1:end]).split())
            if quoted not in passage:
                self.report(item.doc, loc + ("quote",), "quote-not-found",
                            f"the quote does not appear on line {source.line} of {source.doc!r}")

    def check_sources(self, item: Located) -> None:
        entity = item.entity
        if not isinstance(entity, Entity):
            return
        sources = [(item.loc + ("source", index), source) for index, source in enumerate(entity.source)]
        for name, part in getattr(entity, "field_status", {}).items():
            sources += [(item.loc + ("field_status", name, "source", index), source)
                        for index, source in enumerate(part.source)]
        for loc, source in sources:
            self.check_source(item, loc, source)
        kinds = {self.ids["document"][s.doc].entity.kind for s in entity.source  # type: ignore[attr-defined]
                 if s.doc in self.ids["document"]}
        if entity.status == "verified" and kinds and "rulebook" not in kinds:
            self.report(item.doc, item.loc + ("status",), "status-mismatch",
                        "status is 'verified' but no source is a rulebook",
                        hint="facts from reference data or general knowledge are 'unverified'")

    def check_plural(self, item: Located) -> None:
        """Each locale of a plural label has exactly the CLDR categories of its language."""
        plural = getattr(item.entity, "plural", None)
        if plural is None:
            return
        base = item.loc + ("plural",)
        self.check_locales(item.doc, base, plural.root)
        entry = PluralEntry(text_key(f"{item.kind}/{item.entity.id}", item.entity, ("plural",)), item.doc, base, plural,
                            item.entity)
        self.plurals.append(entry)
        self.report_outdated(item.doc, base, entry)
        if plural.forms(self.game.source_locale) is None and any(forms for forms in plural.root.values()):
            self.report(item.doc, base, "missing-source-text",
                        f"plural has translations but no {self.game.source_locale!r} source forms")
        for locale in self.game.locales:
            forms = plural.forms(locale)
            loc = base + (locale,)
            if forms is None:
                self.missing[locale] += 1
                self.report(item.doc, base, "missing-translation", f"missing {locale!r} translation",
                            severity=Severity.WARNING)
                continue
            if not self.plural_locales.get(locale):
                continue  # a locale CLDR does not know: reported in game.yaml
            needed = set(self.plural_locales[locale])
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

    def labels(self) -> dict[str, Any]:
        """The game's labels by id, whose forms a message may ask for (indexed once)."""
        if self._labels is None:
            self._labels = {label_id: item.entity for label_id, item in self.ids.get("label", {}).items()}
        return self._labels

    def check_forms(self, item: Located) -> None:
        """A label's other forms (check_messages.py)."""
        if isinstance(item.entity, Label) and item.entity.forms:
            self.check_locales(item.doc, item.loc + ("forms",), item.entity.forms)
            for problem in form_problems(item.entity):
                self.report(item.doc, item.loc + problem.loc, problem.code, problem.message, token=problem.token)

    def check_locales(self, doc: LoadedDocument, loc: Path_, values: dict[str, object]) -> None:
        """A text or plural names only locales the game declares (game.yaml `locales`)."""
        for locale in values:
            if locale not in self.game.locales:
                self.report(doc, loc + (locale,), "unknown-locale",
                            f"{locale!r} is not a locale of {self.content.name} (locales: {', '.join(self.game.locales)})",
                            key=True, hint="declare a new language in game.yaml `locales` (docs/translating.md)")

    def report_outdated(self, doc: LoadedDocument, loc: Path_, entry: Translatable) -> None:
        """A warning for each translation made from an older source, or imported fuzzy and not confirmed yet."""
        source = entry.value(self.game.source_locale)
        if source is None:
            return
        for locale in self.game.locales:
            if locale == self.game.source_locale or entry.value(locale) is None:
                continue
            state = self.record.state(entry.key, locale, source, True)
            if state in ("outdated", "fuzzy"):
                why = ("was translated from an older source text" if state == "outdated"
                       else "came in fuzzy and is not confirmed yet")
                self.report(doc, loc + (locale,), f"{state}-translation", f"{locale!r} text {why}",
                            severity=Severity.WARNING, hint="update it, then `lawforge i18n accept`")

    def check_game(self) -> None:
        doc = self.content.game_doc
        assert doc is not None
        if self.game.source_locale not in self.game.locales:
            self.report(doc, ("source_locale",), "invalid-value", "source_locale must be one of the game's locales")
        for locale, n in Counter(self.game.locales).items():
            if n > 1:
                self.report(doc, ("locales",), "invalid-value", f"locale {locale!r} is listed twice")
        for index, locale in enumerate(self.game.locales):
            if locale not in self.plural_locales:
                self.report(doc, ("locales", index), "unknown-locale", f"CLDR has no locale {locale!r}: no plural "
                            f"rules, nothing to translate into", hint="a language code as CLDR writes it: de, pt_BR")
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
                    check_table(item, self.ids, self.check_reference, self.report)
                self.check_plural(item)
                self.check_forms(item)
        for invalid in self.content.invalid:
            self.check_invalid(invalid)
        check_inventory(self.content, self.report)
        return LinkedGame(
            name=self.content.name,
            game=self.game,
            kinds=self.content.kinds,
            entities={kind: tuple(i.entity for i in items) for kind, items in self.content.entities.items()},
            incomplete=incomplete_items(self.content),
            missing_translations=dict(self.missing),
            texts=tuple(self.texts),
            plurals=tuple(self.plurals),
            translations=self.record,
            documents=self.documents,
            editorial=tuple(item for kind in EDITORIAL_KINDS for item in self.content.entities.get(kind, ())),
        )

    def visit(self, doc: LoadedDocument, site: RefSite | TextSite, base: Path_, owner_key: str,
              owner: Identified) -> None:
        if isinstance(site, RefSite):
            self.check_reference(doc, RefSite(base + site.loc, site.kind, site.value))
        else:
            self.check_text(doc, TextSite(base + site.loc, site.text), text_key(owner_key, owner, site.loc), owner)

    def check_invalid(self, invalid: Invalid) -> None:
        """The references and texts of an entry that failed to validate, where they have the expected shape: a
        wrong type in one field does not hide a misspelt reference in another."""
        written_id = invalid.data.get("id") if isinstance(invalid.data, dict) else None
        owner_key = f"{invalid.kind}/{written_id}"
        for site in walk_data(invalid.data, invalid.model):
            if isinstance(site, RefSite):
                self.check_reference(invalid.doc, RefSite(invalid.loc + site.loc, site.kind, site.value))
            else:
                self.check_text(invalid.doc, TextSite(invalid.loc + site.loc, site.text),
                                text_key(owner_key, invalid.data, site.loc), None)


def incomplete_items(content: ValidatedContent) -> tuple[IncompleteItem, ...]:
    """The entities whose facts are not all from a rulebook (status not `verified`)."""
    out = []
    for kind, items in content.entities.items():
        for item in items:
            entity = item.entity
            if not isinstance(entity, Entity):
                continue
            if entity.status != "verified":
                name = getattr(entity, "name", None)
                out.append(IncompleteItem(kind, entity.id, name if isinstance(name, Text) else None,
                                          entity.status, entity.note, tuple(entity.source), item.doc, item.loc))
            for field_name, part in getattr(entity, "field_status", {}).items():
                if part.status != "verified":
                    out.append(IncompleteItem(kind, f"{entity.id} · {field_name}", None, part.status, part.note,
                                              tuple(part.source or entity.source), item.doc,
                                              item.loc + ("field_status", field_name)))
    return tuple(out)


def link_game(ws: Workspace, content: ValidatedContent) -> tuple[LinkedGame | None, list[Diagnostic]]:
    if content.game is None:
        return None, []
    linker = _Linker(ws, content)
    linked = linker.run()
    return linked, linker.diagnostics
