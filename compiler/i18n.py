"""Translation workflow: coverage by state, gettext PO export and import, and accepting translations.

A PO entry is one text of one entity: `msgctxt` is its key (`denizen/alchemist/text`), `#:` its
YAML file and line, `#.` comments say what each placeholder stands for and that `[term]` tokens
are icons to keep. A translation whose source changed since it was made is exported fuzzy, with
the source it was made from as `#| msgid`.
"""

from __future__ import annotations

import copy
import difflib
import io
import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from .link import PLACEHOLDER, TERM, TERM_ID, LinkedGame, TextEntry
from .loader import load_document
from .lock import Transaction, WorkspaceLock
from .pofile import PoFile
from .splice import LocaleValue, SpliceError, splice
from .staged import check_staged
from .translations import RECORD_FILE
from .workspace import Workspace

STATES = ("translated", "missing", "outdated", "fuzzy")
FIXED_DATE = datetime(2020, 10, 20, tzinfo=timezone.utc)
"""PO header dates are fixed (the Law of Oath's date), so that an export is deterministic."""


@dataclass(frozen=True)
class Coverage:
    locale: str
    kind: str
    counts: dict[str, int]

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def percent(self, state: str) -> float:
        return 100.0 * self.counts.get(state, 0) / self.total if self.total else 100.0


def coverage(linked: LinkedGame) -> list[Coverage]:
    """Counts of each state per locale and entity kind (the source locale is complete by definition)."""
    source = linked.game.source_locale
    counts: dict[tuple[str, str], Counter[str]] = {}
    for entry in linked.texts:
        original = entry.text.get(source)
        if original is None:
            continue
        kind = entry.key.split("/", 1)[0]
        for locale in linked.game.locales:
            present = entry.text.get(locale) is not None
            state = "translated" if locale == source else linked.translations.state(entry.key, locale, original,
                                                                                        present)
            counts.setdefault((locale, kind), Counter())[state] += 1
    return [Coverage(locale, kind, {s: c[s] for s in STATES}) for (locale, kind), c in sorted(counts.items())]


def _comments(entry: TextEntry, source: str) -> list[str]:
    params = getattr(entry.owner, "params", None) or {}
    notes = [f"{{{name}}} is a number from the card ({params[name]} here): keep it"
             for name in dict.fromkeys(PLACEHOLDER.findall(source)) if name in params]
    terms = sorted(set(TERM.findall(source)))
    if terms:
        notes.append("keep the icon tokens " + " ".join(f"[{t}]" for t in terms) + " (they print the term or icon)")
    return notes


def export_po(linked: LinkedGame, locale: str) -> bytes:
    source = linked.game.source_locale
    catalog = Catalog(locale=locale.replace("-", "_"), project=f"lawforge {linked.name}", version=None,
                      creation_date=FIXED_DATE, revision_date=FIXED_DATE, fuzzy=False,
                      msgid_bugs_address="", last_translator="", language_team="",
                      header_comment=f"# {linked.game.name.get(source) or linked.name}: texts to translate into {locale}.\n"
                                     f"# Written by `lawforge i18n export`; bring it back with `lawforge i18n import`.")
    for entry in linked.texts:
        original = entry.text.get(source)
        if original is None:
            continue
        present = entry.text.get(locale) is not None
        state = linked.translations.state(entry.key, locale, original, present)
        previous = linked.translations.previous_source(entry.key, locale) if state == "outdated" else None
        catalog.add(original, entry.text.get(locale) or "", context=entry.key,
                    locations=[(entry.path, entry.line)], auto_comments=_comments(entry, original),
                    flags={"fuzzy"} if state in ("outdated", "fuzzy") else (),
                    previous_id=previous if previous != original else None)
    out = io.BytesIO()
    write_po(out, catalog, include_previous=True, width=0)
    return out.getvalue()


@dataclass(frozen=True)
class Translation:
    """A PO entry that goes into the content: `value` in the import's locale, translated from `source`."""

    entry: TextEntry
    value: str
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


def _problem(source: str, translation: str, terms: set[str]) -> str | None:
    """Why a translation cannot go in: its placeholders or its markup tokens are broken, or it holds control
    characters (a text may hold line breaks and tabs, nothing else below U+0020)."""
    control = next((char for char in translation if (ord(char) < 0x20 and char not in "\n\t") or char == "\x7f"), None)
    if control is not None:
        return f"the translation holds the control character U+{ord(control):04X}"
    if sorted(PLACEHOLDER.findall(translation)) != sorted(PLACEHOLDER.findall(source)):
        return (f"placeholders {sorted(set(PLACEHOLDER.findall(translation)))} differ from the source's "
                f"{sorted(set(PLACEHOLDER.findall(source)))}")
    if "{" in PLACEHOLDER.sub("", translation) or "}" in PLACEHOLDER.sub("", translation):
        return "a broken placeholder ('{' or '}' alone)"
    for token in TERM.findall(translation):
        if not TERM_ID.match(token) or token not in terms:
            return f"[{token}] is no glossary term"
    if "[" in TERM.sub("", translation) or "]" in TERM.sub("", translation):
        return "a broken [term] token"
    return None


