"""`lawforge diff`: the changes per entity, field, locale and effect between two compiled contents, the bump the
version policy requires for them, and a one-line error for anything that cannot be compared."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import REPO
from lawforge.compiler.cli import main
from lawforge.compiler.diff import Bump, diff_games
from lawforge.compiler.snapshot import GameSnapshot, Source, Texts, open_source, snapshot
from lawforge.runtime.bytecode import Op

WORKSPACE = Source("workspace", "workspace", str(REPO))


def game(entities: dict[str, dict[str, dict[str, object]]], *, layout: dict[str, object] | None = None,
         effects: dict[str, tuple[int | str, ...]] | None = None) -> GameSnapshot:
    return GameSnapshot("g", "1.0.0", entities, layout or {"STATE_SIZE": 10}, effects or {})


def site(capacity: int = 3, name: str = "Mine", status: str = "verified", **more: object) -> dict[str, object]:
    return {"id": "mine", "capacity": capacity, "name": Texts(en=name, fr="Mine"), "status": status, **more}


def test_a_text_alone_needs_a_patch_and_is_listed_per_locale() -> None:
    d = diff_games(game({"site": {"mine": site()}}), game({"site": {"mine": site(name="The Mine")}}))
    assert d.bump == Bump.PATCH
    (change,) = d.changed
    assert [(t.path, t.locale, t.old, t.new) for t in change.texts] == [("name", "en", "Mine", "The Mine")]


def test_a_changed_value_needs_a_minor_bump_and_shows_old_and_new() -> None:
    d = diff_games(game({"site": {"mine": site()}}), game({"site": {"mine": site(capacity=4)}}))
    assert d.bump == Bump.MINOR and [(f.path, f.old, f.new) for f in d.changed[0].fields] == [("capacity", 3, 4)]


def test_an_added_entity_needs_a_minor_bump_a_removed_one_a_major_bump() -> None:
    one, two = game({"site": {"mine": site()}}), game({"site": {"mine": site(), "river": site() | {"id": "river"}}})
    assert diff_games(one, two).bump == Bump.MINOR and diff_games(one, two).added == ["site/river"]
    assert diff_games(two, one).bump == Bump.MAJOR and diff_games(two, one).removed == ["site/river"]


def test_a_status_change_is_listed_and_alone_needs_a_patch() -> None:
    d = diff_games(game({"site": {"mine": site(status="placeholder")}}), game({"site": {"mine": site()}}))
    assert d.changed[0].status == ("placeholder", "verified") and d.bump == Bump.PATCH


def test_a_native_signature_or_the_state_layout_needs_a_major_bump() -> None:
    native = {"id": "roll", "args": ["number"], "returns": "number", "doc": "Rolls."}
    changed = native | {"args": ["number", "player"]}
    assert diff_games(game({"native": {"roll": native}}), game({"native": {"roll": changed}})).bump == Bump.MAJOR
    assert diff_games(game({"native": {"roll": native}}),
                      game({"native": {"roll": native | {"doc": "Rolls dice."}}})).bump == Bump.PATCH
    d = diff_games(game({}), game({}, layout={"STATE_SIZE": 11}))
    assert d.bump == Bump.MAJOR and d.layout == ["STATE_SIZE"]


def test_an_effect_whose_bytecode_changed_needs_a_minor_bump() -> None:
    before = game({}, effects={"site/mine/powers/0": (Op.PUSH, 1, Op.HALT)})
    after = game({}, effects={"site/mine/powers/0": (Op.PUSH, 2, Op.HALT)})
    d = diff_games(before, after)
    assert d.bump == Bump.MINOR and d.effects_changed == ["site/mine/powers/0"]
    assert diff_games(after, game({})).bump == Bump.MAJOR, "a removed effect breaks what calls it"


def test_the_same_content_read_twice_has_no_change() -> None:
    oath = snapshot(WORKSPACE, "oath")
    assert oath.version == "1.0.0" and len(oath.entities["denizen"]) == 198 and oath.effects
    assert diff_games(oath, oath).bump == Bump.NONE


def test_effects_compare_by_behaviour_not_by_where_the_bytecode_lies() -> None:
    """An entry's jumps count from its start: the same effect further down the bytecode is the same effect."""
    oath = snapshot(WORKSPACE, "oath")
    jumps = [words for words in oath.effects.values() if Op.JUMP in words[::2] or Op.JUMP_IF_ZERO in words[::2]]
    assert jumps and all(isinstance(w, int) for w in jumps[0])
    assert any(isinstance(word, str) for words in oath.effects.values() for word in words), "natives by name"


