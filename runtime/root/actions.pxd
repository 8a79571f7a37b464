# Types of actions.py for Cython (pure-Python mode).

from .core cimport RootCore

cdef class Actions:

    cdef void move(self, RootCore e) except *
    cdef int ambushes(self, RootCore e, int seat, int clearing) except? -1
    cdef void battle(self, RootCore e) except *
    cdef void ambush_hits(self, RootCore e) except *
    cdef void roll(self, RootCore e) except *
    cdef void dice(self, RootCore e) except *
    cdef void deal(self, RootCore e) except *
    cdef void hits(self, RootCore e, int victim, int clearing, int n, int by, bint defending) except *
    cdef void remove_hits(self, RootCore e) except *
    cdef void take_piece(self, RootCore e, int victim, int clearing, int piece) except *
    cdef void remove_enemy_pieces(self, RootCore e) except *
    cdef void craft(self, RootCore e) except *
    cdef bint craft_card(self, RootCore e, int seat, int k) except -1
    cdef bint make_card(self, RootCore e, int seat, int k, int resume) except -1
    cdef void evening_draw(self, RootCore e) except *
    cdef void discard_down(self, RootCore e) except *
    cdef void spend_card(self, RootCore e) except *
    cdef void extra_action(self, RootCore e) except *
    cdef void dominance_activate(self, RootCore e) except *
    cdef void dominance_take(self, RootCore e) except *
