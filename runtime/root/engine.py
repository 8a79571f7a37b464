"""Root on the shared kernel: which procedure runs each native and step, when a step can be taken, and the
faction rules that change the shared ones. The rules themselves are in core.py, actions.py and the faction
modules; the turn structure is the content's (tables.py builds the plan)."""

from __future__ import annotations

from array import array
from typing import Any

import cython  # type: ignore[import-untyped]

from .actions import Actions
from .alliance import Alliance
from .conspiracies import Conspiracies
from .core import RootCore
from .court import Court
from .duchy import Duchy
from .corvids import Corvids
from .eyrie import Eyrie
from .lizard_cult import LizardCult
from .marquise import Marquise
from .sympathy import Sympathy
from .parliament import Parliament
from .persistent import Persistent
from .funds import Funds
from .riverfolk import Riverfolk
from .services import Services
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
MAY_PLACE = cython.declare(cython.int, 14)
MARQUISE_BUILD = cython.declare(cython.int, 20)
FIELD_HOSPITALS = cython.declare(cython.int, 21)
EYRIE_EMERGENCY = cython.declare(cython.int, 30)
EYRIE_DECREE = cython.declare(cython.int, 31)
EYRIE_NEW_ROOST = cython.declare(cython.int, 32)
EYRIE_RESOLVE = cython.declare(cython.int, 33)
TURMOIL = cython.declare(cython.int, 34)
ALLIANCE_REVOLT = cython.declare(cython.int, 40)
ALLIANCE_SPREAD = cython.declare(cython.int, 41)
ALLIANCE_MOBILIZE = cython.declare(cython.int, 42)
ALLIANCE_TRAIN = cython.declare(cython.int, 43)
ALLIANCE_RECRUIT = cython.declare(cython.int, 44)
ALLIANCE_ORGANIZE = cython.declare(cython.int, 45)
OUTRAGE = cython.declare(cython.int, 46)
REMOVING_BASES = cython.declare(cython.int, 47)
REMOVE_ENEMY_PIECES = cython.declare(cython.int, 48)
# The Cult's: conspiracies in the order conspiracies.py numbers them, rituals in lizard_cult.py's.
LIZARD_ADJUST_OUTCAST = cython.declare(cython.int, 60)
LIZARD_DISCARD_LOST_SOULS = cython.declare(cython.int, 61)
LIZARD_CRUSADE = cython.declare(cython.int, 62)
LIZARD_CONVERT = cython.declare(cython.int, 63)
LIZARD_SANCTIFY = cython.declare(cython.int, 64)
LIZARD_BUILD = cython.declare(cython.int, 65)
LIZARD_RECRUIT = cython.declare(cython.int, 66)
LIZARD_SCORE = cython.declare(cython.int, 67)
LIZARD_SACRIFICE = cython.declare(cython.int, 68)
LIZARD_RETURN_REVEALED = cython.declare(cython.int, 69)
# The Duchy's.
DUCHY_RECRUIT = cython.declare(cython.int, 70)
DUCHY_BUILD = cython.declare(cython.int, 71)
DUCHY_DIG = cython.declare(cython.int, 72)
DUCHY_PARLIAMENT = cython.declare(cython.int, 73)
DUCHY_SWAY = cython.declare(cython.int, 74)
DUCHY_RETURN_REVEALED = cython.declare(cython.int, 75)
MINISTER_ACTION = cython.declare(cython.int, 76)
PRICE_OF_FAILURE = cython.declare(cython.int, 77)
# The Corvids'.
CORVID_FLIP = cython.declare(cython.int, 90)
CORVID_RECRUIT = cython.declare(cython.int, 91)
CORVID_PLOT = cython.declare(cython.int, 92)
CORVID_TRICK = cython.declare(cython.int, 93)
CORVID_EXERT = cython.declare(cython.int, 94)
CORVID_EXPOSE = cython.declare(cython.int, 95)
CORVID_RAID = cython.declare(cython.int, 96)
# The Vagabond's.
VAGABOND_REFRESH = cython.declare(cython.int, 100)
VAGABOND_SLIP = cython.declare(cython.int, 101)
VAGABOND_EXPLORE = cython.declare(cython.int, 102)
VAGABOND_AID = cython.declare(cython.int, 103)
VAGABOND_QUEST = cython.declare(cython.int, 104)
VAGABOND_STRIKE = cython.declare(cython.int, 105)
VAGABOND_REPAIR = cython.declare(cython.int, 106)
VAGABOND_SPECIAL = cython.declare(cython.int, 107)
VAGABOND_REST = cython.declare(cython.int, 108)
VAGABOND_ITEM_LIMIT = cython.declare(cython.int, 109)
VAGABOND_ALLY = cython.declare(cython.int, 110)
VAGABOND_PROTECTOR = cython.declare(cython.int, 111)
VAGABOND_SWIFT_STRIKE = cython.declare(cython.int, 112)
VAGABOND_DAMAGE = cython.declare(cython.int, 113)
# The Riverfolk's, and the services others buy from them.
RF_PROTECTIONISM = cython.declare(cython.int, 120)
RF_DIVIDENDS = cython.declare(cython.int, 121)
RF_GATHER = cython.declare(cython.int, 122)
RF_COMMIT = cython.declare(cython.int, 123)
RF_CRAFT = cython.declare(cython.int, 124)
RF_DRAW = cython.declare(cython.int, 125)
RF_RECRUIT = cython.declare(cython.int, 126)
RF_ESTABLISH = cython.declare(cython.int, 127)
RF_SET_COSTS = cython.declare(cython.int, 128)
RF_PAY = cython.declare(cython.int, 129)
TRADE_DISRUPTION = cython.declare(cython.int, 130)
BUY_SERVICES = cython.declare(cython.int, 131)
# Persistent cards (persistent.py: EFFECTS …, in this order).
PERSISTENT_EFFECTS = cython.declare(cython.int, 140)
LOOK_AT_HAND = cython.declare(cython.int, 147)
COMMIT = cython.declare(cython.int, 0)
"""How `riverfolk_commit` pays its funds (funds.py: COMMIT)."""

