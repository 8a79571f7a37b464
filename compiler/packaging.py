"""The release packages, each a wheel made by a standard PEP 517 build (`python -m build --no-isolation`, the
locked tools of the virtualenv, nothing resolved):

- `lawforge-runtime`: the runtime, both VMs, the kernels compiled and as Python; no compiler tool at run time;
- `lawforge-<game>`: one game's generated code, compiled tables and manifest (its version and content hash);
- `lawforge`: the compiler and the command line, the sheet templates included.

Each is built from a tree of its own holding only its parts and the repository's setup.py, which builds the parts
it finds. Builds are reproducible: file times come from SOURCE_DATE_EPOCH (the commit's time), the wheel's entries
are sorted, and compiled modules carry no path of the tree they were built in (setup.py's PATH_FREE).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from .workspace import Workspace

RUNTIME = "lawforge-runtime"
COMPILER = "lawforge"
BUILD_INPUTS = ("runtime/kernels.py", "runtime/stamp.py")
"""Files setup.py reads by path in every tree, shipped only by the runtime package."""
CACHE_VARIABLE = "LAWFORGE_BUILD_CACHE"
LEFT_OUT = shutil.ignore_patterns("__pycache__", "*.so", "*.c", "*.html", "*.pyd")
"""Local build products: each package compiles its own."""
DESCRIPTIONS = {RUNTIME: "Runtime of lawforge games: compiled content loader, effect VMs, rules kernels",
                COMPILER: "Rules content pipeline and compiler for tabletop games"}


class PackagingError(Exception):
    """A package could not be built: one line naming the package and the reason."""


@dataclass(frozen=True)
class Package:
    """One distribution to build: its name, version, what it holds and needs."""

    name: str
    version: str
    parts: tuple[str, ...]
    """Workspace-relative files and folders copied into its tree."""
    dependencies: tuple[str, ...] = ()
    scripts: dict[str, str] = field(default_factory=dict)
    description: str = ""

    @property
    def wheel_prefix(self) -> str:
        return f"{self.name.replace('-', '_')}-{self.version}-"


@dataclass(frozen=True)
class Built:
    package: Package
    path: Path

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.path.read_bytes()).hexdigest()

    @property
    def size(self) -> int:
        return self.path.stat().st_size


def project(ws: Workspace) -> dict[str, object]:
    """The [project] table of the workspace's pyproject.toml: the engine's version and the compiler's needs."""
    path = ws.root / "pyproject.toml"
    try:
        return dict(tomllib.loads(path.read_text(encoding="utf-8"))["project"])
    except (OSError, tomllib.TOMLDecodeError, KeyError) as exc:
        raise PackagingError(f"{path}: cannot read the project's version and dependencies ({exc})") from None


def compatible(version: str) -> str:
    """The versions of a package compatible with `version`: the same major (the same minor before 1.0)."""
    major, minor, _ = (int(part) for part in version.split("."))
    upper = f"{major + 1}" if major else f"0.{minor + 1}"
    return f">={version},<{upper}"


def runtime_package(ws: Workspace) -> Package:
    return Package(RUNTIME, str(project(ws)["version"]), ("runtime", "generated/__init__.py"),
                   description=DESCRIPTIONS[RUNTIME])


def game_package(ws: Workspace, game: str) -> Package:
    manifest_path = ws.generated / game / "MANIFEST.json"
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise PackagingError(f"{ws.rel(manifest_path)}: cannot read the manifest ({exc}); "
                             f"run `lawforge build {game}`") from None
    runtime = str(project(ws)["version"])
    return Package(f"lawforge-{game}", str(manifest.get("version", "0.0.0")), (f"generated/{game}", *BUILD_INPUTS),
                   (f"{RUNTIME}{compatible(runtime)}",),
                   description=f"Compiled content of {game} for the lawforge runtime (load('{game}'))")


def compiler_package(ws: Workspace) -> Package:
    info = project(ws)
    version = str(info["version"])
    needs = [str(d) for d in info.get("dependencies", [])]  # type: ignore[attr-defined]
    return Package(COMPILER, version, ("compiler", "README.md", *BUILD_INPUTS),
                   (*needs, f"{RUNTIME}{compatible(version)}"),
                   scripts=dict(info.get("scripts", {})),  # type: ignore[call-overload]
                   description=DESCRIPTIONS[COMPILER])


