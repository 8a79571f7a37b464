"""`i18n export`: every text and every label that counts of a game as a gettext PO file for one locale, or as a
template (POT) for any.

A PO entry is one text of one entity: `msgctxt` is its key (`denizen/alchemist/text`), `#:` its YAML file and line,
`#.` comments say what each placeholder stands for and that `[term]` tokens are icons to keep. A label that counts
(`label/cards_count/plural`) is a plural entry: the source's `one` form as msgid, its `other` form as msgid_plural,
and a msgstr[i] per CLDR category of the locale, in CLDR's order (`Plural-Forms` says so). An editors' text
(a note `note/denizen/alchemist`, a discrepancy's summary, a decision's question) is a plain entry too, its
translation kept in the translation record. A translation whose
source changed since it was made is exported fuzzy, with the source it was made from as `#| msgid`.

The header names the game and its content version and carries the date the content last changed (`last_change`),
so that exporting the same content gives the same bytes on every machine.
"""

from __future__ import annotations

import os
import re
import subprocess
from datetime import datetime, timezone

from .cldr import categories, plural_forms
from .files import is_temporary
from .link import FORM_SEPARATOR, PLACEHOLDER, TERM, LinkedGame, PluralEntry, TextEntry
from .editor_texts import NOTES_LOCALE, EditorText, editor_texts
from .pofile import PoMessage, format_po

FORM = re.compile(r"\{[a-z][a-z0-9_]*:[a-z][a-z0-9_]*\}")
"""`{seat:gen}`: a form of a message's argument."""
from .workspace import Workspace

TEMPLATE_FIELDS = [("PO-Revision-Date", "YEAR-MO-DA HO:MI+ZONE"), ("Last-Translator", "FULL NAME <EMAIL@ADDRESS>"),
                   ("Language-Team", "LANGUAGE <LL@li.org>"), ("Language", "")]
"""The fields of a template's header that belong to a translation: left as xgettext leaves them, for `msginit` or a
PO editor to fill in when a translation starts from the template."""
TEMPLATE_PLURAL_FORMS = "nplurals=INTEGER; plural=EXPRESSION;"


