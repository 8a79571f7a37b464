"""The compiled Margraves engine (runtime/margraves, typed Cython); load it through lawforge.runtime.games."""
