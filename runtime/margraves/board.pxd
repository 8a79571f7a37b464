# Types of board.py for Cython (pure-Python mode).

from .core cimport MargravesCore

cdef class Board:
    cdef int[::1] location_power
    cdef int[::1] segment_reward
    cdef int ship_spaces

    cdef void move_margrave(self, MargravesCore e) except *
    cdef int deploy_targets(self, MargravesCore e, int seat, bint anywhere) except? -1
    cdef void deploy_knight(self, MargravesCore e) except *
    cdef void move_knights(self, MargravesCore e) except *
    cdef void enter_location(self, MargravesCore e) except *
    cdef void naval_action(self, MargravesCore e) except *
    cdef void take_lying_knights(self, MargravesCore e) except *
