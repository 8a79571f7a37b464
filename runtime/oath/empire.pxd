# Types of empire.py for Cython (pure-Python mode): the flat state its rules are given is typed (state.pxd), its
# commonest questions C calls. Not its OathState (core.pxd): the Chronicle, which stays Python, imports this module,
# and must not load Cython.

cimport cython

from ..state cimport FlatState

cpdef int role(object game, str name) except? -1
cpdef int colour(FlatState flat, int seat) except? -1
cpdef bint rules_site(FlatState flat, int player, int site) except? -1
cpdef bint bandits_rule(FlatState flat, int site) except? -1
cpdef bint on_map(FlatState flat, int site) except? -1
@cython.locals(total=int, owner=int)
cpdef int warbands_at(FlatState flat, int site) except? -1
cpdef int bandit_lord(FlatState flat) except? -1
cpdef int masked(FlatState flat, int card) except? -1
