"""Vindication's actions in words, in each locale of the content: the labels of content/vindication/labels.yaml
filled with the names of its entities (actions, regions, cards, attributes)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..kernel.layout import LAYOUT
from .tables import FAVOURS, MYTHS_BONUSES

if TYPE_CHECKING:
    from ..kernel.state import GameState
    from .kernel import VindicationKernel

SPACE, SLOT, CARD, ATTRIBUTE, SPHERE, YESNO, DRAW, COUNT, RECOVER, SEAT, ACTIVATE, WISH = (10, 11, 12, 13, 14, 15, 16,
                                                                                 17, 18, 19, 20, 21)
FACE = 22
REGION = 23
TREACHERY = 24
FAVOUR, FAVOUR_TARGET, MONUMENT = 25, 26, 27
"""The guild favour token's placement and target, and a piece added to the monument (guilds.py)."""
MYTHS_SPHERE, CLONED = 40, 41
"""A sphere of the Mythes et Merveilles board, and the sphere taken whose bonus a clone sphere copies (myths.py)."""
MONSTER_DIE_FACES = ("epuisement", "mort", "rate")
"""The monster die's outcomes as tables.py numbers them, by their glossary terms."""
"""The engine's kinds of decision (island.py, cards.py, actions.py)."""
STOP = 1000
FROM_CONVICTION, FROM_CARD, FROM_SLOT = 10, 100, 1000
KERNEL_STEPS = {"repeat": "step_repeat", "discard_aptitude": "step_discard_aptitude", "ability": "step_ability",
                "relic": "step_relic", "extra_visit": "step_extra_visit", "trait": "step_trait",
                "treachery": "step_clear_treachery", "pet": "step_pet", "rebind_pet": "step_rebind_pet",
                "offer": "step_offer", "teleport_token": "step_teleport_token", "loot": "step_loot"}
"""Plan steps that are not actions of actions.yaml, and their labels."""
CARD_LABELS = {"setup": "keep_quest", "draw_secret_quest": "keep_quest", "recharge": "recharge_relic",
               "use_relic": "use_relic", "activate_companion": "activate_companion",
               "generate_other_companion": "generate_like", "discard_active_trigger": "discard_trigger",
               "use_other_trait": "borrow_trait", "use_trait": "use_trait", "others_load_companion": "load_companion",
               "place_treachery_cube": "treachery_on", "weld_companion": "weld_companion", "use_pet": "use_pet",
               "share_loot": "take_loot", "use_loot": "use_trait", "replace_active_trigger": "replace_trigger"}
"""What choosing a card does, by the procedure that asks (else: taking it)."""
PET_LABELS = {"tame_pet": ("tame_pet", "bind_pet"), "rebind_pet": ("rebind_pet", "bind_pet")}
"""The Ménagerie's two choices of a card: the pet, then its master (by the procedure's stage)."""


def label_text(game: Any, locale: str) -> Callable[..., str]:
    """A function that says a label of content/vindication/labels.yaml in `locale` (else in the source locale) as a
    message (runtime/messages.py), its arguments filled."""
    def text(label: str, **names: str) -> str:
        return str(game.message(label, locale, **names))
    return text


def seat_name(game: Any, seat: int, locale: str) -> str:
    return label_text(game, locale)("player_name", n=str(seat + 1))


