"""Issue 18, translations: nothing lost, nothing executed.

Two imports at once, an import killed at random moments or on a full disk, and what an import writes
(a byte order mark, CRLF line ends, NEL and other line separators, inserted locales) read back exactly.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import polib
import pytest

from conftest import FIXTURES, run
from forked import RUNNER
from hostile import Case, run_case

from lawforge.compiler.build import content_files
from lawforge.compiler.files import is_temporary
from lawforge.compiler.frontend import check_game
from lawforge.compiler.lock import JOURNAL_FILE, workspace_lock
from lawforge.compiler.workspace import Workspace

LAWFORGE = [sys.executable, "-c", RUNNER]


def _texts(root: Path) -> dict[str, dict[str, str | None]]:
    """Every text of the mini game, by key and locale, as the checker reads it; the content must check clean."""
    linked, diagnostics = check_game(Workspace.open(root), "mini")
    assert linked is not None and not [d for d in diagnostics if d.is_error], diagnostics
    return {entry.key: {loc: entry.text.get(loc) for loc in ("en", "fr", "uk")} for entry in linked.texts}


def _edited_po(root: Path, locale: str, folder: Path, mark: str) -> tuple[Path, dict[str, str]]:
    """An export of `locale` with every translation changed (`mark` appended, so placeholders and terms stay)."""
    path = folder / f"{locale}.po"
    assert run("i18n", "export", "mini", "--locale", locale, "-o", str(path), "--root", str(root)).exit_code == 0
    po = polib.pofile(str(path))
    wanted = {}
    for entry in po:
        entry.msgstr = wanted[entry.msgctxt] = f"{entry.msgstr or entry.msgid} {mark}"
    po.save()
    return path, wanted


def _content(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted((root / "content").rglob("*"))
            if p.is_file()}


def _import(root: Path, po: Path, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen([*LAWFORGE, "i18n", "import", "mini", str(po), "--root", str(root), *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_two_imports_at_once_both_land_whole(mini: Path, tmp_path: Path) -> None:
    english = {key: texts["en"] for key, texts in _texts(mini).items()}
    fr_po, fr = _edited_po(mini, "fr", tmp_path, "~FR")
    uk_po, uk = _edited_po(mini, "uk", tmp_path, "~UK")
    with workspace_lock(Workspace.open(mini)):  # both start while the workspace is busy: they must queue
        imports = [_import(mini, fr_po), _import(mini, uk_po)]
        first = [process.stderr.readline() for process in imports if process.stderr is not None]
    outputs = [process.communicate(timeout=60) for process in imports]
    assert [process.returncode for process in imports] == [0, 0], outputs
    waiting = "• waiting for another lawforge command that is writing this workspace (.lawforge-cache/lock)\n"
    assert first == [waiting] * 2
    assert [err for _, err in outputs] == ["imported 13, unchanged 0, refused 0\n"] * 2
    texts = _texts(mini)
    assert {key: t["fr"] for key, t in texts.items()} == fr
    assert {key: t["uk"] for key, t in texts.items()} == uk
    assert {key: t["en"] for key, t in texts.items()} == english


def _copy(source: Path, target: Path) -> Path:
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(".lawforge-cache"))
    return target


SLOW_WRITES = """
import os, sys, tempfile, time

real_mkstemp, real_replace = tempfile.mkstemp, os.replace
said = []

def slowly(path):
    # Each write into content/ takes 20 ms more, and the first says so: the kills aim at the write phase.
    if "/content/" in str(path):
        if not said:
            said.append(sys.stderr.write("writing\\n"))
            sys.stderr.flush()
        time.sleep(0.02)

def mkstemp(*args, **kwargs):
    slowly(kwargs.get("dir", ""))
    return real_mkstemp(*args, **kwargs)

def replace(source, target, **kwargs):
    slowly(target)
    return real_replace(source, target, **kwargs)

