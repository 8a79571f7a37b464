# Types of plots.py for Cython (pure-Python mode).

from .core cimport RootCore

cdef class Plots:
    cdef int faction
    cdef int row
    cdef int kinds
    cdef int[::1] copies
    cdef int bomb
    cdef int snare
    cdef int extortion
    cdef int raid
    cdef int o_plots
    cdef int o_faceup
    cdef int o_facedown
    cdef int o_pending
    cdef int extortion_cards
    cdef int raid_warriors
    cdef int exposure_points

    cdef int seat(self, RootCore e) except? -1
    cdef int at(self, RootCore e, int clearing) except? -1
    cdef bint faceup(self, RootCore e, int clearing) except -1
    cdef bint facedown(self, RootCore e, int clearing) except -1
    cdef int kind(self, RootCore e, int clearing) except? -2
    cdef int faceup_count(self, RootCore e, int kind) except? -1
    cdef int supply(self, RootCore e, int kind) except? -1
    cdef bint snared(self, RootCore e, int seat, int clearing) except -1
    cdef void place(self, RootCore e, int clearing, int kind) except *
    cdef void flip(self, RootCore e, int clearing) except *
    cdef void swap(self, RootCore e, int a, int b) except *
    cdef int lift(self, RootCore e, int clearing) except? -2
    cdef void removed(self, RootCore e, int clearing) except *
    cdef void remove_quietly(self, RootCore e, int clearing) except *
    cdef void bomb_blast(self, RootCore e, int seat, int clearing) except *
    cdef void extort(self, RootCore e, int seat, int clearing) except *
    cdef void take_random_card(self, RootCore e, int seat, int other) except *
    cdef bint raids_pending(self, RootCore e) except -1
    cdef void place_raiders(self, RootCore e) except *
    cdef bint spread(self, RootCore e, int seat, int n, bint answered) except -1
    cdef bint can_expose_in(self, RootCore e, int seat, int clearing) except -1
    cdef bint can_expose(self, RootCore e, int seat) except -1
    cdef void expose(self, RootCore e) except *
