"""The hostile-input harness: runs each case of tests/fixtures/hostile/ (how to add one: the README there).

Every case runs `lawforge` in a process of its own (forked.py) on a fresh copy of a workspace. It must end with
a clear message naming the file and the place, a non-zero exit, no traceback, and a workspace whose files are byte
for byte as they were, except those the case says the command was meant to write.
"""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

from conftest import FIXTURES, REPO, SHARED
from forked import Finished, StillRunning, run_lawforge

HOSTILE = FIXTURES / "hostile"
TIMEOUT = 120
"""Seconds a case may run: a hang is a failure too."""
UNCOMPARED = (".lawforge-cache",)
"""Workspace folders a command may always write (caches), left out of the comparison."""


@dataclass
class Case:
    """One hostile input: what to put where, the command to run and what must come of it."""

    path: Path
    about: str
    run: list[str]
    workspace: str = "mini"
    files: dict[str, Any] = field(default_factory=dict)
    stdin: str | None = None
    fault: str | None = None
    before: list[list[str]] = field(default_factory=list)
    env: dict[str, str] = field(default_factory=dict)
    exit: int | None = None
    message: str = ""
    changes: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.path.relative_to(HOSTILE).with_suffix("").as_posix()

    @classmethod
    def read(cls, path: Path) -> Case:
        data = YAML(typ="safe", pure=True).load(path.read_text(encoding="utf-8"))
        expect = data.pop("expect", {}) or {}
        case = cls(path=path, **data, exit=expect.get("exit"), message=expect.get("message", ""),
                   changes=list(expect.get("changes", [])))
        if not case.message:
            raise ValueError(f"{path}: expect.message is required (the file and place the error must name)")
        return case


def cases(kind: str) -> list[Case]:
    """The cases of one input class (a folder of tests/fixtures/hostile/), sorted by name."""
    return [Case.read(path) for path in sorted((HOSTILE / kind).glob("*.yaml"))]


def workspace_copy(kind: str, parent: Path) -> Path:
    """A fresh workspace: the mini fixture, or the repository's own (content, schemas, generated with its
    compiled tables), with ../shared beside it as in a clone."""
    parent.mkdir(parents=True, exist_ok=True)
    (parent / "shared").symlink_to(SHARED)
    root = parent / "main"
    if kind == "mini":
        shutil.copytree(FIXTURES / "mini", root)
    elif kind == "oath":
        root.mkdir()
        for part in ("content", "schemas", "generated"):
            shutil.copytree(REPO / part, root / part, ignore=shutil.ignore_patterns("__pycache__", "*.c"))
    else:
        raise ValueError(f"unknown workspace {kind!r} (mini or oath)")
    return root


def substitute(text: str, root: Path) -> str:
    return text.replace("{ws}", str(root)).replace("{tmp}", str(root.parent))


def put_files(case: Case, root: Path) -> None:
    """Writes the case's files into the workspace copy (or beside it, under {tmp})."""
    for rel, spec in case.files.items():
        target = Path(substitute(rel, root)) if rel.startswith("{") else root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(spec, str):
            target.write_bytes(spec.encode("utf-8"))
        elif "json" in spec:
            target.write_bytes(edited_json(case, spec).encode("utf-8"))
        elif "base64" in spec:
            target.write_bytes(base64.b64decode(spec["base64"]))
        elif "repeat" in spec:
            target.write_bytes((spec.get("before", "") + spec["repeat"] * spec["times"] + spec.get("after", ""))
                               .encode("utf-8"))
        elif "replace" in spec:
            text = target.read_text(encoding="utf-8")
            old, new = spec["replace"], substitute(spec["with"], root)
            if old not in text:
                raise ValueError(f"{case.path}: {rel} does not contain {old!r}")
            target.write_text(text.replace(old, new, 1), encoding="utf-8")
        elif "symlink" in spec:
            target.unlink(missing_ok=True)
            target.symlink_to(substitute(spec["symlink"], root))
        elif "mode" in spec:
            target.chmod(int(str(spec["mode"]), 8))
        elif "folder" in spec:
            target.unlink(missing_ok=True)
            target.mkdir()
        elif "fifo" in spec:
            target.unlink(missing_ok=True)
            os.mkfifo(target)
        elif "sparse" in spec:
            with open(target, "wb") as handle:
                handle.truncate(int(spec["sparse"]))
        else:
            raise ValueError(f"{case.path}: unknown file spec for {rel}: {spec!r}")


def edited_json(case: Case, spec: dict[str, Any]) -> str:
    """A JSON fixture of this folder (`json:`), its top-level keys set (`set:`) or removed (`drop:`), written with an
    indent of 2, then each `[old, new]` of `replace:` replacing the first `old` in the text."""
    data = json.loads((HOSTILE / spec["json"]).read_text(encoding="utf-8"))
    data.update(spec.get("set", {}))
    for key in spec.get("drop", []):
        del data[key]
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    for old, new in spec.get("replace", []):
        if old not in text:
            raise ValueError(f"{case.path}: {spec['json']} does not contain {old!r}")
        text = text.replace(old, new, 1)
    return text


def snapshot(root: Path) -> dict[str, bytes]:
    files = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if rel.parts[0] in UNCOMPARED or "__pycache__" in rel.parts or not path.is_file():
            continue
        files[rel.as_posix()] = path.read_bytes() if not path.is_symlink() else b"->" + str(path.readlink()).encode()
    return files


def lawforge(case: Case, root: Path, args: list[str], fault: str | None) -> Finished:
    """Runs lawforge with `args` on the workspace copy (`--root` added unless the arguments name one), in a process
    of its own (forked.py)."""
    env = dict(os.environ) | {"COLUMNS": "200", "NO_COLOR": "1"} | case.env
    argv = [substitute(arg, root) for arg in args]
    if "--root" not in args:
        argv += ["--root", str(root)]
    try:
        return run_lawforge(argv, env=env, cwd=root, stdin=case.stdin, fault=fault, timeout=TIMEOUT)
    except StillRunning as running:
        raise AssertionError(f"{case.name}: {running}") from None


def run_case(case: Case, tmp: Path) -> None:
    root = workspace_copy(case.workspace, tmp / "case")
    put_files(case, root)
    for args in case.before:  # what brought the workspace to the state the case is about; may fail
        lawforge(case, root, args, fault=None)
    before = snapshot(root)
    done = lawforge(case, root, case.run, case.fault)
    for path in root.rglob("*"):  # a case may have made folders unwritable: give them back to the cleanup
        if path.is_dir() and not path.is_symlink():
            path.chmod(0o755)
    output = done.stdout + done.stderr
    shown = f"{case.name} ({case.about}): exit {done.returncode}\n{output[-3000:]}"
    assert done.returncode >= 0, f"crashed by signal {-done.returncode}: {shown}"
    assert "Traceback (most recent call last)" not in output, f"traceback: {shown}"
    if case.exit is None:
        assert done.returncode != 0, f"exit 0 on a bad input: {shown}"
    else:
        assert done.returncode == case.exit, shown
    assert re.search(substitute(case.message, root), output), f"no message matching {case.message!r}: {shown}"
    after = snapshot(root)
    changed = sorted(rel for rel in before.keys() | after.keys() if before.get(rel) != after.get(rel))
    assert [rel for rel in changed if rel not in case.changes] == [], f"workspace changed: {shown}"
