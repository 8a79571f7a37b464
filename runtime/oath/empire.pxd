# Types of empire.py for Cython (pure-Python mode): the flat state its rules are given is typed (state.pxd). Not
# its OathState (core.pxd): the Chronicle, which stays Python, imports this module, and must not load Cython.

from ..state cimport FlatState
