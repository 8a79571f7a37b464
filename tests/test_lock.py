"""requirements.lock pins every package the setup installs, with hashes, within pyproject's ranges."""

from __future__ import annotations

import re
import tomllib
from importlib import metadata

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from conftest import REPO

PIN = re.compile(r"^([A-Za-z0-9._-]+)==([^\s\\]+)")


def locked() -> dict[str, tuple[str, int]]:
    """name -> (version, number of hashes) of every pin in the lock."""
    pins: dict[str, tuple[str, int]] = {}
    name = ""
    for line in (REPO / "requirements.lock").read_text(encoding="utf-8").splitlines():
        if match := PIN.match(line):
            name = canonicalize_name(match[1])
            pins[name] = (match[2], 0)
        elif line.strip().startswith("--hash=sha256:"):
            version, hashes = pins[name]
            pins[name] = (version, hashes + 1)
    return pins


def declared() -> list[Requirement]:
    """What pyproject.toml asks for: dependencies, every extra, and the build system."""
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    texts = project["project"]["dependencies"] + project["build-system"]["requires"]
    for extra in project["project"]["optional-dependencies"].values():
        texts += extra
    return [Requirement(text) for text in texts]


def test_every_declared_package_is_pinned_with_hashes_within_its_range() -> None:
    pins = locked()
    assert pins and all(hashes > 0 for _version, hashes in pins.values()), "every pin has a hash"
    outside = [f"{req} (locked: {pins.get(canonicalize_name(req.name), ('none',))[0]})" for req in declared()
               if canonicalize_name(req.name) not in pins
               or pins[canonicalize_name(req.name)][0] not in req.specifier]
    assert outside == [], "requirements.lock is stale: run the lock command of the README"


def test_this_environment_is_the_lock() -> None:
    """The setup installed exactly the locked versions (a stray or newer package would make builds differ)."""
    pins = locked()
    wrong = [f"{name} {metadata.version(name)} (locked {version})" for name, (version, _) in pins.items()
             if metadata.version(name) != version]
    assert wrong == []
