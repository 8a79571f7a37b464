"""A Root action in words, in the chosen language: what the decision is (the procedure asking it and where it
is) decides which label of content/root/labels.yaml says it, and the option fills its names."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..kernel.layout import LAYOUT

if TYPE_CHECKING:
    from ..kernel.state import GameState
    from .kernel import RootKernel

CARD_LABELS = {
    ("craft", 1): "craft_card", ("discard_down", 2): "discard_card", ("evening_draw", 2): "discard_card",
    ("spend_card", 1): "spend_card", ("extra_action", 1): "spend_card", ("field_hospitals", 1): "spend_card",
    ("dominance_activate", 1): "activate_card", ("dominance_take", 1): "take_card",
    ("dominance_take", 2): "spend_card", ("eyrie_add_to_decree", 1): "decree_add",
    ("alliance_revolt", 2): "spend_supporter", ("alliance_spread_sympathy", 2): "spend_supporter",
    ("alliance_mobilize", 1): "mobilize_card", ("alliance_train", 1): "spend_card", ("outrage", 1): "outrage_card",
    ("removing_bases", 1): "discard_supporter",
    ("lizard_ritual_build", 1): "reveal_card", ("lizard_ritual_recruit", 1): "reveal_card",
    ("lizard_ritual_score", 1): "reveal_card", ("lizard_ritual_sacrifice", 1): "reveal_card",
    ("duchy_build", 2): "reveal_card", ("duchy_dig", 1): "spend_card", ("duchy_sway", 2): "reveal_card",
    ("minister_action", 2): "spend_card",
    ("riverfolk_craft", 1): "craft_card", ("buy_services", 2): "take_card",
    ("corvid_recruit", 2): "spend_card", ("corvid_expose", 2): "show_card",
}
NO_CARD_LABELS = {"craft": "stop_crafting", "field_hospitals": "keep_cards", "eyrie_add_to_decree": "decree_stop",
                  "minister_action": "stop_spending", "riverfolk_craft": "stop_crafting", "corvid_recruit": "no_recruit"}
CLEARING_LABELS = {
    ("move", 1): "move_from", ("move", 2): "move_to", ("battle", 1): "battle_in", ("battle_in", 1): "battle_in",
    ("setup_faction", 1): "place_keep", ("marquise_build", 2): "build_in", ("marquise_build", 3): "take_wood",
    ("eyrie_resolve_decree", 2): "recruit_in", ("eyrie_new_roost", 1): "roost_in",
    ("alliance_revolt", 1): "revolt_in", ("alliance_spread_sympathy", 1): "sympathy_in",
    ("alliance_recruit", 1): "recruit_in", ("alliance_organize", 1): "organize_in",
    ("lizard_convert", 1): "convert_in", ("lizard_sanctify", 1): "sanctify_in", ("lizard_ritual_build", 2): "garden_in",
    ("lizard_ritual_recruit", 2): "recruit_in",
    ("duchy_build", 3): "build_in", ("duchy_dig", 2): "remove_tunnel", ("duchy_dig", 3): "dig_in",
    ("riverfolk_recruit", 2): "recruit_in", ("riverfolk_establish", 1): "establish_in",
    ("corvid_recruit", 1): "recruit_in", ("corvid_raid", 1): "raid_in", ("corvid_plot", 1): "plot_in",
    ("corvid_expose", 1): "expose_in",
}
NO_CLEARING_LABELS = {"alliance_revolt": "revolt_stop", "alliance_spread_sympathy": "sympathy_stop"}
"""The option after the clearings, which ends a step taken as often as the player likes."""
MINISTER_LABELS = {"duchy_parliament": "minister_action", "minister_action": "minister_action",
                   "duchy_sway": "sway_minister", "price_of_failure": "unsway_minister"}
ACTION_LABELS = {"move": "take_move", "battle": "take_battle"}
FUND_LABELS = ("commit_fund", "spend_fund", "lose_fund")
"""The owner of a fund paid, by how it is paid (funds.py: COMMIT, SPEND, LOSE)."""
PLOT_LABELS = {"corvid_plot": "plot_type", "corvid_expose": "guess_plot"}
COLUMNS = ("recruit", "move", "battle", "build")
MARQUISE_START = ("sawmill", "workshop", "recruiter")
"""The Marquise's starting buildings, placed in this order by her setup (6.3.4)."""
ITEM_SIDES = ("item_face_up", "item_face_up", "item_face_down", "item_damaged", "item_damaged_down")
"""How an item's place (runtime/root/vagabond.py: track, satchel, exhausted, damaged …) is said."""
ITEM_VERBS = {("vagabond_refresh", 1): "refresh_item", ("remove_hits", 1): "damage_item",
              ("vagabond_damage", 1): "damage_item",
              ("vagabond_item_limit", 1): "remove_item", ("vagabond_repair", 1): "repair_item",
              ("vagabond_special", 1): "repair_item", ("vagabond_aid", 3): "exhaust_item",
              ("vagabond_quest", 2): "exhaust_item"}
