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
SERVICE = cython.declare(cython.int, 20)
PLOT = cython.declare(cython.int, 22)
STEP = cython.declare(cython.int, 23)
MINISTER = cython.declare(cython.int, 30)
"""A Duchy minister (or, past the last, none: the Parliament's end)."""
ACTION = cython.declare(cython.int, 31)
"""An action to take, by its procedure number (0: no more), e.g. the Brigadier's moves or battles."""
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

# How a player may use the rivers (`river_moves`): not at all (2.3), as paths, or as paths whoever rules (Swimmers).
NO_RIVERS = cython.declare(cython.int, 0)
RIVERS_AS_PATHS = cython.declare(cython.int, 1)
RIVERS_FREE = cython.declare(cython.int, 2)
NO_LIMIT = cython.declare(cython.int, 1 << 30)

VICTORIES = ("points", "dominance")
DECISIONS = {"clearing": CLEARING, "seat": SEAT, "card": CARD, "number": NUMBER, "piece": PIECE, "yes_no": YES_NO,
             "leader": LEADER, "column": COLUMN, "faction": FACTION,
             "minister": MINISTER, "action": ACTION, "service": SERVICE, "plot": PLOT, "step": STEP,
             "item": ITEM_CHOICE, "character": CHARACTER, "quest": QUEST, "place": PLACE}


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
        self.rivers = arrays["rivers"]
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
        self.o_battle_clearing = offsets["battle_clearing"]
        self.o_corner_field = offsets["corner"]
        self.o_opposite_field = offsets["opposite_corner"]
        self.npieces = dims["pieces"]
        self.piece_faction = arrays["piece_faction"]
        self.piece_building = arrays["piece_building"]
        self.piece_field = arrays["piece_field"]
        self.piece_return = arrays["piece_return"]
        self.piece_crafts = arrays["piece_crafts"]
        self.piece_return_suited = arrays["piece_return_suited"]
        self.seen = array("i", [0] * self.clearings)
        self.todo = array("i", [0] * self.clearings)
        self.m_wood = arrays["marquise_wood_count"][0]
        self.m_garrison = numbers["marquise_garrison"]
        self.track_len = dims["marquise_track"]
        self.m_total = arrays["marquise_totals"]
        self.m_rows = arrays["marquise_rows"]
        self.m_cost = arrays["marquise_costs"]
        self.m_vp = arrays["marquise_points"]
        self.m_draw = arrays["marquise_draws"]
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
        self.o_decree = arrays["decree_columns"]
        self.o_viziers = arrays["vizier_columns"]
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
        # The Burrow (12.2.2): a place beside the map, numbered after the clearings, for moves and rule.
        self.places = self.clearings + 1
        self.burrow = self.clearings
        self.o_burrow = offsets["burrow"]
        self.o_tunnels = offsets["tunnels"]
        self.f_duchy = tables.faction_index("duchy")

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
        """Linked by a path (2.2.1); the Burrow is adjacent to every clearing with a tunnel (12.2.2)."""
        other: cython.int = b if a == self.burrow else a
        if a == self.burrow or b == self.burrow:
            return other != self.burrow and self.cells[self.o_tunnels + other] > 0
        return self.paths[a * self.clearings + b] != 0

    def river(self, a: cython.int, b: cython.int) -> cython.bint:
        """A river links the two clearings: not a path unless a rule says to treat it as one (2.3). The Burrow is on
        no river."""
        if a >= self.clearings or b >= self.clearings:
            return False
        return self.rivers[a * self.clearings + b] != 0

    def on_river(self, clearing: cython.int) -> cython.bint:
        """The clearing is connected to a river."""
        c: cython.int
        for c in range(self.clearings):
            if self.river(clearing, c):
                return True
        return False

    def linked(self, seat: cython.int, a: cython.int, b: cython.int) -> cython.bint:
        """Adjacent for the seat: by a path, or by a river when a rule makes rivers its paths (`river_moves`)."""
        return self.adjacent(a, b) or (self.river(a, b) and self.river_moves(seat) != NO_RIVERS)

    def suit_of(self, clearing: cython.int) -> cython.int:
        """A clearing's suit; -1 for the Burrow, which has none."""
        if clearing == self.burrow:
            return -1
        return self.cells[self.o_suit + clearing]

    def warriors(self, clearing: cython.int, seat: cython.int) -> cython.int:
        """The seat's warriors in a clearing or in the Burrow."""
        if clearing == self.burrow:
            return self.cells[self.o_burrow + seat]
        return self.cells[self.o_warriors + clearing * self.seats + seat]

    def add_warriors(self, clearing: cython.int, seat: cython.int, n: cython.int) -> None:
        if clearing == self.burrow:
            self.cells[self.o_burrow + seat] += n
        else:
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

    def may_place(self, seat: cython.int, clearing: cython.int) -> cython.bint:
        """The seat may place pieces in the clearing: only the Marquise places in the keep's clearing (6.2.2), and a
        faction rule may forbid it (`forbids_placing`)."""
        if self.cells[self.o_keep + clearing] and self.faction(seat) != self.f_marquise:
            return False
        return not self.forbids_placing(seat, clearing)

    def present(self, seat: cython.int, clearing: cython.int) -> cython.bint:
        """The seat has pieces in the clearing (a battle's defender must, 4.3), its pawn included."""
        return (self.warriors(clearing, seat) + self.buildings_of(seat, clearing) + self.tokens_of(seat, clearing)
                + self.pawns(seat, clearing)) > 0

    def rules(self, seat: cython.int, clearing: cython.int) -> cython.bint:
        return self.ruler(clearing) == seat

    def ruler(self, clearing: cython.int) -> cython.int:
        """Who rules a clearing (2.8): most warriors and buildings, nobody on a tie; the Eyrie win ties where they have
        pieces (7.2.2). The Duchy always rules the Burrow (12.2.2); a faction rule may give a clearing to a player
        whatever the count (the Cult's gardens, 10.2.4)."""
        best: cython.int = 0
        who: cython.int
        tied: cython.bint = False
        eyrie_tied: cython.bint = False
        seat: cython.int
        total: cython.int
        if clearing == self.burrow:
            return self.seat_of(self.f_duchy)
        who = self.rule_override(clearing)
        if who >= 0:
            return who
        for seat in range(self.players()):
            total = self.rule_warriors(seat, clearing) + self.buildings_of(seat, clearing)
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
        """Draws up to n cards into the seat's hand."""
        drawn: cython.int = 0
        k: cython.int
        while drawn < n:
            k = self.draw_card()
            if k < 0:
                break
            self.cells[self.o_hand + seat * self.ncards + k] += 1
            drawn += 1
        return drawn

    def draw_card(self) -> cython.int:
        """A card off the deck, the discard pile shuffled in when it runs out (2.1.2), for the caller to put where
        it goes (a hand, the Alliance's supporters); -1 when there is none."""
        k: cython.int = self.random_deck_card()
        if k < 0:
            self.reshuffle()
            k = self.random_deck_card()
        if k >= 0:
            self.cells[self.o_deck + k] -= 1
        return k

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
        """A card from hand spent or discarded (2.1.3)."""
        self.cells[self.o_hand + seat * self.ncards + card] -= 1
        self.discarded(card, 1)

    def discarded(self, card: cython.int, n: cython.int) -> None:
        """Copies of a card spent or discarded, from a hand or anywhere else (a Decree, a craft), go to the discard
        pile (2.1.3), a dominance card beside the board (3.3.3), unless a faction rule keeps them (`discard_to`)."""
        pile: cython.int = self.discard_to(card)
        if pile >= 0:
            self.cells[pile + card] += n
        elif self.card_kind[card] == DOMINANCE:
            self.cells[self.o_dominance_available + card] = 1
        else:
            self.cells[self.o_discard + card] += n

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
        """The seat's crafting pieces of a suit not yet activated this turn (4.1.1), if its faction may activate
        that suit's (`crafts_with`)."""
        f: cython.int = self.faction(seat)
        c: cython.int
        r: cython.int
        n: cython.int = 0
        if not self.crafts_with(seat, suit):
            return 0
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
        icons: cython.int = 0
        if not self.card_craftable[card] or self.in_hand(seat, card) == 0:
            return False
        for s in range(ANY_SUIT + 1):
            icons += self.card_cost[card * 4 + s]
        if icons > self.craft_budget(seat):
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

    def buildings_removed(self, seat: cython.int, clearing: cython.int, n: cython.int) -> None:
        """n of the seat's buildings were removed at once (the Duchy's Price of Failure, 12.2.3)."""

    def draw_bonus(self, seat: cython.int) -> cython.int:
        """Cards a faction draws in Evening besides the rule's (its uncovered draw bonuses)."""
        return 0

    def defends_high(self, seat: cython.int) -> cython.bint:
        """Defending, the seat deals the higher die's hits and the attacker the lower (4.3.2 reversed)."""
        return False

    def piece_removed(self, seat: cython.int, clearing: cython.int, piece: cython.int, by: cython.int) -> None:
        """A building or token of the seat (a row of the piece tables) was removed by `by` (-1: nobody). The
        procedure that removed it returns to the kernel right after, so a procedure pushed here runs first; one
        called with `defer` runs once the removing procedure is over (Trade Disruption)."""

    def warriors_moved(self, seat: cython.int, origin: cython.int, to: cython.int) -> None:
        """The seat moved warriors; called once the move is done, so a procedure pushed here runs next."""

    def rule_override(self, clearing: cython.int) -> cython.int:
        """The player a faction rule gives the clearing to whatever the count (the Cult's gardens, 10.2.4); -1: none."""
        return -1

    def crafts_with(self, seat: cython.int, suit: cython.int) -> cython.bint:
        """The seat's faction may activate its crafting pieces of this suit now (the Cult: the Outcast's, 10.2.1)."""
        return True

    def discard_to(self, card: cython.int) -> cython.int:
        """The field of [card] a faction rule sends every spent or discarded card to (Lost Souls, 10.2.6); -1: none."""
        return -1

    def lose_warrior(self, seat: cython.int, clearing: cython.int, defending: cython.bint) -> None:
        """A warrior removed by a hit (4.3.3) goes back to the supply, unless a faction rule sends it elsewhere
        (`defending`: the hit was dealt to the defender of a battle, 10.2.3)."""
        self.remove_warrior(seat, clearing)

    def rule_warriors(self, seat: cython.int, clearing: cython.int) -> cython.int:
        """The warriors that count as the seat's for rule in a clearing (2.8): its own."""
        return self.warriors(clearing, seat)

    def battle_warriors(self, seat: cython.int, clearing: cython.int, other: cython.int) -> cython.int:
        """The warriors that fight for the seat in a battle against `other` (4.3): its own."""
        return self.warriors(clearing, seat)

    def hired_hits(self, victim: cython.int, clearing: cython.int, n: cython.int, by: cython.int) -> cython.int:
        """Of n hits dealt to a player, how many warriors fighting for them but not theirs took (and were
        removed); the rest go to the player's own pieces."""
        return 0

    def river_moves(self, seat: cython.int) -> cython.int:
        """How the seat may use rivers: NO_RIVERS (2.3), RIVERS_AS_PATHS, or RIVERS_FREE (paths whoever rules)."""
        return NO_RIVERS

    def craft_budget(self, seat: cython.int) -> cython.int:
        """Most cost icons the seat can pay for in one craft: no limit but its crafting pieces."""
        return NO_LIMIT

    def forbids_placing(self, seat: cython.int, clearing: cython.int) -> cython.bint:
        """A faction rule forbids the seat to place pieces in the clearing (a Corvid snare, 13.7.2)."""
        return False

    def forbids_moving_out(self, seat: cython.int, clearing: cython.int) -> cython.bint:
        """A faction rule forbids the seat to move pieces out of the clearing (a Corvid snare, 13.7.2)."""
        return False

    def moves_freely(self, seat: cython.int, origin: cython.int, to: cython.int) -> cython.bint:
        """A faction rule lets the seat move along this path whoever rules its ends (Nimble, 13.2.3)."""
        return False

    def piece_taken_off(self, seat: cython.int, clearing: cython.int, piece: cython.int) -> None:
        """A building or token of the seat left the clearing, however (`remove_piece`); it may only change the
        state, never ask (the procedure removing it may still be asking): a rule that asks waits for
        `piece_removed` or `pieces_removed`."""

    def pieces_removed(self, seat: cython.int, clearing: cython.int) -> None:
        """The procedure that removed pieces of the seat from the clearing has returned: a rule triggered by the
        removal may push a procedure of its own now (a Corvid raid, 13.7.4)."""
    # --- pawns, battles, removals and closed clearings as faction rules change them (engine.py overrides) ---------

    def pawns(self, seat: cython.int, clearing: cython.int) -> cython.int:
        """The seat's pawns in a clearing: pieces that make it present there and can fight, but rule nothing and
        are never removed (the Vagabond, 9.2.2)."""
        return 0

    def rolled_hits_cap(self, seat: cython.int, clearing: cython.int, other: cython.int,
                        attacking: cython.bint) -> cython.int:
        """The most hits the seat deals with a die against `other`: the warriors fighting for it (4.3.2.I)."""
        return self.battle_warriors(seat, clearing, other)

    def defenseless(self, seat: cython.int, clearing: cython.int, other: cython.int) -> cython.bint:
        """A defender with no warriors fighting for it against `other` takes an extra hit (4.3.2.III)."""
        return self.battle_warriors(seat, clearing, other) == 0

    def battle_step(self, attacker: cython.int, defender: cython.int, clearing: cython.int,
                    moment: cython.int) -> None:
        """A battle reached a moment (DECLARED, BEFORE_ROLL, ROLLED) a faction's rule acts at; it may push a
        procedure, which runs before the battle goes on."""

    def ambush_ignored(self, seat: cython.int) -> cython.bint:
        """Ambush cards do nothing against the seat attacking in this battle (4.3.1): none is played."""
        return False

    def removed_by(self, by: cython.int, victim: cython.int, clearing: cython.int, warrior: cython.bint,
                   in_battle: cython.bint) -> None:
        """`by` removed one of the victim's pieces (a warrior or not), by a battle's hits or otherwise; it may only
        change the state (the Vagabond's relationships, 9.2.9)."""

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
        """A building or token off the map, back to its track or supply, or out of the game (4.4, 6.2.2); a piece
        kept on a track per suit goes back to the track of its clearing's suit (2.5.2)."""
        self.cells[self.piece_field[piece] + clearing] -= 1
        if self.piece_return[piece] >= 0 and self.piece_return_suited[piece]:
            self.cells[self.piece_return[piece] + seat * self.nsuits + self.suit_of(clearing)] += 1
        elif self.piece_return[piece] >= 0:
            self.cells[self.piece_return[piece] + seat] += 1
        self.piece_taken_off(seat, clearing, piece)

    # --- what can be done (so that nobody is offered a dead end) ----------------------------------------------

    def move_allowed(self, seat: cython.int, origin: cython.int, to: cython.int) -> cython.bint:
        """A move along a path (or a river the seat treats as one), ruling the origin or the destination (4.2.1)
        unless a faction rule lifts it, or along a river whoever rules when the seat swims (11.2.2), out of a
        clearing no rule closes to the seat and never into a closed one; only the Duchy moves into or out of the
        Burrow (12.2.2)."""
        if (origin == self.burrow or to == self.burrow) and self.faction(seat) != self.f_duchy:
            return False
        if not self.linked(seat, origin, to) or self.forbids_moving_out(seat, origin) or self.closed(to):
            return False
        if self.river(origin, to) and self.river_moves(seat) == RIVERS_FREE:
            return True
        return self.ruler(origin) == seat or self.ruler(to) == seat or self.moves_freely(seat, origin, to)

    def can_move_from(self, seat: cython.int, origin: cython.int, suit: cython.int) -> cython.bint:
        """Warriors of the seat can move from a clearing (or the Burrow) of the suit (-1: any)."""
        d: cython.int
        if self.warriors(origin, seat) == 0 or (suit >= 0 and self.suit_of(origin) != suit):
            return False
        for d in range(self.places):
            if self.move_allowed(seat, origin, d):
                return True
        return False

    def can_move(self, seat: cython.int, suit: cython.int) -> cython.bint:
        c: cython.int
        for c in range(self.places):
            if self.can_move_from(seat, c, suit):
                return True
        return False

    def battle_targets(self, seat: cython.int, clearing: cython.int) -> cython.int:
        """How many players the seat could battle in a clearing: present there, with warriors fighting for the
        seat against them or its pawn (4.3)."""
        q: cython.int
        n: cython.int = 0
        for q in range(self.players()):
            if q != seat and self.present(q, clearing) \
                    and self.battle_warriors(seat, clearing, q) + self.pawns(seat, clearing) > 0:
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
