# Types of founding.py for Cython (pure-Python mode).

from .core cimport MargravesCore

cdef class Founding:
    cdef int knights_total
    cdef int face_up
    cdef int knights_per_location
    cdef int starting_gems
    cdef int towers
    cdef int starting_strength
    cdef int dealt
    cdef int kept
    cdef int start_location
    cdef int ship_start
    cdef int supply_from
    cdef int copies_from
    cdef int copies_columns
    cdef int[::1] supply
    cdef int[::1] copies
    cdef int[::1] starting
    cdef int[::1] privilege_players
    cdef int[::1] monster_boss
    cdef int[::1] wealth_start
    cdef int[::1] wealth_count

    cdef void setup_game(self, MargravesCore e) except *
    cdef void tracking_board(self, MargravesCore e) except *
    cdef void game_board(self, MargravesCore e) except *
    cdef void player_pieces(self, MargravesCore e) except *
    cdef void deal_wealth(self, MargravesCore e) except *
    cdef void wealth_draft(self, MargravesCore e) except *
    cdef void wealth_resolve(self, MargravesCore e) except *
