# Types of state.py for Cython (pure-Python mode): the flat state's hot accessors over a typed view of its cells.

cdef class FlatState:
    cdef public object game
    cdef public object cells
    cdef int[::1] view
    cdef public dict fields
    cdef public dict strides
    cdef dict shapes

    cdef int _offset(self, str field, tuple index, int n) except -1
