# Types of sympathy.py for Cython (pure-Python mode).

from .alliance cimport Alliance
from .core cimport RootCore

cdef class Sympathy:
    cdef int sympathy_count
    cdef int[::1] sympathy_cost
    cdef int[::1] sympathy_vp
    cdef int sympathy_limit
    cdef int revolt_supporters
    cdef int revolt_officers
    cdef int martial_law_warriors
    cdef int martial_law_supporters
    cdef int organize_warriors
    cdef int p_remove_enemy_pieces

    cdef bint revolt_clearing(self, RootCore e, Alliance a, int seat, int clearing) except -1
    cdef bint can_revolt(self, RootCore e, Alliance a, int seat) except -1
    cdef void revolt(self, RootCore e, Alliance a) except *
    cdef void found_base(self, RootCore e, Alliance a, int seat, int clearing) except *
    cdef int sympathy_cost_in(self, RootCore e, Alliance a, int seat, int clearing) except? -1
    cdef bint can_hold_sympathy(self, RootCore e, Alliance a, int seat, int clearing) except -1
    cdef bint spread_clearing(self, RootCore e, Alliance a, int seat, int clearing) except -1
    cdef bint can_spread(self, RootCore e, Alliance a, int seat) except -1
    cdef void spread_sympathy(self, RootCore e, Alliance a) except *
    cdef void place_sympathy(self, RootCore e, Alliance a, int seat, int clearing) except *
    cdef bint organize_clearing(self, RootCore e, Alliance a, int seat, int clearing) except -1
    cdef bint can_organize(self, RootCore e, Alliance a, int seat) except -1
    cdef void organize(self, RootCore e, Alliance a) except *
