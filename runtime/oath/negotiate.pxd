# Types of negotiate.py for Cython (pure-Python mode): the state its rules are given is typed, its attributes read from
# slots (core.pxd).

from ..state cimport FlatState
from .core cimport OathCore as OathState
from .actions cimport action
from .empire cimport colour
