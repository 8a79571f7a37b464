"""Margraves on the shared kernel: which procedure runs each native and step, when a step can be taken, the
natives that answer at once, and the kernel's hooks. The rules themselves are in founding.py, turn.py,
board.py, slaying.py, tracks.py and cleanup.py; the turn is the content's (tables.py builds the plan)."""

from __future__ import annotations

from array import array
from typing import Any

import cython  # type: ignore[import-untyped]

from .board import Board
from .cleanup import Cleanup
from .core import MargravesCore
from .founding import Founding
from .slaying import Slaying
from .tracks import Tracks
from .turn import Turn

HELD = cython.declare(cython.int, 3)

# Procedure codes: what `impl[procedure]` holds (tables.py numbers procedures; CODES names them).
MOVE_MARGRAVE = cython.declare(cython.int, 1)
DEPLOY_KNIGHT = cython.declare(cython.int, 2)
MOVE_KNIGHTS = cython.declare(cython.int, 3)
SLAY_MONSTER = cython.declare(cython.int, 4)
RECRUIT = cython.declare(cython.int, 5)
RETRIEVE_PLAYED = cython.declare(cython.int, 6)
NAVAL_ACTION = cython.declare(cython.int, 7)
GAIN_INFLUENCE = cython.declare(cython.int, 8)
GAIN_PRIVILEGE = cython.declare(cython.int, 9)
TAKE_LYING_KNIGHTS = cython.declare(cython.int, 10)
PAY_WILD = cython.declare(cython.int, 11)
BUILD_TOWER = cython.declare(cython.int, 12)
RECALL = cython.declare(cython.int, 13)
SETUP_GAME = cython.declare(cython.int, 20)
WEALTH_DRAFT = cython.declare(cython.int, 21)
WEALTH_RESOLVE = cython.declare(cython.int, 22)
PLAY_CARD = cython.declare(cython.int, 23)
PENNANT = cython.declare(cython.int, 24)
USE_GRANT = cython.declare(cython.int, 25)
ENTER_LOCATION = cython.declare(cython.int, 26)
REWARD = cython.declare(cython.int, 27)
SETTLE_STORAGE = cython.declare(cython.int, 28)
END_OF_TURN = cython.declare(cython.int, 29)
ANSWERED = cython.declare(cython.int, 90)
"""Natives that answer at once (`vm_natives`): never run as procedures."""

CODES = {"move_margrave": MOVE_MARGRAVE, "deploy_knight": DEPLOY_KNIGHT, "move_knights": MOVE_KNIGHTS,
         "slay_monster": SLAY_MONSTER, "recruit": RECRUIT, "retrieve_played": RETRIEVE_PLAYED,
         "naval_action": NAVAL_ACTION, "gain_influence": GAIN_INFLUENCE, "gain_privilege": GAIN_PRIVILEGE,
         "take_lying_knights": TAKE_LYING_KNIGHTS, "pay_wild": PAY_WILD, "build_tower": BUILD_TOWER,
         "recall": RECALL, "setup_game": SETUP_GAME, "wealth_draft": WEALTH_DRAFT,
         "wealth_resolve": WEALTH_RESOLVE, "play_card": PLAY_CARD, "pennant": PENNANT, "use_grant": USE_GRANT,
         "enter_location": ENTER_LOCATION, "reward": REWARD, "settle_storage": SETTLE_STORAGE,
         "end_of_turn": END_OF_TURN, "wild_held": ANSWERED, "can_build": ANSWERED, "guild_icons": ANSWERED,
         "banner_points": ANSWERED, "clockwise": ANSWERED}
"""The procedures this engine plays, by name (natives of content/margraves/natives, and the kernel's own)."""


def _parts(tables: Any) -> tuple[Any, ...]:
    """The modules of the rules, in MargravesEngine's order: they hold views of the tables and no game's state."""
    return Founding(tables), Turn(tables), Board(tables), Slaying(tables), Tracks(tables), Cleanup(tables)


