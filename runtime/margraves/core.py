"""What every Margraves rule reads and writes: the state's fields by offset, tokens and storage, gold, Strength,
the citizen cards and the line, the piles and the tiles, over the flat state.

The rule modules (founding.py, turn.py, board.py, slaying.py, tracks.py, cleanup.py) take this engine as
their argument; engine.py puts them together. Every number comes from the tables (`tables.py`, read from the
content). Cython compiles this module (core.pxd types it).
"""

from __future__ import annotations

from array import array
from typing import Any

import cython  # type: ignore[import-untyped]

from ..kernel.engine import Engine

# Decisions a Margraves procedure asks; the option values are what the name says.
LOCATION = cython.declare(cython.int, 10)
CITIZEN = cython.declare(cython.int, 11)
USE = cython.declare(cython.int, 12)
"""A citizen and the way to use it (L145): citizen × WAYS + way."""
YES_NO = cython.declare(cython.int, 13)
TOKEN = cython.declare(cython.int, 14)
MONSTER = cython.declare(cython.int, 15)
TOMB = cython.declare(cython.int, 16)
"""A Heroic Tomb slot, or the slots' count for the blue-aura statue."""
GUILD = cython.declare(cython.int, 17)
"""An Influence row, or the guilds' count to leave the rest of the Influence."""
PRIVILEGE = cython.declare(cython.int, 18)
"""A Privilege tile, or -1 to take none."""
WEALTH = cython.declare(cython.int, 19)
LINE_SLOT = cython.declare(cython.int, 20)
"""A slot of the citizen line (0 the leftmost), or -1 to take none."""
STRENGTH_SOURCE = cython.declare(cython.int, 21)
"""Where 1 Strength comes from when slaying (L266-270): SOURCES."""
KNIGHT_FROM = cython.declare(cython.int, 22)
"""A location to take Knights from."""
DEPLOY = cython.declare(cython.int, 23)
"""Where a Knight is deployed (L210): FROM_LOCATION or FROM_STORAGE × locations + the location it goes to."""
BUILD_SLOT = cython.declare(cython.int, 24)
COUNT = cython.declare(cython.int, 25)
"""A number of Knights (from 1)."""
FROM_LOCATION = cython.declare(cython.int, 0)
FROM_STORAGE = cython.declare(cython.int, 1)

NO_CARD = cython.declare(cython.int, -1)
"""The card of an effect that is no citizen's (a location's power, Build, the final scoring)."""

# The ways to use a citizen (L145-150).
USE_PENNANT = cython.declare(cython.int, 0)
USE_POWER = cython.declare(cython.int, 1)
USE_RECALL = cython.declare(cython.int, 2)
USE_BUILD = cython.declare(cython.int, 3)
WAYS = cython.declare(cython.int, 4)

# Tokens kept in storage (the state fields stored_stone … stored_knights), and what a reward row holds
# (tables.REWARD_FIELDS): the rule modules declare the ones they use again, with these values (tested).
STONE = cython.declare(cython.int, 0)
WOOD = cython.declare(cython.int, 1)
MAGIC = cython.declare(cython.int, 2)
GEM = cython.declare(cython.int, 3)
KNIGHT = cython.declare(cython.int, 4)
TOKENS = cython.declare(cython.int, 5)
R_GOLD = cython.declare(cython.int, 0)
R_STONE = cython.declare(cython.int, 1)
R_STRENGTH = cython.declare(cython.int, 6)
R_STRENGTH_TO = cython.declare(cython.int, 7)
R_WILD = cython.declare(cython.int, 8)
R_INFLUENCE = cython.declare(cython.int, 9)
R_GUILD = cython.declare(cython.int, 10)
R_PRIVILEGE_I = cython.declare(cython.int, 11)

# Where a Privilege tile is (state field privilege_at) and a starting wealth tile (wealth_at).
IN_BOX = cython.declare(cython.int, 0)
IN_PILE = cython.declare(cython.int, 1)
FACE_UP = cython.declare(cython.int, 2)
HELD = cython.declare(cython.int, 3)
SPENT = cython.declare(cython.int, 4)
DRAFTING = cython.declare(cython.int, 1)
KEPT = cython.declare(cython.int, 2)
RESOLVED = cython.declare(cython.int, 3)
STANDING = cython.declare(cython.int, 1)
LYING = cython.declare(cython.int, 2)

DECISIONS = {"location": LOCATION, "citizen": CITIZEN, "use": USE, "yes_no": YES_NO, "token": TOKEN,
             "monster": MONSTER, "tomb": TOMB, "guild": GUILD, "privilege": PRIVILEGE, "wealth": WEALTH,
             "line_slot": LINE_SLOT, "strength_source": STRENGTH_SOURCE, "knight_from": KNIGHT_FROM,
             "deploy": DEPLOY, "build_slot": BUILD_SLOT, "count": COUNT}


