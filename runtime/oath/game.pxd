# Types of game.py for Cython (pure-Python mode): the state whole, an extension type.

from .describe cimport Describe

cdef class OathState(Describe):
    pass
