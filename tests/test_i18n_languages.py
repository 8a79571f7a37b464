"""Issue 22, any language: locales are data (game.yaml `locales`), checked where they are written."""

from __future__ import annotations

from pathlib import Path

from conftest import diagnostics_of

LABELS = """\
# yaml-language-server: $schema=../../schemas/oath/label.schema.json
- id: cards_count
  plural:
    en: {one: "{count} card", other: "{count} cards"}
    fr: {one: "{count} carte", many: "{count} de cartes", other: "{count} cartes"}
    uk: {one: "{count} карта", few: "{count} карти", many: "{count} карт", other: "{count} карти"}
- id: your_choice
  text: {en: "Your choice", fr: "Votre choix", uk: "Ваш вибір"}
"""


def _with_labels(root: Path) -> Path:
    (root / "content/mini/labels.yaml").write_text(LABELS, encoding="utf-8")
    return root


def _declare(root: Path, locales: str) -> None:
    game = root / "content/mini/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("locales: [en, fr, uk]", f"locales: {locales}"),
                    encoding="utf-8")


def test_a_locale_cldr_does_not_know_is_an_error_at_its_place(mini: Path) -> None:
    _declare(mini, "[en, fr, uk, xx]")
    found = [(d.path, d.line, d.col, d.code, d.message) for d in diagnostics_of(mini) if d.is_error]
    assert found == [("content/mini/game.yaml", 6, 23, "unknown-locale",
                      "CLDR has no locale 'xx': no plural rules, nothing to translate into")]


def test_a_malformed_locale_code_is_an_error_at_its_place(mini: Path) -> None:
    _declare(mini, "[en, fr, uk, de-DE]")
    regions = mini / "content/mini/regions.yaml"
    regions.write_text(regions.read_text(encoding="utf-8").replace("uk: Центр}", "uk: Центр, DE: Wiege}"),
                       encoding="utf-8")
    found = [(d.path, d.line, d.col, d.code, d.message) for d in diagnostics_of(mini) if d.is_error]
    assert found == [
        ("content/mini/game.yaml", 6, 23, "bad-locale", "locales: text 'de-DE' is not a locale code (a language as "
         "CLDR writes it, then optionally a script and a region: en, uk, pt_BR, sr_Latn)"),
        ("content/mini/regions.yaml", 3, 45, "bad-locale", "name: text 'DE' is not a locale code (a language as "
         "CLDR writes it, then optionally a script and a region: en, uk, pt_BR, sr_Latn)"),
    ]


def test_a_text_in_a_locale_the_game_does_not_declare_is_an_error_at_its_key(mini: Path) -> None:
    regions = mini / "content/mini/regions.yaml"
    regions.write_text(regions.read_text(encoding="utf-8").replace("uk: Центр}", "uk: Центр, de: Wiege}"),
                       encoding="utf-8")
    labels = _with_labels(mini) / "content/mini/labels.yaml"
    labels.write_text(labels.read_text(encoding="utf-8").replace("    en: {one:", "    pl: {one: x}\n    en: {one:"),
                      encoding="utf-8")
    found = [(d.path, d.line, d.col, d.code, d.message, d.hint) for d in diagnostics_of(mini) if d.is_error]
    hint = "declare a new language in game.yaml `locales` (docs/translating.md)"
    assert found == [
        ("content/mini/labels.yaml", 4, 5, "unknown-locale", "'pl' is not a locale of mini (locales: en, fr, uk)", hint),
        ("content/mini/regions.yaml", 3, 45, "unknown-locale", "'de' is not a locale of mini (locales: en, fr, uk)",
         hint),
    ]
