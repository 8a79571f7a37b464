# Types of payments.py for Cython (pure-Python mode).

from .core cimport VindicationCore

cdef class VindicationPayments(VindicationCore):
    cdef int k_crystals, crystal_tokens, crystal_procedure
    cdef int[::1] crystal_card, card_ways, card_choice_pc, choice_cards
    cdef int price_rows
    cdef bint crystal_ready(self, int seat, int attribute)
    cdef void use_crystal(self, int attribute, bint used)
    cdef bint can_pay(self, int seat, int attribute, int n)
    cdef void pay(self, int seat, int attribute, int n) except *
    cdef bint can_pay_effect(self, int seat, int attribute, int n)
    cdef void pay_effect(self, int seat, int attribute, int n) except *
    cdef int need(self, int card, int way, int holding)
    cdef int shared_need(self, int card, int attribute)
    cdef bint can_pay_card(self, int seat, int card)
    cdef bint can_pay_way(self, int seat, int card, int way)
    cdef void pay_card(self, int seat, int card) except *
    cdef bint effect_option_open(self, int pc, int actor, int value) except -1
    cdef int cost_against(self, int seat, int target, int cost)
