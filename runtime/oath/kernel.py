"""Oath through the shared API (runtime/kernel/state.py): `new_state("oath", players, seed)` gives a GameState
like every game's, whose engine is an OathState of either form.

The engine part is a thin adapter: Oath's own turn structure stays in the OathState it wraps; what the shared API
asks of an engine (the decision, its options, over, the winners, a copy, the arrays) it reads off that state.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any

from ..content import CompiledGame
from ..kernel.state import GameState
from ..kernels import oath_state
from .actions import STRIDE, Kind
from .chronicle import Chronicle
from .observe import HIDDEN

if TYPE_CHECKING:
    from .game import OathState

DECIDE = 0
"""Oath's decisions are all of one kind for the shared API: the move of the player `current_player()` names."""


class OathEngine:
    """What the shared API asks of an engine, read off one OathState."""

    def __init__(self, state: OathState) -> None:
        self.state = state

    def decision(self) -> tuple[int, int, list[int]] | None:
        if self.state.is_terminal():
            return None
        return DECIDE, self.state.current_player(), self.state.legal_actions()

    def is_option(self, action: int) -> bool:
        return not self.state.is_terminal() and action in self.state.legal_actions()

    def apply(self, action: int) -> None:
        self.state.apply(action)

    def over(self) -> bool:
        return self.state.is_terminal()

    def won(self, seat: int) -> bool:
        return seat >= 0 and self.winner() == seat

    def winner(self) -> int:
        return self.state.flat.get("winner") if self.state.is_terminal() else -1

    def copy(self) -> OathEngine:
        return OathEngine(self.state.clone())

    def arrays(self) -> tuple[array[int], array[int]]:
        """The flat state's cells, and the frame of a power paused for a choice (empty if none)."""
        return self.state.flat.cells, self.state.frame if self.state.frame is not None else array("i")

    def control(self) -> array[int]:
        """Where Oath's game is (its phase, whose decision) is in its cells: no control block apart from them."""
        return array("i")

    def playout(self, seed: int, max_actions: int) -> int:
        return self.state.playout(seed, max_actions)


class OathKernel:
    """Oath's part of the shared API, for one compiled game and one kernel form (compiled or python)."""

    def __init__(self, game: CompiledGame, kernel: str = "compiled") -> None:
        self.game = game
        self.state_class = oath_state(kernel)
        self.action_range = range((max(Kind) + 1) * STRIDE)
        """Every move is in it: a kind times the stride, plus its argument (actions.py)."""

    def new_engine(self, players: int, seed: int, chronicle: Chronicle | None = None) -> OathEngine:
        """A first game, or one set up from the Chronicle a previous game wrote (8)."""
        return OathEngine(self.state_class(self.game, players, seed, chronicle=chronicle))

    @staticmethod
    def _oath(state: GameState) -> OathState:
        engine: OathEngine = state.engine
        return engine.state

    def describe(self, state: GameState, action: int, locale: str) -> str:
        return self._oath(state).describe(action, locale)

    def mask(self, state: GameState, seat: int, cells: array[int]) -> int:
        """What the player may not know (9.4, observe.py), masked in `cells`; how many cells were (masking only
        writes HIDDEN)."""
        seen = self._oath(state).observation(seat).cells
        masked = seen.count(HIDDEN) - cells.count(HIDDEN)
        cells[:] = seen
        return masked

    def result(self, state: GameState) -> dict[str, Any]:
        oath = self._oath(state)
        winner = state.engine.winner()
        return {"winner": winner, "winners": [winner] if winner >= 0 else [],
                "roles": [oath.role_of(seat) for seat in range(state.players)],
                "victory": oath.victory, "rounds": oath.flat.get("round"), "played": self.played(oath, state.players)}

    def played(self, oath: OathState, players: int) -> dict[str, list[int]]:
        """Each card a player has among their advisers now (played to them, 5.1.3) → those seats: what a balance
        report counts as played, read from the state without following the game."""
        seats: dict[str, list[int]] = {}
        for seat in range(players):
            for card in oath.advisers(seat):
                entity = self.game.entities(oath.cards.kind_of(card))[oath.index_in_kind(card)]
                seats.setdefault(entity.id.name.lower(), []).append(seat)
        return seats

    def seat_name(self, state: GameState, seat: int, locale: str) -> str:
        """"seat 2 (Exile)": a seat by its number from 1 and its role, since several players are Exiles."""
        oath = self._oath(state)
        role = oath.entity_name("role", oath.flat.get("role", seat), locale)
        return f"{self.label('seat', locale)} {seat + 1} ({role})"

    def summary(self, state: GameState, locale: str) -> str:
        return self._oath(state).summary(locale)

    def player_view(self, state: GameState, seat: int, locale: str) -> list[str]:
        """The seat's advisers with their card text (a player has no hand in Oath, 5.1.3), then the map."""
        oath = self._oath(state)
        lines = [self.label("play_advisers", locale)]
        for card in oath.advisers(seat):
            entity = self.game.entities(oath.cards.kind_of(card))[oath.index_in_kind(card)]
            text = self.game.plain_text(entity, locale) if getattr(entity, "text", None) else ""
            lines.append(f"  {oath.card_name(card, locale)}" + (f": {text}" if text else ""))
        if len(lines) == 1:
            lines.append(f"  {self.label('play_none', locale)}")
        return lines + [self.label("play_map", locale)] + self.map_lines(state, locale)

    def map_lines(self, state: GameState, locale: str) -> list[str]:
        """Each site on the map with its region and faceup cards (what everyone sees), then each player's warbands
        there."""
        oath = self._oath(state)
        lines = []
        for site in oath.sites_on_map():
            names = {"site_name": oath.entity_name("site", site, locale),
                     "region_name": oath.entity_name("region", oath.region_of(site), locale),
                     "cards": ", ".join(oath.card_name(card, locale) for card in oath.cards_at(site)
                                        if oath.flat.get("card_faceup", card))}
            label = "play_site" if names["cards"] else "play_site_empty"
            lines.append(f"  {self.game.message(label, locale, **names)}")
            for seat in range(state.players):
                if warbands := oath.flat.get("site_warbands", site, seat):
                    player = self.seat_name(state, seat, locale)
                    lines.append(f"    {self.game.message('play_warbands', locale, player=player, count=warbands)}")
        return lines

    def verdict(self, state: GameState, locale: str) -> str:
        return self._oath(state).verdict(locale)

    def label(self, label: str, locale: str) -> str:
        return self.game.label(label, locale)

    def placeholders(self, state: GameState) -> list[str]:
        return list(self._oath(state).placeholders)
