"""Player-facing text in each locale, as the generated content carries it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, kw_only=True)
class Text:
    en: str | None = None
    fr: str | None = None
    uk: str | None = None

    def get(self, locale: str, fallback: str | None = "en") -> str | None:
        """The text in `locale`, else in `fallback` (the game's source locale), else None."""
        value: str | None = getattr(self, locale, None)
        if value is None and fallback is not None:
            value = getattr(self, fallback, None)
        return value
