"""Margraves' actions in words, in the game's three languages, from the content's labels and names: what a player
at the table would say for each option of a decision."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..kernel.layout import LAYOUT
from ..kernel.state import GameState

if TYPE_CHECKING:
    from .kernel import MargravesKernel

USES = ("use_pennant", "use_power", "use_recall", "use_build")
"""The ways to use a citizen, in core.py's order (USE_PENNANT … USE_BUILD); a USE option is citizen × 4 + way."""
WAYS = len(USES)
TOKENS = ("stone", "wood", "magic", "gem", "knight")
SOURCES = ("pay_from_track", "pay_knight_here", "pay_knight_stored")


TERM = re.compile(r"\[([a-z_]+)\]")
"""A glossary term in a text, `[gold]`: said by the term's name in the locale."""


def label_text(game: Any, locale: str) -> Callable[..., str]:
    """A function that says a label of content/margraves/labels.yaml in `locale` (else in the source locale) as a
    message (runtime/messages.py), its arguments filled and its [terms] named."""
    def text(label: str, **names: str) -> str:
        return TERM.sub(lambda found: _term(game, found.group(1), locale), game.message(label, locale, **names))
    return text


def _name(game: Any, entity: Any, locale: str) -> str:
    """An entity's name in `locale`, else in the source locale; a monster printed without a name (the content names
    only some) is said by its kind and lair, never by its id."""
    if getattr(entity, "name", None) is None and hasattr(entity, "lair"):
        return monster_name(game, int(entity.id), locale)
    return str(game.name_of(entity, locale))


def player_name(game: Any, seat: int, locale: str) -> str:
    return label_text(game, locale)("player_name", n=str(seat + 1))


def monster_name(game: Any, monster: int, locale: str) -> str:
    entity = game.entities("monster")[monster]
    if entity.name is not None:
        return str(game.name_of(entity, locale))
    text = label_text(game, locale)
    lair = _name(game, game.entities("lair")[int(entity.lair)], locale)
    return text("monster_of", kind=text("boss" if entity.boss else "monster"), lair=lair)


def _term(game: Any, term: str, locale: str) -> str:
    return _name(game, game.get("term", term), locale)


GOODS = ("gold", "stone", "wood", "magic", "wild", "gem", "knight", "strength", "influence")
"""A reward's fields that are a count of a glossary term (runtime/margraves/tables.py: REWARD_FIELDS)."""


def reward_text(game: Any, reward: Any, locale: str) -> str:
    """A reward as a ledger line, term then count ("Gold 2, Stone 1"): no plural to agree in any language."""
    text = label_text(game, locale)
    parts = [f"{_term(game, good, locale)} {getattr(reward, good)}" for good in GOODS if getattr(reward, good)]
    if reward.guild is not None and parts:
        parts[-1] += f" ({_name(game, game.entities('guild')[int(reward.guild)], locale)})"
    if reward.strength_to is not None:
        parts.append(text("strength_to", space=str(reward.strength_to)))
    for field, level in (("privilege_i", "I"), ("privilege_ii", "II"), ("privilege_any", text("or_level"))):
        if getattr(reward, field):
            parts.append(f"{_term(game, 'privilege', locale)} {level} {getattr(reward, field)}")
    return ", ".join(parts)


def tile_text(game: Any, kind: str, tile: int, locale: str) -> str:
    """What a Privilege or starting wealth tile gives, as the table would read it."""
    text = label_text(game, locale)
    entity = game.entities(kind)[tile]
    if kind == "wealth":
        rewards = [reward_text(game, reward, locale) for reward in entity.rewards]
        said = rewards[0] if rewards else ""
        for reward in rewards[1:]:
            said = text("then", first=said, next=reward)
        return said
    if entity.type == "grant":
        return f"{_term(game, 'grant', locale)}: {reward_text(game, entity.reward, locale)}"
    icons = ", ".join(_name(game, game.entities("guild")[int(g)], locale) for g in entity.icons) or "—"
    return text("end_game_tile_of", icons=icons, banner=str(entity.banner or "—"))


