# Types of marquise.py for Cython (pure-Python mode).

from .core cimport RootCore

cdef class Marquise:

    cdef int track_field(self, RootCore e, int building) except? -1
    cdef int map_field(self, RootCore e, int building) except? -1
    cdef int placed(self, RootCore e, int seat, int building) except? -1
    cdef void setup(self, RootCore e) except *
    cdef void build_here(self, RootCore e, int seat, int building, int clearing) except *
    cdef int wood_reachable(self, RootCore e, int seat, int clearing) except? -1
    cdef int ruled_region(self, RootCore e, int seat, int start) except? -1
    cdef int build_cost(self, RootCore e, int seat, int building) except? -1
    cdef bint can_build_at(self, RootCore e, int seat, int building, int clearing) except -1
    cdef bint can_build_type(self, RootCore e, int seat, int building) except -1
    cdef bint can_build(self, RootCore e, int seat) except -1
    cdef void build(self, RootCore e) except *
    cdef void pay_wood(self, RootCore e, int seat) except *
    cdef bint wood_connected(self, RootCore e, int seat, int start, int target) except -1
    cdef int keep_clearing(self, RootCore e) except? -1
    cdef bint can_heal(self, RootCore e, int seat, int clearing) except -1
    cdef void field_hospitals(self, RootCore e) except *
    cdef int draw_bonus(self, RootCore e, int seat) except? -1
