# Types of modifiers.py for Cython (pure-Python mode): the state its rules are given is typed, its attributes read from
# slots (core.pxd).

from ..state cimport FlatState
from .core cimport OathCore as OathState
from .actions cimport action, kind_of
from .power_code cimport start_power