CODES = {"move": MOVE, "battle": BATTLE, "battle_in": BATTLE_IN, "craft": CRAFT, "evening_draw": EVENING_DRAW,
         "discard_down": DISCARD_DOWN, "spend_card": SPEND_CARD, "extra_action": EXTRA_ACTION,
         "remove_hits": REMOVE_HITS, "dominance_activate": DOMINANCE_ACTIVATE, "dominance_take": DOMINANCE_TAKE,
         "setup_game": SETUP_GAME, "setup_faction": SETUP_FACTION, "remove_enemy_pieces": REMOVE_ENEMY_PIECES,
         "marquise_build": MARQUISE_BUILD,
         "field_hospitals": FIELD_HOSPITALS, "eyrie_emergency_orders": EYRIE_EMERGENCY,
         "eyrie_add_to_decree": EYRIE_DECREE, "eyrie_new_roost": EYRIE_NEW_ROOST,
         "eyrie_resolve_decree": EYRIE_RESOLVE, "turmoil": TURMOIL,
         "alliance_revolt": ALLIANCE_REVOLT,
         "alliance_spread_sympathy": ALLIANCE_SPREAD, "alliance_mobilize": ALLIANCE_MOBILIZE,
         "alliance_train": ALLIANCE_TRAIN, "alliance_recruit": ALLIANCE_RECRUIT, "alliance_organize": ALLIANCE_ORGANIZE,
         "outrage": OUTRAGE, "removing_bases": REMOVING_BASES,
         "lizard_adjust_outcast": LIZARD_ADJUST_OUTCAST, "lizard_discard_lost_souls": LIZARD_DISCARD_LOST_SOULS,
         "lizard_crusade": LIZARD_CRUSADE, "lizard_convert": LIZARD_CONVERT, "lizard_sanctify": LIZARD_SANCTIFY,
         "lizard_ritual_build": LIZARD_BUILD, "lizard_ritual_recruit": LIZARD_RECRUIT,
         "lizard_ritual_score": LIZARD_SCORE, "lizard_ritual_sacrifice": LIZARD_SACRIFICE,
         "lizard_return_revealed": LIZARD_RETURN_REVEALED,
         "duchy_burrow_recruit": DUCHY_RECRUIT, "duchy_build": DUCHY_BUILD, "duchy_dig": DUCHY_DIG,
         "duchy_parliament": DUCHY_PARLIAMENT, "duchy_sway": DUCHY_SWAY, "duchy_return_revealed": DUCHY_RETURN_REVEALED,
         "minister_action": MINISTER_ACTION, "price_of_failure": PRICE_OF_FAILURE,
         "riverfolk_protectionism": RF_PROTECTIONISM, "riverfolk_dividends": RF_DIVIDENDS,
         "riverfolk_gather_funds": RF_GATHER, "riverfolk_commit": RF_COMMIT, "riverfolk_craft": RF_CRAFT,
         "riverfolk_draw": RF_DRAW, "riverfolk_recruit": RF_RECRUIT, "riverfolk_establish": RF_ESTABLISH,
         "riverfolk_set_costs": RF_SET_COSTS, "riverfolk_pay": RF_PAY, "trade_disruption": TRADE_DISRUPTION,
         "buy_services": BUY_SERVICES, "may_place": MAY_PLACE,
         "corvid_flip": CORVID_FLIP, "corvid_recruit": CORVID_RECRUIT, "corvid_plot": CORVID_PLOT,
         "corvid_trick": CORVID_TRICK, "corvid_exert": CORVID_EXERT, "corvid_expose": CORVID_EXPOSE,
         "corvid_raid": CORVID_RAID, "vagabond_refresh": VAGABOND_REFRESH,
         "vagabond_slip": VAGABOND_SLIP, "vagabond_explore": VAGABOND_EXPLORE, "vagabond_aid": VAGABOND_AID,
         "vagabond_quest": VAGABOND_QUEST, "vagabond_strike": VAGABOND_STRIKE, "vagabond_repair": VAGABOND_REPAIR,
         "vagabond_special": VAGABOND_SPECIAL, "vagabond_rest": VAGABOND_REST,
         "vagabond_item_limit": VAGABOND_ITEM_LIMIT, "vagabond_ally": VAGABOND_ALLY,
         "vagabond_protector": VAGABOND_PROTECTOR, "vagabond_swift_strike": VAGABOND_SWIFT_STRIKE,
         "vagabond_damage": VAGABOND_DAMAGE, "persistent_effects": PERSISTENT_EFFECTS,
         "discard_crafted": PERSISTENT_EFFECTS + 1, "attacker": PERSISTENT_EFFECTS + 2,
         "defender": PERSISTENT_EFFECTS + 3, "rules_clearing": PERSISTENT_EFFECTS + 4,
         "take_random_card": PERSISTENT_EFFECTS + 5, "draw_cards": PERSISTENT_EFFECTS + 6,
         "look_at_hand": LOOK_AT_HAND}
