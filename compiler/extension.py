"""Compiles a generated `.pyx` into an extension module next to it, with setuptools and Cython.

Runs in a child process so that the build tools' output and state stay out of the caller.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from .files import write_atomically


COMPILE_FLAGS = ["-O2", "-g0"]
"""Python's own -O3 -g makes the tables' large C files compile half again as long, for lookups that gain nothing."""


class ExtensionBuildError(Exception):
    pass


def extension_path(pyx: Path) -> Path:
    return pyx.with_name(pyx.stem + sysconfig.get_config_var("EXT_SUFFIX"))


def compile_extension(pyx: Path, module: str) -> Path:
    """Build `module` from `pyx`; returns the path of the installed extension file."""
    with tempfile.TemporaryDirectory(prefix="lawforge-ext-") as tmp:
        result = subprocess.run(
            [sys.executable, "-m", "lawforge.compiler.extension", str(pyx), module, tmp],
            capture_output=True,
            text=True,
        )
        if result.returncode != 0:
            raise ExtensionBuildError(f"compiling {pyx.name} failed:\n{result.stdout[-2000:]}{result.stderr[-4000:]}")
        built = next(Path(tmp, "lib").rglob(f"{pyx.stem}*{sysconfig.get_config_var('EXT_SUFFIX')}"))
        target = extension_path(pyx)
        write_atomically(target, built.read_bytes())
        return target


def _build_in(pyx: Path, module: str, workdir: Path) -> None:
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    source = workdir / pyx.name
    shutil.copyfile(pyx, source)
    extensions = cythonize([Extension(module, [str(source)], extra_compile_args=COMPILE_FLAGS)], language_level=3, quiet=True,
                           build_dir=str(workdir / "c"))
    dist = Distribution({"name": "lawforge-tables", "ext_modules": extensions})
    command = dist.get_command_obj("build_ext")
    command.build_lib = str(workdir / "lib")  # type: ignore[attr-defined]
    command.build_temp = str(workdir / "tmp")  # type: ignore[attr-defined]
    dist.run_command("build_ext")


if __name__ == "__main__":
    _build_in(Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3]))
