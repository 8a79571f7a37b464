"""Persistent powers (7.1.4): always-on rules of the cards in play, for every player they describe.

The kernel works the rules out when a decision needs them: it runs the persistent powers concerned on a copy
of the state, and their natives write what they forbid into fields it then reads. So far: who cannot play
Visions faceup (Vow of Obedience, Secret Police, Sacred Ground). Not yet: the other persistent powers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..content import CompiledGame
from ..state import FlatState
from ..vm_py import Native
from .empire import bind_flat, colour, ruler_of
from .setup import Cards

if TYPE_CHECKING:
    from .game import OathState

ALL_VISIONS, REVEALED_VISIONS = 2, 1
"""Values of `visions_forbidden`: no Vision faceup, the Conspiracy included; no Vision revealed (5.1.4.III)."""
VISION_RULES = ("forbid_faceup_visions", "forbid_enemy_faceup_visions_at_ruled_sites", "faceup_visions_only_at_site")


def visions_forbidden(state: OathState, seat: int) -> int:
    """How far the persistent powers in play forbid this player to play Visions faceup (0: not at all)."""
    flat = state.flat.copy()
    flat.assign("visions_forbidden", [0] * flat.size("visions_forbidden"))
    for card, key in state.vision_rules.items():
        zone = flat.get("card_zone", card)
        if flat.get("card_faceup", card) and (zone == state.zone_ids["at_site"] or zone in state.adviser_zones):
            state.run_quietly(key, seat, state.index_in_kind(card), flat)
    return flat.get("visions_forbidden", seat)


def _forbid(flat: FlatState, player: int, how: int) -> None:
    if player >= 0:
        flat.set("visions_forbidden", player, max(how, flat.get("visions_forbidden", player)))


def _own(flat: FlatState, args: list[int]) -> int:
    """Vow of Obedience: its ruler, the Conspiracy included."""
    _forbid(flat, ruler_of(flat, args[0]), ALL_VISIONS)
    return 0


def _enemies_at_ruled_sites(flat: FlatState, args: list[int]) -> int:
    """Secret Police: the ruler's enemies (Exiles, or everyone if the ruler is one) whose pawn is at a site the
    ruler rules."""
    ruler = ruler_of(flat, args[0])
    if ruler < 0:
        return 0
    exile = int(flat.game.enums["role"]["EXILE"])
    for player in range(flat.size("seated")):
        enemy = player != ruler and exile in (flat.get("role", player), flat.get("role", ruler))
        if enemy and flat.get("site_warbands", flat.get("pawn_site", player), colour(flat, ruler)) > 0:
            _forbid(flat, player, REVEALED_VISIONS)
    return 0


def _only_at_site(flat: FlatState, args: list[int]) -> int:
    """Sacred Ground: everyone whose pawn is not at the card's site."""
    site = Cards(flat).site_of(args[0])
    for player in range(flat.size("seated")):
        if flat.get("seated", player) and flat.get("pawn_site", player) != site:
            _forbid(flat, player, REVEALED_VISIONS)
    return 0


FACTORIES: dict[str, Callable[[CompiledGame], Native]] = {
    "forbid_faceup_visions": bind_flat(_own),
    "forbid_enemy_faceup_visions_at_ruled_sites": bind_flat(_enemies_at_ruled_sites),
    "faceup_visions_only_at_site": bind_flat(_only_at_site),
}