def test_diff_between_revisions_as_markdown_text_and_json() -> None:
    runner = CliRunner()
    markdown = runner.invoke(main, ["--root", str(REPO), "diff", "HEAD~20", "HEAD", "oath", "--format", "markdown"])
    assert markdown.exit_code == 0 and markdown.output.startswith("## oath 1.0.0 (from ")
    text = runner.invoke(main, ["--root", str(REPO), "diff", "HEAD", str(REPO), "root"])
    assert text.exit_code == 0 and "root 1.0.0 → 1.0.0: no change" in text.output
    data = json.loads(runner.invoke(main, ["diff", "HEAD", str(REPO), "--format", "json", "--root", str(REPO)]).output)
    assert sorted(g["game"] for g in data["games"]) == ["margraves", "oath", "root", "vindication"]


def test_a_workspace_folder_against_an_edited_copy(tmp_path: Path) -> None:
    copy = tmp_path / "ws"
    shutil.copytree(REPO / "generated" / "margraves", copy / "generated" / "margraves")
    entities = copy / "generated" / "margraves" / "entities.py"
    text = entities.read_text(encoding="utf-8")
    name = next(line for line in text.splitlines() if "Text(" in line and "en='" in line)
    entities.write_text(text.replace(name, name.replace("en='", "en='New "), 1), encoding="utf-8")
    result = CliRunner().invoke(main, ["--root", str(REPO), "diff", str(REPO), str(copy), "margraves"])
    assert result.exit_code == 0 and "requires a patch bump" in result.output and "[en]" in result.output


@pytest.mark.parametrize(("args", "message"), [
    (["no-such-revision", "HEAD"], "error: no-such-revision: not a git revision of"),
    (["HEAD", "HEAD", "chess"], "error: HEAD: no compiled content of 'chess' (missing MANIFEST.json"),
    (["HEAD", "{tmp}"], "neither a workspace (no generated/ folder) nor a release package"),
    (["HEAD", "HEAD", "--format", "yaml"], "Invalid value for '--format'"),
])
def test_what_cannot_be_compared_is_one_line(tmp_path: Path, args: list[str], message: str) -> None:
    args = [arg.replace("{tmp}", str(tmp_path)) for arg in args]
    result = CliRunner().invoke(main, ["--root", str(REPO), "diff", *args])
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output
    assert len([line for line in result.output.splitlines() if line.startswith("error")]) <= 1


def test_a_game_only_one_side_holds_is_named(tmp_path: Path) -> None:
    shutil.copytree(REPO / "generated" / "oath", tmp_path / "ws" / "generated" / "oath")
    result = CliRunner().invoke(main, ["--root", str(REPO), "diff", str(tmp_path / "ws"), "HEAD", "root"])
    assert result.exit_code == 2 and "no compiled content of 'root'" in result.output and "games there: oath" \
        in result.output


def test_open_source_tells_a_package_from_a_workspace(tmp_path: Path) -> None:
    (tmp_path / "lawforge_oath-1.0.0-cp311-cp311-linux_x86_64.whl").write_bytes(b"")
    assert open_source(str(tmp_path), REPO).kind == "package"
    assert open_source(str(REPO), REPO).kind == "workspace"
