# Types of moves.py for Cython (pure-Python mode): a part of the state, an extension type.

from .queries cimport Queries
from .actions cimport action, kind_of

cdef class Moves(Queries):
    pass
