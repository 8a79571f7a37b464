"""The lawforge compiler: content YAML → checked models → generated code, tables and sheets."""

__version__ = "0.1.0"
