"""The game state as the effect VM sees it: spaces of entities, and fields laid out in one int32 array.

A *space* is a numbered set of things an effect can name: the players, the zones, the entities of
one kind (sites), or a union of kinds (cards = denizens, then relics, …). A *field* is an array of
the state indexed by spaces (`favor of [player]`, `warbands of [site, player]`); the compiler
gives each a fixed offset, so the VM addresses every cell with plain arithmetic.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..models.common import Cards, Game, Identified, Native, Resource, Selector, StateField, Zone

RNG_CELLS = 1
"""state[0] is the VM's dice (see runtime/bytecode.py); fields start after it."""


@dataclass(frozen=True)
class Space:
    name: str
    size: int
    members: dict[str, int] = field(default_factory=dict)
    """For a union: each member kind and the index its first entity has in the union."""
    ids: tuple[str, ...] = ()
    """Entity ids in index order (empty for players)."""


@dataclass(frozen=True)
class FieldLayout:
    spec: StateField
    offset: int
    axes: tuple[str, ...]
    extents: tuple[int, ...]

    @property
    def size(self) -> int:
        total = 1
        for extent in self.extents:
            total *= extent
        return total


@dataclass
class Layout:
    spaces: dict[str, Space]
    fields: dict[str, FieldLayout]
    resources: dict[str, Resource]
    natives: dict[str, tuple[int, Native]]
    selectors: dict[str, Selector]
    cards: Cards | None
    size: int
    problems: list[tuple[str, tuple[str | int, ...], str]] = field(default_factory=list)
    """(field or resource id, loc inside it, message) for the linker to report with positions."""

    def within(self, inner: str, outer: str) -> bool:
        """Whether every entity of space `inner` is one of space `outer`."""
        return inner == outer or inner in self.spaces[outer].members if outer in self.spaces else False

    def upcast(self, inner: str, outer: str) -> int:
        """What to add to an index of `inner` to get its index in `outer`."""
        return 0 if inner == outer else self.spaces[outer].members[inner]

    def holding(self, resource: str, space: str, *, owned: bool) -> FieldLayout | None:
        """The field holding `resource` for an entity of `space` (per owner, if `owned`)."""
        for candidate in self.fields.values():
            axes = candidate.axes
            if candidate.spec.holds != resource or len(axes) != (2 if owned else 1):
                continue
            if self.within(space, axes[0]) and (not owned or axes[1] == "player"):
                return candidate
        return None


def zone_space(zones: tuple[Zone, ...], players: int) -> Space:
    """Shared zones first, then each per-player zone once per player seat."""
    ids: list[str] = [z.id for z in zones if not z.per_player]
    members = {z.id: len(ids) + k * players for k, z in enumerate(z for z in zones if z.per_player)}
    return Space("zone", len(ids) + players * sum(z.per_player for z in zones), members, tuple(ids))


def build_layout(game: Game, entities: dict[str, tuple[Identified, ...]]) -> Layout:
    players = game.players.max if game.players else 1
    spaces: dict[str, Space] = {"player": Space("player", players)}
    for kind, members in entities.items():
        spaces[kind] = Space(kind, len(members), ids=tuple(e.id for e in members))
    zones = tuple(z for z in entities.get("zone", ()) if isinstance(z, Zone))
    spaces["zone"] = zone_space(zones, players)
    problems: list[tuple[str, tuple[str | int, ...], str]] = []
    for union, kinds in game.spaces.items():
        members, total, ids = {}, 0, []
        for kind in kinds:
            if kind not in spaces:
                problems.append(("game", ("spaces", union), f"space {union!r} names {kind!r}, which is no entity kind"))
                continue
            members[kind] = total
            total += spaces[kind].size
            ids += spaces[kind].ids
        spaces[union] = Space(union, total, members, tuple(ids))

    fields: dict[str, FieldLayout] = {}
    offset = RNG_CELLS
    for spec in entities.get("field", ()):
        assert isinstance(spec, StateField)
        unknown = [axis for axis in spec.of if axis not in spaces]
        for axis in unknown:
            problems.append((spec.id, ("of",), f"field {spec.id!r} is indexed by {axis!r}, which is no space"))
        if spec.value is not None and spec.value not in spaces:
            problems.append((spec.id, ("value",), f"field {spec.id!r} holds entities of {spec.value!r}, which is no space"))
        if spec.visible == "owner" and "player" not in spec.of:
            problems.append((spec.id, ("visible",), f"field {spec.id!r} is visible to its owner but has no "
                             "player axis to name one"))
        if spec.holds is not None and spec.holds not in {r.id for r in entities.get("resource", ())}:
            problems.append((spec.id, ("holds",), f"field {spec.id!r} holds {spec.holds!r}, which is no resource"))
        axes = tuple(a for a in spec.of if a in spaces)
        layout = FieldLayout(spec, offset, axes, tuple(spaces[a].size for a in axes))
        fields[spec.id] = layout
        offset += layout.size

    resources = {r.id: r for r in entities.get("resource", ()) if isinstance(r, Resource)}
    for resource in resources.values():
        for role in ("board", "source", "sink", "bank"):
            target = getattr(resource, role)
            if target is None:
                continue
            found = fields.get(target)
            if found is None or found.spec.holds != resource.id:
                problems.append((resource.id, (role,), f"{role} {target!r} is no field holding {resource.id!r}"))
            elif role in ("board", "bank") and found.axes != ("player",):
                problems.append((resource.id, (role,), f"{role} {target!r} must be a field of [player]"))
    natives = {n.id: (i, n) for i, n in enumerate(entities.get("native", ())) if isinstance(n, Native)}
    selectors = {s.id: s for s in entities.get("selector", ()) if isinstance(s, Selector)}
    return Layout(spaces, fields, resources, natives, selectors, game.cards, offset, problems)
