# Types of vagabond_battle.py for Cython (pure-Python mode).

from .core cimport RootCore
from .vagabond cimport Vagabond

cdef class VagabondBattle:
    cdef Vagabond v
    cdef int p_ally
    cdef int p_protector
    cdef int p_swift_strike
    cdef int p_damage

    cdef void damage_items(self, RootCore e) except *
    cdef void take_hits(self, RootCore e) except *
    cdef void battle_step(self, RootCore e, int attacker, int defender, int clearing, int moment) except *
    cdef void offer_swift_strike(self, RootCore e, int seat) except *
    cdef int allies(self, RootCore e, int seat, int clearing, int defender, bint ask) except? -1
    cdef void choose_ally(self, RootCore e) except *
    cdef void enlist(self, RootCore e) except *
    cdef void swift_strike(self, RootCore e) except *
    cdef int rolled_hits(self, RootCore e, int seat, int clearing, bint attacking) except? -1
    cdef int protection(self, RootCore e) except? -1
    cdef int extra_hits(self, RootCore e, int seat) except? -1
    cdef void after_battle(self, RootCore e) except *