@cython.cclass
class MargravesCore(Engine):
    """The Margraves engine's shared state and rules. `tables` is a runtime.margraves.tables.MargravesTables."""

    def __init__(self, cells: array[int], ctl: array[int], plan: array[int], vmframe: array[int],
                 tables: Any) -> None:
        Engine.__init__(self, cells, ctl, plan, vmframe, tables)
        arrays, dims, numbers, offsets = tables.arrays, tables.dims, tables.numbers, tables.offsets
        self.seats, self.nlocations, self.nlairs = dims["seats"], dims["locations"], dims["lairs"]
        self.nguilds, self.ncitizens, self.nmonsters = dims["guilds"], dims["citizens"], dims["monsters"]
        self.nprivileges, self.nwealth, self.nslots = dims["privileges"], dims["wealth"], dims["tomb_slots"]
        self.nsegments, self.nlines = dims["segments"], dims["tomb_lines"]
        self.line_slots = numbers["citizen_line_slots"]
        self.strength_cap = numbers["strength_cap"]
        self.storage_slots = numbers["storage_slots"]
        self.location_gold = numbers["location_gold"]
        self.build_slots = numbers["build_slots"]
        self.reward_fields = numbers["reward_fields"]
        self.roads, self.lair_near = arrays["roads"], arrays["lair_near"]
        self.rewards = arrays["rewards"]
        self.line_cost = arrays["line_cost"]
        self.monster_lair = arrays["monster_lair"]
        self.privilege_level = arrays["privilege_level"]
        for name in ("seated", "first_player", "final_round", "keep_gold", "supply_gold", "fortress_knights",
                     "location_knights", "strength", "margrave_at", "tower_at", "towers_built", "ship_at",
                     "influence", "monster_faceup", "monster_slain", "tomb_slot", "statue_knights",
                     "knights_entombed_this_turn", "score", "hand", "played", "card_in_use", "citizen_deck",
                     "line_1", "privilege_at", "privilege_owner", "wealth_at", "wealth_holder", "tower_slot",
                     "stored_towers", "current_player"):
            if name not in offsets:
                raise ValueError(f"the Margraves state has no field {name!r}")
        self.o_seated, self.o_first, self.o_final = offsets["seated"], offsets["first_player"], offsets["final_round"]
        self.o_current = offsets["current_player"]
        self.o_gold, self.o_supply_gold = offsets["keep_gold"], offsets["supply_gold"]
        self.o_fortress, self.o_loc_knights = offsets["fortress_knights"], offsets["location_knights"]
        self.o_strength, self.o_margrave = offsets["strength"], offsets["margrave_at"]
        self.o_tower_at, self.o_towers_built = offsets["tower_at"], offsets["towers_built"]
        self.o_ship, self.o_influence = offsets["ship_at"], offsets["influence"]
        self.o_faceup, self.o_slain = offsets["monster_faceup"], offsets["monster_slain"]
        self.o_tomb, self.o_statue = offsets["tomb_slot"], offsets["statue_knights"]
        self.o_entombed, self.o_score = offsets["knights_entombed_this_turn"], offsets["score"]
        self.o_hand, self.o_played, self.o_in_use = offsets["hand"], offsets["played"], offsets["card_in_use"]
        self.o_deck, self.o_line = offsets["citizen_deck"], offsets["line_1"]
        self.o_priv_at, self.o_priv_owner = offsets["privilege_at"], offsets["privilege_owner"]
        self.o_wealth_at, self.o_wealth_holder = offsets["wealth_at"], offsets["wealth_holder"]
        self.o_wealth_seen = offsets["wealth_seen"]
        self.o_tower_slot, self.o_towers = offsets["tower_slot"], offsets["stored_towers"]
        self.p_reward, self.p_influence = tables.procedure("reward"), tables.procedure("gain_influence")
        self.p_privilege, self.p_enter = tables.procedure("gain_privilege"), tables.procedure("enter_location")
        self.p_settle, self.p_recruit = tables.procedure("settle_storage"), tables.procedure("recruit")
        self.p_pennant, self.p_recall = tables.procedure("pennant"), tables.procedure("recall")
        self.p_wealth_draft = tables.procedure("wealth_draft")
        self.p_wealth_resolve = tables.procedure("wealth_resolve")
        self.o_stored = array("i", [offsets[f"stored_{t}"] for t in ("stone", "wood", "magic", "gem", "knights")])
        self.o_supply = array("i", [offsets[f"supply_{t}"] for t in ("stone", "wood", "magic", "gem")]
                              + [offsets["fortress_knights"]])

    # --- tokens, gold, Strength -----------------------------------------------------------------------------

    def stored(self, seat: cython.int, token: cython.int) -> cython.int:
        return self.cells[self.o_stored[token] + seat]

    def supply(self, token: cython.int) -> cython.int:
        return self.cells[self.o_supply[token]]

    def gain_token(self, seat: cython.int, token: cython.int, n: cython.int) -> None:
        """'vous ne gagnez alors que ce qui est disponible' (L324): never more than the supply holds."""
        if n > self.cells[self.o_supply[token]]:
            n = self.cells[self.o_supply[token]]
        self.cells[self.o_supply[token]] -= n
        self.cells[self.o_stored[token] + seat] += n

    def return_token(self, seat: cython.int, token: cython.int, n: cython.int) -> None:
        self.cells[self.o_stored[token] + seat] -= n
        self.cells[self.o_supply[token]] += n

    def resources(self, seat: cython.int) -> cython.int:
        """Stone, Wood and Magic in storage: what a wild cost may take (L338)."""
        return self.stored(seat, STONE) + self.stored(seat, WOOD) + self.stored(seat, MAGIC)

    def storage_used(self, seat: cython.int) -> cython.int:
        """'1 ressource, 1 Gemme, 1 Chevalier ou 1 Tour' per slot (L180)."""
        used: cython.int = self.cells[self.o_towers + seat]
        token: cython.int
        for token in range(TOKENS):
            used += self.stored(seat, token)
        return used

    def gold(self, seat: cython.int) -> cython.int:
        return self.cells[self.o_gold + seat]

    def add_gold(self, seat: cython.int, n: cython.int) -> None:
        """Gold is not limited (L188): the lakes give what is asked and take back what is paid."""
        self.cells[self.o_gold + seat] += n
        self.cells[self.o_supply_gold] -= n

    def add_strength(self, seat: cython.int, n: cython.int) -> None:
        """'Vous ne pouvez jamais avoir plus de 8 Force' (L172)."""
        value: cython.int = self.cells[self.o_strength + seat] + n
        self.cells[self.o_strength + seat] = value if value < self.strength_cap else self.strength_cap

    def strength(self, seat: cython.int) -> cython.int:
        return self.cells[self.o_strength + seat]

    def reward(self, row: cython.int, field: cython.int) -> cython.int:
        return self.rewards[row * self.reward_fields + field]

    # --- the board ------------------------------------------------------------------------------------------

    def margrave(self, seat: cython.int) -> cython.int:
        return self.cells[self.o_margrave + seat]

    def knights_at(self, location: cython.int) -> cython.int:
        return self.cells[self.o_loc_knights + location]

    def road(self, a: cython.int, b: cython.int) -> cython.bint:
        return self.roads[a * self.nlocations + b] != 0

    def near_lair(self, location: cython.int, lair: cython.int) -> cython.bint:
        return self.lair_near[location * self.nlairs + lair] != 0

    def tower_slot(self, location: cython.int, seat: cython.int) -> cython.int:
        return self.cells[self.o_tower_slot + location * self.seats + seat]

    def slot_taken(self, location: cython.int, slot: cython.int) -> cython.bint:
        seat: cython.int
        for seat in range(self.players()):
            if self.tower_slot(location, seat) == slot + 1:
                return True
        return False

    def free_build_slots(self, location: cython.int) -> cython.int:
        free: cython.int = 0
        slot: cython.int
        for slot in range(self.build_slots):
            if not self.slot_taken(location, slot):
                free += 1
        return free

    # --- cards and the citizen line -------------------------------------------------------------------------

    def in_hand(self, seat: cython.int, citizen: cython.int) -> cython.int:
        return self.cells[self.o_hand + seat * self.ncitizens + citizen]

    def hand_size(self, seat: cython.int) -> cython.int:
        total: cython.int = 0
        c: cython.int
        for c in range(self.ncitizens):
            total += self.in_hand(seat, c)
        return total

    def in_played(self, seat: cython.int, citizen: cython.int) -> cython.int:
        return self.cells[self.o_played + seat * self.ncitizens + citizen]

    def move_card(self, seat: cython.int, citizen: cython.int, from_field: cython.int,
                  to_field: cython.int) -> None:
        self.cells[from_field + seat * self.ncitizens + citizen] -= 1
        self.cells[to_field + seat * self.ncitizens + citizen] += 1

    def line(self, slot: cython.int) -> cython.int:
        return self.cells[self.o_line + slot]

    def set_line(self, slot: cython.int, citizen: cython.int) -> None:
        self.cells[self.o_line + slot] = citizen

    def deck_size(self) -> cython.int:
        total: cython.int = 0
        c: cython.int
        for c in range(self.ncitizens):
            total += self.cells[self.o_deck + c]
        return total

    def draw_citizen(self) -> cython.int:
        """A copy at random from the shuffled deck (-1: the deck is empty)."""
        size: cython.int = self.deck_size()
        pick: cython.int
        c: cython.int
        if size == 0:
            return -1
        pick = self.roll(size)
        for c in range(self.ncitizens):
            if pick < self.cells[self.o_deck + c]:
                self.cells[self.o_deck + c] -= 1
                return c
            pick -= self.cells[self.o_deck + c]
        return -1

    def can_recruit(self, seat: cython.int, fixed: cython.int) -> cython.bint:
        """A card on the line the player can pay for: its slot's gold, or `fixed` gold (-1: the slot's)."""
        slot: cython.int
        for slot in range(self.line_slots):
            if self.line(slot) >= 0 and self.gold(seat) >= (self.line_cost[slot] if fixed < 0 else fixed):
                return True
        return False

    # --- tiles -----------------------------------------------------------------------------------------------

    def privilege_at(self, tile: cython.int) -> cython.int:
        return self.cells[self.o_priv_at + tile]

    def take_privilege(self, seat: cython.int, tile: cython.int) -> None:
        self.cells[self.o_priv_at + tile] = HELD
        self.cells[self.o_priv_owner + tile] = seat

    def draw_privilege(self, level: cython.int) -> cython.int:
        """A tile at random from the shuffled pile of a level (-1: the pile is empty)."""
        size: cython.int = 0
        t: cython.int
        pick: cython.int
        for t in range(self.nprivileges):
            if self.privilege_at(t) == IN_PILE and self.privilege_level[t] == level:
                size += 1
        if size == 0:
            return -1
        pick = self.roll(size)
        for t in range(self.nprivileges):
            if self.privilege_at(t) == IN_PILE and self.privilege_level[t] == level:
                if pick == 0:
                    return t
                pick -= 1
        return -1

    def hold_wealth(self, tile: cython.int, seat: cython.int) -> None:
        """A starting wealth tile changes hands in the draft (-1: back to the box), in secret (L129)."""
        holder: cython.int = self.cells[self.o_wealth_holder + tile]
        if holder >= 0:
            self.cells[self.o_wealth_seen + holder * self.nwealth + tile] = 0
        if seat >= 0:
            self.cells[self.o_wealth_seen + seat * self.nwealth + tile] = 1
        self.cells[self.o_wealth_holder + tile] = seat

    def seat_after(self, seat: cython.int, k: cython.int) -> cython.int:
        """The seat k places clockwise (to the left) of `seat` (L230)."""
        return (seat + k) % self.players()

    def has_face_up(self, lair: cython.int) -> cython.bint:
        m: cython.int
        for m in range(self.nmonsters):
            if self.monster_lair[m] == lair and self.cells[self.o_faceup + m]:
                return True
        return False

    def flip_monster(self, lair: cython.int) -> None:
        """Turns the top card of a lair's pile face up; once the pile is down to its lair card, its monsters under
        it (the Boss the first time) are shuffled onto it first (L416)."""
        size: cython.int = 0
        m: cython.int
        pick: cython.int
        for m in range(self.nmonsters):
            if self.monster_lair[m] == lair and not self.cells[self.o_slain + m] and not self.cells[self.o_faceup + m]:
                size += 1
        if size == 0:
            for m in range(self.nmonsters):
                if self.monster_lair[m] == lair and self.cells[self.o_slain + m]:
                    self.cells[self.o_slain + m] = 0
                    size += 1
        if size == 0:
            return
        pick = self.roll(size)
        for m in range(self.nmonsters):
            if self.monster_lair[m] == lair and not self.cells[self.o_slain + m] and not self.cells[self.o_faceup + m]:
                if pick == 0:
                    self.cells[self.o_faceup + m] = 1
                    return
                pick -= 1

    def settle(self, seat: cython.int) -> None:
        """A player over their storage gives tokens back once the gain is done (L180, decision storage_overflow)."""
        if self.storage_used(seat) > self.storage_slots:
            self.push(self.p_settle, seat, 0, 0)

    def settle_all(self) -> None:
        seat: cython.int
        for seat in range(self.players()):
            self.settle(seat)

    def resources_in_supply(self) -> cython.int:
        return self.supply(STONE) + self.supply(WOOD) + self.supply(MAGIC)

    def can_deploy(self, seat: cython.int) -> cython.bint:
        """A Knight to deploy (L210): one in storage, or one at the Margrave's location."""
        return self.stored(seat, KNIGHT) > 0 or self.knights_at(self.margrave(seat)) > 0

    def ranks_above(self, a: cython.int, b: cython.int) -> cython.bint:
        """More Victory Points, or as many and more gold (L438-440, decision tie_gold)."""
        if self.cells[self.o_score + a] != self.cells[self.o_score + b]:
            return self.cells[self.o_score + a] > self.cells[self.o_score + b]
        return self.gold(a) > self.gold(b)
