"""The rule numbers Oath is played by, read from the compiled content once per compiled game: an editor who changes
content/oath (constants.yaml, actions.yaml, tables.yaml) and rebuilds changes play, since the kernel holds no copy."""

from __future__ import annotations

from dataclasses import dataclass, fields

from ..content import CompiledGame

FIXED_COST_ACTIONS = ("muster", "trade", "recover", "campaign")
"""Major actions whose Supply cost is one number (5.2-5.5): their `supply_min`, which must equal their `supply_max`."""


@dataclass(frozen=True)
class RuleNumbers:
    """The `*_cost` fields are actions.yaml's, `chronicle_added_cards` is a table of tables.yaml, every other field
    is the constant of content/oath/constants.yaml with its name."""

    chancellor_start_favor: int
    chancellor_start_secrets: int
    start_favor: int
    start_secrets: int
    chancellor_board_warbands: int
    top_cradle_warbands: int
    site_warbands: int
    board_warbands: int
    setup_discard_pile_cards: int
    setup_draws: int
    last_round: int
    visions_needed: int
    search_discard_cost: int
    search_draws: int
    play_to_site_favor: int
    adviser_limit: int
    muster_favor: int
    muster_warbands: int
    trade_secret_placed: int
    trade_favor_gained: int
    trade_favor_placed: int
    pawn_defense_dice: int
    double_face_multiplier: int
    hollow_swords_per_sword: int
    defeat_loss_divisor: int
    banish_burn_divisor: int
    chronicle_heal_cards: int
    dispossessed_cards: int
    muster_cost: int
    trade_cost: int
    recover_cost: int
    campaign_cost: int
    chronicle_added_cards: tuple[int, ...]
    """8.4: the cards of the winner's most common suit, then of each next suit clockwise."""


_NUMBERS: dict[object, RuleNumbers] = {}


def rule_numbers(game: CompiledGame) -> RuleNumbers:
    """The rule numbers of a compiled game, read on first use and kept with it."""
    if game.layout not in _NUMBERS:
        _NUMBERS[game.layout] = _read(game)
    return _NUMBERS[game.layout]


def _read(game: CompiledGame) -> RuleNumbers:
    constants = {str(c.id.name).lower(): int(c.value) for c in game.entities("constant")}
    costs = {}
    for name in FIXED_COST_ACTIONS:
        entity = game.get("action", name)
        if entity.supply_min != entity.supply_max:
            raise ValueError(f"{game.name}: action {name!r} costs one number of Supply; its supply_min "
                             f"({entity.supply_min}) and supply_max ({entity.supply_max}) differ")
        costs[f"{name}_cost"] = int(entity.supply_min)
    named = [f.name for f in fields(RuleNumbers) if f.name not in costs and f.name != "chronicle_added_cards"]
    missing = [name for name in named if name not in constants]
    if missing:
        raise ValueError(f"{game.name}: content/oath/constants.yaml lacks {', '.join(missing)}")
    added = tuple(int(n) for n in game.tables.values("table_chronicle_added_cards"))
    return RuleNumbers(**{name: constants[name] for name in named}, **costs, chronicle_added_cards=added)
