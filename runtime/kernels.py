"""The two forms of every kernel, one source: runtime/oath/*.py (and the typed modules of the shared kernel and
the games on it) run as Python, or built by Cython into `lawforge.runtime._compiled` (setup.py), and choosing
between them.

The compiled kernel must never run older rules than the sources: the build embeds a fingerprint of every
source it compiled (`_compiled.fingerprint`, built last), and loading it compares that with the sources
now on disk. A stale or missing build is refused with the command that rebuilds it; `choose_kernel`
then falls back to the Python kernel and says why in one line.

setup.py loads this file by path before lawforge is installed: it imports nothing of lawforge at the top.
"""

from __future__ import annotations

import hashlib
import importlib
from pathlib import Path
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from .oath.game import OathState

KERNELS = ("compiled", "python")
COMPILED_PACKAGE = "lawforge.runtime._compiled"
PURE = ("oath/__init__.py", "oath/vocabulary.py", "oath/chronicle.py", "oath/chronicle_file.py", "oath/kernel.py")
"""Kernel modules the compiled kernel shares with the Python one (aliased in _compiled/__init__.py): the package,
the move vocabulary (one IllegalAction, Kind and Phase for both), the Chronicle and its file (read once a game)
and the shared API's adapter (kernel.py, which picks the form)."""
ADAPTERS = ("openspiel", "pettingzoo")
"""The games offered to other frameworks (optional extras): modules of runtime/ no kernel imports, never aliased."""
REBUILD = ".venv/bin/pip install -e ."
RUNTIME = Path(__file__).resolve().parent


class KernelUnavailable(ImportError):
    """The compiled kernel is not built, or was built from other sources than those on disk."""


TYPED = ("kernel", "root", "margraves", "vindication", "oath")
"""Packages written for Cython's pure-Python mode: each module with a `.pxd` beside it is compiled as typed code, as
is each module of runtime/ itself with one (the flat state). Oath's typed modules are its state's parts (core.pxd and
the classes built on it); its other modules are compiled as they are."""


def typed_sources(runtime: Path = RUNTIME) -> list[str]:
    top = [path.name for path in sorted(runtime.glob("*.py")) if path.with_suffix(".pxd").exists()]
    return top + [f"{package}/{path.name}" for package in TYPED for path in sorted((runtime / package).glob("*.py"))
                  if path.with_suffix(".pxd").exists()]


def compiled_sources(runtime: Path = RUNTIME) -> list[str]:
    """The sources Cython builds, relative to runtime/: every Oath kernel module not in PURE, and the typed modules
    (the flat state, the shared kernel and the games on it)."""
    typed = typed_sources(runtime)
    kernel = (f"oath/{path.name}" for path in sorted((runtime / "oath").glob("*.py")))
    return [*(source for source in kernel if source not in PURE and source not in typed), *typed]


def fingerprint(runtime: Path = RUNTIME) -> dict[str, str]:
    """Source → sha256 of its bytes (and of its .pxd's), for every source the compiled kernels are built from."""
    found = {}
    for source in compiled_sources(runtime):
        digest = hashlib.sha256((runtime / source).read_bytes())
        types = (runtime / source).with_suffix(".pxd")
        if types.exists():
            digest.update(types.read_bytes())
        found[source] = digest.hexdigest()
    return found


def stale_sources(built: dict[str, str], runtime: Path = RUNTIME) -> list[str]:
    """The sources added, removed or changed since the build whose fingerprint is `built`."""
    now = fingerprint(runtime)
    return sorted(source for source in built.keys() | now.keys() if built.get(source) != now.get(source))


def oath_state(kernel: str = "compiled") -> type[OathState]:
    """The OathState class of a kernel, "compiled" (Cython) or "python"; both play identical games.

    Raises KernelUnavailable when the compiled kernel is missing or stale."""
    if kernel not in KERNELS:
        raise ValueError(f"unknown kernel {kernel!r}: choose one of {', '.join(KERNELS)}")
    if kernel == "python":
        from .oath.game import OathState
        return OathState
    check_compiled()
    return cast("type[OathState]", importlib.import_module(f"{COMPILED_PACKAGE}.oath.game").OathState)


def check_compiled() -> None:
    """Raises KernelUnavailable unless the compiled kernels (Oath's and the shared one with its games) are built
    from the sources on disk."""
    try:
        built = importlib.import_module(f"{COMPILED_PACKAGE}.fingerprint").SOURCES
    except ImportError:
        raise KernelUnavailable(f"the compiled kernel is not built: build it with `{REBUILD}`") from None
    stale = stale_sources(dict(built))
    if stale:
        raise KernelUnavailable(f"the compiled kernel is older than its sources ({', '.join(stale)} changed): "
                                f"rebuild it with `{REBUILD}`")


def choose_kernel(kernel: str | None = None) -> tuple[str, str | None]:
    """The kernel to play with and a one-line warning, if any: `kernel` when named (KernelUnavailable if it cannot
    be loaded), else the compiled one when it is fresh, else the Python one and the warning says why."""
    if kernel not in (None, *KERNELS):
        raise ValueError(f"unknown kernel {kernel!r}: choose one of {', '.join(KERNELS)}")
    if kernel is not None:
        if kernel == "compiled":
            check_compiled()
        return kernel, None
    try:
        check_compiled()
    except KernelUnavailable as why:
        return "python", f"{why}; using the Python kernel"
    return "compiled", None