tempfile.mkstemp, os.replace = mkstemp, replace
from lawforge.compiler.cli import main
main(prog_name="lawforge")
"""


def _slow_import(root: Path, po: Path) -> subprocess.Popen[str]:
    """An import whose writes into content/ are slowed down, that prints `writing` when the first one starts."""
    return subprocess.Popen([sys.executable, "-c", SLOW_WRITES, "i18n", "import", "mini", str(po), "--root", str(root)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_an_import_killed_at_random_moments_leaves_each_file_whole(tmp_path: Path, kills: range) -> None:
    pristine = _copy(FIXTURES / "mini", tmp_path / "pristine")
    po, _ = _edited_po(pristine, "fr", tmp_path, "~FR")
    done = _copy(pristine, tmp_path / "done")
    process = _slow_import(done, po)
    assert process.stderr is not None and process.stderr.readline() == "writing\n"
    started = time.monotonic()
    assert process.wait(timeout=60) == 0
    window = time.monotonic() - started
    before, after = _content(pristine), _content(done)
    rng = random.Random(18)
    for attempt in kills:
        root = _copy(pristine, tmp_path / f"killed{attempt}")
        process = _slow_import(root, po)
        assert process.stderr is not None and process.stderr.readline() == "writing\n"
        time.sleep(rng.uniform(0.0, window))
        process.send_signal(signal.SIGKILL)
        process.communicate(timeout=60)
        left = {rel: data for rel, data in _content(root).items() if not is_temporary(Path(rel))}
        if (root / ".lawforge-cache" / JOURNAL_FILE).exists():  # killed between two renames of its commit
            assert all(left.get(rel) in (before.get(rel), after.get(rel)) for rel in before.keys() | after.keys())
        else:
            assert left in (before, after), f"attempt {attempt}: killed at a moment that left the content half done"
        _texts(root)  # parses and checks clean, temporary files and all
        assert run("check", "mini", "--root", str(root)).exit_code == 0
        again = run("i18n", "import", "mini", str(po), "--root", str(root))
        assert again.exit_code == 0, again.output
        assert _content(root) == after, f"attempt {attempt}: the next import did not finish or clean up"


class _Killed(BaseException):
    """Stands for SIGKILL inside this process: no handler of ours catches a BaseException."""


def test_a_commit_killed_between_renames_is_finished_by_the_next_writer(mini: Path, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    po, _ = _edited_po(mini, "fr", tmp_path, "~FR")
    done = _copy(mini, tmp_path / "done")
    assert run("i18n", "import", "mini", str(po), "--root", str(done)).exit_code == 0
    real_replace, renamed = os.replace, []

    def replace_then_die(source: str | Path, target: str | Path) -> None:
        """Renames the first content file of the commit, then dies as a kill would."""
        if Path(target).parent.name == "mini":
            if renamed:
                raise _Killed
            renamed.append(Path(target).name)
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", replace_then_die)
    with pytest.raises(_Killed):
        run("i18n", "import", "mini", str(po), "--root", str(mini))
    monkeypatch.undo()
    assert renamed == ["game.yaml"] and (mini / ".lawforge-cache" / JOURNAL_FILE).exists()
    assert any(is_temporary(p) for p in (mini / "content/mini").iterdir())
    result = run("i18n", "import", "mini", str(po), "--root", str(mini))
    assert result.exit_code == 0, result.output
    assert "finished an interrupted write: content/mini/game.yaml, content/mini/glossary.yaml" in result.output
    assert "imported 0, unchanged 13, refused 0" in result.output
    assert not (mini / ".lawforge-cache" / JOURNAL_FILE).exists()
    assert _content(mini) == _content(done)


def test_a_journal_that_is_not_ours_moves_nothing(mini: Path) -> None:
    journal = mini / ".lawforge-cache" / JOURNAL_FILE
    journal.parent.mkdir()
    (mini / "content/mini/.suits.yaml.a1b2c3d4.tmp").write_text("- id: forged\n")
    journal.write_text('[["content/mini/.suits.yaml.a1b2c3d4.tmp", "content/mini/../../rules.txt"]]')
    before = (mini / "rules.txt").read_bytes()
    result = run("i18n", "accept", "mini", "--root", str(mini))
    assert result.exit_code == 0, result.output
    assert "ignored .lawforge-cache/commit.json: not a journal of lawforge's" in result.output
    assert (mini / "rules.txt").read_bytes() == before and not journal.exists()
    assert not (mini / "content/mini/.suits.yaml.a1b2c3d4.tmp").exists()


def test_an_import_on_a_full_disk_changes_no_byte(tmp_path: Path) -> None:
    case = Case.read(FIXTURES / "hostile/po/full_disk.yaml")
    assert case.fault == "enospc"
    run_case(case, tmp_path)  # the harness compares every file of the workspace, temporary files included


def test_a_second_writer_gives_up_after_its_wait_with_a_clear_message(mini: Path, tmp_path: Path) -> None:
    po, _ = _edited_po(mini, "fr", tmp_path, "~FR")
    before = _content(mini)
    with workspace_lock(Workspace.open(mini)):
        process = _import(mini, po, "--wait", "0.3")
        _, err = process.communicate(timeout=60)
    assert process.returncode == 1
    assert "error: .lawforge-cache/lock: another lawforge command is still writing this workspace after 0.3 s" in err
    assert _content(mini) == before


def test_a_stale_temporary_file_is_no_content_and_the_next_writer_removes_it(mini: Path, tmp_path: Path) -> None:
    stale = mini / "content/mini/.suits.yaml.a1b2c3d4.tmp"
    stale.write_text("- id: arcane\n  name: {en: Arca")
    assert run("check", "mini", "--root", str(mini)).exit_code == 0
    assert stale not in content_files(Workspace.open(mini), "mini")
    result = run("i18n", "accept", "mini", "--root", str(mini))
    assert result.exit_code == 0 and "removed content/mini/.suits.yaml.a1b2c3d4.tmp" in result.output
    assert not stale.exists()


def _import_one(root: Path, tmp_path: Path, key: str, msgid: str, msgstr: str, locale: str = "fr") -> str:
    po = tmp_path / "one.po"
    po.write_text(f'msgid ""\nmsgstr ""\n"Language: {locale}\\n"\n\nmsgctxt "{key}"\nmsgid "{msgid}"\n'
                  f'msgstr "{msgstr}"\n', encoding="utf-8")
    result = run("i18n", "import", "mini", str(po), "--root", str(root))
    assert result.exit_code == 0, result.output
    return result.output


def test_a_yaml_file_with_a_byte_order_mark(mini: Path, tmp_path: Path) -> None:
    regions = mini / "content/mini/regions.yaml"
    regions.write_bytes(b"\xef\xbb\xbf" + regions.read_bytes())
    _import_one(mini, tmp_path, "region/cradle/name", "Cradle", "Marais Salant")
    assert regions.read_text(encoding="utf-8").startswith("\ufeff# yaml-language-server")
    assert '  name: {en: Cradle, fr: "Marais Salant", uk: Центр}\n' in regions.read_text(encoding="utf-8")
    assert _texts(mini)["region/cradle/name"]["fr"] == "Marais Salant"


def test_a_yaml_file_with_crlf_line_ends(mini: Path, tmp_path: Path) -> None:
    relics = mini / "content/mini/relics.yaml"
    fr_line = '    fr: "Gagnez {n} [favor] d’une banque de faveur."\n'
    original = relics.read_text(encoding="utf-8").replace(fr_line, "")
    relics.write_bytes(original.replace("\n", "\r\n").encode("utf-8"))
    _import_one(mini, tmp_path, "relic/cup/text", "Gain {n} [favor] from any bank.", "Gagnez {n} [favor].")
    written = relics.read_bytes().decode("utf-8")
    assert '    en: "Gain {n} [favor] from any bank."\r\n    fr: "Gagnez {n} [favor]."\r\n    uk: ' in written
    assert "\n" not in written.replace("\r\n", "")
    assert _texts(mini)["relic/cup/text"]["fr"] == "Gagnez {n} [favor]."


def test_line_separators_quotes_and_backslashes_come_back_exactly(mini: Path, tmp_path: Path) -> None:
    value = 'A\x85B\u2028C\u2029D\tE "F" \\G\nH\ufeffI'
    msgstr = value.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t").replace("\n", "\\n")
    _import_one(mini, tmp_path, "suit/beast/name", "Beast", msgstr)
    assert _texts(mini)["suit/beast/name"]["fr"] == value
    exported = tmp_path / "back.po"
    assert run("i18n", "export", "mini", "--locale", "fr", "-o", str(exported), "--root", str(mini)).exit_code == 0
    assert polib.pofile(str(exported)).find("suit/beast/name", by="msgctxt").msgstr == value  # type: ignore[union-attr]


def test_a_locale_is_inserted_in_order_into_block_flow_and_empty_mappings(mini: Path, tmp_path: Path) -> None:
    relics = mini / "content/mini/relics.yaml"
    relics.write_text(relics.read_text(encoding="utf-8")
                      .replace('    fr: "Gagnez {n} [favor] d’une banque de faveur."\n', "")
                      .replace("name: {en: Cup, fr: Coupe, uk: Чаша}", "name: {en: Cup, fr: Coupe}"),
                      encoding="utf-8")
    suits = mini / "content/mini/suits.yaml"
    suits.write_text(suits.read_text(encoding="utf-8").replace("name: {en: Beast, fr: Beast, uk: Звірі}",
                                                               "name:\n    en: Beast\n    fr:\n    uk: Звірі"),
                     encoding="utf-8")
    _import_one(mini, tmp_path, "relic/cup/text", "Gain {n} [favor] from any bank.", "Gagnez {n} [favor].")
    _import_one(mini, tmp_path, "relic/cup/name", "Cup", "Чашка", locale="uk")
    _import_one(mini, tmp_path, "suit/beast/name", "Beast", "Bête")
    assert '    en: "Gain {n} [favor] from any bank."\n    fr: "Gagnez {n} [favor]."\n    uk: "Отримайте' in \
           relics.read_text(encoding="utf-8")
    assert 'name: {en: Cup, fr: Coupe, uk: "Чашка"}' in relics.read_text(encoding="utf-8")
    assert 'name:\n    en: Beast\n    fr: "Bête"\n    uk: Звірі' in suits.read_text(encoding="utf-8")
    texts = _texts(mini)
    assert (texts["relic/cup/text"]["fr"], texts["relic/cup/name"]["uk"], texts["suit/beast/name"]["fr"]) == \
           ("Gagnez {n} [favor].", "Чашка", "Bête")


def test_accept_of_a_key_the_game_lacks_records_nothing(mini: Path) -> None:
    result = run("i18n", "accept", "mini", "relic/cup/txt", "--root", str(mini))
    assert result.exit_code == 1
    assert "error: argument KEYS: no text 'relic/cup/txt' in mini (did you mean 'relic/cup/text'?)" in result.output
    assert not (mini / "content/mini/translations.json").exists()
