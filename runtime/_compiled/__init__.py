"""The compiled Oath kernel: runtime/state.py and runtime/oath/*.py built by Cython from the same sources
(setup.py), mirroring their layout so that their relative imports (`from ..state import FlatState`) find
the compiled twins. What is not compiled is the Python package's own module, aliased here, so both kernels
share one copy of it (one IllegalAction, one VMError, one Chronicle). Load it through
`lawforge.runtime.kernels.oath_state("compiled")`, which refuses a build older than its sources.
"""

import importlib
import sys

from ..kernels import ADAPTERS, PURE, RUNTIME, compiled_sources

_built = {source.removesuffix(".py") for source in compiled_sources()}
SHARED = sorted({path.stem for path in RUNTIME.glob("*.py")
                 if path.stem not in _built and path.stem not in ADAPTERS and path.stem != "__init__"}
                | {source.removesuffix(".py") for source in PURE if not source.endswith("__init__.py")})
"""Modules the compiled ones import but that stay Python, as paths relative to runtime/ without .py."""

for _name in SHARED:
    _dotted = _name.replace("/", ".")
    sys.modules[f"{__name__}.{_dotted}"] = importlib.import_module(f"lawforge.runtime.{_dotted}")