def pyproject(package: Package) -> str:
    """The pyproject.toml of a package's tree: setup.py and package-dir as the workspace's, its own metadata."""
    lines = [
        "[build-system]",
        'requires = ["setuptools>=77", "Cython>=3.0,<4"]',
        'build-backend = "setuptools.build_meta"',
        "",
        "[project]",
        f"name = {json.dumps(package.name)}",
        f"version = {json.dumps(package.version)}",
        f"description = {json.dumps(package.description)}",
        'requires-python = ">=3.11"',
        'license = "MIT"',
        f"dependencies = {json.dumps(list(package.dependencies))}",
    ]
    if "README.md" in package.parts:
        lines.append('readme = "README.md"')
    if package.scripts:
        lines += ["", "[project.scripts]", *(f"{name} = {json.dumps(target)}"
                                             for name, target in sorted(package.scripts.items()))]
    lines += [
        "",
        "[tool.setuptools]",
        'package-dir = {"lawforge.compiler" = "compiler", "lawforge.runtime" = "runtime", '
        '"lawforge.generated" = "generated"}',
        "include-package-data = false",
        "",
        "[tool.setuptools.package-data]",
        '"*" = ["*.json", "*.pyi", "*.pyx", "*.pxd", "py.typed"]',
        '"lawforge.compiler" = ["templates/*.j2", "templates/*.css"]',
    ]
    return "\n".join(lines) + "\n"


def stage(ws: Workspace, package: Package, tree: Path) -> None:
    """The package's own tree: its parts, the workspace's setup.py and its pyproject.toml."""
    if tree.exists():
        shutil.rmtree(tree)
    tree.mkdir(parents=True)
    for part in package.parts:
        source = ws.root / part
        if source.is_dir():
            shutil.copytree(source, tree / part, ignore=LEFT_OUT)
        elif source.is_file():
            (tree / part).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, tree / part)
        else:
            raise PackagingError(f"{package.name}: {part} is missing from {ws.root}")
    shutil.copyfile(ws.root / "setup.py", tree / "setup.py")
    (tree / "pyproject.toml").write_text(pyproject(package), encoding="utf-8")


def source_date_epoch(root: Path) -> int:
    """The time every file of the packages carries: SOURCE_DATE_EPOCH when set, else the commit's time."""
    if os.environ.get("SOURCE_DATE_EPOCH", "").isdigit():
        return int(os.environ["SOURCE_DATE_EPOCH"])
    done = subprocess.run(["git", "-C", str(root), "log", "-1", "--format=%ct"], capture_output=True, text=True)
    if done.returncode != 0 or not done.stdout.strip().isdigit():
        raise PackagingError(f"{root} is not a git checkout with a commit: set SOURCE_DATE_EPOCH to the time the "
                             f"packages should carry")
    return int(done.stdout.strip())


def build_package(ws: Workspace, package: Package, out: Path, work: Path, epoch: int,
                  cache: Path | None = None) -> Built:
    """Builds one wheel into `out` from a fresh tree under `work`; PackagingError with the build's last lines.

    `cache`: setup.py's build cache (LAWFORGE_BUILD_CACHE), whose modules are those a fresh compile makes; without
    it every module is compiled."""
    tree = work / package.name
    stage(ws, package, tree)
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob(f"{package.wheel_prefix}*.whl"):
        old.unlink()
    env = {**os.environ, "SOURCE_DATE_EPOCH": str(epoch), "PYTHONHASHSEED": "0"}
    env.pop(CACHE_VARIABLE, None)
    if cache is not None:
        env[CACHE_VARIABLE] = str(cache.resolve())
    done = subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out.resolve()),
                           str(tree)], cwd=tree, env=env, capture_output=True, text=True)
    wheels = sorted(out.glob(f"{package.wheel_prefix}*.whl"))
    if done.returncode != 0 or len(wheels) != 1:
        tail = " | ".join((done.stdout + done.stderr).strip().splitlines()[-3:])
        raise PackagingError(f"{package.name} {package.version}: the build failed: {tail}")
    shutil.rmtree(tree, ignore_errors=True)
    return Built(package, wheels[0])


def build_packages(ws: Workspace, games: list[str], out: Path, *, epoch: int, runtime: bool = True,
                   compiler: bool = True, cache: Path | None = None) -> list[Built]:
    """The runtime's, each game's and the compiler's wheels, in `out`."""
    packages = ([runtime_package(ws)] if runtime else []) + [game_package(ws, game) for game in games] \
        + ([compiler_package(ws)] if compiler else [])
    work = out / ".trees"
    try:
        return [build_package(ws, package, out, work, epoch, cache) for package in packages]
    finally:
        shutil.rmtree(work, ignore_errors=True)
