"""The attributes of a game of Oath in play, declared in one place: the base of `OathState` (game.py), whose parts
(power_tables, queries, moves, turn, handlers, rounds, describe) each add rules, not data. Compiled, the class is a
Cython extension type (core.pxd): the rules read these attributes from typed slots, the flat state's accessors as C
calls, instead of looking them up by name in the instance's dictionary."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from array import array

    from ..content import CompiledGame
    from ..state import FlatState
    from .actions import Kind
    from .numbers import RuleNumbers
    from .setup import Cards


class OathCore:
    game: CompiledGame
    players: int
    seed: int
    flat: FlatState
    """The cells of the game (setup.py lays them out)."""
    cards: Cards
    numbers: RuleNumbers
    """The rule numbers of the content (numbers.py)."""
    base_cost: dict[Kind, int]
    run_vm: Callable[..., Any]
    """The effect VM that runs card powers, compiled (Cython) or its pure-Python twin."""
    natives: Any
    """The natives bound for the VM: the kernel's, and those bound to this state (modifiers.STATE_NATIVES)."""
    placeholders: list[str]
    history: list[int]
    frame: array[int] | None
    """The frame of a power paused for a player's choice."""
    known_moves: tuple[bytes, list[int]] | None
    """The position (cells and paused frame) the legal moves were last worked out for, and those moves."""
    victory: str | None
    """How the game was won, a glossary term: usurper, visionary, stable_regime (the end die), war_exhaustion or
    successor."""

    suit_of: dict[int, int]
    restriction: dict[int, str | None]
    visions: set[int]
    relics: set[int]
    card_of_handle: dict[int, int]
    relic_base: int
    site_base: int
    conspiracy: int
    scepter: int
    """The Grand Scepter's card."""
    conspiracy_runs: bool
    role_ids: dict[str, int]
    oath_names: tuple[str, ...]
    """The Oaths' ids by number, lower case (what the rules of each goal test)."""
    edifices: list[int]
    edifice_sides: tuple[int, ...]
    reliquary_modifiers: dict[str, dict[int, str]]
    static_powers: dict[str, frozenset[int]]
    banner_recover_rules: dict[int, str]
    """Banner → its Recover rule (banners.py)."""
    zone_ids: dict[str, int]
    """Zone numbers looked up once; a player's zone is the first player's plus their seat."""
    adviser_zones: set[int]
    relic_zones: set[int]
    """Card facts that never change in a game, looked up once (power_tables.py `_static`)."""
    zones_in_play: list[int]
    zones_in_play_faceup: list[int]
    """The zones whose cards are in play (`modifiers.in_play`), and those whose cards are in play when faceup."""

    powers: dict[int, list[tuple[str, Any]]]
    site_actions: list[int]
    plans: dict[tuple[int, int], tuple[str, Any]]
    when_played: dict[int, str]
    capacity_powers: dict[int, str]
    rule_powers: list[tuple[int, str]]
    favor_rules: set[int]
    modifiers: dict[str, dict[int, tuple[str, Any, bool, bool]]]
    play_rules: dict[int, tuple[str, bool]]
    triggered: dict[str, dict[int, str]]
    """The modifiers and triggered powers of each timing, in the order queued powers run (`_in_run_order`)."""
    reacting: set[int]
    title_reactions: dict[int, str]
    battle_rules: dict[int, str]
    ignorers: set[int]
    redirectors: dict[int, str]
    """The power tables (power_tables.py `_tables_for`), shared by the games of one compiled content."""
