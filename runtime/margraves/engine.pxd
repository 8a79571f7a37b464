# Types of engine.py for Cython (pure-Python mode).

from .board cimport Board
from .cleanup cimport Cleanup
from .core cimport MargravesCore
from .founding cimport Founding
from .slaying cimport Slaying
from .tracks cimport Tracks
from .turn cimport Turn

cdef class MargravesEngine(MargravesCore):
    cdef int[::1] impl
    cdef Founding founding
    cdef Turn turns
    cdef Board board
    cdef Slaying slaying
    cdef Tracks tracks
    cdef Cleanup cleanup
    cdef int[::1] citizen_guild
    cdef int[::1] location_icons
    cdef int[::1] privilege_icons
    cdef int[::1] privilege_grant
    cdef int[::1] privilege_banner
    cdef int banners
    cdef int p_setup

    cdef void begin_setup(self) except *
    cdef void turn_started(self, int seat) except *
    cdef bint can_take(self, int seat, int step) except -1
    cdef void effect_done(self) except *
    cpdef bint won(self, int seat)
    cdef int native_procedure(self, int native) except -1
    cdef void run_procedure(self, int procedure) except *
    cpdef object vm_natives(self)
    cdef int guild_icons(self, int seat, int guild) except? -1
    cdef int banner_points(self, int seat) except? -1
