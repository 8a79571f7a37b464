# Types of alliance.py for Cython (pure-Python mode).

from .core cimport RootCore

cdef class Alliance:
    cdef int o_supporters
    cdef int o_officers
    cdef int sympathy_row
    cdef int base_row
    cdef int[::1] base_draw
    cdef int starting_supporters
    cdef int supporters_limit
    cdef int officers_lost_divisor
    cdef int outrage_cards
    cdef int mobilize_cards
    cdef int train_officers
    cdef int operations_per_officer
    cdef int recruit_warriors
    cdef int operations_budget
    cdef int evening
    cdef int p_outrage
    cdef int p_removing_bases

    cdef int sympathy(self, RootCore e, int clearing) except? -1
    cdef int sympathy_placed(self, RootCore e) except? -1
    cdef int base(self, RootCore e, int clearing) except? -1
    cdef bint base_built(self, RootCore e, int suit) except -1
    cdef int bases_on_map(self, RootCore e) except? -1
    cdef int officers(self, RootCore e, int seat) except? -1
    cdef void add_officers(self, RootCore e, int seat, int n) except *
    cdef int supporter(self, RootCore e, int seat, int card) except? -1
    cdef int stack_size(self, RootCore e, int seat) except? -1
    cdef int matching_supporters(self, RootCore e, int seat, int suit) except? -1
    cdef void gain_supporter(self, RootCore e, int seat, int card) except *
    cdef void discard_supporter(self, RootCore e, int seat, int card) except *
    cdef void ask_supporter(self, RootCore e, int seat, int suit, int stage) except *
    cdef void setup(self, RootCore e) except *
    cdef void mobilize(self, RootCore e) except *
    cdef bint train_card(self, RootCore e, int card) except -1
    cdef bint can_train(self, RootCore e, int seat) except -1
    cdef void train(self, RootCore e) except *
    cdef bint can_recruit(self, RootCore e, int seat) except -1
    cdef void recruit(self, RootCore e) except *
    cdef int operations(self, RootCore e, int seat) except? -1
    cdef int draw_bonus(self, RootCore e) except? -1
    cdef void outrage(self, RootCore e) except *
    cdef void draw_supporter(self, RootCore e, int seat) except *
    cdef void removing_bases(self, RootCore e) except *
    cdef void piece_removed(self, RootCore e, int seat, int clearing, int piece, int by) except *
    cdef void warriors_moved(self, RootCore e, int seat, int to) except *
