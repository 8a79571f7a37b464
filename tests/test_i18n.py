"""The translation workflow: coverage, the PO round trip, refusals, outdated texts, plurals, glossary."""

from __future__ import annotations

import json
from pathlib import Path

import polib

from conftest import REPO, diagnostics_of, pdf_pages, run, seed_sheet_cache

def _content_bytes(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted((root / "content").rglob("*.yaml"))}


def test_status_counts_every_state(mini: Path) -> None:
    relics = mini / "content/mini/relics.yaml"
    relics.write_text(relics.read_text().replace('    uk: "Отримайте {n} [favor] з будь-якого запасу масті."\n', ""))
    result = run("i18n", "status", "--root", str(mini), "--format", "json")
    rows = {(r["locale"], r["kind"]): r for r in json.loads(result.output)}
    assert rows[("uk", "relic")]["missing"] == 1 and rows[("uk", "relic")]["translated"] == 1
    assert rows[("uk", "relic")]["percent"] == 50.0
    assert rows[("en", "relic")]["translated"] == 2


def test_export_then_import_changes_no_byte(oath_ws: Path, tmp_path: Path) -> None:
    before = _content_bytes(oath_ws)
    po = tmp_path / "uk.po"
    assert run("i18n", "export", "oath", "--locale", "uk", "-o", str(po), "--root", str(oath_ws)).exit_code == 0
    result = run("i18n", "import", "oath", str(po), "--root", str(oath_ws))
    assert result.exit_code == 0, result.output
    assert _content_bytes(oath_ws) == before


def test_po_entries_carry_context_location_and_notes(oath_ws: Path, tmp_path: Path) -> None:
    po_path = tmp_path / "fr.po"
    run("i18n", "export", "oath", "--locale", "fr", "-o", str(po_path), "--root", str(oath_ws))
    po = polib.pofile(str(po_path))
    entry = po.find("denizen/alchemist/text", by="msgctxt")
    assert entry is not None and entry.msgid == "**Action**: Gain {n} [favor] from any favor bank or banks."
    assert entry.occurrences == [("content/oath/denizens/arcane.yaml", "7")]
    assert "{n} is a number from the card (4 here): keep it" in entry.comment
    assert po.metadata["Language"] == "fr" and "nplurals=" in po.metadata["Plural-Forms"]


def test_round_trip_through_a_po_editor_reaches_the_pdf(oath_ws: Path, tmp_path: Path,
                                                       oath_player_sheets: None) -> None:
    seed_sheet_cache(oath_ws, "oath")
    po_path = tmp_path / "uk.po"
    run("i18n", "export", "oath", "--locale", "uk", "-o", str(po_path), "--root", str(oath_ws))
    po = polib.pofile(str(po_path))
    entry = po.find("region/hinterland/name", by="msgctxt")
    assert entry is not None
    entry.msgstr = "Дикий Край"
    po.save()
    result = run("i18n", "import", "oath", str(po_path), "--root", str(oath_ws))
    assert result.exit_code == 0 and "imported 1," in result.output
    regions = (oath_ws / "content/oath/regions.yaml").read_text()
    assert 'uk: "Дикий Край"' in regions
    out = tmp_path / "sheets"
    assert run("sheets", "oath", "--locale", "uk", "--out", str(out), "--root", str(oath_ws)).exit_code == 0
    text = " ".join(pdf_pages(out / "oath.uk.pdf"))
    assert "Дикий Край" in text


