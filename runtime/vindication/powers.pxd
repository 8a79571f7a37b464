# Types of powers.py for Cython (pure-Python mode).

from .board cimport VindicationBoard

cdef class Powers:

    cdef void extra_turn(self, VindicationBoard e) except *
    cdef void peek_deck(self, VindicationBoard e) except *
    cdef void activate_companion(self, VindicationBoard e) except *
    cdef void generate_more(self, VindicationBoard e) except *
    cdef void redistribute_common(self, VindicationBoard e) except *
    cdef void generate_other_companion(self, VindicationBoard e) except *
    cdef bint teleport_to(self, VindicationBoard e, int seat, int space, int mode)
    cdef void offer_teleports(self, VindicationBoard e, int seat, int mode) except *
    cdef void teleport(self, VindicationBoard e) except *
    cdef void sacred_stones(self, VindicationBoard e) except *
    cdef void take_wish(self, VindicationBoard e) except *
    cdef void swap_places(self, VindicationBoard e) except *
    cdef void discard_active_trigger(self, VindicationBoard e) except *
    cdef bint other(self, VindicationBoard e, int seat, int card, int mode)
