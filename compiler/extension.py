"""Compiles a generated `.pyx` into an extension module next to it, with setuptools and Cython.

The compile runs in a child process, so that the build tools' output and state stay out of the caller, in a
folder of the workspace's `.lawforge-cache/` rather than the system's temporary folder: a build killed midway
leaves its folder where the next build finds and removes it. The child dies with the build that started it
(Linux), so it never writes into a folder already cleaned up. The module is compiled with the digest of its
`.pyx` (runtime/stamp.py), which `embedded_digest` reads back to tell a stale module from a fresh one.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from lawforge.runtime.stamp import ATTRIBUTE, stamped

from .files import write_atomically

COMPILE_FLAGS = ["-O2", "-g0"]
"""Python's own -O3 -g makes the tables' large C files compile half again as long, for lookups that gain nothing."""
WORK_PREFIX = "ext-"
"""Compile folders in the cache are named `ext-<pid of the build>-<random>`."""
PR_SET_PDEATHSIG = 1
"""prctl(2): the signal a process gets when its parent dies."""


class ExtensionBuildError(Exception):
    pass


def extension_path(pyx: Path) -> Path:
    return pyx.with_name(pyx.stem + sysconfig.get_config_var("EXT_SUFFIX"))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def abandoned_work(cache: Path) -> list[Path]:
    """Compile folders in `cache` whose build is no longer running (it was killed)."""
    if not cache.is_dir():
        return []
    found = []
    for folder in cache.glob(f"{WORK_PREFIX}*"):
        pid = folder.name.removeprefix(WORK_PREFIX).partition("-")[0]
        if folder.is_dir() and (not pid.isdigit() or not _alive(int(pid))):
            found.append(folder)
    return sorted(found)


def compile_extension(pyx: Path, module: str, cache: Path) -> Path:
    """Build `module` from `pyx` in a folder of `cache`; returns the path of the installed extension file."""
    cache.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f"{WORK_PREFIX}{os.getpid()}-", dir=cache))
    try:
        result = subprocess.run(
            [sys.executable, "-m", "lawforge.compiler.extension", str(pyx), module, str(work), str(os.getpid())],
            capture_output=True,
            text=True,
            env=os.environ | {"TMPDIR": str(work)},
        )
        if result.returncode != 0:
            raise ExtensionBuildError(f"compiling {pyx.name} failed:\n{result.stdout[-2000:]}{result.stderr[-4000:]}")
        built = next(Path(work, "lib").rglob(f"{pyx.stem}*{sysconfig.get_config_var('EXT_SUFFIX')}"))
        target = extension_path(pyx)
        write_atomically(target, built.read_bytes())
        return target
    finally:
        shutil.rmtree(work, ignore_errors=True)


PROBE = """
import importlib.util, sys
spec = importlib.util.spec_from_file_location(sys.argv[1], sys.argv[2])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
print(getattr(module, sys.argv[3], ""))
"""


def embedded_digest(extension: Path, module: str) -> str | None:
    """The digest of the `.pyx` a compiled table module was built from (None: missing, unloadable or built without
    one). Read in a child process: a module once loaded cannot be unloaded, and the caller may load another."""
    if not extension.is_file():
        return None
    result = subprocess.run([sys.executable, "-c", PROBE, module, str(extension), ATTRIBUTE],
                            capture_output=True, text=True)
    if result.returncode != 0:
        return None
    return result.stdout.strip() or None


def _die_with_parent(parent: int) -> None:
    """Ends this compile when the build that started it dies (Linux), even by kill -9."""
    with contextlib.suppress(OSError, AttributeError):
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:
        sys.exit(1)


def _build_in(pyx: Path, module: str, workdir: Path) -> None:
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    source = workdir / pyx.name
    source.write_bytes(stamped(pyx.read_bytes()))
    extensions = cythonize([Extension(module, [str(source)], extra_compile_args=COMPILE_FLAGS)], language_level=3,
                           quiet=True, build_dir=str(workdir / "c"))
    dist = Distribution({"name": "lawforge-tables", "ext_modules": extensions})
    command = dist.get_command_obj("build_ext")
    command.build_lib = str(workdir / "lib")  # type: ignore[attr-defined]
    command.build_temp = str(workdir / "tmp")  # type: ignore[attr-defined]
    dist.run_command("build_ext")


if __name__ == "__main__":
    _die_with_parent(int(sys.argv[4]))
    try:
        _build_in(Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3]))
    except Exception as error:  # the compiler has said why on stderr; the build shows it, not a traceback
        print(f"{type(error).__name__}: {error}", file=sys.stderr)
        sys.exit(1)
