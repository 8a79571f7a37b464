# Types of dice.py for Cython (pure-Python mode).

from .board cimport VindicationBoard

cdef class Dice:

    cdef void academy_roll(self, VindicationBoard e) except *
    cdef void roll_and_generate(self, VindicationBoard e) except *
    cdef void roll_die(self, VindicationBoard e) except *
    cdef int rolled(self, VindicationBoard e) except? -1
    cdef bint fate_possible(self, VindicationBoard e)
    cdef void take_fate(self, VindicationBoard e, int seat)
