# Types of menagerie.py for Cython (pure-Python mode).

from .board cimport VindicationBoard

cdef class Menagerie:
    cdef bint on
    cdef int market, rebind_cost, zone_pets, k_master, k_used
    cdef int[::1] needs_relic

    cdef void fill_market(self, VindicationBoard e) except *
    cdef void setup(self, VindicationBoard e) except *
    cdef void new_turn(self, VindicationBoard e)
    cdef int master(self, VindicationBoard e, int pet)
    cdef bint master_lost(self, VindicationBoard e, int seat, int pet)
    cdef int offer_masters(self, VindicationBoard e, int seat, int pet) except? -1
    cdef void abandon_pets(self, VindicationBoard e, int seat, int master) except *
    cdef void remove_card(self, VindicationBoard e) except *
    cdef void bind(self, VindicationBoard e, int seat, int pet, int master) except *
    cdef bint priced(self, VindicationBoard e, int seat, int n, int lowered) except -1
    cdef void tame_pet(self, VindicationBoard e) except *
    cdef void take_pet(self, VindicationBoard e, int seat, int n, int lowered) except *
    cdef bint rebindable(self, VindicationBoard e, int seat, int pet)
    cdef bint can_rebind(self, VindicationBoard e, int seat)
    cdef void rebind_pet(self, VindicationBoard e) except *
    cdef bint usable_pet(self, VindicationBoard e, int seat, int pet)
    cdef bint holds_relic(self, VindicationBoard e, int seat)
    cdef bint can_use_pet(self, VindicationBoard e, int seat)
    cdef void use_pet(self, VindicationBoard e) except *
    cdef void move_trigger_token(self, VindicationBoard e) except *
    cdef void flip_deck_top(self, VindicationBoard e) except *
