# Types of power_code.py for Cython (pure-Python mode): starting a power's run is a C call from the modules that
# cimport it.

cpdef object start_power(object game, str key, int actor, int this)
