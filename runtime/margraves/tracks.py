"""What is gained and given back: rewards (goods, wild resources, Influence, Privilege tiles; L470-476), the
Influence track and its rivers (L362-382), Privilege tiles and Grants (L406-414), wild costs (L338) and the
storage limit (L180)."""

from __future__ import annotations

from typing import Any

import cython  # type: ignore[import-untyped]

from .core import MargravesCore

FACE_UP = cython.declare(cython.int, 2)
GUILD = cython.declare(cython.int, 17)
HELD = cython.declare(cython.int, 3)
KNIGHT = cython.declare(cython.int, 4)
MAGIC = cython.declare(cython.int, 2)
PRIVILEGE = cython.declare(cython.int, 18)
R_GOLD = cython.declare(cython.int, 0)
R_GUILD = cython.declare(cython.int, 10)
R_INFLUENCE = cython.declare(cython.int, 9)
R_PRIVILEGE_I = cython.declare(cython.int, 11)
R_STONE = cython.declare(cython.int, 1)
R_STRENGTH = cython.declare(cython.int, 6)
R_STRENGTH_TO = cython.declare(cython.int, 7)
R_WILD = cython.declare(cython.int, 8)
SPENT = cython.declare(cython.int, 4)
TOKEN = cython.declare(cython.int, 14)
TOKENS = cython.declare(cython.int, 5)

FROM_PILE = cython.declare(cython.int, 4)
"""Added to a Privilege level: the tile comes from the face-down pile (starting wealth, L474)."""
OPTIONAL = cython.declare(cython.int, 8)
"""Added to a Privilege level: the player may take none ('vous pouvez prendre', L374-378)."""


