# Types of riverfolk.py for Cython (pure-Python mode).

from .actions cimport Actions
from .core cimport RootCore
from .funds cimport Funds

cdef class Riverfolk:
    cdef Actions actions
    cdef Funds board
    cdef int start_warriors
    cdef int start_payments
    cdef int draw_cards
    cdef int recruit_funds
    cdef int recruit_warriors
    cdef int establish_funds
    cdef int establish_warriors
    cdef int export_warriors
    cdef int o_funds
    cdef int o_track
    cdef int o_posts
    cdef int o_price
    cdef int nservices
    cdef int nprices
    cdef int track_len
    cdef int[::1] post_spaces
    cdef int[::1] post_vp
    cdef int p_pay

    cdef void setup(self, RootCore e) except *
    cdef bint ask_river_clearing(self, RootCore e, int seat, int stage) except -1
    cdef void ask_price(self, RootCore e, int seat, int stage) except *
    cdef void set_costs(self, RootCore e) except *
    cdef void draw(self, RootCore e) except *
    cdef bint can_draw(self, RootCore e) except -1
    cdef bint can_recruit(self, RootCore e, int seat) except -1
    cdef void recruit(self, RootCore e) except *
    cdef bint establish_at(self, RootCore e, int seat, int clearing) except -1
    cdef bint can_establish(self, RootCore e, int seat) except -1
    cdef void establish(self, RootCore e) except *
    cdef int craft_spaces(self, RootCore e, int suit) except? -1
    cdef bint can_craft_any(self, RootCore e, int seat) except -1
    cdef void craft(self, RootCore e) except *
