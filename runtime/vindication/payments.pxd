# Types of payments.py for Cython (pure-Python mode).

from .core cimport VindicationCore

cdef class VindicationPayments(VindicationCore):
    cdef int k_crystals, crystal_tokens, crystal_procedure
    cdef int[::1] crystal_card
    cdef bint crystal_ready(self, int seat, int attribute)
    cdef void use_crystal(self, int attribute, bint used)
    cdef bint can_pay(self, int seat, int attribute, int n)
    cdef void pay(self, int seat, int attribute, int n) except *
    cdef bint can_pay_effect(self, int seat, int attribute, int n)
    cdef void pay_effect(self, int seat, int attribute, int n) except *
    cdef bint can_pay_card(self, int seat, int card)
    cdef void pay_card(self, int seat, int card) except *
    cdef int cost_against(self, int seat, int target, int cost)
