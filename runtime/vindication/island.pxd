# Types of island.py for Cython (pure-Python mode).

from .core cimport VindicationCore

cdef class Island:

    cdef int speed(self, VindicationCore e, int seat)
    cdef int reach(self, VindicationCore e, int seat)
    cdef bint can_end(self, VindicationCore e, int seat, int space, int left)
    cdef bint can_move(self, VindicationCore e, int seat, int left)
    cdef void move(self, VindicationCore e) except *
    cdef void step_to(self, VindicationCore e, int seat, int space)
    cdef bint queued(self, VindicationCore e, int slot)
    cdef void discover(self, VindicationCore e, int seat) except *
    cdef bint visitable(self, VindicationCore e, int seat, int slot)
    cdef bint can_visit(self, VindicationCore e, int seat)
    cdef void visit(self, VindicationCore e) except *
    cdef bint can_repeat(self, VindicationCore e, int seat)
    cdef void repeat(self, VindicationCore e) except *
    cdef int control_cost(self, VindicationCore e, int seat, int slot)
    cdef bint controllable(self, VindicationCore e, int seat, int slot)
    cdef bint can_control(self, VindicationCore e, int seat)
    cdef void control(self, VindicationCore e) except *
