# Types of preparation.py for Cython (pure-Python mode).

from .core cimport VindicationCore

cdef class Preparation:

    cdef void setup(self, VindicationCore e) except *
    cdef void boards(self, VindicationCore e)
    cdef void decks(self, VindicationCore e) except *
    cdef void starting_companion(self, VindicationCore e, int seat) except *
    cdef void quests(self, VindicationCore e)
    cdef int quest_choices(self, VindicationCore e, int seat) except -1
    cdef void keep_quest(self, VindicationCore e, int seat, int kept)
