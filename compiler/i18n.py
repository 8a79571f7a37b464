"""Translation commands beside the PO round trip: accepting translations as current, and the glossary as TBX."""

from __future__ import annotations

import difflib
from pathlib import Path

from .link import LinkedGame
from .lock import Transaction, WorkspaceLock
from .translations import RECORD_FILE
from .workspace import Workspace


def stage_record(tx: Transaction, ws: Workspace, linked: LinkedGame) -> Path | None:
    """Stages the translation record, unless it would not change; returns the staged file."""
    path = ws.content / linked.name / RECORD_FILE
    data = linked.translations.dumps().encode("utf-8")
    try:
        current = path.read_bytes()
    except OSError:
        current = None
    return tx.stage(path, data) if data != current else None


def unknown_keys(linked: LinkedGame, keys: list[str]) -> list[str]:
    """A message for each key that names no text of the game, with the nearest key when one is close."""
    known = [entry.key for entry in linked.translatable]
    messages = []
    for key in dict.fromkeys(keys):
        if key in known:
            continue
        close = difflib.get_close_matches(key, known, n=1)
        messages.append(f"no text {key!r} in {linked.name}" + (f" (did you mean {close[0]!r}?)" if close else ""))
    return messages


def accept(lock: WorkspaceLock, linked: LinkedGame, locales: list[str], keys: list[str]) -> int:
    """Records the present translations (of `keys`, or of every text and counting label) as made from the current
    source text; returns how many."""
    source = linked.game.source_locale
    count = 0
    for entry in linked.translatable:
        original = entry.value(source)
        if original is None or (keys and entry.key not in keys):
            continue
        for locale in locales:
            if locale != source and entry.value(locale) is not None:
                linked.translations.record(entry.key, locale, original)
                count += 1
    with lock.transaction() as tx:
        stage_record(tx, lock.ws, linked)
        tx.commit()
    return count


def export_tbx(linked: LinkedGame) -> str:
    """The glossary as TBX (TermBase eXchange), for translation tools: one entry per term, its
    name and accepted forms in each locale, and its definition."""
    from xml.sax.saxutils import escape, quoteattr

    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<martif type="TBX" xml:lang={quoteattr(linked.game.source_locale.replace("_", "-"))}>',
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
            lines.append(f"<langSet xml:lang={quoteattr(locale.replace('_', '-'))}>{tigs}{described}</langSet>")
        lines.append("</termEntry>")
    lines += ["</body></text>", "</martif>"]
    return "\n".join(lines) + "\n"
