"""What every Root faction plays by: the map and who rules it, pieces, cards, crafting, moves, battles, scoring
and victory (the Law, chapters 1 to 5), over the flat state.

The faction modules (marquise.py, eyrie.py …) build on this class; engine.py puts them together. Every number
comes from the tables (`tables.py`, read from the content). Cython compiles this module (core.pxd types it).
"""

from __future__ import annotations

from array import array
from typing import Any

import cython  # type: ignore[import-untyped]

from ..kernel.engine import Engine

# Decisions a Root procedure asks; the option values are what the name says.
CLEARING = cython.declare(cython.int, 10)
SEAT = cython.declare(cython.int, 11)
CARD = cython.declare(cython.int, 12)
NUMBER = cython.declare(cython.int, 13)
PIECE = cython.declare(cython.int, 14)
YES_NO = cython.declare(cython.int, 15)
LEADER = cython.declare(cython.int, 16)
COLUMN = cython.declare(cython.int, 17)
FACTION = cython.declare(cython.int, 18)
ITEM_CHOICE = cython.declare(cython.int, 40)
CHARACTER = cython.declare(cython.int, 41)
QUEST = cython.declare(cython.int, 42)
PLACE = cython.declare(cython.int, 43)
"""A clearing (its index) or a forest (the clearings' count plus its index): where the Vagabond's pawn goes."""

# Moments of a battle a faction's rule may act at (`battle_step`).
DECLARED = cython.declare(cython.int, 0)
BEFORE_ROLL = cython.declare(cython.int, 1)
ROLLED = cython.declare(cython.int, 2)

# Card kinds (tables.CARD_KINDS) and suits: their order in the content.
AMBUSH = cython.declare(cython.int, 0)
DOMINANCE = cython.declare(cython.int, 1)
ITEM = cython.declare(cython.int, 2)
IMMEDIATE = cython.declare(cython.int, 3)
PERSISTENT = cython.declare(cython.int, 4)
ANY_SUIT = cython.declare(cython.int, 3)

# Ways to win, as `result()` names them.
BY_POINTS = cython.declare(cython.int, 0)
BY_DOMINANCE = cython.declare(cython.int, 1)

VICTORIES = ("points", "dominance")
DECISIONS = {"clearing": CLEARING, "seat": SEAT, "card": CARD, "number": NUMBER, "piece": PIECE, "yes_no": YES_NO,
             "leader": LEADER, "column": COLUMN, "faction": FACTION, "item": ITEM_CHOICE, "character": CHARACTER,
             "quest": QUEST, "place": PLACE}


def padded(rows: list[Any], width: int) -> array[int]:
    """Rows of a table laid end to end, each padded with zeros to the same width."""
    return array("i", [value for row in rows for value in (list(row) + [0] * (width - len(row)))])


