# Types of core.py for Cython (pure-Python mode).

from ..kernel.engine cimport Engine

cdef class MargravesCore(Engine):
    cdef int seats
    cdef int nlocations
    cdef int nlairs
    cdef int nguilds
    cdef int ncitizens
    cdef int nmonsters
    cdef int nprivileges
    cdef int nwealth
    cdef int nslots
    cdef int nsegments
    cdef int nlines
    cdef int line_slots
    cdef int strength_cap
    cdef int storage_slots
    cdef int location_gold
    cdef int build_slots
    cdef int reward_fields
    cdef int[::1] roads
    cdef int[::1] lair_near
    cdef int[::1] rewards
    cdef int[::1] line_cost
    cdef int[::1] monster_lair
    cdef int[::1] privilege_level
    cdef int o_seated
    cdef int o_first
    cdef int o_final
    cdef int o_current
    cdef int o_gold
    cdef int o_supply_gold
    cdef int o_fortress
    cdef int o_loc_knights
    cdef int o_strength
    cdef int o_margrave
    cdef int o_tower_at
    cdef int o_towers_built
    cdef int o_ship
    cdef int o_influence
    cdef int o_faceup
    cdef int o_slain
    cdef int o_tomb
    cdef int o_statue
    cdef int o_entombed
    cdef int o_score
    cdef int o_hand
    cdef int o_played
    cdef int o_in_use
    cdef int o_deck
    cdef int o_line
    cdef int o_priv_at
    cdef int o_priv_owner
    cdef int o_wealth_at
    cdef int o_wealth_holder
    cdef int o_wealth_seen
    cdef int o_tower_slot
    cdef int o_towers
    cdef int p_reward
    cdef int p_influence
    cdef int p_privilege
    cdef int p_enter
    cdef int p_settle
    cdef int p_recruit
    cdef int p_pennant
    cdef int p_recall
    cdef int p_wealth_draft
    cdef int p_wealth_resolve
    cdef int[::1] o_stored
    cdef int[::1] o_supply

    cdef int stored(self, int seat, int token) except? -1
    cdef int supply(self, int token) except? -1
    cdef void gain_token(self, int seat, int token, int n) except *
    cdef void return_token(self, int seat, int token, int n) except *
    cdef int resources(self, int seat) except? -1
    cdef int storage_used(self, int seat) except? -1
    cdef int gold(self, int seat) except? -1
    cdef void add_gold(self, int seat, int n) except *
    cdef void add_strength(self, int seat, int n) except *
    cdef int strength(self, int seat) except? -1
    cdef int reward(self, int row, int field) except? -1
    cdef int margrave(self, int seat) except? -1
    cdef int knights_at(self, int location) except? -1
    cdef bint road(self, int a, int b) except -1
    cdef bint near_lair(self, int location, int lair) except -1
    cdef int tower_slot(self, int location, int seat) except? -1
    cdef bint slot_taken(self, int location, int slot) except -1
    cdef int free_build_slots(self, int location) except? -1
    cdef int in_hand(self, int seat, int citizen) except? -1
    cdef int hand_size(self, int seat) except? -1
    cdef int in_played(self, int seat, int citizen) except? -1
    cdef void move_card(self, int seat, int citizen, int from_field, int to_field) except *
    cdef int line(self, int slot) except? -1
    cdef void set_line(self, int slot, int citizen) except *
    cdef int deck_size(self) except? -1
    cdef int draw_citizen(self) except? -1
    cdef bint can_recruit(self, int seat, int fixed) except -1
    cdef int privilege_at(self, int tile) except? -1
    cdef void take_privilege(self, int seat, int tile) except *
    cdef int draw_privilege(self, int level) except? -1
    cdef void hold_wealth(self, int tile, int seat) except *
    cdef int seat_after(self, int seat, int k) except? -1
    cdef bint has_face_up(self, int lair) except -1
    cdef void flip_monster(self, int lair) except *
    cdef void settle(self, int seat) except *
    cdef void settle_all(self) except *
    cdef int resources_in_supply(self) except? -1
    cdef bint can_deploy(self, int seat) except -1
    cdef bint ranks_above(self, int a, int b) except -1
