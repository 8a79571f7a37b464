# Types of engine.py for Cython (pure-Python mode): the kernel's core over typed memoryviews.

cdef unsigned int xorshift(unsigned int x)
cdef int as_int32(unsigned int x)

cdef class Engine:
    cdef object cells_array, ctl_array, plan_array, vmframe_array
    cdef readonly object tables
    cdef int[::1] cells
    cdef int[::1] ctl
    cdef int[::1] plan
    cdef int[::1] vmframe
    cdef object natives

    cpdef object arrays(self)
    cpdef object copy(self)
    cpdef object decision(self)
    cpdef bint over(self)
    cpdef int winner(self)
    cpdef bint won(self, int seat)
    cpdef int victory(self)
    cpdef int active(self)
    cpdef int players(self)
    cpdef int turn(self)
    cpdef int phase(self)
    cpdef int applied(self)
    cpdef bint is_option(self, int action)
    cpdef void start(self, int players, int first) except *
    cpdef void apply(self, int action) except *
    cdef void advance(self) except *
    cdef void apply_forced(self) except *
    cpdef long playout(self, unsigned int seed, long max_actions) except -1

    cdef void begin_turn(self, int seat) except *
    cdef int steps_of(self, int role, int phase)
    cdef void next_step(self) except *
    cdef int step_field(self, int step, int field)
    cdef int budgets_of(self, int role)
    cdef bint available(self, int seat, int step) except -1
    cdef void take_menu_step(self, int step) except *
    cdef void take(self, int step) except *
    cpdef int uses(self, int step)
    cpdef int budget(self, int index)
    cdef void add_budget(self, int index, int n)
    cdef void finish(self, int winner, int victory)

    cdef void push(self, int procedure, int a, int b, int c) except *
    cdef void defer(self, int procedure, int a, int b, int c) except *
    cdef void done(self) except *
    cdef int frame(self)
    cdef int stage(self)
    cdef void goto(self, int stage)
    cdef int arg(self, int i)
    cdef int returned_arg(self, int i)
    cdef void set_arg(self, int i, int value)
    cdef int answer(self)
    cdef int roll(self, int n) except -1
    cpdef object top(self)
    cpdef int step_of_menu(self, int step)
    cdef int scratch(self, int i)
    cdef void set_scratch(self, int i, int value)

    cdef void clear_options(self)
    cdef void option(self, int value) except *
    cdef int options(self)
    cdef void ask(self, int kind, int chooser) except *

    cdef void run_effect(self) except *
    cdef int effect_level(self) except -1
    cdef void clear_frame(self, int base)
    cdef void clear_stack_above(self, int base)
    cdef void answer_vm(self, int base, int value)
    cdef void call_native(self, int native, int base) except *
    cdef void set_result(self, int value)
    cdef int result(self)
    cdef void end_phase(self)
    cpdef int space(self)

    cdef void begin_setup(self) except *
    cpdef int role_of(self, int seat) except -1
    cdef int next_seat(self, int seat) except -1
    cdef int turn_budget(self, int seat, int budget) except? -1
    cdef void turn_started(self, int seat) except *
    cdef void phase_started(self, int seat, int phase) except *
    cdef void phase_ended(self, int seat, int phase) except *
    cdef void turn_ended(self, int seat) except *
    cdef bint can_take(self, int seat, int step) except -1
    cdef bint effect_option_open(self, int pc, int actor, int value) except -1
    cdef void run_procedure(self, int procedure) except *
    cdef void answered(self, int kind, int action) except *
    cdef void effect_done(self) except *
    cpdef object vm_natives(self)
    cdef int native_procedure(self, int native) except -1
