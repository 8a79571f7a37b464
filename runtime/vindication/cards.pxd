# Types of cards.py for Cython (pure-Python mode).

from .board cimport VindicationBoard

cdef class Cards:

    cdef bint deck_left(self, VindicationBoard e, int zone)
    cdef void acquire(self, VindicationBoard e) except *
    cdef void offer_enhanced(self, VindicationBoard e, int seat, int zone) except *
    cdef int draw_cost(self, VindicationBoard e)
    cdef void take(self, VindicationBoard e, int seat, int card) except *
    cdef void recruit(self, VindicationBoard e) except *
    cdef bint pay_and_acquire(self, VindicationBoard e, int attribute, int cost) except -1
    cdef void obtain_trait(self, VindicationBoard e) except *
    cdef void fight_monster(self, VindicationBoard e) except *
    cdef void load(self, VindicationBoard e, int seat, int card, int n)
    cdef void acquire_relic(self, VindicationBoard e) except *
    cdef void recharge(self, VindicationBoard e) except *
    cdef void upgrade_mount(self, VindicationBoard e) except *
    cdef void draw_secret_quest(self, VindicationBoard e) except *
