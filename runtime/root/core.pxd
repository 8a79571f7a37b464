# Types of core.py for Cython (pure-Python mode).

from ..kernel.engine cimport Engine

cdef class RootCore(Engine):
    cdef int clearings
    cdef int ncards
    cdef int nitems
    cdef int seats
    cdef int nsuits
    cdef int[::1] paths
    cdef int[::1] rivers
    cdef int[::1] slots
    cdef int[::1] corner
    cdef int[::1] opposite
    cdef int[::1] card_suit
    cdef int[::1] card_kind
    cdef int[::1] card_item
    cdef int[::1] card_vp
    cdef int[::1] card_cost
    cdef int[::1] card_craftable
    cdef int[::1] die_faces
    cdef int victory_points
    cdef int hand_limit
    cdef int evening_draw_cards
    cdef int dominance_points
    cdef int dominance_clearings
    cdef int ambush_hits
    cdef int defenseless_hits
    cdef int enemy_piece_points
    cdef int battle_dice
    cdef int o_seated
    cdef int o_score
    cdef int o_faction
    cdef int o_suit
    cdef int o_warriors
    cdef int o_supply
    cdef int o_wood
    cdef int o_wood_supply
    cdef int o_roosts
    cdef int o_keep
    cdef int o_ruins
    cdef int o_ruin_items
    cdef int o_deck
    cdef int o_discard
    cdef int o_hand
    cdef int o_play_area
    cdef int o_dominance_available
    cdef int o_dominance_card
    cdef int o_items_supply
    cdef int o_crafted_items
    cdef int o_crafting_used
    cdef int o_removed
    cdef int o_battle_clearing
    cdef int o_corner_field
    cdef int o_opposite_field
    cdef int npieces
    cdef int[::1] piece_faction
    cdef int[::1] piece_building
    cdef int[::1] piece_field
    cdef int[::1] piece_return
    cdef int[::1] piece_crafts
    cdef int[::1] piece_return_suited
    cdef int[::1] seen
    cdef int[::1] todo
    cdef int m_wood
    cdef int m_garrison
    cdef int track_len
    cdef int[::1] m_total
    cdef int[::1] m_rows
    cdef int[::1] m_cost
    cdef int[::1] m_vp
    cdef int[::1] m_draw
    cdef int eyrie_roosts
    cdef int eyrie_start
    cdef int eyrie_new_roost
    cdef int decree_cards
    cdef int decree_birds
    cdef int turmoil_points
    cdef int eyrie_item_points
    cdef int eyrie_recruit
    cdef int charismatic_recruit
    cdef int commander_hits
    cdef int despot_points
    cdef int nleaders
    cdef int[::1] leader_viziers
    cdef int builder
    cdef int charismatic
    cdef int commander
    cdef int despot
    cdef int o_leader
    cdef int o_leader_deposed
    cdef int[::1] o_decree
    cdef int[::1] o_viziers
    cdef int p_move
    cdef int p_battle
    cdef int p_remove_hits
    cdef int p_turmoil
    cdef int p_field_hospitals
    cdef int[::1] card_effect
    cdef int f_marquise
    cdef int f_eyrie
    cdef int f_alliance
    cdef int f_vagabond
    cdef int places
    cdef int burrow
    cdef int o_burrow
    cdef int o_tunnels
    cdef int f_duchy

    cdef int faction(self, int seat) except? -1
    cdef int seat_of(self, int faction) except? -1
    cpdef int role_of(self, int seat) except -1
    cdef int eyrie_recruits(self, int seat) except? -1
    cdef bint adjacent(self, int a, int b) except -1
    cdef bint river(self, int a, int b) except -1
    cdef bint on_river(self, int clearing) except -1
    cdef bint linked(self, int seat, int a, int b) except -1
    cdef int suit_of(self, int clearing) except? -1
    cdef int warriors(self, int clearing, int seat) except? -1
    cdef void add_warriors(self, int clearing, int seat, int n) except *
    cdef int supply(self, int seat) except? -1
    cdef int place_warriors(self, int clearing, int seat, int n) except? -1
    cdef int pieces_of(self, int seat, int clearing, bint building) except? -1
    cdef int buildings_of(self, int seat, int clearing) except? -1
    cdef int tokens_of(self, int seat, int clearing) except? -1
    cdef int buildings_in(self, int clearing) except? -1
    cdef int free_slots(self, int clearing) except? -1
    cdef bint may_place(self, int seat, int clearing) except -1
    cdef bint present(self, int seat, int clearing) except -1
    cdef bint rules(self, int seat, int clearing) except -1
    cdef int ruler(self, int clearing) except? -1
    cdef int ruled_count(self, int seat, int suit) except? -1
    cdef int hand_size(self, int seat) except? -1
    cdef int in_hand(self, int seat, int card) except? -1
    cdef bint matches(self, int card, int suit) except -1
    cdef int draw(self, int seat, int n) except? -1
    cdef int draw_card(self) except? -1
    cdef int random_deck_card(self) except? -1
    cdef void reshuffle(self) except *
    cdef void discard(self, int seat, int card) except *
    cdef void discarded(self, int card, int n) except *
    cdef int roll_die(self) except? -1
    cdef void score(self, int seat, int points) except *
    cdef int points(self, int seat) except? -1
    cdef bint dominance_won(self, int seat) except -1
    cdef void turn_started(self, int seat) except *
    cdef int crafting_pieces(self, int seat, int suit) except? -1
    cdef bint can_craft(self, int seat, int card) except -1
    cdef void pay_craft(self, int seat, int card) except *
    cdef int item_points(self, int seat, int card) except? -1
    cdef int extra_hits(self, int seat, int other, bint attacking) except? -1
    cdef void after_battle(self, int attacker, int defender, int clearing) except *
    cdef void warriors_removed(self, int seat, int clearing, int n) except *
    cdef void buildings_removed(self, int seat, int clearing, int n) except *
    cdef int draw_bonus(self, int seat) except? -1
    cdef bint defends_high(self, int seat) except -1
    cdef void piece_removed(self, int seat, int clearing, int piece, int by) except *
    cdef void warriors_moved(self, int seat, int origin, int to) except *
    cdef int rule_override(self, int clearing) except? -1
    cdef bint crafts_with(self, int seat, int suit) except -1
    cdef int discard_to(self, int card) except? -1
    cdef void lose_warrior(self, int seat, int clearing, bint defending) except *
    cdef int rule_warriors(self, int seat, int clearing) except? -1
    cdef int battle_warriors(self, int seat, int clearing, int other) except? -1
    cdef int hired_hits(self, int victim, int clearing, int n, int by) except? -1
    cdef int river_moves(self, int seat) except? -1
    cdef int craft_budget(self, int seat) except? -1
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
    cdef int piece_count(self, int seat, int clearing, int piece) except? -1
    cdef void remove_warrior(self, int seat, int clearing) except *
    cdef void remove_piece(self, int seat, int clearing, int piece) except *
    cdef bint move_allowed(self, int seat, int origin, int to) except -1
    cdef bint can_move_from(self, int seat, int origin, int suit) except -1
    cdef bint can_move(self, int seat, int suit) except -1
    cdef int battle_targets(self, int seat, int clearing) except? -1
    cdef bint can_battle(self, int seat, int clearing, int suit) except -1
    cdef bint can_craft_any(self, int seat) except -1
    cdef bint has_bird(self, int seat) except -1
    cdef bint has_card_of(self, int seat, int suit) except -1
    cdef bint can_activate(self, int seat) except -1
    cdef bint can_take_dominance(self, int seat) except -1