@cython.cclass
class MargravesEngine(MargravesCore):
    def __init__(self, cells: array[int], ctl: array[int], plan: array[int], vmframe: array[int],
                 tables: Any) -> None:
        MargravesCore.__init__(self, cells, ctl, plan, vmframe, tables)
        self.impl = tables.arrays["impl"]
        if tables.parts is None:  # the rules' parts hold tables only: made once, shared by every game and copy
            tables.parts = _parts(tables)
        self.founding, self.turns, self.board, self.slaying, self.tracks, self.cleanup = tables.parts
        self.citizen_guild = tables.arrays["citizen_guild"]
        self.location_icons = tables.arrays["location_icons"]
        self.privilege_icons = tables.arrays["privilege_icons"]
        self.privilege_grant = tables.arrays["privilege_grant"]
        self.privilege_banner = tables.arrays["privilege_banner"]
        self.banners = tables.numbers["banners"]
        self.p_setup = tables.procedure("setup_game")

    # --- the game's structure --------------------------------------------------------------------------------

    def begin_setup(self) -> None:
        self.push(self.p_setup, 0, 0, 0)

    def turn_started(self, seat: cython.int) -> None:
        self.cells[self.o_current] = seat
        self.cells[self.o_entombed] = 0

    def can_take(self, seat: cython.int, step: cython.int) -> cython.bint:
        """A Grant is offered only to a player holding one; the card and the end of turn are always taken."""
        if self.impl[self.step_field(step, 0)] == USE_GRANT:
            return self.tracks.can_use_grant(self, seat)
        return True

    def effect_done(self) -> None:
        """An effect may have given tokens to any player: each over their storage gives some back (L180)."""
        self.settle_all()

    def won(self, seat: cython.int) -> cython.bint:
        """The tied players win together (L440)."""
        winner: cython.int = self.winner()
        if not self.over() or winner < 0 or seat >= self.players():
            return False
        return not self.ranks_above(winner, seat)

    def native_procedure(self, native: cython.int) -> cython.int:
        return native + 1

    def run_procedure(self, procedure: cython.int) -> None:
        code: cython.int = self.impl[procedure]
        if code == MOVE_MARGRAVE:
            self.board.move_margrave(self)
        elif code == DEPLOY_KNIGHT:
            self.board.deploy_knight(self)
        elif code == MOVE_KNIGHTS:
            self.board.move_knights(self)
        elif code == ENTER_LOCATION:
            self.board.enter_location(self)
        elif code == NAVAL_ACTION:
            self.board.naval_action(self)
        elif code == TAKE_LYING_KNIGHTS:
            self.board.take_lying_knights(self)
        elif code == SLAY_MONSTER:
            self.slaying.slay_monster(self)
        elif code == RECRUIT:
            self.turns.recruit(self)
        elif code == RETRIEVE_PLAYED:
            self.turns.retrieve_played(self)
        elif code == BUILD_TOWER:
            self.turns.build_tower(self)
        elif code == RECALL:
            self.turns.recall(self)
        elif code == PLAY_CARD:
            self.turns.play_card(self)
        elif code == PENNANT:
            self.turns.pennant(self)
        elif code == GAIN_INFLUENCE:
            self.tracks.gain_influence(self)
        elif code == GAIN_PRIVILEGE:
            self.tracks.gain_privilege(self)
        elif code == PAY_WILD:
            self.tracks.pay_wild(self)
        elif code == USE_GRANT:
            self.tracks.use_grant(self)
        elif code == REWARD:
            self.tracks.reward(self)
        elif code == SETTLE_STORAGE:
            self.tracks.settle_storage(self)
        elif code == SETUP_GAME:
            self.founding.setup_game(self)
        elif code == WEALTH_DRAFT:
            self.founding.wealth_draft(self)
        elif code == WEALTH_RESOLVE:
            self.founding.wealth_resolve(self)
        elif code == END_OF_TURN:
            self.cleanup.end_of_turn(self)
        else:
            raise ValueError(f"procedure {self.tables.procedures[procedure - 1]!r} is not played by this engine")

    # --- natives that answer at once -------------------------------------------------------------------------

    def vm_natives(self) -> Any:
        """The natives in the bytecode's order: None for those that run as procedures."""
        found = []
        for name in self.tables.game.layout.NATIVES:
            found.append(getattr(self, f"native_{name}") if CODES[name] == ANSWERED else None)
        return tuple(found)

    def native_wild_held(self, state: Any, args: Any) -> int:
        return int(self.resources(args[0]))

    def native_can_build(self, state: Any, args: Any) -> int:
        return int(self.turns.can_build(self, args[0]))

    def native_clockwise(self, state: Any, args: Any) -> int:
        return int(self.seat_after(args[0], args[1]))

    def native_guild_icons(self, state: Any, args: Any) -> int:
        """A guild's icons a player has at the end (L446-450): end-game tiles, citizens in hand and played (one
        each, decision citizen_guild_icons), both icons of each location with their tower."""
        return int(self.guild_icons(args[0], args[1]))

    def native_banner_points(self, state: Any, args: Any) -> int:
        return int(self.banner_points(args[0]))

    def guild_icons(self, seat: cython.int, guild: cython.int) -> cython.int:
        total: cython.int = 0
        i: cython.int
        for i in range(self.nprivileges):
            if self.privilege_at(i) == HELD and self.cells[self.o_priv_owner + i] == seat \
                    and not self.privilege_grant[i]:
                total += self.privilege_icons[i * self.nguilds + guild]
        for i in range(self.ncitizens):
            if self.citizen_guild[i] == guild:
                total += self.in_hand(seat, i) + self.in_played(seat, i)
        for i in range(self.nlocations):
            if self.tower_slot(i, seat) > 0:
                total += self.location_icons[i * self.nguilds + guild]
        return total

    def banner_points(self, seat: cython.int) -> cython.int:
        """Sets of different banners, each scoring its size squared; duplicates start another set (L456-460)."""
        total: cython.int = 0
        size: cython.int = 1
        n: cython.int = 0
        b: cython.int
        i: cython.int
        while size > 0:
            size = 0
            for b in range(1, self.banners + 1):
                held: cython.int = 0
                for i in range(self.nprivileges):
                    if self.privilege_at(i) == HELD and self.cells[self.o_priv_owner + i] == seat \
                            and not self.privilege_grant[i] and self.privilege_banner[i] == b:
                        held += 1
                if held > n:
                    size += 1
            total += size * size
            n += 1
        return total
