# Types of engine.py for Cython (pure-Python mode).

from .abilities cimport Abilities
from .actions cimport Actions
from .cards cimport Cards
from .dice cimport Dice
from .board cimport VindicationBoard
from .ending cimport Ending
from .island cimport Island
from .island_powers cimport IslandPowers
from .guilds cimport Guilds
from .jewels cimport Jewels
from .loot cimport LootPowers
from .myths cimport Myths
from .myths_rewards cimport MythsRewards
from .menagerie cimport Menagerie
from .powers cimport Powers
from .preparation cimport Preparation
from .queries cimport Queries
from .treachery cimport Treachery

cdef class VindicationEngine(VindicationBoard):
    cdef Island island
    cdef Cards cards
    cdef Actions actions
    cdef Ending ending
    cdef Preparation preparation
    cdef Abilities abilities
    cdef Queries queries
    cdef Powers powers
    cdef IslandPowers island_powers
    cdef Jewels jewels
    cdef Dice dice
    cdef Treachery treachery
    cdef Guilds guilds
    cdef Myths myths
    cdef MythsRewards myths_rewards
    cdef LootPowers loot
    cdef Menagerie menagerie
    cdef int[::1] impl, step_once

    cdef int ctl_extra(self)
    cdef void run_native(self, int code) except *
