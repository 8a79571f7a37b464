"""The Vagabond's board (chapter 9): where his pawn is, his items by place and side, his relationships, and the
rules by which he changes the shared ones (his pawn in battle, crafting with hammers, his draw). The procedures of
his turn are in vagabond_turn.py and vagabond_actions.py; every number is read here from the tables.

An item is counted by kind in one of five places: face up on its track, face up or exhausted in the satchel, face
up or exhausted in the Damaged box. A decision about an item names it by `place * items + item`, the track and the
satchel's face-up ones being alike (an undamaged face-up track item may move freely between them, 9.2.5.III).
"""

from __future__ import annotations

from array import array
from typing import Any

import cython  # type: ignore[import-untyped]

from .core import RootCore

TRACK = cython.declare(cython.int, 0)
READY = cython.declare(cython.int, 1)
EXHAUSTED = cython.declare(cython.int, 2)
DAMAGED = cython.declare(cython.int, 3)
DAMAGED_EXHAUSTED = cython.declare(cython.int, 4)


@cython.cclass
class Vagabond:
    """The Vagabond's board and rules; each method takes the engine it runs in."""

    def __init__(self, tables: Any) -> None:
        arrays = tables.arrays
        dims = tables.dims
        numbers = tables.numbers
        offsets = tables.offsets
        self.nitems = dims["items"]
        self.nforests = dims["forests"]
        self.nquests = dims["quests"]
        self.ncharacters = dims["characters"]
        self.o_character = offsets["character"]
        self.o_pawn_clearing = offsets["pawn_clearing"]
        self.o_pawn_forest = offsets["pawn_forest"]
        self.o_place = array("i", [offsets[name] for name in ("items_track", "items_ready", "items_exhausted",
                                                               "items_damaged", "items_damaged_exhausted")])
        self.o_quest_deck = offsets["quest_deck"]
        self.o_quests_shown = offsets["quests_shown"]
        self.o_quests_done = offsets["quests_done"]
        self.o_relationship = offsets["relationship"]
        self.o_hostile = offsets["hostile"]
        self.o_aids = offsets["aids"]
        self.o_coalition = offsets["coalition"]
        self.o_battle_ally = offsets["battle_ally"]
        self.o_ally_hits = offsets["ally_hits"]
        self.o_item_hits = offsets["item_hits"]
        self.o_improvised = offsets["improvised"]
        self.o_swift_strikes = offsets["swift_strikes"]
        self.o_protector = offsets["protector"]
        self.o_instigator = offsets["instigator"]
        self.o_scorched = offsets["scorched"]
        self.forest_border = arrays["forest_border"]
        self.forest_near = arrays["forest_near"]
        self.quest_suit = arrays["quest_suit"]
        self.quest_items = arrays["quest_items"]
        self.item_on_track = arrays["item_on_track"]
        self.item_ruin = arrays["item_ruin"]
        self.power_refresh = arrays["item_refresh"]
        self.power_draw = arrays["item_draw"]
        self.power_capacity = arrays["item_capacity"]
        self.power_crafting = arrays["item_crafting"]
        self.power_hits = arrays["item_hit"]
        self.character_items = arrays["character_items"]
        self.character_cost = arrays["character_cost"]
        self.character_played = arrays["character_played"]
        self.relationship_aids = arrays["relationship_aids"]
        self.relationship_vp = arrays["relationship_vp"]
        self.allied_space = len(arrays["relationship_vp"]) - 1
        self.track_capacity = numbers["vagabond_track_capacity"]
        self.refresh_base = numbers["vagabond_refresh"]
        self.item_capacity = numbers["vagabond_item_capacity"]
        self.coalition_players = numbers["vagabond_coalition_players"]
        self.full_removal_damage = numbers["vagabond_full_removal_damage"]
        self.allied_aid_points = numbers["vagabond_allied_aid_points"]
        self.infamy_points = numbers["vagabond_infamy_points"]
        self.hostile_move_items = numbers["vagabond_hostile_move_items"]
        self.quests_shown = numbers["vagabond_quests_shown"]
        self.ruin_items = numbers["vagabond_ruin_items"]
        self.explore_points = numbers["vagabond_explore_points"]
        self.quest_points = numbers["vagabond_quest_points"]
        self.quest_cards = numbers["vagabond_quest_cards"]
        self.hideout_repairs = numbers["vagabond_hideout_repairs"]
        self.protector_points = numbers["vagabond_protector_points"]
        self.swift_strike_hits = numbers["vagabond_swift_strike_hits"]
        self.improvisations = numbers["vagabond_improvisations"]
        self.cost_move = numbers["cost_move"]
        self.cost_battle = numbers["cost_battle"]
        self.cost_explore = numbers["cost_vagabond_explore"]
        self.cost_strike = numbers["cost_vagabond_strike"]
        self.cost_repair = numbers["cost_vagabond_repair"]
        self.vagrant = int(tables.game.get("character", "vagrant").id)
        self.scoundrel = int(tables.game.get("character", "scoundrel").id)
        self.thief = int(tables.game.get("character", "thief").id)
        self.tinker = int(tables.game.get("character", "tinker").id)
        self.ranger = int(tables.game.get("character", "ranger").id)
        self.arbiter = int(tables.game.get("character", "arbiter").id)
        self.adventurer = int(tables.game.get("character", "adventurer").id)
        self.ronin = int(tables.game.get("character", "ronin").id)
        self.harrier = int(tables.game.get("character", "harrier").id)

    # --- where he is --------------------------------------------------------------------------------------------

    def is_vagabond(self, e: RootCore, seat: cython.int) -> cython.bint:
        return seat >= 0 and e.faction(seat) == e.f_vagabond

    def clearing(self, e: RootCore, seat: cython.int) -> cython.int:
        """The pawn's clearing; -1 in a forest."""
        return e.cells[self.o_pawn_clearing + seat]

    def forest(self, e: RootCore, seat: cython.int) -> cython.int:
        return e.cells[self.o_pawn_forest + seat]

    def go(self, e: RootCore, seat: cython.int, place: cython.int) -> None:
        """The pawn to a clearing, or to a forest (the clearings' count plus its index)."""
        if place < e.clearings:
            e.cells[self.o_pawn_clearing + seat] = place
            e.cells[self.o_pawn_forest + seat] = -1
        else:
            e.cells[self.o_pawn_clearing + seat] = -1
            e.cells[self.o_pawn_forest + seat] = place - e.clearings

    def borders(self, forest: cython.int, clearings: cython.int, clearing: cython.int) -> cython.bint:
        return self.forest_border[forest * clearings + clearing] != 0

    def character(self, e: RootCore, seat: cython.int) -> cython.int:
        return e.cells[self.o_character + seat]

    def with_character(self, e: RootCore, character: cython.int, clearing: cython.int) -> cython.int:
        """The seat of the Vagabond playing this character in the clearing, or -1."""
        seat: cython.int
        for seat in range(e.players()):
            if self.is_vagabond(e, seat) and self.character(e, seat) == character \
                    and self.clearing(e, seat) == clearing:
                return seat
        return -1

    # --- items --------------------------------------------------------------------------------------------------

    def count(self, e: RootCore, seat: cython.int, place: cython.int, item: cython.int) -> cython.int:
        return e.cells[self.o_place[place] + seat * self.nitems + item]

    def add(self, e: RootCore, seat: cython.int, place: cython.int, item: cython.int, n: cython.int) -> None:
        e.cells[self.o_place[place] + seat * self.nitems + item] += n

    def face_up(self, e: RootCore, seat: cython.int, item: cython.int) -> cython.int:
        """Face-up undamaged items of a kind: what an action can exhaust (9.2.5)."""
        return self.count(e, seat, TRACK, item) + self.count(e, seat, READY, item)

    def total(self, e: RootCore, seat: cython.int, place: cython.int) -> cython.int:
        i: cython.int
        n: cython.int = 0
        for i in range(self.nitems):
            n += self.count(e, seat, place, i)
        return n

    def carried(self, e: RootCore, seat: cython.int) -> cython.int:
        """Items in the satchel and the Damaged box: what the item capacity counts (9.6.4)."""
        return (self.total(e, seat, READY) + self.total(e, seat, EXHAUSTED) + self.total(e, seat, DAMAGED)
                + self.total(e, seat, DAMAGED_EXHAUSTED))

    def track_power(self, e: RootCore, seat: cython.int, power: cython.int[::1]) -> cython.int:
        """What the face-up items on his tracks give (9.4.1, 9.6.2, 9.6.4)."""
        i: cython.int
        n: cython.int = 0
        for i in range(self.nitems):
            n += self.count(e, seat, TRACK, i) * power[i]
        return n

    def capacity(self, e: RootCore, seat: cython.int) -> cython.int:
        return self.item_capacity + self.track_power(e, seat, self.power_capacity)

    def gain(self, e: RootCore, seat: cython.int, item: cython.int) -> None:
        """An item taken face up, into the satchel or onto its track (9.2.1, 9.5.3, 9.5.4)."""
        self.add(e, seat, READY, item, 1)
        self.settle(e, seat)

    def settle(self, e: RootCore, seat: cython.int) -> None:
        """Face-up undamaged track items in the satchel go onto their track while it has room: the free move of
        9.2.5.III, taken whenever it helps (a track item counts toward nothing there and gives its power)."""
        i: cython.int
        for i in range(self.nitems):
            while self.item_on_track[i] and self.count(e, seat, READY, i) > 0 \
                    and self.count(e, seat, TRACK, i) < self.track_capacity:
                self.add(e, seat, READY, i, -1)
                self.add(e, seat, TRACK, i, 1)

    def exhaust(self, e: RootCore, seat: cython.int, item: cython.int, n: cython.int) -> None:
        """Turns n face-up items of a kind face down; one exhausted on a track goes to the satchel (9.5)."""
        while n > 0:
            if self.count(e, seat, READY, item) > 0:
                self.add(e, seat, READY, item, -1)
            else:
                self.add(e, seat, TRACK, item, -1)
            self.add(e, seat, EXHAUSTED, item, 1)
            n -= 1
        self.settle(e, seat)

    def take_from(self, e: RootCore, seat: cython.int, code: cython.int) -> cython.int:
        """Takes the item a decision named off the board; returns its kind."""
        place: cython.int = code // self.nitems
        item: cython.int = code % self.nitems
        if place == READY and self.count(e, seat, READY, item) == 0:
            place = TRACK
        self.add(e, seat, place, item, -1)
        return item

    def damage(self, e: RootCore, seat: cython.int, code: cython.int) -> None:
        """An undamaged item to the Damaged box, on the side it shows (9.2.7)."""
        exhausted: cython.bint = code // self.nitems == EXHAUSTED
        item: cython.int = self.take_from(e, seat, code)
        self.add(e, seat, DAMAGED_EXHAUSTED if exhausted else DAMAGED, item, 1)
        self.settle(e, seat)

    def repair(self, e: RootCore, seat: cython.int, code: cython.int) -> None:
        """A damaged item back to the satchel or its track, on the side it shows (9.5.7)."""
        exhausted: cython.bint = code // self.nitems == DAMAGED_EXHAUSTED
        item: cython.int = self.take_from(e, seat, code)
        self.add(e, seat, EXHAUSTED if exhausted else READY, item, 1)
        self.settle(e, seat)

    def refresh(self, e: RootCore, seat: cython.int, code: cython.int) -> None:
        """An exhausted item turned face up where it is (9.4.1)."""
        damaged: cython.bint = code // self.nitems == DAMAGED_EXHAUSTED
        item: cython.int = self.take_from(e, seat, code)
        self.add(e, seat, DAMAGED if damaged else READY, item, 1)
        self.settle(e, seat)

    def item_options(self, e: RootCore, seat: cython.int, place: cython.int) -> cython.int:
        """An option for each kind of item in a place (READY: face up and undamaged); returns how many."""
        i: cython.int
        n: cython.int = 0
        for i in range(self.nitems):
            if (self.face_up(e, seat, i) if place == READY else self.count(e, seat, place, i)) > 0:
                e.option(place * self.nitems + i)
                n += 1
        return n

    def swords(self, e: RootCore, seat: cython.int) -> cython.int:
        """Undamaged swords in the satchel, face up or down: his most rolled hits (9.2.6)."""
        i: cython.int
        n: cython.int = 0
        for i in range(self.nitems):
            n += (self.count(e, seat, READY, i) + self.count(e, seat, EXHAUSTED, i)) * self.power_hits[i]
        return n

    def armed(self, e: RootCore, seat: cython.int) -> cython.bint:
        """An undamaged sword anywhere: without one he is defenseless (9.2.4)."""
        i: cython.int
        for i in range(self.nitems):
            if self.power_hits[i] and self.face_up(e, seat, i) + self.count(e, seat, EXHAUSTED, i) > 0:
                return True
        return False

    def crafting_pieces(self, e: RootCore, seat: cython.int, suit: cython.int) -> cython.int:
        """Face-up hammers, all of his clearing's suit (9.2.1); none in a forest."""
        i: cython.int
        n: cython.int = 0
        if self.clearing(e, seat) < 0 or e.suit_of(self.clearing(e, seat)) != suit:
            return 0
        for i in range(self.nitems):
            n += self.face_up(e, seat, i) * self.power_crafting[i]
        return n

    def pay_craft(self, e: RootCore, seat: cython.int, card: cython.int) -> None:
        """Exhausts a hammer per icon of the cost (9.5.8)."""
        s: cython.int
        i: cython.int
        icons: cython.int = 0
        for s in range(4):
            icons += e.card_cost[card * 4 + s]
        for i in range(self.nitems):
            while icons > 0 and self.power_crafting[i] and self.face_up(e, seat, i) > 0:
                self.exhaust(e, seat, i, 1)
                icons -= 1

    # --- relationships (9.2.9) ----------------------------------------------------------------------------------

    def hostile(self, e: RootCore, other: cython.int) -> cython.bint:
        return e.cells[self.o_hostile + other] != 0

    def allied(self, e: RootCore, other: cython.int) -> cython.bint:
        return not self.hostile(e, other) and e.cells[self.o_relationship + other] == self.allied_space

    def aided(self, e: RootCore, seat: cython.int, other: cython.int) -> None:
        """An Aid counts once toward the next space of the track, reached with its aids in one turn; an Allied
        player's aid scores instead; a Hostile player's, nothing (9.2.9.I-III)."""
        space: cython.int = e.cells[self.o_relationship + other]
        if self.hostile(e, other):
            return
        if space == self.allied_space:
            e.score(seat, self.allied_aid_points)
            return
        e.cells[self.o_aids + other] += 1
        if e.cells[self.o_aids + other] >= self.relationship_aids[space + 1]:
            e.cells[self.o_aids + other] = 0
            e.cells[self.o_relationship + other] = space + 1
            e.score(seat, self.relationship_vp[space + 1])

    def removed(self, e: RootCore, by: cython.int, victim: cython.int, warrior: cython.bint,
                in_battle: cython.bint) -> None:
        """He removed a piece: a warrior of a player not Hostile makes them Hostile at once; any piece of a
        Hostile player removed in battle in his turn scores Infamy (9.2.9.III)."""
        if not self.is_vagabond(e, by) or victim == by:
            return
        if warrior and not self.hostile(e, victim):
            e.cells[self.o_hostile + victim] = 1
            e.cells[self.o_aids + victim] = 0
        elif in_battle and self.hostile(e, victim) and e.active() == by:
            e.score(by, self.infamy_points)

    def coalition_partner(self, e: RootCore, seat: cython.int) -> cython.int:
        return e.cells[self.o_coalition + seat]
