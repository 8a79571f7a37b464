# Types of vagabond_turn.py for Cython (pure-Python mode).

from .core cimport RootCore
from .vagabond cimport Vagabond

cdef class VagabondTurn:
    cdef Vagabond v

    cdef void setup(self, RootCore e) except *
    cdef void prepare(self, RootCore e, int seat, int character) except *
    cdef void draw_quest(self, RootCore e) except *
    cdef void fill_ruins(self, RootCore e) except *
    cdef bint ruin_item_left(self, RootCore e, int item) except -1
    cdef void refresh(self, RootCore e) except *
    cdef void slip(self, RootCore e) except *
    cdef void rest(self, RootCore e) except *
    cdef void item_limit(self, RootCore e) except *
    cdef bint can_coalesce(self, RootCore e, int seat) except -1
    cdef void coalesce(self, RootCore e) except *
