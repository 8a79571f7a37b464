# Types of vagabond_actions.py for Cython (pure-Python mode).

from .core cimport RootCore
from .vagabond cimport Vagabond

cdef class VagabondActions:
    cdef Vagabond v

    cdef int move_cost(self, RootCore e, int seat, int to) except? -1
    cdef bint may_move_to(self, RootCore e, int seat, int to) except -1
    cdef bint can_move(self, RootCore e, int seat) except -1
    cdef void move(self, RootCore e) except *
    cdef bint can_battle(self, RootCore e, int seat) except -1
    cdef bint begin_battle(self, RootCore e) except -1
    cdef int ruin_items(self, RootCore e, int clearing) except? -1
    cdef bint can_explore(self, RootCore e, int seat) except -1
    cdef void explore(self, RootCore e) except *
    cdef bint can_aid(self, RootCore e, int seat) except -1
    cdef void aid(self, RootCore e) except *
    cdef int targets(self, RootCore e, int seat, bint ask) except? -1
    cdef bint can_strike(self, RootCore e, int seat) except -1
    cdef void strike(self, RootCore e) except *
    cdef bint can_repair(self, RootCore e, int seat) except -1
    cdef void repair(self, RootCore e) except *
