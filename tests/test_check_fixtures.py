"""Every validation rule has a broken input, and each reports its exact file, line, column and code."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import FIXTURES, diagnostics_of, run

SUITS = "content/mini/suits.yaml"
GAME = "content/mini/game.yaml"
RELICS = "content/mini/relics.yaml"
LABELS = "content/mini/labels.yaml"

# fixture file → (where it goes in the mini workspace, [(line, col, code, severity)])
CASES: dict[str, tuple[str, list[tuple[int, int, str, str]]]] = {
    "yaml_syntax.yaml": (SUITS, [(4, 13, "yaml-syntax", "error")]),
    "tab_indent.yaml": (SUITS, [(3, 1, "yaml-syntax", "error")]),
    "duplicate_key.yaml": (SUITS, [(5, 3, "duplicate-key", "error")]),
    "unknown_key.yaml": (SUITS, [(5, 3, "unknown-key", "error")]),
    "wrong_type_int.yaml": (SUITS, [(4, 15, "wrong-type", "error")]),
    "wrong_type_text.yaml": (SUITS, [(3, 26, "wrong-type", "error")]),
    "wrong_type_list.yaml": (SUITS, [(5, 11, "wrong-type", "error")]),
    "missing_key.yaml": (SUITS, [(2, 3, "missing-key", "error")]),
    "bad_id.yaml": (SUITS, [(2, 7, "bad-id", "error")]),
    "invalid_status.yaml": (SUITS, [(6, 11, "invalid-value", "error")]),
    "negative_number.yaml": (SUITS, [(4, 15, "invalid-value", "error")]),
    "duplicate_id.yaml": (SUITS, [(7, 7, "duplicate-id", "error")]),
    "unknown_locale.yaml": (SUITS, [(3, 47, "unknown-locale", "error")]),
    "dangling_source_doc.yaml": (SUITS, [(5, 18, "dangling-reference", "error")]),
    "missing_translation.yaml": (SUITS, [(3, 9, "missing-translation", "warning")]),
    "missing_source_text.yaml": (SUITS, [(3, 9, "missing-source-text", "error"),
                                         (3, 9, "missing-translation", "warning")]),
    "unknown_term.yaml": (SUITS, [(4, 26, "unknown-term", "error")]),
    "bad_markup.yaml": (SUITS, [(4, 49, "bad-markup", "error")]),
    "placeholder_mismatch.yaml": (RELICS, [(9, 9, "placeholder-mismatch", "error")]),
    "broken_placeholder.yaml": (RELICS, [(8, 17, "bad-placeholder", "error")]),
    "unknown_param.yaml": (RELICS, [(7, 33, "unknown-param", "error")]),
    "unused_param.yaml": (RELICS, [(5, 18, "unused-param", "error")]),
    "effect_unknown_verb.yaml": (RELICS, [(16, 17, "unknown-verb", "error")]),
    "effect_wrong_argument_type.yaml": (RELICS, [(16, 40, "wrong-type", "error")]),
    "effect_wrong_selector_kind.yaml": (RELICS, [(16, 43, "no-holding", "error")]),
    "effect_unknown_resource.yaml": (RELICS, [(16, 30, "unknown-resource", "error")]),
    "effect_unknown_native.yaml": (RELICS, [(16, 32, "unknown-native", "error")]),
    "effect_native_argument.yaml": (RELICS, [(16, 52, "wrong-type", "error")]),
    "effect_unknown_name.yaml": (RELICS, [(16, 59, "unknown-name", "error")]),
    "effect_unknown_param.yaml": (RELICS, [(16, 40, "unknown-param", "error")]),
    "effect_unknown_operator.yaml": (RELICS, [(16, 47, "unknown-operator", "error")]),
    "effect_unknown_rule.yaml": (RELICS, [(16, 32, "unknown-rule", "error")]),
    "effect_wrong_field_index.yaml": (RELICS, [(16, 58, "wrong-type", "error")]),
    "alias_bomb.yaml": (SUITS, [(8, 14, "alias-bomb", "error")]),
    "recursive_alias.yaml": (SUITS, [(4, 10, "recursive-alias", "error")]),
    "not_utf8.yaml": (SUITS, [(3, 42, "not-utf8", "error")]),
    "not_a_list.yaml": (SUITS, [(2, 1, "wrong-type", "error")]),
    "missing_modeline.yaml": (SUITS, [(1, 1, "modeline", "error")]),
    "quote_not_found.yaml": (SUITS, [(5, 41, "quote-not-found", "error")]),
    "line_out_of_range.yaml": (SUITS, [(5, 31, "bad-source", "error")]),
    "status_mismatch.yaml": (SUITS, [(6, 11, "status-mismatch", "error")]),
    "unsupported_tag.yaml": (SUITS, [(3, 9, "unsupported-tag", "error")]),
    "merge_key.yaml": (SUITS, [(3, 3, "unsupported-tag", "error")]),
    "non_text_key.yaml": (SUITS, [(3, 3, "wrong-type", "error")]),
    "dangling_reference.yaml": ("content/mini/regions.yaml", [(5, 15, "dangling-reference", "error")]),
    "table_shape.yaml": ("content/mini/tables.yaml", [(14, 7, "table-shape", "error")]),
    "table_word_keys.yaml": ("content/mini/tables.yaml", [(10, 11, "table-keys", "error")]),
    "count_mismatch.yaml": (GAME, [(13, 12, "count-mismatch", "error")]),
    "unknown_ruleset.yaml": (GAME, [(3, 10, "unknown-ruleset", "error")]),
    "missing_document.yaml": (GAME, [(9, 41, "missing-document", "warning")]),
    "document_location.yaml": (GAME, [(9, 5, "invalid-value", "error")]),
    "bank_order.yaml": (SUITS, [(11, 15, "bank-order", "error")]),
    "modifier_timing.yaml": (RELICS, [(11, 13, "modifier-timing", "error"),
                                      (18, 15, "modifier-timing", "error")]),
    "modifier_applies_to.yaml": (RELICS, [(18, 19, "modifier-applies-to", "error"),
                                          (22, 19, "modifier-applies-to", "error")]),
    "unknown_file.yaml": ("content/mini/suitz.yaml", [(1, 1, "unknown-file", "error")]),
    "message_unknown_argument.yaml": (LABELS, [(4, 25, "unknown-param", "error")]),
    "message_plural_categories.yaml": (LABELS, [(7, 10, "plural-forms", "error")]),
    "message_unbalanced.yaml": (LABELS, [(6, 10, "bad-placeholder", "error")]),
    "message_unknown_form.yaml": (LABELS, [(10, 88, "unknown-form", "error")]),
    "message_form_argument.yaml": (LABELS, [(6, 32, "unknown-param", "error")]),
}


def _install(root: Path, fixture: str, target: str) -> None:
    shutil.copyfile(FIXTURES / "bad" / fixture, root / target)


def test_at_least_25_broken_inputs() -> None:
    assert len(CASES) >= 25
    on_disk = {p.name for p in (FIXTURES / "bad").iterdir()}
    assert on_disk == set(CASES), "every fixture has a case and every case a fixture"


@pytest.mark.parametrize("fixture", sorted(CASES))
def test_fixture_reports_exact_position(mini: Path, fixture: str) -> None:
    target, expected = CASES[fixture]
    _install(mini, fixture, target)
    found = [(d.path, d.line, d.col, d.code, d.severity.value) for d in diagnostics_of(mini)]
    assert found == [(target, *e) for e in expected]


@pytest.mark.parametrize("fixture", sorted(CASES))
def test_cli_prints_location_and_no_traceback(mini: Path, fixture: str) -> None:
    target, expected = CASES[fixture]
    _install(mini, fixture, target)
    result = run("check", "--root", str(mini))
    line, col, code, severity = expected[0]
    assert f"{target}:{line}:{col}: {severity}[{code}]: " in result.output
    assert "Traceback" not in result.output
    assert result.exit_code == (1 if any(e[3] == "error" for e in expected) else 0)


def test_oversized_file(mini: Path) -> None:
    big = mini / SUITS
    big.write_text(big.read_text() + "# padding\n" * 300_000)
    found = [(d.path, d.line, d.col, d.code) for d in diagnostics_of(mini)]
    assert found == [(SUITS, 1, 1, "file-too-large")]


def test_wrong_extension(mini: Path) -> None:
    (mini / "content/mini/suits.yml").write_text("- id: x\n")
    found = [(d.path, d.line, d.col, d.code) for d in diagnostics_of(mini)]
    assert found == [("content/mini/suits.yml", 1, 1, "unknown-file")]


def test_valid_workspace_is_clean(mini: Path) -> None:
    assert diagnostics_of(mini) == []
    assert run("check", "--root", str(mini)).exit_code == 0


def test_all_problems_in_one_run_sorted(mini: Path) -> None:
    _install(mini, "unknown_key.yaml", SUITS)
    _install(mini, "dangling_reference.yaml", "content/mini/regions.yaml")
    found = [(d.path, d.line, d.code) for d in diagnostics_of(mini)]
    assert found == [("content/mini/regions.yaml", 5, "dangling-reference"), (SUITS, 5, "unknown-key")]


def test_text_output_shows_line_caret_and_hint(mini: Path) -> None:
    _install(mini, "unknown_key.yaml", SUITS)
    result = run("check", "--root", str(mini))
    assert result.output.splitlines()[:4] == [
        f"{SUITS}:5:3: error[unknown-key]: unknown key 'bank_ordre'",
        "    5 |   bank_ordre: 1",
        "      |   ^",
        "      = hint: did you mean 'bank_order'?",
    ]


def test_json_output(mini: Path) -> None:
    _install(mini, "wrong_type_int.yaml", SUITS)
    result = run("check", "--root", str(mini), "--format", "json")
    rows = json.loads(result.output)
    assert rows == [{
        "path": SUITS, "line": 4, "col": 15, "code": "wrong-type",
        "message": "bank_order: expected an integer, got text '0'",
        "severity": "error", "hint": None, "loc": [0, "bank_order"],
    }]
    assert result.exit_code == 1


def test_not_a_workspace(tmp_path: Path) -> None:
    result = run("check", "--root", str(tmp_path))
    assert result.exit_code == 2
    assert "is not a lawforge workspace" in result.output


def test_unknown_game(mini: Path) -> None:
    result = run("--root", str(mini), "check", "chess")
    assert result.exit_code == 2
    assert "no game 'chess'" in result.output


def test_a_glossary_without_enforced_terms_checks_cleanly(mini: Path) -> None:
    glossary = mini / "content/mini/glossary.yaml"
    glossary.write_text(glossary.read_text().replace("  icon: true\n", "  icon: true\n  enforce: false\n"))
    assert [d for d in diagnostics_of(mini) if d.is_error] == []
