# Types of cleanup.py for Cython (pure-Python mode).

from .core cimport MargravesCore

cdef class Cleanup:
    cdef int[::1] slot_row
    cdef int[::1] slot_column
    cdef int[::1] line_column
    cdef int[::1] line_index
    cdef int[::1] line_reward
    cdef int face_up
    cdef int knights_per_location
    cdef int scoring_entry

    cdef void end_of_turn(self, MargravesCore e) except *
    cdef bint line_full(self, MargravesCore e, int line) except -1
    cdef void tomb_rewards(self, MargravesCore e, int seat) except *
    cdef void empty_tombs(self, MargravesCore e) except *
    cdef void refill_privileges(self, MargravesCore e) except *
    cdef void flip_piles(self, MargravesCore e) except *
    cdef void refill_line(self, MargravesCore e) except *
    cdef void declare_winner(self, MargravesCore e) except *
