# Types of guilds.py for Cython (pure-Python mode).

from .board cimport VindicationBoard

cdef class Guilds:

    cdef void turn_started(self, VindicationBoard e, int seat)
    cdef int placed(self, VindicationBoard e, int seat)
    cdef bint same_place(self, int first, int second)
    cdef bint free(self, VindicationBoard e, int seat, int placement, int target)
    cdef bint target_ok(self, VindicationBoard e, int seat, int placement, int target)
    cdef int targets(self, VindicationBoard e, int placement)
    cdef bint any_target(self, VindicationBoard e, int seat, int placement)
    cdef bint can_place_favour(self, VindicationBoard e, int seat)
    cdef void place_favour(self, VindicationBoard e) except *
    cdef bint protects(self, VindicationBoard e, int seat, int place)
    cdef void diminish_power(self, VindicationBoard e) except *
    cdef int monument(self, VindicationBoard e, int seat, int piece)
    cdef int pieces(self, VindicationBoard e, int seat, int first)
    cdef bint addable(self, VindicationBoard e, int seat, int piece)
    cdef bint can_contribute(self, VindicationBoard e, int seat)
    cdef void ask_contribution(self, VindicationBoard e, int seat) except *
    cdef void contribute(self, VindicationBoard e, int seat, int piece)
    cdef bint rebuilt(self, VindicationBoard e, int seat)
    cdef void complete(self, VindicationBoard e, int seat) except *
