# Types of myths.py for Cython (pure-Python mode).

from .board cimport VindicationBoard
from .myths_rewards cimport MythsRewards

cdef class Myths:
    cdef int spheres, conviction, exaltations, blue_players, k_spaces, k_spheres
    cdef int[::1] side, accepts, bonus, amount

    cdef int flag(self, VindicationBoard e, int i)
    cdef void set_flag(self, VindicationBoard e, int i, int value)
    cdef int space_at(self, VindicationBoard e, int space)
    cdef int sphere_at(self, VindicationBoard e, int sphere)
    cdef bint in_play(self, VindicationBoard e, int sphere)
    cdef bint touches_ronak(self, VindicationBoard e, int space)
    cdef void setup(self, VindicationBoard e)
    cdef void provoke(self, VindicationBoard e) except *
    cdef void turn_started(self, VindicationBoard e, int seat)
    cdef void turn_ended(self, VindicationBoard e) except *
    cdef bint event_turn(self, VindicationBoard e)
    cdef int allows(self, VindicationBoard e, int seat, int procedure)
    cdef bint fights(self, VindicationBoard e, int seat)
    cdef int next_seat(self, VindicationBoard e, int seat)
    cdef bint champions_left(self, VindicationBoard e)
    cdef bint offerable(self, VindicationBoard e, int seat, int sphere)
    cdef bint copyable(self, VindicationBoard e, int sphere)
    cdef bint can_offer(self, VindicationBoard e, int seat)
    cdef void offer(self, VindicationBoard e, MythsRewards rewards) except *
    cdef bint all_taken(self, VindicationBoard e)
    cdef bint can_charge(self, VindicationBoard e, int seat)
    cdef void charge(self, VindicationBoard e) except *
    cdef void end_event(self, VindicationBoard e, int phase)
    cdef void reset(self, VindicationBoard e) except *
    cdef void defeat(self, VindicationBoard e) except *
