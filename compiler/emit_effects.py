"""Stage 5c, emit: the state layout and effect entry points of a game, as a typed Python module.

The runtime needs them to make a state (how large, where each field is), to start an effect
(where its bytecode begins) and to read a decision (which space a choice's options are from).
"""

from __future__ import annotations

from .emit_python import header
from .lower import LoweredGame


def emit_effects(lowered: LoweredGame) -> str:
    layout = lowered.layout
    fields = spaces = natives = unions = zones = player_zones = axes = visibility = ""
    size = 1
    if layout is not None:
        size = layout.size
        fields = "".join(
            f"    {name!r}: ({f.offset}, {f.extents!r}, "
            f"{layout.spaces[f.spec.value].size if f.spec.value else -1}),\n"
            for name, f in layout.fields.items())
        axes = "".join(f"    {name!r}: {f.axes!r},\n" for name, f in layout.fields.items())
        visibility = "".join(f"    {name!r}: {f.spec.visible!r},\n" for name, f in layout.fields.items()
                             if f.spec.visible != "all")
        spaces = "".join(f"    ({name!r}, {space.size}),\n" for name, space in layout.spaces.items())
        natives = "".join(f"    {name!r},\n" for name in layout.natives)
        unions = "".join(f"    {name!r}: {dict(space.members)!r},\n" for name, space in layout.spaces.items()
                         if space.members and name != "zone")
        zone = layout.spaces["zone"]
        zones = "".join(f"    {name!r}: {index},\n" for index, name in enumerate(zone.ids))
        player_zones = "".join(f"    {name!r}: {base},\n" for name, base in zone.members.items())
    entries = "".join(f"    {key!r}: {offset},\n" for key, offset in lowered.entries.items())
    rules = "".join(f"    {key!r}: {hooks!r},\n" for key, hooks in lowered.rules.items())
    return "\n".join([
        header(lowered.name),
        f'"""State layout and effect entry points of {lowered.name} (bytecode: `tables.code()`)."""',
        "",
        f"STATE_SIZE = {size}",
        "",
        "FIELDS: dict[str, tuple[int, tuple[int, ...], int]] = {",
        f"{fields}}}",
        '"""Field → (offset, extent of each axis, size of the space its values are from or -1)."""',
        "",
        "FIELD_AXES: dict[str, tuple[str, ...]] = {",
        f"{axes}}}",
        '"""Field → the space of each axis."""',
        "",
        "VISIBILITY: dict[str, str] = {",
        f"{visibility}}}",
        '"""Fields not everyone may see: `owner` (only the seat of its player axis) or `nobody`."""',
        "",
        "SPACES: tuple[tuple[str, int], ...] = (",
        f"{spaces})",
        '"""(name, size); a choice of kind k offers entities of SPACES[k - 1] (kind 0: numbered options)."""',
        "",
        "UNIONS: dict[str, dict[str, int]] = {",
        f"{unions}}}",
        '"""Union space → member kind → index of the kind\'s first entity in the union."""',
        "",
        "ZONES: dict[str, int] = {",
        f"{zones}}}",
        '"""Shared zones and their numbers."""',
        "",
        "PLAYER_ZONES: dict[str, int] = {",
        f"{player_zones}}}",
        '"""Per-player zones: the number of seat 0\'s; seat p\'s is that plus p."""',
        "",
        "NATIVES: tuple[str, ...] = (",
        f"{natives})",
        '"""Native procedures in the numbering the bytecode calls them by."""',
        "",
        "ENTRIES: dict[str, int] = {",
        f"{entries}}}",
        '"""Effect key (kind/id/path of the power) → where its bytecode starts."""',
        "",
        "RULES: dict[str, tuple[str, ...]] = {",
        f"{rules}}}",
        '"""Effect key → the rule hooks its `modify` statements write (a kernel runs it only if it reads them)."""',
        "",
    ])