@cython.cclass
class RootCore(Engine):
    """The Root engine's shared rules. `tables` is a runtime.root.tables.RootTables."""

    def __init__(self, cells: array[int], ctl: array[int], plan: array[int], vmframe: array[int],
                 tables: Any) -> None:
        Engine.__init__(self, cells, ctl, plan, vmframe, tables)
        arrays = tables.arrays
        dims = tables.dims
        numbers = tables.numbers
        offsets = tables.offsets
        self.clearings = dims["clearings"]
        self.ncards = dims["cards"]
        self.nitems = dims["items"]
        self.seats = dims["seats"]
        self.nsuits = dims["suits"]
        self.paths = arrays["paths"]
        self.slots = arrays["slots"]
        self.corner = arrays["corner"]
        self.opposite = arrays["opposite"]
        self.card_suit = arrays["card_suit"]
        self.card_kind = arrays["card_kind"]
        self.card_item = arrays["card_item"]
        self.card_vp = arrays["card_vp"]
        self.card_cost = arrays["card_cost"]
        self.card_craftable = arrays["card_craftable"]
        self.die_faces = arrays["die_faces"]
        self.victory_points = numbers["victory_points"]
        self.hand_limit = numbers["hand_limit"]
        self.evening_draw_cards = numbers["evening_draw"]
        self.dominance_points = numbers["dominance_points"]
        self.dominance_clearings = numbers["dominance_clearings"]
        self.ambush_hits = numbers["ambush_hits"]
        self.defenseless_hits = numbers["defenseless_hits"]
        self.enemy_piece_points = numbers["enemy_piece_points"]
        self.battle_dice = numbers["battle_dice"]
        self.o_seated = offsets["seated"]
        self.o_score = offsets["score"]
        self.o_faction = offsets["faction_of"]
        self.o_suit = offsets["clearing_suit"]
        self.o_warriors = offsets["warriors"]
        self.o_supply = offsets["warrior_supply"]
        self.o_wood = offsets["wood"]
        self.o_wood_supply = offsets["wood_supply"]
        self.o_roosts = offsets["roosts"]
        self.o_keep = offsets["keep"]
        self.o_ruins = offsets["ruins"]
        self.o_ruin_items = offsets["ruin_items"]
        self.o_deck = offsets["deck"]
        self.o_discard = offsets["discard_pile"]
        self.o_hand = offsets["hand"]
        self.o_play_area = offsets["play_area"]
        self.o_dominance_available = offsets["dominance_available"]
        self.o_dominance_card = offsets["dominance_card"]
        self.o_items_supply = offsets["items_supply"]
        self.o_crafted_items = offsets["crafted_items"]
        self.o_crafting_used = offsets["crafting_used"]
        self.o_removed = offsets["removed_this_battle"]
        self.o_corner_field = offsets["corner"]
        self.o_opposite_field = offsets["opposite_corner"]
        self.npieces = dims["pieces"]
        self.piece_faction = arrays["piece_faction"]
        self.piece_building = arrays["piece_building"]
        self.piece_field = arrays["piece_field"]
        self.piece_return = arrays["piece_return"]
        self.piece_crafts = arrays["piece_crafts"]
        self.seen = array("i", [0] * self.clearings)
        self.todo = array("i", [0] * self.clearings)
        self.m_warriors = arrays["marquise_warrior_count"][0]
        self.m_wood = arrays["marquise_wood_count"][0]
        self.m_garrison = numbers["marquise_garrison"]
        buildings = ("sawmill", "workshop", "recruiter")
        self.track_len = max(len(arrays[f"marquise_{b}_cost"]) for b in buildings)
        self.m_total = array("i", [arrays[f"marquise_{b}_count"][0] for b in buildings])
        self.m_rows = array("i", [tables.piece(f"marquise/{b}") for b in buildings])
        self.m_cost = padded([arrays[f"marquise_{b}_cost"] for b in buildings], self.track_len)
        self.m_vp = padded([arrays[f"marquise_{b}_vp"] for b in buildings], self.track_len)
        self.m_draw = padded([arrays[f"marquise_{b}_draw"] for b in buildings], self.track_len)
        self.eyrie_warriors = arrays["eyrie_warrior_count"][0]
        self.eyrie_roosts = arrays["eyrie_roost_count"][0]
        self.eyrie_start = numbers["eyrie_starting_warriors"]
        self.eyrie_new_roost = numbers["eyrie_new_roost_warriors"]
        self.decree_cards = numbers["eyrie_decree_cards"]
        self.decree_birds = numbers["eyrie_decree_birds"]
        self.turmoil_points = numbers["eyrie_turmoil_points"]
        self.eyrie_item_points = numbers["eyrie_item_points"]
        self.eyrie_recruit = numbers["eyrie_recruit"]
        self.charismatic_recruit = numbers["charismatic_recruit"]
        self.commander_hits = numbers["commander_hits"]
        self.despot_points = numbers["despot_points"]
        self.nleaders = dims["leaders"]
        self.leader_viziers = arrays["leader_viziers"]
        self.builder = tables.leader_index("builder")
        self.charismatic = tables.leader_index("charismatic")
        self.commander = tables.leader_index("commander")
        self.despot = tables.leader_index("despot")
        self.o_leader = offsets["leader"]
        self.o_leader_deposed = offsets["leader_deposed"]
        columns = ("recruit", "move", "battle", "build")
        self.o_decree = array("i", [offsets[f"decree_{column}"] for column in columns])
        self.o_viziers = array("i", [offsets[f"viziers_{column}"] for column in columns])
        self.p_move = tables.procedure("move")
        self.p_battle = tables.procedure("battle")
        self.p_remove_hits = tables.procedure("remove_hits")
        self.p_turmoil = tables.procedure("turmoil")
        self.p_field_hospitals = tables.procedure("field_hospitals")
        self.card_effect = arrays["card_effect"]
        self.f_marquise = tables.faction_index("marquise")
        self.f_eyrie = tables.faction_index("eyrie")
        self.f_alliance = tables.faction_index("alliance")
        self.f_vagabond = tables.faction_index("vagabond")

    # --- seats and factions ----------------------------------------------------------------------------------

    def faction(self, seat: cython.int) -> cython.int:
        return self.cells[self.o_faction + seat]

    def seat_of(self, faction: cython.int) -> cython.int:
        """The seat playing a faction, or -1."""
        seat: cython.int
        for seat in range(self.players()):
            if self.cells[self.o_faction + seat] == faction:
                return seat
        return -1

    def role_of(self, seat: cython.int) -> cython.int:
        return self.cells[self.o_faction + seat]

    def eyrie_recruits(self, seat: cython.int) -> cython.int:
        """Warriors a Decree recruit places: more under the Charismatic (7.8.2)."""
        if self.cells[self.o_leader + seat] == self.charismatic:
            return self.charismatic_recruit
        return self.eyrie_recruit

    # --- the map -------------------------------------------------------------------------------------------------

    def adjacent(self, a: cython.int, b: cython.int) -> cython.bint:
        return self.paths[a * self.clearings + b] != 0

    def suit_of(self, clearing: cython.int) -> cython.int:
        return self.cells[self.o_suit + clearing]

    def warriors(self, clearing: cython.int, seat: cython.int) -> cython.int:
        return self.cells[self.o_warriors + clearing * self.seats + seat]

    def add_warriors(self, clearing: cython.int, seat: cython.int, n: cython.int) -> None:
        self.cells[self.o_warriors + clearing * self.seats + seat] += n

    def supply(self, seat: cython.int) -> cython.int:
        return self.cells[self.o_supply + seat]

    def place_warriors(self, clearing: cython.int, seat: cython.int, n: cython.int) -> cython.int:
        """Up to n warriors from the supply (4.4: as many as there are), none in a closed clearing; returns how
        many."""
        placed: cython.int = 0 if self.closed(clearing) else min(n, self.cells[self.o_supply + seat])
        if placed > 0:
            self.cells[self.o_supply + seat] -= placed
            self.add_warriors(clearing, seat, placed)
        return placed

    def pieces_of(self, seat: cython.int, clearing: cython.int, building: cython.bint) -> cython.int:
        """The seat's buildings (or tokens) in a clearing (what rule counts besides warriors is buildings, 2.8)."""
        f: cython.int = self.faction(seat)
        r: cython.int
        n: cython.int = 0
        for r in range(self.npieces):
            if self.piece_faction[r] == f and self.piece_building[r] == building:
                n += self.cells[self.piece_field[r] + clearing]
        return n

    def buildings_of(self, seat: cython.int, clearing: cython.int) -> cython.int:
        return self.pieces_of(seat, clearing, True)

    def tokens_of(self, seat: cython.int, clearing: cython.int) -> cython.int:
        return self.pieces_of(seat, clearing, False)

    def buildings_in(self, clearing: cython.int) -> cython.int:
        """Every building in a clearing, ruins included: what fills its slots (2.2.3)."""
        r: cython.int
        n: cython.int = self.cells[self.o_ruins + clearing]
        for r in range(self.npieces):
            if self.piece_building[r]:
                n += self.cells[self.piece_field[r] + clearing]
        return n

    def free_slots(self, clearing: cython.int) -> cython.int:
        """Empty slots a building may fill (2.2.3); none in a closed clearing."""
        if self.closed(clearing):
            return 0
        return self.slots[clearing] - self.buildings_in(clearing)

    def present(self, seat: cython.int, clearing: cython.int) -> cython.bint:
        """The seat has pieces in the clearing (a battle's defender must, 4.3), its pawn included."""
        return (self.warriors(clearing, seat) + self.buildings_of(seat, clearing) + self.tokens_of(seat, clearing)
                + self.pawns(seat, clearing)) > 0

    def rules(self, seat: cython.int, clearing: cython.int) -> cython.bint:
        return self.ruler(clearing) == seat

    def ruler(self, clearing: cython.int) -> cython.int:
        """Who rules a clearing (2.8): most warriors and buildings, nobody on a tie; the Eyrie win ties
        where they have pieces (7.2.2)."""
        best: cython.int = 0
        who: cython.int = -1
        tied: cython.bint = False
        eyrie_tied: cython.bint = False
        seat: cython.int
        total: cython.int
        for seat in range(self.players()):
            total = self.warriors(clearing, seat) + self.buildings_of(seat, clearing)
            if total > best:
                best, who, tied = total, seat, False
                eyrie_tied = self.faction(seat) == self.f_eyrie
            elif total == best and total > 0:
                tied = True
                eyrie_tied = eyrie_tied or self.faction(seat) == self.f_eyrie
        if tied:
            return self.seat_of(self.f_eyrie) if eyrie_tied else -1
        return who

    def ruled_count(self, seat: cython.int, suit: cython.int) -> cython.int:
        """Clearings of a suit (any, with -1) the seat rules."""
        c: cython.int
        n: cython.int = 0
        for c in range(self.clearings):
            if (suit < 0 or self.suit_of(c) == suit) and self.ruler(c) == seat:
                n += 1
        return n

    # --- cards ---------------------------------------------------------------------------------------------------

    def hand_size(self, seat: cython.int) -> cython.int:
        k: cython.int
        n: cython.int = 0
        for k in range(self.ncards):
            n += self.cells[self.o_hand + seat * self.ncards + k]
        return n

    def in_hand(self, seat: cython.int, card: cython.int) -> cython.int:
        return self.cells[self.o_hand + seat * self.ncards + card]

    def matches(self, card: cython.int, suit: cython.int) -> cython.bint:
        """A card can be spent for a suit: its own, or any as a bird (2.1.1)."""
        return self.card_suit[card] == suit or self.card_suit[card] == self.nsuits - 1

    def draw(self, seat: cython.int, n: cython.int) -> cython.int:
        """Draws up to n cards, shuffling the discard pile in when the deck runs out (2.1.2)."""
        drawn: cython.int = 0
        k: cython.int
        while drawn < n:
            k = self.random_deck_card()
            if k < 0:
                self.reshuffle()
                k = self.random_deck_card()
                if k < 0:
                    break
            self.cells[self.o_deck + k] -= 1
            self.cells[self.o_hand + seat * self.ncards + k] += 1
            drawn += 1
        return drawn

    def random_deck_card(self) -> cython.int:
        """A card of the deck at random, each copy alike (the deck is shuffled); -1 when it is empty."""
        total: cython.int = 0
        k: cython.int
        for k in range(self.ncards):
            total += self.cells[self.o_deck + k]
        if total == 0:
            return -1
        pick: cython.int = self.roll(total)
        for k in range(self.ncards):
            pick -= self.cells[self.o_deck + k]
            if pick < 0:
                return k
        return -1

    def reshuffle(self) -> None:
        k: cython.int
        for k in range(self.ncards):
            self.cells[self.o_deck + k] += self.cells[self.o_discard + k]
            self.cells[self.o_discard + k] = 0

    def discard(self, seat: cython.int, card: cython.int) -> None:
        """A card from hand to the discard pile; a dominance card goes beside the board instead (3.3.3)."""
        self.cells[self.o_hand + seat * self.ncards + card] -= 1
        if self.card_kind[card] == DOMINANCE:
            self.cells[self.o_dominance_available + card] = 1
        else:
            self.cells[self.o_discard + card] += 1

    def roll_die(self) -> cython.int:
        return self.die_faces[self.roll(len(self.die_faces))]

    # --- scoring and victory -----------------------------------------------------------------------------------

    def score(self, seat: cython.int, points: cython.int) -> None:
        """Victory points; none once a dominance card is active (3.3.1); the first to the goal wins (3.1)."""
        if self.cells[self.o_dominance_card + seat] >= 0 or self.over():
            return
        self.cells[self.o_score + seat] = max(0, self.cells[self.o_score + seat] + points)
        if self.cells[self.o_score + seat] >= self.victory_points:
            self.finish(seat, BY_POINTS)

    def points(self, seat: cython.int) -> cython.int:
        return self.cells[self.o_score + seat]

    def dominance_won(self, seat: cython.int) -> cython.bint:
        """At the start of Birdsong, an activated dominance card's goal is met (3.3.1)."""
        card: cython.int = self.cells[self.o_dominance_card + seat]
        suit: cython.int
        c: cython.int
        if card < 0:
            return False
        suit = self.card_suit[card]
        if suit != self.nsuits - 1:
            return self.ruled_count(seat, suit) >= self.dominance_clearings
        for c in range(self.clearings):
            if self.corner[c] and self.opposite[c] >= 0 and self.ruler(c) == seat \
                    and self.ruler(self.opposite[c]) == seat:
                return True
        return False

    def turn_started(self, seat: cython.int) -> None:
        c: cython.int
        for c in range(self.nsuits):
            self.cells[self.o_crafting_used + c] = 0
        if self.dominance_won(seat):
            self.finish(seat, BY_DOMINANCE)

    # --- crafting --------------------------------------------------------------------------------------------

    def crafting_pieces(self, seat: cython.int, suit: cython.int) -> cython.int:
        """The seat's crafting pieces of a suit not yet activated this turn (4.1.1)."""
        f: cython.int = self.faction(seat)
        c: cython.int
        r: cython.int
        n: cython.int = 0
        for r in range(self.npieces):
            if self.piece_faction[r] == f and self.piece_crafts[r]:
                for c in range(self.clearings):
                    if self.suit_of(c) == suit:
                        n += self.cells[self.piece_field[r] + c]
        return n - self.cells[self.o_crafting_used + suit]

    def can_craft(self, seat: cython.int, card: cython.int) -> cython.bint:
        """The card is in hand, its cost can be paid with unused crafting pieces, and what it makes can be had:
        an item still in the supply (4.1.2), a persistent effect not already in the play area (4.1.3)."""
        s: cython.int
        spare: cython.int = 0
        left: cython.int
        if not self.card_craftable[card] or self.in_hand(seat, card) == 0:
            return False
        if self.card_kind[card] == ITEM and self.cells[self.o_items_supply + self.card_item[card]] == 0:
            return False
        if self.card_kind[card] == PERSISTENT and self.cells[self.o_play_area + seat * self.ncards + card] > 0:
            return False
        for s in range(ANY_SUIT):
            left = self.crafting_pieces(seat, s) - self.card_cost[card * 4 + s]
            if left < 0:
                return False
            spare += left
        return spare >= self.card_cost[card * 4 + ANY_SUIT]

    def pay_craft(self, seat: cython.int, card: cython.int) -> None:
        """Activates the pieces a cost needs; `any` takes from the suits with the most left over."""
        s: cython.int
        best: cython.int
        need: cython.int = self.card_cost[card * 4 + ANY_SUIT]
        for s in range(ANY_SUIT):
            self.cells[self.o_crafting_used + s] += self.card_cost[card * 4 + s]
        while need > 0:
            best = 0
            for s in range(1, ANY_SUIT):
                if self.crafting_pieces(seat, s) > self.crafting_pieces(seat, best):
                    best = s
            self.cells[self.o_crafting_used + best] += 1
            need -= 1

    # --- what faction rules change (engine.py overrides these) ---------------------------------------------------

    def item_points(self, seat: cython.int, card: cython.int) -> cython.int:
        """What crafting an item scores: the card's points (3.2.2)."""
        return self.card_vp[card]

    def extra_hits(self, seat: cython.int, other: cython.int, attacking: cython.bint) -> cython.int:
        """Extra hits a side deals besides its dice (4.3.2.II)."""
        return 0

    def after_battle(self, attacker: cython.int, defender: cython.int, clearing: cython.int) -> None:
        pass

    def warriors_removed(self, seat: cython.int, clearing: cython.int, n: cython.int) -> None:
        pass

    def draw_bonus(self, seat: cython.int) -> cython.int:
        """Cards a faction draws in Evening besides the rule's (its uncovered draw bonuses)."""
        return 0

    # --- pawns, battles, removals and closed clearings as faction rules change them (engine.py overrides) ---------

    def pawns(self, seat: cython.int, clearing: cython.int) -> cython.int:
        """The seat's pawns in a clearing: pieces that make it present there and can fight, but rule nothing and
        are never removed (the Vagabond, 9.2.2)."""
        return 0

    def rolled_hits_cap(self, seat: cython.int, clearing: cython.int, attacking: cython.bint) -> cython.int:
        """The most hits the seat deals with a die: its warriors in the clearing (4.3.2.I)."""
        return self.warriors(clearing, seat)

    def defenseless(self, seat: cython.int, clearing: cython.int) -> cython.bint:
        """A defender with no warriors in the clearing takes an extra hit (4.3.2.III)."""
        return self.warriors(clearing, seat) == 0

    def battle_step(self, attacker: cython.int, defender: cython.int, clearing: cython.int,
                    moment: cython.int) -> None:
        """A battle reached a moment (DECLARED, BEFORE_ROLL, ROLLED) a faction's rule acts at; it may push a
        procedure, which runs before the battle goes on."""

    def piece_removed(self, by: cython.int, victim: cython.int, clearing: cython.int, warrior: cython.bint,
                      in_battle: cython.bint) -> None:
        """`by` removed one of the victim's pieces, by a battle's hits or otherwise."""

    def closed(self, clearing: cython.int) -> cython.bint:
        """No piece may be placed in the clearing or moved into it any more (the Scoundrel's Scorched Earth,
        E.6.2)."""
        return False

    def instigator(self) -> cython.int:
        """The player who runs the current battle for its sides, choosing the defender and their losses and scoring
        them (the Vagrant's Instigate, E.4.2); -1 while none."""
        return -1

    def pawn_swept(self, seat: cython.int, clearing: cython.int) -> None:
        """An enemy's effect removed every enemy piece of a clearing where the seat's pawn stays (9.2.2.I); it may
        push a procedure."""

    def is_enemy(self, seat: cython.int, other: cython.int) -> cython.bint:
        """Another player, unless in a coalition with the seat (2.7)."""
        return other != seat

    def take_item(self, seat: cython.int, item: cython.int) -> None:
        """An item the seat gains goes to its Crafted Items box (2.5.4)."""
        self.cells[self.o_crafted_items + seat * self.nitems + item] += 1

    # --- removing pieces ---------------------------------------------------------------------------------------

    def piece_count(self, seat: cython.int, clearing: cython.int, piece: cython.int) -> cython.int:
        """How many pieces of a row of the piece tables the seat has in a clearing."""
        if self.piece_faction[piece] != self.faction(seat):
            return 0
        return self.cells[self.piece_field[piece] + clearing]

    def remove_warrior(self, seat: cython.int, clearing: cython.int) -> None:
        """A warrior back to its owner's supply (2.5.1)."""
        self.add_warriors(clearing, seat, -1)
        self.cells[self.o_supply + seat] += 1

    def remove_piece(self, seat: cython.int, clearing: cython.int, piece: cython.int) -> None:
        """A building or token off the map, back to its track or supply, or out of the game (4.4, 6.2.2)."""
        self.cells[self.piece_field[piece] + clearing] -= 1
        if self.piece_return[piece] >= 0:
            self.cells[self.piece_return[piece] + seat] += 1

    # --- what can be done (so that nobody is offered a dead end) ----------------------------------------------

    def move_allowed(self, seat: cython.int, origin: cython.int, to: cython.int) -> cython.bint:
        """A move along a path, ruling the origin or the destination (4.2.1), never into a closed clearing."""
        return self.adjacent(origin, to) and (self.ruler(origin) == seat or self.ruler(to) == seat) \
            and not self.closed(to)

    def can_move_from(self, seat: cython.int, origin: cython.int, suit: cython.int) -> cython.bint:
        d: cython.int
        if self.warriors(origin, seat) == 0 or (suit >= 0 and self.suit_of(origin) != suit):
            return False
        for d in range(self.clearings):
            if self.move_allowed(seat, origin, d):
                return True
        return False

    def can_move(self, seat: cython.int, suit: cython.int) -> cython.bint:
        c: cython.int
        for c in range(self.clearings):
            if self.can_move_from(seat, c, suit):
                return True
        return False

    def battle_targets(self, seat: cython.int, clearing: cython.int) -> cython.int:
        """How many players the seat could battle in a clearing (where it has warriors or its pawn, 4.3)."""
        q: cython.int
        n: cython.int = 0
        if self.warriors(clearing, seat) + self.pawns(seat, clearing) == 0:
            return 0
        for q in range(self.players()):
            if q != seat and self.present(q, clearing):
                n += 1
        return n

    def can_battle(self, seat: cython.int, clearing: cython.int, suit: cython.int) -> cython.bint:
        """A battle is possible somewhere (clearing -1: anywhere; suit -1: any suit)."""
        c: cython.int
        for c in range(self.clearings):
            if (clearing < 0 or c == clearing) and (suit < 0 or self.suit_of(c) == suit) and self.battle_targets(seat, c):
                return True
        return False

    def can_craft_any(self, seat: cython.int) -> cython.bint:
        k: cython.int
        for k in range(self.ncards):
            if self.can_craft(seat, k):
                return True
        return False

    def has_bird(self, seat: cython.int) -> cython.bint:
        k: cython.int
        for k in range(self.ncards):
            if self.in_hand(seat, k) > 0 and self.card_suit[k] == self.nsuits - 1:
                return True
        return False

    def has_card_of(self, seat: cython.int, suit: cython.int) -> cython.bint:
        k: cython.int
        for k in range(self.ncards):
            if self.in_hand(seat, k) > 0 and self.card_suit[k] == suit:
                return True
        return False

    def can_activate(self, seat: cython.int) -> cython.bint:
        k: cython.int
        if self.cells[self.o_dominance_card + seat] >= 0 or self.points(seat) < self.dominance_points:
            return False
        for k in range(self.ncards):
            if self.card_kind[k] == DOMINANCE and self.in_hand(seat, k) > 0:
                return True
        return False

    def can_take_dominance(self, seat: cython.int) -> cython.bint:
        k: cython.int
        for k in range(self.ncards):
            if self.cells[self.o_dominance_available + k] and self.has_card_of(seat, self.card_suit[k]):
                return True
        return False
