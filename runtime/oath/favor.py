"""Favor that does not go where it would: Vow of Renewal's holder takes the favor any player burns, Vow of Kinship's
keeps theirs in a favor bank and uses it from there.

Their persistent rules (persistent.py) write who takes burned favor (`burned_favor_taker`), which bank receives a
player's favor (`favor_bank_of`) and which bank lends them its favor (`favor_bank_lent`). The kernel pays and
checks the favor a player uses through `usable` and `spend`; persistent.py's `settle_favor` sends where the vows say, once each
move is carried out, the favor that went to the shared bank or to a board during it. Compiled powers count a player's
favor through `usable` and bring the bank's onto the board for the verb that uses it (`lend`); favor a player loses
(a defeated defender's burned half, favor another player's power takes) is their board's alone (docs/decisions.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..state import FlatState

if TYPE_CHECKING:
    from .game import OathState

NATIVES = frozenset({"take_burned_favor", "redirect_favor_gains_to_bank", "use_bank_favor_as_board"})
"""The natives of the rules this module carries out."""


def usable(flat: FlatState, seat: int) -> int:
    """The favor a player can use (7.1.2): their board's, and the favor bank's Vow of Kinship lends them."""
    bank = flat.get("favor_bank_lent", seat)
    return flat.get("favor", seat) + (flat.get("bank_favor", bank - 1) if bank else 0)


def purse(flat: FlatState, seat: int, token: str) -> int:
    """What a player can pay of a token ("favor" or "secret"): usable favor, or the faceup secrets on their board."""
    return usable(flat, seat) if token == "favor" else flat.get(token, seat)


def spend(flat: FlatState, seat: int, to: tuple[str | int, ...], n: int) -> int:
    """Moves n favor the player uses (pays, places, gives or burns), from their board first, then from the bank
    Vow of Kinship lends them; returns how many moved (as many as there are)."""
    moved = flat.move(("favor", seat), to, n)
    bank = flat.get("favor_bank_lent", seat)
    if bank and moved < n:
        moved += flat.move(("bank_favor", bank - 1), to, n - moved)
    return moved


def lend(flat: FlatState, seat: int, n: int) -> None:
    """Before a compiled power's verb (give, burn, place) uses n favor of the player: moves onto their board, from the
    bank Vow of Kinship lends them, what their board lacks for n, so that the verb takes as `spend` would, board
    first. The verb moves it all on at once; `settle` would put anything left back in the bank."""
    bank = flat.get("favor_bank_lent", seat)
    if bank:
        flat.move(("bank_favor", bank - 1), ("favor", seat), n - flat.get("favor", seat))


