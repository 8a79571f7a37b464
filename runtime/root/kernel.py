"""Root through the shared API: seating the factions, making the engine, describing actions, what each seat sees.

Which factions sit at the table: those named, else a random draw among the factions the engine plays whose reach
totals at least the viable sum for the player count (annex A), as the Law's setup step 1 allows.
"""

from __future__ import annotations

import importlib
import random
from array import array
from itertools import combinations
from typing import Any

from ..bytecode import FRAME_SIZE, new_state
from ..content import CompiledGame
from ..kernel.layout import LAYOUT
from ..kernel.observe import mask_hidden
from ..kernel.state import GameState, SetupError
from ..vm_py import next_random
from .describe import describe, faction_name, label_text
from .tables import RootTables, build_tables

ENGINES = {"compiled": "lawforge.runtime._compiled.root.engine", "python": "lawforge.runtime.root.engine"}


class SeatingError(SetupError):
    """The factions asked for cannot sit at this table (unknown, not played yet, or too few players)."""


class RootKernel:
    """Root's part of the shared API, for one compiled game and one engine form (compiled or python)."""

    def __init__(self, game: CompiledGame, kernel: str = "compiled") -> None:
        module = importlib.import_module(ENGINES[kernel])
        self.game = game
        self.kernel = kernel
        self.engine_class = module.RootEngine
        self.tables: RootTables = build_tables(game, dict(module.CODES), frozenset(module.SETUPS),
                                               frozenset(module.CHARACTERS), frozenset(module.RULES))
        self.action_range = range(int(game.layout.STATE_SIZE))
        """Every action is in it: an option is a step of the plan, a piece, card, clearing or item by its index, a
        count, or an effect's choice of one of those, all numbered within the state's cells."""
        self.public_hands = {faction.id.name.lower() for faction in game.entities("faction")
                             if any(ability.id == "public_hand" for ability in faction.abilities)}
        """Factions whose hand everyone sees (11.2.3)."""

    def seating(self, players: int, seed: int, factions: list[str] | None) -> list[int]:
        """The faction of each seat, by name or drawn at random among viable tables."""
        t = self.tables
        low = t.numbers["viable_reach_from"]
        if factions:
            unknown = [f for f in factions if f not in t.playable]
            if unknown:
                raise SeatingError(f"the kernel cannot seat {', '.join(unknown)} yet "
                                   f"(factions it plays: {', '.join(t.playable)})")
            if len(factions) != players or len(set(factions)) != len(factions):
                raise SeatingError(f"give {players} different factions, one per player")
            return [t.faction_index(f) for f in factions]
        need = t.arrays["viable_reach"][players - low]
        reach = t.arrays["reach"]
        tables = [combo for combo in combinations(t.playable, players)
                  if sum(reach[t.faction_index(f)] for f in combo) >= need]
        if not tables:
            raise SeatingError(f"no viable table of {players} among the factions the kernel plays "
                               f"({', '.join(t.playable)}): their reach totals less than {need} (annex A)")
        chosen = list(random.Random(seed).choice(tables))
        random.Random(seed + 1).shuffle(chosen)
        return [t.faction_index(f) for f in chosen]

    def new_engine(self, players: int, seed: int, factions: list[str] | None = None) -> Any:
        seats = self.seating(players, seed, factions)
        layout = self.game.layout
        cells = new_state(layout.STATE_SIZE, seed)
        for seat, faction in enumerate(seats):
            cells[layout.FIELDS["faction_of"][0] + seat] = faction
        ctl = array("i", bytes(4 * LAYOUT["ctl_size"]))
        vmframe = array("i", bytes(4 * FRAME_SIZE * LAYOUT["effect_levels"]))
        engine = self.engine_class(cells, ctl, self.tables.plan, vmframe, self.tables)
        engine.start(players, next_random(cells, players))
        return engine

    def describe(self, state: GameState, action: int, locale: str) -> str:
        return describe(self, state, action, locale)

    def mask(self, state: GameState, seat: int, cells: array[int]) -> int:
        """What the content hides from the seat, but the hands of factions with a public hand (11.2.3)."""
        masked = mask_hidden(self.game, seat, cells)
        offset, extents, _ = self.game.layout.FIELDS["hand"]
        faction_of = self.game.layout.FIELDS["faction_of"][0]
        shown = state.engine.arrays()[0]
        cards = extents[1]
        for other in range(state.players):
            if other != seat and self.tables.faction_name(shown[faction_of + other]) in self.public_hands:
                start = offset + other * cards
                cells[start:start + cards] = shown[start:start + cards]
                masked -= cards
        return masked

    def placeholders(self, state: GameState) -> list[str]:
        """The placeholder data this table plays with: the game's, and that of the factions seated."""
        seated = set(self.result(state)["factions"])
        return [text for faction, text in self.tables.placeholders if not faction or faction in seated]

    def label(self, label: str, locale: str) -> str:
        return label_text(self.game, locale)(label)

    def summary(self, state: GameState, locale: str) -> str:
        """Whose decision it is, then each seat's faction, victory points or activated dominance, and hand."""
        text = label_text(self.game, locale)
        cells = state.engine.arrays()[0]
        fields = self.game.layout.FIELDS
        cards = self.game.entities("card")
        seat = state.current_player()
        turn, deciding = state.engine.turn(), faction_name(self, state, seat, locale)
        lines = [text("turn_summary", turn=str(turn), faction=deciding) if turn else
                 text("setup_summary", faction=deciding)]
        for other in range(state.players):
            dominance = cells[fields["dominance_card"][0] + other]
            standing = (text("seat_dominance", card=cards[dominance].name.get(locale) or str(dominance))
                        if dominance >= 0 else
                        text("seat_points", points=str(cells[fields["score"][0] + other])))
            hand = sum(cells[fields["hand"][0] + other * fields["hand"][1][1] + card] for card in range(len(cards)))
            lines.append("  " + text("seat_line", faction=faction_name(self, state, other, locale), standing=standing,
                                     cards=str(hand)))
        return "\n".join(lines)

    def seat_name(self, state: GameState, seat: int, locale: str) -> str:
        """A seat by its faction, as Root's players call each other."""
        return faction_name(self, state, seat, locale)

    def player_view(self, state: GameState, seat: int, locale: str) -> list[str]:
        """The seat's hand, then each clearing's warriors by faction (what the map shows everyone)."""
        text = label_text(self.game, locale)
        cells = state.engine.arrays()[0]
        fields = self.game.layout.FIELDS
        cards = self.game.entities("card")
        hand_at = fields["hand"][0] + seat * fields["hand"][1][1]
        held = [(card, cells[hand_at + index]) for index, card in enumerate(cards) if cells[hand_at + index] > 0]
        lines = [text("play_hand")] + [f"  {self.game.name_of(card, locale)}" + (f" ×{copies}" if copies > 1 else "")
                                       for card, copies in held]
        if not held:
            lines.append("  " + text("play_none"))
        lines.append(text("play_map"))
        warriors, extents, _ = fields["warriors"]
        for place, clearing in enumerate(self.game.entities("clearing")):
            here = [f"{faction_name(self, state, other, locale)} {cells[warriors + place * extents[1] + other]}"
                    for other in range(state.players) if cells[warriors + place * extents[1] + other] > 0]
            if here:
                named = self.game.name_of(clearing, locale)
                lines.append("  " + text("play_clearing", clearing=named, warriors=", ".join(here)))
        return lines

    def verdict(self, state: GameState, locale: str) -> str:
        text = label_text(self.game, locale)
        record = self.result(state)
        if record["winner"] < 0:
            return text("no_winner")
        winners = " + ".join(faction_name(self, state, seat, locale) for seat in record["winners"])
        return text("game_won", factions=winners, victory=text(f"won_by_{record['victory']}"))

    def result(self, state: GameState) -> dict[str, Any]:
        engine = state.engine
        winner = engine.winner()
        factions = self.game.entities("faction")
        offset = self.game.layout.FIELDS["faction_of"][0]
        scores = self.game.layout.FIELDS["score"][0]
        cells = engine.arrays()[0]
        return {
            "winner": winner,
            "winners": [seat for seat in range(state.players) if engine.won(seat)],
            "faction": factions[cells[offset + winner]].id.name.lower() if winner >= 0 else None,
            "victory": ("points", "dominance")[engine.victory()] if winner >= 0 else None,
            "turns": engine.turn(),
            "scores": [cells[scores + seat] for seat in range(state.players)],
            "factions": [factions[cells[offset + seat]].id.name.lower() for seat in range(state.players)],
            "played": self.played(state),
        }

    def played(self, state: GameState) -> dict[str, list[int]]:
        """Each card in a seat's play area (a persistent effect crafted) or activated as its dominance now → those
        seats: what a balance report counts as played, read from the state without following the game."""
        cells = state.engine.arrays()[0]
        fields = self.game.layout.FIELDS
        area, extents, _ = fields["play_area"]
        dominance = fields["dominance_card"][0]
        cards = self.game.entities("card")
        seats: dict[str, list[int]] = {}
        for seat in range(state.players):
            held = [card for card in range(len(cards)) if cells[area + seat * extents[1] + card] > 0]
            if 0 <= cells[dominance + seat] < len(cards) and cells[dominance + seat] not in held:
                held.append(cells[dominance + seat])
            for card in held:
                seats.setdefault(cards[card].id.name.lower(), []).append(seat)
        return seats
