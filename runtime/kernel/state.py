"""Any game that has a kernel, through one small API shaped like OpenSpiel's `State`.

```python
from lawforge.runtime.kernel.state import new_state
state = new_state("root", players=4, seed=7)       # the compiled kernel, or kernel="python"
while not state.is_terminal():
    action = random.choice(state.legal_actions())
    print(state.describe(action, "uk"))
    state.apply(action)                            # an illegal action: IllegalAction, state unchanged
state.returns(); state.history                     # the history replays to the same state
```

The per-game part is a `GameKernel` (registered in `kernels.py`): it makes the engine from the compiled content,
describes actions and decides what each seat may see.
"""

from __future__ import annotations

import hashlib
from array import array
from dataclasses import dataclass
from typing import Any, Protocol

from ..content import CompiledGame


class IllegalAction(ValueError):
    """An action that is not among the legal ones; the state is unchanged."""


class SetupError(ValueError):
    """The game cannot be set up as asked (a game's kernel says why in one line: Root's factions, say)."""


@dataclass(frozen=True)
class Observation:
    """What one seat sees: the state's cells with what is hidden from it masked, and the decision if theirs."""

    seat: int
    cells: array[int]
    hidden: int
    """How many cells were masked."""
    options: list[int]


class GameKernel(Protocol):
    """The part of a game's kernel the API needs besides the engine."""

    game: CompiledGame
    action_range: range
    """Every action of the game is in this range (what OpenSpiel and PettingZoo number their actions by)."""

    def new_engine(self, players: int, seed: int, compiled: bool) -> Any: ...

    def describe(self, state: GameState, action: int, locale: str) -> str: ...

    def mask(self, state: GameState, seat: int, cells: array[int]) -> int: ...

    def result(self, state: GameState) -> dict[str, Any]: ...

    def summary(self, state: GameState, locale: str) -> str: ...

    def verdict(self, state: GameState, locale: str) -> str: ...

    def label(self, label: str, locale: str) -> str: ...

    def seat_name(self, state: GameState, seat: int, locale: str) -> str: ...

    def player_view(self, state: GameState, seat: int, locale: str) -> list[str]: ...

    def placeholders(self, state: GameState) -> list[str]: ...


