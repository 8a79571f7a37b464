"""`lawforge release`: checks that a game can be released, builds its packages, renders its sheets beside them,
then writes its release notes and changelog entry (last: a failed build leaves the changelog as it was).

A release is refused, before anything is written, when the content has errors, a generated file is stale, the
workspace has changes not committed (packages are built from a commit and carry its time), or the content's
version breaks the policy against the last release. The last release of a game is its newest git tag
`<game>-vX.Y.Z`; `release` tags nothing: the engine builder tags the commit once the packages are published
(docs/releasing.md).
"""

from __future__ import annotations

import re
import subprocess
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .build import CHANGELOG, generate, stale_outputs
from .diff import Bump, GameDiff, diff_games, render_markdown
from .files import write_atomically
from .link import LinkedGame
from .packaging import Built, build_packages, source_date_epoch
from .snapshot import Source, snapshot
from .workspace import Workspace

TAG = "{game}-v{version}"
VERSION = re.compile(r"^(\d+)\.(\d+)\.(\d+)$")


class ReleaseRefused(Exception):
    """A release that cannot go on: one line saying why and what to do."""


@dataclass(frozen=True)
class Candidate:
    """A game that passed every check, with what its changelog says."""

    game: str
    version: str
    linked: LinkedGame
    last: str | None
    """The tag of the last release, if any."""
    diff: GameDiff | None
    """The changes since the last release; None for a first release."""


@dataclass(frozen=True)
class Release:
    candidates: list[Candidate]
    packages: list[Built]
    assets: list[Path]
    """The sheets and the release notes written beside the packages."""


def parse_version(text: str) -> tuple[int, int, int]:
    match = VERSION.match(text)
    if match is None:
        raise ReleaseRefused(f"{text!r} is not a version MAJOR.MINOR.PATCH")
    return int(match[1]), int(match[2]), int(match[3])


def bump_between(old: str, new: str) -> Bump:
    """The bump from `old` to `new`: the first part that grew; NONE when `new` is not newer."""
    before, after = parse_version(old), parse_version(new)
    if after <= before:
        return Bump.NONE
    return Bump.MAJOR if after[0] > before[0] else Bump.MINOR if after[1] > before[1] else Bump.PATCH


