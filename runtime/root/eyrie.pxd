# Types of eyrie.py for Cython (pure-Python mode).

from .core cimport RootCore

cdef class Eyrie:

    cdef int bird(self, RootCore e) except? -1
    cdef int leader(self, RootCore e, int seat) except? -1
    cdef int roosts_on_map(self, RootCore e) except? -1
    cdef void setup(self, RootCore e) except *
    cdef void choose_leader(self, RootCore e, int seat, int stage) except *
    cdef void emergency_orders(self, RootCore e) except *
    cdef void add_to_decree(self, RootCore e) except *
    cdef void new_roost(self, RootCore e) except *
    cdef int all_warriors(self, RootCore e, int clearing) except? -1
    cdef int column_cards(self, RootCore e, int column, int suit) except? -1
    cdef bint recruit_clearing(self, RootCore e, int seat, int clearing, int suit) except -1
    cdef bint build_clearing(self, RootCore e, int seat, int clearing, int suit) except -1
    cdef bint action_possible(self, RootCore e, int seat, int column, int suit) except -1
    cdef void resolve_decree(self, RootCore e) except *
    cdef void next_card(self, RootCore e, int seat) except *
    cdef void take_action(self, RootCore e, int seat) except *
    cdef void turmoil(self, RootCore e) except *
    cdef int item_points(self, RootCore e, int seat, int card) except? -1
    cdef int extra_hits(self, RootCore e, int seat, bint attacking) except? -1
    cdef void after_battle(self, RootCore e, int seat) except *
