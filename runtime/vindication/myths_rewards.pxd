# Types of myths_rewards.py for Cython (pure-Python mode).

from .abilities cimport Abilities
from .board cimport VindicationBoard
from .loot cimport LootPowers

cdef class MythsRewards:
    cdef int loot_extra, zone_loot, k_tokens, k_order
    cdef int[::1] card_loot

    cdef int flag(self, VindicationBoard e, int i)
    cdef void sphere_bonus(self, VindicationBoard e, int seat, int bonus, int n) except *
    cdef int loaded_companion(self, VindicationBoard e, int seat)
    cdef void reveal_loot(self, VindicationBoard e) except *
    cdef int best_initiative(self, VindicationBoard e, int seat)
    cdef void loot_order(self, VindicationBoard e)
    cdef void share_loot(self, VindicationBoard e) except *
    cdef bint usable_loot(self, VindicationBoard e, Abilities abilities, LootPowers loot, int seat,
                          int card) except -1
    cdef bint can_use_loot(self, VindicationBoard e, Abilities abilities, LootPowers loot, int seat) except -1
    cdef void use_loot(self, VindicationBoard e, Abilities abilities, LootPowers loot) except *
    cdef bint can_use_token(self, VindicationBoard e, int seat)
    cdef void use_teleport_token(self, VindicationBoard e) except *
    cdef void generate_missing(self, VindicationBoard e) except *
