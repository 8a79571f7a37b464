# Types of abilities.py for Cython (pure-Python mode).

from .board cimport VindicationBoard

cdef class Abilities:

    cdef int activated_card(self, VindicationBoard e)
    cdef bint affordable(self, VindicationBoard e, int seat, int card)
    cdef void pay_with_crystals(self, VindicationBoard e, int seat, int card) except *
    cdef bint can_use_ability(self, VindicationBoard e, int seat)
    cdef void ability(self, VindicationBoard e) except *
    cdef bint usable_relic(self, VindicationBoard e, int seat, int card)
    cdef bint can_use_relic(self, VindicationBoard e, int seat)
    cdef void use_relic(self, VindicationBoard e) except *
    cdef void recharge(self, VindicationBoard e, int seat, int card)
    cdef void praise(self, VindicationBoard e, int seat, int card) except *
    cdef void react(self, VindicationBoard e) except *
    cdef void passives(self, VindicationBoard e) except *
    cdef void use_other_trait(self, VindicationBoard e) except *
    cdef bint usable_trait(self, VindicationBoard e, int seat, int card)
    cdef bint can_use_trait(self, VindicationBoard e, int seat)
    cdef void use_trait(self, VindicationBoard e) except *
