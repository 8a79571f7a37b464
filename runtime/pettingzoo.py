"""Every game with a kernel as a PettingZoo AEC environment, with action masks (the `pettingzoo` extra:
`pip install 'lawforge[pettingzoo]'`).

```python
from lawforge.runtime.pettingzoo import env

game = env("root", players=4)
game.reset(seed=7)
for agent in game.agent_iter():
    observation, reward, terminated, truncated, info = game.last()
    mask = observation["action_mask"]
    game.step(None if terminated or truncated else game.action_space(agent).sample(mask))
```

Agents are `seat_0` … in seat order. An agent observes the game as its seat may (`GameState.observation`: the
state's cells, what the content hides from that seat as -1) and, on its turn, the mask of its legal actions among
the kernel's action numbers (action i is the kernel's `action_range[i]`). Rewards come at the end: the game's returns (1 for each
winner). `reset(seed)` deals the game of that seed (0 when none is given); `reset(options={"setup": {...}})` passes
the kernel's setup options (Root's `factions`).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from .content import load
from .games import kernel_of, new_state
from .kernel.state import GameState


class LawforgeEnv(AECEnv):  # type: ignore[misc]
    """One lawforge game as an AEC environment."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str, players: int, kernel: str = "compiled", render_mode: str | None = None,
                 locale: str = "en") -> None:
        super().__init__()
        self.compiled = load(game)
        self.players, self.kernel, self.render_mode, self.locale = players, kernel, render_mode, locale
        self.metadata = {**self.metadata, "name": f"lawforge_{game}_v0"}
        self.possible_agents = [f"seat_{seat}" for seat in range(players)]
        self.actions = kernel_of(self.compiled, kernel).action_range
        bound = len(self.actions)
        cells = len(new_state(self.compiled, players, 0, kernel=kernel).engine.arrays()[0])
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(low=np.iinfo(np.int32).min, high=np.iinfo(np.int32).max, shape=(cells,),
                                      dtype=np.int32),
            "action_mask": spaces.Box(low=0, high=1, shape=(bound,), dtype=np.int8)}) for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(bound) for agent in self.possible_agents}
        self.played: GameState | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        setup = (options or {}).get("setup", {})
        self.played = new_state(self.compiled, self.players, seed or 0, kernel=self.kernel, **setup)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.played.current_player()]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.played is not None, "call reset() first"
        seat = self.possible_agents.index(agent)
        seen = self.played.observation(seat)
        mask = np.zeros(self.action_spaces[agent].n, np.int8)
        mask[[option - self.actions.start for option in seen.options]] = 1
        return {"observation": np.frombuffer(seen.cells, dtype=np.int32).copy(), "action_mask": mask}

    def step(self, action: int | None) -> None:
        assert self.played is not None, "call reset() first"
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[self.agent_selection] = 0.0
        self.played.apply(int(action) + self.actions.start if action is not None else self.actions.start - 1)
        if self.played.is_terminal():
            self.rewards = dict(zip(self.agents, self.played.returns(), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[self.played.current_player()]
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.played is None:
            return None
        return self.played.verdict(self.locale) if self.played.is_terminal() else self.played.summary(self.locale)

    def close(self) -> None:
        self.played = None


def env(game: str, players: int, **settings: Any) -> LawforgeEnv:
    """The AEC environment of `game` for `players` seats (settings: kernel, render_mode, locale)."""
    return LawforgeEnv(game, players, **settings)
