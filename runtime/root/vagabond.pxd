# Types of vagabond.py for Cython (pure-Python mode).

from .core cimport RootCore

cdef class Vagabond:
    cdef int nitems
    cdef int nforests
    cdef int nquests
    cdef int ncharacters
    cdef int o_character
    cdef int o_pawn_clearing
    cdef int o_pawn_forest
    cdef int[::1] o_place
    cdef int o_quest_deck
    cdef int o_quests_shown
    cdef int o_quests_done
    cdef int o_relationship
    cdef int o_hostile
    cdef int o_aids
    cdef int o_coalition
    cdef int o_battle_ally
    cdef int o_ally_hits
    cdef int o_item_hits
    cdef int o_improvised
    cdef int o_swift_strikes
    cdef int o_protector
    cdef int o_instigator
    cdef int o_scorched
    cdef int[::1] forest_border
    cdef int[::1] forest_near
    cdef int[::1] quest_suit
    cdef int[::1] quest_items
    cdef int[::1] item_on_track
    cdef int[::1] item_ruin
    cdef int[::1] power_refresh
    cdef int[::1] power_draw
    cdef int[::1] power_capacity
    cdef int[::1] power_crafting
    cdef int[::1] power_hits
    cdef int[::1] character_items
    cdef int[::1] character_cost
    cdef int[::1] character_played
    cdef int[::1] relationship_aids
    cdef int[::1] relationship_vp
    cdef int allied_space
    cdef int track_capacity
    cdef int refresh_base
    cdef int item_capacity
    cdef int coalition_players
    cdef int full_removal_damage
    cdef int allied_aid_points
    cdef int infamy_points
    cdef int hostile_move_items
    cdef int quests_shown
    cdef int ruin_items
    cdef int explore_points
    cdef int quest_points
    cdef int quest_cards
    cdef int hideout_repairs
    cdef int protector_points
    cdef int swift_strike_hits
    cdef int improvisations
    cdef int cost_move
    cdef int cost_battle
    cdef int cost_explore
    cdef int cost_strike
    cdef int cost_repair
    cdef int vagrant
    cdef int scoundrel
    cdef int thief
    cdef int tinker
    cdef int ranger
    cdef int arbiter
    cdef int adventurer
    cdef int ronin
    cdef int harrier

    cdef bint is_vagabond(self, RootCore e, int seat) except -1
    cdef int clearing(self, RootCore e, int seat) except? -1
    cdef int forest(self, RootCore e, int seat) except? -1
    cdef void go(self, RootCore e, int seat, int place) except *
    cdef bint borders(self, int forest, int clearings, int clearing) except -1
    cdef int character(self, RootCore e, int seat) except? -1
    cdef int with_character(self, RootCore e, int character, int clearing) except? -1
    cdef int count(self, RootCore e, int seat, int place, int item) except? -1
    cdef void add(self, RootCore e, int seat, int place, int item, int n) except *
    cdef int face_up(self, RootCore e, int seat, int item) except? -1
    cdef int total(self, RootCore e, int seat, int place) except? -1
    cdef int carried(self, RootCore e, int seat) except? -1
    cdef int track_power(self, RootCore e, int seat, int[::1] power) except? -1
    cdef int capacity(self, RootCore e, int seat) except? -1
    cdef void gain(self, RootCore e, int seat, int item) except *
    cdef void settle(self, RootCore e, int seat) except *
    cdef void exhaust(self, RootCore e, int seat, int item, int n) except *
    cdef int take_from(self, RootCore e, int seat, int code) except? -1
    cdef void damage(self, RootCore e, int seat, int code) except *
    cdef void repair(self, RootCore e, int seat, int code) except *
    cdef void refresh(self, RootCore e, int seat, int code) except *
    cdef int item_options(self, RootCore e, int seat, int place) except? -1
    cdef int swords(self, RootCore e, int seat) except? -1
    cdef bint armed(self, RootCore e, int seat) except -1
    cdef int crafting_pieces(self, RootCore e, int seat, int suit) except? -1
    cdef void pay_craft(self, RootCore e, int seat, int card) except *
    cdef bint hostile(self, RootCore e, int other) except -1
    cdef bint allied(self, RootCore e, int other) except -1
    cdef void aided(self, RootCore e, int seat, int other) except *
    cdef void removed(self, RootCore e, int by, int victim, bint warrior, bint in_battle) except *
    cdef int coalition_partner(self, RootCore e, int seat) except? -1
