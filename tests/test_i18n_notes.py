"""Issue 22: the editors' notes translated like other texts, through the PO files, kept in translations.json, and
printed by the proof in the sheet's language."""

from __future__ import annotations

import json
from pathlib import Path

import polib
import pytest
from markupsafe import escape

from conftest import REPO, diagnostics_of, run

NOTE = "From the card list (L2, rule 4.3.1)."
KEY = "note/suit/arcane"


@pytest.fixture
def noted(mini: Path) -> Path:
    """The mini workspace with one editor's note, on the suit `arcane`, not verified."""
    suits = mini / "content/mini/suits.yaml"
    text = suits.read_text(encoding="utf-8")
    suits.write_text(text.replace("status: verified", f'status: unverified\n  note: "{NOTE}"', 1), encoding="utf-8")
    return mini


def _export(root: Path, locale: str) -> tuple[Path, polib.POFile]:
    path = root / f"mini.{locale}.po"
    assert run("i18n", "export", "mini", "--locale", locale, "-o", str(path), "--root", str(root)).exit_code == 0
    return path, polib.pofile(str(path))


def _import_note(root: Path, locale: str, translation: str) -> tuple[Path, object]:
    path, po = _export(root, locale)
    entry = po.find(KEY, by="msgctxt")
    assert entry is not None
    entry.msgstr = translation
    po.save(str(path))
    return path, run("i18n", "import", "mini", str(path), "--root", str(root))


def _note_counts(root: Path, locale: str) -> dict[str, int]:
    rows = json.loads(run("i18n", "status", "mini", "--locale", locale, "--format", "json", "--root",
                          str(root)).output)
    row = next(row for row in rows if row["kind"] == "note")
    return {state: row[state] for state in ("translated", "missing", "outdated", "fuzzy")}


def test_a_note_goes_through_po_and_ages_with_its_english(noted: Path) -> None:
    _, po = _export(noted, "fr")
    entry = po.find(KEY, by="msgctxt")
    assert entry is not None and entry.msgid == NOTE and entry.msgstr == ""
    assert "an editor's note" in entry.comment and "content/mini/suits.yaml:" in entry.comment
    assert entry.occurrences[0][0] == "content/mini/suits.yaml"
    assert _note_counts(noted, "fr") == {"translated": 0, "missing": 1, "outdated": 0, "fuzzy": 0}

    _, result = _import_note(noted, "fr", "D’après la liste des cartes (L2, règle 4.3.1).")
    assert result.exit_code == 0, result.output
    record = json.loads((noted / "content/mini/translations.json").read_text(encoding="utf-8"))
    assert record["notes"] == {KEY: {"fr": "D’après la liste des cartes (L2, règle 4.3.1)."}}
    assert _note_counts(noted, "fr") == {"translated": 1, "missing": 0, "outdated": 0, "fuzzy": 0}
    assert _note_counts(noted, "uk")["missing"] == 1

    suits = noted / "content/mini/suits.yaml"
    suits.write_text(suits.read_text(encoding="utf-8").replace(NOTE, "From the card list (L2)."), encoding="utf-8")
    assert _note_counts(noted, "fr") == {"translated": 0, "missing": 0, "outdated": 1, "fuzzy": 0}
    _, po = _export(noted, "fr")
    entry = po.find(KEY, by="msgctxt")
    assert entry is not None and entry.fuzzy and entry.previous_msgid == NOTE
    listed = run("i18n", "status", "mini", "--locale", "fr", "--incomplete", "--root", str(noted)).output
    assert KEY in listed and "outdated" in listed


@pytest.mark.parametrize(("translation", "reason"), [
    ("D’après la liste {n des cartes (L2, règle 4.3.1).", "a broken placeholder"),
    ("D’après la liste des cartes {n} (L2, règle 4.3.1).", "placeholders ['n'] differ from the note's []"),
    ("D’après la liste des cartes (L3, règle 4.3.1).", "line references and rule numbers ['4.3.1', 'L3'] differ"),
])
def test_a_broken_note_translation_is_refused(noted: Path, translation: str, reason: str) -> None:
    path, result = _import_note(noted, "fr", translation)
    assert result.exit_code == 1 and f"{path}:" in result.output and f"{KEY}: {reason}" in result.output
    assert "nothing was imported" in result.output
    assert not (noted / "content/mini/translations.json").exists()


def test_a_note_key_the_game_lacks_is_refused(noted: Path) -> None:
    path, po = _export(noted, "fr")
    entry = po.find(KEY, by="msgctxt")
    assert entry is not None
    entry.msgctxt, entry.msgstr = "note/suit/nowhere", "Nulle part."
    po.save(str(path))
    result = run("i18n", "import", "mini", str(path), "--root", str(noted))
    assert result.exit_code == 1 and "no text 'note/suit/nowhere' in mini" in result.output


