"""The edit loop of `lawforge check`: every problem in one run, causes without their consequences, files as
pre-commit passes them, --strict, colours."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from conftest import FIXTURES, REPO, diagnostics_of, run

LOOP = FIXTURES / "checkloop"
SUITS = "content/mini/suits.yaml"
REGIONS = "content/mini/regions.yaml"
GAME = "content/mini/game.yaml"


def _install(root: Path, fixture: Path, target: str) -> None:
    shutil.copyfile(fixture, root / target)


def _found(root: Path) -> list[tuple[str, int, int, str, str | None]]:
    return [(d.path, d.line, d.col, d.code, d.hint) for d in diagnostics_of(root)]


def test_a_wrong_type_does_not_hide_a_misspelt_reference_in_the_same_entry(mini: Path) -> None:
    _install(mini, LOOP / "wrong_type_and_misspelt_reference.yaml", REGIONS)
    assert _found(mini) == [
        (REGIONS, 4, 15, "wrong-type", None),
        (REGIONS, 5, 15, "dangling-reference", "did you mean 'cradle'?"),
    ]


def test_a_key_typo_does_not_hide_a_duplicate_id_and_is_one_error(mini: Path) -> None:
    _install(mini, LOOP / "key_typo_and_duplicate_id.yaml", SUITS)
    assert _found(mini) == [
        (SUITS, 5, 3, "unknown-key", "did you mean 'bank_order'?"),
        (SUITS, 9, 7, "duplicate-id", None),
    ]


def test_a_syntax_error_in_the_glossary_reports_no_unknown_terms_elsewhere(mini: Path) -> None:
    _install(mini, LOOP / "glossary_syntax_error.yaml", "content/mini/glossary.yaml")
    _install(mini, FIXTURES / "bad/dangling_reference.yaml", REGIONS)
    found = [(d.path, d.line, d.col, d.code) for d in diagnostics_of(mini)]
    assert found == [("content/mini/glossary.yaml", 4, 7, "yaml-syntax"), (REGIONS, 5, 15, "dangling-reference")]


def test_a_syntax_error_in_the_state_reports_no_effect_errors(mini: Path) -> None:
    _install(mini, LOOP / "state_syntax_error.yaml", "content/mini/state.yaml")
    assert [(d.path, d.line, d.col, d.code) for d in diagnostics_of(mini)] == [
        ("content/mini/state.yaml", 4, 1, "yaml-syntax")]


def test_a_syntax_error_in_a_kind_makes_no_effect_naming_its_ids_dangling(mini: Path) -> None:
    _install(mini, LOOP / "relic_naming_a_misspelt_suit.yaml", "content/mini/relics.yaml")
    assert _found(mini) == [("content/mini/relics.yaml", 17, 44, "dangling-reference", "did you mean 'beast'?")]
    _install(mini, FIXTURES / "bad/yaml_syntax.yaml", SUITS)
    assert [(d.path, d.line, d.col, d.code) for d in diagnostics_of(mini)] == [(SUITS, 4, 13, "yaml-syntax")]


def test_an_effect_may_name_an_entry_that_failed_to_validate(mini: Path) -> None:
    _install(mini, LOOP / "relic_naming_a_suit.yaml", "content/mini/relics.yaml")
    _install(mini, FIXTURES / "bad/wrong_type_int.yaml", SUITS)
    assert [(d.path, d.line, d.col, d.code) for d in diagnostics_of(mini)] == [(SUITS, 4, 15, "wrong-type")]


def test_an_unknown_glossary_term_suggests_the_closest(mini: Path) -> None:
    _install(mini, FIXTURES / "bad/unknown_term.yaml", SUITS)
    assert _found(mini) == [(SUITS, 4, 26, "unknown-term", "did you mean [favor]?")]


def test_missing_documents_beside_the_workspace_are_one_warning(mini: Path) -> None:
    _install(mini, LOOP / "documents_beside_missing.yaml", GAME)
    found = diagnostics_of(mini)
    assert [(d.path, d.line, d.col, d.code, d.severity.value) for d in found] == [
        (GAME, 8, 20, "missing-document", "warning")]
    assert found[0].message.startswith("3 cited documents outside the workspace are not there (s0, s1, s2 in "
                                       "../rulebooks)")
    result = run("check", "--root", str(mini))
    assert result.exit_code == 0 and result.output.count("warning[") == 1


def test_a_file_named_reports_its_problems_and_the_errors_elsewhere_in_its_game(mini: Path) -> None:
    _install(mini, FIXTURES / "bad/missing_translation.yaml", SUITS)          # a warning in the file named
    regions = mini / REGIONS
    regions.write_text(regions.read_text().replace("uk: Центр", "uk: null"))  # a warning elsewhere: not shown
    shown = run("check", str(mini / SUITS))                                   # the workspace found from the path
    assert shown.exit_code == 0
    assert f"{SUITS}:3:9: warning[missing-translation]" in shown.output and REGIONS not in shown.output
    _install(mini, FIXTURES / "bad/dangling_reference.yaml", REGIONS)         # an error elsewhere: shown
    shown = run("check", "--root", str(mini), str(mini / SUITS))
    assert shown.exit_code == 1 and f"{REGIONS}:5:15: error[dangling-reference]" in shown.output


def test_paths_that_are_no_content_of_a_workspace_are_refused(mini: Path, tmp_path: Path) -> None:
    stray = tmp_path / "stray.yaml"
    stray.write_text("[]\n")
    result = run("check", str(stray))
    assert result.exit_code == 2 and f"error: {stray} is not in the content folder of a lawforge workspace" \
        in result.output
    result = run("check", "--root", str(mini), str(mini / "rules.txt"))
    assert result.exit_code == 2 and "is not in the content folder of the workspace" in result.output
    (mini / "content/notes").mkdir()
    (mini / "content/notes/todo.yaml").write_text("[]\n")
    result = run("check", "--root", str(mini), str(mini / "content/notes/todo.yaml"))
    assert result.exit_code == 2 and "is in no game's folder: content/notes holds no game.yaml" in result.output
    result = run("check", "--root", str(mini), "mnii")
    assert result.exit_code == 2 and "no game 'mnii'" in result.output and "did you mean 'mini'?" in result.output


def test_strict_makes_warnings_errors(mini: Path) -> None:
    _install(mini, FIXTURES / "bad/missing_translation.yaml", SUITS)
    assert run("check", "--root", str(mini)).exit_code == 0
    strict = run("check", "--root", str(mini), "--strict")
    assert strict.exit_code == 1 and f"{SUITS}:3:9: error[missing-translation]" in strict.output


def test_colour_when_asked_or_on_a_terminal_without_no_color(mini: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from lawforge.compiler.cli import _colour

    _install(mini, FIXTURES / "bad/unknown_key.yaml", SUITS)
    coloured = run("check", "--root", str(mini), "--color", "always").output
    assert f"\x1b[1m{SUITS}:5:3:\x1b[0m \x1b[1;31merror[unknown-key]\x1b[0m" in coloured
    assert "\x1b[" not in run("check", "--root", str(mini)).output  # piped: none

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert _colour("auto", Terminal()) and not _colour("never", Terminal())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not _colour("auto", Terminal()) and _colour("always", io.StringIO())


def test_the_pre_commit_hook_checks_the_changed_content_files(mini: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (hook,) = YAML(typ="safe").load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert hook["id"] == "lawforge-check" and hook["entry"].split() == ["lawforge", "check"]
    files = re.compile(hook["files"])
    changed = [p for p in ("content/mini/suits.yaml", "content/mini/denizens/arcane.yaml", "compiler/cli.py",
                           "README.md", "content/mini/translations.json", "docs/content.md") if files.search(p)]
    assert changed == ["content/mini/suits.yaml", "content/mini/denizens/arcane.yaml", "content/mini/translations.json"]
    monkeypatch.chdir(mini)
    assert run(*hook["entry"].split()[1:], *hook.get("args", []), "content/mini/suits.yaml").exit_code == 0
    _install(mini, FIXTURES / "bad/unknown_key.yaml", SUITS)
    failed = run(*hook["entry"].split()[1:], *hook.get("args", []), "content/mini/suits.yaml")
    assert failed.exit_code == 1 and f"{SUITS}:5:3: error[unknown-key]" in failed.output
