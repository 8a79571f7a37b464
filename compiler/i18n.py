"""Translation workflow: coverage by state, gettext PO export and import, and accepting translations.

A PO entry is one text of one entity: `msgctxt` is its key (`denizen/alchemist/text`), `#:` its
YAML file and line, `#.` comments say what each placeholder stands for and that `[term]` tokens
are icons to keep. A translation whose source changed since it was made is exported fuzzy, with
the source it was made from as `#| msgid`.
"""

from __future__ import annotations

import io
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from .files import write_atomically
from .link import PLACEHOLDER, TERM, TERM_ID, LinkedGame, TextEntry
from .loader import load_document
from .splice import Edit, apply_edits, locale_edit
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


@dataclass
class ImportReport:
    imported: list[str] = field(default_factory=list)
    unchanged: int = 0
    refused: list[str] = field(default_factory=list)
    """`PO-file:line: why`, one per entry left out."""


def _problem(source: str, translation: str, terms: set[str]) -> str | None:
    """Why a translation cannot go in: its placeholders or its markup tokens are broken."""
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


def import_po(ws: Workspace, linked: LinkedGame, po_file: Path, locale: str | None = None) -> ImportReport:
    """Writes the translations of a PO file into the content, entry by entry; broken entries are refused."""
    with po_file.open("rb") as handle:
        catalog = read_po(handle, locale=None, ignore_obsolete=True)
    locale = locale or (str(catalog.locale).replace("_", "-") if catalog.locale else None)
    report = ImportReport()
    if locale not in linked.game.locales or locale == linked.game.source_locale:
        report.refused.append(f"{po_file}:1: the PO file is for {locale!r}; {linked.name} translates into "
                              f"{', '.join(l for l in linked.game.locales if l != linked.game.source_locale)}")
        return report
    by_key = {entry.key: entry for entry in linked.texts}
    terms = {t.id for t in linked.entities.get("term", ())}
    edits: dict[str, list[Edit]] = {}
    documents = {}
    for message in catalog:
        if not message.id:
            continue
        where = f"{po_file}:{message.lineno}"
        entry = by_key.get(str(message.context))
        if entry is None:
            report.refused.append(f"{where}: no text {message.context!r} in {linked.name}")
            continue
        translation = str(message.string or "")
        if not translation:
            continue
        problem = _problem(entry.text.get(linked.game.source_locale) or "", translation, terms)
        if problem is not None:
            report.refused.append(f"{where}: {entry.key}: {problem}")
            continue
        linked.translations.record(entry.key, locale, str(message.id), fuzzy=message.fuzzy)
        if entry.text.get(locale) == translation:
            report.unchanged += 1
            continue
        if entry.path not in documents:
            documents[entry.path] = load_document(ws.root, ws.root / entry.path)[0]
        doc = documents[entry.path]
        assert doc is not None  # it loaded a moment ago, in check
        edits.setdefault(entry.path, []).append(locale_edit(doc, entry.loc, locale, translation,
                                                            tuple(linked.game.locales)))
        report.imported.append(entry.key)
    for path, file_edits in edits.items():
        text = (ws.root / path).read_text(encoding="utf-8")
        write_atomically(ws.root / path, apply_edits(text, file_edits))
    write_atomically(ws.content / linked.name / RECORD_FILE, linked.translations.dumps())
    return report


def accept(ws: Workspace, linked: LinkedGame, locales: list[str], keys: list[str]) -> int:
    """Records the present translations as made from the current source text; returns how many."""
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
    write_atomically(ws.content / linked.name / RECORD_FILE, linked.translations.dumps())
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