def _git(ws: Workspace, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", "-C", str(ws.root), *args], capture_output=True, text=True)


def last_release(ws: Workspace, game: str) -> tuple[str, str] | None:
    """(tag, version) of the game's newest release tag."""
    tags = _git(ws, "tag", "--list", TAG.format(game=game, version="*")).stdout.split()
    versions = [(parse_version(tag.rpartition("-v")[2]), tag) for tag in tags if VERSION.match(tag.rpartition("-v")[2])]
    if not versions:
        return None
    numbers, tag = max(versions)
    return tag, ".".join(map(str, numbers))


def check_clean(ws: Workspace, games: list[str]) -> None:
    """Packages carry the commit's time and are built from its files: nothing they hold may be uncommitted."""
    if _git(ws, "rev-parse", "--verify", "HEAD").returncode != 0:
        raise ReleaseRefused(f"{ws.root} is not a git checkout with a commit: a release is built from a commit")
    paths = ["compiler", "runtime", "setup.py", "pyproject.toml", *(f"{part}/{game}" for game in games
                                                                   for part in ("content", "generated"))]
    changed = [line[3:] for line in _git(ws, "status", "--porcelain", "--", *paths).stdout.splitlines()
               if not line[3:].endswith(CHANGELOG)]
    if changed:
        shown = ", ".join(changed[:3]) + (f" and {len(changed) - 3} more" if len(changed) > 3 else "")
        raise ReleaseRefused(f"the workspace has changes not committed ({shown}): commit them first, a release is "
                             f"built from a commit")


def candidate(ws: Workspace, game: str, wanted: str | None) -> Candidate:
    """The game checked for release: content without errors, generated files fresh, a version the policy allows."""
    generated, diagnostics = generate(ws, game)
    if generated is None:
        errors = sum(1 for d in diagnostics if d.is_error)
        raise ReleaseRefused(f"{game}: the content has {errors} error{'s' * (errors != 1)}; "
                             f"fix them first (lawforge check {game})")
    stale = stale_outputs(ws, generated)
    if stale:
        shown = ", ".join(f"{path} ({why})" for path, why in stale[:3])
        raise ReleaseRefused(f"{game}: generated files are not those of the content: {shown}; run `lawforge build "
                             f"{game}` and commit them")
    version = generated.linked.game.version
    if wanted is not None and wanted != version:
        raise ReleaseRefused(f"{game}: --version {wanted} but content/{game}/game.yaml says version {version}; set "
                             f"version: {wanted} there and rebuild")
    last = last_release(ws, game)
    if last is None:
        return Candidate(game, version, generated.linked, None, None)
    tag, released = last
    diff = diff_games(snapshot(Source(tag, "revision", f"{ws.root}@{tag}"), game),
                      snapshot(Source("workspace", "workspace", str(ws.root)), game))
    made = bump_between(released, version)
    if made == Bump.NONE:
        raise ReleaseRefused(f"{game}: version {version} is not newer than the last release {released} (tag {tag}); "
                             f"raise version in content/{game}/game.yaml")
    if made < diff.bump:
        raise ReleaseRefused(f"{game}: {released} → {version} is a {made.label} bump, but the changes since {tag} "
                             f"require a {diff.bump.label} bump (it {diff.reasons[0]}); see lawforge diff {tag} . "
                             f"{game}")
    return Candidate(game, version, generated.linked, tag, diff)


def changelog_entry(c: Candidate) -> str:
    if c.diff is None:
        counts = ", ".join(f"{len(items)} {kind}" for kind, items in c.linked.entities.items() if items)
        return f"## {c.game} {c.version}\n\nFirst release: {counts}.\n"
    return render_markdown([c.diff], c.last or "", c.version)


def write_changelog(ws: Workspace, c: Candidate) -> Path:
    """The entry goes first, below the file's title and opening paragraphs; releasing the same version again
    replaces its entry instead of adding another."""
    path = ws.content / c.game / CHANGELOG
    entry = changelog_entry(c).rstrip("\n") + "\n"
    if not path.exists():
        write_atomically(path, f"# {c.game} content: changes\n\n{entry}")
        return path
    text = path.read_text(encoding="utf-8")
    same = re.search(rf"^## {re.escape(c.game)} {re.escape(c.version)}\b.*?(?=^## |\Z)", text, re.M | re.S)
    if same:
        text = text[:same.start()] + text[same.end():]
    first = re.search(r"^## ", text, re.M)
    at = first.start() if first else len(text)
    head = text[:at].rstrip("\n") + "\n\n"
    write_atomically(path, head + entry + ("\n" + text[at:] if first else ""))
    return path


def release_notes(c: Candidate) -> str:
    """The changelog entry, then what the release does not vouch for: placeholders and unverified entries."""
    by_status: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for item in c.linked.incomplete:
        by_status[item.status][item.kind].append(item.id)
    lines = [f"# {c.game} {c.version}", "", changelog_entry(c).split("\n", 1)[1].strip(), ""]
    for status in ("placeholder", "unverified"):
        kinds = by_status.get(status, {})
        total = sum(len(ids) for ids in kinds.values())
        lines += [f"## {status.capitalize()} entries ({total})", ""]
        lines += [f"- {kind} ({len(ids)}): {', '.join(sorted(ids))}" for kind, ids in sorted(kinds.items())] or \
                 ["None."]
        lines.append("")
    return "\n".join(lines)


def release(ws: Workspace, games: list[str], out: Path, *, version: str | None, sheets: bool,
            progress: Callable[[str], None], cache: Path | None = None) -> Release:
    """Checks every game, then writes the changelogs and notes, builds the packages into `out` and the sheets."""
    if version is not None:
        parse_version(version)
    check_clean(ws, games)
    candidates = [candidate(ws, game, version) for game in games]
    epoch = source_date_epoch(ws.root)
    assets = []
    progress("building the packages (runtime, " + ", ".join(games) + ", compiler)")
    packages = build_packages(ws, games, out, epoch=epoch, cache=cache)
    for c in candidates:
        if sheets:
            from .sheets import render_sheets

            for sheet in render_sheets(ws, c.linked, c.linked.game.locales, out,
                                       on_sheet=lambda s: progress(f"{s.name}: {s.pages} pages")):
                sheet.html.unlink()
                assets.append(sheet.pdf)
        notes = out / f"{c.game}-{c.version}.md"
        write_atomically(notes, release_notes(c))
        assets.append(notes)
        progress(f"{c.game}: changelog entry in {ws.rel(write_changelog(ws, c))}")
    return Release(candidates, packages, assets)

