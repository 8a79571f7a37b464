# Types of corvids.py for Cython (pure-Python mode).

from .core cimport RootCore
from .plots cimport Plots

cdef class Corvids:
    cdef readonly Plots plots
    cdef int faction
    cdef int warriors
    cdef int daylight
    cdef int nsteps
    cdef int o_placed
    cdef int o_exerted
    cdef int per_clearing
    cdef int scatter
    cdef int flip_points
    cdef int recruit_warriors
    cdef int plot_warriors
    cdef int plot_extra
    cdef int exert_actions
    cdef int extortion_draw
    cdef int agents_hits

    cdef int bird(self, RootCore e) except? -1
    cdef void setup(self, RootCore e) except *
    cdef void turn_started(self, RootCore e, int seat) except *
    cdef bint can_flip_in(self, RootCore e, int seat, int clearing) except -1
    cdef bint can_flip(self, RootCore e, int seat) except -1
    cdef void flip(self, RootCore e) except *
    cdef int recruit_mask(self, RootCore e, int seat, int suit) except? -1
    cdef bint recruits_with(self, RootCore e, int seat, int card) except -1
    cdef bint can_recruit(self, RootCore e, int seat) except -1
    cdef void recruit(self, RootCore e) except *
    cdef int plot_cost(self, RootCore e, int seat) except? -1
    cdef bint can_plot_in(self, RootCore e, int seat, int clearing) except -1
    cdef bint can_plot(self, RootCore e, int seat) except -1
    cdef void plot(self, RootCore e) except *
    cdef bint trick_partner(self, RootCore e, int a, int b) except -1
    cdef bint can_trick_from(self, RootCore e, int a) except -1
    cdef bint can_trick(self, RootCore e, int seat) except -1
    cdef void trick(self, RootCore e) except *
    cdef int offer_actions(self, RootCore e, int seat) except? -1
    cdef bint can_exert(self, RootCore e, int seat) except -1
    cdef void exert(self, RootCore e) except *
    cdef int draw_bonus(self, RootCore e, int seat) except? -1
    cdef int extra_hits(self, RootCore e, bint attacking) except? -1
