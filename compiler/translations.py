"""Which version of the source text each translation was made from: `content/<game>/translations.json`.

A translation is *outdated* when its source text has changed since it was made, and *fuzzy* when
it came in unconfirmed (a fuzzy entry of a PO file). The record keeps each source text once, by
hash, so that an export can show translators the previous source next to the new one.
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
        if not isinstance(data, dict) or set(data) != {"sources", "made_from"}:
            raise ValueError('expected an object with "sources" and "made_from"')
        sources, made_from = data["sources"], data["made_from"]
        if not _str_map(sources):
            raise ValueError('"sources" must map source hashes to texts')
        if not isinstance(made_from, dict) or not all(isinstance(k, str) and _str_map(v) for k, v in made_from.items()):
            raise ValueError('"made_from" must map text keys to {locale: source hash}')
        return cls(dict(sources), {k: dict(v) for k, v in made_from.items()})

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

    def dumps(self) -> str:
        """Deterministic JSON; source texts no translation refers to any more are dropped."""
        used = {made.removeprefix(FUZZY) for locales in self.made_from.values() for made in locales.values()}
        body = {"sources": {h: t for h, t in sorted(self.sources.items()) if h in used},
                "made_from": {k: dict(sorted(v.items())) for k, v in sorted(self.made_from.items())}}
        return json.dumps(body, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def _str_map(value: object) -> bool:
    return isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items())


class RecordError(Exception):
    """The translation record file is damaged."""
