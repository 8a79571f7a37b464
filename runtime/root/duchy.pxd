# Types of duchy.py for Cython (pure-Python mode).

from .core cimport RootCore

cdef class Duchy:
    cdef int[::1] rows
    cdef int[::1] total
    cdef int track_len
    cdef int[::1] draws
    cdef int[::1] icons
    cdef int tunnel_row
    cdef int tunnel_count
    cdef int warrior_count
    cdef int surface_warriors
    cdef int surface_tunnels
    cdef int birdsong_warriors
    cdef int recruit_warriors
    cdef int dig_warriors
    cdef int o_revealed
    cdef int o_swayed
    cdef int[::1] o_crowns
    cdef int[::1] crown_count
    cdef int nranks

    cdef int track_field(self, RootCore e, int building) except? -1
    cdef int placed(self, RootCore e, int seat, int building) except? -1
    cdef int tunnels_in(self, RootCore e, int clearing) except? -1
    cdef int tunnel_supply(self, RootCore e, int seat) except? -1
    cdef void move_tunnel(self, RootCore e, int seat, int clearing, int n) except *
    cdef bint may_place(self, RootCore e, int clearing) except -1
    cdef int uncovered(self, RootCore e, int seat, int[::1] icons) except? -1
    cdef int draw_bonus(self, RootCore e, int seat) except? -1
    cdef void reveal(self, RootCore e, int seat, int card) except *
    cdef bint starting_corner(self, RootCore e, int seat, int clearing) except -1
    cdef void setup(self, RootCore e) except *
    cdef void burrow_recruit(self, RootCore e) except *
    cdef bint build_clearing(self, RootCore e, int seat, int clearing, int card, bint any_suit) except -1
    cdef bint card_builds(self, RootCore e, int seat, int card, bint any_suit) except -1
    cdef bint can_build(self, RootCore e, int seat, bint any_suit) except -1
    cdef void build(self, RootCore e) except *
    cdef bint dig_target(self, RootCore e, int seat, int clearing, int card, int removed) except -1
    cdef bint card_digs(self, RootCore e, int seat, int card) except -1
    cdef bint can_dig(self, RootCore e, int seat) except -1
    cdef void dig(self, RootCore e) except *
    cdef bint tunnel_frees(self, RootCore e, int seat, int tunnel) except -1
    cdef void return_revealed(self, RootCore e) except *
