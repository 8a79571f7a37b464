"""Vindication's state on the shared kernel, and the rules every part of the game shares: cubes moved between a
player's Power board, the central board's attribute spheres, cards and region tiles (each player's cubes are always
somewhere, L529-533), honour and the trigger tokens it passes (L949). The cards are decks.py's, the island board.py's.

The cells are the content's state (content/vindication/state), then the kernel's own: where each medallion
stands, the island's slots, the bag, and what the turn has done so far (tables.py lays them out).
"""

from __future__ import annotations

from typing import Any

import cython  # type: ignore[import-untyped]

from ..kernel.engine import Engine

POTENTIAL = cython.declare(cython.int, 0)
REACT = cython.declare(cython.int, 119)
E_USE_CONVICTION = cython.declare(cython.int, 5)
E_OTHER_GAINS_HONOUR = cython.declare(cython.int, 7)
BORROWED = cython.declare(cython.int, 41)
"""The turn's record (tables.py TURN_FLAGS): the trait borrowed this turn + 1."""
"""The event of using conviction (tables.py EVENTS), which use_conviction announces."""
"""The engine's procedure number of `react` (engine.py)."""
REACTED = cython.declare(cython.int, 7)
"""The turn's record: the once-a-turn reactive powers that answered, by the card's place in its kind."""
CONVICTION = cython.declare(cython.int, 2)
HONOUR_SEEN = cython.declare(cython.int, 50)
HONOUR_SOURCES = cython.declare(cython.int, 51)
SOURCES_KEPT = cython.declare(cython.int, 3)
"""The turn's record (tables.py TURN_FLAGS): its player's honour when last counted, then how many sources gave
them honour, then the first SOURCES_KEPT of those sources (Persévérance)."""
E_HONOUR_SOURCES = cython.declare(cython.int, 11)
"""The event honour_two_sources (tables.py EVENTS)."""
R_BLOCK_OTHERS_HONOUR = cython.declare(cython.int, 8)
ALL_HONOUR = cython.declare(cython.int, 2)
"""A rule hook (tables.py RULE_FIELDS) and its value when the other players gain no honour at all (Kajek, L2319)."""


