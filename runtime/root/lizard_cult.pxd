# Types of lizard_cult.py for Cython (pure-Python mode).

from .core cimport RootCore

cdef class LizardCult:
    cdef int faction
    cdef int garden
    cdef int o_gardens
    cdef int o_track
    cdef int o_outcast
    cdef int o_hated
    cdef int o_lost_souls
    cdef int o_revealed
    cdef int o_scored
    cdef int o_acolytes
    cdef int starting_warriors
    cdef int adjacent_warriors
    cdef int rule_gardens
    cdef int fear_discards
    cdef int recruits
    cdef int sacrifices
    cdef int scores_per_suit
    cdef int track_len
    cdef int[::1] spaces
    cdef int[::1] garden_vp
    cdef int[::1] garden_draw

    cdef int outcast(self, RootCore e) except? -1
    cdef bint hated(self, RootCore e) except -1
    cdef int on_track(self, RootCore e, int seat, int suit) except? -1
    cdef int placed(self, RootCore e, int seat, int suit) except? -1
    cdef void place_garden(self, RootCore e, int seat, int clearing) except *
    cdef bint can_garden(self, RootCore e, int seat, int clearing) except -1
    cdef void to_acolytes(self, RootCore e, int seat, int n) except *
    cdef void setup(self, RootCore e) except *
    cdef void corners(self, RootCore e, int seat) except *
    cdef void adjust_outcast(self, RootCore e) except *
    cdef void discard_lost_souls(self, RootCore e) except *
    cdef bint target(self, RootCore e, int seat, int ritual, int clearing, int suit) except -1
    cdef bint suit_fits(self, RootCore e, int seat, int ritual, int suit) except -1
    cdef bint can_ritual(self, RootCore e, int seat, int ritual) except -1
    cdef void ritual(self, RootCore e, int ritual) except *
    cdef void score(self, RootCore e, int seat, int card) except *
    cdef void return_revealed(self, RootCore e) except *
    cdef int rule_override(self, RootCore e, int clearing) except? -1
    cdef bint crafts_with(self, RootCore e, int suit) except -1
    cdef int discard_to(self, RootCore e) except? -1
    cdef void revenge(self, RootCore e, int seat, int clearing) except *
    cdef void fear_of_the_faithful(self, RootCore e, int seat) except *
    cdef int draw_bonus(self, RootCore e, int seat) except? -1
