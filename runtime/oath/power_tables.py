# mypy: disable-error-code="misc"
# (its methods type `self` as the whole OathState, of which this class is a part: mypy files that under misc)
"""Card facts and which card plays which power, looked up once a game (and again when an edifice turns): the
`PowerTables` part of `OathState` (game.py), its methods written for the whole state."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from ..content import CompiledGame
from ..effects import bind_natives
from ..vm_py import Native
from . import advisers, campaign, chronicle, empire, favor, modifiers, natives, negotiate, persistent, plays
from .core import OathCore
from .power_code import natives_of
from .setup import SHARED_VISION, SHARED_VISION_DISCARD, Cards, cards_with_native

if TYPE_CHECKING:
    from .game import OathState

HOOKS_READ = frozenset({*campaign.CAMPAIGN_HOOKS, *modifiers.ACTION_HOOKS, *plays.PLAY_HOOKS, "end_roll_delta"})
"""The rule hooks (state fields that modifiers set) the kernel reads so far; `end_roll_delta` once the end die is
rolled (`_round_over`)."""

STATIC_POWERS = ("ignore_site_capacity", "forbid_play_to_site_with_locked_cards", SHARED_VISION, SHARED_VISION_DISCARD)
"""Powers that are a native alone, which the kernel reads off the cards where their rule applies: two restrict how
their card is played (plays.py); the False Prophet's shared Vision counts as revealed for the Visionary win at the
Wake and at War Exhaustion (`revealed_visions`), and its sharer plays or discards it once it is discarded (setup.py
`Cards.discard`, Phase.SHARED_VISION_PLAY)."""

CONSPIRACY = "vision/conspiracy/powers/0"

T = TypeVar("T")

POWER_STRIDE = 256
"""USE_POWER's argument is the power's place among its card's "Action:" powers times this, plus the card."""

def _action_powers(game: CompiledGame, cards: Cards) -> dict[int, list[tuple[str, Any]]]:
    """Card → (effect key, cost) of each "Action:" power the kernel can run."""
    usable: dict[int, list[tuple[str, Any]]] = {}
    for card, key, power in cards.powers():
        if power.kind == "action" and key in runnable(game):
            usable.setdefault(card, []).append((key, power.cost))
    return usable

REACTIONS = {"after_any_play": "play", "after_any_campaign": "after_any_campaign", "after_any_recover": "after_recover"}
"""Reaction timings and the queue each joins: after another player's play, Campaign or Recover, run for each card's
ruler."""

TRIGGERED = ("rest", "wake_end", "after_search", "after_muster", "after_trade", "after_travel", "after_recover",
             "defense", "play",
             "search", "muster", "trade", "travel", "recover", "campaign", "after_any_campaign", "end_roll")
"""Timings of powers that fire on their own: "Rest:" powers (4.3.5), modifiers whose `timing` says when (7.4;
content/oath powers), and the mandatory modifiers of the action being taken (modifiers.py)."""

def _powers_by_moment(game: CompiledGame, cards: Cards) -> dict[str, dict[int, str]]:
    """Card → effect key of each runnable power, by when it fires: its kind ("when_played", "rest", …) and, for a
    modifier, its timing."""
    found: dict[str, dict[int, str]] = {}
    for card, key, power in cards.powers():
        if key in runnable(game):
            found.setdefault(power.kind, {})[card] = key
            if power.kind == "modifier":
                found.setdefault(power.timing, {})[card] = key
    return found

def _battle_plans(game: CompiledGame, cards: Cards) -> dict[tuple[int, int], tuple[str, Any]]:
    """(card, side) → (effect key, cost) of the battle plans the kernel can run; side 1 attacks, 2 defends."""
    sides = {"battle_plan_attack": 1, "battle_plan_defense": 2}
    return {(card, sides[power.kind]): (key, power.cost) for card, key, power in cards.powers()
            if power.kind in sides and key in runnable(game)}

_RUNNABLE: dict[object, frozenset[str]] = {}

OVERRIDES = (empire.FACTORIES | modifiers.FACTORIES | chronicle.FACTORIES | advisers.FACTORIES | persistent.FACTORIES
             | campaign.FACTORIES | negotiate.FACTORIES)
"""Natives of the kernel's modules, besides natives.py's."""

