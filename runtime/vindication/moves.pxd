# Types of moves.py for Cython (pure-Python mode).

from .board cimport VindicationBoard

cdef class Moves:

    cdef int speed(self, VindicationBoard e, int seat)
    cdef int reach(self, VindicationBoard e, int seat)
    cdef int split_left(self, VindicationBoard e, int seat)
    cdef bint along_coast(self, VindicationBoard e, int seat)
    cdef int coastal_step(self, VindicationBoard e, int space, bint onward)
    cdef int next_space(self, VindicationBoard e, int space, int i, bint coast)
    cdef bint can_end(self, VindicationBoard e, int seat, int space, int left, bint coast)
    cdef bint can_move(self, VindicationBoard e, int seat, int left)
    cdef void move(self, VindicationBoard e) except *
    cdef void step_to(self, VindicationBoard e, int seat, int space)
    cdef void oppress(self, VindicationBoard e, int seat, int space) except *
    cdef void crossed(self, VindicationBoard e, int seat, int space) except *
    cdef bint queued(self, VindicationBoard e, int slot)
    cdef void discover(self, VindicationBoard e, int seat) except *
