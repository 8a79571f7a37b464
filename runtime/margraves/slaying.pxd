# Types of slaying.py for Cython (pure-Python mode).

from .core cimport MargravesCore

cdef class Slaying:
    cdef int[::1] strength
    cdef int[::1] magic
    cdef int[::1] influence
    cdef int[::1] monster_reward
    cdef int knight_strength

    cdef bint can_pay(self, MargravesCore e, int seat, int m) except -1
    cdef int targets(self, MargravesCore e, int seat) except? -1
    cdef void slay_monster(self, MargravesCore e) except *
    cdef void entomb(self, MargravesCore e, int seat) except *
    cdef void knight_out(self, MargravesCore e, int seat) except *
