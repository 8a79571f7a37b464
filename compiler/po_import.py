"""`i18n import`: the translations of a PO file written into the content, all of them or none.

Each entry names its text by `msgctxt`; an editors' text (a note `note/<kind>/<id>`, a discrepancy's summary, a
decision's question; `compiler/editor_texts.py`) goes into the translation record, not the YAML. A plural entry
(msgid_plural) is a label that counts: its msgstr[i] is the i-th CLDR plural category of the locale
(`cldr.categories`), as `i18n export` writes it. The plan lists every refusal first; the writing splices each value
into its YAML file in place, checks the result, and renames all the files into place at once, the translation
record last.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lawforge.runtime.messages import MessageError, arguments

from .cldr import ALL_CATEGORIES, categories
from .i18n import stage_record
from .link import FORM_SEPARATOR, PLACEHOLDER, TERM, TERM_ID, LinkedGame, PluralEntry, Translatable
from .loader import load_document
from .lock import WorkspaceLock
from .editor_texts import NOTES_LOCALE, EditorText, editor_texts
from .pofile import PoEntry, PoFile
from .splice import LocaleValue, SpliceError, splice
from .staged import check_staged
from .translations import RECORD_FILE
from .workspace import Workspace

TEMPLATE_NPLURALS = "INTEGER"
"""`nplurals` of a template's header (`i18n export --template`, xgettext): no language's forms yet."""


@dataclass(frozen=True)
class Translation:
    """A PO entry that goes into the content: `value` in the import's locale (a plural's forms by category),
    translated from `source` (a plural's forms joined as `PluralEntry.value` joins them)."""

    entry: Translatable | EditorText
    value: str | dict[str, str]
    source: str
    fuzzy: bool


@dataclass
class ImportPlan:
    """What a PO file would change. The import is all or nothing: one refused entry and nothing is written."""

    locale: str
    changes: list[Translation] = field(default_factory=list)
    unchanged: list[Translation] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    """`PO-file:line: why`, one per entry or header field refused."""


class ImportFailed(Exception):
    """The import's result did not validate; nothing was written."""


def _control(translation: str) -> str | None:
    """A text may hold line breaks and tabs, nothing else below U+0020."""
    control = next((char for char in translation if (ord(char) < 0x20 and char not in "\n\t") or char == "\x7f"), None)
    return None if control is None else f"the translation holds the control character U+{ord(control):04X}"


def _markup(translation: str, terms: set[str]) -> str | None:
    """Why the translation's placeholders or [term] tokens are broken, if they are."""
    try:
        arguments(translation)
    except MessageError as error:
        return f"a broken placeholder: {error.reason}"
    for token in TERM.findall(translation):
        if not TERM_ID.match(token) or token not in terms:
            return f"[{token}] is no glossary term"
    if "[" in TERM.sub("", translation) or "]" in TERM.sub("", translation):
        return "a broken [term] token"
    return None


def _problem(source: str, translation: str, terms: set[str]) -> str | None:
    """Why a translation cannot go in: a control character, placeholders other than the source's, broken markup."""
    if (control := _control(translation)) is not None:
        return control
    if (broken := _markup(translation, terms)) is not None:
        return broken
    if set(arguments(translation)) != set(arguments(source)):
        return (f"placeholders {sorted(arguments(translation))} differ from the source's "
                f"{sorted(arguments(source))}")
    return None


REFERENCE = re.compile(r"\bL\d+\b|\b\d+(?:\.\d+)+\b")
"""A line of a rulebook (`L123`) or a rule's number (`4.3.1`) in an editors' text."""


def _note_problem(source: str, translation: str) -> str | None:
    """Why the translation of an editors' text (a note, a discrepancy, a decision) cannot go in: a control
    character, a broken placeholder or other placeholders than the note's, or line references and rule numbers other
    than the note's (its `[…]` are words, not terms)."""
    if (control := _control(translation)) is not None:
        return control
    try:
        names = set(arguments(translation))
    except MessageError as error:
        return f"a broken placeholder: {error.reason}"
    if names != set(arguments(source)):
        return f"placeholders {sorted(names)} differ from the note's {sorted(arguments(source))}"
    kept, wanted = sorted(set(REFERENCE.findall(translation))), sorted(set(REFERENCE.findall(source)))
    if kept != wanted:
        return f"line references and rule numbers {kept} differ from the note's {wanted}: keep them as they are"
    return None


def _form_problem(form: str, terms: set[str]) -> str | None:
    """Why a plural form cannot go in: a form may print the number, `{count}`, and no other placeholder."""
    if (control := _control(form)) is not None:
        return control
    others = sorted(set(PLACEHOLDER.findall(form)) - {"count"})
    if others:
        return f"a plural form may only use {{count}}, not {', '.join('{' + name + '}' for name in others)}"
    return _markup(form, terms)


def _po_locale(linked: LinkedGame, po: PoFile, option: str | None) -> tuple[str | None, str | None]:
    """The locale the PO file brings, or why the file is refused: it must be one of the game's translations, or its
    source locale when the editors' texts are written in another language (the file then brings them only)."""
    header = po.header.get("language")
    where = f"{po.path}:{header.line if header else 1}"
    stated = header.value.replace("-", "_") if header is not None and header.value else None
    if option is not None and stated is not None and option != stated:
        return None, f"{where}: the Language header says {stated!r}, but --locale says {option!r}"
    locale = option or stated
    source = linked.game.source_locale
    targets = ", ".join(loc for loc in linked.game.locales if loc != source)
    if locale is None:
        return None, f"{where}: the file has no Language header; name its locale with --locale ({targets})"
    if locale == source == NOTES_LOCALE:
        return None, f"{where}: {locale!r} is the source locale of {linked.name}; it translates into {targets}"
    if locale not in linked.game.locales:
        return None, f"{where}: the PO file is for {locale!r}; {linked.name} translates into {targets}"
    return locale, None


def _other_game(linked: LinkedGame, po: PoFile) -> str | None:
    """Why the file is another game's, when its header says so (`Project-Id-Version: lawforge GAME VERSION`)."""
    project = po.header.get("project-id-version")
    words = project.value.split() if project is not None else []
    if project is None or len(words) < 2 or words[0] != "lawforge" or words[1] == linked.name:
        return None
    return (f"{po.path}:{project.line}: the PO file was exported from the game {words[1]!r} "
            f"(Project-Id-Version: {project.value}), not {linked.name}")


def _nplurals(po: PoFile) -> tuple[str, int] | None:
    """`nplurals` of the Plural-Forms header as written, and its line; None without one or in a template."""
    plural = po.header.get("plural-forms")
    if plural is None:
        return None
    match = re.search(r"nplurals\s*=\s*([^;\s]*)", plural.value)
    count = match.group(1) if match else ""
    return None if count == TEMPLATE_NPLURALS else (count, plural.line)


def _plural_problem(po: PoFile, locale: str) -> str | None:
    """Plural forms of another language betray a file made for it."""
    stated = _nplurals(po)
    if stated is None:
        return None
    count, line = stated
    most = len(categories(locale))
    if not count.isdigit():
        return f"{po.path}:{line}: Plural-Forms: nplurals={count!r} is not a number"
    if not 1 <= int(count) <= most:
        return (f"{po.path}:{line}: Plural-Forms: nplurals={count}, but {locale!r} has {most} plural forms "
                f"(CLDR): the file was made for another language")
    return None


class _Planner:
    """Reads the entries of one PO file against the game's texts, for one locale."""

    def __init__(self, linked: LinkedGame, po: PoFile, plan: ImportPlan) -> None:
        self.linked = linked
        self.po = po
        self.plan = plan
        self.source = linked.game.source_locale
        self.terms = {t.id for t in linked.entities.get("term", ())}
        self.by_key: dict[str, Translatable | EditorText] = {entry.key: entry for entry in linked.translatable}
        self.by_key.update((text.key, text) for text in editor_texts(linked))

    def refuse(self, line: int, message: str) -> None:
        self.plan.refused.append(f"{self.po.path}:{line}: {message}")

    def add(self, entry: Translatable | EditorText, message: PoEntry) -> None:
        """The entry's translation, or why it is refused."""
        if isinstance(entry, EditorText):
            self.add_note(entry, message)
            return
        if self.plan.locale == self.source:
            self.refuse(message.line, f"{entry.key} is a text of the source locale {self.source!r}: edit it in the "
                                      f"YAML; a PO file of {self.source!r} brings the editors' texts only")
            return
        if isinstance(entry, PluralEntry):
            self.add_plural(entry, message)
            return
        if message.msgid_plural is not None:
            self.refuse(message.line, f"{entry.key} is a text, not a label that counts: its entry has no msgid_plural")
            return
        original = entry.value(self.source)
        if not message.msgstr:
            return
        if original is None:
            self.refuse(message.line, f"{entry.key}: the text has no {self.source!r} source to translate")
            return
        problem = _problem(original, message.msgstr, self.terms)
        if problem is not None:
            self.refuse(message.msgstr_line, f"{entry.key}: {problem}")
            return
        self.keep(Translation(entry, message.msgstr, message.msgid, message.fuzzy),
                  entry.value(self.plan.locale) == message.msgstr)

    def add_note(self, note: EditorText, message: PoEntry) -> None:
        if message.msgid_plural is not None:
            self.refuse(message.line, f"{note.key} is an editors' text, not a label that counts: its entry has no "
                                      f"msgid_plural")
            return
        if not message.msgstr:
            return
        problem = _note_problem(note.text, message.msgstr)
        if problem is not None:
            self.refuse(message.msgstr_line, f"{note.key}: {problem}")
            return
        self.keep(Translation(note, message.msgstr, message.msgid, message.fuzzy),
                  note.translation(self.linked, self.plan.locale) == message.msgstr)

    def add_plural(self, entry: PluralEntry, message: PoEntry) -> None:
        locale = self.plan.locale
        order = categories(locale)
        if message.msgid_plural is None:
            self.refuse(message.line, f"{entry.key} is a label that counts: its entry needs msgid_plural and a msgstr "
                                      f"per plural form ({', '.join(order)})")
            return
        if not any(message.forms):
            return
        original = entry.value(self.source)
        if original is None:
            self.refuse(message.line, f"{entry.key}: the label has no {self.source!r} forms to translate")
            return
        if len(message.forms) != len(order):
            stated = _nplurals(self.po)
            header = (f"; the file's Plural-Forms says nplurals={stated[0]}: export the file again for the header "
                      f"lawforge writes" if stated is not None and stated[0] != str(len(order)) else "")
            self.refuse(message.msgstr_line, f"{entry.key}: {len(message.forms)} plural forms, but {locale!r} has "
                                             f"{len(order)}, msgstr[0] to msgstr[{len(order) - 1}]: "
                                             f"{', '.join(order)} (CLDR){header}")
            return
        for form, line in zip(message.forms, message.form_lines):
            problem = "a plural entry is translated in all its forms or in none" if not form else \
                _form_problem(form, self.terms)
            if problem is not None:
                self.refuse(line, f"{entry.key}: {problem}")
                return
        forms = dict(zip(order, message.forms))
        source_forms = original.split(FORM_SEPARATOR)
        made_from = original if (source_forms[0], source_forms[-1]) == (message.msgid, message.msgid_plural) else \
            FORM_SEPARATOR.join((message.msgid, message.msgid_plural))
        self.keep(Translation(entry, forms, made_from, message.fuzzy), entry.plural.forms(locale) == forms)

    def keep(self, translation: Translation, unchanged: bool) -> None:
        (self.plan.unchanged if unchanged else self.plan.changes).append(translation)

    def read(self) -> None:
        contexts = [e for e in self.po.entries if e.context is not None]
        if contexts and not any(e.context in self.by_key for e in contexts):
            self.refuse(contexts[0].line, f"none of the file's {len(contexts)} msgctxt names a text of "
                                          f"{self.linked.name}: is it another game's PO file?")
            return
        if not self.po.entries:
            self.refuse(1, "the file has no entries to import")
        seen: dict[str, int] = {}
        for message in self.po.entries:
            if message.context is None:
                self.refuse(message.line, f"an entry without msgctxt (msgid {message.msgid[:40]!r}): each entry names "
                                          f"its text by msgctxt")
            elif message.context in seen:
                self.refuse(message.line, f"msgctxt {message.context!r} again (first at line "
                                          f"{seen[message.context]}): one entry per text")
            else:
                seen[message.context] = message.line
                entry = self.by_key.get(message.context)
                if entry is None:
                    self.refuse(message.line, f"no text {message.context!r} in {self.linked.name}")
                else:
                    self.add(entry, message)


def plan_import(linked: LinkedGame, po: PoFile, locale_option: str | None = None) -> ImportPlan:
    """What importing `po` would change, and every entry or header field that is refused."""
    locale, refusal = _po_locale(linked, po, locale_option)
    plan = ImportPlan(locale or "")
    if locale is None:
        plan.refused.append(refusal or "")
        return plan
    other_game = _other_game(linked, po)
    if other_game is not None:
        plan.refused.append(other_game)
        return plan  # its entries are another game's: listing them would only bury the reason
    plan.refused += [problem for problem in (_plural_problem(po, locale),) if problem is not None]
    _Planner(linked, po, plan).read()
    return plan


def _locale_values(entry: Translatable, value: str | dict[str, str], locale: str,
                   locales: tuple[str, ...]) -> list[LocaleValue]:
    """Where a translation goes in its YAML file: a text's value in its mapping; a plural's forms one by one in the
    locale's mapping of forms when it has one, else a new mapping of forms."""
    if isinstance(entry, PluralEntry) and isinstance(value, dict) and entry.plural.forms(locale) is not None:
        return [LocaleValue(entry.loc + (locale,), category, form, ALL_CATEGORIES) for category, form in value.items()]
    return [LocaleValue(entry.loc, locale, value, locales)]


def _with_values(data: Any, values: list[LocaleValue]) -> Any:
    """A copy of a document's data with `values` written into it, or None if it has no text where one is named."""
    result = copy.deepcopy(data)
    for value in values:
        node = result
        try:
            for part in value.loc:
                node = node[part]
            node[value.key] = value.value
        except (KeyError, IndexError, TypeError):
            return None
    return result


def _verify(ws: Workspace, rel: str, staged: Path, values: list[LocaleValue]) -> None:
    """The staged file parses as content and says what the old one said, but for the values written."""
    new, problems = load_document(ws.root, staged)
    if new is None:
        at = problems[0]
        message = at.message.removeprefix(f"{staged.relative_to(ws.root).as_posix()} ")
        if message != at.message:  # the refusal of the staged file itself: name it as the file it will be
            message = f"the file {message}"
        raise ImportFailed(f"{rel}:{at.line}:{at.col}: after the import: {message}; nothing was written")
    old, _ = load_document(ws.root, ws.root / rel)
    expected = _with_values(old.data, values) if old is not None else None
    if expected is None or new.data != expected:
        raise ImportFailed(f"{rel}: the translations could not be written in place without changing other values; "
                           f"nothing was written (write them in the YAML by hand)")


def write_import(lock: WorkspaceLock, linked: LinkedGame, plan: ImportPlan) -> None:
    """Writes a plan without refusals: each YAML file spliced from its bytes as they are now (under the lock),
    staged and validated, then all renamed into place, the translation record last."""
    ws = lock.ws
    by_file: dict[str, list[LocaleValue]] = {}
    for translation in plan.changes:
        entry = translation.entry
        if not isinstance(entry, EditorText):  # an editors' text's translation: in the record only
            by_file.setdefault(entry.path, []).extend(
                _locale_values(entry, translation.value, plan.locale, tuple(linked.game.locales)))
    with lock.transaction() as tx:
        staged = {}
        for rel, values in sorted(by_file.items()):
            try:
                spliced = splice((ws.root / rel).read_bytes(), values)
            except (OSError, SpliceError) as exc:
                raise ImportFailed(f"{rel}: {getattr(exc, 'strerror', None) or exc}; nothing was written") from None
            staged[ws.root / rel] = tx.stage(ws.root / rel, spliced)
            _verify(ws, rel, staged[ws.root / rel], values)
        for translation in plan.changes + plan.unchanged:
            if isinstance(translation.entry, EditorText) and isinstance(translation.value, str):
                linked.translations.record_note(translation.entry.key, plan.locale, translation.source,
                                                translation.value, fuzzy=translation.fuzzy)
            else:
                linked.translations.record(translation.entry.key, plan.locale, translation.source,
                                           fuzzy=translation.fuzzy)
        record = stage_record(tx, ws, linked)
        if record is not None:
            staged[ws.content / linked.name / RECORD_FILE] = record
        _check_result(ws, linked, staged)
        tx.commit()


def _check_result(ws: Workspace, linked: LinkedGame, staged: dict[Path, Path]) -> None:
    """The game checks without errors with the staged files in place of the old ones (as it did before)."""
    documents = [document.path for document in linked.game.documents if document.path]
    try:
        errors = [d for d in check_staged(ws, linked.name, staged, documents) if d.is_error]
    except OSError as exc:
        raise ImportFailed(f"{ws.rel(ws.cache)}: cannot check the result of the import there ({exc.strerror or exc}); "
                           f"nothing was written") from None
    if errors:
        raise ImportFailed("\n".join(f"{d.path}:{d.line}:{d.col}: error[{d.code}]: {d.message}" for d in errors)
                           + "\nafter the import the content would have these errors; nothing was written")
