"""The compiled Vindication engine (runtime/vindication, typed Cython); load it through lawforge.runtime.games."""