IMPLEMENTED = set(natives.FACTORIES) | set(OVERRIDES) | set(modifiers.STATE_NATIVES)
"""Every native the kernel implements; empire.py's and modifiers.py's take the place of natives.py's."""

def runnable(game: CompiledGame) -> frozenset[str]:
    """The powers the kernel can run: compiled, every native they call implemented, every rule hook they
    modify read by the kernel. Worked out once per compiled game, not once per state."""
    if game.layout not in _RUNNABLE:
        _RUNNABLE[game.layout] = frozenset(
            key for key in game.layout.ENTRIES
            if set(game.layout.RULES.get(key, ())) <= HOOKS_READ and not natives_of(game, key) - IMPLEMENTED)
    return _RUNNABLE[game.layout]

_NATIVES: dict[object, dict[str, Native]] = {}


def kernel_natives(game: CompiledGame) -> dict[str, Native]:
    """Every native the kernel implements, bound to a compiled game (once per compiled game)."""
    if game.layout not in _NATIVES:
        _NATIVES[game.layout] = natives.bound(game) | {name: make(game) for name, make in OVERRIDES.items()}
    return _NATIVES[game.layout]


class PowerTables(OathCore):
    def _static(self: OathState) -> None:
        """Card facts that never change, looked up once: those of the content shared by its games (`_card_facts`),
        those of this game's seats and handles, and the natives bound to this state."""
        if self.game.layout not in _FACTS:
            _FACTS[self.game.layout] = _card_facts(self.game, self.cards)
        for name, fact in _FACTS[self.game.layout].items():
            setattr(self, name, fact)
        self.card_of_handle = {self.flat.get("card_handle", card): card for card in range(self.flat.size("card_zone"))}
        assert self.flat.size("card_zone") <= POWER_STRIDE
        self.adviser_zones = {self.cards.zone("advisers", seat) for seat in range(self.players)}
        self.relic_zones = {self.cards.zone("relics_held", seat) for seat in range(self.players)}
        self.zones_in_play = [self.zone_ids["map"], *sorted(self.relic_zones)]
        self.zones_in_play_faceup = [self.zone_ids["at_site"], *sorted(self.adviser_zones)]
        bound_here = {name: make(self) for name, make in modifiers.STATE_NATIVES.items()}
        self.natives = bind_natives(self.game, kernel_natives(self.game) | bound_here)
        self._power_tables()

    def _edifice_sides(self: OathState) -> tuple[int, ...]:
        return tuple(self.flat.get("edifice_ruined", card) for card in self.edifices)

    def _power_tables(self: OathState) -> None:
        """Which card plays which power, by kind and timing, for the sides the edifices show now (Broken Forge
        repairs itself during a game): the same for every game of a compiled content with those sides, so worked
        out once and shared (nothing changes them once made)."""
        self.edifice_sides = self._edifice_sides()
        key = (self.game.layout, self.edifice_sides)
        if key not in _TABLES:
            _TABLES[key] = _tables_for(self.game, self.cards)
        for name, table in _TABLES[key].items():
            setattr(self, name, table)


_FACTS: dict[object, dict[str, Any]] = {}
"""The card facts of each compiled content (`_card_facts`)."""


