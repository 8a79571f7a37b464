# Types of actions.py for Cython (pure-Python mode): a move's number made and read in C.

cdef int WIDTH

cpdef int action(int kind, int argument=*) except? -1
cpdef object kind_of(int chosen)