"""The procedures this engine plays, by name (natives of content/root/natives, and the kernel's own)."""
RULES = ("extra_hits", "rolled_hits_ignored", "ambush_ignored")
"""The rule hooks (an effect's `modify`) this engine reads: the persistent cards' in battle (persistent.py)."""
SETUPS = ("marquise", "eyrie", "alliance", "vagabond", "lizard_cult", "duchy", "riverfolk", "corvids")
"""Factions whose setup this engine plays (and so can be seated)."""
CHARACTERS = ("thief", "tinker", "ranger", "vagrant", "arbiter", "scoundrel", "adventurer", "ronin", "harrier")
"""The Vagabond characters this engine plays (annex E): those a Vagabond may choose."""


def _parts(tables: Any) -> tuple[Any, ...]:
    """The modules of the rules, in RootEngine's order: they hold views of the tables and no game's state."""
    lizard, duchy, actions, funds, vagabond = LizardCult(tables), Duchy(tables), Actions(), Funds(tables), \
        Vagabond(tables)
    vagabond_turn = VagabondTurn(vagabond)
    return (actions, Marquise(), Eyrie(), Alliance(tables), Sympathy(tables), lizard, Conspiracies(lizard, tables),
            duchy, Parliament(tables, duchy), Court(tables, duchy), funds, Riverfolk(tables, actions, funds),
            Services(tables), Corvids(tables), vagabond, vagabond_turn, VagabondBattle(tables, vagabond),
            VagabondActions(vagabond), VagabondQuests(vagabond, vagabond_turn), VagabondCharacters(tables, vagabond),
            Persistent(tables))


