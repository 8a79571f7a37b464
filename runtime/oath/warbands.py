"""Moving warbands (6.5), a minor action, one warband per move: from one's board to one's site if one rules it, back
to one's board (never the last one, save with the Bandit Crown, 7.6.5), and between Imperial players.

Some moves need another player's permission (6.5, Empire summary): a Citizen picking up warbands, the Chancellor's; an
Imperial player giving a warband to, or taking one from, the board of another Imperial player at their site, that
player's. The move asks (PHASE.WARBAND_PERMISSION) and the player asked grants or refuses it, for the rest of the
turn: a grant lets the same move be made again without asking, a refusal takes it off the moves (docs/decisions.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import cython  # type: ignore[import-untyped]

from ..state import FlatState
from .actions import KIND, PHASE, STRIDE, Kind, action, kind_of
from .empire import CHANCELLOR, bandit_lord, colour, warbands_at

if TYPE_CHECKING:
    if not cython.compiled:  # compiled, the state is typed as its core (the .pxd beside)
        from .game import OathState

REQUEST_BITS = {KIND.WARBAND_TO_BOARD: 1, KIND.GIVE_WARBAND: 2, KIND.TAKE_WARBAND: 4}
"""The moves that may need permission, by their bit in `warband_moves_granted` and `warband_moves_refused`."""
TURN_FIELDS = ("warband_moves_granted", "warband_moves_refused")
"""The answers given this turn, cleared when the turn passes."""


def moves(state: OathState, seat: int, site: int) -> list[int]:
    """6.5 in the player's Act: a warband to their site if they rule it (unless a persistent rule forbids it), back
    to their board, given to or taken from an Imperial player whose pawn is there; less those refused this turn."""
    flat = state.flat
    out = []
    if state.rules(seat, site) and flat.get("warbands", seat) > 0 and not flat.get("place_warbands_forbidden", seat):
        out.append(action(KIND.WARBAND_TO_SITE, site))
    if _can_pick_up(flat, seat, site):
        out.append(action(KIND.WARBAND_TO_BOARD, site))
    if not state.is_exile(seat):
        for other in range(state.players):
            if other != seat and not state.is_exile(other) and flat.get("pawn_site", other) == site:
                out += [action(KIND.GIVE_WARBAND, other)] if flat.get("warbands", seat) else []
                out += [action(KIND.TAKE_WARBAND, other)] if flat.get("warbands", other) else []
    return [chosen for chosen in out if not _answered(flat, seat, chosen, "warband_moves_refused")]


def _can_pick_up(flat: FlatState, seat: int, site: int) -> bool:
    """Never the last warband, unless the bandits left there keep the site one's own (Bandit Crown, 7.6.5)."""
    own = flat.get("site_warbands", site, colour(flat, seat))
    return own > 1 or own == 1 and seat == bandit_lord(flat) and warbands_at(flat, site) == 1


def asked_of(flat: FlatState, seat: int, chosen: int) -> int:
    """Whose permission the player's move needs: the Chancellor's for a Citizen's pick-up, the other player's for a
    give or take; -1 for none (the Chancellor's own purple warbands, an Exile's own colour)."""
    kind = kind_of(chosen)
    if kind == KIND.WARBAND_TO_BOARD:
        return CHANCELLOR if colour(flat, seat) == CHANCELLOR and seat != CHANCELLOR else -1
    return chosen % STRIDE if kind in REQUEST_BITS else -1


def _answered(flat: FlatState, seat: int, chosen: int, field: str) -> bool:
    """Whether the player asked for the move has granted (refused) it this turn, as `field` says."""
    asked = asked_of(flat, seat, chosen)
    return asked >= 0 and bool(flat.get(field, asked) & REQUEST_BITS[kind_of(chosen)])


def deciding_player(flat: FlatState) -> int:
    """The player asked for the permission waiting."""
    return asked_of(flat, flat.get("current_player"), flat.get("warband_move_asked"))


def answer_moves(flat: FlatState) -> list[int]:
    """The asked player's moves: grant or refuse (argument: the asker, whose turn it is)."""
    asker = flat.get("current_player")
    return [action(KIND.GRANT_WARBAND_MOVE, asker), action(KIND.REFUSE_WARBAND_MOVE, asker)]


def _ask_or_move(state: OathState, seat: int, chosen: int) -> None:
    """A move that needs a permission not granted yet this turn waits for it; any other is made."""
    flat = state.flat
    if asked_of(flat, seat, chosen) >= 0 and not _answered(flat, seat, chosen, "warband_moves_granted"):
        flat.set("warband_move_asked", chosen)
        flat.set("phase", PHASE.WARBAND_PERMISSION)
    else:
        _carry_out(state, seat, chosen)


def _carry_out(state: OathState, seat: int, chosen: int) -> None:
    """One warband, between one's board and site (argument: the site) or two boards (argument: the other seat);
    purple stays purple between Imperial players."""
    kind, argument = kind_of(chosen), chosen % STRIDE
    board, other = ("warbands", seat), ("warbands", argument)
    site = ("site_warbands", argument, colour(state.flat, seat))
    source, target = {KIND.WARBAND_TO_SITE: (board, site), KIND.WARBAND_TO_BOARD: (site, board),
                      KIND.GIVE_WARBAND: (board, other), KIND.TAKE_WARBAND: (other, board)}[kind]
    state.flat.move(source, target, 1)
    state.update_oathkeeper()


def _answer(flat: FlatState, seat: int, field: str) -> int:
    """Records the answer of the player asked for the rest of the turn and goes back to the Act; the move asked."""
    chosen = flat.get("warband_move_asked")
    flat.set(field, seat, flat.get(field, seat) | REQUEST_BITS[kind_of(chosen)])
    flat.set("warband_move_asked", 0)
    flat.set("phase", PHASE.ACT)
    return chosen


KINDS = frozenset({KIND.WARBAND_TO_SITE, *REQUEST_BITS, KIND.GRANT_WARBAND_MOVE, KIND.REFUSE_WARBAND_MOVE})


def apply(state: OathState, seat: int, kind: Kind, argument: int) -> None:
    """A warband move of the player whose turn it is, or the answer of the player asked (argument: the asker)."""
    if kind == KIND.GRANT_WARBAND_MOVE:
        _carry_out(state, argument, _answer(state.flat, seat, "warband_moves_granted"))
    elif kind == KIND.REFUSE_WARBAND_MOVE:
        _answer(state.flat, seat, "warband_moves_refused")
    else:
        _ask_or_move(state, seat, action(kind, argument))
