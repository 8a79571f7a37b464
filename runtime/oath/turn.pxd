# Types of turn.py for Cython (pure-Python mode): a part of the state, an extension type.

from .moves cimport Moves
from .actions cimport kind_of
from .power_code cimport start_power

cdef class Turn(Moves):
    pass