YES_NO_LABELS = {"vagabond_quest": ("quest_cards", "quest_points"),
                 "vagabond_protector": ("no_enlist", "enlist_arbiter"),
                 "vagabond_swift_strike": ("no_swift_strike", "swift_strike")}
VAGABOND_BATTLE = ("vagabond_protector",)
"""Decisions the Vagabond's rules ask another faction."""


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
    text = label_text(game, locale)
    if kind == LAYOUT["effect_choice"]:
        return _effect_option(kernel, state, action, locale)
    riverfolk = _riverfolk(kernel, state, procedure, kind, action, locale)
    if riverfolk is not None:
        return riverfolk
    faction = kernel.tables.faction_name(_faction(kernel, state, seat))
    if faction == "vagabond" or procedure in VAGABOND_BATTLE:
        said = _vagabond(kernel, state, procedure, stage, kind, action, locale)
        if said is not None:
            return said
    if kind == 10 and procedure in ("corvid_flip", "corvid_trick"):
        return _plot_clearing(kernel, state, action, procedure, stage, locale)
    if kind == 10:  # a clearing, or the Burrow after them
        if action > len(game.entities("clearing")):  # past the Burrow: the option that ends a repeated step
            return text(NO_CLEARING_LABELS.get(procedure, "choose_option"), option=str(action))
        name = _place(game, action, locale)
        if procedure == "setup_faction" and faction == "eyrie":
            return text("roost_in", clearing=name)
        if procedure == "setup_faction" and faction == "lizard_cult":
            return text("cult_start_in", clearing=name)
        if procedure == "setup_faction" and faction == "duchy":
            return text("surface_in", clearing=name)
        if procedure == "setup_faction" and faction == "corvids":
            return text("scatter_in", clearing=name)
        if procedure == "setup_faction" and stage > 1:
            return text("place_piece", piece=_term(game, MARQUISE_START[stage - 2], locale), clearing=name)
        return text(CLEARING_LABELS.get((procedure, stage), "choose_option"), clearing=name, option=name)
    if kind == 11:  # a seat
        faction = game.name_of(game.entities("faction")[_faction(kernel, state, action)], locale)
        return text("convert_warrior" if procedure == "lizard_convert" else "battle_against", faction=faction)
    if kind == 12:  # a card (or none)
        if action >= len(game.entities("card")):
            if procedure == "battle":
                return text("no_ambush" if stage == 3 else "no_foil")
            return text(NO_CARD_LABELS.get(procedure, "keep_cards"))
        card = game.name_of(game.entities("card")[action], locale)
        if procedure == "battle":
            return text("play_ambush" if stage == 3 else "foil", card=card)
        return text(CARD_LABELS.get((procedure, stage), "choose_option"), card=card, option=card)
    if kind == 13:  # a number
        return str(game.count("move_warriors", action, locale))
    if kind == 14:  # a piece
        piece = _term(game, kernel.tables.pieces[action].split("/")[1], locale)
        label = {"marquise_build": "build_type", "duchy_build": "build_type",
                 "lizard_sanctify": "sanctify_piece"}.get(procedure, "lose_piece")
        return text(label, piece=piece)
    if kind == 15 and procedure == "lizard_crusade":  # 1: battle, 0: move; then 1: battle where it arrived
        if stage == 3:
            clearing = game.name_of(game.entities("clearing")[top[2][3]], locale) if top else ""
            return text("battle_in", clearing=clearing) if action else text("no_battle")
        return text("crusade_battle" if action else "crusade_move")
    if kind == 16:
        return text("choose_leader", leader=game.name_of(game.entities("leader")[action], locale))
    if kind == 17:
        return text("decree_column", column=text(f"column_{COLUMNS[action]}"))
    if kind == 19:
        suit = game.name_of(game.entities("suit")[action], locale)
        label = {"setup_faction": "outcast_on", "minister_action": "bank_suit",
                 "corvid_recruit": "recruit_suit"}.get(procedure, "resolve_suit")
        return text(label, suit=suit)
    if kind == 22:  # a type of plot: one the Corvids choose or an enemy guesses, never one they cannot see
        plot = game.name_of(game.entities("plot")[action], locale)
        return text(PLOT_LABELS.get(procedure, "choose_option"), plot=plot, option=plot)
    if kind == 23:  # a step of the player's turn
        if action >= len(kernel.tables.steps):
            return text("no_exert")
        return text("exert_action", step=_menu(kernel, state, action, locale))
    if kind == 30:  # a Duchy minister, or the end of the Parliament
        if action >= len(game.entities("minister")):
            return text("end_parliament")
        minister = game.name_of(game.entities("minister")[action], locale)
        return text(MINISTER_LABELS.get(procedure, "choose_option"), minister=minister, option=minister)
    if kind == 31:  # an action to take (a procedure), or none more
        name = kernel.tables.procedures[action - 1] if action > 0 else ""
        return text(ACTION_LABELS.get(name, "stop_actions"))
    return text("choose_option", option=str(action))


