# Types of core.py for Cython (pure-Python mode): the state's attributes as typed slots.

from ..state cimport FlatState
from .setup cimport Cards

cdef class OathCore:
    cdef public object game, numbers, run_vm, natives, frame, known_moves, victory
    cdef public int players, seed, relic_base, site_base, conspiracy, scepter
    cdef public bint conspiracy_runs
    cdef public FlatState flat
    cdef public Cards cards
    cdef public dict base_cost
    cdef public list placeholders, history
    cdef public dict suit_of, restriction, card_of_handle, role_ids, reliquary_modifiers, static_powers
    cdef public dict banner_recover_rules, zone_ids
    cdef public set visions, relics, adviser_zones, relic_zones
    cdef public list edifices, zones_in_play, zones_in_play_faceup
    cdef public tuple edifice_sides, oath_names
    cdef public dict powers, plans, when_played, capacity_powers, modifiers, play_rules, triggered, title_reactions
    cdef public dict battle_rules, redirectors
    cdef public list site_actions, rule_powers
    cdef public set favor_rules, reacting, ignorers
