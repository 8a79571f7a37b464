"""Compiler output, one package per game. Never edited by hand: run `lawforge build`."""
