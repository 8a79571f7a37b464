"""Root on the shared kernel: which procedure runs each native and step, when a step can be taken, and the
faction rules that change the shared ones. The rules themselves are in core.py, actions.py and the faction
modules; the turn structure is the content's (tables.py builds the plan)."""

from __future__ import annotations

from array import array
from typing import Any

import cython  # type: ignore[import-untyped]

from .actions import Actions
from .core import RootCore
from .corvids import Corvids
from .eyrie import Eyrie
from .marquise import Marquise

# Procedure codes: what `impl[procedure]` holds (tables.py numbers procedures; CODES names them).
MOVE = cython.declare(cython.int, 1)
BATTLE = cython.declare(cython.int, 2)
BATTLE_IN = cython.declare(cython.int, 3)
CRAFT = cython.declare(cython.int, 4)
EVENING_DRAW = cython.declare(cython.int, 5)
DISCARD_DOWN = cython.declare(cython.int, 6)
SPEND_CARD = cython.declare(cython.int, 7)
EXTRA_ACTION = cython.declare(cython.int, 8)
REMOVE_HITS = cython.declare(cython.int, 9)
DOMINANCE_ACTIVATE = cython.declare(cython.int, 10)
DOMINANCE_TAKE = cython.declare(cython.int, 11)
SETUP_GAME = cython.declare(cython.int, 12)
SETUP_FACTION = cython.declare(cython.int, 13)
MAY_PLACE = cython.declare(cython.int, 14)
MARQUISE_BUILD = cython.declare(cython.int, 20)
FIELD_HOSPITALS = cython.declare(cython.int, 21)
EYRIE_EMERGENCY = cython.declare(cython.int, 30)
EYRIE_DECREE = cython.declare(cython.int, 31)
EYRIE_NEW_ROOST = cython.declare(cython.int, 32)
EYRIE_RESOLVE = cython.declare(cython.int, 33)
TURMOIL = cython.declare(cython.int, 34)
CORVID_FLIP = cython.declare(cython.int, 90)
CORVID_RECRUIT = cython.declare(cython.int, 91)
CORVID_PLOT = cython.declare(cython.int, 92)
CORVID_TRICK = cython.declare(cython.int, 93)
CORVID_EXERT = cython.declare(cython.int, 94)
CORVID_EXPOSE = cython.declare(cython.int, 95)
CORVID_RAID = cython.declare(cython.int, 96)

CODES = {"move": MOVE, "battle": BATTLE, "battle_in": BATTLE_IN, "craft": CRAFT, "evening_draw": EVENING_DRAW,
         "discard_down": DISCARD_DOWN, "spend_card": SPEND_CARD, "extra_action": EXTRA_ACTION,
         "remove_hits": REMOVE_HITS, "dominance_activate": DOMINANCE_ACTIVATE, "dominance_take": DOMINANCE_TAKE,
         "setup_game": SETUP_GAME, "setup_faction": SETUP_FACTION, "marquise_build": MARQUISE_BUILD,
         "field_hospitals": FIELD_HOSPITALS, "eyrie_emergency_orders": EYRIE_EMERGENCY,
         "eyrie_add_to_decree": EYRIE_DECREE, "eyrie_new_roost": EYRIE_NEW_ROOST,
         "eyrie_resolve_decree": EYRIE_RESOLVE, "turmoil": TURMOIL, "may_place": MAY_PLACE,
         "corvid_flip": CORVID_FLIP, "corvid_recruit": CORVID_RECRUIT, "corvid_plot": CORVID_PLOT,
         "corvid_trick": CORVID_TRICK, "corvid_exert": CORVID_EXERT, "corvid_expose": CORVID_EXPOSE,
         "corvid_raid": CORVID_RAID}
"""The procedures this engine plays, by name (natives of content/root/natives, and the kernel's own)."""
SETUPS = ("marquise", "eyrie", "corvids")
"""Factions whose setup this engine plays (and so can be seated)."""


