# Types of queries.py for Cython (pure-Python mode): a part of the state, an extension type; the questions the rules
# ask most, C calls from the parts built on it.

from .power_tables cimport PowerTables
from . cimport empire

cdef class Queries(PowerTables):
    cpdef int current_player(self) except? -1
    cpdef bint is_terminal(self) except? -1
    cpdef int region_of(self, int site) except? -1
    cpdef list sites_on_map(self)
    cpdef list cards_at(self, int site)
    cpdef bint rules(self, int seat, int site) except? -1
    cpdef list advisers(self, int seat)
    cpdef list relics_at(self, int site)
    cpdef bint can_use(self, int seat, int card) except? -1
    cpdef int index_in_kind(self, int card) except? -1
    cpdef int most_supply(self, int seat) except? -1
    cpdef bint is_exile(self, int seat) except? -1
