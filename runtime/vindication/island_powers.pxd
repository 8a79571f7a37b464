# Types of island_powers.py for Cython (pure-Python mode).

from .board cimport VindicationBoard

cdef class IslandPowers:

    cdef bint extra_visitable(self, VindicationBoard e, int seat, int slot)
    cdef bint can_extra_visit(self, VindicationBoard e, int seat)
    cdef void extra_visit(self, VindicationBoard e) except *
    cdef bint takeable(self, VindicationBoard e, int seat, int slot, int mode)
    cdef int tromperie_cost(self, VindicationBoard e, int seat, int slot)
    cdef void take_control(self, VindicationBoard e) except *
    cdef bint siphon_victim(self, VindicationBoard e, int seat, int other)
    cdef void use_other_conviction(self, VindicationBoard e) except *
    cdef void load_speed_tile(self, VindicationBoard e) except *
    cdef void build_site(self, VindicationBoard e) except *
    cdef void build(self, VindicationBoard e, int seat, int slot, int region, int cost) except *
    cdef void build_discovered(self, VindicationBoard e) except *
