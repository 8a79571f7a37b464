# Types of island.py for Cython (pure-Python mode).

from .board cimport VindicationBoard

cdef class Island:

    cdef int speed(self, VindicationBoard e, int seat)
    cdef int reach(self, VindicationBoard e, int seat)
    cdef bint can_end(self, VindicationBoard e, int seat, int space, int left)
    cdef bint can_move(self, VindicationBoard e, int seat, int left)
    cdef void move(self, VindicationBoard e) except *
    cdef void step_to(self, VindicationBoard e, int seat, int space)
    cdef void oppress(self, VindicationBoard e, int seat, int space) except *
    cdef void crossed(self, VindicationBoard e, int seat, int space) except *
    cdef bint queued(self, VindicationBoard e, int slot)
    cdef void discover(self, VindicationBoard e, int seat) except *
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
