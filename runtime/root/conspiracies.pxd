# Types of conspiracies.py for Cython (pure-Python mode).

from .core cimport RootCore
from .lizard_cult cimport LizardCult

cdef class Conspiracies:
    cdef LizardCult cult
    cdef int crusade_cost
    cdef int convert_cost
    cdef int sanctify_cost
    cdef int discount
    cdef int converts

    cdef int cost(self, RootCore e, int which) except? -1
    cdef void pay(self, RootCore e, int seat, int which) except *
    cdef bint can(self, RootCore e, int seat, int which) except -1
    cdef void crusade(self, RootCore e) except *
    cdef bint convert_clearing(self, RootCore e, int seat, int clearing) except -1
    cdef void convert(self, RootCore e) except *
    cdef int enemy_building(self, RootCore e, int seat, int clearing, int piece) except? -1
    cdef bint sanctify_clearing(self, RootCore e, int seat, int clearing) except -1
    cdef void sanctify(self, RootCore e) except *