def test_the_source_locale_file_brings_only_the_notes(noted: Path) -> None:
    """A game written in French with English notes (Vindication): the French file holds the notes alone, and a text
    of the source in it is refused."""
    game = noted / "content/mini/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("source_locale: en", "source_locale: fr"),
                    encoding="utf-8")
    path, po = _export(noted, "fr")
    assert [entry.msgctxt for entry in po] == [KEY]
    assert _export(noted, "en")[1].find(KEY, by="msgctxt") is None  # the notes' own language: nothing to translate
    path, result = _import_note(noted, "fr", "D’après la liste des cartes (L2, règle 4.3.1).")
    assert result.exit_code == 0, result.output
    assert _note_counts(noted, "fr")["translated"] == 1
    with path.open("a", encoding="utf-8") as po_file:
        po_file.write('\nmsgctxt "suit/arcane/name"\nmsgid "Arcane"\nmsgstr "Arcanes"\n')
    result = run("i18n", "import", "mini", str(path), "--root", str(noted))
    assert result.exit_code == 1
    assert "suit/arcane/name is a text of the source locale 'fr': edit it in the YAML" in result.output


@pytest.mark.parametrize("game", ["oath", "root", "vindication", "margraves"])
def test_the_proof_prints_the_editors_texts_in_its_language(game: str) -> None:
    """The proof's appendix in uk prints the translation of a note, a discrepancy's summary and (Margraves) a
    decision's question, and not their English; without a translation, the English marked untranslated."""
    from dataclasses import replace

    from lawforge.compiler.editor_texts import editor_texts
    from lawforge.compiler.frontend import check_game
    from lawforge.compiler.sheets import render_html
    from lawforge.compiler.translations import TranslationRecord
    from lawforge.compiler.workspace import Workspace

    linked, _ = check_game(Workspace.open(REPO), game)
    assert linked is not None
    printed = [text for text in editor_texts(linked) if "/option/" not in text.key  # only the chosen option prints
               and "/" not in text.text]  # printed as written: no commit hash to shorten

    def shown(text: str) -> str:
        """As the typesetter writes it, but for apostrophes (it makes some typographic)."""
        return str(escape(text)).replace("&#39;", "'").replace("’", "'")

    kinds = ["note", "discrepancy"] + (["decision"] if game == "margraves" else [])
    chosen = [max((text for text in printed if text.kind == kind), key=lambda text: len(text.text)) for kind in kinds]
    proof = render_html(linked, "uk", edition="proof").replace("’", "'")
    bare = replace(linked, translations=TranslationRecord())
    untranslated = render_html(bare, "uk", edition="proof").replace("’", "'")
    for text in chosen:
        translation = linked.translations.note(text.key, "uk")
        if translation is None and (game, text.kind) == ("margraves", "note"):
            continue  # Margraves' notes are translated on another branch: then this checks them too
        assert translation, text.key
        assert shown(translation) in proof and shown(text.text) not in proof, text.key
    for text in chosen:
        assert f'<span class="untranslated" lang="en">{shown(text.text)}</span>' in untranslated, text.key


SUMMARY = "The card list (L2) names two suits; rule 4.3.1 names three. We follow the card list."
DISCREPANCY = "discrepancy/suit_count/summary"


@pytest.fixture
def discrepant(mini: Path) -> Path:
    """The mini workspace with one discrepancy, whose summary is an editors' text."""
    (mini / "content/mini/discrepancies.yaml").write_text(
        "# yaml-language-server: $schema=../../schemas/mini/discrepancy.schema.json\n"
        f'- id: suit_count\n  rule: "4.3.1"\n  summary: "{SUMMARY}"\n  follow: rules\n'
        '  source: [{doc: rules, line: 2, quote: "There are two suits"}]\n  status: verified\n', encoding="utf-8")
    return mini


def test_a_discrepancy_summary_goes_through_po_and_ages_with_its_english(discrepant: Path) -> None:
    path, po = _export(discrepant, "uk")
    entry = po.find(DISCREPANCY, by="msgctxt")
    assert entry is not None and entry.msgid == SUMMARY and entry.msgstr == ""
    assert entry.comment.startswith("the summary of the discrepancy 'suit_count' (content/mini/discrepancies.yaml:4)")
    assert entry.occurrences == [("content/mini/discrepancies.yaml", "4")]
    rows = json.loads(run("i18n", "status", "mini", "--locale", "uk", "--format", "json", "--root",
                          str(discrepant)).output)
    assert next(row for row in rows if row["kind"] == "discrepancy")["missing"] == 1

    translation = "Список карт (L2) називає дві масті; правило 4.3.1 — три. Дотримуємося списку карт."
    entry.msgstr = translation
    po.save(str(path))
    result = run("i18n", "import", "mini", str(path), "--root", str(discrepant))
    assert result.exit_code == 0, result.output
    record = json.loads((discrepant / "content/mini/translations.json").read_text(encoding="utf-8"))
    assert record["notes"] == {DISCREPANCY: {"uk": translation}}

    yaml = discrepant / "content/mini/discrepancies.yaml"
    yaml.write_text(yaml.read_text(encoding="utf-8").replace("We follow", "The content follows"), encoding="utf-8")
    entry = _export(discrepant, "uk")[1].find(DISCREPANCY, by="msgctxt")
    assert entry is not None and entry.fuzzy and entry.previous_msgid == SUMMARY and entry.msgstr == translation
    listed = run("i18n", "status", "mini", "--locale", "uk", "--incomplete", "--root", str(discrepant)).output
    assert DISCREPANCY in listed and "outdated" in listed


