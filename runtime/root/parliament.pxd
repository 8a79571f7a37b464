# Types of parliament.py for Cython (pure-Python mode).

from .core cimport RootCore
from .duchy cimport Duchy

cdef class Parliament:
    cdef Duchy duchy
    cdef int nministers
    cdef int[::1] rank
    cdef int[::1] effect
    cdef int lord
    cdef int foremole
    cdef int captain
    cdef int marshal
    cdef int brigadier
    cdef int banker
    cdef int mayor
    cdef int duchess
    cdef int baron
    cdef int earl
    cdef int p_build
    cdef int brigadier_actions
    cdef int banker_points
    cdef int duchess_points
    cdef int baron_points
    cdef int earl_points

    cdef bint swayed(self, RootCore e, int minister) except -1
    cdef bint can_act(self, RootCore e, int seat, int minister) except -1
    cdef bint can_hold(self, RootCore e, int seat) except -1
    cdef void parliament(self, RootCore e) except *
    cdef void minister_action(self, RootCore e) except *
    cdef bint action_possible(self, RootCore e, int seat, int procedure) except -1
    cdef void brigade(self, RootCore e) except *
    cdef void bank(self, RootCore e) except *
    cdef void cash(self, RootCore e, int seat) except *
    cdef bint stands_in_for(self, RootCore e, int seat, int minister) except -1
    cdef void stand_in(self, RootCore e) except *