@cython.cclass
class VindicationCore(Engine):
    """The engine's state by offset (from tables.py) and the rules the others share."""

    def __init__(self, cells: Any, ctl: Any, plan: Any, vmframe: Any, tables: Any) -> None:
        Engine.__init__(self, cells, ctl, plan, vmframe, tables)
        n: dict[str, int] = tables.numbers
        a: dict[str, Any] = tables.arrays
        self.seats = n["seats"]
        self.ncards = n["cards"]
        self.nslots = n["slots"]
        self.nspaces = n["spaces"]
        self.ncoast = n["coast"]
        self.nregions = n["regions"]
        self.nattributes = n["attributes"]
        self.ntriggers = n["trigger_tokens"]
        self.o_influence = n["o_influence"]
        self.o_power = n["o_power"]
        self.o_attr = n["o_attr"]
        self.o_card_cubes = n["o_card_cubes"]
        self.o_score = n["o_score"]
        self.o_seated = n["o_seated"]
        self.o_current = n["o_current"]
        self.o_side = n["o_side"]
        self.o_mount = n["o_mount"]
        self.o_speed_bonus = n["o_speed_bonus"]
        self.o_controlled = n["o_controlled"]
        self.o_aptitudes = n["o_aptitudes"]
        self.o_tokens_taken = n["o_tokens_taken"]
        self.o_quests_done = n["o_quests_done"]
        self.o_zone = n["o_zone"]
        self.o_order = n["o_order"]
        self.o_faceup = n["o_faceup"]
        self.o_owner = n["o_owner"]
        self.o_seen = n["o_seen"]
        self.k_pos = n["k_pos"]
        self.k_slot = n["k_slot"]
        self.k_slot_owner = n["k_slot_owner"]
        self.k_bag = n["k_bag"]
        self.k_token = n["k_token"]
        self.k_stock = n["k_stock"]
        self.k_gained = n["k_gained"]
        self.k_turn = n["k_turn"]
        self.k_wish = n["k_wish"]
        self.nwishes = n["wishes"]
        self.wishes_shown = n["wishes_shown"]
        self.wishing_well = n["wishing_well"]
        self.k_game = n["k_game"]
        self.turn_flags = n["turn_flags"]
        self.k_options = n["k_options"]
        self.k_speed_cubes = n["k_speed_cubes"]
        self.k_aside = n["k_aside"]
        self.k_treachery_card = n["k_treachery_card"]
        self.k_treachery_slot = n["k_treachery_slot"]
        self.site_region = n["site_region"]
        self.construction_sites = n["construction_sites"]
        self.k_pet_master = n["k_pet_master"]
        self.k_token_shift = n["k_token_shift"]
        self.pets_in_game = n["pet_market"] > 0
        self.site_cost = n["site_cost"]
        self.mounts = n["mounts"]
        self.sacred_stones = n["sacred_stones"]
        self.zone_box = n["zone_box"]
        self.zone_party = n["zone_party"]
        self.zone_quests = n["zone_quests"]
        self.zone_quest_deck = n["zone_quest_deck"]
        self.zone_trigger_deck = n["zone_trigger_deck"]
        self.card_kind = a["card_kind"]
        self.card_deck = a["card_deck"]
        self.card_colour = a["card_colour"]
        self.card_honour = a["card_honour"]
        self.card_generation = a["card_generation"]
        self.card_initiative = a["card_initiative"]
        self.card_starter = a["card_starter"]
        self.card_in_game = a["card_in_game"]
        self.card_effect = a["card_effect"]
        self.card_mastery_bonus = a["card_mastery_bonus"]
        self.card_local = a["card_local"]
        self.card_activated = a["card_activated"]
        self.card_on_join = a["card_on_join"]
        self.card_passive = a["card_passive"]
        self.card_late = a["card_late"]
        self.card_needs = a["card_needs"]
        self.card_event = a["card_event"]
        self.card_reactive = a["card_reactive"]
        self.card_react_limit = a["card_react_limit"]
        self.card_hook = a["card_hook"]
        self.card_hook_n = a["card_hook_n"]
        self.card_hook_m = a["card_hook_m"]
        self.card_event_n = a["card_event_n"]
        self.card_neighbour = a["card_neighbour"]
        self.rule_offset = a["rule_offset"]
        self.rule_base = a["rule_base"]
        self.nrules = len(a["rule_offset"])
        self.deck_zone = a["deck_zone"]
        self.space_slots = a["space_slots"]
        self.space_next = a["space_next"]
        self.region_count = a["region_count"]
        self.region_effect = a["region_effect"]
        self.region_repeatable = a["region_repeatable"]
        self.region_controllable = a["region_controllable"]
        self.region_cost_attr = a["region_cost_attr"]
        self.region_cost = a["region_cost"]
        self.numbers = a["numbers"]
        self.mount_speed = a["mount_speed"]
        self.mount_honour = a["mount_honour"]
        self.mastery_honour = a["mastery_honour"]
        self.character_generation = a["character_generation"]
        self.recipe = a["recipe"]
        self.monster_die = a["monster_die"]
        self.attribute_die = a["attribute_die"]
        self.monster_die_faces = len(a["monster_die"])
        self.attribute_die_faces = len(a["attribute_die"])
        self.relic_charges = a["relic_charges"]
        self.start_cubes = a["start_cubes"]
        self.region_need = a["region_need"]
        self.region_effect_cost = a["region_effect_cost"]
        self.wish_reward = a["wish_reward"]
        self.trigger_space = a["trigger_space"]
        self.quest_effect = a["quest_effect"]
        self.quest_honour = a["quest_honour"]

    # --- numbers of the content ------------------------------------------------------------------------------

    def num(self, i: cython.int) -> cython.int:
        """A constant of content/vindication/constants.yaml, by its place in tables.py's NUMBERS."""
        return self.numbers[i]

    def rule(self, i: cython.int) -> cython.int:
        """A rule hook of this turn (tables.py RULE_FIELDS): a cost or bonus the cards change, reset each turn."""
        return self.cells[self.rule_offset[i]]

    def set_rule(self, i: cython.int, value: cython.int) -> None:
        self.cells[self.rule_offset[i]] = value

    def reset_rules(self) -> None:
        """Each turn starts with the rules' own costs (constants) and no bonus."""
        i: cython.int
        for i in range(self.nrules):
            self.cells[self.rule_offset[i]] = self.rule_base[i]

    def option_of(self, i: cython.int) -> cython.int:
        """The choice of a rule option of options.yaml (its place in tables.py's OPTIONS): 0 is the default's
        … as the kernel numbers them there."""
        return self.cells[self.k_options + i]

    def game_flag(self, i: cython.int) -> cython.int:
        """The game's record (ending.py and preparation.py number its entries)."""
        return self.cells[self.k_game + i]

    def set_game_flag(self, i: cython.int, value: cython.int) -> None:
        self.cells[self.k_game + i] = value

    # --- cubes (L529-533: every cube returned goes to the influence sphere) ---------------------------------------

    def influence(self, seat: cython.int) -> cython.int:
        return self.cells[self.o_influence + seat]

    def sphere(self, sphere: cython.int, seat: cython.int) -> cython.int:
        """Cubes in a Power board sphere (0 potential, 1 influence, 2 conviction)."""
        if sphere == 1:
            return self.cells[self.o_influence + seat]
        return self.cells[self.o_power + sphere * self.seats + seat]

    def add_sphere(self, sphere: cython.int, seat: cython.int, n: cython.int) -> None:
        if sphere == 1:
            self.cells[self.o_influence + seat] += n
        else:
            self.cells[self.o_power + sphere * self.seats + seat] += n

    def attr(self, attribute: cython.int, seat: cython.int) -> cython.int:
        return self.cells[self.o_attr + attribute * self.seats + seat]

    def generate(self, seat: cython.int, attribute: cython.int, n: cython.int) -> cython.int:
        """Moves up to n cubes from the influence sphere to an attribute sphere (L533); returns how many moved:
        a player with too little influence generates what they can."""
        moved: cython.int = n if n < self.influence(seat) else self.influence(seat)
        if moved < 0:
            moved = 0
        self.cells[self.o_influence + seat] -= moved
        self.cells[self.o_attr + attribute * self.seats + seat] += moved
        return moved

    def spend(self, seat: cython.int, attribute: cython.int, n: cython.int) -> None:
        """Attribute cubes used go back to the influence sphere (L533)."""
        self.cells[self.o_attr + attribute * self.seats + seat] -= n
        self.cells[self.o_influence + seat] += n

    def exalt(self, seat: cython.int, sphere: cython.int) -> None:
        """One cube one sphere to the right: potential to influence, or influence to conviction (L520)."""
        self.add_sphere(sphere, seat, -1)
        self.add_sphere(sphere + 1, seat, 1)

    def can_exalt(self, seat: cython.int) -> cython.bint:
        return self.sphere(POTENTIAL, seat) > 0 or self.influence(seat) > 0

    def use_conviction(self, seat: cython.int, n: cython.int) -> None:
        """Conviction used goes back to influence (L346); a use of conviction, announced (Dévotion, L1710)."""
        self.add_sphere(CONVICTION, seat, -n)
        self.add_sphere(1, seat, n)
        self.fire(seat, E_USE_CONVICTION)

    def card_cubes(self, card: cython.int) -> cython.int:
        return self.cells[self.o_card_cubes + card]

    # --- honour and the trigger tokens (L352-362, L949) ------------------------------------------------------

    def score(self, seat: cython.int) -> cython.int:
        return self.cells[self.o_score + seat]

    def gain_honour(self, seat: cython.int, n: cython.int) -> None:
        """Honour moves the score disc; passing or stopping on a trigger token takes it and turns a new trigger
        card face up (L949). Each player it leaves with less honour than the gainer is told (Humilité,
        L1747-1749: not one the gain only brings level). No player but the one whose turn it is gains any while
        Kajek's master is activated (L2319)."""
        before: cython.int = self.cells[self.o_score + seat]
        after: cython.int = before + n
        i: cython.int
        if n > 0 and seat != self.cells[self.o_current] and self.rule(R_BLOCK_OTHERS_HONOUR) == ALL_HONOUR:
            return
        self.cells[self.o_score + seat] = after
        if n <= 0:
            return
        for i in range(self.players()):
            if i != seat and after > self.cells[self.o_score + i]:
                self.fire(i, E_OTHER_GAINS_HONOUR)
        for i in range(self.ntriggers):
            if self.cells[self.k_token + i] == 0 and before < self.token_space(i) <= after:
                self.cells[self.k_token + i] = 1
                self.cells[self.o_tokens_taken + seat] += 1
                self.reveal_trigger()
        if seat == self.cells[self.o_current]:
            self.count_honour(self.ctl[self.frame()])

    def effect_done(self) -> None:
        """An effect's own honour (its `score`, written to the state directly) is counted once it ends, the effect
        being its source: the one that just returned (its first argument, the entry)."""
        self.count_honour(-1 - self.returned_arg(0))

    def count_honour(self, source: cython.int) -> None:
        """Persévérance (L1785, a ruling): the different sources the turn's player gained honour from this turn,
        a procedure of the kernel (its number) or an effect (-1 - its entry), each counted once; honour_two_sources
        is announced with the count as it grows, and a power answers it at its param m."""
        seat: cython.int = self.cells[self.o_current]
        count: cython.int = self.turn_flag(HONOUR_SOURCES)
        i: cython.int
        if self.score(seat) > self.turn_flag(HONOUR_SEEN) and count <= SOURCES_KEPT:
            for i in range(count):
                if self.turn_flag(HONOUR_SOURCES + 1 + i) == source:
                    count = -1
                    break
            if count >= 0:
                if count < SOURCES_KEPT:
                    self.set_turn_flag(HONOUR_SOURCES + 1 + count, source)
                self.set_turn_flag(HONOUR_SOURCES, count + 1)
                self.fire_reaching(seat, E_HONOUR_SOURCES, count + 1)
        self.set_turn_flag(HONOUR_SEEN, self.score(seat))

    def token_space(self, i: cython.int) -> cython.int:
        """Where a trigger token stands on the score track: its space, moved by Ghak (L2301)."""
        return self.trigger_space[i] + self.cells[self.k_token_shift + i]

    def reveal_trigger(self) -> None:
        """A new trigger card turns face up: the decks are decks.py's (which overrides this)."""

    # --- the turn's record ------------------------------------------------------------------------------------

    def fire(self, seat: cython.int, event: cython.int) -> None:
        """A game event (tables.py EVENTS): the reactive powers of the seat's cards that answer it run once the
        procedure under way returns (a power limited to once a turn, only once)."""
        self.fire_reaching(seat, event, 0)

    def fire_reaching(self, seat: cython.int, event: cython.int, amount: cython.int) -> None:
        """An event with an amount that grows one at a time: a power that needs an amount (tables.py THRESHOLDS,
        `card_event_n`) answers it once, when it reaches that amount."""
        card: cython.int
        for card in range(self.ncards):
            if self.card_event[card] == event and self.answers(seat, card) and not self.reacted(card) \
                    and self.card_event_n[card] == amount:
                self.defer(REACT, seat, event, amount)
                return

    def answers(self, seat: cython.int, card: cython.int) -> cython.bint:
        """The card's reactive power answers the seat's events: its own, or the trait it borrowed this turn
        (Kheyra, L1570)."""
        return self.cells[self.o_zone + card] == self.zone_party + seat or self.turn_flag(BORROWED) == card + 1

    def reacted(self, card: cython.int) -> cython.bint:
        """The card's once-a-turn reactive power has answered this turn (the turn's record, by bit)."""
        return self.card_react_limit[card] > 0 and (self.turn_flag(REACTED) >> self.card_local[card]) & 1 == 1

    def turn_flag(self, i: cython.int) -> cython.int:
        """What this turn did so far (tables.py numbers the flags: moved, activated, visited …)."""
        return self.cells[self.k_turn + i]

    def set_turn_flag(self, i: cython.int, value: cython.int) -> None:
        self.cells[self.k_turn + i] = value
