# Types of power_tables.py for Cython (pure-Python mode): a part of the state, an extension type.

from .core cimport OathCore

cdef class PowerTables(OathCore):
    pass
