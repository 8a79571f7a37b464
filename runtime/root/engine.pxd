# Types of engine.py for Cython (pure-Python mode).

from .actions cimport Actions
from .core cimport RootCore
from .eyrie cimport Eyrie
from .marquise cimport Marquise
from .vagabond cimport Vagabond
from .vagabond_actions cimport VagabondActions
from .vagabond_battle cimport VagabondBattle
from .vagabond_characters cimport VagabondCharacters
from .vagabond_quests cimport VagabondQuests
from .vagabond_turn cimport VagabondTurn

cdef class RootEngine(RootCore):
    cdef int[::1] impl
    cdef int[::1] setup_order
    cdef Actions actions
    cdef Marquise marquise
    cdef Eyrie eyrie
    cdef Vagabond vagabond
    cdef VagabondTurn vagabond_turn
    cdef VagabondBattle vagabond_battle
    cdef VagabondActions vagabond_actions
    cdef VagabondQuests vagabond_quests
    cdef VagabondCharacters vagabond_characters

    cdef void begin_setup(self) except *
    cdef void run_procedure(self, int procedure) except *
    cdef void run_vagabond(self, int code) except *
    cdef int native_procedure(self, int native) except -1
    cdef bint can_take(self, int seat, int step) except -1
    cdef bint vagabond_can_take(self, int seat, int code) except -1
    cdef void setup_game(self) except *
    cdef void standard_setup(self) except *
    cdef void setup_faction(self) except *
    cpdef bint won(self, int seat)
    cdef int item_points(self, int seat, int card) except? -1
    cdef int extra_hits(self, int seat, int other, bint attacking) except? -1
    cdef void after_battle(self, int attacker, int defender, int clearing) except *
    cdef void warriors_removed(self, int seat, int clearing, int n) except *
    cdef int draw_bonus(self, int seat) except? -1
    cdef int pawns(self, int seat, int clearing) except? -1
    cdef int rolled_hits_cap(self, int seat, int clearing, bint attacking) except? -1
    cdef bint defenseless(self, int seat, int clearing) except -1
    cdef void battle_step(self, int attacker, int defender, int clearing, int moment) except *
    cdef void piece_removed(self, int by, int victim, int clearing, bint warrior, bint in_battle) except *
    cdef bint closed(self, int clearing) except -1
    cdef int instigator(self) except? -1
    cdef void pawn_swept(self, int seat, int clearing) except *
    cdef bint is_enemy(self, int seat, int other) except -1
    cdef void take_item(self, int seat, int item) except *
    cdef int crafting_pieces(self, int seat, int suit) except? -1
    cdef void pay_craft(self, int seat, int card) except *
    cdef void effect_done(self) except *
    cpdef object vm_natives(self)