def last_change(ws: Workspace, game: str) -> datetime:
    """When the game's content last changed: SOURCE_DATE_EPOCH when set (the reproducible-builds convention); else
    the time of the last commit that changed content/GAME when git has no change of it beyond that commit; else
    (changes not committed, or no git) the newest modification time of its files."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    if epoch.isdigit():
        return datetime.fromtimestamp(int(epoch), timezone.utc)
    folder = f"content/{game}"
    status = _git(ws, "status", "--porcelain", "--untracked-files=all", "--", folder)
    committed = _git(ws, "log", "-1", "--format=%ct", "--", folder) if status == "" else None
    if committed is not None and committed.isdigit():
        return datetime.fromtimestamp(int(committed), timezone.utc)
    newest = max((os.lstat(path).st_mtime for path in ws.content_files(game) if not is_temporary(path)), default=0.0)
    return datetime.fromtimestamp(int(newest), timezone.utc)


def _git(ws: Workspace, *args: str) -> str | None:
    """git's output for the workspace, or None where it is no git checkout (or there is no git)."""
    try:
        done = subprocess.run(["git", "-C", str(ws.root), *args], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def _po_date(when: datetime) -> str:
    return when.astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M+0000")


def _notes(entry: TextEntry, source: str, locale: str | None) -> tuple[str, ...]:
    params = getattr(entry.owner, "params", None) or {}
    notes = [f"{{{name}}} is a number from the card ({params[name]} here): keep it"
             for name in dict.fromkeys(PLACEHOLDER.findall(source)) if name in params]
    args = list(getattr(entry.owner, "args", None) or ())
    if args:
        notes.append("a message (docs/translating.md): keep the arguments " + " ".join(f"{{{a}}}" for a in args))
    if "plural," in source:
        wanted = ", ".join(categories(locale)) if locale else "your language's CLDR categories"
        notes.append(f"{{name, plural, …}}: one branch per plural category ({wanted}); # prints the number")
    if FORM.search(source) or getattr(entry.owner, "arg_labels", None):
        notes.append("{name:form} prints a form (gen, dat …) its label declares in `forms` of labels.yaml")
    terms = sorted(set(TERM.findall(source)))
    if terms:
        notes.append("keep the icon tokens " + " ".join(f"[{t}]" for t in terms) + " (they print the term or icon)")
    return tuple(notes)


def _text_message(linked: LinkedGame, entry: TextEntry, locale: str | None) -> PoMessage | None:
    source_locale = linked.game.source_locale
    source = entry.value(source_locale)
    if source is None:
        return None
    translation = entry.value(locale) if locale is not None else None
    state = linked.translations.state(entry.key, locale, source, translation is not None) if locale else "missing"
    previous = linked.translations.previous_source(entry.key, locale) if locale and state == "outdated" else None
    return PoMessage(entry.key, source, (translation or "",), notes=_notes(entry, source, locale),
                     reference=f"{entry.path}:{entry.line}", fuzzy=state in ("outdated", "fuzzy"),
                     previous=(previous,) if previous is not None and previous != source else ())


def _plural_message(linked: LinkedGame, entry: PluralEntry, locale: str | None) -> PoMessage | None:
    source_locale = linked.game.source_locale
    source = entry.value(source_locale)
    if source is None:
        return None
    forms = source.split(FORM_SEPARATOR)
    notes = ["{count} prints the number counted: keep it"]
    if locale is None:
        notes.append("one msgstr per plural form of the language, in CLDR's order (zero, one, two, few, many, other)")
        msgstrs: tuple[str, ...] = ("", "")
        state = "missing"
    else:
        order = categories(locale)
        notes.append(f"msgstr[0] to msgstr[{len(order) - 1}] are the {locale!r} forms " + ", ".join(order) + " (CLDR)")
        translated = entry.plural.forms(locale) or {}
        msgstrs = tuple(translated.get(category, "") for category in order)
        state = linked.translations.state(entry.key, locale, source, bool(translated))
    source_forms = entry.plural.forms(source_locale) or {}
    if len(source_forms) > 2:
        notes.append(f"all the {source_locale!r} forms: " + "; ".join(f"{c}: {t}" for c, t in source_forms.items()))
    previous = linked.translations.previous_source(entry.key, locale) if locale and state == "outdated" else None
    before = previous.split(FORM_SEPARATOR) if previous is not None and previous != source else []
    return PoMessage(entry.key, forms[0], msgstrs, msgid_plural=forms[-1], notes=tuple(notes),
                     reference=f"{entry.path}:{entry.line}", fuzzy=state in ("outdated", "fuzzy"),
                     previous=(before[0], before[-1]) if before else ())


def _editor_message(linked: LinkedGame, note: EditorText, locale: str | None) -> PoMessage:
    """An editors' text: its translation is kept in the translation record, not in the YAML."""
    translation = note.translation(linked, locale) if locale is not None else None
    state = note.state(linked, locale) if locale is not None else "missing"
    previous = linked.translations.previous_source(note.key, locale) if locale and state == "outdated" else None
    comment = (f"{note.about} ({note.path}:{note.line}), which the proof edition prints: keep rule numbers, line "
               f"references (L123) and ids as they are")
    return PoMessage(note.key, note.text, (translation or "",), notes=(comment,),
                     reference=f"{note.path}:{note.line}", fuzzy=state in ("outdated", "fuzzy"),
                     previous=(previous,) if previous is not None and previous != note.text else ())


def _messages(linked: LinkedGame, locale: str | None) -> list[PoMessage]:
    """The entries of a locale's file. The source locale's texts are the originals, nothing to translate: its file
    holds only the editors' notes, when they are written in another language (Vindication: French, notes English)."""
    messages: list[PoMessage | None] = []
    if locale != linked.game.source_locale:
        messages += [_text_message(linked, entry, locale) for entry in linked.texts]
        messages += [_plural_message(linked, entry, locale) for entry in linked.plurals]
    if locale != NOTES_LOCALE:
        messages += [_editor_message(linked, text, locale) for text in editor_texts(linked)]
    return [message for message in messages if message is not None]


def _title(linked: LinkedGame) -> str:
    return linked.game.name.get(linked.game.source_locale) or linked.name


def _project(linked: LinkedGame) -> tuple[str, str]:
    """Project-Id-Version: the game and its content version (`i18n import` reads the game back from it)."""
    return "Project-Id-Version", f"lawforge {linked.name} {linked.game.version}"


MIME = [("MIME-Version", "1.0"), ("Content-Type", "text/plain; charset=UTF-8"), ("Content-Transfer-Encoding", "8bit")]


def export_po(linked: LinkedGame, locale: str, changed: datetime) -> bytes:
    """The PO file of `locale`: every text with its translation (empty where there is none yet)."""
    date = _po_date(changed)
    header = [_project(linked), ("POT-Creation-Date", date), ("PO-Revision-Date", date), ("Last-Translator", ""),
              ("Language-Team", ""), ("Language", locale), *MIME, ("Plural-Forms", plural_forms(locale))]
    comments = [f"{_title(linked)}: texts to translate into {locale}.",
                "Written by `lawforge i18n export`; bring it back with `lawforge i18n import`."]
    return format_po(comments, header, _messages(linked, locale))


def export_template(linked: LinkedGame, changed: datetime) -> bytes:
    """The template (POT) of every locale: each text of the source with an empty translation."""
    header = [_project(linked), ("POT-Creation-Date", _po_date(changed)), *TEMPLATE_FIELDS, *MIME,
              ("Plural-Forms", TEMPLATE_PLURAL_FORMS)]
    comments = [f"{_title(linked)}: every text to translate, a template for any language.",
                "Written by `lawforge i18n export --template`; a translation made from it comes back with "
                "`lawforge i18n import --locale L`."]
    return format_po(comments, header, _messages(linked, None), template=True)
