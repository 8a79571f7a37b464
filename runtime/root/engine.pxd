# Types of engine.py for Cython (pure-Python mode).

from .actions cimport Actions
from .alliance cimport Alliance
from .conspiracies cimport Conspiracies
from .core cimport RootCore
from .court cimport Court
from .duchy cimport Duchy
from .corvids cimport Corvids
from .eyrie cimport Eyrie
from .lizard_cult cimport LizardCult
from .marquise cimport Marquise
from .sympathy cimport Sympathy
from .parliament cimport Parliament
from .persistent cimport Persistent
from .funds cimport Funds
from .riverfolk cimport Riverfolk
from .services cimport Services
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
    cdef Alliance alliance
    cdef Sympathy sympathy
    cdef LizardCult lizard
    cdef Conspiracies conspiracies
    cdef Duchy duchy
    cdef Parliament parliament
    cdef Court court
    cdef int p_price_of_failure
    cdef Funds funds
    cdef Riverfolk riverfolk
    cdef Services services
    cdef int[::1] step_cost
    cdef int f_riverfolk
    cdef Corvids corvids
    cdef int p_raid
    cdef Vagabond vagabond
    cdef VagabondTurn vagabond_turn
    cdef VagabondBattle vagabond_battle
    cdef VagabondActions vagabond_actions
    cdef VagabondQuests vagabond_quests
    cdef VagabondCharacters vagabond_characters
    cdef Persistent persistent

    cdef void begin_setup(self) except *
    cdef void run_procedure(self, int procedure) except *
    cdef void run_alliance(self, int code) except *
    cdef void run_lizard(self, int code) except *
    cdef void run_riverfolk(self, int code) except *
    cdef void run_vagabond(self, int code) except *
    cdef void take(self, int step) except *
    cdef int native_procedure(self, int native) except -1
    cdef bint can_take(self, int seat, int step) except -1
    cdef bint cost_payable(self, int seat) except -1
    cdef bint vagabond_can_take(self, int seat, int code) except -1
    cdef void setup_game(self) except *
    cdef void standard_setup(self) except *
    cdef void setup_faction(self) except *
    cpdef bint won(self, int seat)
    cdef int item_points(self, int seat, int card) except? -1
    cdef int extra_hits(self, int seat, int other, bint attacking) except? -1
    cdef void after_battle(self, int attacker, int defender, int clearing) except *
    cdef void warriors_removed(self, int seat, int clearing, int n) except *
    cdef void buildings_removed(self, int seat, int clearing, int n) except *
    cdef int draw_bonus(self, int seat) except? -1
    cdef bint defends_high(self, int seat) except -1
    cdef void piece_removed(self, int seat, int clearing, int piece, int by) except *
    cdef void warriors_moved(self, int seat, int origin, int to) except *
    cdef void phase_started(self, int seat, int phase) except *
    cdef int rule_override(self, int clearing) except? -1
    cdef bint crafts_with(self, int seat, int suit) except -1
    cdef int discard_to(self, int card) except? -1
    cdef void lose_warrior(self, int seat, int clearing, bint defending) except *
    cdef int rule_warriors(self, int seat, int clearing) except? -1
    cdef int battle_warriors(self, int seat, int clearing, int other) except? -1
    cdef int hired_hits(self, int victim, int clearing, int n, int by) except? -1
    cdef int river_moves(self, int seat) except? -1
    cdef int crafting_pieces(self, int seat, int suit) except? -1
    cdef int craft_budget(self, int seat) except? -1
    cdef void turn_ended(self, int seat) except *
    cdef void turn_started(self, int seat) except *
    cdef bint forbids_placing(self, int seat, int clearing) except -1
    cdef bint forbids_moving_out(self, int seat, int clearing) except -1
    cdef bint moves_freely(self, int seat, int origin, int to) except -1
    cdef void piece_taken_off(self, int seat, int clearing, int piece) except *
    cdef void pieces_removed(self, int seat, int clearing) except *
    cdef int pawns(self, int seat, int clearing) except? -1
    cdef int rolled_hits_cap(self, int seat, int clearing, int other, bint attacking) except? -1
    cdef bint defenseless(self, int seat, int clearing, int other) except -1
    cdef void battle_step(self, int attacker, int defender, int clearing, int moment) except *
    cdef bint ambush_ignored(self, int seat) except -1
    cdef void removed_by(self, int by, int victim, int clearing, bint warrior, bint in_battle) except *
    cdef bint closed(self, int clearing) except -1
    cdef int instigator(self) except? -1
    cdef void pawn_swept(self, int seat, int clearing) except *
    cdef bint is_enemy(self, int seat, int other) except -1
    cdef void take_item(self, int seat, int item) except *
    cdef void pay_craft(self, int seat, int card) except *
    cdef void effect_done(self) except *
    cpdef object vm_natives(self)
