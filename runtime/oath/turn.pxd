# Types of turn.py for Cython (pure-Python mode): a part of the state, an extension type.

from .moves cimport Moves
from .actions cimport kind_of

cdef class Turn(Moves):
    pass
