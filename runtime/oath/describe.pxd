# Types of describe.py for Cython (pure-Python mode): a part of the state, an extension type.

from .rounds cimport Rounds

cdef class Describe(Rounds):
    pass
