# Types of queries.py for Cython (pure-Python mode).

from .board cimport VindicationBoard
from .ending cimport Ending
from .island cimport Island

cdef class Queries:
    cdef void at_once(self, VindicationBoard e, Island island, Ending ending, int code) except *

    cdef int answer_of(self, VindicationBoard e, Island island, Ending ending, int code) except? -1
