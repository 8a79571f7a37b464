"""The rules kernel every game shares: the turn loop read from content, decisions, procedures, observations,
history and replay, and random playouts in compiled code (docs/runtime.md)."""
