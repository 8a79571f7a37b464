from __future__ import annotations

import fcntl
import os
import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from lawforge.compiler.cli import main
from lawforge.compiler.diagnostics import Diagnostic, sort_diagnostics
from lawforge.compiler.frontend import check_game
from lawforge.compiler.workspace import Workspace

FULL_BATTERY = "--full-battery"
SAMPLE_EVERY = 16
"""Without --full-battery, a long battery plays its seeds at positions 0, 16, 32 …: the same sample every
run, and 16 is prime to the five player counts that the replays cycle through."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(FULL_BATTERY, action="store_true",
                     help=f"play every seed and table of the long batteries (1000 random Oath games, 200 "
                          f"replays, Root's random games at every table, a build and an import killed {KILLS} "
                          f"times), not the fixed sample of one in {SAMPLE_EVERY} ({SAMPLED_KILLS} kills)")


def pytest_report_header(config: pytest.Config) -> str:
    if config.getoption(FULL_BATTERY):
        return "long batteries: every seed"
    return f"long batteries: a fixed sample of one seed in {SAMPLE_EVERY} ({FULL_BATTERY} plays them all)"


SLOW_FIRST = ("test_packages.py", "test_build_faults.py", "test_oath_property.py", "test_oath_property_large.py",
              "test_sheets.py", "test_vindication_kernel.py", "test_root_vagabond.py", "test_vindication.py",
              "test_i18n.py", "test_root_riverfolk.py", "test_root_alliance.py", "test_root_corvids.py",
              "test_oath_compiled.py", "test_margraves_sheets.py", "test_vindication_rules.py")
"""The longest test files, handed to the workers first: `--dist loadfile` gives out files in collection order, and a
long file given out last keeps one core busy alone at the end."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The slowest files first (SLOW_FIRST). Without --full-battery, a test marked `battery` runs one of its
    parameter sets in SAMPLE_EVERY (the first, the seventeenth …, the same every run); the others are reported as
    deselected."""
    rank = {name: i for i, name in enumerate(SLOW_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(SLOW_FIRST)))
    if config.getoption(FULL_BATTERY):
        return
    seen: Counter[tuple[str, str]] = Counter()
    kept: list[pytest.Item] = []
    dropped: list[pytest.Item] = []
    for item in items:
        if isinstance(item, pytest.Function) and item.get_closest_marker("battery") is not None:
            key = (item.path.name, item.originalname)
            (kept if seen[key] % SAMPLE_EVERY == 0 else dropped).append(item)
            seen[key] += 1
        else:
            kept.append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


@pytest.fixture(scope="session")
def battery(request: pytest.FixtureRequest) -> Callable[[range], range]:
    """The seeds of a long battery that this run plays."""
    full = request.config.getoption(FULL_BATTERY)
    return lambda seeds: seeds if full else seeds[::SAMPLE_EVERY]


KILLS, SAMPLED_KILLS = 10, 4
"""The random moments a kill battery (a build, a translation import) kills its command at: ten with --full-battery,
else the first four."""


@pytest.fixture(scope="session")
def kills(request: pytest.FixtureRequest) -> range:
    return range(KILLS if request.config.getoption(FULL_BATTERY) else SAMPLED_KILLS)


REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "fixtures"


@pytest.fixture
def mini(tmp_path: Path) -> Path:
    """A small valid workspace (game `mini`, Oath ruleset) that a test may break."""
    root = tmp_path / "ws"
    shutil.copytree(FIXTURES / "mini", root)
    return root


SHARED = REPO.parent / "shared"


def copy_workspace(folder: Path) -> Path:
    """A copy of this repository's workspace (content, schemas, generated) in `folder`/main, the rulebooks beside
    it; its root."""
    root = folder / "main"
    root.mkdir()
    for part in ("content", "schemas", "generated"):
        shutil.copytree(REPO / part, root / part, ignore=shutil.ignore_patterns("*.so", "*.c", "__pycache__"))
    (folder / "shared").symlink_to(SHARED)
    return root


def unoptimised_compiler(folder: Path) -> dict[str, str]:
    """The environment for a child build whose compiled tables a test loads but does not time: a C compiler that does
    not optimise (the last -O on the line wins), which compiles Oath's tables in 6 s instead of 10."""
    compiler = folder / "cc"
    compiler.write_text('#!/bin/sh\nexec gcc "$@" -O0\n')
    compiler.chmod(0o755)
    return os.environ | {"CC": str(compiler)}


@pytest.fixture
def oath_ws(tmp_path: Path) -> Path:
    """A copy of this repository's workspace (content, schemas, generated), the rulebooks beside it."""
    return copy_workspace(tmp_path)


def diagnostics_of(root: Path, game: str = "mini") -> list[Diagnostic]:
    return sort_diagnostics(check_game(Workspace.open(root), game)[1])


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


OATH_PLAYER_LOCALES = ("en", "fr", "uk")


@pytest.fixture(scope="session")
def oath_player_sheets(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Oath's player edition in en, fr and uk rendered once per test run into this repository's sheet cache
    (`.lawforge-cache/sheets`): the release, the sheets' read-back and the PO round trip all render them, each in
    its own workspace, on whichever worker. The first worker to ask renders them under a lock; the other, waiting
    for the lock at most as long as it would have rendered, then finds them cached."""
    from lawforge.compiler.sheets import render_sheets

    shared = tmp_path_factory.getbasetemp().parent  # one folder for all the workers of this run
    with open(shared / "oath-player-sheets.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        linked, _ = check_game(Workspace.open(REPO), "oath")
        assert linked is not None
        render_sheets(Workspace.open(REPO), linked, OATH_PLAYER_LOCALES, tmp_path_factory.mktemp("oath-player"))


def seed_sheet_cache(root: Path, game: str) -> None:
    """Copies this repository's cached sheets of `game` into the workspace at `root`: a sheet whose HTML is the same
    there is found in the cache, one that differs renders only its changed parts (sheetparts.py)."""
    cache = root / ".lawforge-cache" / "sheets"
    cache.mkdir(parents=True, exist_ok=True)
    for entry in (REPO / ".lawforge-cache" / "sheets").glob(f"{game}.*"):
        shutil.copyfile(entry, cache / entry.name)


def pdf_pages(pdf: Path) -> list[str]:
    """Each page's text, read back with PDFium: a twentieth of the time pypdf takes for a sheet."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        return [page.get_textpage().get_text_range().replace("\r\n", "\n") for page in document]
    finally:
        document.close()


def render_editions(game: str, out: Path, player: tuple[str, ...], proof: str) -> None:
    """Writes `game`'s player edition in the `player` locales and its proof edition in `proof` into `out`: each
    document rendered once, for all the tests of a file to read. No page of any of them may overflow: the render
    walks every box of the layout WeasyPrint computed and reports each page where one crosses the right margin
    (sheetlayout.py)."""
    from lawforge.compiler.sheets import render_sheets

    linked, _ = check_game(Workspace.open(REPO), game)
    assert linked is not None
    reports = render_sheets(Workspace.open(REPO), linked, player, out)
    reports += render_sheets(Workspace.open(REPO), linked, (proof,), out, edition="proof")
    assert [o.describe(r.name) for r in reports for o in r.overflows] == []
    assert {r.name for r in reports} == {*(f"{game}.{locale}" for locale in player), f"{game}.{proof}.proof"}
