"""Which version of the source text each translation was made from: `content/<game>/translations.json`.

A translation is *outdated* when its source text has changed since it was made, and *fuzzy* when
it came in unconfirmed (a fuzzy entry of a PO file). The record keeps each source text once, by
hash, so that an export can show translators the previous source next to the new one.

The editors' notes (`note:` of an entry not verified) are English free text outside the content's locale
mappings; their translations live here too, in `notes` (note key → locale → text), and age like any other.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

RECORD_FILE = "translations.json"
FUZZY = "fuzzy:"


def source_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


@dataclass
class TranslationRecord:
    sources: dict[str, str] = field(default_factory=dict)
    """Source hash → source text."""
    made_from: dict[str, dict[str, str]] = field(default_factory=dict)
    """Text key → locale → hash of the source it was translated from (FUZZY-prefixed if unconfirmed)."""
    notes: dict[str, dict[str, str]] = field(default_factory=dict)
    """Note key (`note/<kind>/<id>`) → locale → the translation of the editor's note."""

    @classmethod
    def load(cls, path: Path) -> TranslationRecord:
        try:
            return cls.parse(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return cls()
        except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
            raise RecordError(f"not a translation record ({exc}); restore it from version control") from None

    @classmethod
    def parse(cls, text: str) -> TranslationRecord:
        """The record written as JSON by `dumps`; ValueError says how `text` is not one."""
        data = json.loads(text)
        if not isinstance(data, dict) or not {"sources", "made_from"} <= set(data) <= {"sources", "made_from", "notes"}:
            raise ValueError('expected an object with "sources", "made_from" and optionally "notes"')
        sources, made_from, notes = data["sources"], data["made_from"], data.get("notes", {})
        if not _str_map(sources):
            raise ValueError('"sources" must map source hashes to texts')
        if not isinstance(made_from, dict) or not all(isinstance(k, str) and _str_map(v) for k, v in made_from.items()):
            raise ValueError('"made_from" must map text keys to {locale: source hash}')
        if not isinstance(notes, dict) or not all(isinstance(k, str) and _str_map(v) for k, v in notes.items()):
            raise ValueError('"notes" must map note keys to {locale: translation}')
        return cls(dict(sources), {k: dict(v) for k, v in made_from.items()}, {k: dict(v) for k, v in notes.items()})

    def state(self, key: str, locale: str, source: str, translated: bool) -> str:
        """missing, translated, outdated or fuzzy. A translation never recorded counts as translated."""
        if not translated:
            return "missing"
        made = self.made_from.get(key, {}).get(locale)
        if made is None:
            return "translated"
        if made.startswith(FUZZY):
            return "fuzzy"
        return "translated" if made == source_hash(source) else "outdated"

    def previous_source(self, key: str, locale: str) -> str | None:
        made = self.made_from.get(key, {}).get(locale)
        return self.sources.get(made.removeprefix(FUZZY)) if made else None

    def record(self, key: str, locale: str, source: str, *, fuzzy: bool = False) -> None:
        digest = source_hash(source)
        self.sources[digest] = source
        self.made_from.setdefault(key, {})[locale] = (FUZZY if fuzzy else "") + digest

    def note(self, key: str, locale: str) -> str | None:
        """The translation of an editor's note into `locale`, if there is one."""
        return self.notes.get(key, {}).get(locale)

    def record_note(self, key: str, locale: str, source: str, translation: str, *, fuzzy: bool = False) -> None:
        self.notes.setdefault(key, {})[locale] = translation
        self.record(key, locale, source, fuzzy=fuzzy)

    def dumps(self) -> str:
        """Deterministic JSON; source texts no translation refers to any more are dropped; `notes` only when
        there are some."""
        used = {made.removeprefix(FUZZY) for locales in self.made_from.values() for made in locales.values()}
        body: dict[str, object] = {
            "sources": {h: t for h, t in sorted(self.sources.items()) if h in used},
            "made_from": {k: dict(sorted(v.items())) for k, v in sorted(self.made_from.items())}}
        if self.notes:
            body["notes"] = {k: dict(sorted(v.items())) for k, v in sorted(self.notes.items())}
        return json.dumps(body, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def _str_map(value: object) -> bool:
    return isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items())


class RecordError(Exception):
    """The translation record file is damaged."""