def _po_locale(linked: LinkedGame, po: PoFile, option: str | None) -> tuple[str | None, str | None]:
    """The locale the PO file brings, or why the file is refused: it must be one of the game's translations."""
    header = po.header.get("language")
    where = f"{po.path}:{header.line if header else 1}"
    stated = header.value.replace("_", "-") if header is not None and header.value else None
    if option is not None and stated is not None and option != stated:
        return None, f"{where}: the Language header says {stated!r}, but --locale says {option!r}"
    locale = option or stated
    source = linked.game.source_locale
    targets = ", ".join(loc for loc in linked.game.locales if loc != source)
    if locale is None:
        return None, f"{where}: the file has no Language header; name its locale with --locale ({targets})"
    if locale == source:
        return None, f"{where}: {locale!r} is the source locale of {linked.name}; it translates into {targets}"
    if locale not in linked.game.locales:
        return None, f"{where}: the PO file is for {locale!r}; {linked.name} translates into {targets}"
    return locale, None


def _other_game(linked: LinkedGame, po: PoFile) -> str | None:
    """Why the file is another game's, when its header says so (`Project-Id-Version: lawforge GAME`)."""
    project = po.header.get("project-id-version")
    words = project.value.split() if project is not None else []
    if project is None or len(words) < 2 or words[0] != "lawforge" or words[1] == linked.name:
        return None
    return (f"{po.path}:{project.line}: the PO file was exported from the game {words[1]!r} "
            f"(Project-Id-Version: {project.value}), not {linked.name}")


def _plural_problem(po: PoFile, locale: str) -> str | None:
    """Plural forms of another language betray a file made for it (our entries themselves have no plurals)."""
    plural = po.header.get("plural-forms")
    if plural is None:
        return None
    match = re.search(r"nplurals\s*=\s*([^;\s]*)", plural.value)
    count = match.group(1) if match else ""
    most = len(Locale.parse(locale.replace("-", "_")).plural_form.tags) + 1
    if not count.isdigit():
        return f"{po.path}:{plural.line}: Plural-Forms: nplurals={count!r} is not a number"
    if not 1 <= int(count) <= most:
        return (f"{po.path}:{plural.line}: Plural-Forms: nplurals={count}, but {locale!r} has {most} plural forms "
                f"(CLDR): the file was made for another language")
    return None


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
    by_key = {entry.key: entry for entry in linked.texts}
    contexts = [e for e in po.entries if e.context is not None]
    if contexts and not any(e.context in by_key for e in contexts):
        plan.refused.append(f"{po.path}:{contexts[0].line}: none of the file's {len(contexts)} msgctxt names a text "
                            f"of {linked.name}: is it another game's PO file?")
        return plan
    if not po.entries:
        plan.refused.append(f"{po.path}:1: the file has no entries to import")
    source = linked.game.source_locale
    terms = {t.id for t in linked.entities.get("term", ())}
    seen: dict[str, int] = {}
    for message in po.entries:
        where = f"{po.path}:{message.line}"
        if message.context is None:
            plan.refused.append(f"{where}: an entry without msgctxt (msgid {message.msgid[:40]!r}): each entry names "
                                f"its text by msgctxt")
            continue
        if message.context in seen:
            plan.refused.append(f"{where}: msgctxt {message.context!r} again (first at line {seen[message.context]}): "
                                f"one entry per text")
            continue
        seen[message.context] = message.line
        entry = by_key.get(message.context)
        if entry is None:
            plan.refused.append(f"{where}: no text {message.context!r} in {linked.name}")
            continue
        original = entry.text.get(source)
        if not message.msgstr:
            continue
        if original is None:
            plan.refused.append(f"{where}: {entry.key}: the text has no {source!r} source to translate")
            continue
        problem = _problem(original, message.msgstr, terms)
        if problem is not None:
            plan.refused.append(f"{po.path}:{message.msgstr_line}: {entry.key}: {problem}")
            continue
        translation = Translation(entry, message.msgstr, message.msgid, message.fuzzy)
        (plan.unchanged if entry.text.get(locale) == message.msgstr else plan.changes).append(translation)
    return plan


