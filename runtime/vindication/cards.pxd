# Types of cards.py for Cython (pure-Python mode).

from .core cimport VindicationCore

cdef class Cards:

    cdef bint deck_left(self, VindicationCore e, int zone)
    cdef void acquire(self, VindicationCore e) except *
    cdef void offer_enhanced(self, VindicationCore e, int seat, int zone) except *
    cdef int draw_cost(self, VindicationCore e)
    cdef void take(self, VindicationCore e, int seat, int card) except *
    cdef void recruit(self, VindicationCore e) except *
    cdef bint pay_and_acquire(self, VindicationCore e, int attribute, int cost) except -1
    cdef void obtain_trait(self, VindicationCore e) except *
    cdef void fight_monster(self, VindicationCore e) except *
    cdef void load(self, VindicationCore e, int seat, int card, int n)
    cdef void acquire_relic(self, VindicationCore e) except *
    cdef void recharge(self, VindicationCore e) except *
    cdef void upgrade_mount(self, VindicationCore e) except *
    cdef void academy_roll(self, VindicationCore e) except *
    cdef void roll_and_generate(self, VindicationCore e) except *