def test_broken_entries_are_refused_and_nothing_is_written(oath_ws: Path, tmp_path: Path) -> None:
    po_path = tmp_path / "uk.po"
    run("i18n", "export", "oath", "--locale", "uk", "-o", str(po_path), "--root", str(oath_ws))
    po = polib.pofile(str(po_path))
    changes = {"denizen/alchemist/text": "Отримайте {m} [favor].", "site/mine/text": "Візьміть [favr].",
               "region/cradle/name": "Колиска"}
    for key, value in changes.items():
        po.find(key, by="msgctxt").msgstr = value  # type: ignore[union-attr]
    po.append(polib.POEntry(msgctxt="denizen/no_such_card/text", msgid="x", msgstr="y"))
    po.save()
    before = _content_bytes(oath_ws)
    result = run("i18n", "import", "oath", str(po_path), "--root", str(oath_ws))
    assert result.exit_code == 1
    assert "denizen/alchemist/text: placeholders ['m'] differ from the source's ['n']" in result.output
    assert "site/mine/text: [favr] is no glossary term" in result.output
    assert "no text 'denizen/no_such_card/text' in oath" in result.output
    assert "nothing was imported: 3 refused" in result.output
    assert _content_bytes(oath_ws) == before  # all or nothing: the good entry (Колиска) waits for the others


def test_a_source_change_makes_translations_outdated_then_fuzzy(oath_ws: Path, tmp_path: Path) -> None:
    assert run("i18n", "accept", "oath", "--root", str(oath_ws)).exit_code == 0
    regions = oath_ws / "content/oath/regions.yaml"
    regions.write_text(regions.read_text().replace("name: {en: Cradle,", "name: {en: The Cradle,"))
    result = run("i18n", "status", "oath", "--root", str(oath_ws), "--format", "json")
    rows = {(r["locale"], r["kind"]): r for r in json.loads(result.output)}
    assert rows[("uk", "region")]["outdated"] == 1 and rows[("fr", "region")]["outdated"] == 1
    check = run("check", "oath", "--root", str(oath_ws))
    assert "warning[outdated-translation]: 'uk' text was translated from an older source text" in check.output
    po_path = tmp_path / "uk.po"
    run("i18n", "export", "oath", "--locale", "uk", "-o", str(po_path), "--root", str(oath_ws))
    entry = polib.pofile(str(po_path)).find("region/cradle/name", by="msgctxt")
    assert entry is not None and entry.fuzzy and entry.previous_msgid == "Cradle" and entry.msgid == "The Cradle"
    assert run("i18n", "accept", "oath", "region/cradle/name", "--root", str(oath_ws)).exit_code == 0
    rows = {(r["locale"], r["kind"]): r for r in json.loads(run("i18n", "status", "oath", "--root", str(oath_ws),
                                                                  "--format", "json").output)}
    assert rows[("uk", "region")]["outdated"] == 0


def test_oath_root_and_vindication_are_fully_translated() -> None:
    """Every text, and the editors' texts too: notes (kind `note`) and discrepancy summaries (`discrepancy`)."""
    games = ("oath", "root", "vindication")
    rows = json.loads(run("i18n", "status", *games, "--root", str(REPO), "--format", "json").output)
    assert [r for r in rows if r["percent"] != 100.0] == []
    for kind in ("note", "discrepancy"):
        assert {(r["game"], r["locale"]) for r in rows if r["kind"] == kind} == \
            {(game, locale) for game in games for locale in ("en", "fr", "uk")}


def test_the_decisions_and_discrepancies_of_margraves_are_translated() -> None:
    rows = json.loads(run("i18n", "status", "margraves", "--root", str(REPO), "--format", "json").output)
    done = {(r["locale"], r["kind"]): (r["translated"], r["missing"]) for r in rows}
    for locale in ("en", "fr", "uk"):
        assert done[(locale, "decision")] == (57, 0) and done[(locale, "discrepancy")] == (4, 0)


