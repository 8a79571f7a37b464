"""Player-facing text in each locale, as the generated content carries it.

Which locales a game has is data (its game.yaml `locales`, the generated MANIFEST's `locales`), so these classes hold
whatever locales they are given: `Text(en="Cradle", uk="Колиска")`. A text missing in a locale is read in the game's
source locale instead (docs/translating.md, the fallback rule).
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

V = TypeVar("V")


class _ByLocale(Generic[V]):
    """An immutable value per locale code; `x.uk` reads the value in `uk` (None where there is none)."""

    __slots__ = ("_values",)
    _values: dict[str, V]

    def __init__(self, **values: V | None) -> None:
        object.__setattr__(self, "_values", {locale: value for locale, value in values.items() if value is not None})

    def __getattr__(self, locale: str) -> V | None:
        if locale.startswith("_"):
            raise AttributeError(locale)
        return self._values.get(locale)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuild, (type(self), self._values)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _ByLocale) and type(other) is type(self) and other._values == self._values

    def __hash__(self) -> int:
        return hash((type(self).__name__, tuple(sorted(self._values.items()))))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in self._values.items())})"

    @property
    def locales(self) -> tuple[str, ...]:
        """The locales that have a value, in the order the content gives them."""
        return tuple(self._values)


def _rebuild(cls: type[_ByLocale[Any]], values: dict[str, Any]) -> _ByLocale[Any]:
    return cls(**values)


class Text(_ByLocale[str]):
    """A player-facing string in each locale it is written in."""

    def get(self, locale: str, fallback: str | None = "en") -> str | None:
        """The text in `locale`, else in `fallback` (pass the game's source locale), else None."""
        value = self._values.get(locale)
        if value is None and fallback is not None:
            value = self._values.get(fallback)
        return value

    def as_dict(self) -> dict[str, str]:
        return dict(self._values)


class PluralText(_ByLocale[tuple[tuple[str, str], ...]]):
    """A label that counts: per locale, its text for each CLDR plural category, `(("one", "{count} card"), …)`."""

    def forms(self, locale: str) -> dict[str, str] | None:
        """Category → text in `locale`, or None when the label has no forms in it."""
        forms = self._values.get(locale)
        return dict(forms) if forms is not None else None
