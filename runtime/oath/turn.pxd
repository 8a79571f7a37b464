# Types of turn.py for Cython (pure-Python mode): a part of the state, an extension type.

from .moves cimport Moves

cdef class Turn(Moves):
    pass
