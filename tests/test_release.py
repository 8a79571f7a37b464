"""`lawforge release`: what it refuses, each with one line (content errors, stale or uncommitted files, a version
that breaks the policy against the last release), and the changelog entry and release notes it writes. Building
the packages themselves is tests/test_packages.py."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from conftest import REPO, SHARED
from lawforge.compiler.cli import main
from lawforge.compiler.diff import Bump
from lawforge.compiler.release import ReleaseRefused, bump_between, candidate, release_notes, write_changelog
from lawforge.compiler.workspace import Workspace

GAME = "margraves"
"""The smallest game: a rebuild compiles its tables in seconds."""


def git(root: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True, text=True).stdout


def commit(root: Path, message: str = "change") -> None:
    git(root, "add", "-A")
    git(root, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", message)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A git repository holding a copy of the workspace (content, schemas, generated with its compiled tables)."""
    root = tmp_path / "main"
    root.mkdir()
    for part in ("content", "schemas", "generated"):
        shutil.copytree(REPO / part, root / part, ignore=shutil.ignore_patterns("*.c", "__pycache__"))
    (tmp_path / "shared").symlink_to(SHARED)
    git(root, "init", "-q")
    commit(root, "first")
    return root


def release(root: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["--root", str(root), "release", *args, "--out", str(root.parent / "dist")])


def refused(result: Result, message: str) -> None:
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output
    assert result.output.count("error:") == 1 and message in result.output, result.output


def rebuild(root: Path) -> None:
    built = CliRunner().invoke(main, ["--root", str(root), "build", GAME, "--no-sheets"])
    assert built.exit_code == 0, built.output


def set_version(root: Path, version: str) -> None:
    path = root / "content" / GAME / "game.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r"^version: .*$", f"version: {version}", text, flags=re.M), encoding="utf-8")


def test_an_unknown_game_or_no_game_is_a_usage_error(repo: Path) -> None:
    result = release(repo, "chess")
    assert result.exit_code == 2 and "error: no game 'chess'" in result.output
    assert release(repo).exit_code == 2


def test_a_workspace_outside_git_is_refused(repo: Path) -> None:
    shutil.rmtree(repo / ".git")
    refused(release(repo, GAME), "is not a git checkout with a commit: a release is built from a commit")


def test_changes_not_committed_are_refused(repo: Path) -> None:
    labels = repo / "content" / GAME / "labels.yaml"
    labels.write_text(labels.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    refused(release(repo, GAME), f"the workspace has changes not committed (content/{GAME}/labels.yaml)")


def test_content_errors_are_refused(repo: Path) -> None:
    set_version(repo, "one")
    commit(repo)
    refused(release(repo, GAME), f"{GAME}: the content has 1 error; fix them first (lawforge check {GAME})")


def test_stale_generated_files_are_refused(repo: Path) -> None:
    manifest = repo / "generated" / GAME / "MANIFEST.json"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace('"version": "1.0.0"', '"version": "9.0.0"'),
                        encoding="utf-8")
    commit(repo)
    refused(release(repo, GAME), f"{GAME}: generated files are not those of the content: generated/{GAME}/MANIFEST.json "
                                 f"(stale or edited by hand)")


def test_a_version_other_than_the_contents_or_not_a_version_is_refused(repo: Path) -> None:
    refused(release(repo, GAME, "--version", "2.0.0"),
            f"{GAME}: --version 2.0.0 but content/{GAME}/game.yaml says version 1.0.0")
    refused(release(repo, GAME, "--version", "two"), "'two' is not a version MAJOR.MINOR.PATCH")


def test_a_version_not_newer_than_the_last_release_is_refused(repo: Path) -> None:
    git(repo, "tag", f"{GAME}-v1.0.0")
    refused(release(repo, GAME), f"{GAME}: version 1.0.0 is not newer than the last release 1.0.0 (tag {GAME}-v1.0.0)")


def test_a_bump_smaller_than_the_changes_require_is_refused_and_the_right_one_goes_on(repo: Path) -> None:
    git(repo, "tag", f"{GAME}-v1.0.0")
    labels = repo / "content" / GAME / "labels.yaml"
    labels.write_text(labels.read_text(encoding="utf-8") + "- id: release_test_label\n  text: {fr: Essai, en: Test, "
                      "uk: Тест}\n", encoding="utf-8")
    set_version(repo, "1.0.1")
    rebuild(repo)
    commit(repo)
    refused(release(repo, GAME), f"{GAME}: 1.0.0 → 1.0.1 is a patch bump, but the changes since {GAME}-v1.0.0 require a "
                                 f"minor bump (it added 1 entity (label/release_test_label))")
    set_version(repo, "1.1.0")
    rebuild(repo)
    commit(repo)
    ws = Workspace.open(repo)
    ready = candidate(ws, GAME, None)
    assert ready.version == "1.1.0" and ready.last == f"{GAME}-v1.0.0" and ready.diff is not None
    assert ready.diff.bump == Bump.MINOR and ready.diff.added == ["label/release_test_label"]
    changelog = write_changelog(ws, ready).read_text(encoding="utf-8")
    first_entry = changelog[changelog.index("\n## ") + 1:]
    assert first_entry.startswith(f"## {GAME} 1.1.0 (from 1.0.0: {GAME}-v1.0.0 → 1.1.0)")  # below the file's opening
    assert "- `label/release_test_label`" in changelog


def test_a_first_release_and_its_notes_list_what_is_not_verified_by_kind(repo: Path) -> None:
    ws = Workspace.open(repo)
    ready = candidate(ws, GAME, "1.0.0")
    assert ready.last is None and ready.diff is None
    notes = release_notes(ready)
    assert notes.startswith(f"# {GAME} 1.0.0\n\nFirst release: ")
    placeholders = notes[notes.index("## Placeholder entries"):notes.index("## Unverified entries")]
    assert "## Placeholder entries (" in notes and "- table (" in placeholders
    assert "## Unverified entries (" in notes


def test_the_changelog_entry_goes_first_below_the_title_of_a_file_written_by_hand(repo: Path) -> None:
    ws = Workspace.open(repo)
    before = (repo / "content" / "root" / "CHANGELOG.md").read_text(encoding="utf-8")
    written = write_changelog(ws, candidate(ws, "root", None)).read_text(encoding="utf-8")
    title, _, rest = before.partition("\n## ")
    assert written.startswith(title.rstrip("\n") + "\n\n## root 1.0.0\n\nFirst release: ")
    assert written.endswith("## " + rest), "the hand-written entries follow, unchanged"
    again = write_changelog(ws, candidate(ws, "root", None)).read_text(encoding="utf-8")
    assert again == written, "releasing the same version again replaces its entry"


@pytest.mark.parametrize(("old", "new", "bump"), [
    ("1.0.0", "1.0.1", Bump.PATCH), ("1.0.9", "1.1.0", Bump.MINOR), ("1.4.2", "2.0.0", Bump.MAJOR),
    ("1.0.0", "1.0.0", Bump.NONE), ("2.0.0", "1.9.9", Bump.NONE),
])
def test_the_bump_between_two_versions(old: str, new: str, bump: Bump) -> None:
    assert bump_between(old, new) == bump


def test_a_malformed_version_is_refused() -> None:
    with pytest.raises(ReleaseRefused, match="'1.0' is not a version"):
        bump_between("1.0", "1.0.1")
