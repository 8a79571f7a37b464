"""The compiled content of one game as `diff` compares it, read from a git revision, a workspace folder or a
release package.

Each of the three holds the same generated files (`generated/<game>/` in a revision or a workspace,
`lawforge/generated/<game>/` in a `lawforge-<game>` wheel), so one reader serves them all. The files are read as
text and parsed, never imported or run: a revision or a package may come from anywhere, and its code may not even
import with today's runtime.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lawforge.runtime.bytecode import ARITY, Op


class SnapshotError(Exception):
    """A revision, folder or package that holds no compiled content to compare: one line for the user."""


class Texts(dict[str, str]):
    """A player-facing text, by locale: compared per locale, apart from the values."""


Plain = Any
"""Data as the generated code writes it: str, int, bool, None, list, dict (a dataclass by field) and Texts."""


@dataclass(frozen=True)
class GameSnapshot:
    """One game's compiled content: its entities, the state layout and each effect's bytecode."""

    game: str
    version: str
    entities: dict[str, dict[str, dict[str, Plain]]]
    """Kind → id → field → value; the fields at their defaults are left out, as the generated code leaves them."""
    layout: dict[str, Plain]
    """What a saved state depends on: STATE_SIZE, FIELDS, ZONES, PLAYER_ZONES (entity counts, SPACES, and the natives'
    numbers are not: an entity added or a native renumbered is not a change of the layout)."""
    effects: dict[str, tuple[int | str, ...]]
    """Entry → its bytecode, jump targets relative to its start and natives by name."""


LAYOUT = ("STATE_SIZE", "FIELDS", "ZONES", "PLAYER_ZONES")
UNRELEASED = "0.0.0"
"""The version of content compiled before it had one."""


@dataclass(frozen=True)
class Source:
    """Where the generated files of every game are read from: `read(game, name)` gives a file's text or None."""

    label: str
    kind: str
    """"revision", "workspace" or "package"."""
    location: str

    def read(self, game: str, name: str) -> str | None:
        if self.kind == "workspace":
            path = Path(self.location) / "generated" / game / name
            return path.read_text(encoding="utf-8") if path.is_file() else None
        if self.kind == "revision":
            repo, _, commit = self.location.rpartition("@")
            done = subprocess.run(["git", "-C", repo, "show", f"{commit}:generated/{game}/{name}"],
                                  capture_output=True)
            return done.stdout.decode("utf-8") if done.returncode == 0 else None
        for wheel in _wheels(Path(self.location)):
            with zipfile.ZipFile(wheel) as archive:
                member = f"lawforge/generated/{game}/{name}"
                if member in archive.namelist():
                    return archive.read(member).decode("utf-8")
        return None

    def games(self) -> list[str]:
        """The games this source holds compiled content of."""
        if self.kind == "workspace":
            return sorted(p.parent.name for p in (Path(self.location) / "generated").glob("*/MANIFEST.json"))
        if self.kind == "revision":
            repo, _, commit = self.location.rpartition("@")
            done = subprocess.run(["git", "-C", repo, "ls-tree", "--name-only", f"{commit}:generated/"],
                                  capture_output=True, text=True)
            return sorted(name for name in done.stdout.split() if self.read(name, "MANIFEST.json") is not None)
        found = set()
        for wheel in _wheels(Path(self.location)):
            with zipfile.ZipFile(wheel) as archive:
                found |= {m.split("/")[2] for m in archive.namelist()
                          if re.fullmatch(r"lawforge/generated/[^/]+/MANIFEST\.json", m)}
        return sorted(found)


def _wheels(path: Path) -> list[Path]:
    """A wheel, or the game wheels of a release folder."""
    return [path] if path.is_file() else sorted(path.glob("lawforge_*.whl"))


