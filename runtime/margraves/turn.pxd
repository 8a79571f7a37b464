# Types of turn.py for Cython (pure-Python mode).

from .core cimport MargravesCore

cdef class Turn:
    cdef int width
    cdef int build_entry
    cdef int[::1] citizen_pennant
    cdef int[::1] citizen_power
    cdef int[::1] pennant_effect
    cdef int[::1] pennant_native
    cdef int[::1] slot_reward
    cdef int p_deploy

    cdef void play_card(self, MargravesCore e) except *
    cdef bint can_build_here(self, MargravesCore e, int seat) except -1
    cdef bint can_build(self, MargravesCore e, int seat) except -1
    cdef void pennant(self, MargravesCore e) except *
    cdef void recall(self, MargravesCore e) except *
    cdef void recruit(self, MargravesCore e) except *
    cdef void retrieve_played(self, MargravesCore e) except *
    cdef void build_tower(self, MargravesCore e) except *
