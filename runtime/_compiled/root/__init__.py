"""The compiled Root engine (runtime/root, typed Cython); load it through lawforge.runtime.games."""