@cython.cclass
class RootEngine(RootCore):
    def __init__(self, cells: array[int], ctl: array[int], plan: array[int], vmframe: array[int],
                 tables: Any) -> None:
        RootCore.__init__(self, cells, ctl, plan, vmframe, tables)
        self.impl = tables.arrays["impl"]
        self.setup_order = tables.arrays["setup_order"]
        if tables.parts is None:  # the rules' parts hold tables only: made once, shared by every game and copy
            tables.parts = _parts(tables)
        (self.actions, self.marquise, self.eyrie, self.alliance, self.sympathy, self.lizard, self.conspiracies,
         self.duchy, self.parliament, self.court, self.funds, self.riverfolk, self.services, self.corvids,
         self.vagabond, self.vagabond_turn, self.vagabond_battle, self.vagabond_actions, self.vagabond_quests,
         self.vagabond_characters, self.persistent) = tables.parts
        self.p_price_of_failure = tables.procedure("price_of_failure")
        self.step_cost = tables.arrays["step_cost"]
        self.f_riverfolk = tables.numbers["riverfolk"]
        self.p_raid = tables.procedure("corvid_raid")

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
            if vagabond and self.stage() == 0 and not self.vagabond_actions.begin_battle(self):
                self.set_result(0)
                self.done()
            else:
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
        elif code == REMOVE_ENEMY_PIECES:
            self.actions.remove_enemy_pieces(self)
        elif code >= ALLIANCE_REVOLT and code <= REMOVING_BASES:
            self.run_alliance(code)
        elif LIZARD_ADJUST_OUTCAST <= code <= LIZARD_RETURN_REVEALED:
            self.run_lizard(code)
        elif code == DUCHY_RECRUIT:
            self.duchy.burrow_recruit(self)
        elif code == DUCHY_BUILD:
            self.duchy.build(self)
        elif code == DUCHY_DIG:
            self.duchy.dig(self)
        elif code == DUCHY_RETURN_REVEALED:
            self.duchy.return_revealed(self)
        elif code == PRICE_OF_FAILURE:
            self.court.price_of_failure(self)
        elif code == DUCHY_PARLIAMENT:
            self.parliament.parliament(self)
        elif code == DUCHY_SWAY:
            self.court.sway(self)
        elif code == MINISTER_ACTION:
            self.parliament.minister_action(self)
        elif RF_PROTECTIONISM <= code <= BUY_SERVICES:
            self.run_riverfolk(code)
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
        elif PERSISTENT_EFFECTS <= code <= LOOK_AT_HAND:
            self.persistent.run(self, code - PERSISTENT_EFFECTS)
        else:
            raise ValueError(f"procedure {self.tables.procedures[procedure - 1]!r} is not played by this engine")

    def run_alliance(self, code: cython.int) -> None:
        if code == ALLIANCE_REVOLT:
            self.sympathy.revolt(self, self.alliance)
        elif code == ALLIANCE_SPREAD:
            self.sympathy.spread_sympathy(self, self.alliance)
        elif code == ALLIANCE_MOBILIZE:
            self.alliance.mobilize(self)
        elif code == ALLIANCE_TRAIN:
            self.alliance.train(self)
        elif code == ALLIANCE_RECRUIT:
            self.alliance.recruit(self)
        elif code == ALLIANCE_ORGANIZE:
            self.sympathy.organize(self, self.alliance)
        elif code == OUTRAGE:
            self.alliance.outrage(self)
        else:
            self.alliance.removing_bases(self)

    def run_lizard(self, code: cython.int) -> None:
        if code == LIZARD_ADJUST_OUTCAST:
            self.lizard.adjust_outcast(self)
        elif code == LIZARD_DISCARD_LOST_SOULS:
            self.lizard.discard_lost_souls(self)
        elif code == LIZARD_CRUSADE:
            self.conspiracies.crusade(self)
        elif code == LIZARD_CONVERT:
            self.conspiracies.convert(self)
        elif code == LIZARD_SANCTIFY:
            self.conspiracies.sanctify(self)
        elif code == LIZARD_RETURN_REVEALED:
            self.lizard.return_revealed(self)
        else:
            self.lizard.ritual(self, code - LIZARD_BUILD)

    def run_riverfolk(self, code: cython.int) -> None:
        """The Riverfolk's procedures, and the services others buy from them."""
        if code == RF_PROTECTIONISM:
            self.funds.protectionism(self)
        elif code == RF_DIVIDENDS:
            self.funds.dividends(self)
        elif code == RF_GATHER:
            self.funds.gather(self)
        elif code == RF_COMMIT or code == RF_PAY:
            if code == RF_COMMIT and self.stage() == 0:
                self.set_arg(2, COMMIT)
            self.funds.pay(self)
        elif code == RF_CRAFT:
            self.riverfolk.craft(self)
        elif code == RF_DRAW:
            self.riverfolk.draw(self)
        elif code == RF_RECRUIT:
            self.riverfolk.recruit(self)
        elif code == RF_ESTABLISH:
            self.riverfolk.establish(self)
        elif code == RF_SET_COSTS:
            self.riverfolk.set_costs(self)
        elif code == TRADE_DISRUPTION:
            self.funds.disruption(self)
        else:
            self.services.buy(self)

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

    def take(self, step: cython.int) -> None:
        """A step with a cost (its content's `cost`) pays it first: the cost's effect runs, then the step. A
        once-in-Daylight card's step runs the card's effect."""
        if self.persistent.card_of(step) >= 0:
            self.persistent.use(self, step)
            return
        RootCore.take(self, step)
        if self.step_cost[step] >= 0:
            self.push(0, self.step_cost[step], self.active(), 0)

    def can_take(self, seat: cython.int, step: cython.int) -> cython.bint:
        """A menu step is offered only when it can be done, so a player is never offered a dead end."""
        code: cython.int = self.impl[self.step_field(step, 0)] if self.step_field(step, 4) < 0 else 0
        if self.faction(seat) == self.f_vagabond and (code == MOVE or code == BATTLE or code == DOMINANCE_ACTIVATE
                                                      or VAGABOND_REFRESH <= code <= VAGABOND_DAMAGE):
            return self.vagabond_can_take(seat, code)
        if self.step_cost[step] >= 0 and not self.cost_payable(seat):
            return False
        if code == PERSISTENT_EFFECTS:
            return self.persistent.can_use(self, seat, step)
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
        if code == ALLIANCE_REVOLT:
            return self.sympathy.can_revolt(self, self.alliance, seat)
        if code == ALLIANCE_SPREAD:
            return self.sympathy.can_spread(self, self.alliance, seat)
        if code == ALLIANCE_MOBILIZE:
            return self.hand_size(seat) > 0
        if code == ALLIANCE_TRAIN:
            return self.alliance.can_train(self, seat)
        if code == ALLIANCE_RECRUIT:
            return self.alliance.can_recruit(self, seat)
        if code == ALLIANCE_ORGANIZE:
            return self.sympathy.can_organize(self, self.alliance, seat)
        if LIZARD_CRUSADE <= code <= LIZARD_SANCTIFY:
            return self.conspiracies.can(self, seat, code - LIZARD_CRUSADE)
        if LIZARD_BUILD <= code <= LIZARD_SACRIFICE:
            return self.lizard.can_ritual(self, seat, code - LIZARD_BUILD)
        if code == DUCHY_RECRUIT:
            return self.supply(seat) > 0
        if code == DUCHY_BUILD:
            return self.duchy.can_build(self, seat, False)
        if code == DUCHY_DIG:
            return self.duchy.can_dig(self, seat)
        if code == DUCHY_PARLIAMENT:
            return self.parliament.can_hold(self, seat)
        if code == DUCHY_SWAY:
            return self.court.can_sway(self, seat)
        if code == RF_CRAFT:
            return self.riverfolk.can_craft_any(self, seat)
        if code == RF_DRAW:
            return self.riverfolk.can_draw(self)
        if code == RF_RECRUIT:
            return self.riverfolk.can_recruit(self, seat)
        if code == RF_ESTABLISH:
            return self.riverfolk.can_establish(self, seat)
        if code == BUY_SERVICES:
            return self.services.can_buy(self, seat)
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

    def cost_payable(self, seat: cython.int) -> cython.bint:
        """A step's cost can be paid: the Riverfolk's steps cost a fund (11.5)."""
        if self.faction(seat) == self.f_riverfolk:
            return self.funds.funds(self) > 0
        return True

    def vagabond_can_take(self, seat: cython.int, code: cython.int) -> cython.bint:
        """His own steps, and those he takes his own way: Move, Battle, and a dominance card (9.2.8)."""
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
        if code == DOMINANCE_ACTIVATE and self.players() >= self.vagabond.coalition_players:
            return self.vagabond_turn.can_coalesce(self, seat)
        if code == DOMINANCE_ACTIVATE:
            return self.can_activate(seat)
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
        for seat in range(self.players()):  # each takes the pieces of their faction (5.1.1)
            self.cells[self.o_supply + seat] = self.tables.arrays["faction_warriors"][self.faction(seat)]
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
        elif faction == self.f_alliance:
            self.alliance.setup(self)
        elif faction == self.lizard.faction:
            self.lizard.setup(self)
        elif faction == self.f_duchy:
            self.duchy.setup(self)
        elif faction == self.f_riverfolk:
            self.riverfolk.setup(self)
        elif faction == self.corvids.faction:
            self.corvids.setup(self)
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
        if self.faction(seat) == self.corvids.faction:
            return self.corvids.extra_hits(self, attacking)
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

    def buildings_removed(self, seat: cython.int, clearing: cython.int, n: cython.int) -> None:
        if self.faction(seat) == self.f_duchy:
            self.push(self.p_price_of_failure, seat, 0, 0)

    def draw_bonus(self, seat: cython.int) -> cython.int:
        if self.faction(seat) == self.f_marquise:
            return self.marquise.draw_bonus(self, seat)
        if self.faction(seat) == self.f_alliance:
            return self.alliance.draw_bonus(self)
        if self.faction(seat) == self.lizard.faction:
            return self.lizard.draw_bonus(self, seat)
        if self.faction(seat) == self.f_duchy:
            return self.duchy.draw_bonus(self, seat)
        if self.faction(seat) == self.corvids.faction:
            return self.corvids.draw_bonus(self, seat)
        if self.faction(seat) == self.f_vagabond:
            return self.vagabond.track_power(self, seat, self.vagabond.power_draw)
        return 0

    def defends_high(self, seat: cython.int) -> cython.bint:
        """Guerrilla War (8.2.2)."""
        return self.faction(seat) == self.f_alliance

    def piece_removed(self, seat: cython.int, clearing: cython.int, piece: cython.int, by: cython.int) -> None:
        if self.over():
            return
        if self.faction(seat) == self.f_alliance:
            self.alliance.piece_removed(self, seat, clearing, piece, by)
        elif piece == self.lizard.garden:
            self.lizard.fear_of_the_faithful(self, seat)
        elif self.faction(seat) == self.f_riverfolk:
            self.funds.piece_removed(self, seat, piece)

    def warriors_moved(self, seat: cython.int, origin: cython.int, to: cython.int) -> None:
        if not self.over():
            self.alliance.warriors_moved(self, seat, to)

    def phase_started(self, seat: cython.int, phase: cython.int) -> None:
        """The Alliance's military operations are counted as its Evening starts (8.6.1)."""
        if self.faction(seat) == self.f_alliance and phase == self.alliance.evening:
            self.add_budget(self.alliance.operations_budget, self.alliance.operations(self, seat))
        self.persistent.phase_started(self, seat, phase)

    def rule_override(self, clearing: cython.int) -> cython.int:
        return self.lizard.rule_override(self, clearing)

    def crafts_with(self, seat: cython.int, suit: cython.int) -> cython.bint:
        if self.faction(seat) == self.lizard.faction:
            return self.lizard.crafts_with(self, suit)
        return True

    def discard_to(self, card: cython.int) -> cython.int:
        return self.lizard.discard_to(self)

    def lose_warrior(self, seat: cython.int, clearing: cython.int, defending: cython.bint) -> None:
        if defending and self.faction(seat) == self.lizard.faction:
            self.lizard.revenge(self, seat, clearing)
        else:
            self.remove_warrior(seat, clearing)

    def rule_warriors(self, seat: cython.int, clearing: cython.int) -> cython.int:
        return self.services.rule_warriors(self, seat, clearing)

    def battle_warriors(self, seat: cython.int, clearing: cython.int, other: cython.int) -> cython.int:
        return self.services.battle_warriors(self, seat, clearing, other)

    def hired_hits(self, victim: cython.int, clearing: cython.int, n: cython.int, by: cython.int) -> cython.int:
        return self.services.hired_hits(self, victim, clearing, n, by)

    def river_moves(self, seat: cython.int) -> cython.int:
        return self.services.river_moves(self, seat)

    def crafting_pieces(self, seat: cython.int, suit: cython.int) -> cython.int:
        if self.faction(seat) == self.f_riverfolk:
            return self.riverfolk.craft_spaces(self, suit)
        if self.faction(seat) == self.f_vagabond:
            return self.vagabond.crafting_pieces(self, seat, suit)
        return RootCore.crafting_pieces(self, seat, suit)

    def craft_budget(self, seat: cython.int) -> cython.int:
        if self.faction(seat) == self.f_riverfolk:
            return self.funds.funds(self)
        return RootCore.craft_budget(self, seat)

    def turn_ended(self, seat: cython.int) -> None:
        self.services.turn_ended(self, seat)
        self.persistent.turn_ended(self, seat)

    def turn_started(self, seat: cython.int) -> None:
        RootCore.turn_started(self, seat)
        if self.faction(seat) == self.corvids.faction:
            self.corvids.turn_started(self, seat)
        self.persistent.phase_started(self, seat, self.phase())

    def forbids_placing(self, seat: cython.int, clearing: cython.int) -> cython.bint:
        """A face-up snare (13.7.2)."""
        return self.corvids.plots.snared(self, seat, clearing)

    def forbids_moving_out(self, seat: cython.int, clearing: cython.int) -> cython.bint:
        """A face-up snare (13.7.2)."""
        return self.corvids.plots.snared(self, seat, clearing)

    def moves_freely(self, seat: cython.int, origin: cython.int, to: cython.int) -> cython.bint:
        """Nimble (13.2.3)."""
        return self.faction(seat) == self.corvids.faction

    def piece_taken_off(self, seat: cython.int, clearing: cython.int, piece: cython.int) -> None:
        """A plot leaves the map: a raid's warriors wait for the removal to be done (13.7.4)."""
        if piece == self.corvids.plots.row:
            self.corvids.plots.removed(self, clearing)

    def pieces_removed(self, seat: cython.int, clearing: cython.int) -> None:
        """The removed raids' warriors are placed now (13.7.4)."""
        if not self.over() and self.faction(seat) == self.corvids.faction and self.corvids.plots.raids_pending(self):
            self.push(self.p_raid, seat, 0, 0)

    # --- the Vagabond's pawn and items in the shared rules (9.2) ----------------------------------------------------

    def pawns(self, seat: cython.int, clearing: cython.int) -> cython.int:
        if self.faction(seat) == self.f_vagabond and self.vagabond.clearing(self, seat) == clearing:
            return 1
        return 0

    def rolled_hits_cap(self, seat: cython.int, clearing: cython.int, other: cython.int,
                        attacking: cython.bint) -> cython.int:
        cap: cython.int = RootCore.rolled_hits_cap(self, seat, clearing, other, attacking)
        if self.faction(seat) == self.f_vagabond:
            cap = self.vagabond_battle.rolled_hits(self, seat, clearing, attacking)
        if not attacking:
            cap += self.vagabond_battle.protection(self)
        return cap

    def defenseless(self, seat: cython.int, clearing: cython.int, other: cython.int) -> cython.bint:
        if self.faction(seat) == self.f_vagabond:
            return not self.vagabond.armed(self, seat)
        return RootCore.defenseless(self, seat, clearing, other)

    def battle_step(self, attacker: cython.int, defender: cython.int, clearing: cython.int,
                    moment: cython.int) -> None:
        self.persistent.battle_step(self, attacker, defender, moment)
        self.vagabond_battle.battle_step(self, attacker, defender, clearing, moment)

    def ambush_ignored(self, seat: cython.int) -> cython.bint:
        return self.persistent.ambush_ignored(self, seat)

    def removed_by(self, by: cython.int, victim: cython.int, clearing: cython.int, warrior: cython.bint,
                   in_battle: cython.bint) -> None:
        self.vagabond.removed(self, by, victim, warrior, in_battle)

    def closed(self, clearing: cython.int) -> cython.bint:
        """Scorched (E.6.2); the Burrow and the forests never are."""
        return 0 <= clearing < self.clearings and self.cells[self.vagabond.o_scorched + clearing] != 0

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
