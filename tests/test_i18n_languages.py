"""Issue 22, any language: locales are data (game.yaml `locales`), and a fourth one is content only.

A copy of the mini workspace learns German end to end: declared in game.yaml, exported as a template, a few
strings filled in and imported, built, counted by `i18n status`, and read back by the runtime, in German where it
has the string and in the source language where it has not.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import polib

from conftest import diagnostics_of, run

LABELS = """\
# yaml-language-server: $schema=../../schemas/mini/label.schema.json
- id: cards_count
  plural:
    en: {one: "{count} card", other: "{count} cards"}
    fr: {one: "{count} carte", many: "{count} de cartes", other: "{count} cartes"}
    uk: {one: "{count} карта", few: "{count} карти", many: "{count} карт", other: "{count} карти"}
- id: your_choice
  text: {en: "Your choice", fr: "Votre choix", uk: "Ваш вибір"}
"""

GERMAN = {"game/mini/name": "Mini-Spiel", "region/cradle/name": "Wiege", "relic/cup/name": "Kelch",
          "relic/cup/text": "Erhalte {n} [favor] aus einer beliebigen Bank."}


def _with_labels(root: Path) -> Path:
    (root / "content/mini/labels.yaml").write_text(LABELS, encoding="utf-8")
    return root


def _declare(root: Path, locales: str) -> None:
    game = root / "content/mini/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("locales: [en, fr, uk]", f"locales: {locales}"),
                    encoding="utf-8")


RUNTIME = """
import json, sys
from lawforge.runtime import load, to_plain
game = load("mini", root=sys.argv[1])
cradle, beast = game.get("region", "cradle"), game.get("suit", "beast")
print(json.dumps({
    "locales": game.locales,
    "cradle": cradle.name.get("de", game.source_locale),
    "beast": beast.name.get("de", game.source_locale),
    "choice": game.label("your_choice", "de"),
    "cards": [game.count("cards_count", n, "de") for n in (1, 2, 0)],
    "shown": to_plain(game.get("relic", "cup"), "de", game.source_locale)["text"],
}, ensure_ascii=False))
"""


def test_a_fourth_language_is_content_only(mini: Path, tmp_path: Path) -> None:
    root = _with_labels(mini)
    _declare(root, "[en, fr, uk, de]")
    found = diagnostics_of(root)
    assert not [d for d in found if d.is_error]
    assert "missing 'de' translation" in {d.message for d in found}

    pot = tmp_path / "mini.pot"
    assert run("i18n", "export", "mini", "--template", "-o", str(pot), "--root", str(root)).exit_code == 0
    template = polib.pofile(str(pot))
    assert template.metadata["Language"] == "" and template.metadata["Plural-Forms"].startswith("nplurals=INTEGER")
    assert all(entry.msgstr == "" and not any(entry.msgstr_plural.values()) for entry in template)

    for entry in template:
        entry.msgstr = GERMAN.get(entry.msgctxt, "")
        if entry.msgctxt == "label/cards_count/plural":
            entry.msgstr_plural = {0: "{count} Karte", 1: "{count} Karten"}
    german = tmp_path / "de.po"
    template.save(str(german))
    result = run("i18n", "import", "mini", str(german), "--locale", "de", "--root", str(root))
    assert result.exit_code == 0, result.output
    assert "imported 5, unchanged 0, refused 0" in result.output
    assert 'name: {en: Cradle, fr: Cradle, uk: Центр, de: "Wiege"}' in \
        (root / "content/mini/regions.yaml").read_text(encoding="utf-8")
    assert 'uk: {one: "{count} карта", few: "{count} карти", many: "{count} карт", other: "{count} карти"}\n' \
           '    de: {one: "{count} Karte", other: "{count} Karten"}\n' in \
        (root / "content/mini/labels.yaml").read_text(encoding="utf-8")

    status = json.loads(run("i18n", "status", "mini", "--locale", "de", "--format", "json", "--root", str(root)).output)
    done = {row["kind"]: (row["translated"], row["missing"]) for row in status}
    assert {row["locale"] for row in status} == {"de"}
    assert done["region"] == (1, 0) and done["label"] == (1, 1) and done["relic"] == (2, 0)

    built = run("build", "mini", "--no-sheets", "--root", str(root))
    assert built.exit_code == 0, built.output
    said = json.loads(subprocess.run([sys.executable, "-c", RUNTIME, str(root)], capture_output=True, text=True,
                                     check=True).stdout)
    assert said == {"locales": ["en", "fr", "uk", "de"], "cradle": "Wiege", "beast": "Beast",
                    "choice": "Your choice", "cards": ["1 Karte", "2 Karten", "0 Karten"],
                    "shown": "Erhalte {n} [favor] aus einer beliebigen Bank."}
    assert "def _de(n: int) -> str:" in (root / "generated/mini/plurals.py").read_text(encoding="utf-8")


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


def test_a_plural_translated_without_its_source_is_an_error(mini: Path) -> None:
    labels = _with_labels(mini) / "content/mini/labels.yaml"
    labels.write_text(labels.read_text(encoding="utf-8").replace('    en: {one: "{count} card", other: "{count} cards"}\n',
                                                                 ""), encoding="utf-8")
    found = [(d.path, d.line, d.col, d.code, d.message) for d in diagnostics_of(mini) if d.is_error]
    assert found == [("content/mini/labels.yaml", 4, 5, "missing-source-text",
                      "plural has translations but no 'en' source forms")]