@cython.cclass
class RootEngine(RootCore):
    def __init__(self, cells: array[int], ctl: array[int], plan: array[int], vmframe: array[int],
                 tables: Any) -> None:
        RootCore.__init__(self, cells, ctl, plan, vmframe, tables)
        self.impl = tables.arrays["impl"]
        self.setup_order = tables.arrays["setup_order"]
        self.actions = Actions()
        self.marquise = Marquise()
        self.eyrie = Eyrie()
        self.corvids = Corvids(tables)
        self.p_raid = tables.procedure("corvid_raid")

    # --- the game's structure --------------------------------------------------------------------------------

    def begin_setup(self) -> None:
        self.push(self.tables.procedure("setup_game"), 0, 0, 0)

    def run_procedure(self, procedure: cython.int) -> None:
        code: cython.int = self.impl[procedure]
        if code == MOVE:
            self.actions.move(self)
        elif code == BATTLE:
            self.actions.battle(self)
        elif code == BATTLE_IN:
            if self.stage() == 0:
                self.set_arg(1, self.arg(1) + 1)
            self.actions.battle(self)
        elif code == CRAFT:
            self.actions.craft(self)
        elif code == EVENING_DRAW:
            self.actions.evening_draw(self)
        elif code == DISCARD_DOWN:
            self.actions.discard_down(self)
        elif code == SPEND_CARD:
            self.actions.spend_card(self)
        elif code == EXTRA_ACTION:
            self.actions.extra_action(self)
        elif code == REMOVE_HITS:
            self.actions.remove_hits(self)
        elif code == DOMINANCE_ACTIVATE:
            self.actions.dominance_activate(self)
        elif code == DOMINANCE_TAKE:
            self.actions.dominance_take(self)
        elif code == SETUP_GAME:
            self.setup_game()
        elif code == SETUP_FACTION:
            self.setup_faction()
        elif code == MARQUISE_BUILD:
            self.marquise.build(self)
        elif code == FIELD_HOSPITALS:
            self.marquise.field_hospitals(self)
        elif code == EYRIE_EMERGENCY:
            self.eyrie.emergency_orders(self)
        elif code == EYRIE_DECREE:
            self.eyrie.add_to_decree(self)
        elif code == EYRIE_NEW_ROOST:
            self.eyrie.new_roost(self)
        elif code == EYRIE_RESOLVE:
            self.eyrie.resolve_decree(self)
        elif code == TURMOIL:
            self.eyrie.turmoil(self)
        elif code == MAY_PLACE:
            self.set_result(self.may_place(self.arg(0), self.arg(1)))
            self.done()
        elif code == CORVID_FLIP:
            self.corvids.flip(self)
        elif code == CORVID_RECRUIT:
            self.corvids.recruit(self)
        elif code == CORVID_PLOT:
            self.corvids.plot(self)
        elif code == CORVID_TRICK:
            self.corvids.trick(self)
        elif code == CORVID_EXERT:
            self.corvids.exert(self)
        elif code == CORVID_EXPOSE:
            self.corvids.plots.expose(self)
        elif code == CORVID_RAID:
            self.corvids.plots.place_raiders(self)
        else:
            raise ValueError(f"procedure {self.tables.procedures[procedure - 1]!r} is not played by this engine")

    def native_procedure(self, native: cython.int) -> cython.int:
        return native + 1

    def can_take(self, seat: cython.int, step: cython.int) -> cython.bint:
        """A menu step is offered only when it can be done, so a player is never offered a dead end."""
        code: cython.int = self.impl[self.step_field(step, 0)] if self.step_field(step, 4) < 0 else 0
        if code == MOVE:
            return self.can_move(seat, -1)
        if code == BATTLE:
            return self.can_battle(seat, -1, -1)
        if code == CRAFT:
            return self.can_craft_any(seat)
        if code == EXTRA_ACTION:
            return self.has_bird(seat)
        if code == MARQUISE_BUILD:
            return self.marquise.can_build(self, seat)
        if code == DOMINANCE_ACTIVATE:
            return self.can_activate(seat)
        if code == DOMINANCE_TAKE:
            return self.can_take_dominance(seat)
        if code == CORVID_FLIP:
            return self.corvids.can_flip(self, seat)
        if code == CORVID_RECRUIT:
            return self.corvids.can_recruit(self, seat)
        if code == CORVID_PLOT:
            return self.corvids.can_plot(self, seat)
        if code == CORVID_TRICK:
            return self.corvids.can_trick(self, seat)
        if code == CORVID_EXERT:
            return self.corvids.can_exert(self, seat)
        if code == CORVID_EXPOSE:
            return self.corvids.plots.can_expose(self, seat)
        return True

    # --- setup (5.1) --------------------------------------------------------------------------------------------

    def setup_game(self) -> None:
        """Steps 2-6 of 5.1 (scores, hands, ruins, items), then each faction's setup in setup order (step 7)."""
        step: cython.int = self.stage()
        seat: cython.int
        k: cython.int
        if step == 0:
            self.standard_setup()
        while step < len(self.setup_order):
            seat = self.seat_of(self.setup_order[step])
            step += 1
            if seat >= 0:
                self.goto(step)
                self.push(self.tables.procedure("setup_faction"), seat, 0, 0)
                return
        self.done()

    def standard_setup(self) -> None:
        seat: cython.int
        k: cython.int
        c: cython.int
        two_players: cython.bint = self.players() == 2
        for k in range(self.ncards):
            if not (two_players and self.card_kind[k] == 1):  # 2 players: no dominance cards (5.1.3)
                self.cells[self.o_deck + k] = self.tables.arrays["card_copies"][k]
        for seat in range(self.players()):
            self.cells[self.o_seated + seat] = 1
            self.cells[self.o_dominance_card + seat] = -1
            self.cells[self.o_leader + seat] = -1
            self.draw(seat, self.tables.numbers["starting_hand"])
        for c in range(self.clearings):
            self.cells[self.o_ruins + c] = self.tables.arrays["ruin_slots"][c]
            self.cells[self.o_suit + c] = self.tables.arrays["printed_suit"][c]
            self.cells[self.o_corner_field + c] = self.corner[c]
            self.cells[self.o_opposite_field + c] = self.opposite[c]
        for k in range(self.nitems):
            self.cells[self.o_items_supply + k] = self.tables.arrays["item_supply"][k]

    def setup_faction(self) -> None:
        faction: cython.int = self.faction(self.arg(0))
        if faction == self.f_marquise:
            self.marquise.setup(self)
        elif faction == self.f_eyrie:
            self.eyrie.setup(self)
        elif faction == self.corvids.faction:
            self.corvids.setup(self)
        else:
            raise ValueError(f"the setup of {self.tables.faction_name(faction)!r} is not played by this engine")

    # --- faction rules that change the shared ones ----------------------------------------------------------------

    def item_points(self, seat: cython.int, card: cython.int) -> cython.int:
        if self.faction(seat) == self.f_eyrie:
            return self.eyrie.item_points(self, seat, card)
        return self.card_vp[card]

    def extra_hits(self, seat: cython.int, other: cython.int, attacking: cython.bint) -> cython.int:
        if self.faction(seat) == self.f_eyrie:
            return self.eyrie.extra_hits(self, seat, attacking)
        if self.faction(seat) == self.corvids.faction:
            return self.corvids.extra_hits(self, attacking)
        return 0

    def after_battle(self, attacker: cython.int, defender: cython.int, clearing: cython.int) -> None:
        if self.faction(attacker) == self.f_eyrie:
            self.eyrie.after_battle(self, attacker)

    def warriors_removed(self, seat: cython.int, clearing: cython.int, n: cython.int) -> None:
        if self.faction(seat) == self.f_marquise and self.marquise.can_heal(self, seat, clearing):
            self.push(self.p_field_hospitals, seat, clearing, n)

    def draw_bonus(self, seat: cython.int) -> cython.int:
        if self.faction(seat) == self.f_marquise:
            return self.marquise.draw_bonus(self, seat)
        if self.faction(seat) == self.corvids.faction:
            return self.corvids.draw_bonus(self, seat)
        return 0

    def turn_started(self, seat: cython.int) -> None:
        RootCore.turn_started(self, seat)
        if self.faction(seat) == self.corvids.faction:
            self.corvids.turn_started(self, seat)

    def forbids_placing(self, seat: cython.int, clearing: cython.int) -> cython.bint:
        """A face-up snare (13.7.2)."""
        return self.corvids.plots.snared(self, seat, clearing)

    def forbids_moving_out(self, seat: cython.int, clearing: cython.int) -> cython.bint:
        """A face-up snare (13.7.2)."""
        return self.corvids.plots.snared(self, seat, clearing)

    def moves_freely(self, seat: cython.int, origin: cython.int, to: cython.int) -> cython.bint:
        """Nimble (13.2.3)."""
        return self.faction(seat) == self.corvids.faction

    def piece_removed(self, seat: cython.int, clearing: cython.int, piece: cython.int) -> None:
        """A plot leaves the map: a raid's warriors wait for the removal to be done (13.7.4)."""
        if piece == self.corvids.plots.row:
            self.corvids.plots.removed(self, clearing)

    def pieces_removed(self, seat: cython.int, clearing: cython.int) -> None:
        """The removed raids' warriors are placed now (13.7.4)."""
        if not self.over() and self.faction(seat) == self.corvids.faction and self.corvids.plots.raids_pending(self):
            self.push(self.p_raid, seat, 0, 0)

    def effect_done(self) -> None:
        """An effect's `score` writes the score track directly: the goal (3.1) and a dominance card (3.3.1), which
        stops scoring, are applied here; the player whose turn it is wins a tie."""
        seat: cython.int
        first: cython.int = self.active()
        for seat in range(self.players()):
            if self.cells[self.o_dominance_card + seat] >= 0:
                self.cells[self.o_score + seat] = 0
        for seat in range(self.players()):
            candidate: cython.int = (first + seat) % self.players()
            if self.points(candidate) >= self.victory_points and not self.over():
                self.finish(candidate, 0)

    def vm_natives(self) -> Any:
        """Procedures for the natives this engine plays as procedures; the rest fail if an effect calls them
        (tables.py leaves such effects uncraftable)."""
        return (None,) * len(self.tables.game.layout.NATIVES)