def open_source(spec: str, repo: Path) -> Source:
    """OLD or NEW of `diff`: a workspace folder, a release package (a wheel or the folder `release` wrote), or else a
    git revision of the repository holding the workspace `repo`."""
    path = Path(spec)
    if path.is_dir() and (path / "generated").is_dir():
        return Source(spec, "workspace", str(path.resolve()))
    if (path.is_file() and path.suffix == ".whl") or (path.is_dir() and _wheels(path)):
        return Source(spec, "package", str(path.resolve()))
    if path.exists():
        raise SnapshotError(f"{spec}: neither a workspace (no generated/ folder) nor a release package (a .whl)")
    done = subprocess.run(["git", "-C", str(repo), "rev-parse", "--verify", "--quiet", f"{spec}^{{commit}}"],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise SnapshotError(f"{spec}: not a git revision of {repo}, a workspace folder or a release package")
    return Source(spec, "revision", f"{repo}@{done.stdout.strip()}")


def snapshot(source: Source, game: str) -> GameSnapshot:
    """The compiled content of `game` in `source`; SnapshotError when it holds none."""
    texts = {name: source.read(game, name) for name in ("MANIFEST.json", "entities.py", "effects.py", "tables.pyx")}
    missing = [name for name, text in texts.items() if text is None]
    if missing:
        held = ", ".join(source.games()) or "none"
        raise SnapshotError(f"{source.label}: no compiled content of {game!r} (missing {', '.join(missing)}; "
                            f"games there: {held})")
    try:
        manifest = json.loads(texts["MANIFEST.json"] or "")
        entities = _entities(ast.parse(texts["entities.py"] or ""))
        module = _literals(ast.parse(texts["effects.py"] or ""))
    except (ValueError, SyntaxError) as exc:
        raise SnapshotError(f"{source.label}: the compiled content of {game!r} cannot be read ({exc})") from None
    code = _code(texts["tables.pyx"] or "")
    natives = tuple(module.get("NATIVES", ()))
    return GameSnapshot(game, str(manifest.get("version", UNRELEASED)), entities,
                        {name: module[name] for name in LAYOUT if name in module},
                        _effects(code, dict(module.get("ENTRIES", {})), natives))


def _literals(tree: ast.Module) -> dict[str, Any]:
    """The module's top-level constants that are Python literals."""
    found = {}
    for node in tree.body:
        target, value = _assignment(node)
        if target is not None and value is not None:
            try:
                found[target] = ast.literal_eval(value)
            except ValueError:
                continue
    return found


def _assignment(node: ast.stmt) -> tuple[str | None, ast.expr | None]:
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return node.target.id, node.value
    if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
        return node.targets[0].id, node.value
    return None, None


def _entities(tree: ast.Module) -> dict[str, dict[str, dict[str, Plain]]]:
    """Kind → id → fields, from the `KINDS` table of the generated entities module and the tuples it names."""
    tuples: dict[str, ast.expr] = {}
    kinds: dict[str, str] = {}
    for node in tree.body:
        target, value = _assignment(node)
        if target == "KINDS" and isinstance(value, ast.Dict):
            kinds = {ast.literal_eval(k): v.id for k, v in zip(value.keys, value.values)
                     if k is not None and isinstance(v, ast.Name)}
        elif target is not None and isinstance(value, ast.Tuple):
            tuples[target] = value
    found: dict[str, dict[str, dict[str, Plain]]] = {}
    for kind, name in kinds.items():
        rows = [_plain(row) for row in getattr(tuples.get(name), "elts", [])]
        found[kind] = {str(row["id"]): row for row in rows if isinstance(row, dict)}
    return found


def _plain(node: ast.expr) -> Plain:
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        fields = {kw.arg: _plain(kw.value) for kw in node.keywords if kw.arg is not None}
        return Texts(fields) if node.func.id == "Text" else fields
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id.endswith("Id"):
        return node.attr.lower()
    if isinstance(node, ast.Tuple | ast.List):
        return [_plain(item) for item in node.elts]
    return ast.literal_eval(node)


def _code(pyx: str) -> list[int]:
    """The bytecode array of the generated table module."""
    match = re.search(r"^CODE\[:\] = \[(.*?)\]", pyx, re.M | re.S)
    return [int(value) for value in match[1].replace("\n", " ").split(",") if value.strip()] if match else []


def _effects(code: list[int], entries: dict[str, int], natives: tuple[str, ...]) -> dict[str, tuple[int | str, ...]]:
    """Each entry's bytecode up to the next entry, made comparable across builds: a jump's target counted from
    the entry's start (adding an effect before it moves it), a native named (adding a native renumbers them)."""
    starts = sorted(set(entries.values())) + [len(code)]
    found = {}
    for entry, start in entries.items():
        end = starts[starts.index(start) + 1]
        words: list[int | str] = []
        pc = start
        while pc < end:
            op = code[pc]
            operands = code[pc + 1:pc + 1 + ARITY.get(Op(op), 0)] if op in Op._value2member_map_ else []
            if op in (Op.JUMP, Op.JUMP_IF_ZERO) and operands:
                words += [op, operands[0] - start]
            elif op == Op.NATIVE and operands and 0 <= operands[0] < len(natives):
                words += [op, natives[operands[0]], *operands[1:]]
            else:
                words += [op, *operands]
            pc += 1 + len(operands)
        found[entry] = tuple(words)
    return found
