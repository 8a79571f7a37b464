# Types of state.py for Cython (pure-Python mode, its annotations left to mypy): the flat state's hot accessors
# over a typed view of its cells, their locals typed here so that state.py imports nothing of Cython.

cimport cython

cdef int NO_INDEX, SCALAR, SHAPE, WORD
cdef long long INDEX_SPAN
cdef long long[::1] ORDER_KEYS
cdef bint COMPILED

@cython.final
cdef class FieldTable:
    cdef dict by_name, sizes
    cdef readonly list names
    cdef Py_ssize_t mask
    cdef readonly int[::1] shapes

    @cython.locals(slot=Py_ssize_t)
    cpdef Py_ssize_t slot(self, str field) except -1

    cdef Py_ssize_t _find(self, str field, Py_ssize_t slot) except -1

    @cython.locals(at=Py_ssize_t)
    cdef void _learn(self, str field, Py_ssize_t slot) except *


@cython.final
cdef class FlatState:
    cdef public object game
    cdef public object cells
    cdef int[::1] view
    cdef public dict fields
    cdef public dict strides
    cdef FieldTable table

    @cython.locals(table=FieldTable, at=Py_ssize_t, offset=int, extent=int, inner=int)
    cdef (int, int, int) _shape(self, str field) except *

    cpdef int get(self, str field, int i=*, int j=*) except? -1
    cpdef void set(self, str field, int a, int b=*, int c=*) except *
    cpdef void add(self, str field, int a, int b=*, int c=*) except *

    cdef int _offset(self, str field, tuple index, int n) except -1

    @cython.locals(table=FieldTable, at=Py_ssize_t, offset=int, extent=int, inner=int)
    cdef int _cell(self, str field, int i, int j, int n) except -1

    @cython.locals(offset=int, extent=int, inner=int, i=int, found=list)
    cpdef list indices_of(self, str field, int value)

    @cython.locals(at=int, extent=int, inner=int, key_at=int, key_extent=int, key_inner=int, found=bint, best=int,
                   value=int, i=int)
    cpdef int extreme_where(self, str field, str key, int equals, int skip, bint highest, int default) except? -1

    @cython.locals(marks=bytearray, i=Py_ssize_t)
    cpdef list indices_among(self, str field, list values, str flag=*)

    @cython.locals(at=int, extent=int, inner=int, flag_at=int, flag_extent=int, flag_inner=int,
                   wanted="unsigned long long", bit="unsigned long long", word=int, i=int, value=int)
    cpdef void mark_among(self, str field, list values, bytearray marks, str flag=*) except *

    @cython.locals(offset=int, extent=int, inner=int, i=int)
    cpdef list nonzero(self, str field)

    @cython.locals(at=int, extent=int, inner=int, offset=int, field_extent=int, field_inner=int,
                   keys="long long[::1]", key="long long", i=int, j=int, k=int, n=int, gap=int)
    cpdef list indices_in_order(self, str field, int value, str order)

    @cython.locals(at=int, extent=int, inner=int, shown_at=int, shown_extent=int, shown_inner=int, hidden_at=int,
                   hidden_extent=int, hidden_inner=int, i=int)
    cpdef void assign_shown(self, str field, list values, str shown, str hidden, int otherwise) except *

    @cython.locals(name=str)
    cpdef void reset(self, tuple scalars) except *

    cpdef int size(self, str field) except -1

    @cython.locals(x="unsigned int")
    cpdef int random(self, int n) except? -1

    @cython.locals(offset=int, i=int)
    cdef void _clear(self, str field) except *

