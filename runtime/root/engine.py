"""Root on the shared kernel: which procedure runs each native and step, when a step can be taken, and the
faction rules that change the shared ones. The rules themselves are in core.py, actions.py and the faction
modules; the turn structure is the content's (tables.py builds the plan)."""

from __future__ import annotations

from array import array
from typing import Any

import cython  # type: ignore[import-untyped]

from .actions import Actions
from .core import RootCore
from .eyrie import Eyrie
from .marquise import Marquise
from .vagabond import Vagabond
from .vagabond_actions import VagabondActions
from .vagabond_battle import VagabondBattle
from .vagabond_characters import VagabondCharacters
from .vagabond_quests import VagabondQuests
from .vagabond_turn import VagabondTurn

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
REMOVE_ENEMY_PIECES = cython.declare(cython.int, 14)
MARQUISE_BUILD = cython.declare(cython.int, 20)
FIELD_HOSPITALS = cython.declare(cython.int, 21)
EYRIE_EMERGENCY = cython.declare(cython.int, 30)
EYRIE_DECREE = cython.declare(cython.int, 31)
EYRIE_NEW_ROOST = cython.declare(cython.int, 32)
EYRIE_RESOLVE = cython.declare(cython.int, 33)
TURMOIL = cython.declare(cython.int, 34)
VAGABOND_REFRESH = cython.declare(cython.int, 70)
VAGABOND_SLIP = cython.declare(cython.int, 71)
VAGABOND_EXPLORE = cython.declare(cython.int, 72)
VAGABOND_AID = cython.declare(cython.int, 73)
VAGABOND_QUEST = cython.declare(cython.int, 74)
VAGABOND_STRIKE = cython.declare(cython.int, 75)
VAGABOND_REPAIR = cython.declare(cython.int, 76)
VAGABOND_SPECIAL = cython.declare(cython.int, 77)
VAGABOND_REST = cython.declare(cython.int, 78)
VAGABOND_ITEM_LIMIT = cython.declare(cython.int, 79)
VAGABOND_ALLY = cython.declare(cython.int, 80)
VAGABOND_PROTECTOR = cython.declare(cython.int, 81)
VAGABOND_SWIFT_STRIKE = cython.declare(cython.int, 82)
VAGABOND_DAMAGE = cython.declare(cython.int, 83)

CODES = {"move": MOVE, "battle": BATTLE, "battle_in": BATTLE_IN, "craft": CRAFT, "evening_draw": EVENING_DRAW,
         "discard_down": DISCARD_DOWN, "spend_card": SPEND_CARD, "extra_action": EXTRA_ACTION,
         "remove_hits": REMOVE_HITS, "dominance_activate": DOMINANCE_ACTIVATE, "dominance_take": DOMINANCE_TAKE,
         "setup_game": SETUP_GAME, "setup_faction": SETUP_FACTION, "remove_enemy_pieces": REMOVE_ENEMY_PIECES,
         "marquise_build": MARQUISE_BUILD,
         "field_hospitals": FIELD_HOSPITALS, "eyrie_emergency_orders": EYRIE_EMERGENCY,
         "eyrie_add_to_decree": EYRIE_DECREE, "eyrie_new_roost": EYRIE_NEW_ROOST,
         "eyrie_resolve_decree": EYRIE_RESOLVE, "turmoil": TURMOIL, "vagabond_refresh": VAGABOND_REFRESH,
         "vagabond_slip": VAGABOND_SLIP, "vagabond_explore": VAGABOND_EXPLORE, "vagabond_aid": VAGABOND_AID,
         "vagabond_quest": VAGABOND_QUEST, "vagabond_strike": VAGABOND_STRIKE, "vagabond_repair": VAGABOND_REPAIR,
         "vagabond_special": VAGABOND_SPECIAL, "vagabond_rest": VAGABOND_REST,
         "vagabond_item_limit": VAGABOND_ITEM_LIMIT, "vagabond_ally": VAGABOND_ALLY,
         "vagabond_protector": VAGABOND_PROTECTOR, "vagabond_swift_strike": VAGABOND_SWIFT_STRIKE,
         "vagabond_damage": VAGABOND_DAMAGE}
