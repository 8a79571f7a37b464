"""The Oath kernel: the rules the effect language leaves to code (setup so far; see issue notes)."""

from .setup import Setup, setup

__all__ = ["Setup", "setup"]