def _with_values(data: Any, values: list[LocaleValue]) -> Any:
    """A copy of a document's data with `values` written into it, or None if it has no text where one is named."""
    result = copy.deepcopy(data)
    for value in values:
        node = result
        try:
            for part in value.loc:
                node = node[part]
            node[value.locale] = value.value
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


def _stage_record(tx: Transaction, ws: Workspace, linked: LinkedGame) -> Path | None:
    """Stages the translation record, unless it would not change; returns the staged file."""
    path = ws.content / linked.name / RECORD_FILE
    data = linked.translations.dumps().encode("utf-8")
    try:
        current = path.read_bytes()
    except OSError:
        current = None
    return tx.stage(path, data) if data != current else None


def write_import(lock: WorkspaceLock, linked: LinkedGame, plan: ImportPlan) -> None:
    """Writes a plan without refusals: each YAML file spliced from its bytes as they are now (under the lock),
    staged and validated, then all renamed into place, the translation record last."""
    ws = lock.ws
    by_file: dict[str, list[LocaleValue]] = {}
    for translation in plan.changes:
        by_file.setdefault(translation.entry.path, []).append(LocaleValue(translation.entry.loc, plan.locale,
                                                                          translation.value))
    with lock.transaction() as tx:
        staged = {}
        for rel, values in sorted(by_file.items()):
            try:
                spliced = splice((ws.root / rel).read_bytes(), values, tuple(linked.game.locales))
            except (OSError, SpliceError) as exc:
                raise ImportFailed(f"{rel}: {getattr(exc, 'strerror', None) or exc}; nothing was written") from None
            staged[ws.root / rel] = tx.stage(ws.root / rel, spliced)
            _verify(ws, rel, staged[ws.root / rel], values)
        for translation in plan.changes + plan.unchanged:
            linked.translations.record(translation.entry.key, plan.locale, translation.source, fuzzy=translation.fuzzy)
        record = _stage_record(tx, ws, linked)
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


def unknown_keys(linked: LinkedGame, keys: list[str]) -> list[str]:
    """A message for each key that names no text of the game, with the nearest key when one is close."""
    known = [entry.key for entry in linked.texts]
    messages = []
    for key in dict.fromkeys(keys):
        if key in known:
            continue
        close = difflib.get_close_matches(key, known, n=1)
        messages.append(f"no text {key!r} in {linked.name}" + (f" (did you mean {close[0]!r}?)" if close else ""))
    return messages


def accept(lock: WorkspaceLock, linked: LinkedGame, locales: list[str], keys: list[str]) -> int:
    """Records the present translations (of `keys`, or of every text) as made from the current source text;
    returns how many."""
    source = linked.game.source_locale
    count = 0
    for entry in linked.texts:
        original = entry.text.get(source)
        if original is None or (keys and entry.key not in keys):
            continue
        for locale in locales:
            if locale != source and entry.text.get(locale) is not None:
                linked.translations.record(entry.key, locale, original)
                count += 1
    with lock.transaction() as tx:
        _stage_record(tx, lock.ws, linked)
        tx.commit()
    return count


def export_tbx(linked: LinkedGame) -> str:
    """The glossary as TBX (TermBase eXchange), for translation tools: one entry per term, its
    name and accepted forms in each locale, and its definition."""
    from xml.sax.saxutils import escape, quoteattr

    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<martif type="TBX" xml:lang={quoteattr(linked.game.source_locale)}>',
             "<martifHeader><fileDesc><sourceDesc>"
             f"<p>{escape(linked.game.name.get(linked.game.source_locale) or linked.name)}: glossary, "
             "written by lawforge i18n tbx</p></sourceDesc></fileDesc></martifHeader>",
             "<text><body>"]
    for term in linked.entities.get("term", ()):
        lines.append(f"<termEntry id={quoteattr(term.id)}>")
        for locale in linked.game.locales:
            name = term.name.get(locale)  # type: ignore[attr-defined]
            if name is None:
                continue
            forms = term.forms.get(locale) if term.forms else None  # type: ignore[attr-defined]
            tigs = f"<tig><term>{escape(name)}</term></tig>" + "".join(
                f'<tig><term>{escape(form.strip())}</term><termNote type="usageNote">accepted form</termNote></tig>'
                for form in (forms or "").split(",") if form.strip())
            definition = term.definition.get(locale) if term.definition else None  # type: ignore[attr-defined]
            described = f'<descrip type="definition">{escape(definition)}</descrip>' if definition else ""
            lines.append(f"<langSet xml:lang={quoteattr(locale)}>{tigs}{described}</langSet>")
        lines.append("</termEntry>")
    lines += ["</body></text>", "</martif>"]
    return "\n".join(lines) + "\n"
