"""Margraves of Valeria on the shared rules kernel (docs/runtime.md, "Where the next game goes")."""
