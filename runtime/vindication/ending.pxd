# Types of ending.py for Cython (pure-Python mode).

from .board cimport VindicationBoard

cdef class Ending:

    cdef void check_end(self, VindicationBoard e) except *
    cdef void trigger_last_round(self, VindicationBoard e) except *
    cdef int mastery_total(self, VindicationBoard e, int seat, int attribute)
    cdef bint wins_mastery(self, VindicationBoard e, int seat, int attribute)
    cdef bint has_most(self, VindicationBoard e, int seat, int attribute)
    cdef int board_colours(self, VindicationBoard e, int seat)
    cdef int card_colours(self, VindicationBoard e, int seat)
    cdef int companions_of_colour(self, VindicationBoard e, int seat, int attribute)
    cdef int tokens_left(self, VindicationBoard e)
    cdef void final_scoring(self, VindicationBoard e) except *
    cdef int ahead(self, VindicationBoard e, int a, int b)
    cdef int winner(self, VindicationBoard e)
