# Types of battle.py for Cython (pure-Python mode): the flat state its rules are given is typed (state.pxd).

from ..state cimport FlatState
from .empire cimport bandit_lord, colour, rules_site
