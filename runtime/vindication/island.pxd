# Types of island.py for Cython (pure-Python mode).

from .board cimport VindicationBoard
from .moves cimport Moves

cdef class Island(Moves):

    cdef bint visitable(self, VindicationBoard e, int seat, int slot)
    cdef bint near_slot(self, VindicationBoard e, int space, int slot, int left)
    cdef bint can_visit(self, VindicationBoard e, int seat)
    cdef void visit(self, VindicationBoard e) except *
    cdef bint can_repeat(self, VindicationBoard e, int seat)
    cdef void repeat(self, VindicationBoard e) except *
    cdef int control_cost(self, VindicationBoard e, int seat, int slot)
    cdef bint controllable(self, VindicationBoard e, int seat, int slot)
    cdef bint can_control(self, VindicationBoard e, int seat)
    cdef void control(self, VindicationBoard e) except *
