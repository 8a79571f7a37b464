# Types of myths.py for Cython (pure-Python mode).

from .board cimport VindicationBoard

cdef class Myths:
    cdef int spheres, conviction, exaltations, loot_extra, blue_players, zone_loot
    cdef int[::1] side, accepts, bonus, amount, card_loot

    cdef int flag(self, VindicationBoard e, int i)
    cdef void set_flag(self, VindicationBoard e, int i, int value)
    cdef int space_at(self, VindicationBoard e, int space)
    cdef int sphere_at(self, VindicationBoard e, int sphere)
    cdef int tokens_at(self, VindicationBoard e, int seat)
    cdef int order_at(self, VindicationBoard e, int i)
    cdef bint in_play(self, VindicationBoard e, int sphere)
    cdef bint touches_ronak(self, VindicationBoard e, int space)
    cdef bint anyone_on(self, VindicationBoard e, int space)
    cdef void setup(self, VindicationBoard e)
    cdef void provoke(self, VindicationBoard e) except *
    cdef void turn_started(self, VindicationBoard e, int seat)
    cdef void turn_ended(self, VindicationBoard e) except *
    cdef bint event_turn(self, VindicationBoard e)
    cdef bint fights(self, VindicationBoard e, int seat)
    cdef int next_seat(self, VindicationBoard e, int seat)
    cdef bint champions_left(self, VindicationBoard e)
    cdef bint offerable(self, VindicationBoard e, int seat, int sphere)
    cdef bint copyable(self, VindicationBoard e, int sphere)
    cdef bint can_offer(self, VindicationBoard e, int seat)
    cdef void offer(self, VindicationBoard e) except *
    cdef void reward(self, VindicationBoard e, int seat, int sphere) except *
    cdef int loaded_companion(self, VindicationBoard e, int seat)
    cdef bint all_taken(self, VindicationBoard e)
    cdef bint can_charge(self, VindicationBoard e, int seat)
    cdef void charge(self, VindicationBoard e) except *
    cdef void end_event(self, VindicationBoard e, int phase)
    cdef void reset(self, VindicationBoard e) except *
    cdef void defeat(self, VindicationBoard e) except *
    cdef void reveal_loot(self, VindicationBoard e) except *
    cdef int best_initiative(self, VindicationBoard e, int seat)
    cdef void loot_order(self, VindicationBoard e)
    cdef void share_loot(self, VindicationBoard e) except *
    cdef bint can_use_token(self, VindicationBoard e, int seat)
    cdef void use_teleport_token(self, VindicationBoard e) except *
    cdef void generate_missing(self, VindicationBoard e) except *
