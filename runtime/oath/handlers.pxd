# Types of handlers.py for Cython (pure-Python mode): a part of the state, an extension type.

from .turn cimport Turn

cdef class Handlers(Turn):
    pass