def _riverfolk(kernel: RootKernel, state: GameState, procedure: str, kind: int, action: int,
               locale: str) -> str | None:
    """The Riverfolk's decisions and the services others buy (None for any other decision)."""
    game = kernel.game
    text = label_text(game, locale)
    top = state.engine.top()
    stage, local = top[1], top[2]
    seat = state.current_player()
    riverfolk = kernel.tables.faction_name(_faction(kernel, state, seat)) == "riverfolk"
    services = game.entities("service")
    prices = kernel.tables.arrays["riverfolk_service_prices_cost"]
    if kind == 10 and procedure == "setup_faction" and riverfolk:
        return text("place_warrior", clearing=game.name_of(game.entities("clearing")[action], locale))
    if kind == 13 and (procedure == "riverfolk_set_costs" or (procedure == "setup_faction" and riverfolk)):
        return text("set_price", service=game.name_of(services[local[4]], locale), cost=str(prices[action]))
    if kind == 11 and procedure in ("riverfolk_pay", "riverfolk_commit"):
        faction = game.name_of(game.entities("faction")[_faction(kernel, state, action)], locale)
        return text(FUND_LABELS[local[2]], faction=faction)
    if kind == 15 and procedure == "riverfolk_craft" and stage == 3:
        card = game.name_of(game.entities("card")[local[3]], locale)
        return text("export_card" if action else "keep_effect", card=card)
    if kind == 20:
        if action >= len(services):
            return text("buy_no_service")
        price = state.engine.arrays()[0][game.layout.FIELDS["service_price"][0] + action]
        return text("buy_service", service=game.name_of(services[action], locale), cost=str(prices[price]))
    return None


def _plot_clearing(kernel: RootKernel, state: GameState, action: int, procedure: str, stage: int, locale: str) -> str:
    """A clearing of the Corvids' Flip or Trick, its plot named only when face up."""
    game = kernel.game
    text = label_text(game, locale)
    if action >= len(game.entities("clearing")):
        return text("flip_stop")
    name = game.name_of(game.entities("clearing")[action], locale)
    if procedure == "corvid_flip":
        return text("flip_in", clearing=name)
    faceup = state.engine.arrays()[0][game.layout.FIELDS["plot_faceup"][0] + action]
    plot = game.name_of(game.entities("plot")[faceup - 1], locale) if faceup > 0 else text("facedown_plot")
    return text("trick_from" if stage == 1 else "trick_with", plot=plot, clearing=name)


