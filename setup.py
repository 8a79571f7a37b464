"""Builds the Cython extensions: the effect VM, one table module per generated game (packages come from
pyproject's package-dir; each compiled with the digest of its .pyx, runtime/stamp.py), and the compiled Oath
kernel (runtime/kernels.py): runtime/state.py and runtime/oath/*.py compiled as they are into
lawforge.runtime._compiled, then a fingerprint of those sources.

The same file builds each release package (compiler/packaging.py) from a tree holding only that package's parts:
it builds the packages and extensions of the parts present (a folder of package-dir with an `__init__.py`, the
generated games), so the development install (every part) and the release packages never disagree on how."""
import hashlib
import importlib.util
import os
import sys
import sysconfig
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

GENERATED = Path("generated")
KERNEL_BUILD = Path("build/kernel")
TABLES_BUILD = Path("build/tables")
CORES = os.cpu_count() or 1
"""Cython translates, and the C compiler compiles, on every core."""
PATH_FREE = [f"-ffile-prefix-map={Path.cwd()}=."]
"""Debug information and __FILE__ name sources relative to the tree built: a module is the same bytes wherever the
tree lies (release packages are reproducible, compiler/packaging.py)."""
CACHE = Path(os.environ["LAWFORGE_BUILD_CACHE"]).resolve() if os.environ.get("LAWFORGE_BUILD_CACHE") else None
"""A folder keeping Cython's translations (its own cache) and compiled modules by `compiled_key`: a release package
built from the sources of the development install reuses its modules instead of compiling them again (.ci/setup
fills it; compiler/packaging.py passes it on when asked). Unset, every module is compiled."""
CYTHON_CACHE = {"cache": str(CACHE / "cython")} if CACHE else {}
KERNEL_FLAGS = ["-O2", "-g0"]
"""Python's own -O3 -g doubles the compile time of the kernel's large C files and gains nothing measurable."""


