"""The board of a game of Vindication: the island (the medallions, the slots and their regions, the bag, the wishing
well's tokens), the count of a player's cubes and the rule hooks of the cards held, over the cards of decks.py."""

from __future__ import annotations

from typing import Any

import cython  # type: ignore[import-untyped]

from .decks import VindicationDecks

C_VISIT_HONOUR = cython.declare(cython.int, 21)
R_BLOCK_OTHERS_HONOUR = cython.declare(cython.int, 8)
"""A constant (core.num) and a rule hook (core.rule) by their places in tables.py."""
H_ADREN = cython.declare(cython.int, 0)
H_ONETH = cython.declare(cython.int, 5)
"""A card's rule hook (tables.py HOOKS)."""
RONAK_DEFEATED = cython.declare(cython.int, 2)
"""The Mythes et Merveilles record's phase once Ronak is defeated (myths.py)."""
ACTIVATED = cython.declare(cython.int, 1)
TAKEN = cython.declare(cython.int, 42)
"""The turn's record: the card activated + 2; the regions taken this turn."""
F_DIPLOMATIE = cython.declare(cython.int, 1)
"""A guild favour placement (tables.py FAVOURS): diplomacy shares a visit's honour (L3209)."""


@cython.cclass
class VindicationBoard(VindicationDecks):
    """The island, the cubes in play and the cards' rule hooks, over the cards: what the rule modules move and read."""

    def __init__(self, cells: Any, ctl: Any, plan: Any, vmframe: Any, tables: Any) -> None:
        """The modules' pieces about the island read too: the guild favour tokens and monuments (Guildes), Ronak
        and his board (Mythes et Merveilles)."""
        VindicationDecks.__init__(self, cells, ctl, plan, vmframe, tables)
        n: dict[str, int] = tables.numbers
        a: dict[str, Any] = tables.arrays
        self.k_favour = n["k_favour"]
        self.k_fortified = n["k_fortified"]
        self.k_monument = n["k_monument"]
        self.monument_size = n["monument_size"]
        self.monument_attributes = n["monument_attribute_slots"]
        self.monument_aptitudes = n["monument_aptitude_slots"]
        self.monument_convictions = n["monument_conviction_slots"]
        self.favour_step = n["favour_step"]
        self.favour_per_turn = n["favour_per_turn"]
        self.favour_on = a["favour_on"]
        self.favour_n = a["favour_n"]
        self.k_myths = n["k_myths"]
        self.ronak_slot = n["ronak_slot"]
        self.ronak_cubes = n["ronak_cubes"]
        self.tuuk_region = n["tuuk_region"]
        self.myths_spheres = n["myths_spheres"]
        self.k_myths_spheres = n["k_myths_spheres"]

    def cubes_of(self, seat: cython.int) -> cython.int:
        """Every cube of a player's colour in play: the conservation law's total (L3419: 21); the regions',
        the speed tile's (Canons d'avant-bras), the Mythes et Merveilles board's (myths.py) and a monument's
        (guilds.py) included."""
        total: cython.int = self.sphere(0, seat) + self.sphere(1, seat) + self.sphere(2, seat)
        i: cython.int
        for i in range(self.nattributes):
            total += self.attr(i, seat)
        for i in range(self.ncards):
            if self.owner(i) == seat and self.zone(i) == self.zone_party + seat:
                total += self.card_cubes(i)
        for i in range(self.nslots):
            if self.cells[self.k_slot_owner + i] == seat:
                total += 1
        for i in range(self.myths_spheres):
            if self.cells[self.k_myths_spheres + i] == seat + 1:
                total += 1
        for i in range(self.nattributes):  # a monument being rebuilt (Guildes, L3243)
            total += self.cells[self.k_monument + seat * self.monument_size + i]
        return total + self.cells[self.k_speed_cubes + seat] \
            + self.cells[self.k_monument + seat * self.monument_size + 2 * self.nattributes]

    # --- the island --------------------------------------------------------------------------------------------

    def show_wish(self) -> None:
        """A wish token drawn at random among those beside the board, face up on the Puits (L3113, L3121)."""
        hidden: cython.int = 0
        i: cython.int
        pick: cython.int
        for i in range(self.nwishes):
            if self.cells[self.k_wish + i] == 0:
                hidden += 1
        if hidden == 0:
            return
        pick = self.roll(hidden)
        for i in range(self.nwishes):
            if self.cells[self.k_wish + i] == 0:
                if pick == 0:
                    self.cells[self.k_wish + i] = 1
                    return
                pick -= 1

    def pos(self, seat: cython.int) -> cython.int:
        return self.cells[self.k_pos + seat]

    def slot_region(self, slot: cython.int) -> cython.int:
        return self.cells[self.k_slot + slot]

    def slot_owner(self, slot: cython.int) -> cython.int:
        return self.cells[self.k_slot_owner + slot]

    def adjacent_slot(self, seat: cython.int, slot: cython.int) -> cython.bint:
        """The slot touches the player's space (a space touches 3 slots, L2328)."""
        at: cython.int = self.pos(seat)
        i: cython.int
        for i in range(3):
            if self.space_slots[at * 3 + i] == slot:
                return True
        return False

    def within(self, start: cython.int, goal: cython.int, n: cython.int) -> cython.bint:
        """`goal` is at most n spaces from `start` along the island's paths."""
        i: cython.int
        nxt: cython.int
        if start == goal:
            return True
        if n <= 0:
            return False
        for i in range(3):
            nxt = self.space_next[start * 3 + i]
            if nxt >= 0 and self.within(nxt, goal, n - 1):
                return True
        return False

    def beside(self, seat: cython.int, other: cython.int) -> cython.bint:
        """The two medallions stand on spaces next to each other (the island's paths, either way): adjacent
        players (Traîtrise)."""
        i: cython.int
        for i in range(3):
            if self.space_next[self.pos(seat) * 3 + i] == self.pos(other) \
                    or self.space_next[self.pos(other) * 3 + i] == self.pos(seat):
                return True
        return False

    def has_neighbour(self, seat: cython.int) -> cython.bint:
        other: cython.int
        for other in range(self.players()):
            if other != seat and self.beside(seat, other):
                return True
        return False

    def occupied(self, space: cython.int, seat: cython.int) -> cython.bint:
        """Another player's medallion stands there (L310: one may pass through, not stop); anyone's for seat -1."""
        other: cython.int
        for other in range(self.players()):
            if other != seat and self.pos(other) == space:
                return True
        return False

    def set_control(self, slot: cython.int, seat: cython.int) -> None:
        """The slot's region controlled by `seat` (-1: nobody); the content's `controlled` counts follow."""
        region: cython.int = self.slot_region(slot)
        before: cython.int = self.slot_owner(slot)
        if before >= 0:
            self.cells[self.o_controlled + region * self.seats + before] -= 1
        self.cells[self.k_slot_owner + slot] = seat
        if seat >= 0:
            self.cells[self.o_controlled + region * self.seats + seat] += 1

    def bag_left(self) -> cython.int:
        """The region tiles still in the bag."""
        total: cython.int = 0
        r: cython.int
        for r in range(self.nregions):
            total += self.cells[self.k_bag + r]
        return total

    def draw_region(self, slot: cython.int) -> None:
        """A region drawn from the bag at random, standard side up (L219); an empty bag leaves the slot empty."""
        total: cython.int = self.bag_left()
        r: cython.int
        pick: cython.int
        if total == 0:
            return
        pick = self.roll(total)
        for r in range(self.nregions):
            if pick < self.cells[self.k_bag + r]:
                self.cells[self.k_bag + r] -= 1
                self.cells[self.k_slot + slot] = r
                return
            pick -= self.cells[self.k_bag + r]

    def discover_around(self, seat: cython.int) -> None:
        """The regions beside a medallion at setup (L219)."""
        i: cython.int
        slot: cython.int
        for i in range(3):
            slot = self.space_slots[self.pos(seat) * 3 + i]
            if slot >= 0 and self.slot_region(slot) < 0:
                self.draw_region(slot)

    def region_possible(self, region: cython.int, seat: cython.int) -> cython.bint:
        """A repeatable region's action can do something more (tables.py `region_need`): 1 a power cube to
        augment, 2 a faster mount left, 3 a companion with influence cubes on it."""
        need: cython.int = self.region_need[region]
        i: cython.int
        if need == 1:
            return self.can_exalt(seat)
        if need == 2:
            return self.cells[self.o_mount + seat] + 1 < self.mounts
        if need == 3:
            for i in range(self.ncards):
                if self.card_kind[i] == 0 and self.owns(seat, i) and self.card_cubes(i) > 0:
                    return True
            return False
        return True

    def honour_visit(self, seat: cython.int, slot: cython.int) -> None:
        """A visit to another player's region honours them (L454-455), unless a power of the visitor's turn
        blocks it (rule hook block_others_honour: Zinh, L1203)."""
        owner: cython.int = self.slot_owner(slot)
        diplomat: cython.int = self.favour_at(F_DIPLOMATIE, slot)
        shared: cython.int = self.num(C_VISIT_HONOUR) // 2
        if owner >= 0 and owner != seat and self.rule(R_BLOCK_OTHERS_HONOUR) == 0:
            if diplomat >= 0 and diplomat != owner:  # a guild's diplomacy shares it (L3209)
                self.gain_honour(owner, self.num(C_VISIT_HONOUR) - shared)
                self.gain_honour(diplomat, shared)
            else:
                self.gain_honour(owner, self.num(C_VISIT_HONOUR))

    def favour_at(self, placement: cython.int, target: cython.int) -> cython.int:
        """The seat whose guild favour token acts on this placement and target (Guildes, L3189), else -1."""
        seat: cython.int
        for seat in range(self.players()):
            if self.cells[self.k_favour + seat * 3] == placement + 1 and self.cells[self.k_favour + seat * 3 + 1] \
                    == target and self.cells[self.k_favour + seat * 3 + 2]:
                return seat
        return -1

    def activated_hook(self, seat: cython.int, hook: cython.int) -> cython.int:
        """The n of the companion the seat activated this turn if its power is this rule hook (tables.py HOOKS:
        Adren, Grenn), else -1."""
        card: cython.int = self.turn_flag(ACTIVATED) - 2
        if card >= 0 and self.card_hook[card] == hook and self.owns(seat, card):
            return self.card_hook_n[card]
        return -1

    def held_hook(self, seat: cython.int, hook: cython.int) -> cython.int:
        """The n of a card the seat holds whose power is this rule hook (Résilience), else -1."""
        card: cython.int
        for card in range(self.ncards):
            if self.card_hook[card] == hook and self.owns(seat, card):
                return self.card_hook_n[card]
        return -1

    def pet_hook(self, seat: cython.int, hook: cython.int, master: cython.int) -> cython.int:
        """The n of a pet of the seat's whose power is this rule hook, bound to `master` (to any companion of the
        seat's when -1), else -1: a passive pet power acts while the pet and its master are in the party (L3077)."""
        pet: cython.int
        bound: cython.int
        if not self.pets_in_game:
            return -1
        for pet in range(self.ncards):
            if self.card_hook[pet] == hook and self.owns(seat, pet):
                bound = self.cells[self.k_pet_master + pet] - 1
                if bound >= 0 and self.owns(seat, bound) and (master < 0 or bound == master):
                    return self.card_hook_n[pet]
        return -1

    def protected(self, slot: cython.int) -> cython.bint:
        """Nobody else may take this region: its controller fortified it (Guildes, L3197), or holds Oneth and
        stands beside it (L1606)."""
        owner: cython.int = self.slot_owner(slot)
        if owner >= 0 and self.cells[self.k_fortified + slot] == owner + 1:
            return True
        return owner >= 0 and self.held_hook(owner, H_ONETH) >= 0 and self.adjacent_slot(owner, slot)

    def took_region(self, seat: cython.int) -> None:
        """A region taken this turn, by the control action or a power; the first gains Adren's honour if he is
        the companion activated (L996)."""
        n: cython.int = self.activated_hook(seat, H_ADREN)
        self.set_turn_flag(TAKEN, self.turn_flag(TAKEN) + 1)
        if self.turn_flag(TAKEN) == 1 and n > 0:
            self.gain_honour(seat, n)

    def visit_left(self, seat: cython.int) -> cython.bint:
        """The turn's visit (or rest) is still to take: its budget (tables.py: budget 0)."""
        return self.budget(0) > 0

    def regions_scored(self, seat: cython.int) -> cython.int:
        """The regions the player controls at the end that score: not one under a treachery cube (Sidney)."""
        n: cython.int = 0
        i: cython.int
        for i in range(self.nslots):
            if self.slot_owner(i) == seat and self.cells[self.k_treachery_slot + i] == 0:
                n += 1
        return n

    def ronak_lair(self, slot: cython.int) -> cython.bint:
        """Ronak's slot until he is defeated: nobody visits it (L3328, L3380)."""
        return self.ronak_cubes > 0 and slot == self.ronak_slot and self.cells[self.k_myths] != RONAK_DEFEATED

    def regions_of(self, seat: cython.int) -> cython.int:
        n: cython.int = 0
        i: cython.int
        for i in range(self.nslots):
            if self.slot_owner(i) == seat:
                n += 1
        return n
