# Types of rounds.py for Cython (pure-Python mode): a part of the state, an extension type.

from .handlers cimport Handlers

cdef class Rounds(Handlers):
    pass
