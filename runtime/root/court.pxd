# Types of court.py for Cython (pure-Python mode).

from .core cimport RootCore
from .duchy cimport Duchy

cdef class Court:
    cdef Duchy duchy
    cdef int nministers
    cdef int[::1] rank
    cdef int[::1] reveal
    cdef int[::1] crown_vp
    cdef int crown_len
    cdef int failure_discards
    cdef int[::1] chosen

    cdef bint swayed(self, RootCore e, int minister) except -1
    cdef int holding(self, RootCore e, int seat, int suit) except? -1
    cdef bint completable(self, RootCore e, int seat, int need, int extra) except -1
    cdef bint can_sway_minister(self, RootCore e, int seat, int minister) except -1
    cdef bint can_sway(self, RootCore e, int seat) except -1
    cdef void sway(self, RootCore e) except *
    cdef void crown(self, RootCore e, int seat, int minister) except *
    cdef void price_of_failure(self, RootCore e) except *
    cdef int random_card(self, RootCore e, int seat) except? -1