"""The procedures this engine plays, by name (natives of content/root/natives, and the kernel's own)."""
SETUPS = ("marquise", "eyrie", "vagabond")
"""Factions whose setup this engine plays (and so can be seated)."""
CHARACTERS = ("thief", "tinker", "ranger", "vagrant", "arbiter", "scoundrel", "adventurer", "ronin", "harrier")
"""The Vagabond characters this engine plays (annex E): those a Vagabond may choose."""


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
        self.vagabond = Vagabond(tables)
        self.vagabond_turn = VagabondTurn(self.vagabond)
        self.vagabond_battle = VagabondBattle(tables, self.vagabond)
        self.vagabond_actions = VagabondActions(self.vagabond)
        self.vagabond_quests = VagabondQuests(self.vagabond, self.vagabond_turn)
        self.vagabond_characters = VagabondCharacters(tables, self.vagabond)

    # --- the game's structure --------------------------------------------------------------------------------

    def begin_setup(self) -> None:
        self.push(self.tables.procedure("setup_game"), 0, 0, 0)

    def run_procedure(self, procedure: cython.int) -> None:
        code: cython.int = self.impl[procedure]
        vagabond: cython.bint = self.faction(self.arg(0)) == self.f_vagabond
        if VAGABOND_REFRESH <= code <= VAGABOND_DAMAGE:
            self.run_vagabond(code)
        elif code == MOVE and vagabond:
            self.vagabond_actions.move(self)
        elif code == MOVE:
            self.actions.move(self)
        elif code == BATTLE:
            if vagabond and self.stage() == 0:
                self.vagabond_actions.begin_battle(self)
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
        elif code == REMOVE_HITS and vagabond:
            self.vagabond_battle.take_hits(self)
        elif code == REMOVE_HITS:
            self.actions.remove_hits(self)
        elif code == DOMINANCE_ACTIVATE and vagabond and self.players() >= self.vagabond.coalition_players:
            self.vagabond_turn.coalesce(self)
        elif code == DOMINANCE_ACTIVATE:
            self.actions.dominance_activate(self)
        elif code == DOMINANCE_TAKE:
            self.actions.dominance_take(self)
        elif code == SETUP_GAME:
            self.setup_game()
        elif code == SETUP_FACTION:
            self.setup_faction()
        elif code == REMOVE_ENEMY_PIECES:
            self.actions.remove_enemy_pieces(self)
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
        else:
            raise ValueError(f"procedure {self.tables.procedures[procedure - 1]!r} is not played by this engine")

    def run_vagabond(self, code: cython.int) -> None:
        """The Vagabond's own procedures."""
        if code == VAGABOND_REFRESH:
            self.vagabond_turn.refresh(self)
        elif code == VAGABOND_SLIP:
            self.vagabond_turn.slip(self)
        elif code == VAGABOND_EXPLORE:
            self.vagabond_actions.explore(self)
        elif code == VAGABOND_AID:
            self.vagabond_actions.aid(self)
        elif code == VAGABOND_QUEST:
            self.vagabond_quests.quest(self)
        elif code == VAGABOND_STRIKE:
            self.vagabond_actions.strike(self)
        elif code == VAGABOND_REPAIR:
            self.vagabond_actions.repair(self)
        elif code == VAGABOND_SPECIAL:
            self.vagabond_characters.special(self)
        elif code == VAGABOND_REST:
            self.vagabond_turn.rest(self)
        elif code == VAGABOND_ITEM_LIMIT:
            self.vagabond_turn.item_limit(self)
        elif code == VAGABOND_ALLY:
            self.vagabond_battle.choose_ally(self)
        elif code == VAGABOND_PROTECTOR:
            self.vagabond_battle.enlist(self)
        elif code == VAGABOND_SWIFT_STRIKE:
            self.vagabond_battle.swift_strike(self)
        else:
            self.vagabond_battle.damage_items(self)

    def native_procedure(self, native: cython.int) -> cython.int:
        return native + 1

    def can_take(self, seat: cython.int, step: cython.int) -> cython.bint:
        """A menu step is offered only when it can be done, so a player is never offered a dead end."""
        code: cython.int = self.impl[self.step_field(step, 0)] if self.step_field(step, 4) < 0 else 0
        if self.faction(seat) == self.f_vagabond:
            return self.vagabond_can_take(seat, code)
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
        return True

    def vagabond_can_take(self, seat: cython.int, code: cython.int) -> cython.bint:
        if code == MOVE:
            return self.vagabond_actions.can_move(self, seat)
        if code == BATTLE:
            return self.vagabond_actions.can_battle(self, seat)
        if code == VAGABOND_EXPLORE:
            return self.vagabond_actions.can_explore(self, seat)
        if code == VAGABOND_AID:
            return self.vagabond_actions.can_aid(self, seat)
        if code == VAGABOND_QUEST:
            return self.vagabond_quests.can_quest(self, seat)
        if code == VAGABOND_STRIKE:
            return self.vagabond_actions.can_strike(self, seat)
        if code == VAGABOND_REPAIR:
            return self.vagabond_actions.can_repair(self, seat)
        if code == VAGABOND_SPECIAL:
            return self.vagabond_characters.can_special(self, seat)
        if code == CRAFT:
            return self.can_craft_any(seat)
        if code == DOMINANCE_ACTIVATE and self.players() >= self.vagabond.coalition_players:
            return self.vagabond_turn.can_coalesce(self, seat)
        if code == DOMINANCE_ACTIVATE:
            return self.can_activate(seat)
        if code == DOMINANCE_TAKE:
            return self.can_take_dominance(seat)
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
        elif faction == self.f_vagabond:
            self.vagabond_turn.setup(self)
        else:
            raise ValueError(f"the setup of {self.tables.faction_name(faction)!r} is not played by this engine")

    # --- faction rules that change the shared ones ----------------------------------------------------------------

    def won(self, seat: cython.int) -> cython.bint:
        """The winner, and a Vagabond in coalition with them (9.2.8)."""
        winner: cython.int = self.winner()
        if winner < 0 or not self.over():
            return False
        return seat == winner or (self.faction(seat) == self.f_vagabond
                                  and self.vagabond.coalition_partner(self, seat) == winner)

    def item_points(self, seat: cython.int, card: cython.int) -> cython.int:
        if self.faction(seat) == self.f_eyrie:
            return self.eyrie.item_points(self, seat, card)
        return self.card_vp[card]

    def extra_hits(self, seat: cython.int, other: cython.int, attacking: cython.bint) -> cython.int:
        if self.faction(seat) == self.f_eyrie:
            return self.eyrie.extra_hits(self, seat, attacking)
        if self.faction(seat) == self.f_vagabond:
            return self.vagabond_battle.extra_hits(self, seat)
        return 0

    def after_battle(self, attacker: cython.int, defender: cython.int, clearing: cython.int) -> None:
        if self.faction(attacker) == self.f_eyrie:
            self.eyrie.after_battle(self, attacker)
        self.vagabond_battle.after_battle(self)

    def warriors_removed(self, seat: cython.int, clearing: cython.int, n: cython.int) -> None:
        if self.faction(seat) == self.f_marquise and self.marquise.can_heal(self, seat, clearing):
            self.push(self.p_field_hospitals, seat, clearing, n)

    def draw_bonus(self, seat: cython.int) -> cython.int:
        if self.faction(seat) == self.f_marquise:
            return self.marquise.draw_bonus(self, seat)
        if self.faction(seat) == self.f_vagabond:
            return self.vagabond.track_power(self, seat, self.vagabond.power_draw)
        return 0

    # --- the Vagabond's pawn and items in the shared rules (9.2) ----------------------------------------------------

    def pawns(self, seat: cython.int, clearing: cython.int) -> cython.int:
        if self.faction(seat) == self.f_vagabond and self.vagabond.clearing(self, seat) == clearing:
            return 1
        return 0

    def rolled_hits_cap(self, seat: cython.int, clearing: cython.int, attacking: cython.bint) -> cython.int:
        cap: cython.int = RootCore.rolled_hits_cap(self, seat, clearing, attacking)
        if self.faction(seat) == self.f_vagabond:
            cap = self.vagabond_battle.rolled_hits(self, seat, clearing, attacking)
        if not attacking:
            cap += self.vagabond_battle.protection(self)
        return cap

    def defenseless(self, seat: cython.int, clearing: cython.int) -> cython.bint:
        if self.faction(seat) == self.f_vagabond:
            return not self.vagabond.armed(self, seat)
        return RootCore.defenseless(self, seat, clearing)

    def battle_step(self, attacker: cython.int, defender: cython.int, clearing: cython.int,
                    moment: cython.int) -> None:
        self.vagabond_battle.battle_step(self, attacker, defender, clearing, moment)

    def piece_removed(self, by: cython.int, victim: cython.int, clearing: cython.int, warrior: cython.bint,
                      in_battle: cython.bint) -> None:
        self.vagabond.removed(self, by, victim, warrior, in_battle)

    def closed(self, clearing: cython.int) -> cython.bint:
        return self.cells[self.vagabond.o_scorched + clearing] != 0

    def instigator(self) -> cython.int:
        seat: cython.int = self.cells[self.vagabond.o_instigator]
        if seat >= 0 and self.faction(seat) == self.f_vagabond:
            return seat
        return -1

    def pawn_swept(self, seat: cython.int, clearing: cython.int) -> None:
        if self.faction(seat) == self.f_vagabond:
            self.push(self.vagabond_battle.p_damage, seat, self.vagabond.full_removal_damage, 0)

    def is_enemy(self, seat: cython.int, other: cython.int) -> cython.bint:
        """Not the seat itself, nor a Vagabond's coalition partner, nor the Vagabond in coalition with it (2.7)."""
        if other == seat:
            return False
        if self.faction(seat) == self.f_vagabond and self.vagabond.coalition_partner(self, seat) == other:
            return False
        return not (self.faction(other) == self.f_vagabond and self.vagabond.coalition_partner(self, other) == seat)

    def take_item(self, seat: cython.int, item: cython.int) -> None:
        if self.faction(seat) == self.f_vagabond:
            self.vagabond.gain(self, seat, item)
        else:
            RootCore.take_item(self, seat, item)

    def crafting_pieces(self, seat: cython.int, suit: cython.int) -> cython.int:
        if self.faction(seat) == self.f_vagabond:
            return self.vagabond.crafting_pieces(self, seat, suit)
        return RootCore.crafting_pieces(self, seat, suit)

    def pay_craft(self, seat: cython.int, card: cython.int) -> None:
        if self.faction(seat) == self.f_vagabond:
            self.vagabond.pay_craft(self, seat, card)
        else:
            RootCore.pay_craft(self, seat, card)

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