def load_runtime_module(name):
    """runtime/NAME.py by path (lawforge is not importable yet)."""
    spec = importlib.util.spec_from_file_location(f"lawforge_{name}", f"runtime/{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


KERNELS = load_runtime_module("kernels")
"""What the compiled kernel is built from."""
STAMP = load_runtime_module("stamp")
"""How a table module carries the digest of its .pyx."""
FINGERPRINT = f"{KERNELS.COMPILED_PACKAGE}.fingerprint"


TYPED_TREE = Path("build/typed")
"""A package tree whose `lawforge/runtime/_compiled/<package>` links to `runtime/<package>`: compiled from there, a
typed module's relative cimports (`from ..kernel.engine cimport Engine`) find the .pxd of its compiled sibling."""
TYPED_DIRECTIVES = {"boundscheck": False, "wraparound": False, "initializedcheck": False}
CHECKED = "oath/"
"""Typed sources compiled without TYPED_DIRECTIVES: Oath's rules index Python lists as Python does (a negative
index, an index out of range raising)."""


def typed_tree():
    compiled = TYPED_TREE / KERNELS.COMPILED_PACKAGE.replace(".", "/")
    compiled.mkdir(parents=True, exist_ok=True)
    for folder in (compiled, *compiled.parents):
        if folder == TYPED_TREE:
            break
        (folder / "__init__.py").touch()
    top = [source for source in KERNELS.typed_sources() if "/" not in source]
    for name in (*KERNELS.TYPED, *top, *(Path(source).with_suffix(".pxd").name for source in top)):
        link = compiled / name
        if not link.is_symlink():
            link.symlink_to(Path("runtime", name).resolve())
    return compiled


def kernel_extensions():
    """One extension per compiled source, and the fingerprint module (rewritten only when it changes)."""
    typed = set(KERNELS.typed_sources())
    modules = [Extension(f"{KERNELS.COMPILED_PACKAGE}.{source.removesuffix('.py').replace('/', '.')}",
                         [f"runtime/{source}"], extra_compile_args=KERNEL_FLAGS)
               for source in KERNELS.compiled_sources() if source not in typed]
    stamp = KERNEL_BUILD / "fingerprint.pyx"
    text = f'"""Sources of this build of the compiled kernel: path -> sha256."""\nSOURCES = {KERNELS.fingerprint()!r}\n'
    if not stamp.exists() or stamp.read_text() != text:
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.write_text(text)
    return modules + [Extension(FINGERPRINT, [str(stamp)])]


def typed_extensions(checked):
    """The typed modules, compiled from the package tree (`typed_tree`): those under CHECKED or the others."""
    compiled = typed_tree()
    return [Extension(f"{KERNELS.COMPILED_PACKAGE}.{source.removesuffix('.py').replace('/', '.')}",
                      [str(compiled / source)], extra_compile_args=KERNEL_FLAGS)
            for source in KERNELS.typed_sources() if source.startswith(CHECKED) == checked]


def compiled_key(ext):
    """What a compiled module is made of, wherever its tree lies: its C sources, the compile flags (PATH_FREE makes
    the tree's path irrelevant), the compiler and the Python it is built for."""
    digest = hashlib.sha256(source_digest(ext).encode())
    for part in (ext.extra_compile_args, sysconfig.get_config_var("CC"), sysconfig.get_config_var("CFLAGS"),
                 os.environ.get("CFLAGS", ""), sys.version):
        digest.update(repr(part).encode() + b"\0")
    return digest.hexdigest()[:32]


def source_digest(ext):
    """The sha256 of an extension's C sources: what a built module was compiled from."""
    digest = hashlib.sha256()
    for source in ext.sources:
        digest.update(Path(source).read_bytes())
    return digest.hexdigest()


def file_digest(path):
    """The sha256 of a built module: the in-place one is reused only if it is the module the stamp's build made (a
    build that failed to copy its modules in place must not vouch for the older ones left there)."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


class BuildExt(build_ext):
    """Builds on every core; keeps an in-place module built from the same C sources, byte for byte (an editable
    install builds in a fresh folder each time, which would recompile the kernel every time; file times are not
    enough, since installing copies modules and renews theirs); builds the kernel's fingerprint only after every
    other module built, so a failed build never vouches for older modules. A module taken from the cache is given
    the time it is taken: the in-place copy that follows replaces only older files, and a cached module older than
    the one in place (back to sources built before) must still replace it."""

    def finalize_options(self):
        super().finalize_options()
        self.parallel = self.parallel or CORES

    def build_extensions(self):
        last = [ext for ext in self.extensions if ext.name == FINGERPRINT]
        self.extensions = [ext for ext in self.extensions if ext.name != FINGERPRINT]
        super().build_extensions()
        self.extensions += last
        for ext in last:
            self.build_extension(ext)

    def build_extension(self, ext):
        cached = CACHE / "modules" / f"{ext.name}-{compiled_key(ext)}{Path(self.get_ext_filename(ext.name)).suffix}" \
            if CACHE else None
        ext.extra_compile_args = [*ext.extra_compile_args, *PATH_FREE]
        built = Path(self.get_ext_fullpath(ext.name))
        stamp = KERNEL_BUILD / f"{ext.name}.built"
        digest = source_digest(ext)
        if self.editable_mode:
            in_place = Path(self._get_inplace_equivalent(self.get_finalized_command("build_py"), ext)[0])
            if in_place.exists() and stamp.exists() and stamp.read_text() == f"{digest} {file_digest(in_place)}":
                self.mkpath(str(built.parent))
                self.copy_file(str(in_place), str(built))
                return
        if cached is not None and cached.exists():
            self.mkpath(str(built.parent))
            self.copy_file(str(cached), str(built), preserve_times=False)
            return
        super().build_extension(ext)
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.write_text(f"{digest} {file_digest(built)}")
        if cached is not None:
            cached.parent.mkdir(parents=True, exist_ok=True)
            self.copy_file(str(built), str(cached))


def table_source(pyx):
    """The source a table module is compiled from: its .pyx with the line naming its digest, under build/tables
    (rewritten only when it changes)."""
    source = TABLES_BUILD / pyx.parent.name / pyx.name
    text = STAMP.stamped(pyx.read_bytes())
    if not source.exists() or source.read_bytes() != text:
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_bytes(text)
    return str(source)


PARTS = {"lawforge.compiler": Path("compiler"), "lawforge.runtime": Path("runtime"), "lawforge.generated": GENERATED}
"""pyproject's package-dir: each part a tree of packages, those of its folders that hold an `__init__.py`."""


def packages():
    """Every package of the parts this tree holds (a game's tree has generated/<game>/ but no generated/__init__.py:
    the runtime package owns lawforge.generated)."""
    found = []
    for name, folder in PARTS.items():
        for init in sorted(folder.rglob("__init__.py")):
            relative = init.parent.relative_to(folder).parts
            if "__pycache__" not in relative:
                found.append(".".join((name, *relative)))
    return found


def extensions():
    """The Cython extensions of the parts present: the VM and the kernels with the runtime, each game's tables."""
    tables = [Extension(f"lawforge.generated.{pyx.parent.name}.{pyx.stem}", [table_source(pyx)])
              for pyx in sorted(GENERATED.glob("*/*.pyx"))]
    found = cythonize(tables, language_level=3, quiet=True, nthreads=CORES, **CYTHON_CACHE) if tables else []
    if (Path("runtime") / "__init__.py").exists():
        found += cythonize([Extension("lawforge.runtime.vm", ["runtime/vm.pyx"])], language_level=3, quiet=True,
                           **CYTHON_CACHE)
        found += cythonize(kernel_extensions(), language_level=3, quiet=True, build_dir=str(KERNEL_BUILD),
                           nthreads=CORES, **CYTHON_CACHE)
        for checked, directives in ((False, TYPED_DIRECTIVES), (True, {})):
            found += cythonize(typed_extensions(checked), language_level=3, quiet=True, build_dir=str(KERNEL_BUILD),
                               nthreads=CORES, include_path=[str(TYPED_TREE)], compiler_directives=directives,
                               **CYTHON_CACHE)
    return found


setup(packages=packages(), ext_modules=extensions(), cmdclass={"build_ext": BuildExt})
