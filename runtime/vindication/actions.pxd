# Types of actions.py for Cython (pure-Python mode).

from .core cimport VindicationCore

cdef class Actions:

    cdef void activate(self, VindicationCore e) except *
    cdef void rest(self, VindicationCore e) except *
    cdef bint can_convert(self, VindicationCore e, int seat, int heroic)
    cdef bint any_conversion(self, VindicationCore e, int seat)
    cdef void convert(self, VindicationCore e) except *
    cdef bint can_take_aptitude(self, VindicationCore e, int seat, int a)
    cdef bint any_aptitude(self, VindicationCore e, int seat)
    cdef void aptitude(self, VindicationCore e) except *
    cdef bint any_aptitude_held(self, VindicationCore e, int seat)
    cdef void discard_aptitude(self, VindicationCore e) except *
    cdef bint recoverable(self, VindicationCore e, int seat)
    cdef void recover(self, VindicationCore e) except *
    cdef bint can_redeem(self, VindicationCore e, int seat)
    cdef void redeem(self, VindicationCore e) except *
