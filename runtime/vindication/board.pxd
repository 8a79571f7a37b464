# Types of board.py for Cython (pure-Python mode).

from .decks cimport VindicationDecks

cdef class VindicationBoard(VindicationDecks):
    cdef int k_favour, k_fortified, k_monument, monument_size, monument_attributes, monument_aptitudes
    cdef int monument_convictions, favour_step, favour_per_turn
    cdef int k_myths, ronak_slot, ronak_cubes, tuuk_region, myths_spheres, k_myths_spheres
    cdef int[::1] favour_on, favour_n
    cpdef int cubes_of(self, int seat)
    cdef void show_wish(self) except *
    cdef int pos(self, int seat)
    cdef int slot_region(self, int slot)
    cdef int slot_owner(self, int slot)
    cdef bint adjacent_slot(self, int seat, int slot)
    cdef bint within(self, int start, int goal, int n)
    cdef bint beside(self, int seat, int other)
    cdef bint has_neighbour(self, int seat)
    cdef bint occupied(self, int space, int seat)
    cdef void set_control(self, int slot, int seat)
    cdef int bag_left(self)
    cdef void draw_region(self, int slot) except *
    cdef void discover_around(self, int seat) except *
    cdef bint region_possible(self, int region, int seat)
    cdef void honour_visit(self, int seat, int slot) except *
    cdef int activated_hook(self, int seat, int hook)
    cdef int held_hook(self, int seat, int hook)
    cdef int pet_hook(self, int seat, int hook, int master)
    cdef bint protected(self, int slot)
    cdef int favour_at(self, int placement, int target)
    cdef void took_region(self, int seat) except *
    cdef bint visit_left(self, int seat)
    cdef int regions_scored(self, int seat)
    cdef bint ronak_lair(self, int slot)
    cdef int regions_of(self, int seat)
