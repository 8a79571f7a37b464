# Types of services.py for Cython (pure-Python mode).

from .core cimport RootCore

cdef class Services:
    cdef int faction
    cdef int base
    cdef int per_post
    cdef int[::1] prices
    cdef int nservices
    cdef int hand_card
    cdef int riverboats
    cdef int mercenaries
    cdef int daylight
    cdef int o_payments
    cdef int o_price
    cdef int o_posts
    cdef int o_boats
    cdef int o_hired

    cdef int seller(self, RootCore e) except? -1
    cdef int cost(self, RootCore e, int service) except? -1
    cdef int limit(self, RootCore e, int buyer) except? -1
    cdef bint can_buy_service(self, RootCore e, int buyer, int service) except -1
    cdef bint can_buy(self, RootCore e, int buyer) except -1
    cdef void buy(self, RootCore e) except *
    cdef void turn_ended(self, RootCore e, int seat) except *
    cdef int river_moves(self, RootCore e, int seat) except? -1
    cdef bint hired(self, RootCore e, int seat) except -1
    cdef int rule_warriors(self, RootCore e, int seat, int clearing) except? -1
    cdef int battle_warriors(self, RootCore e, int seat, int clearing, int other) except? -1
    cdef int hired_hits(self, RootCore e, int victim, int clearing, int n, int by) except? -1
