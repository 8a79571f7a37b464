# Types of jewels.py for Cython (pure-Python mode).

from .board cimport VindicationBoard

cdef class Jewels:

    cdef int crystals(self, VindicationBoard e, int seat)
    cdef int supply(self, VindicationBoard e)
    cdef void gain_crystals(self, VindicationBoard e) except *
    cdef void weld_companion(self, VindicationBoard e) except *
    cdef void deliver_crystals(self, VindicationBoard e) except *
    cdef void buy_imbued_crystal(self, VindicationBoard e) except *
    cdef void crystal_substitute(self, VindicationBoard e) except *
