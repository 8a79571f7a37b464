"""The release packages: `lawforge release oath` in a git copy of this repository builds lawforge-runtime,
lawforge-oath and lawforge (once per session, reusing the development install's compiled modules, build/cache), its
notes and sheets; a package built twice is the same bytes; the runtime and Oath install into a bare virtualenv with
no compiler tool and play a game to the end; the installed compiler renders a sheet.

The runtime built twice from nothing (3 to 7 minutes of compiling each on two cores) runs with --full-battery only."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
import sysconfig
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import FULL_BATTERY, REPO, SHARED, seed_sheet_cache
from lawforge.compiler.cli import main
from lawforge.compiler.packaging import build_package, compiler_package, game_package, runtime_package
from lawforge.compiler.workspace import Workspace

CACHE = REPO / "build" / "cache"
TOOLS = ("pydantic", "ruamel", "jinja2", "weasyprint", "Cython", "cython", "setuptools", "click", "rich", "babel",
         "pyuca")
PARTS = ("content", "schemas", "generated", "runtime", "compiler", "setup.py", "pyproject.toml", "README.md")


@dataclass(frozen=True)
class Released:
    root: Path
    """The git repository the release was made in."""
    dist: Path
    output: str

    def wheel(self, name: str) -> Path:
        (found,) = self.dist.glob(f"{name.replace('-', '_')}-*.whl")
        return found


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True)


@pytest.fixture(scope="session")
def released(tmp_path_factory: pytest.TempPathFactory, oath_player_sheets: None) -> Released:
    base = tmp_path_factory.mktemp("release")
    root = base / "main"
    root.mkdir()
    (base / "shared").symlink_to(SHARED)
    for part in PARTS:
        if (REPO / part).is_dir():
            local = ("*.so",) if part != "generated" else ()  # the generated tables' build is checked as fresh
            shutil.copytree(REPO / part, root / part, ignore=shutil.ignore_patterns("__pycache__", "*.c", *local))
        else:
            shutil.copyfile(REPO / part, root / part)
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "release test")
    seed_sheet_cache(root, "oath")
    dist = base / "dist"
    result = CliRunner().invoke(main, ["--root", str(root), "release", "oath", "--out", str(dist),
                                       "--build-cache", str(CACHE)])
    assert result.exit_code == 0, result.output
    return Released(root, dist, result.output)


def test_release_builds_the_three_packages_notes_sheets_and_the_changelog(released: Released) -> None:
    names = sorted(path.name for path in released.dist.iterdir() if not path.name.startswith("."))
    assert [name for name in names if name.endswith(".whl")] == [
        "lawforge-0.1.0-py3-none-any.whl",
        f"lawforge_oath-1.0.0-cp311-cp311-{sysconfig.get_platform().replace('-', '_').replace('.', '_')}.whl",
        f"lawforge_runtime-0.1.0-cp311-cp311-{sysconfig.get_platform().replace('-', '_').replace('.', '_')}.whl"]
    assert {"oath.en.pdf", "oath.fr.pdf", "oath.uk.pdf", "oath-1.0.0.md"} <= set(names)
    notes = (released.dist / "oath-1.0.0.md").read_text(encoding="utf-8")
    assert "## Placeholder entries" in notes and "## Unverified entries" in notes and "- denizen (" in notes
    changelog = (released.root / "content" / "oath" / "CHANGELOG.md").read_text(encoding="utf-8")
    assert changelog.startswith("# oath content: changes\n\n## oath 1.0.0\n\nFirst release: ")
    for wheel in released.dist.glob("*.whl"):
        assert f"sha256:{sha256(wheel)}" in released.output


def test_the_compiler_package_holds_its_templates_and_the_runtime_package_no_compiler(released: Released) -> None:
    import zipfile

    compiler = zipfile.ZipFile(released.wheel("lawforge")).namelist()
    assert "lawforge/compiler/templates/oath.html.j2" in compiler and not any("runtime/" in n for n in compiler)
    runtime = zipfile.ZipFile(released.wheel("lawforge-runtime")).namelist()
    assert "lawforge/runtime/vm.py" not in runtime and any(n.startswith("lawforge/runtime/vm.") for n in runtime)
    assert not any(n.startswith(("lawforge/compiler/", "lawforge/generated/oath/")) for n in runtime)
    metadata = zipfile.ZipFile(released.wheel("lawforge-oath")).read("lawforge_oath-1.0.0.dist-info/METADATA")
    assert b"Requires-Dist: lawforge-runtime<0.2,>=0.1.0" in metadata


def test_a_game_package_and_the_compiler_package_built_again_are_the_same_bytes(released: Released,
                                                                                 tmp_path: Path) -> None:
    ws = Workspace.open(released.root)
    epoch = int(subprocess.run(["git", "-C", str(released.root), "log", "-1", "--format=%ct"], capture_output=True,
                               text=True, check=True).stdout)
    for package in (game_package(ws, "oath"), compiler_package(ws)):
        again = build_package(ws, package, tmp_path / "again", tmp_path / "trees", epoch)
        assert sha256(again.path) == sha256(released.wheel(package.name)), package.name


def test_the_runtime_built_twice_from_nothing_is_the_same_bytes_as_from_the_cache(
        released: Released, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    if not request.config.getoption(FULL_BATTERY):
        pytest.skip(f"compiles the runtime twice from nothing (7 to 14 minutes on 2 cores): {FULL_BATTERY}")
    ws = Workspace.open(released.root)
    epoch = int(subprocess.run(["git", "-C", str(released.root), "log", "-1", "--format=%ct"], capture_output=True,
                               text=True, check=True).stdout)
    built = [build_package(ws, runtime_package(ws), tmp_path / f"build{n}", tmp_path / f"trees{n}", epoch)
             for n in (1, 2)]
    assert sha256(built[0].path) == sha256(built[1].path) == sha256(released.wheel("lawforge-runtime"))


def venv(path: Path) -> Path:
    subprocess.run([sys.executable, "-m", "venv", str(path)], check=True, capture_output=True)
    return path / "bin" / "python"


def pip(python: Path, *args: str) -> None:
    """pip of the bare virtualenv, ignoring this machine's pip configuration: only the wheels named install."""
    done = subprocess.run([str(python), "-m", "pip", "--isolated", "--disable-pip-version-check", "install",
                           "--no-index", "--quiet", *args], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


PLAY = """
import importlib.util, random, sys
from lawforge.runtime import load
from lawforge.runtime.kernels import oath_state
missing = [tool for tool in sys.argv[1].split(",") if importlib.util.find_spec(tool) is not None]
assert not missing, f"compiler tools installed: {missing}"
oath = load("oath")
game = oath_state("compiled")(oath, players=4, seed=5)
rng = random.Random(5)
while not game.is_terminal():
    game.apply(rng.choice(game.legal_actions()))
print(oath.manifest["version"], len(game.history), game.returns())
print(sorted(m for m in sys.modules if m.split(".")[0] in sys.argv[1].split(",")))
"""
"""Oath played to the end in a bare virtualenv: the compiled kernel, no compiler tool installed or imported."""


def test_runtime_and_oath_install_without_compiler_tools_and_play_a_game_to_the_end(released: Released,
                                                                                   tmp_path: Path) -> None:
    python = venv(tmp_path / "venv")
    subprocess.run([str(python), "-m", "pip", "--isolated", "uninstall", "--yes", "--quiet", "setuptools"], check=True,
                   capture_output=True)  # Python 3.11's venv adds it; nothing of lawforge's asks for it
    pip(python, "--find-links", str(released.dist), "lawforge-oath")
    dists = subprocess.run([str(python), "-c", "import importlib.metadata as m; print(sorted(d.metadata['Name'] for d "
                                               "in m.distributions()))"], cwd=tmp_path, capture_output=True, text=True,
                           check=True)
    assert dists.stdout.strip() == "['lawforge-oath', 'lawforge-runtime', 'pip']"
    done = subprocess.run([str(python), "-c", PLAY, ",".join(TOOLS)], cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    version, steps, _returns = done.stdout.splitlines()[0].split(" ", 2)
    assert version == "1.0.0" and int(steps) > 0 and done.stdout.splitlines()[1] == "[]"
    site = Path(subprocess.run([str(python), "-c", "import lawforge.generated.oath as g; print(g.__file__)"],
                               capture_output=True, text=True, check=True).stdout.strip()).parent
    entities = site / "entities.py"
    entities.write_text(entities.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    altered = subprocess.run([str(python), "-c", "from lawforge.runtime import load; load('oath')"], cwd=tmp_path,
                             capture_output=True, text=True)
    assert altered.returncode == 1 and "AlteredContent" in altered.stderr
    assert "entities.py: not the file the manifest of oath 1.0.0 records" in altered.stderr


def test_the_installed_compiler_renders_a_sheet(released: Released, tmp_path: Path) -> None:
    """lawforge and the runtime from their wheels; the compiler's own needs are the locked packages of this
    virtualenv, seen through a .pth file (its editable lawforge is not: an editable install's finder is a .pth file
    of its own, which Python does not read in a folder a .pth file adds)."""
    python = venv(tmp_path / "venv")
    pip(python, "--no-deps", str(released.wheel("lawforge")), str(released.wheel("lawforge-runtime")))
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                               capture_output=True, text=True, check=True).stdout.strip())
    (site / "locked.pth").write_text(sysconfig.get_path("purelib") + "\n", encoding="utf-8")
    where = subprocess.run([str(python), "-c", "import lawforge.compiler; print(lawforge.compiler.__file__)"],
                           capture_output=True, text=True, check=True).stdout
    assert where.startswith(str(site))
    out = tmp_path / "sheets"
    done = subprocess.run([str(tmp_path / "venv" / "bin" / "lawforge"), "--root", str(released.root), "sheets", "oath",
                           "--locale", "en", "--out", str(out)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert (out / "oath.en.pdf").read_bytes().startswith(b"%PDF")


def test_diff_reads_a_release_package(released: Released) -> None:
    result = CliRunner().invoke(main, ["--root", str(REPO), "diff", str(released.wheel("lawforge-oath")),
                                       str(released.root), "oath"])
    assert result.exit_code == 0 and "oath 1.0.0 → 1.0.0: no change" in result.output


def test_a_package_that_cannot_be_built_is_one_line_naming_it(tmp_path: Path) -> None:
    from lawforge.compiler.packaging import Package, PackagingError

    root = tmp_path / "ws"
    for part in ("content/margraves/game.yaml", "setup.py", "runtime/kernels.py", "runtime/stamp.py",
                 "pyproject.toml"):
        (root / part).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(REPO / part, root / part)
    ws = Workspace.open(root)
    with pytest.raises(PackagingError, match=r"generated/margraves/MANIFEST\.json: cannot read the manifest .*; run "
                                             r"`lawforge build margraves`"):
        game_package(ws, "margraves")
    broken = Package("lawforge-margraves", "1.0.0", ("generated/margraves",))
    with pytest.raises(PackagingError, match="lawforge-margraves: generated/margraves is missing from"):
        build_package(ws, broken, tmp_path / "dist", tmp_path / "trees", 0)
    (root / "generated" / "margraves").mkdir(parents=True)
    (root / "generated" / "margraves" / "__init__.py").write_text("")
    (root / "generated" / "margraves" / "tables.pyx").write_text("cdef int x = \n")
    with pytest.raises(PackagingError, match=r"^lawforge-margraves 1\.0\.0: the build failed: .+"):
        build_package(ws, Package("lawforge-margraves", "1.0.0", ("generated/margraves", "runtime/kernels.py",
                                                                  "runtime/stamp.py")),
                      tmp_path / "dist", tmp_path / "trees", 0)


def test_packages_outside_git_need_a_source_date_epoch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from lawforge.compiler.packaging import PackagingError, source_date_epoch

    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    with pytest.raises(PackagingError, match="is not a git checkout with a commit: set SOURCE_DATE_EPOCH"):
        source_date_epoch(tmp_path)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    assert source_date_epoch(tmp_path) == 1700000000
