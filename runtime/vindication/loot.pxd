# Types of loot.py for Cython (pure-Python mode).

from .board cimport VindicationBoard
from .cards cimport Cards

cdef class LootPowers:
    cdef int[::1] card_loot_native, card_loot_arg, blind_deck

    cdef bint possible(self, VindicationBoard e, int seat, int card) except -1
    cdef void acquire_blind(self, VindicationBoard e, Cards cards) except *
    cdef int count_own(self, VindicationBoard e, int seat, int what, bint offer=*) except -1
    cdef int count_board(self, VindicationBoard e, int what, bint offer=*) except -1
    cdef int blind_relic(self, VindicationBoard e)
    cdef bint returnable_aptitude(self, VindicationBoard e, int seat, int a)
    cdef void swap_card(self, VindicationBoard e) except *
    cdef void exchange_aptitude(self, VindicationBoard e, int seat, int given, int taken)
    cdef void exchange_card(self, VindicationBoard e, int seat, int given, int answer) except *
    cdef int count_active_triggers(self, VindicationBoard e, bint offer=*) except -1
    cdef void replace_active_trigger(self, VindicationBoard e) except *
