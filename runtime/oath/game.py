"""Playing Oath through an OpenSpiel-like API: legal actions as ints, apply, terminal, returns.

The kernel plays the turn structure (4), the Search, Muster and Trade actions (5.1-5.3), Recover of
relics and banners (5.4, banners.py), Campaign (5.5, campaign.py), Travel (5.6), the minor actions
6.1-6.5 (6.5's warband moves, warbands.py), Visions (5.1.4), the People's Favor at Wake (4.1.1), the Rest and
its Supply refresh (4.3), the end die (3.3), the Oathkeeper title of each Oath (2.11), Citizenship and exile
(6.6-6.8, empire.py) and the wins as Usurper (3.1), Visionary (3.2), Successor (3.3.1) and at War Exhaustion (3.4). Card
powers run on the effect VM: "Action:" powers (6.2), battle plans, When Played and Rest: powers, action
modifiers (7.4, modifiers.py) and the modifiers that fire at a time their `timing` names (TRIGGERED);
a power is offered only if the kernel implements its natives and reads its rule hooks. Binding exchanges are
negotiate.py's, persistent rules persistent.py's, plays plays.py's, the favor Vow of Renewal and Vow of Kinship
send elsewhere favor.py's. After the game, `chronicle()` writes the Chronicle (8, chronicle.py), its choices the
players' (a `Decide` callback), which sets up the next. Every power of the content is played; where one is
played only in part, docs/decisions.md says so.
"""

from __future__ import annotations

import copy
from array import array
from random import Random

from ..content import CompiledGame
from ..effects import VMS
from . import campaign, empire, modifiers
from .actions import PHASE, IllegalAction, Kind, Phase, action
from .chronicle import Chronicle, Decide, write_chronicle
from .describe import Describe
from .numbers import rule_numbers
from .observe import Observation, observe
from .setup import Cards, setup

__all__ = ["IllegalAction", "Kind", "OathState", "Phase", "action"]


class OathState(Describe):
    """A game of Oath in play: the flat state and the card tables (core.py), with the rules in the parts it is made
    of, each built on the one before (power_tables, queries, moves, turn, handlers, rounds, describe), one module
    each."""

    def __init__(self, game: CompiledGame, players: int, seed: int, *, engine: str = "compiled",
                 chronicle: Chronicle | None = None) -> None:
        """`engine`: the effect VM that runs card powers, "compiled" (Cython) or "python" (its twin); `chronicle`:
        the world the previous game saved (chronicle.py), else a first game."""
        made = setup(game, players, seed, chronicle)
        self.run_vm = VMS[engine]
        self.game = game
        self.numbers = rule_numbers(game)
        self.base_cost = modifiers.base_costs(self.numbers)
        self.players = players
        self.flat = made.state
        self.cards = Cards(self.flat)
        self.placeholders = made.placeholders
        self.history = []
        self.seed = seed
        self.flat.set("phase", PHASE.SETUP)
        self.flat.set("setup_seat", 0)
        self.flat.set("winner", -1)
        self.flat.set("action_kind", -1)
        self.flat.set("played_card", -1)
        self.flat.set("reliquary_pick", -1)
        self.flat.set("power_campaign", -1)
        empire.clear_offer(self.flat)
        self.frame = None
        self.known_moves = None
        self.victory = None
        campaign.clear(self.flat)
        self._static()

    def chronicle(self, decide: Decide | None = None, locale: str = "en") -> tuple[Chronicle, list[str]]:
        """The winner writes the Chronicle (8): the next game's world, and the choices drawn at random (those
        `decide` leaves to chance)."""
        return write_chronicle(self, decide, locale)

    def observation(self, seat: int) -> Observation:
        """What `seat` may know of the game now (9.4)."""
        return observe(self, seat)

    def playout(self, seed: int, max_actions: int = 1_000_000) -> int:
        """Uniformly random legal moves from `seed` until the game ends or `max_actions` were taken; how many were
        (the shared API's playout: in the compiled kernel, the loop runs in the extension with the rules)."""
        rng = Random(seed)
        taken = 0
        while taken < max_actions and not self.is_terminal():
            self.carry_out(self.random_move(rng))
            taken += 1
        return taken

    def clone(self) -> OathState:
        """A copy to play on: its own cells, frame, cards and history; the tables and card facts shared."""
        twin = copy.copy(self)
        twin.flat = self.flat.copy()
        twin.frame = array("i", self.frame) if self.frame is not None else None
        twin.cards = Cards(twin.flat)
        twin.history = list(self.history)
        twin.placeholders = list(self.placeholders)
        return twin

