# Types of queries.py for Cython (pure-Python mode): a part of the state, an extension type.

from .power_tables cimport PowerTables

cdef class Queries(PowerTables):
    pass