def describe(kernel: VindicationKernel, state: GameState, action: int, locale: str) -> str:
    decision = state.engine.decision()
    if decision is None:
        return str(action)
    kind = decision[0]
    game = kernel.game
    tables = state.engine.tables
    text = label_text(game, locale)
    top = state.engine.top()
    procedure = tables.procedure_name(top[0]) if top and top[0] > 0 else ""
    if kind == LAYOUT["menu"]:
        return _menu(kernel, state, action, locale)
    if kind == LAYOUT["effect_choice"]:
        return _effect_option(kernel, state, action, locale)
    attributes = game.entities("attribute")
    if kind == SPACE and procedure == "push_player":
        return text("push_to", space=str(action + 1))
    if kind == SPACE and procedure == "move_characters":
        mover = (top[2][0] + top[2][3]) % state.players if top else 0
        return text("move_character_to", player=seat_name(game, mover, locale), space=str(action + 1))
    if kind == SPACE and procedure in ("teleport", "sacred_stones", "use_teleport_token"):
        return text("no_teleport") if action == STOP else text("teleport_to", space=str(action + 1))
    if kind == SPACE:
        at = state.engine.arrays()[0][tables.numbers["k_pos"] + decision[1]]
        return text("stop_here", space=str(at + 1)) if action == STOP else text("move_to", space=str(action + 1))
    if kind == SLOT:
        label = {"control": "control_region", "place_treachery_cube": "treachery_on_region",
                 "use_other_conviction": "siphon_control"}.get(procedure, "visit_region")
        return text(label, region=_slot(state, action, locale))
    if kind == CARD and procedure in PET_LABELS:
        stage = top[1] if top else 0
        if action == STOP:
            return text("draw_pet")
        return text(PET_LABELS[procedure][stage > 1], card=game.name_of(tables.cards[action][1], locale))
    if kind == CARD and procedure == "swap_card":
        stage = top[1] if top else 0
        if action == STOP:
            return text("draw_blind")
        return text("swap_out" if stage == 1 else "take_card", card=game.name_of(tables.cards[action][1], locale))
    if kind == CARD:
        if action == STOP:
            return text("stop_welding" if procedure == "weld_companion" else "stop_recharging")
        card = game.name_of(tables.cards[action][1], locale)
        label = CARD_LABELS.get(procedure, "take_card")
        return text(label, card=card)
    if kind == ATTRIBUTE and procedure == "buy_imbued_crystal":
        return text("no_imbued_crystal") if action == STOP else \
            text("buy_imbued_crystal",
                 card=game.name_of(tables.cards[tables.arrays["crystal_card"][action]][1], locale))
    if kind == ATTRIBUTE:
        name = game.name_of(attributes[action], locale)
        stage = top[1] if top else 0
        if procedure == "swap_card":
            return text("return_aptitude" if stage == 1 else "take_aptitude", attribute=name)
        label = {"recruit": "recruit_colour", "aptitude": "take_aptitude", "discard_aptitude": "discard_aptitude",
                 "lose_attribute": "lose_cube", "steal_aptitude": "steal_aptitude",
                 "convert": "convert_to" if stage == 1 else "convert_moves", "peek_deck": "peek_deck",
                 "generate_more": "generate_more", "flip_deck_top": "flip_deck",
                 "generate_missing": "generate_missing", "tame_pet": "pay_one_less"}.get(procedure, "convert_to")
        return text(label, attribute=name)
    if kind == SPHERE:
        if procedure in ("move", "diminish_power"):
            return text("diminish_conviction" if action == 2 else "diminish_influence")
        return text("augment_potential" if action == 0 else "augment_influence")
    if kind == YESNO and procedure == "crystal_substitute" and top:
        attribute = game.name_of(attributes[top[2][1]], locale)
        crystal = game.name_of(tables.cards[tables.arrays["crystal_card"][top[2][1]]][1], locale)
        return text("use_crystal", card=crystal, attribute=attribute) if action \
            else text("pay_in_cubes", attribute=attribute)
    if kind == YESNO:
        if procedure == "peek_deck":
            return text("turn_face_up" if action else "put_back")
        return text("save_champion" if action else "lose_champion")
    if kind == DRAW:
        if action == 0:
            zone = top[2][1] if top else 0
            return text("draw_faceup", card=_faceup_name(state, zone, locale))
        return text("draw_blind" if action == 1 else "draw_enhanced")
    if kind == COUNT:
        if procedure == "deliver_crystals" and top:
            crystals, honour = top[2][1], top[2][2]
            return text("deliver_crystals", n=str(action * crystals), honour=str(action * honour)) if action \
                else text("no_delivery")
        if procedure == "move_trigger_token" and top:
            token, shift = action // 2, top[2][1] if action % 2 else -top[2][1]
            space = tables.arrays["trigger_space"][token] + state.engine.arrays()[0][tables.numbers["k_token_shift"]
                                                                                       + token]
            return text("move_token", space=str(space), to=str(space + shift))
        if procedure == "redistribute_common":
            stage = top[1] if top else 1
            attribute = game.name_of(attributes[0 if stage == 1 else 1], locale)
            return text("cubes_to", n=str(action), attribute=attribute)
        if procedure == "provoke":
            return text("augment_for_ronak", n=str(action))
        return text("charge_relic", n=str(action))
    if kind == RECOVER:
        return _recover(kernel, state, action, locale)
    if kind == SEAT:
        label = {"adjacent_player": "target_player", "push_player": "push_player",
                 "use_other_conviction": "siphon_from"}.get(procedure, "swap_with")
        return text(label, player=seat_name(game, action, locale))
    if kind == WISH:
        if action == STOP:
            return text("no_wish")
        honour, attribute, cubes = tables.arrays["wish_reward"][action * 3:action * 3 + 3]
        if attribute >= 0:
            return text("wish_cubes", n=str(cubes), attribute=game.name_of(attributes[attribute], locale))
        return text("wish_honour", n=str(honour))
    if kind == TREACHERY and action >= tables.numbers["cards"]:
        return text("clear_treachery_region", region=_slot(state, action - tables.numbers["cards"], locale))
    if kind == TREACHERY:
        return text("clear_treachery_card", card=game.name_of(tables.cards[action][1], locale))
    if kind == REGION and action == STOP:
        return text("no_build")
    if kind == REGION:
        return text("build_region", region=game.name_of(game.entities("region")[action], locale))
    if kind == FACE and action == STOP:
        return text("fate_reroll")
    if kind == FACE:
        die = top[2][1] if top else 0
        face = game.get("term", MONSTER_DIE_FACES[action]) if die else attributes[action]
        return text("keep_roll", result=game.name_of(face, locale))
    if kind in (FAVOUR, FAVOUR_TARGET, MONUMENT):
        return _favour(kernel, state, kind, action, locale)
    if kind in (MYTHS_SPHERE, CLONED):
        return _sphere(kernel, state, action, kind, locale)
    if kind == ACTIVATE:
        if action == 0:
            return text("activate_character")
        return text("activate_companion", card=game.name_of(tables.cards[action - 1][1], locale))
    return text("choose_option", option=str(action))