class GameState:
    """One game in play. Seats count from 0 here; the command line counts them from 1."""

    def __init__(self, kernel: GameKernel, engine: Any, players: int, seed: int, history: list[int] | None = None,
                 compiled: bool = True, options: dict[str, Any] | None = None) -> None:
        self.kernel = kernel
        self.engine = engine
        self.players = players
        self.seed = seed
        self.compiled = compiled
        self.options: dict[str, Any] = options or {}
        """How the game was set up besides its seed (Root's factions): what a replay needs."""
        self.history: list[int] = history if history is not None else []
        self.played_out = False
        """Whether `playout()` played on: the history then lacks its actions."""

    @property
    def game(self) -> CompiledGame:
        return self.kernel.game

    def legal_actions(self) -> list[int]:
        decision = self.engine.decision()
        return [] if decision is None else list(decision[2])

    def current_player(self) -> int:
        """The seat that decides now; -1 once the game is over."""
        decision = self.engine.decision()
        return -1 if decision is None else int(decision[1])

    def decision_kind(self) -> int:
        decision = self.engine.decision()
        return -1 if decision is None else int(decision[0])

    def apply(self, action: int) -> None:
        if not self.engine.is_option(action):
            options = self.legal_actions()
            shown = ", ".join(map(str, options[:20])) + (" …" if len(options) > 20 else "")
            raise IllegalAction(f"action {action} is not legal now: the legal actions are {shown or 'none (the game is over)'}")
        self.engine.apply(action)
        self.history.append(action)

    def is_terminal(self) -> bool:
        return bool(self.engine.over())

    def returns(self) -> list[float]:
        """1 for each winner, 0 for the others (a draw or an unfinished game: 0 for all)."""
        return [1.0 if self.engine.won(seat) else 0.0 for seat in range(self.players)]

    def clone(self) -> GameState:
        twin = GameState(self.kernel, self.engine.copy(), self.players, self.seed, list(self.history), self.compiled,
                         self.options)
        twin.played_out = self.played_out
        return twin

    def __deepcopy__(self, memo: dict[int, Any]) -> GameState:
        """`copy.deepcopy` is `clone()`: the engine's own copy (frameworks that copy states deeply, OpenSpiel)."""
        return self.clone()

    def state_hash(self) -> str:
        """The same for two states exactly alike (cells and control block); what replays are compared by."""
        digest = hashlib.sha256()
        for part in self.engine.arrays():
            digest.update(bytes(part))
        return digest.hexdigest()

    def observation(self, seat: int) -> Observation:
        """The state as `seat` sees it: what the content declares hidden from them masked as -1."""
        cells = array("i", self.engine.arrays()[0])
        hidden = self.kernel.mask(self, seat, cells)
        options = self.legal_actions() if self.current_player() == seat else []
        return Observation(seat, cells, hidden, options)

    def hidden_alternatives(self, action: int, seat: int) -> list[int]:
        """The other legal moves that `seat` cannot tell from `action`, though they lead elsewhere: each leaves what
        `seat` sees (their observation, and where the game is) as `action` does, but not the whole state. Watching
        another player, `seat` does not know which of them was made (a card kept face down, a secret quest); a move
        whose alternatives all lead to the same state is no secret (which of two cubes moved, when both are alike).
        What `play` narrates of the others' moves goes by it."""
        def after(option: int) -> tuple[tuple[bytes, bytes, list[int]], bytes]:
            twin = self.clone()
            twin.apply(option)
            observed, control = twin.observation(seat), bytes(twin.engine.control())
            return (bytes(observed.cells), control, observed.options), bytes(twin.engine.arrays()[0]) + control

        seen, whole = after(action)
        alternatives = []
        for option in self.legal_actions():
            if option != action:
                seen_then, whole_then = after(option)
                if seen_then == seen and whole_then != whole:
                    alternatives.append(option)
        return alternatives

    def describe(self, action: int, locale: str = "en") -> str:
        """The action in words, in `locale`, as a player at the table would say it."""
        return self.kernel.describe(self, action, locale)

    def result(self) -> dict[str, Any]:
        """Who won and how (the game's own words for its victories), for `simulate`."""
        return self.kernel.result(self)

    def summary(self, locale: str = "en") -> str:
        """The few lines a player needs to decide, in `locale`."""
        return self.kernel.summary(self, locale)

    def verdict(self, locale: str = "en") -> str:
        """Who won and how, in `locale`, once the game is over."""
        return self.kernel.verdict(self, locale)

    def label(self, label: str, locale: str = "en") -> str:
        """A word of the runtime in `locale` (the game's labels)."""
        return self.kernel.label(label, locale)

    def seat_name(self, seat: int, locale: str = "en") -> str:
        """What the players call the seat at the table, in `locale`: its faction or role where the game has them,
        counted from 1 where it names a seat by number."""
        return self.kernel.seat_name(self, seat, locale)

    def player_view(self, seat: int, locale: str = "en") -> list[str]:
        """What `seat` may see of their own things (hand, advisers, party) and a short summary of the map, as lines
        in `locale`: what a player at the terminal is shown before each decision."""
        return self.kernel.player_view(self, seat, locale)

    @property
    def placeholders(self) -> list[str]:
        """What the kernel plays with that the content marks as placeholder data: said once per game."""
        return self.kernel.placeholders(self)

    def playout(self, seed: int, max_actions: int = 1_000_000) -> int:
        """Random legal actions to the end, in compiled code when the kernel is; returns how many. The actions
        taken are not kept in the history (replay a playout by its seed)."""
        self.played_out = True
        return int(self.engine.playout(seed & 0xFFFFFFFF, max_actions))