def test_a_discrepancy_translation_must_keep_its_rule_numbers(discrepant: Path) -> None:
    path, po = _export(discrepant, "fr")
    entry = po.find(DISCREPANCY, by="msgctxt")
    assert entry is not None
    entry.msgstr = "La liste des cartes (L2) nomme deux couleurs ; la règle 4.3 en nomme trois."
    po.save(str(path))
    result = run("i18n", "import", "mini", str(path), "--root", str(discrepant))
    assert result.exit_code == 1
    assert (f"{DISCREPANCY}: line references and rule numbers ['4.3', 'L2'] differ from the note's ['4.3.1', 'L2']"
            in result.output)


def test_the_decisions_of_margraves_are_editors_texts() -> None:
    """Each decision's question and each option's summary: an entry of the PO file, saying what it is and where."""
    from lawforge.compiler.editor_texts import editor_texts
    from lawforge.compiler.frontend import check_game
    from lawforge.compiler.workspace import Workspace

    linked, _ = check_game(Workspace.open(REPO), "margraves")
    assert linked is not None
    texts = {text.key: text for text in editor_texts(linked)}
    question, option = texts["decision/tower_name/question"], texts["decision/tower_name/option/conjuracion"]
    assert question.text.startswith("The tower is spelt") and (question.path, question.line) == \
        ("content/margraves/decisions.yaml", 6)
    assert option.text == "'Tour de Conjuración', the most frequent spelling (Spanish)" and option.line == 9
    assert option.about == "the summary of the option 'conjuracion' of the decision 'tower_name'"
    kinds = {text.kind for text in texts.values()}
    assert kinds == {"note", "discrepancy", "decision"}


@pytest.mark.parametrize(("record", "reason"), [
    ('{"sources": {}, "made_from": {}, "notes": {"note/suit/arcane": "fr"}}',
     '"notes" must map note keys to {locale: translation}'),
    ('{"sources": {}, "made_from": {}, "noted": {}}', 'expected an object with "sources", "made_from" and optionally '
                                                      '"notes"'),
])
def test_a_damaged_record_is_an_error_at_the_record(mini: Path, record: str, reason: str) -> None:
    (mini / "content/mini/translations.json").write_text(record + "\n", encoding="utf-8")
    found = [(d.path, d.line, d.code, d.message) for d in diagnostics_of(mini) if d.code == "bad-record"]
    assert found == [("content/mini/translations.json", 1, "bad-record",
                      f"not a translation record ({reason}); restore it from version control")]


def test_the_placeholders_of_play_quote_the_notes_in_the_players_language() -> None:
    """A placeholder line quoting an editor's note prints the note's translation; the kernel's own English and a
    note not translated are marked untranslated, except in English; a quoted note survives pickling (workers)."""
    import pickle

    from lawforge.compiler.editor_texts import PlaceholderLine, placeholder_lines
    from lawforge.compiler.translations import TranslationRecord
    from lawforge.runtime.notes import QuotedNote

    record = TranslationRecord()
    record.record_note(KEY, "fr", NOTE, "D’après la liste des cartes (L2, règle 4.3.1).")
    quoted = QuotedNote("arcane", NOTE, KEY)
    assert quoted == f"arcane: {NOTE}" and pickle.loads(pickle.dumps(quoted)).key == KEY
    lines = [quoted, QuotedNote("other", "Made up.", "note/suit/other"), "the sites are drawn at random"]
    assert placeholder_lines(lines, record, "fr") == [
        PlaceholderLine("arcane: D’après la liste des cartes (L2, règle 4.3.1).", untranslated=False),
        PlaceholderLine("other: Made up.", untranslated=True),
        PlaceholderLine("the sites are drawn at random", untranslated=True)]
    assert placeholder_lines(lines, record, "en") == [PlaceholderLine(line, untranslated=False) for line in lines]


def test_play_refuses_a_damaged_record(mini: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from lawforge.compiler.cli import _translations
    from lawforge.compiler.workspace import Workspace

    (mini / "content/mini/translations.json").write_text("{", encoding="utf-8")
    with pytest.raises(SystemExit) as exited:
        _translations(Workspace.open(mini), "mini")
    assert exited.value.code == 1
    assert "error: content/mini/translations.json: not a translation record" in capsys.readouterr().err
