# Types of tracks.py for Cython (pure-Python mode).

from .core cimport MargravesCore

cdef class Tracks:
    cdef int per_section
    cdef int per_point
    cdef int last_space
    cdef int rivers
    cdef int[::1] river_cost
    cdef int[::1] river_privilege
    cdef int[::1] privilege_grant
    cdef int[::1] privilege_reward

    cdef void reward(self, MargravesCore e) except *
    cdef void gain_influence(self, MargravesCore e) except *
    cdef int crossing(self, MargravesCore e, int seat, int g) except? -1
    cdef bint can_advance(self, MargravesCore e, int seat, int g) except -1
    cdef void advance(self, MargravesCore e, int seat, int g) except *
    cdef void gain_privilege(self, MargravesCore e) except *
    cdef bint can_use_grant(self, MargravesCore e, int seat) except -1
    cdef void use_grant(self, MargravesCore e) except *
    cdef void pay_wild(self, MargravesCore e) except *
    cdef void settle_storage(self, MargravesCore e) except *
