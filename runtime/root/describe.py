"""A Root action in words, in the chosen language: what the decision is (the procedure asking it and where it
is) decides which label of content/root/labels.yaml says it, and the option fills its names."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..kernel.engine import LAYOUT

if TYPE_CHECKING:
    from ..kernel.state import GameState
    from .kernel import RootKernel

CARD_LABELS = {
    ("craft", 1): "craft_card", ("discard_down", 2): "discard_card", ("evening_draw", 2): "discard_card",
    ("spend_card", 1): "spend_card", ("extra_action", 1): "spend_card", ("field_hospitals", 1): "spend_card",
    ("dominance_activate", 1): "activate_card", ("dominance_take", 1): "take_card",
    ("dominance_take", 2): "spend_card", ("eyrie_add_to_decree", 1): "decree_add", ("corvid_recruit", 2): "spend_card",
    ("corvid_expose", 2): "show_card",
}
NO_CARD_LABELS = {"craft": "stop_crafting", "field_hospitals": "keep_cards", "eyrie_add_to_decree": "decree_stop",
                  "corvid_recruit": "no_recruit"}
CLEARING_LABELS = {
    ("move", 1): "move_from", ("move", 2): "move_to", ("battle", 1): "battle_in", ("battle_in", 1): "battle_in",
    ("setup_faction", 1): "place_keep", ("marquise_build", 2): "build_in", ("marquise_build", 3): "take_wood",
    ("eyrie_resolve_decree", 2): "recruit_in", ("eyrie_new_roost", 1): "roost_in", ("corvid_recruit", 1): "recruit_in",
    ("corvid_raid", 1): "raid_in", ("corvid_plot", 1): "plot_in", ("corvid_expose", 1): "expose_in",
}
PLOT_LABELS = {"corvid_plot": "plot_type", "corvid_expose": "guess_plot"}
COLUMNS = ("recruit", "move", "battle", "build")
MARQUISE_START = ("sawmill", "workshop", "recruiter")
"""The Marquise's starting buildings, placed in this order by her setup (6.3.4)."""


def describe(kernel: RootKernel, state: GameState, action: int, locale: str) -> str:
    decision = state.engine.decision()
    if decision is None:
        return str(action)
    kind, seat, _ = decision
    game = kernel.game
    if kind == LAYOUT["menu"]:
        return _menu(kernel, state, action, locale)
    top = state.engine.top()
    procedure = kernel.tables.procedures[top[0] - 1] if top and top[0] > 0 else ""
    stage = top[1] if top else 0
    text = _label(game, locale)
    if kind == LAYOUT["effect_choice"]:
        return _effect_option(kernel, state, action, locale)
    if kind == 10 and procedure in ("corvid_flip", "corvid_trick"):
        return _plot_clearing(kernel, state, action, procedure, stage, locale)
    if kind == 10:  # a clearing
        name = _name(game.entities("clearing")[action], locale)
        if procedure == "setup_faction" and kernel.tables.faction_name(_faction(kernel, state, seat)) == "eyrie":
            return text("roost_in", clearing=name)
        if procedure == "setup_faction" and kernel.tables.faction_name(_faction(kernel, state, seat)) == "corvids":
            return text("scatter_in", clearing=name)
        if procedure == "setup_faction" and stage > 1:
            return text("place_piece", piece=_term(game, MARQUISE_START[stage - 2], locale), clearing=name)
        return text(CLEARING_LABELS.get((procedure, stage), "choose_option"), clearing=name, option=name)
    if kind == 11:  # a seat
        return text("battle_against", faction=_name(game.entities("faction")[_faction(kernel, state, action)], locale))
    if kind == 12:  # a card (or none)
        if action >= len(game.entities("card")):
            if procedure == "battle":
                return text("no_ambush" if stage == 3 else "no_foil")
            return text(NO_CARD_LABELS.get(procedure, "keep_cards"))
        card = _name(game.entities("card")[action], locale)
        if procedure == "battle":
            return text("play_ambush" if stage == 3 else "foil", card=card)
        return text(CARD_LABELS.get((procedure, stage), "choose_option"), card=card, option=card)
    if kind == 13:  # a number
        return str(game.count("move_warriors", action, locale))
    if kind == 14:  # a piece
        piece = _term(game, kernel.tables.pieces[action].split("/")[1], locale)
        return text("build_type" if procedure == "marquise_build" else "lose_piece", piece=piece)
    if kind == 16:
        return text("choose_leader", leader=_name(game.entities("leader")[action], locale))
    if kind == 17:
        return text("decree_column", column=text(f"column_{COLUMNS[action]}"))
    if kind == 19:
        label = "recruit_suit" if procedure == "corvid_recruit" else "resolve_suit"
        return text(label, suit=_name(game.entities("suit")[action], locale))
    if kind == 20:  # a type of plot: one the Corvids choose or an enemy guesses, never one they cannot see
        return text(PLOT_LABELS.get(procedure, "choose_option"), plot=_name(game.entities("plot")[action], locale),
                    option=_name(game.entities("plot")[action], locale))
    if kind == 21:  # a step of the player's turn
        if action >= len(kernel.tables.steps):
            return text("no_exert")
        return text("exert_action", step=_menu(kernel, state, action, locale))
    return text("choose_option", option=str(action))


