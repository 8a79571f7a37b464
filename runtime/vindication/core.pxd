# Types of core.py for Cython (pure-Python mode).

from ..kernel.engine cimport Engine

cdef class VindicationCore(Engine):
    cdef int sacred_stones, nrules, seats, ncards, nslots, nspaces, nregions, nattributes, ntriggers, mounts, turn_flags
    cdef int ncoast
    cdef int o_influence, o_power, o_attr, o_card_cubes, o_score, o_seated, o_current, o_side, o_mount
    cdef int o_speed_bonus, o_controlled, o_aptitudes, o_tokens_taken, o_quests_done, o_zone, o_order, o_faceup
    cdef int o_owner, o_seen
    cdef int k_wish, nwishes, wishes_shown, wishing_well
    cdef int k_pos, k_slot, k_slot_owner, k_bag, k_token, k_stock, k_gained, k_turn, k_game, k_options
    cdef int k_speed_cubes, k_aside, k_treachery_card, k_treachery_slot
    cdef int site_region, construction_sites, site_cost
    cdef int k_pet_master, k_token_shift
    cdef bint pets_in_game
    cdef int zone_box, zone_party, zone_quests, zone_quest_deck, zone_trigger_deck
    cdef int monster_die_faces, attribute_die_faces
    cdef int[::1] card_kind, card_deck, card_colour, card_honour, card_generation, card_initiative, card_starter
    cdef int[::1] card_in_game, card_effect, card_mastery_bonus, relic_charges, quest_effect, quest_honour
    cdef int[::1] card_local, card_activated, card_on_join, card_passive, card_late, card_needs
    cdef int[::1] card_event, card_reactive, card_react_limit, rule_offset, rule_base, card_hook, card_hook_n
    cdef int[::1] card_event_n, card_neighbour, card_hook_m
    cdef int[::1] deck_zone, space_slots, space_next
    cdef int[::1] region_count, region_effect, region_repeatable, region_controllable, region_cost_attr
    cdef int[::1] region_cost, region_need, region_effect_cost
    cdef int[::1] numbers, mount_speed, mount_honour, mastery_honour, character_generation, recipe
    cdef int[::1] monster_die, attribute_die, trigger_space, start_cubes, wish_reward

    cdef int num(self, int i)
    cdef int rule(self, int i)
    cdef void set_rule(self, int i, int value)
    cdef void reset_rules(self)
    cdef int option_of(self, int i)
    cdef int game_flag(self, int i)
    cdef void set_game_flag(self, int i, int value)
    cdef int influence(self, int seat)
    cdef int sphere(self, int sphere, int seat)
    cdef void add_sphere(self, int sphere, int seat, int n)
    cdef int attr(self, int attribute, int seat)
    cdef int generate(self, int seat, int attribute, int n)
    cdef void spend(self, int seat, int attribute, int n)
    cdef void exalt(self, int seat, int sphere)
    cdef bint can_exalt(self, int seat)
    cdef void use_conviction(self, int seat, int n)
    cdef int card_cubes(self, int card)
    cdef int score(self, int seat)
    cdef void gain_honour(self, int seat, int n)
    cdef void effect_done(self) except *
    cdef void count_honour(self, int source) except *
    cdef int token_space(self, int i)
    cdef void reveal_trigger(self) except *
    cdef void fire(self, int seat, int event) except *
    cdef void fire_reaching(self, int seat, int event, int amount) except *
    cdef bint answers(self, int seat, int card)
    cdef bint reacted(self, int card)
    cdef int turn_flag(self, int i)
    cdef void set_turn_flag(self, int i, int value)
