# Types of setup.py for Cython (pure-Python mode): the cards' view of the flat state an extension type, its
# commonest questions C calls.

from ..state cimport FlatState

cdef class Cards:
    cdef public FlatState state
    cdef public object game, base
    cdef public list printed_suit, intact_suit, kinds, indices
    cdef dict zones, player_zones
    cdef public tuple piles, piles_to

    cpdef int zone(self, str name, object player=*) except? -1
    cpdef list in_zone(self, int zone)
    cpdef int discard_pile(self, int region) except? -1
    cpdef int discard_target(self, int region) except? -1
    cpdef str kind_of(self, int card)
    cpdef int index_in_kind(self, int card) except? -1
    cpdef int _shown_suit(self, int card) except? -2
    cpdef bint locked(self, int card, int player=*) except? -1
