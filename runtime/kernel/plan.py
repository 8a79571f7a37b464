"""The turn plan as the engine reads it: every role's steps, phase by phase, in one int32 array.

A game's kernel lists its steps (from its content: each faction's or role's turn) as `PlannedStep`s; this
module lays them out. The engine never sees names, only numbers: a step is its place in the plan.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass

from .layout import LAYOUT

MODES = {"once": 0, "menu": 1}


@dataclass(frozen=True)
class PlannedStep:
    """One step of a role's turn: the procedure that runs it and how often it may be taken."""

    key: str
    """Where it comes from in the content, e.g. `faction/marquise/turn/build`: what describe() names."""
    role: int
    phase: int
    procedure: int
    mode: str = "once"
    per_turn: int = 0
    """How many times a turn it may be taken; 0: no limit of its own."""
    budget: int = -1
    """The role's budget a menu step spends one of (-1: none), e.g. the Marquise's actions."""
    effect: int = -1
    """The bytecode entry of the step's effect, run on the VM instead of a procedure (-1: none)."""


def build_plan(roles: int, phases: int, steps: list[PlannedStep],
               budgets: list[list[int]]) -> tuple[array[int], list[PlannedStep]]:
    """The plan array, and the steps in plan order (a step's number is its index there). `budgets[role]` are
    the amounts of each of the role's budgets at the start of its turn."""
    if len(steps) >= LAYOUT["max_steps"]:
        raise ValueError(f"{len(steps)} steps: the kernel holds at most {LAYOUT['max_steps'] - 1}")
    ordered = sorted(steps, key=lambda step: (step.role, step.phase))
    header = [roles, phases, len(ordered), 0]
    index = []
    for role in range(roles):
        for phase in range(phases):
            mine = [i for i, step in enumerate(ordered) if step.role == role and step.phase == phase]
            index += [mine[0] if mine else 0, len(mine)]
    table = []
    for step in ordered:
        if step.budget >= LAYOUT["max_budgets"]:
            raise ValueError(f"{step.key}: budget {step.budget} beyond the kernel's {LAYOUT['max_budgets']}")
        table += [step.procedure, MODES[step.mode], step.per_turn, step.budget, step.effect]
    starts = []
    for role in range(roles):
        amounts = budgets[role] if role < len(budgets) else []
        if len(amounts) > LAYOUT["max_budgets"]:
            raise ValueError(f"role {role} has {len(amounts)} budgets; the kernel holds {LAYOUT['max_budgets']}")
        starts += list(amounts) + [0] * (LAYOUT["max_budgets"] - len(amounts))
    return array("i", header + index + table + starts), ordered
