"""The setup (content procedures setup_tracking, setup_board, setup_players, setup_wealth; L99-131): the
citizen deck and line, the Knights, the Privilege piles, the monster piles, each player's pieces, then the
starting wealth draft and its tiles resolved."""

from __future__ import annotations

from typing import Any

import cython  # type: ignore[import-untyped]

from .core import MargravesCore

DRAFTING = cython.declare(cython.int, 1)
FACE_UP = cython.declare(cython.int, 2)
GEM = cython.declare(cython.int, 3)
IN_BOX = cython.declare(cython.int, 0)
IN_PILE = cython.declare(cython.int, 1)
KEPT = cython.declare(cython.int, 2)
RESOLVED = cython.declare(cython.int, 3)
WEALTH = cython.declare(cython.int, 19)

GOLD_ON_THE_LAKES = cython.declare(cython.int, 1 << 24)
"""Gold is not limited (L188): the lakes hold more than any game takes."""


@cython.cclass
class Founding:
    """The setup procedures; each takes the engine it runs in."""

    def __init__(self, tables: Any) -> None:
        numbers, arrays = tables.numbers, tables.arrays
        self.knights_total = numbers["knights_total"]
        self.face_up = numbers["privileges_face_up"]
        self.knights_per_location = numbers["knights_per_location"]
        self.starting_gems = numbers["starting_gems"]
        self.towers = numbers["towers_per_player"]
        self.starting_strength = numbers["starting_strength"]
        self.dealt = numbers["wealth_dealt"]
        self.kept = numbers["wealth_kept"]
        self.start_location = numbers["start_location"]
        self.ship_start = numbers["ship_start"]
        self.supply_from = numbers["supply_from"]
        self.copies_from = numbers["copies_from"]
        self.copies_columns = numbers["copies_columns"]
        self.supply = arrays["supply"]
        self.copies = arrays["citizen_copies"]
        self.starting = arrays["citizen_starting"]
        self.privilege_players = arrays["privilege_players"]
        self.monster_boss = arrays["monster_boss"]
        self.wealth_start = arrays["wealth_start"]
        self.wealth_count = arrays["wealth_count"]

    def setup_game(self, e: MargravesCore) -> None:
        """Everything the rulebook sets out before the draft, then the draft and the tiles resolved."""
        stage: cython.int = e.stage()
        if stage == 0:
            self.tracking_board(e)
            self.game_board(e)
            self.player_pieces(e)
            self.deal_wealth(e)
            e.goto(1)
            e.push(e.p_wealth_draft, 0, 0, 0)
        elif stage == 1:
            e.goto(2)
            e.push(e.p_wealth_resolve, 0, 0, 0)
        else:
            e.done()

    def tracking_board(self, e: MargravesCore) -> None:
        """The citizen cards of this player count or lower, shuffled, 1 face up on each slot (L103); the Knights
        in the fortress (L104); the Privilege tiles of this count, 3 face up per level (L105)."""
        n: cython.int = e.players()
        c: cython.int
        i: cython.int
        t: cython.int
        level: cython.int
        for c in range(e.ncitizens):
            for i in range(self.copies_columns):
                if self.copies_from + i <= n:
                    e.cells[e.o_deck + c] += self.copies[c * self.copies_columns + i]
        for i in range(e.line_slots):
            e.set_line(i, e.draw_citizen())
        e.cells[e.o_fortress] = self.knights_total
        for t in range(e.nprivileges):
            e.cells[e.o_priv_owner + t] = -1
            e.cells[e.o_priv_at + t] = IN_PILE if self.privilege_players[t] <= n else IN_BOX
        for level in range(1, 3):
            for i in range(self.face_up):
                t = e.draw_privilege(level)
                if t >= 0:
                    e.cells[e.o_priv_at + t] = FACE_UP

    def game_board(self, e: MargravesCore) -> None:
        """Each Boss under its lair card, the other monsters face down on it and the top one face up (L109); the
        tokens by player count (L110); Knights on the locations (L111); the gold on the lakes (L112)."""
        n: cython.int = e.players()
        lair: cython.int
        m: cython.int
        token: cython.int
        for m in range(e.nmonsters):
            e.cells[e.o_slain + m] = self.monster_boss[m]
        for lair in range(e.nlairs):
            e.flip_monster(lair)
        for token in range(GEM + 1):
            e.cells[e.o_supply[token]] = self.supply[(n - self.supply_from) * (GEM + 1) + token]
        for m in range(e.nlocations):
            e.cells[e.o_loc_knights + m] = self.knights_per_location
            e.cells[e.o_fortress] -= self.knights_per_location
        e.cells[e.o_supply_gold] = GOLD_ON_THE_LAKES

    def player_pieces(self, e: MargravesCore) -> None:
        """1 Gem and the 4 Ward Towers in storage (L118), Strength on 0 (L119), the starting citizens in hand
        (L116), the Margrave on Shilina and the Ship on its segment (L121), Influence on the start (L122)."""
        seat: cython.int
        c: cython.int
        e.cells[e.o_first] = e.active()
        e.cells[e.o_current] = e.active()
        e.cells[e.o_in_use] = -1
        for seat in range(e.players()):
            e.cells[e.o_seated + seat] = 1
            e.gain_token(seat, GEM, self.starting_gems)
            e.cells[e.o_towers + seat] = self.towers
            e.cells[e.o_strength + seat] = self.starting_strength
            for c in range(e.ncitizens):
                e.cells[e.o_hand + seat * e.ncitizens + c] = self.starting[c]
            e.cells[e.o_margrave + seat] = self.start_location
            e.cells[e.o_ship + seat] = self.ship_start

    def deal_wealth(self, e: MargravesCore) -> None:
        """'distribuez-en secrètement 4 à chaque joueur' (L129), from the shuffled tiles."""
        seat: cython.int
        k: cython.int
        w: cython.int
        pick: cython.int
        left: cython.int = e.nwealth
        for w in range(e.nwealth):
            e.cells[e.o_wealth_holder + w] = -1
        for seat in range(e.players()):
            for k in range(self.dealt):
                if left == 0:
                    return
                pick = e.roll(left)
                for w in range(e.nwealth):
                    if e.cells[e.o_wealth_at + w] == IN_BOX:
                        if pick == 0:
                            e.cells[e.o_wealth_at + w] = DRAFTING
                            e.hold_wealth(w, seat)
                            break
                        pick -= 1
                left -= 1

    def wealth_draft(self, e: MargravesCore) -> None:
        """Keep 1 tile, pass the others left, until 3 are kept; the 4th is discarded (L130). Locals: 3 the round,
        4 the seat choosing (from the first player, clockwise)."""
        stage: cython.int = e.stage()
        seat: cython.int
        w: cython.int
        n: cython.int = e.players()
        if stage == 1:
            e.cells[e.o_wealth_at + e.answer()] = KEPT
            e.set_arg(4, e.arg(4) + 1)
        if e.arg(4) == n:
            for w in range(e.nwealth):
                if e.cells[e.o_wealth_at + w] == DRAFTING:
                    e.hold_wealth(w, (e.cells[e.o_wealth_holder + w] + 1) % n)
            e.set_arg(4, 0)
            e.set_arg(3, e.arg(3) + 1)
        if e.arg(3) == self.kept:
            for w in range(e.nwealth):
                if e.cells[e.o_wealth_at + w] == DRAFTING:
                    e.cells[e.o_wealth_at + w] = IN_BOX
                    e.hold_wealth(w, -1)
            e.done()
            return
        seat = e.seat_after(e.cells[e.o_first], e.arg(4))
        e.clear_options()
        for w in range(e.nwealth):
            if e.cells[e.o_wealth_at + w] == DRAFTING and e.cells[e.o_wealth_holder + w] == seat:
                e.option(w)
        e.goto(1)
        if e.options() == 0:
            e.set_arg(4, e.arg(4) + 1)
            return
        e.ask(WEALTH, seat)

    def wealth_resolve(self, e: MargravesCore) -> None:
        """From the first player clockwise, each resolves one kept tile at a time (L131), its icons in order
        (L476-480); a Privilege I comes from the face-down pile (L474). Locals: 3 tiles resolved in all."""
        stage: cython.int = e.stage()
        seat: cython.int
        w: cython.int
        r: cython.int
        n: cython.int = e.players()
        if stage == 1:
            w = e.answer()
            e.cells[e.o_wealth_at + w] = RESOLVED
            e.set_arg(3, e.arg(3) + 1)
            e.goto(0)
            for r in range(self.wealth_count[w] - 1, -1, -1):
                e.push(e.p_reward, e.cells[e.o_wealth_holder + w], self.wealth_start[w] + r, 1)
            return
        if e.arg(3) >= n * self.kept:
            e.done()
            return
        seat = e.seat_after(e.cells[e.o_first], e.arg(3) % n)
        e.clear_options()
        for w in range(e.nwealth):
            if e.cells[e.o_wealth_at + w] == KEPT and e.cells[e.o_wealth_holder + w] == seat:
                e.option(w)
        if e.options() == 0:
            e.set_arg(3, e.arg(3) + 1)
            return
        e.goto(1)
        e.ask(WEALTH, seat)
