"""Margraves through the shared API: making the engine, describing actions, what each seat sees, the result."""

from __future__ import annotations

import importlib
from array import array
from typing import Any

from ..bytecode import FRAME_SIZE, new_state
from ..content import CompiledGame
from ..kernel.layout import LAYOUT
from ..kernel.observe import mask_hidden
from ..kernel.state import GameState, SetupError
from ..vm_py import next_random
from .describe import describe, label_text, player_name
from .tables import MargravesTables, build_tables

ENGINES = {"compiled": "lawforge.runtime._compiled.margraves.engine", "python": "lawforge.runtime.margraves.engine"}
VICTORIES = ("points",)


class MargravesKernel:
    """Margraves' part of the shared API, for one compiled game and one engine form (compiled or python)."""

    def __init__(self, game: CompiledGame, kernel: str = "compiled") -> None:
        module = importlib.import_module(ENGINES[kernel])
        self.game = game
        self.kernel = kernel
        self.action_range = range(-1, int(game.layout.STATE_SIZE))
        """Every action is in it: -1 (no one, nothing) or an index or count within the state's cells."""
        self.engine_class = module.MargravesEngine
        core = importlib.import_module(ENGINES[kernel].removesuffix("engine") + "core")
        self.decisions: dict[int, str] = {number: name for name, number in core.DECISIONS.items()}
        """A decision's kind → its name (core.py: DECISIONS), for describing its options."""
        self.tables: MargravesTables = build_tables(game, dict(module.CODES))

    def new_engine(self, players: int, seed: int, **options: Any) -> Any:
        low, high = self.game.players or (players, players)
        if options:
            raise SetupError(f"Margraves of Valeria has no {' or '.join(sorted(options))} to choose: "
                             "every player plays alike")
        if not low <= players <= high:
            raise SetupError(f"Margraves of Valeria is played by {low} to {high} players, not {players}")
        cells = new_state(self.game.layout.STATE_SIZE, seed)
        ctl = array("i", bytes(4 * LAYOUT["ctl_size"]))
        vmframe = array("i", bytes(4 * FRAME_SIZE * LAYOUT["effect_levels"]))
        engine = self.engine_class(cells, ctl, self.tables.plan, vmframe, self.tables)
        engine.start(players, next_random(cells, players))
        return engine

    def describe(self, state: GameState, action: int, locale: str) -> str:
        return describe(self, state, action, locale)

    def mask(self, state: GameState, seat: int, cells: array[int]) -> int:
        return mask_hidden(self.game, seat, cells)

    def placeholders(self, state: GameState) -> list[str]:
        return list(self.tables.placeholders)

    def label(self, label: str, locale: str) -> str:
        return label_text(self.game, locale)(label)

    def summary(self, state: GameState, locale: str) -> str:
        """Whose decision it is, then each seat's points, gold, Strength, hand and towers."""
        text = label_text(self.game, locale)
        cells = state.engine.arrays()[0]
        offsets = self.tables.offsets
        deciding = player_name(self.game, state.current_player(), locale)
        turn = state.engine.turn()
        lines = [text("turn_summary", turn=str(turn), player=deciding) if turn else
                 text("setup_summary", player=deciding)]
        citizens = self.tables.dims["citizens"]
        for seat in range(state.players):
            hand = sum(cells[offsets["hand"] + seat * citizens + c] for c in range(citizens))
            lines.append("  " + text("seat_line", player=player_name(self.game, seat, locale),
                                     points=str(cells[offsets["score"] + seat]),
                                     gold=str(cells[offsets["keep_gold"] + seat]),
                                     strength=str(cells[offsets["strength"] + seat]), cards=str(hand),
                                     towers=str(cells[offsets["towers_built"] + seat])))
        if cells[offsets["final_round"]]:
            lines.append(text("final_round_on"))
        return "\n".join(lines)

    def seat_name(self, state: GameState, seat: int, locale: str) -> str:
        """"Player 2": every player plays alike, so a seat is its number from 1."""
        return player_name(self.game, seat, locale)

    def player_view(self, state: GameState, seat: int, locale: str) -> list[str]:
        """The Citizens in the seat's hand (only its owner sees them)."""
        text = label_text(self.game, locale)
        cells = state.engine.arrays()[0]
        hand = self.tables.offsets["hand"] + seat * self.tables.dims["citizens"]
        lines = [text("play_hand")]
        for index, citizen in enumerate(self.game.entities("citizen")):
            copies = cells[hand + index] if index < self.tables.dims["citizens"] else 0
            if copies > 0:
                lines.append(f"  {self.game.name_of(citizen, locale)}" + (f" ×{copies}" if copies > 1 else ""))
        if len(lines) == 1:
            lines.append("  " + text("play_none"))
        return lines

    def verdict(self, state: GameState, locale: str) -> str:
        text = label_text(self.game, locale)
        record = self.result(state)
        if not record["winners"]:
            return text("no_winner")
        names = " + ".join(player_name(self.game, seat, locale) for seat in record["winners"])
        return text("game_won", players=names, points=str(record["scores"][record["winner"]]))

    def result(self, state: GameState) -> dict[str, Any]:
        engine = state.engine
        cells = engine.arrays()[0]
        offsets = self.tables.offsets
        winner = engine.winner()
        return {
            "winner": winner,
            "winners": [seat for seat in range(state.players) if engine.won(seat)],
            "victory": VICTORIES[engine.victory()] if winner >= 0 else None,
            "turns": engine.turn(),
            "scores": [cells[offsets["score"] + seat] for seat in range(state.players)],
            "gold": [cells[offsets["keep_gold"] + seat] for seat in range(state.players)],
        }
