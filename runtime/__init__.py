"""The lawforge runtime: loads compiled content. Never imports the compiler, pydantic, ruamel or jinja2."""

from .content import AlteredContent, CompiledGame, ContentNotFound, StaleContent, load, to_plain
from .text import Text

__all__ = ["AlteredContent", "CompiledGame", "ContentNotFound", "StaleContent", "Text", "load", "to_plain"]