def describe(kernel: MargravesKernel, state: GameState, action: int, locale: str) -> str:
    game = kernel.game
    text = label_text(game, locale)
    kind = state.decision_kind()
    top = state.engine.top()
    procedure = kernel.tables.procedures[top[0] - 1] if top and top[0] > 0 else ""
    if kind == LAYOUT["menu"]:
        step = state.engine.step_of_menu(action)
        if step < 0:
            return text("no_more_grants")
        return text({"use_grant": "use_grant", "play_card": "play_citizen"}.get(kernel.tables.procedures[step - 1],
                                                                             "end_turn"), tile="")
    if kind == LAYOUT["effect_choice"]:
        return _effect_option(kernel, state, action, locale)
    name = kernel.decisions.get(kind, "")
    locations = game.entities("location")
    if name == "use":
        citizen = _name(game, game.entities("citizen")[action // WAYS], locale)
        return text(USES[action % WAYS], citizen=citizen)
    if name == "yes_no" and procedure == "pennant":
        citizen = top[2][1]
        width = kernel.tables.numbers["pennant_width"]
        pennant = kernel.tables.arrays["citizen_pennant"][citizen * width + top[2][3]]
        shown = _name(game, game.entities("pennant")[pennant], locale)
        return text("do_action" if action else "skip_action", action=shown)
    if name == "yes_no" and procedure == "enter_location":
        if action:
            return text("use_location_power", location=_name(game, locations[top[2][1]], locale))
        return text("gold_instead", n=str(kernel.tables.numbers["location_gold"]))
    if name == "location":
        return text("knights_to" if procedure == "move_knights" else "go_to", location=_name(game, locations[action], locale))
    if name == "deploy":
        n = len(locations)
        return text("knight_from_storage" if action // n else "knight_from_here",
                    location=_name(game, locations[action % n], locale))
    if name == "knight_from":
        return text("knights_from", location=_name(game, locations[action], locale))
    if name == "count":
        return text("knights_count", n=str(action))
    if name == "token":
        if action < 0:
            return text("stop_returning")
        verb = "gain_token" if procedure == "reward" else "return_token"
        return text(verb, token=_term(game, TOKENS[action], locale))
    if name == "monster":
        arrays = kernel.tables.arrays
        return text("slay", monster=monster_name(game, action, locale),
                    strength=str(arrays["monster_strength"][action]), magic=str(arrays["monster_magic"][action]))
    if name == "strength_source":
        return text(SOURCES[action])
    if name == "tomb":
        if action < 0:
            return text("stop_taking_knights")
        slot = game.entities("tomb_slot")[action]
        return text("tomb_place", row=str(slot.row + 1), column=str(slot.column + 1))
    if name == "guild":
        guilds = game.entities("guild")
        if action >= len(guilds):
            return text("influence_left")
        return text("influence_on", guild=_name(game, guilds[action], locale))
    if name == "privilege":
        if action < 0:
            return text("no_privilege")
        shown = tile_text(game, "privilege", action, locale)
        if procedure == "use_grant":
            return text("use_grant", tile=shown)
        return text("take_privilege", level=game.entities("privilege")[action].level, tile=shown)
    if name == "wealth":
        shown = tile_text(game, "wealth", action, locale)
        return text("resolve_wealth" if procedure == "wealth_resolve" else "keep_wealth", tile=shown)
    if name == "line_slot":
        return _line_option(kernel, state, procedure, action, locale)
    if name == "citizen":
        return text("take_back", citizen=_name(game, game.entities("citizen")[action], locale))
    if name == "build_slot":
        here = state.engine.arrays()[0][kernel.tables.offsets["margrave_at"] + state.current_player()]
        return text("build_on", slot=str(action + 1), location=_name(game, locations[here], locale))
    return str(action)


def _line_option(kernel: MargravesKernel, state: GameState, procedure: str, action: int, locale: str) -> str:
    game = kernel.game
    text = label_text(game, locale)
    if action < 0:
        return text("recruit_nobody")
    cells = state.engine.arrays()[0]
    citizen = _name(game, kernel.game.entities("citizen")[cells[kernel.tables.offsets["line_1"] + action]], locale)
    if procedure == "recall":
        return text("line_discard", citizen=citizen, slot=str(action + 1))
    fixed = state.engine.top()[2][1]
    cost = kernel.tables.arrays["line_cost"][action] if fixed < 0 else fixed
    return text("line_recruit", citizen=citizen, slot=str(action + 1), cost=str(cost))


def _effect_option(kernel: MargravesKernel, state: GameState, action: int, locale: str) -> str:
    """A choice of an effect: a yes or no (`may`, offered as 1 then 0), one resource of a wild resource (the
    content's only choice of three: Stone, Wood or Magic), an entity, or the n-th of the options written."""
    game = kernel.game
    text = label_text(game, locale)
    space = state.engine.space()
    if space == 0 and state.legal_actions() == [1, 0]:
        return text("answer_yes" if action else "answer_no")
    if space == 0 and state.legal_actions() == [0, 1, 2]:
        return text("gain_token", token=_term(game, TOKENS[action], locale))
    kind = game.layout.SPACES[space - 1][0] if space > 0 else ""
    if kind == "player":
        return player_name(game, action, locale)
    if kind in game.kinds and 0 <= action < len(game.entities(kind)):
        return _name(game, game.entities(kind)[action], locale)
    top = state.engine.top()
    card = top[2][2] if top is not None and top[0] == 0 else -1
    if card >= 0:
        citizen = game.entities("citizen")[card]
        choice = f"{citizen.id.name.lower()}_choice_{action + 1}"
        if any(label.id.name.lower() == choice for label in game.entities("label")):
            return text(choice, **{name: str(value) for name, value in citizen.params})
        return text("effect_option_of", card=_name(game, citizen, locale), n=str(action + 1))
    return text("effect_option", n=str(action + 1))