def _favour(kernel: VindicationKernel, state: GameState, kind: int, action: int, locale: str) -> str:
    """A placement of the guild favour token, its target (by the placement chosen, local 3), or a piece added to
    the monument: an attribute cube, an aptitude tile (attributes + a) or the conviction cube."""
    game = kernel.game
    text = label_text(game, locale)
    attributes = game.entities("attribute")
    if kind == FAVOUR:
        return text("favour_placement", placement=game.name_of(game.get("favour_placement", FAVOURS[action]), locale))
    if kind == MONUMENT:
        if action == STOP:
            return text("monument_stop")
        if action < len(attributes):
            return text("monument_attribute", attribute=game.name_of(attributes[action], locale))
        if action < 2 * len(attributes):
            return text("monument_aptitude", attribute=game.name_of(attributes[action - len(attributes)], locale))
        return text("monument_conviction")
    top = state.engine.top()
    placement = FAVOURS[top[2][3]] if top else ""
    if placement in ("fortifier", "diplomatie"):
        return text("favour_on_region", region=_slot(state, action, locale))
    if placement == "barricade":
        return text("favour_on_space", space=str(action + 1))
    if placement == "autorite_guilde":
        return text("augment_potential" if action == 0 else "augment_influence")
    if placement == "reconstruction_monument":
        return text("favour_placement", placement=game.name_of(game.get("favour_placement", placement), locale))
    return text("favour_on_card", card=game.name_of(state.engine.tables.cards[action][1], locale))