@cython.cclass
class Tracks:
    """Rewards, Influence, Privilege tiles, wild costs and storage; each procedure takes the engine."""

    def __init__(self, tables: Any) -> None:
        numbers, arrays = tables.numbers, tables.arrays
        self.per_section = numbers["influence_spaces_per_section"]
        self.per_point = numbers["influence_spaces_per_point"]
        self.last_space = numbers["influence_spaces_per_section"] * (numbers["influence_sections"] - 1)
        self.rivers = numbers["rivers"]
        self.river_cost = arrays["river_cost"]
        self.river_privilege = arrays["river_privilege"]
        self.privilege_grant = arrays["privilege_grant"]
        self.privilege_reward = arrays["privilege_reward"]

    def reward(self, e: MargravesCore) -> None:
        """A reward row (args: seat, row, 1 for a starting wealth tile): goods, then each wild resource chosen,
        then Influence, then Privilege tiles (decision reward_order). Local 3: wild resources still to take."""
        seat: cython.int = e.arg(0)
        row: cython.int = e.arg(1)
        stage: cython.int = e.stage()
        token: cython.int
        level: cython.int
        k: cython.int
        if stage == 0:
            e.add_gold(seat, e.reward(row, R_GOLD))
            for token in range(TOKENS):
                e.gain_token(seat, token, e.reward(row, R_STONE + token))
            e.add_strength(seat, e.reward(row, R_STRENGTH))
            if e.reward(row, R_STRENGTH_TO) > 0:
                e.cells[e.o_strength + seat] = e.reward(row, R_STRENGTH_TO) - 1
            e.set_arg(3, e.reward(row, R_WILD))
            e.goto(1)
            return
        if stage == 2:
            e.gain_token(seat, e.answer(), 1)
            e.set_arg(3, e.arg(3) - 1)
            e.goto(1)
            return
        if stage == 1 and e.arg(3) > 0 and e.resources_in_supply() > 0:
            e.clear_options()
            for token in range(MAGIC + 1):
                if e.supply(token) > 0:
                    e.option(token)
            e.goto(2)
            e.ask(TOKEN, seat)
            return
        if stage == 1:
            e.goto(3)
            e.settle(seat)
            for level in range(3, 0, -1):
                for k in range(e.reward(row, R_PRIVILEGE_I + level - 1)):
                    e.push(e.p_privilege, seat, level + (FROM_PILE if e.arg(2) == 1 and level == 1 else 0), 0)
            if e.reward(row, R_INFLUENCE) > 0:
                e.push(e.p_influence, seat, e.reward(row, R_INFLUENCE), e.reward(row, R_GUILD))
            return
        e.done()

    def gain_influence(self, e: MargravesCore) -> None:
        """n Influence split among the rows (args: seat, n, guild + 1 or 0 for any; L370): a marker crosses a river
        only once its gold is paid (L372), and may then take a Privilege tile (L374-378). What cannot be placed is
        lost (decision influence_blocked). Local 3: spaces still to move (L370: per Influence gained)."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        g: cython.int
        free: cython.int = 0
        if stage == 0:
            e.set_arg(3, e.arg(1) * self.per_point)
            e.goto(1)
        if stage == 2:
            e.set_arg(3, e.arg(3) - 1)
            e.goto(1)  # before advancing: a river crossed pushes the Privilege tile's procedure
            if e.answer() < e.nguilds:
                self.advance(e, seat, e.answer())
            else:
                e.set_arg(3, 0)
            return
        if e.arg(3) <= 0:
            e.done()
            return
        e.clear_options()
        for g in range(e.nguilds):
            if (e.arg(2) == 0 or e.arg(2) == g + 1) and self.can_advance(e, seat, g):
                e.option(g)
                if self.crossing(e, seat, g) < 0:
                    free += 1
        if e.options() == 0:
            e.done()
            return
        if free == 0:
            e.option(e.nguilds)
        e.goto(2)
        e.ask(GUILD, seat)

    def crossing(self, e: MargravesCore, seat: cython.int, g: cython.int) -> cython.int:
        """The river (0 the first) the marker's next space is beyond, or -1."""
        space: cython.int = e.cells[e.o_influence + seat * e.nguilds + g] + 1
        if space % self.per_section == 0 and space <= self.last_space:
            return space // self.per_section - 1
        return -1

    def can_advance(self, e: MargravesCore, seat: cython.int, g: cython.int) -> cython.bint:
        river: cython.int = self.crossing(e, seat, g)
        if e.cells[e.o_influence + seat * e.nguilds + g] >= self.last_space:
            return False
        return river < 0 or e.gold(seat) >= self.river_cost[g * self.rivers + river]

    def advance(self, e: MargravesCore, seat: cython.int, g: cython.int) -> None:
        river: cython.int = self.crossing(e, seat, g)
        e.cells[e.o_influence + seat * e.nguilds + g] += 1
        if river >= 0:
            e.add_gold(seat, -self.river_cost[g * self.rivers + river])
            e.push(e.p_privilege, seat, self.river_privilege[river] + OPTIONAL, 0)

    def gain_privilege(self, e: MargravesCore) -> None:
        """A Privilege tile (args: seat, level 1 I, 2 II, 3 either, + FROM_PILE, + OPTIONAL): one of the face-up
        tiles (L352), or from the face-down pile (L474)."""
        seat: cython.int = e.arg(0)
        level: cython.int = e.arg(1) & 3
        t: cython.int
        if e.stage() == 1:
            if e.answer() >= 0:
                e.take_privilege(seat, e.answer())
            e.done()
            return
        if e.arg(1) & FROM_PILE:
            t = e.draw_privilege(level)
            if t >= 0:
                e.take_privilege(seat, t)
            e.done()
            return
        e.clear_options()
        for t in range(e.nprivileges):
            if e.privilege_at(t) == FACE_UP and (level == 3 or e.privilege_level[t] == level):
                e.option(t)
        if e.options() == 0:
            e.done()
            return
        if e.arg(1) & OPTIONAL:
            e.option(-1)
        e.goto(1)
        e.ask(PRIVILEGE, seat)

    def can_use_grant(self, e: MargravesCore, seat: cython.int) -> cython.bint:
        t: cython.int
        for t in range(e.nprivileges):
            if e.privilege_at(t) == HELD and e.cells[e.o_priv_owner + t] == seat and self.privilege_grant[t]:
                return True
        return False

    def use_grant(self, e: MargravesCore) -> None:
        """Discard a Grant for its rewards, at any time of your turn (L412)."""
        seat: cython.int = e.arg(0)
        t: cython.int
        if e.stage() == 0:
            e.clear_options()
            for t in range(e.nprivileges):
                if e.privilege_at(t) == HELD and e.cells[e.o_priv_owner + t] == seat and self.privilege_grant[t]:
                    e.option(t)
            e.goto(1)
            e.ask(PRIVILEGE, seat)
            return
        if e.stage() == 1:
            t = e.answer()
            e.cells[e.o_priv_at + t] = SPENT
            e.goto(2)
            if self.privilege_reward[t] >= 0:
                e.push(e.p_reward, seat, self.privilege_reward[t], 0)
            return
        e.done()

    def pay_wild(self, e: MargravesCore) -> None:
        """Return n resources of any mix to the supply (args: seat, n; L338, L559). Local 3: returned so far."""
        seat: cython.int = e.arg(0)
        token: cython.int
        if e.stage() == 1:
            e.return_token(seat, e.answer(), 1)
            e.set_arg(3, e.arg(3) + 1)
        if e.arg(3) >= e.arg(1) or e.resources(seat) == 0:
            e.done()
            return
        e.clear_options()
        for token in range(MAGIC + 1):
            if e.stored(seat, token) > 0:
                e.option(token)
        e.goto(1)
        e.ask(TOKEN, seat)

    def settle_storage(self, e: MargravesCore) -> None:
        """Tokens of the player's choice back to the supply until they fit the storage; never a Ward Tower (L180)."""
        seat: cython.int = e.arg(0)
        token: cython.int
        if e.stage() == 1:
            e.return_token(seat, e.answer(), 1)
        if e.storage_used(seat) <= e.storage_slots:
            e.done()
            return
        e.clear_options()
        for token in range(KNIGHT + 1):
            if e.stored(seat, token) > 0:
                e.option(token)
        e.goto(1)
        e.ask(TOKEN, seat)
