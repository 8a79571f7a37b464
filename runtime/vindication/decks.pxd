# Types of decks.py for Cython (pure-Python mode).

from .payments cimport VindicationPayments

cdef class VindicationDecks(VindicationPayments):
    cdef int zone(self, int card)
    cdef int owner(self, int card)
    cdef bint owns(self, int seat, int card)
    cdef int top_facedown(self, int zone)
    cdef bint active_trigger(self, int card)
    cdef int top_faceup(self, int zone)
    cdef void refill(self, int zone) except *
    cdef void shuffle(self, int zone) except *
    cdef void put(self, int card, int zone, int seat)
    cdef int card_cost(self, int cost)
    cdef void card_obtained(self, int seat)
    cdef void gain_card(self, int seat, int card) except *
    cdef void lose_card(self, int seat, int card) except *
    cdef int champion(self, int seat)
