# Types of vagabond_characters.py for Cython (pure-Python mode).

from .core cimport RootCore
from .vagabond cimport Vagabond

cdef class VagabondCharacters:
    cdef Vagabond v
    cdef int p_remove_enemy_pieces

    cdef bint victim(self, RootCore e, int seat, int other) except -1
    cdef bint labor(self, RootCore e, int seat, int card) except -1
    cdef bint attacker(self, RootCore e, int seat, int other) except -1
    cdef bint can_special(self, RootCore e, int seat) except -1
    cdef void special(self, RootCore e) except *
    cdef void scorch(self, RootCore e, int seat) except *
    cdef void steal(self, RootCore e, int seat, int other) except *
    cdef void hideout(self, RootCore e, int seat) except *
