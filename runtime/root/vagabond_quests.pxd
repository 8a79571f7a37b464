# Types of vagabond_quests.py for Cython (pure-Python mode).

from .core cimport RootCore
from .vagabond cimport Vagabond
from .vagabond_turn cimport VagabondTurn

cdef class VagabondQuests:
    cdef Vagabond v
    cdef VagabondTurn turn

    cdef int improvisations(self, RootCore e, int seat) except? -1
    cdef bint payable(self, RootCore e, int seat, int quest, int index, int used, int improvise) except -1
    cdef int can_pay(self, RootCore e, int seat, int quest, int index, bint ask) except? -1
    cdef bint can_quest_with(self, RootCore e, int seat, int quest) except -1
    cdef bint can_quest(self, RootCore e, int seat) except -1
    cdef void quest(self, RootCore e) except *
