# Types of actions.py for Cython (pure-Python mode).

from .board cimport VindicationBoard

cdef class Actions:

    cdef void activate(self, VindicationBoard e) except *
    cdef bint allegiance(self, VindicationBoard e, int seat, int card)
    cdef bint free_activation(self, VindicationBoard e, int seat, int card)
    cdef void rest(self, VindicationBoard e) except *
    cdef bint can_move_converting(self, VindicationBoard e, int seat, int moved, int spent)
    cdef bint can_convert(self, VindicationBoard e, int seat, int heroic)
    cdef bint any_conversion(self, VindicationBoard e, int seat)
    cdef void convert(self, VindicationBoard e) except *
    cdef bint can_take_aptitude(self, VindicationBoard e, int seat, int a)
    cdef bint any_aptitude(self, VindicationBoard e, int seat)
    cdef void aptitude(self, VindicationBoard e) except *
    cdef bint any_aptitude_held(self, VindicationBoard e, int seat)
    cdef void discard_aptitude(self, VindicationBoard e) except *
    cdef bint recoverable(self, VindicationBoard e, int seat)
    cdef void recover(self, VindicationBoard e) except *
    cdef bint can_redeem(self, VindicationBoard e, int seat)
    cdef void redeem(self, VindicationBoard e) except *
