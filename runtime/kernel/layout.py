"""The shared engine's layout (`engine.LAYOUT`) for the kernel's modules that are not compiled (plan.py, a game's
tables and descriptions): taken from the compiled engine when it is built from the sources on disk, so that playing
compiled never imports the engine's Python form, which needs Cython's pure-Python mode (the runtime package installs
without Cython, docs/releasing.md); from the Python form otherwise. Both hold the same values when they are fresh."""

from __future__ import annotations

import importlib

from ..kernels import COMPILED_PACKAGE, KernelUnavailable, check_compiled


def _layout() -> dict[str, int]:
    try:
        check_compiled()
    except KernelUnavailable:
        from .engine import LAYOUT as python_layout

        return dict(python_layout)
    return dict(importlib.import_module(f"{COMPILED_PACKAGE}.kernel.engine").LAYOUT)


LAYOUT = _layout()