def _effect_option(kernel: VindicationKernel, state: GameState, action: int, locale: str) -> str:
    """An option of a card's or region's effect: an entity of the choice's space, or a branch of the effect (a
    `may`'s no and yes, a `choose`'s actions, in the order the card's text gives them), counted from 1."""
    game = kernel.game
    text = label_text(game, locale)
    space = state.engine.space()
    if space == 0:
        return text("effect_branch", option=str(action + 1))
    name = game.layout.SPACES[space - 1][0]
    if name == "card":
        return text("effect_entity", option=game.name_of(state.engine.tables.cards[action][1], locale))
    if name == "player":
        return text("effect_entity", option=seat_name(game, action, locale))
    entities = game.entities(name)
    option = game.name_of(entities[action], locale) if action < len(entities) else str(action)
    return text("effect_entity", option=option)


def _menu(kernel: VindicationKernel, state: GameState, step: int, locale: str) -> str:
    game = kernel.game
    text = label_text(game, locale)
    steps = state.engine.tables.steps
    if step >= len(steps):
        return text("end_turn")
    key = steps[step].key.split("/")[1]
    if key in KERNEL_STEPS:
        return text(KERNEL_STEPS[key])
    return game.name_of(kernel.game.get("action", key), locale)


def _sphere(kernel: VindicationKernel, state: GameState, sphere: int, kind: int, locale: str) -> str:
    """A sphere of the Mythes et Merveilles board: the cube it takes and its bonus (tables.py MYTHS_BONUSES)."""
    text = label_text(kernel.game, locale)
    arrays = state.engine.tables.arrays
    bonus = text(f"myths_bonus_{MYTHS_BONUSES[arrays['myths_bonus'][sphere]]}", n=str(arrays["myths_amount"][sphere]))
    if kind == CLONED:
        return text("clone_sphere", bonus=bonus)
    accepts = arrays["myths_accepts"][sphere]
    attributes = kernel.game.entities("attribute")
    if accepts >= len(attributes):
        return text("offer_conviction", bonus=bonus)
    return text("offer_sphere", attribute=kernel.game.name_of(attributes[accepts], locale), bonus=bonus)


def _slot(state: GameState, slot: int, locale: str) -> str:
    tables = state.engine.tables
    region = state.engine.arrays()[0][tables.numbers["k_slot"] + slot]
    return state.game.name_of(tables.regions[region], locale)


def _faceup_name(state: GameState, zone: int, locale: str) -> str:
    """The card on top of a deck's face-up stack."""
    tables = state.engine.tables
    fields = state.game.layout.FIELDS
    cells = state.engine.arrays()[0]
    cards = [c for c in range(tables.numbers["cards"])
             if cells[fields["card_zone"][0] + c] == zone and cells[fields["card_faceup"][0] + c] == 1]
    if not cards:
        return "?"
    return state.game.name_of(tables.cards[max(cards, key=lambda c: cells[fields["card_order"][0] + c])][1], locale)


def _recover(kernel: VindicationKernel, state: GameState, action: int, locale: str) -> str:
    game = kernel.game
    text = label_text(game, locale)
    tables = state.engine.tables
    if action >= FROM_SLOT:
        return text("recover_region", region=_slot(state, action - FROM_SLOT, locale))
    if action >= FROM_CARD:
        kind, card = tables.cards[action - FROM_CARD]
        return text("recover_companion" if kind == "companion" else "recover_card", card=game.name_of(card, locale))
    if action == FROM_CONVICTION:
        return text("diminish_conviction")
    return text("recover_attribute", attribute=game.name_of(kernel.game.entities("attribute")[action], locale))
