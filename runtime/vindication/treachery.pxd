# Types of treachery.py for Cython (pure-Python mode).

from .board cimport VindicationBoard

cdef class Treachery:

    cdef bint shielded(self, VindicationBoard e, int seat, int card)
    cdef void adjacent_player(self, VindicationBoard e) except *
    cdef void lose_attribute(self, VindicationBoard e) except *
    cdef void steal_aptitude(self, VindicationBoard e) except *
    cdef void push_player(self, VindicationBoard e) except *
    cdef void others_load_companion(self, VindicationBoard e) except *
    cdef void move_characters(self, VindicationBoard e) except *
    cdef bint treachery_target(self, VindicationBoard e, int seat, int mode, int value)
    cdef void place_treachery_cube(self, VindicationBoard e) except *
    cdef bint clearable(self, VindicationBoard e, int seat, int value)
    cdef bint can_clear_treachery(self, VindicationBoard e, int seat)
    cdef void clear_treachery(self, VindicationBoard e) except *
