# Types of persistent.py for Cython (pure-Python mode).

from .core cimport RootCore

cdef class Persistent:
    cdef int[::1] card_timing
    cdef int[::1] card_phase
    cdef int[::1] card_needs_warriors
    cdef int[::1] step_card
    cdef int seats
    cdef int o_used
    cdef int o_extra_hits
    cdef int o_rolled_ignored
    cdef int o_ambush_ignored
    cdef int o_attacker
    cdef int o_defender
    cdef int o_seen
    cdef int o_seen_of
    cdef int p_effects

    cdef void run(self, RootCore e, int which) except *
    cdef bint in_play(self, RootCore e, int seat, int card) except -1
    cdef bint acts(self, RootCore e, int seat, int card, int timing, int phase) except -1
    cdef bint any_acts(self, RootCore e, int seat, int timing, int phase) except -1
    cdef void phase_started(self, RootCore e, int seat, int phase) except *
    cdef void battle_step(self, RootCore e, int attacker, int defender, int moment) except *
    cdef bint ambush_ignored(self, RootCore e, int seat) except -1
    cdef void effects(self, RootCore e) except *
    cdef void clear_hooks(self, RootCore e) except *
    cdef void read_hooks(self, RootCore e, int attacker, int timing) except *
    cdef void change_hits(self, RootCore e, int at, bint ignored, int extra) except *
    cdef int card_of(self, int step)
    cdef bint can_use(self, RootCore e, int seat, int step) except -1
    cdef void use(self, RootCore e, int step) except *
    cdef void turn_ended(self, RootCore e, int seat) except *
    cdef void discard_crafted(self, RootCore e, int seat, int card) except *
    cdef void take_random_card(self, RootCore e, int taker, int victim) except *
    cdef void look_at_hand(self, RootCore e, int seat, int other) except *
