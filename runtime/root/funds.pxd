# Types of funds.py for Cython (pure-Python mode).

from .core cimport RootCore

cdef class Funds:
    cdef int protection
    cdef int dividend_posts
    cdef int dividend_funds
    cdef int disruption_share
    cdef int o_funds
    cdef int o_payments
    cdef int o_committed
    cdef int o_posts
    cdef int post_row
    cdef int p_pay
    cdef int p_disruption

    cdef int total(self, RootCore e, int box) except? -1
    cdef int funds(self, RootCore e) except? -1
    cdef int own(self, RootCore e, int seat) except? -1
    cdef int posts_on_map(self, RootCore e) except? -1
    cdef void to_payments(self, RootCore e, int seat, int n) except *
    cdef void take(self, RootCore e, int owner, int how) except *
    cdef void spend_owner(self, RootCore e, int owner, int n) except *
    cdef void pay(self, RootCore e) except *
    cdef void protectionism(self, RootCore e) except *
    cdef void dividends(self, RootCore e) except *
    cdef void gather(self, RootCore e) except *
    cdef void piece_removed(self, RootCore e, int seat, int piece) except *
    cdef void disruption(self, RootCore e) except *
