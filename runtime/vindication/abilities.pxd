# Types of abilities.py for Cython (pure-Python mode).

from .core cimport VindicationCore

cdef class Abilities:

    cdef int activated_card(self, VindicationCore e)
    cdef bint can_use_ability(self, VindicationCore e, int seat)
    cdef void ability(self, VindicationCore e) except *
    cdef bint usable_relic(self, VindicationCore e, int seat, int card)
    cdef bint can_use_relic(self, VindicationCore e, int seat)
    cdef void use_relic(self, VindicationCore e) except *
    cdef void passives(self, VindicationCore e) except *