def _menu(kernel: RootKernel, state: GameState, step: int, locale: str) -> str:
    game = kernel.game
    if step >= len(kernel.tables.steps):
        phase = game.entities("phase")[state.engine.phase()]
        return label_text(game, locale)("end_steps", phase=game.name_of(phase, locale))
    key = kernel.tables.steps[step].key.split("/")
    faction = game.get("faction", key[1])
    if key[2] == "turn":
        return game.name_of(faction.turn[int(key[3])], locale)
    if key[2] == "others":
        return game.name_of(game.get("faction", key[3]).others[int(key[4])], locale)
    if key[2] == "card":  # a once-in-Daylight persistent card
        return label_text(game, locale)("use_card", card=game.name_of(game.get("card", key[3]), locale))
    card = next(card for card in game.entities("card") if card.kind == "dominance")
    label = "activate_card" if key[2] == "dominance_activate" else "take_card"
    return label_text(game, locale)(label, card=game.name_of(card, locale).split("(")[0].strip())


def _effect_option(kernel: RootKernel, state: GameState, action: int, locale: str) -> str:
    """An option of an effect's choice: an entity of the choice's space, or yes and no for a `may`."""
    game = kernel.game
    space = state.engine.space()
    text = label_text(game, locale)
    card = _persistent_card(kernel, state)
    if card is not None:
        return _card_option(kernel, state, card, action, locale)
    if space == 0:
        options = set(state.legal_actions())
        if options <= {0, 1}:
            return text("answer_yes" if action else "answer_no")
        return text("choose_option", option=str(action))
    name, _size = game.layout.SPACES[space - 1]
    entities = game.entities(name) if name in game.kinds else ()
    shown = game.name_of(entities[action], locale) if action < len(entities) else str(action)
    return text("choose_option", option=shown)


def _persistent_card(kernel: RootKernel, state: GameState) -> Any:
    """The persistent card whose effect asks the choice, or None."""
    top = state.engine.top()
    if top is None or top[0] != LAYOUT["effect"]:
        return None
    entry, _actor, card = top[2][:3]
    cards = kernel.game.entities("card")
    if card < len(cards) and cards[card].kind == "persistent" and kernel.tables.arrays["card_effect"][card] == entry:
        return cards[card]
    return None


def _card_option(kernel: RootKernel, state: GameState, card: Any, action: int, locale: str) -> str:
    """A persistent card's choice: to use it or not (its `may`), or what it is used on, a player by faction."""
    game = kernel.game
    text = label_text(game, locale)
    name = game.name_of(card, locale)
    space = state.engine.space()
    if space == 0 and set(state.legal_actions()) <= {0, 1}:
        return text("use_card" if action else "decline_card", card=name)
    kind = game.layout.SPACES[space - 1][0] if space > 0 else ""
    if kind == "player":
        shown = game.name_of(game.entities("faction")[_faction(kernel, state, action)], locale)
    elif kind in game.kinds and action < len(game.entities(kind)):
        shown = game.name_of(game.entities(kind)[action], locale)
    else:
        shown = str(action)
    return text("card_option", card=name, option=shown)


def _place(game: Any, place: int, locale: str) -> str:
    """A clearing's name, or the Burrow, as a sentence names it, for the place after the clearings (core.burrow)."""
    clearings = game.entities("clearing")
    return game.name_of(clearings[place], locale) if place < len(clearings) else label_text(game, locale)("the_burrow")


def _faction(kernel: RootKernel, state: GameState, seat: int) -> int:
    return int(state.engine.arrays()[0][kernel.game.layout.FIELDS["faction_of"][0] + seat])


def faction_name(kernel: RootKernel, state: GameState, seat: int, locale: str) -> str:
    """The name of the faction at `seat`, in `locale`."""
    game = kernel.game
    return game.name_of(kernel.game.entities("faction")[_faction(kernel, state, seat)], locale)


def _term(game: Any, term: str, locale: str) -> str:
    try:
        return str(game.name_of(game.get("term", term), locale))
    except LookupError:
        return term


def label_text(game: Any, locale: str) -> Callable[..., str]:
    """A function that says a label of content/root/labels.yaml in `locale` (else in Root's source locale, French) as
    a message (runtime/messages.py), its arguments filled."""
    def text(label: str, **names: str) -> str:
        return str(game.message(label, locale, **names))
    return text