def test_plural_forms_follow_cldr(mini: Path) -> None:
    labels = mini / "content/mini/labels.yaml"
    labels.write_text("# yaml-language-server: $schema=../../schemas/mini/label.schema.json\n"
                      "- id: cards\n  plural:\n    en: {one: \"{count} card\", other: \"{count} cards\"}\n"
                      "    fr: {one: \"{count} carte\", other: \"{count} cartes\"}\n"
                      "    uk: {one: \"{count} карта\", few: \"{count} карти\", many: \"{count} карт\"}\n")
    found = [(d.line, d.col, d.code, d.message) for d in diagnostics_of(mini)]
    assert found == [
        (5, 9, "plural-forms", "'fr' plural lacks many (CLDR categories of 'fr': many, one, other)"),
        (6, 9, "plural-forms", "'uk' plural lacks other (CLDR categories of 'uk': few, many, one, other)"),
    ]


def test_sheet_counts_in_each_language() -> None:
    from lawforge.compiler.frontend import check_game
    from lawforge.compiler.sheettext import Localizer
    from lawforge.compiler.workspace import Workspace

    linked, _ = check_game(Workspace.open(REPO), "oath")
    assert linked is not None
    said = {loc: [Localizer(linked, loc, False).count("cards_count", n) for n in (1, 3, 5, 21, 0)]
            for loc in ("en", "fr", "uk")}
    assert said["en"] == ["1 card", "3 cards", "5 cards", "21 cards", "0 cards"]
    assert said["fr"] == ["1 carte", "3 cartes", "5 cartes", "21 cartes", "0 carte"]
    assert said["uk"] == ["1 карта", "3 карти", "5 карт", "21 карта", "0 карт"]


def test_glossary_terms_are_enforced(mini: Path) -> None:
    suits = mini / "content/mini/suits.yaml"
    suits.write_text(suits.read_text().replace('uk: "Отримайте [favor]."', 'uk: "Отримайте [favor] фавор."')
                     .replace('flavor: {en: "Gain [favor].", fr: "Gagnez une [favor].",',
                              'flavor: {en: "Gain [favor]. A favor.", fr: "Gagnez une [favor]. Une chose.",'))
    found = [(d.code, d.message, d.hint) for d in diagnostics_of(mini)]
    assert found == [("glossary-term", "the source uses the term 'favor'; the 'fr' text should use its approved "
                      "translation", "glossary: faveur")]


def test_tbx_export_lists_every_term(tmp_path: Path) -> None:
    out = tmp_path / "oath.tbx"
    result = run("i18n", "tbx", "oath", "-o", str(out), "--root", str(REPO))
    assert result.exit_code == 0, result.output
    tbx = out.read_text()
    assert tbx.startswith("<?xml") and tbx.count("<termEntry ") == 129
    assert '<langSet xml:lang="uk"><tig><term>загін</term></tig>' in tbx


def test_preview_marks_outdated_translations_and_sheets_print_numbers(oath_ws: Path) -> None:
    from lawforge.compiler.frontend import check_game
    from lawforge.compiler.sheets import render_html
    from lawforge.compiler.workspace import Workspace

    assert run("i18n", "accept", "oath", "--root", str(oath_ws)).exit_code == 0
    regions = oath_ws / "content/oath/regions.yaml"
    regions.write_text(regions.read_text().replace("name: {en: Hinterland,", "name: {en: The Hinterland,"))
    linked, _ = check_game(Workspace.open(oath_ws), "oath")
    assert linked is not None
    preview = render_html(linked, "uk", preview=True)
    assert '<span class="outdated preview">Глибинка</span>' in preview
    assert 'class="outdated preview"' not in render_html(linked, "uk")
    assert "отримайте 4 <span" in preview.lower() and "{n}" not in preview


def test_runtime_plurals_agree_with_cldr() -> None:
    from babel import Locale

    from lawforge.runtime import load

    oath = load("oath")
    for locale in ("en", "fr", "uk"):
        rule = Locale.parse(locale).plural_form
        assert [oath.plurals.category(locale, n) for n in range(0, 2001)] == [rule(n) for n in range(0, 2001)]
    assert [oath.count("cards_count", n, "uk") for n in (1, 2, 5, 11, 21, 22)] == [
        "1 карта", "2 карти", "5 карт", "11 карт", "21 карта", "22 карти"]
