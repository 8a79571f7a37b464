"""Vindication on the shared rules kernel (docs/runtime.md)."""