def _plot_clearing(kernel: RootKernel, state: GameState, action: int, procedure: str, stage: int, locale: str) -> str:
    """A clearing of the Corvids' Flip or Trick, its plot named only when face up."""
    game = kernel.game
    text = _label(game, locale)
    if action >= len(game.entities("clearing")):
        return text("flip_stop")
    name = _name(game.entities("clearing")[action], locale)
    if procedure == "corvid_flip":
        return text("flip_in", clearing=name)
    faceup = state.engine.arrays()[0][game.layout.FIELDS["plot_faceup"][0] + action]
    plot = _name(game.entities("plot")[faceup - 1], locale) if faceup > 0 else text("facedown_plot")
    return text("trick_from" if stage == 1 else "trick_with", plot=plot, clearing=name)


def _menu(kernel: RootKernel, state: GameState, step: int, locale: str) -> str:
    game = kernel.game
    if step >= len(kernel.tables.steps):
        phase = game.entities("phase")[state.engine.phase()]
        return _label(game, locale)("end_steps", phase=_name(phase, locale))
    key = kernel.tables.steps[step].key.split("/")
    faction = game.get("faction", key[1])
    if key[2] == "turn":
        return _name(faction.turn[int(key[3])], locale)
    if key[2] == "others":
        return _name(game.get("faction", key[3]).others[int(key[4])], locale)
    card = next(card for card in game.entities("card") if card.kind == "dominance")
    label = "activate_card" if key[2] == "dominance_activate" else "take_card"
    return _label(game, locale)(label, card=_name(card, locale).split("(")[0].strip())


def _effect_option(kernel: RootKernel, state: GameState, action: int, locale: str) -> str:
    """An option of an effect's choice: an entity of the choice's space, or yes and no for a `may`."""
    game = kernel.game
    space = state.engine.space()
    text = _label(game, locale)
    if space == 0:
        options = set(state.legal_actions())
        if options <= {0, 1}:
            return text("answer_yes" if action else "answer_no")
        return text("choose_option", option=str(action))
    name, _size = game.layout.SPACES[space - 1]
    entities = game.entities(name) if name in game.kinds else ()
    shown = _name(entities[action], locale) if action < len(entities) else str(action)
    return text("choose_option", option=shown)


def _faction(kernel: RootKernel, state: GameState, seat: int) -> int:
    return int(state.engine.arrays()[0][kernel.game.layout.FIELDS["faction_of"][0] + seat])


def _name(entity: Any, locale: str) -> str:
    return str(entity.name.get(locale) or entity.name.get("en") or entity.id)


def _term(game: Any, term: str, locale: str) -> str:
    try:
        return _name(game.get("term", term), locale)
    except LookupError:
        return term


def _label(game: Any, locale: str) -> Callable[..., str]:
    def text(label: str, **names: str) -> str:
        template = str(game.get("label", label).text.get(locale) or game.get("label", label).text.get("en"))
        for name, value in names.items():
            template = template.replace("{" + name + "}", value)
        return template
    return text
