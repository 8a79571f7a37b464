# Types of preparation.py for Cython (pure-Python mode).

from .board cimport VindicationBoard

cdef class Preparation:

    cdef void set_aside(self, VindicationBoard e) except *
    cdef void setup(self, VindicationBoard e) except *
    cdef void boards(self, VindicationBoard e)
    cdef void decks(self, VindicationBoard e) except *
    cdef void starting_companion(self, VindicationBoard e, int seat) except *
    cdef void late_cards(self, VindicationBoard e) except *
    cdef void quests(self, VindicationBoard e)
    cdef int quest_choices(self, VindicationBoard e, int seat) except -1
    cdef void keep_quest(self, VindicationBoard e, int seat, int kept)