def _vagabond(kernel: RootKernel, state: GameState, procedure: str, stage: int, kind: int, action: int,
              locale: str) -> str | None:
    """The Vagabond's decisions (9), and those his rules ask others; None for the shared ones he shares."""
    game = kernel.game
    text = label_text(game, locale)
    nitems = len(game.entities("item"))
    if kind == 10 and procedure in ("move", "vagabond_special"):
        label = "pawn_to" if procedure == "move" else "glide_to"
        return text(label, clearing=game.name_of(game.entities("clearing")[action], locale))
    if kind == 11 and procedure in ("vagabond_aid", "vagabond_special", "dominance_activate", "vagabond_ally",
                                    "battle"):
        if action >= kernel.tables.dims["seats"]:
            return text("no_ally")
        label = {"vagabond_aid": "aid_player", "vagabond_special": "steal_from", "dominance_activate": "coalition_with",
                 "vagabond_ally": "ally_with", "battle": "instigate_defender"}[procedure]
        if procedure == "vagabond_special" and _character(kernel, state) == "vagrant":
            label = "instigate_attacker"
        if procedure == "battle" and _faction(kernel, state, (state.engine.top() or (0, 0, [0]))[2][0]) == \
                _faction(kernel, state, state.current_player()):
            return None
        return text(label, faction=game.name_of(game.entities("faction")[_faction(kernel, state, action)], locale))
    if kind == 12 and procedure in ("vagabond_aid", "vagabond_special"):
        card = game.name_of(game.entities("card")[action], locale)
        return text("give_card" if procedure == "vagabond_aid" else "take_card", card=card)
    if kind == 14 and procedure == "remove_hits":
        return text("instigate_loss", piece=_term(game, kernel.tables.pieces[action].split("/")[1], locale))
    if kind == 14 and procedure == "vagabond_strike":
        if action >= len(kernel.tables.pieces):
            faction = _faction(kernel, state, action - len(kernel.tables.pieces))
            return text("strike_warrior", faction=game.name_of(game.entities("faction")[faction], locale))
        return text("strike_piece", piece=_term(game, kernel.tables.pieces[action].split("/")[1], locale))
    if kind == 15 and procedure in YES_NO_LABELS:
        return text(YES_NO_LABELS[procedure][action])
    if kind == 40:
        return _item_option(kernel, procedure, stage, action, nitems, locale)
    if kind == 41:
        return text("choose_character", character=game.name_of(game.entities("character")[action], locale))
    if kind == 42:
        quest = game.entities("quest")[action]
        return text("complete_quest", quest=game.name_of(quest, locale),
                    suit=game.name_of(game.entities("suit")[int(quest.suit)], locale))
    if kind == 43:
        clearings = game.entities("clearing")
        forests = game.entities("forest")
        if action >= len(clearings) + len(forests):
            return text("no_slip")
        if action < len(clearings):
            place = text("clearing_named", clearing=game.name_of(clearings[action], locale))
        else:
            forest = forests[action - len(clearings)]
            around = ", ".join(game.name_of(clearings[int(c)], locale) for c in forest.clearings)
            place = text("forest_between", clearings=around)
        return text("slip_to" if procedure == "vagabond_slip" else "place_pawn", place=place)
    return None


def _character(kernel: RootKernel, state: GameState) -> str:
    seat = state.current_player()
    character = state.engine.arrays()[0][kernel.game.layout.FIELDS["character"][0] + seat]
    return str(kernel.game.entities("character")[character].id.name.lower())


def _item_option(kernel: RootKernel, procedure: str, stage: int, action: int, nitems: int, locale: str) -> str:
    """An item decision: what is done with which item, on which side (vagabond.py's `place * items + item`)."""
    game = kernel.game
    text = label_text(game, locale)
    items = game.entities("item")
    if procedure == "vagabond_aid" and stage == 4:
        return text("take_item", item=game.name_of(items[action], locale)) if action < nitems else text("take_no_item")
    if action >= len(ITEM_SIDES) * nitems:
        return text("allied_warrior_hit")
    place, item = divmod(action, nitems)
    if procedure == "vagabond_quest" and place == 3:
        return text("improvise", item=game.name_of(items[item], locale))
    shown = text(ITEM_SIDES[place], item=game.name_of(items[item], locale))
    return text(ITEM_VERBS.get((procedure, stage), "choose_option"), item=shown, option=shown)
