"""Builds the Cython extensions: the effect VM and one table module per generated game (packages come
from pyproject's package-dir)."""
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup

GENERATED = Path("generated")
games = sorted(p.name for p in GENERATED.iterdir() if (p / "__init__.py").exists())
extensions = [Extension("lawforge.runtime.vm", ["runtime/vm.pyx"])] + [
    Extension(f"lawforge.generated.{pyx.parent.name}.{pyx.stem}", [str(pyx)])
    for pyx in sorted(GENERATED.glob("*/*.pyx"))
]
setup(
    packages=["lawforge.compiler", "lawforge.compiler.models", "lawforge.compiler.effects", "lawforge.compiler.checks", "lawforge.runtime",
              "lawforge.runtime.oath", "lawforge.generated"]
    + [f"lawforge.generated.{game}" for game in games],
    ext_modules=cythonize(extensions, language_level=3, quiet=True),
)
