"""The compiled shared kernel (runtime/kernel, typed Cython); load it through lawforge.runtime.games."""
