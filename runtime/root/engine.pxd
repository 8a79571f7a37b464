# Types of engine.py for Cython (pure-Python mode).

from .actions cimport Actions
from .core cimport RootCore
from .corvids cimport Corvids
from .eyrie cimport Eyrie
from .marquise cimport Marquise

cdef class RootEngine(RootCore):
    cdef int[::1] impl
    cdef int[::1] setup_order
    cdef Actions actions
    cdef Marquise marquise
    cdef Eyrie eyrie
    cdef Corvids corvids
    cdef int p_raid

    cdef void begin_setup(self) except *
    cdef void run_procedure(self, int procedure) except *
    cdef int native_procedure(self, int native) except -1
    cdef bint can_take(self, int seat, int step) except -1
    cdef void setup_game(self) except *
    cdef void standard_setup(self) except *
    cdef void setup_faction(self) except *
    cdef int item_points(self, int seat, int card) except? -1
    cdef int extra_hits(self, int seat, int other, bint attacking) except? -1
    cdef void after_battle(self, int attacker, int defender, int clearing) except *
    cdef void warriors_removed(self, int seat, int clearing, int n) except *
    cdef int draw_bonus(self, int seat) except? -1
    cdef void turn_started(self, int seat) except *
    cdef bint forbids_placing(self, int seat, int clearing) except -1
    cdef bint forbids_moving_out(self, int seat, int clearing) except -1
    cdef bint moves_freely(self, int seat, int origin, int to) except -1
    cdef void piece_removed(self, int seat, int clearing, int piece) except *
    cdef void pieces_removed(self, int seat, int clearing) except *
    cdef void effect_done(self) except *
    cpdef object vm_natives(self)