def _card_facts(game: CompiledGame, cards: Cards) -> dict[str, Any]:
    """The facts of the content's cards the rules look up, by the name of the state's attribute each becomes (nothing
    changes them once made)."""
    suit_of, restriction = {}, {}
    for kind in ("denizen", "edifice"):
        for entity in game.entities(kind):
            card = cards.of(kind, entity.id.name.lower())
            suit_of[card] = int(entity.suit)
            restriction[card] = entity.restriction if kind == "denizen" else "site"
    reliquary_modifiers: dict[str, dict[int, str]] = {}
    for space, entity in enumerate(game.entities("reliquary_modifier")):
        key = f"reliquary_modifier/{entity.id.name.lower()}/powers/0"
        if entity.powers and key in runnable(game):
            reliquary_modifiers.setdefault(entity.powers[0].timing, {})[space] = key
    banner_recover_rules = {}
    for banner, entity in enumerate(game.entities("banner")):
        for number, power in enumerate(entity.powers):
            key = f"banner/{entity.id.name.lower()}/powers/{number}"
            if power.kind == "modifier" and power.timing == "recover" and key in runnable(game):
                banner_recover_rules[banner] = key
    return {
        "suit_of": suit_of,
        "restriction": restriction,
        "visions": set(cards.all("vision")),
        "relics": set(cards.all("relic")),
        "relic_base": int(cards.base["relic"]),
        "conspiracy": cards.of("vision", "conspiracy"),
        "scepter": cards.of("relic", "grand_scepter"),
        "conspiracy_runs": CONSPIRACY in runnable(game),
        "site_base": int(cards.base["site"]),
        "role_ids": {name.lower(): int(member) for name, member in game.enums["role"].__members__.items()},
        "oath_names": tuple(oath.id.name.lower() for oath in game.entities("oath")),
        "edifices": cards.all("edifice"),
        "reliquary_modifiers": reliquary_modifiers,
        "static_powers": {name: frozenset(cards_with_native(game, name)) for name in STATIC_POWERS},
        "banner_recover_rules": banner_recover_rules,
        "zone_ids": {name: cards.zone(name, 0 if name in ("advisers", "relics_held") else None)
                     for name in ("advisers", "relics_held", "at_site", "map")},
    }


_TABLES: dict[tuple[object, tuple[int, ...]], dict[str, Any]] = {}
"""The power tables of each compiled content and edifice sides (`_tables_for`)."""


def _tables_for(game: CompiledGame, cards: Cards) -> dict[str, Any]:
    """The power tables, by the name of the state's attribute each becomes."""
    run = runnable(game)
    moments = _powers_by_moment(game, cards)
    powers = _action_powers(game, cards)
    rules = [(card, key) for card, key, power in cards.powers()
             if power.kind == "modifier" and power.timing == "persistent" and key in run
             and natives_of(game, key) & set(persistent.FACTORIES)]
    rule_powers = sorted(rules, key=lambda rule: not persistent.RULINGS & natives_of(game, rule[1]))
    action_modifiers = modifiers.action_modifiers(game, cards, run)
    play_rules = plays.rule_modifiers(game, cards, run)
    triggered = {when: moments.get(when, {}) for when in TRIGGERED}
    triggered["play"] = {card: key for card, key in triggered["play"].items() if card not in play_rules}
    reacting: set[int] = set()
    for timing, queue in REACTIONS.items():
        reactions = moments.get(timing, {})
        triggered[queue] = triggered[queue] | reactions
        reacting |= set(reactions)
    for timing, found in action_modifiers.items():
        triggered[timing] = {card: key for card, (key, _, mandatory, _) in found.items() if mandatory}
    ignorers = {card for found in action_modifiers.values() for card, (key, *_) in found.items()
                if "ignore_site_powers" in natives_of(game, key)}
    return {
        "powers": powers,
        "site_actions": [card for card in powers if cards.kind_of(card) == "site"],
        # The sites with an Action power (The Tribunal): used by a player there or who rules the site.
        "plans": _battle_plans(game, cards),
        "when_played": moments.get("when_played", {}),
        "capacity_powers": moments.get("capacity", {}),
        "rule_powers": rule_powers,
        # (card, effect key) of every persistent rule, those that change who rules first; a card may have several
        # (Vow of Kinship).
        "favor_rules": {card for card, key in rule_powers if natives_of(game, key) & favor.NATIVES},
        # The cards whose rules send favor elsewhere (favor.py).
        "modifiers": {timing: _in_run_order(found, ignorers) for timing, found in action_modifiers.items()},
        "play_rules": play_rules,
        "triggered": {when: _in_run_order(queue, ignorers) for when, queue in triggered.items()},
        "reacting": reacting,
        "title_reactions": moments.get("after_any_title", {}),
        "battle_rules": moments.get("battle", {}),
        "ignorers": ignorers,
        "redirectors": {card: key for card, (key, *_) in action_modifiers["travel"].items()
                        if "travel_destination_chosen_by" in natives_of(game, key)},
        # The Travel modifiers that let another player choose where the traveller goes (Shrouded Wood).
    }


def _in_run_order(powers: dict[int, T], ignorers: set[int]) -> dict[int, T]:
    """A table in the order queued powers run: those that ignore site powers first (9.2), then by card."""
    return dict(sorted(powers.items(), key=lambda item: (item[0] not in ignorers, item[0])))
