# Types of ending.py for Cython (pure-Python mode).

from .core cimport VindicationCore

cdef class Ending:

    cdef void check_end(self, VindicationCore e) except *
    cdef void trigger_last_round(self, VindicationCore e) except *
    cdef int mastery_total(self, VindicationCore e, int seat, int attribute)
    cdef bint wins_mastery(self, VindicationCore e, int seat, int attribute)
    cdef bint has_most(self, VindicationCore e, int seat, int attribute)
    cdef int board_colours(self, VindicationCore e, int seat)
    cdef int card_colours(self, VindicationCore e, int seat)
    cdef int companions_of_colour(self, VindicationCore e, int seat, int attribute)
    cdef int tokens_left(self, VindicationCore e)
    cdef void final_scoring(self, VindicationCore e) except *
    cdef int ahead(self, VindicationCore e, int a, int b)
    cdef int winner(self, VindicationCore e)
