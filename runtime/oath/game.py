"""Playing Oath through an OpenSpiel-like API: legal actions as ints, apply, terminal, returns.

The kernel plays the turn structure (4), the Search, Muster and Trade actions (5.1-5.3), Recover of
relics and banners (5.4, banners.py), Campaign (5.5, campaign.py), Travel (5.6), the minor actions
6.1-6.5 (6.5's warband moves, warbands.py), Visions (5.1.4), the People's Favor at Wake (4.1.1), the Rest and
its Supply refresh (4.3), the end die (3.3), the Oathkeeper title of each Oath (2.11), Citizenship and exile
(6.6-6.8, empire.py) and the wins as Usurper (3.1), Visionary (3.2), Successor (3.3.1) and at War Exhaustion (3.4). Card
powers run on the effect VM: "Action:" powers (6.2), battle plans, When Played and Rest: powers, action
modifiers (7.4, modifiers.py) and the modifiers that fire at a time their `timing` names (TRIGGERED);
a power is offered only if the kernel implements its natives and reads its rule hooks. Binding exchanges are
negotiate.py's, persistent rules persistent.py's, plays plays.py's, the favor Vow of Renewal and Vow of Kinship
send elsewhere favor.py's. After the game, `chronicle()` writes the Chronicle (8, chronicle.py), its choices the
players' (a `Decide` callback), which sets up the next. Every power of the content is played; where one is
played only in part, docs/decisions.md says so.
"""
from __future__ import annotations

from array import array
from bisect import bisect_right
from typing import Any

from ..bytecode import PC, PendingChoice, Status, pending_choice, provide_choice
from ..content import CompiledGame
from ..effects import VMS, bind_natives, start
from ..state import FlatState
from ..vm_py import Native
from . import (advisers, banners, campaign, chronicle, costs, empire, favor, modifiers, natives, negotiate, persistent,
               plays, warbands)
from .actions import NONE, STRIDE, IllegalAction, Kind, Phase, action
from .chronicle import Chronicle, Decide, write_chronicle
from .numbers import rule_numbers
from .observe import Observation, observe
from .power_code import STEP_LIMIT, natives_of
from .setup import (DISCARD_ON_PILE, DISCARD_USUAL, SHARED_VISION, SHARED_VISION_DISCARD, Cards, cards_with_native,
                    most_supply, setup, table_row)

__all__ = ["IllegalAction", "Kind", "OathState", "Phase", "action"]

HOOKS_READ = frozenset({*campaign.CAMPAIGN_HOOKS, *modifiers.ACTION_HOOKS, *plays.PLAY_HOOKS, "end_roll_delta"})
"""The rule hooks (state fields that modifiers set) the kernel reads so far; `end_roll_delta` once the end die is
rolled (`_round_over`)."""
TO_SITE_OR_DISCARD = frozenset({Kind.PLAY_TO_SITE, Kind.PLAY_TO_OTHER_SITE, Kind.DISCARD_FIRST, Kind.DISCARD,
                                Kind.DISCARD_TO})
"""The moves left for a Search's second kept card when the first did not go to a site (Land Warden)."""
STATIC_POWERS = ("ignore_site_capacity", "forbid_play_to_site_with_locked_cards", SHARED_VISION, SHARED_VISION_DISCARD)
"""Powers that are a native alone, which the kernel reads off the cards where their rule applies: two restrict how
their card is played (plays.py); the False Prophet's shared Vision counts as revealed for the Visionary win at the
Wake and at War Exhaustion (`revealed_visions`), and its sharer plays or discards it once it is discarded (setup.py
`Cards.discard`, Phase.SHARED_VISION_PLAY)."""
CONSPIRACY = "vision/conspiracy/powers/0"


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
_EFFECT_STARTS: dict[object, list[tuple[int, str]]] = {}
"""Per compiled game: (first instruction, effect key) of every effect, in code order."""
HANDLED_MOVES = frozenset({Kind.RECOVER_RELIC, Kind.PEEK, Kind.TARGET_RELIC, Kind.LET_PEEK, Kind.ACCEPT_CITIZENSHIP,
                           Kind.GIVE_CARD})
"""Moves on a card that may be facedown (a relic, an adviser in an exchange): players see its handle (`card_handle`)
as their argument, the kernel its card."""
NAMED_SPACES = frozenset({"suit", "region", "site", "denizen", "edifice", "vision", "banner", "oath",
                          "title", "role"})
"""The kinds of entity a power's choice may offer that have names to show."""
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


def kernel_natives(game: CompiledGame) -> dict[str, Native]:
    """Every native the kernel implements, bound to a compiled game."""
    return natives.bound(game) | {name: make(game) for name, make in OVERRIDES.items()}


class OathState:
    def __init__(self, game: CompiledGame, players: int, seed: int, *, engine: str = "compiled",
                 chronicle: Chronicle | None = None) -> None:
        """`engine`: the effect VM that runs card powers, "compiled" (Cython) or "python" (its twin); `chronicle`:
        the world the previous game saved (chronicle.py), else a first game."""
        made = setup(game, players, seed, chronicle)
        self.run_vm = VMS[engine]
        self.game = game
        self.numbers = rule_numbers(game)
        """The rule numbers of the content (numbers.py)."""
        self.base_cost = modifiers.base_costs(self.numbers)
        self.players = players
        self.flat = made.state
        self.cards = Cards(self.flat)
        self.placeholders = made.placeholders
        self.history: list[int] = []
        self.seed = seed
        self.flat.set("phase", Phase.SETUP)
        self.flat.set("setup_seat", 0)
        self.flat.set("winner", -1)
        self.flat.set("action_kind", -1)
        self.flat.set("played_card", -1)
        self.flat.set("reliquary_pick", -1)
        self.flat.set("power_campaign", -1)
        empire.clear_offer(self.flat)
        self.frame: array[int] | None = None
        self.known_moves: tuple[bytes, list[int]] | None = None
        """The position (cells and paused frame) the legal moves were last worked out for, and those moves."""
        self.victory: str | None = None
        """How the game was won, a glossary term: usurper, visionary, stable_regime (the end die),
        war_exhaustion or successor."""
        campaign.clear(self.flat)
        self._static()

    def _static(self) -> None:
        """Card facts that never change, looked up once."""
        enums = self.game.enums
        self.suit_of: dict[int, int] = {}
        self.restriction: dict[int, str | None] = {}
        for kind in ("denizen", "edifice"):
            for entity in self.game.entities(kind):
                card = self.cards.of(kind, entity.id.name.lower())
                self.suit_of[card] = int(entity.suit)
                self.restriction[card] = entity.restriction if kind == "denizen" else "site"
        self.visions = set(self.cards.all("vision"))
        self.relics = set(self.cards.all("relic"))
        self.card_of_handle = {self.flat.get("card_handle", card): card for card in range(self.flat.size("card_zone"))}
        self.relic_base = int(self.cards.base["relic"])
        self.conspiracy = self.cards.of("vision", "conspiracy")
        self.conspiracy_runs = CONSPIRACY in runnable(self.game)
        self.site_base = int(self.cards.base["site"])
        assert self.flat.size("card_zone") <= POWER_STRIDE
        self.role_ids = {name.lower(): int(member) for name, member in enums["role"].__members__.items()}
        self.edifices = self.cards.all("edifice")
        self.reliquary_modifiers: dict[str, dict[int, str]] = {}
        for space, entity in enumerate(self.game.entities("reliquary_modifier")):
            key = f"reliquary_modifier/{entity.id.name.lower()}/powers/0"
            if entity.powers and key in runnable(self.game):
                self.reliquary_modifiers.setdefault(entity.powers[0].timing, {})[space] = key
        self.static_powers = {name: frozenset(cards_with_native(self.game, name)) for name in STATIC_POWERS}
        self.banner_recover_rules: dict[int, str] = {}
        """Banner → its Recover rule (banners.py)."""
        for banner, entity in enumerate(self.game.entities("banner")):
            for number, power in enumerate(entity.powers):
                key = f"banner/{entity.id.name.lower()}/powers/{number}"
                if power.kind == "modifier" and power.timing == "recover" and key in runnable(self.game):
                    self.banner_recover_rules[banner] = key
        self.zone_ids = {name: self.cards.zone(name, 0 if name in ("advisers", "relics_held") else None)
                         for name in ("advisers", "relics_held", "at_site", "map")}
        """Zone numbers looked up once; a player's zone is the first player's plus their seat."""
        self.adviser_zones = {self.cards.zone("advisers", seat) for seat in range(self.players)}
        self.relic_zones = {self.cards.zone("relics_held", seat) for seat in range(self.players)}
        bound_here = {name: make(self) for name, make in modifiers.STATE_NATIVES.items()}
        self.natives = bind_natives(self.game, kernel_natives(self.game) | bound_here)
        self._power_tables()

    def _edifice_sides(self) -> tuple[int, ...]:
        return tuple(self.flat.get("edifice_ruined", card) for card in self.edifices)

    def _power_tables(self) -> None:
        """Which card plays which power, by kind and timing, for the sides the edifices show now (Broken Forge
        repairs itself during a game)."""
        self.edifice_sides = self._edifice_sides()
        moments = _powers_by_moment(self.game, self.cards)
        self.powers = _action_powers(self.game, self.cards)
        self.site_actions = [card for card in self.powers if self.cards.kind_of(card) == "site"]
        """The sites with an Action power (The Tribunal): used by a player there or who rules the site."""
        self.plans = _battle_plans(self.game, self.cards)
        self.when_played = moments.get("when_played", {})
        self.capacity_powers = moments.get("capacity", {})
        rules = [(card, key) for card, key, power in self.cards.powers()
                 if power.kind == "modifier" and power.timing == "persistent" and key in runnable(self.game)
                 and natives_of(self.game, key) & set(persistent.FACTORIES)]
        self.rule_powers = sorted(rules, key=lambda rule: not persistent.RULINGS & natives_of(self.game, rule[1]))
        """(card, effect key) of every persistent rule, those that change who rules first; a card may have several
        (Vow of Kinship)."""
        self.favor_rules = {card for card, key in self.rule_powers if natives_of(self.game, key) & favor.NATIVES}
        """The cards whose rules send favor elsewhere (favor.py)."""
        self.modifiers = modifiers.action_modifiers(self.game, self.cards, runnable(self.game))
        self.play_rules = plays.rule_modifiers(self.game, self.cards, runnable(self.game))
        self.triggered = {when: moments.get(when, {}) for when in TRIGGERED}
        self.triggered["play"] = {card: key for card, key in self.triggered["play"].items() if card not in self.play_rules}
        self.reacting: set[int] = set()
        for timing, queue in REACTIONS.items():
            reactions = moments.get(timing, {})
            self.triggered[queue] = self.triggered[queue] | reactions
            self.reacting |= set(reactions)
        self.title_reactions = moments.get("after_any_title", {})
        self.battle_rules = moments.get("battle", {})
        self.ignorers = {card for found in self.modifiers.values() for card, (key, *_) in found.items()
                         if "ignore_site_powers" in natives_of(self.game, key)}
        self.redirectors = {card: key for card, (key, *_) in self.modifiers["travel"].items()
                            if "travel_destination_chosen_by" in natives_of(self.game, key)}
        """The Travel modifiers that let another player choose where the traveller goes (Shrouded Wood)."""
        for timing, found in self.modifiers.items():
            self.triggered[timing] = {card: key for card, (key, _, mandatory, _) in found.items() if mandatory}

    # queries -----------------------------------------------------------------------------------

    def current_player(self) -> int:
        phase = self.flat.get("phase")
        if self.flat.get("title_candidates") and phase != Phase.OVER:
            return self.flat.get("oathkeeper")
        if phase == Phase.SETUP:
            return self.flat.get("setup_seat")
        if phase == Phase.EFFECT:
            return self._answering()
        if phase == Phase.CITIZENSHIP:
            return self.flat.get("citizenship_offer")
        if phase == Phase.RELIQUARY_PICK:
            return self.flat.get("reliquary_pick")
        if phase == Phase.SHARED_VISION_PLAY:
            return self.flat.get("shared_vision_player")
        if phase == Phase.TRAVEL_DESTINATION:
            return self.flat.get("travel_chooser") - 1
        if phase == Phase.WARBAND_PERMISSION:
            return warbands.deciding_player(self.flat)
        if phase in (Phase.NEGOTIATE, Phase.NEGOTIATE_ANSWER):
            return negotiate.current_player(self.flat)
        if phase in (Phase.TRIGGERED, Phase.MODIFIERS):
            return self.flat.get("trigger_seat")
        if phase in campaign.PHASES:
            return campaign.deciding_player(self)
        return self.flat.get("current_player")

    def _answering(self) -> int:
        """Who answers the choice a paused power asks: the player its `by:` names (Shrouded Wood's ruler, Revelation's
        players), else its user."""
        pending = pending_choice(self.frame) if self.frame is not None else None
        return pending.chooser if pending is not None and pending.chooser >= 0 else self.flat.get("effect_player")

    def is_terminal(self) -> bool:
        return self.flat.get("phase") == Phase.OVER

    def returns(self) -> list[float]:
        winner = self.flat.get("winner")
        return [1.0 if seat == winner else 0.0 for seat in range(self.players)]

    def site_card(self, site: int) -> int:
        return self.site_base + site

    def region_of(self, site: int) -> int:
        return self.flat.get("site_region", site)

    def sites_on_map(self) -> list[int]:
        return [c - self.site_base for c in self.cards.in_zone(self.cards.zone("map"))]

    def cards_at(self, site: int) -> list[int]:
        """The denizen and edifice cards at a site (what its capacity counts, 2.8.1)."""
        return [c for c in self.cards.in_zone(self.cards.zone("at_site"))
                if self.flat.get("card_site", c) == site and c in self.suit_of]

    def rules(self, seat: int, site: int) -> bool:
        """Glossary Rule, with 6.6.3: every Imperial player rules every site with purple warbands."""
        return empire.rules_site(self.flat, seat, site)

    def bandits_rule(self, site: int) -> bool:
        """Glossary Rule: bandits rule the sites where no player has warbands (empire.py)."""
        return empire.bandits_rule(self.flat, site)

    def advisers(self, seat: int) -> list[int]:
        return self.cards.in_zone(self.cards.zone("advisers", seat))

    def faceup_matching(self, seat: int, suit: int) -> int:
        """Glossary Match: the player's faceup advisers of the suit (another player's, Master of Disguise); an adviser
        acting as another suit (Acting Troupe) or as several (Marriage) counts so."""
        flat = self.flat
        owner = flat.get("advisers_of") - 1 if flat.get("advisers_of") else seat
        count = 0
        for card in self.advisers(owner):
            shown = flat.get("counted_suit", card) - 1 if flat.get("counted_suit", card) else flat.get("card_suit", card)
            if shown == suit:
                count += max(1, flat.get("adviser_weight", card))
        return count

    def search_cost(self) -> int:
        values = self.game.tables.values("table_search_cost_world_deck")
        return int(values[min(self.flat.get("visions_drawn"), len(values) - 1)])

    def table_travel_cost(self, seat: int, site: int) -> int:
        here = self.flat.get("pawn_site", seat)
        return int(self.game.tables.table_travel_cost(self.region_of(here), self.region_of(site)))

    # legal actions -----------------------------------------------------------------------------

    def legal_actions(self) -> list[int]:
        """Worked out once per position, so that an agent's look and apply()'s check cost one: the persistent rules
        refreshed first leave the cells as they were when refreshed again."""
        if self.known_moves is None or self.known_moves[0] != self._position():
            moves = [self._public(move) for move in self._work_out_moves()]
            self.known_moves = (self._position(), moves)
        return list(self.known_moves[1])

    def _public(self, move: int) -> int:
        """A move as players see it: one on a card that may be facedown, or an answer that picks a relic, names the
        card's handle, not its number (9.4)."""
        kind, argument = move // STRIDE, move % STRIDE
        if kind in HANDLED_MOVES:
            return action(Kind(kind), self.flat.get("card_handle", argument))
        if kind == Kind.ANSWER and self._choosing_relics():
            return action(Kind.ANSWER, self.flat.get("card_handle", self.relic_base + argument))
        return move

    def _internal(self, move: int) -> int:
        """A move as the kernel carries it out: a handle back to its card, or to the relic's number among the relics
        for an answer (none for a handle no card has)."""
        kind, argument = move // STRIDE, move % STRIDE
        if kind in HANDLED_MOVES:
            return action(Kind(kind), self.card_of_handle.get(argument, NONE))
        if kind == Kind.ANSWER and self._choosing_relics():
            return action(Kind.ANSWER, self.card_of_handle.get(argument, self.relic_base + NONE) - self.relic_base)
        return move

    def _choosing_relics(self) -> bool:
        """Whether a power waits for a choice among relics."""
        pending = pending_choice(self.frame) if self.frame is not None else None
        return pending is not None and pending.kind > 0 and self.game.layout.SPACES[pending.kind - 1][0] == "relic"

    def card_move(self, kind: Kind, card: int) -> int:
        """The move of this kind on this card, as `legal_actions()` lists it."""
        return self._public(action(kind, card))

    def _position(self) -> bytes:
        return self.flat.cells.tobytes() + (self.frame.tobytes() if self.frame is not None else b"")

    def _work_out_moves(self) -> list[int]:
        persistent.refresh(self)
        phase = self.flat.get("phase")
        seat = self.current_player()
        if phase == Phase.OVER:
            return []
        candidates = self.flat.get("title_candidates")
        if candidates:
            return [action(Kind.GIVE_TITLE, other) for other in range(self.players) if candidates >> other & 1]
        drawn = self.cards.in_zone(self.cards.zone("drawn", seat))
        if phase == Phase.SETUP:
            return [action(Kind.CHOOSE_ADVISER, c) for c in drawn]
        if phase == Phase.SEARCH_KEEP:
            unkept = self._unkept(seat)
            out = [action(Kind.KEEP, c) for c in unkept] + persistent.discard_choices(self, seat)
            if len(unkept) < len(drawn):
                out.append(action(Kind.KEEP_NO_MORE))
            if self.cards.in_zone(self.cards.zone("dispossessed")):
                out += [action(Kind.SWAP_DRAWN, c) for c in drawn if self.flat.get("search_swappable", c)]
            return out
        if phase == Phase.SEARCH_PLAY:
            return self._searched_plays(seat, drawn)
        if phase == Phase.SHARED_VISION_PLAY:
            return self._play_actions(seat, self.flat.get("shared_vision_play") - 1)
        if phase == Phase.CITIZENSHIP:
            return [action(Kind.ACCEPT_CITIZENSHIP, self.flat.get("citizenship_relic")), action(Kind.DECLINE_CITIZENSHIP)]
        if phase == Phase.MODIFIERS:
            return modifiers.legal_actions(self)
        if phase == Phase.RELIQUARY_PICK:
            return sorted(action(Kind.TAKE_FROM_RELIQUARY, self.flat.get("reliquary_space", relic) - 1)
                          for relic in self.cards.in_zone(self.cards.zone("reliquary")))
        if phase == Phase.TRAVEL_DESTINATION:
            return modifiers.destinations(self)
        if phase == Phase.WARBAND_PERMISSION:
            return warbands.answer_moves(self.flat)
        if phase in (Phase.NEGOTIATE, Phase.NEGOTIATE_ANSWER):
            return negotiate.legal_actions(self)
        if phase == Phase.EFFECT:
            assert self.frame is not None
            pending = pending_choice(self.frame)
            assert pending is not None
            options = sorted(set(pending.options))
            if self._modifying_an_action():
                options = modifiers.answers(self, options)
            return [action(Kind.ANSWER, option) for option in options]
        if phase == Phase.PLAY_AFTER_DISCARD:
            return plays.plays_to_sites(self, seat, drawn)
        if phase in campaign.PHASES:
            return campaign.legal_actions(self)
        return self._act_actions(seat)

    def _searched_plays(self, seat: int, drawn: list[int]) -> list[int]:
        """5.1.4 for each card the Search kept, in turn; of two kept (Land Warden), the last goes to a site or is
        discarded if the first did not go to one."""
        out = self._play_actions(seat, drawn[0])
        if self.flat.get("search_plays") > 1 and len(drawn) == 1 and not self.flat.get("search_to_site"):
            out = [chosen for chosen in out if Kind(chosen // STRIDE) in TO_SITE_OR_DISCARD]
        return out

    def _play_actions(self, seat: int, card: int, *, searched: bool = True) -> list[int]:
        out, faceup_allowed = plays.play_actions(self, seat, card, searched=searched)
        if not faceup_allowed:
            return sorted(out)
        if card == self.conspiracy and self.conspiracy_runs \
                or card in self.visions and card != self.conspiracy and self.is_exile(seat):
            forbidden = self.flat.get("visions_forbidden", seat)
            if forbidden < (persistent.ALL_VISIONS if card == self.conspiracy else persistent.REVEALED_VISIONS):
                out.append(action(Kind.PLAY_VISION, card))
        return sorted(out)

    def _act_actions(self, seat: int) -> list[int]:
        supply = self.flat.get("supply", seat)
        site = self.flat.get("pawn_site", seat)
        out = [action(Kind.END_TURN)]
        out += [action(Kind.TRAVEL, other) for other in self.sites_on_map() if other != site]
        out.append(action(Kind.SEARCH_WORLD))
        out += [action(Kind.SEARCH_DISCARD, region) for region in range(len(self.game.entities("region")))]
        known = modifiers.ahead(self, seat)
        # A trade modifier may reach a card anywhere (Small Friends); else at most the region (Map Library).
        anywhere = known["trade"][2]
        region = self.region_of(site)
        for card in self.cards.in_zone(self.zone_ids["at_site"]):
            where = self.flat.get("card_site", card)
            if self.flat.get("card_suit", card) >= 0 and (anywhere or self.region_of(where) == region):
                out += [action(Kind.MUSTER, card)] if where == site else []
                out += [action(Kind.TRADE_FOR_FAVOR, card), action(Kind.TRADE_FOR_SECRETS, card)]
        if supply >= self.base_cost[Kind.CAMPAIGN]:
            out += [action(Kind.CAMPAIGN, defender) for defender in campaign.defenders(self, seat)]
        out += warbands.moves(self, seat, site)
        if empire.can_self_exile(self, seat):
            out.append(action(Kind.SELF_EXILE))
        if supply >= self.base_cost[Kind.RECOVER_RELIC]:
            out += [action(Kind.RECOVER_RELIC, relic) for relic in self.relics_at(site)
                    if self._can_pay_recovery(seat, site) and not self.cards.locked(relic, seat)]
            out += banners.recover_actions(self, seat, widened=known["recover"][2])
        out += self._minor_actions(seat, site)
        reachable = [c for c in self.cards_at(site) if self.flat.get("card_faceup", c)]
        reachable += [c for c in self.advisers(seat) if self.flat.get("card_faceup", c)]
        reachable += self.cards.in_zone(self.cards.zone("relics_held", seat))
        reachable += [card for card in self.site_actions if self.flat.get("card_zone", card) == self.zone_ids["map"]
                      and self.flat.get("card_faceup", card)
                      and (card == self.site_card(site) or self.rules(seat, card - self.site_base))]
        out += [action(Kind.USE_POWER, index * POWER_STRIDE + card) for card in sorted(set(reachable))
                for index, (_, cost) in enumerate(self.powers.get(card, ()))
                if self.can_pay(seat, card, cost) and not self.flat.get("use_forbidden", card)]
        out = [chosen for chosen in out if Kind(chosen // STRIDE) not in modifiers.TIMING_OF
               or modifiers.allowed(self, seat, chosen, known)]
        return sorted(set(out))

    def _minor_actions(self, seat: int, site: int) -> list[int]:
        """6.1: a facedown adviser played (or discarded) as if searched; it cannot go back among the advisers
        facedown. 6.3: peek at a facedown relic at your site. 6.4: the Grand Scepter's holder peeks at the
        Reliquary (not on the turn it was taken). Where the cards they discard go, as a persistent rule lets them
        choose (Bracken, Cracked Horn)."""
        out = []
        for card in self.advisers(seat):
            if not self.flat.get("card_faceup", card):
                out += self._play_actions(seat, card, searched=False)
        relics = self.relics_at(site)
        scepter = self.cards.of("relic", "grand_scepter")
        if self.flat.get("card_zone", scepter) == self.cards.zone("relics_held", seat) \
                and not self.flat.get("took_this_turn", scepter):
            relics += self.cards.in_zone(self.cards.zone("reliquary"))
        out += [action(Kind.PEEK, relic) for relic in relics if not self.flat.get("card_seen", relic, seat)]
        return out + persistent.discard_choices(self, seat)

    def relics_at(self, site: int) -> list[int]:
        """Facedown relics at a site (5.4.1: what Recover can target there)."""
        return [c for c in self.cards.in_zone(self.cards.zone("at_site"))
                if self.flat.get("card_site", c) == site and c not in self.suit_of and not self.flat.get("card_faceup", c)]

    def _can_pay_recovery(self, seat: int, site: int) -> bool:
        cost = self.game.entities("site")[site].recover_cost
        return cost is not None and self.affords(seat, cost)

    def affords(self, seat: int, cost: Any) -> bool:
        return costs.affords(self.flat, seat, cost)

    def can_pay(self, seat: int, card: int, cost: Any) -> bool:
        return costs.can_pay(self.flat, seat, card, cost)

    # applying ----------------------------------------------------------------------------------

    def apply(self, move: int) -> None:
        if move not in self.legal_actions():
            raise IllegalAction(f"{move} ({self.describe(move)}) is not a legal action now")
        chosen = self._internal(move)
        kind, argument = Kind(chosen // STRIDE), chosen % STRIDE
        seat = self.current_player()
        burned_before = self.flat.get("shared_favor")
        if kind in modifiers.TIMING_OF:
            modifiers.begin(self, seat, chosen)
            if modifiers.ignoring_first(self, seat):
                self.flat.set("modifiers_first", 1)
                self.flat.set("trigger_seat", seat)
                self.flat.set("phase", Phase.MODIFIERS)
            else:
                self._run_binding(seat, kind)
        elif kind == Kind.USE_MODIFIER:
            modifiers.use(self, seat, argument)
        elif kind == Kind.TAKE_ACTION and self.flat.get("modifiers_first"):
            self.flat.set("modifiers_first", 0)
            self._run_binding(seat, Kind(self.flat.get("action_kind")))
        elif kind == Kind.TAKE_ACTION:
            modifiers.take(self, seat)
        elif self.flat.get("phase") == Phase.SHARED_VISION_PLAY:
            self._play_shared_vision(seat, kind, argument)
        else:
            self.act(seat, kind, argument)
        if self.flat.get("phase") == Phase.ACT:
            self.shared_vision_due()
        persistent.settle_favor(self, burned_before)
        self.history.append(move)

    def _run_binding(self, seat: int, kind: Kind) -> None:
        self._start_triggered(seat, modifiers.TIMING_OF[kind])
        self._continue_triggered()

    def act(self, seat: int, kind: Kind, argument: int) -> None:
        """A move itself (a major action once its modifiers are settled)."""
        if kind in campaign.HANDLERS:
            campaign.HANDLERS[kind](self, seat, argument)
        elif kind in negotiate.KINDS:
            negotiate.apply(self, kind, argument)
        elif kind in warbands.KINDS:
            warbands.apply(self, seat, kind, argument)
        else:
            getattr(self, f"_do_{kind.name.lower()}")(seat, argument)

    def _do_choose_adviser(self, seat: int, card: int) -> None:
        """Setup 23, in its order: the player's pawn on a faceup site (the Chancellor's is on the top Cradle site
        already), one card kept as a facedown adviser, the others discarded by the region of the player's own pawn
        (glossary Discard)."""
        if seat != 0:
            faceup = [s for s in self.sites_on_map() if self.flat.get("card_faceup", self.site_card(s))]
            self.flat.set("pawn_site", seat, faceup[self.flat.random(len(faceup))])
            self.placeholders.append(f"seat {seat}'s pawn is placed at random (23: the player chooses)")
        self.cards.put(card, self.cards.zone("advisers", seat))
        for other in self.cards.in_zone(self.cards.zone("drawn", seat)):
            self.cards.put(other, self.cards.discard_target(self.region_of(self.flat.get("pawn_site", seat))))
        if seat + 1 < self.players:
            self.flat.set("setup_seat", seat + 1)
        else:
            self.flat.set("phase", Phase.ACT)
            self.flat.set("current_player", 0)

    def _do_end_turn(self, seat: int, _: int) -> None:
        """4.3: the Rest, then its "Rest:" powers (each once, 4.3.5), then the next player's turn."""
        self._rest(seat)
        self.trigger(seat, "rest")

    def trigger(self, seat: int, when: str, *, skip: frozenset[int] = frozenset()) -> None:
        """Runs, each once, the powers of a TRIGGERED timing on the cards the player can use but those in `skip`
        (run for another already); then the game goes on as that timing says (`_after_triggered`)."""
        self._queue(seat, when, skip)
        self._continue_triggered()

    def _queue(self, seat: int, when: str, skip: frozenset[int] = frozenset()) -> None:
        for card in self.triggered[when]:
            if card in skip:
                continue
            if self.can_use(seat, card) if card not in self.reacting else self._reacts(card, seat):
                self.flat.set("power_queued", card, 1)
        self._start_triggered(seat, when)

    def _reacts(self, card: int, actor: int) -> bool:
        """A reaction fires for the user of a card in play (7.1.1), when another player acted (7.1.4)."""
        return modifiers.in_play(self, card) and persistent.user_of(self, card) not in (-1, actor)

    def _start_triggered(self, seat: int, when: str) -> None:
        self.flat.set("trigger_timing", TRIGGERED.index(when))
        self.flat.set("trigger_seat", seat)
        self.flat.set("phase", Phase.TRIGGERED)

    def run_order(self, card: int) -> tuple[bool, int]:
        """The order queued powers run in: those that ignore site powers first (9.2), then by card."""
        return card not in self.ignorers, card

    def can_use(self, seat: int, card: int) -> bool:
        """7.1.1: a faceup adviser of theirs, a relic they hold, a site they rule or their pawn is at, a faceup
        card at such a site (or that they rule there by the Grand Mask, empire.masked)."""
        zone, zones = self.flat.get("card_zone", card), self.zone_ids
        advisers = zones["advisers"] + seat
        if zone in (advisers, zones["at_site"]) and not self.flat.get("card_faceup", card):
            return False
        if zone in (advisers, zones["relics_held"] + seat):
            return True
        if zone == zones["map"]:
            site = card - self.site_base
        elif zone == zones["at_site"]:
            site = self.flat.get("card_site", card)
        else:
            return False
        ruler = empire.masked(self.flat, card)
        rules = self.rules(seat, site) if ruler < 0 else seat == ruler
        return rules or self.flat.get("pawn_site", seat) == site

    def _modifying_an_action(self) -> bool:
        """Whether the paused power is a modifier of the action being taken: an optional one in use, or one that
        binds the player (7.4), whose answers must not break the action declared."""
        returning = self.flat.get("effect_return")
        return returning == Phase.MODIFIERS or (
            returning == Phase.TRIGGERED and TRIGGERED[self.flat.get("trigger_timing")] in self.modifiers)

    def _continue_triggered(self) -> None:
        when = TRIGGERED[self.flat.get("trigger_timing")]
        seat = self.flat.get("trigger_seat")
        for card in sorted(self.triggered[when], key=self.run_order):
            if self.flat.get("power_queued", card):
                self.flat.set("power_queued", card, 0)
                if modifiers.ignored(self, card):
                    continue
                user = persistent.user_of(self, card) if card in self.reacting else seat
                self.run_power(self.triggered[when][card], user, self.index_in_kind(card), Phase.TRIGGERED)
                if self.flat.get("phase") != Phase.TRIGGERED:
                    return
        self._after_triggered(when, seat)

    def _after_triggered(self, when: str, seat: int) -> None:
        """The Rest's powers pass the turn; a defence's go on to the next Ally's or the battle plans; the others back
        to the Act."""
        if when == "rest":
            self._pass_turn(seat)
        elif when == "defense":
            campaign.after_defence_modifiers(self, seat)
        elif when == "after_any_campaign":
            campaign.end(self)
        elif when in self.modifiers:
            modifiers.after_binding(self)
        elif when == "play":
            self._when_played(seat)
        elif when == "end_roll":
            self._round_over()
        else:
            self._after_decision()

    def _pass_turn(self, seat: int) -> None:
        self.flat.set("action_kind", -1)
        self.flat.set("played_card", -1)
        for field in ("discarded_suit_this_turn", "took_this_turn", *warbands.TURN_FIELDS):
            self.flat.clear(field)
        following = (seat + 1) % self.players
        if following == 0:
            self._end_round()
        else:
            self._next_turn(following)

    def _next_turn(self, seat: int) -> None:
        self.flat.set("phase", Phase.ACT)
        self.flat.set("current_player", seat)
        self._wake(seat)

    def _do_travel(self, seat: int, site: int) -> None:
        self.flat.add("supply", seat, -modifiers.supply_cost(self, seat, Kind.TRAVEL, site))
        self.cards.arrive(seat, site)
        self.trigger(seat, "after_travel")

    def pay_supply(self, seat: int, kind: Kind, target: int) -> None:
        self.flat.add("supply", seat, -modifiers.supply_cost(self, seat, kind, target))

    def _drawn_by_search(self) -> int:
        """5.1.2: three cards, give or take what modifiers add."""
        return max(0, self.numbers.search_draws + self.flat.get("search_draw_delta"))

    def _do_search_world(self, seat: int, _: int) -> None:
        self.pay_supply(seat, Kind.SEARCH_WORLD, 0)
        self._search(seat, Kind.SEARCH_WORLD, -1)

    def _do_search_discard(self, seat: int, region: int) -> None:
        self.pay_supply(seat, Kind.SEARCH_DISCARD, region)
        self._search(seat, Kind.SEARCH_DISCARD, region)

    def _search(self, seat: int, kind: Kind, region: int) -> None:
        """5.1.2: draw from the top of the source; a Vision drawn from the world deck stops the draw. With Truthful
        Harp everyone sees what is drawn. Modifiers that take away more draws than there are leave nothing to keep."""
        world = kind == Kind.SEARCH_WORLD and not self.flat.get("search_from_discard_bottom")
        drawn = modifiers.search_source(self, seat, kind, region)[:self._drawn_by_search()]
        if not drawn:
            self._after_decision()
            return
        self.flat.set("search_resolving", 1)
        self.flat.set("search_keeps", max(0, self.flat.get("search_plays_if_one_to_site") - 1))
        self.flat.set("search_to_site", 0)
        for card in drawn:
            self._draw(seat, card)
            if self.flat.get("search_swap_dispossessed") and self.cards.kind_of(card) == "denizen":
                self.flat.set("search_swappable", card, 1)
            if self.flat.get("search_reveal_cards"):
                for player in range(self.players):
                    self.flat.set("card_seen", card, player, 1)
            if world and card in self.visions:
                self.flat.add("visions_drawn", 1)
                break
        self.flat.set("phase", Phase.SEARCH_KEEP)

    def _draw(self, seat: int, card: int) -> None:
        self.cards.put(card, self.cards.zone("drawn", seat))
        self.flat.set("card_seen", card, seat, 1)

    def _do_swap_drawn(self, seat: int, card: int) -> None:
        """Great Spire (8.5): the drawn denizen goes to the Dispossessed, a card drawn from there at random takes its
        place among the drawn cards, to keep or discard like the others."""
        pool = self.cards.in_zone(self.cards.zone("dispossessed"))
        other = pool[self.flat.random(len(pool))]
        self.cards.put(card, self.cards.zone("dispossessed"))
        self.flat.set("search_swappable", card, 0)
        self._draw(seat, other)

    def _do_keep(self, seat: int, card: int) -> None:
        """5.1.3: discard all the drawn cards but one; with Land Warden the player may keep another first."""
        flat = self.flat
        flat.set("search_kept", card, 1)
        if flat.get("search_keeps") and self._unkept(seat):
            flat.add("search_keeps", -1)
            return
        self._do_keep_no_more(seat, 0)

    def _unkept(self, seat: int) -> list[int]:
        return [c for c in self.cards.in_zone(self.cards.zone("drawn", seat)) if not self.flat.get("search_kept", c)]

    def _do_keep_no_more(self, seat: int, _: int) -> None:
        """The kept cards are played one after the other (SEARCH_PLAY), the others discarded."""
        flat = self.flat
        for other in self._unkept(seat):
            self.cards.discard(seat, other)
        flat.set("search_plays", len(self.cards.in_zone(self.cards.zone("drawn", seat))))
        flat.clear("search_swappable")
        flat.clear("search_kept")
        flat.set("search_keeps", 0)
        flat.set("phase", Phase.SEARCH_PLAY)

    def _do_play_to_site(self, seat: int, card: int) -> None:
        self._play_at(seat, card, self.flat.get("pawn_site", seat))

    def _do_play_to_other_site(self, seat: int, argument: int) -> None:
        site, card = divmod(argument, plays.SITE_STRIDE)
        self._play_at(seat, card, site)

    def _play_at(self, seat: int, card: int, site: int) -> None:
        """5.1.4.I: faceup at the site, and gain a favor from the bank of its suit (a secret instead, Book of
        Records)."""
        gains_secret = plays.rules(self, seat, card)["play_gains_secret_not_favor"]
        self.cards.put(card, self.cards.zone("at_site"), faceup=True)
        self.flat.set("card_site", card, site)
        self.flat.set("search_to_site", self.flat.get("search_to_site") or self.flat.get("search_resolving"))
        if gains_secret:
            self.flat.move(("shared_secret",), ("secret", seat), 1)
        else:
            self.flat.move(("bank_favor", self.suit_of[card]), ("favor", seat), self.numbers.play_to_site_favor)
        self._played(seat, card, site, faceup=True)

    def _played(self, seat: int, card: int, site: int, *, faceup: bool) -> None:
        """A card is played: the modifiers of a play run (homeland sites, gains for playing a suit), then the
        card's own "When Played" power (7.3), then the turn goes on."""
        for name, value in (("played_card", card), ("played_site", site), ("played_by", seat),
                            ("played_faceup", int(faceup))):
            self.flat.set(name, value)
        self.trigger(seat, "play")

    def _when_played(self, seat: int) -> None:
        card = self.flat.get("played_card")
        if self.flat.get("played_faceup") and card in self.when_played:
            self.flat.set("phase", Phase.ACT)
            self.run_power(self.when_played[card], seat, self.index_in_kind(card), Phase.ACT)
        else:
            self._after_decision()

    def _do_play_to_advisers(self, seat: int, card: int) -> None:
        """5.1.4.II: faceup (a Vision facedown); over the limit (advisers.py), the oldest counted adviser is
        discarded. A facedown adviser played this way (6.1) turns faceup where it is."""
        self.cards.put(card, self.cards.zone("advisers", seat), faceup=card not in self.visions)
        advisers.discard_down(self, seat, keep=card)
        self._played(seat, card, -1, faceup=card not in self.visions)

    def _do_play_facedown(self, seat: int, card: int) -> None:
        """5.1.4.II: a denizen facedown among the advisers: no suit, restriction or power while it stays so."""
        self.cards.put(card, self.cards.zone("advisers", seat), faceup=False)
        advisers.discard_down(self, seat, keep=card)
        self._played(seat, card, -1, faceup=False)

    def _do_play_vision(self, seat: int, card: int) -> None:
        """5.1.4.III-IV: an Exile reveals a Vision, discarding the one revealed before; anyone may play the
        Conspiracy faceup, whose power runs at once."""
        if card == self.conspiracy:
            self.run_power(CONSPIRACY, seat, self.index_in_kind(card), Phase.ACT)
            return
        for previous in self.cards.in_zone(self.cards.zone("revealed_vision", seat)):
            self.cards.discard(seat, previous)
        self.cards.put(card, self.cards.zone("revealed_vision", seat), faceup=True)
        self._played(seat, card, -1, faceup=True)

    def _do_peek(self, seat: int, relic: int) -> None:
        self.flat.set("card_seen", relic, seat, 1)

    def _do_discard_first(self, seat: int, denizen: int) -> None:
        """The People's Favor (5.1.4.I): a denizen at a site of the region discarded before the play to a site."""
        self.cards.discard(seat, denizen)
        self.flat.set("phase", Phase.PLAY_AFTER_DISCARD)

    def _do_discard_to(self, seat: int, destination: int) -> None:
        """Where the player's discards go from now on (Bracken, Cracked Horn; Cards.discard_place)."""
        self.flat.set("discard_destination", seat, destination)

    def _do_discard(self, seat: int, card: int) -> None:
        self.cards.discard(seat, card)
        if not self._search_over(seat):
            self.flat.set("phase", Phase.ACT)

    def _search_over(self, seat: int) -> bool:
        """Once the card a Search kept is played or discarded, the powers "after searching" run (Hunting Party)."""
        if not self.flat.get("search_resolving"):
            return False
        if self.cards.in_zone(self.cards.zone("drawn", seat)):
            self.flat.set("phase", Phase.SEARCH_PLAY)
            return True
        self.flat.set("search_resolving", 0)
        self.trigger(seat, "after_search")
        return True

    def _do_muster(self, seat: int, card: int) -> None:
        """5.2: a favor (a secret, Initiation Rite) on the card, two warbands (give or take the modifiers') from your
        bank to your board."""
        self.pay_supply(seat, Kind.MUSTER, card)
        if self.flat.get("muster_pays_secret"):
            self.flat.move(("secret", seat), ("card_secret", card), 1)
        else:
            favor.spend(self.flat, seat, ("card_favor", card), self.numbers.muster_favor)
        gained = max(0, self.numbers.muster_warbands + self.flat.get("muster_warband_delta"))
        self.flat.move(("warband_bank", empire.colour(self.flat, seat)), ("warbands", seat), gained)
        self.trigger(seat, "after_muster")

    def _do_trade_for_favor(self, seat: int, card: int) -> None:
        """5.3 (a): a secret on the card; one favor plus one per matching faceup adviser (with the modifiers')."""
        self.pay_supply(seat, Kind.TRADE_FOR_FAVOR, card)
        self.flat.move(("secret", seat), ("card_secret", card), self.numbers.trade_secret_placed)
        suit = self.suit_of[card]
        gained = 0 if self.flat.get("trade_gains_no_favor") else \
            max(0, self.numbers.trade_favor_gained + self.faceup_matching(seat, suit) + self.flat.get("trade_favor_delta"))
        self.flat.move(("bank_favor", suit), ("favor", seat), gained)
        self.trigger(seat, "after_trade")

    def _do_trade_for_secrets(self, seat: int, card: int) -> None:
        """5.3 (b): two favor on the card; a secret per matching faceup adviser (with the modifiers')."""
        self.pay_supply(seat, Kind.TRADE_FOR_SECRETS, card)
        favor.spend(self.flat, seat, ("card_favor", card), self.numbers.trade_favor_placed)
        gained = max(0, self.faceup_matching(seat, self.suit_of[card]) + self.flat.get("trade_secret_delta"))
        self.flat.move(("shared_secret",), ("secret", seat), gained)
        self.flat.move(("bank_favor", self.suit_of[card]), ("favor", seat), max(0, self.flat.get("trade_favor_delta")))
        self.trigger(seat, "after_trade")

    def _do_recover_relic(self, seat: int, relic: int) -> None:
        """5.4: 1 Supply and the site's printed cost, then the relic, faceup, near your board."""
        site = self.flat.get("pawn_site", seat)
        cost = self.game.entities("site")[site].recover_cost
        self.pay_supply(seat, Kind.RECOVER_RELIC, relic)
        if cost.place_favor:
            favor.spend(self.flat, seat, ("bank_favor", int(cost.bank)), cost.place_favor)
        favor.spend(self.flat, seat, ("shared_favor",), cost.burn_favor)
        self.flat.move(("secret", seat), ("shared_secret",), cost.burn_secret)
        self.cards.put(relic, self.cards.zone("relics_held", seat), faceup=True)
        self.flat.set("took_this_turn", relic, 1)
        self.trigger(seat, "after_recover")

    def _do_recover_banner(self, seat: int, argument: int) -> None:
        banners.recover(self, seat, argument)
        self.update_oathkeeper()
        self.trigger(seat, "after_recover")

    def _do_use_power(self, seat: int, argument: int) -> None:
        """6.2: pay the power's cost, then run its compiled effect on the state until it ends or asks."""
        index, card = divmod(argument, POWER_STRIDE)
        key, cost = self.powers[card][index]
        self.pay(seat, card, cost)
        self.run_power(key, seat, self.index_in_kind(card), Phase.ACT)

    def pay(self, seat: int, card: int, cost: Any) -> None:
        costs.pay(self.flat, seat, card, cost)

    def run_power(self, key: str, seat: int, this: int, then: Phase) -> None:
        """Runs a compiled power for its user until it ends (the turn goes on in phase `then`) or asks; `this`
        is its card's (or banner's) number in its kind."""
        self.flat.set("effect_player", seat)
        self.flat.set("effect_return", then)
        self.frame = start(self.game, key, seat, this)
        self._run_effect()

    def run_quietly(self, key: str, seat: int, this: int, flat: FlatState | None = None) -> bool:
        """Runs a power on the VM alone, on this state or another (a look ahead, the Chronicle's copy): no phase,
        title or Supply upkeep after it, and the user of a power paused for a choice stays theirs. False if it
        stopped to ask a choice."""
        flat = flat or self.flat
        paused_user = flat.get("effect_player")
        flat.set("effect_player", seat)
        frame = start(self.game, key, seat, this)
        status = self.run_vm(self.game.code, flat.cells, frame, self.game.data, self.natives, STEP_LIMIT)
        flat.set("effect_player", paused_user)
        return status is not Status.PAUSED

    def index_in_kind(self, card: int) -> int:
        """A card's number among the entities of its kind (what a power's `this` is)."""
        return card - int(self.cards.base[self.cards.kind_of(card)])

    def _do_answer(self, seat: int, value: int) -> None:
        assert self.frame is not None
        provide_choice(self.frame, value)
        self._run_effect()
        if self.flat.get("phase") == Phase.TRIGGERED:
            self._continue_triggered()

    def _run_effect(self) -> None:
        assert self.frame is not None
        status = self.run_vm(self.game.code, self.flat.cells, self.frame, self.game.data, self.natives, STEP_LIMIT)
        if status is Status.PAUSED:
            self.flat.set("phase", Phase.EFFECT)
        else:
            self.frame = None
            self.cards.refresh_suits()
            if self._edifice_sides() != self.edifice_sides:
                self._power_tables()
            self.flat.set("phase", self.flat.get("effect_return"))
            for seat in range(self.players):
                self.flat.set("supply", seat, min(self.flat.get("supply", seat), self.most_supply(seat)))
            self._settled()

    def _settled(self) -> None:
        """Once a power has settled, back in the phase it returns to: the title's holder again, the rest of a
        Citizenship offer it made and the Exile's answer (negotiate.py); in the Act, what it left for after (a
        Search's last step, a Campaign it allows, the end of the Act Phase, `_after_decision`)."""
        self.update_oathkeeper()
        flat = self.flat
        if flat.get("citizenship_offer") >= 0:
            negotiate.open_citizenship_offer(self)
        elif flat.get("phase") == Phase.ACT and (flat.get("power_campaign") >= 0 or flat.get("search_resolving")
                                                   or flat.get("act_phase_over")):
            self._after_decision()

    def _do_take_from_reliquary(self, seat: int, space: int) -> None:
        """2.3: the relic of the chosen space, faceup into the player's bank (uncovering the space's modifier for the
        Chancellor); then the turn goes where the power that allowed it was going."""
        relic = next(r for r in self.cards.in_zone(self.cards.zone("reliquary"))
                     if self.flat.get("reliquary_space", r) == space + 1)
        self.cards.put(relic, self.cards.zone("relics_held", seat), faceup=True)
        self.flat.set("took_this_turn", relic, 1)
        self.flat.set("reliquary_pick", -1)
        self.resume(self.flat.get("reliquary_pick_return"))

    def resume(self, phase: int) -> None:
        """Where a power that left a pick to make (a Reliquary space, an exchange) was going, once it is made."""
        self.flat.set("phase", phase)
        self._settled()
        if self.flat.get("phase") == Phase.TRIGGERED:
            self._continue_triggered()

    def _do_choose_destination(self, seat: int, site: int) -> None:
        modifiers.travel_to(self, site)

    def _do_accept_citizenship(self, seat: int, _: int) -> None:
        empire.accept(self, seat)
        negotiate.answer_citizenship(self, accepted=True)
        self._after_decision()

    def _do_decline_citizenship(self, seat: int, _: int) -> None:
        empire.clear_offer(self.flat)
        negotiate.answer_citizenship(self, accepted=False)
        self._after_decision()

    def _do_self_exile(self, seat: int, _: int) -> None:
        empire.self_exile(self, seat)
        self.update_oathkeeper()
        self._do_end_turn(seat, 0)

    def _after_decision(self) -> None:
        """Back to the Act once a power (and the offer it made) is settled; a power that ended its user's Act
        Phase (6.6.2, Wizard School) sends the turn on to the Rest; a Search's last step runs the powers after it."""
        if self._search_over(self.flat.get("current_player")) or self.shared_vision_due():
            return
        self.flat.set("phase", Phase.ACT)
        self.update_oathkeeper()
        if not campaign.power_step(self) and self.flat.get("act_phase_over"):
            self.flat.set("act_phase_over", 0)
            self._do_end_turn(self.flat.get("current_player"), 0)

    def shared_vision_due(self) -> bool:
        """Once a step is settled (`_after_decision`, a Campaign's end, any move that leaves a turn in its Act), the
        sharer of a discarded Vision the False Prophet gives back (setup.py `Cards.discard`) plays or discards it as if
        they had searched (5.1.4), before the turn goes on; True if the game now waits for them. Nothing if the Vision
        has left the discard pile or the world deck it went to."""
        pending = self.flat.get("shared_vision_play") - 1
        if pending < 0:
            return False
        zone = self.flat.get("card_zone", pending)
        discarded = {self.cards.discard_pile(region) for region in range(len(self.game.entities("region")))}
        if zone not in discarded and zone != self.cards.zone("world_deck"):
            self.flat.set("shared_vision_play", 0)
            return False
        self.flat.set("phase", Phase.SHARED_VISION_PLAY)
        return True

    def _play_shared_vision(self, seat: int, kind: Kind, card: int) -> None:
        """The sharer plays the Vision (5.1.4.II-III, with the play's modifiers and reactions) or discards it (their
        discard, where theirs go); then the turn goes on as after any decision (`_after_decision`)."""
        self.flat.set("shared_vision_play", 0)
        if kind == Kind.DISCARD:
            self.cards.discard(seat, card)
            self._after_decision()
        else:
            self.act(seat, kind, card)

    # phases ------------------------------------------------------------------------------------

    def _wake(self, seat: int) -> None:
        """4.1: an Exile holding the title wins on its Usurper side, an Exile whose revealed Vision (their own, or one
        the False Prophet shares) is met wins as Visionary, else an Exile holding the title flips it to its Usurper
        side; then the holder of the People's Favor does its duty (4.1.1, a compiled power that may ask), and the
        powers "at the end of your Wake" run (4.1.4). The Law puts the banner first; nothing the banner does can
        change the title's holder or side, so the order makes no difference."""
        if self.is_exile(seat) and self.flat.get("oathkeeper") == seat and self.flat.get("usurper"):
            self._win(seat, "usurper")
            return
        if self.is_exile(seat) and self.visionary(seat):
            self._win(seat, "visionary")
            return
        if self.is_exile(seat) and self.flat.get("oathkeeper") == seat:
            self.flat.set("usurper", 1)
        self._queue(seat, "wake_end")
        if self.flat.get("banner_holder", banners.PEOPLES_FAVOR) == seat:
            self.run_power(banners.WAKE_POWER, seat, banners.PEOPLES_FAVOR, Phase.TRIGGERED)
            if self.flat.get("phase") != Phase.TRIGGERED:
                return
        self._continue_triggered()

    def _rest(self, seat: int) -> None:
        """4.3.1-4.3.4: tokens on cards go home, facedown secrets turn up, Supply refreshes from the bank's
        warbands (a Citizen's to the Chancellor's Supply), unspent Supply is saved."""
        favor, secret = list(self.flat.cells_of("card_favor")), list(self.flat.cells_of("card_secret"))
        for card in range(len(favor)):
            if (favor[card] or secret[card]) and card in self.suit_of:
                self.flat.move(("card_favor", card), ("bank_favor", self.suit_of[card]), favor[card])
            if secret[card] and (card in self.suit_of or card in self.relics):
                self.flat.move(("card_secret", card), ("secret", seat), secret[card])
        self.flat.move(("secret_facedown", seat), ("secret", seat), self.flat.get("secret_facedown", seat))
        if self.flat.get("role", seat) == self.role_ids["citizen"]:
            refreshed = self.flat.get("supply", empire.CHANCELLOR)
        else:
            refreshed = table_row(self.game, self._supply_table(seat), self.flat.get("warband_bank", seat))
        self.flat.set("supply", seat, min(self.most_supply(seat), refreshed + self.flat.get("supply", seat)))

    def _supply_table(self, seat: int) -> str:
        """Exiles have their board's track; Citizens match the Chancellor's (Empire summary, 4.3.3)."""
        role = "exile" if self.is_exile(seat) else "chancellor"
        return f"supply_refresh_{role}"

    def most_supply(self, seat: int) -> int:
        """The leftmost space of a player's Supply track: Supply never goes beyond it (4.3.4)."""
        return most_supply(self.game, "exile" if self.is_exile(seat) else "chancellor")

    def _end_round(self) -> None:
        """3.3: the end die, when it is rolled this round. The ruler of a card that may change the roll by one
        (Squalid District) is asked only when that can decide whether the game ends; otherwise the roll is read at
        once."""
        needed = self._end_die_needed()
        faces = self.game.tables.values("die_end_die_value")
        roll = int(faces[self.flat.random(len(faces))]) if needed else 0
        self.flat.set("end_roll", roll)
        self.flat.set("end_roll_delta", 0)
        ruler = next((persistent.user_of(self, card) for card in self.triggered["end_roll"]), -1)
        if needed and roll in (needed - 1, needed) and ruler >= 0:
            self.trigger(ruler, "end_roll")
        else:
            self._round_over()

    def _end_die_needed(self) -> int:
        """3.3: the least roll of the end die that ends the game after this round; 0 when it is not rolled (not after
        rounds 5-7, or an Exile holds the title)."""
        rows = list(self.game.tables.values("table_end_die_rows"))
        round_ = self.flat.get("round")
        if round_ not in rows or not self._imperial_oathkeeper():
            return 0
        return int(self.game.tables.values("table_end_die")[rows.index(round_)])

    def _imperial_oathkeeper(self) -> bool:
        return bool(self.flat.get("role", self.flat.get("oathkeeper")) != self.role_ids["exile"])

    def _round_over(self) -> None:
        """3.3: the end die's roll, as its ruler changed it, wins the game for the Chancellor; 3.4: War Exhaustion
        after the last round; else the next round begins."""
        round_ = self.flat.get("round")
        needed = self._end_die_needed()
        if needed and self.flat.get("end_roll") + self.flat.get("end_roll_delta") >= needed:
            self._win(0, "stable_regime")
        elif round_ >= self.numbers.last_round:
            self._win(*self._war_exhaustion_winner(self._imperial_oathkeeper()))
        else:
            self.flat.set("round", round_ + 1)
            self._next_turn(0)

    def _war_exhaustion_winner(self, imperial: bool) -> tuple[int, str]:
        """3.4: an Imperial Oathkeeper, else the Usurper, else a Visionary (ties by the Visions' order), else
        the Chancellor."""
        if not imperial and self.flat.get("usurper"):
            return self.flat.get("oathkeeper"), "usurper"
        if not imperial:
            visionaries = [seat for seat in range(self.players) if self.is_exile(seat) and self.visionary(seat)]
            if visionaries:
                visions = self.game.entities("vision")
                rank = {seat: visions[self.winning_vision(seat) or 0].tiebreak or 0 for seat in visionaries}
                return min(visionaries, key=lambda seat: rank[seat]), "visionary"
        return 0, "war_exhaustion"

    def update_oathkeeper(self) -> None:
        """2.11: the player who meets the Oath's goal holds the title, flipped to its Oathkeeper side; on a tie
        for "most" the holder keeps it; when several players overtake the holder together, the holder chooses
        which of them takes it (GIVE_TITLE, asked before anything else)."""
        oath = self.flat.get("oath")
        holder = self.flat.get("oathkeeper")
        owner = self._banner_goal_holder(oath)
        if owner is not None:
            if owner >= 0 and owner != holder:
                self._take_title(owner)
            return
        counts = self._goal_counts(oath)
        best = max(counts)
        if counts[holder] < best:
            overtaking = [seat for seat, count in enumerate(counts) if count == best]
            if len(overtaking) == 1:
                self._take_title(overtaking[0])
            else:
                self.flat.set("title_candidates", sum(1 << seat for seat in overtaking))

    def _banner_goal_holder(self, oath: int) -> int | None:
        """For the Oaths whose goal is to hold a banner: who holds it (-1: nobody); None for the others."""
        name = self.game.entities("oath")[oath].id.name.lower()
        if name not in ("people", "devotion"):
            return None
        return self.flat.get("banner_holder", banners.PEOPLES_FAVOR if name == "people" else banners.DARKEST_SECRET)

    def _goal_counts(self, oath: int) -> list[int]:
        """For the Oaths of "most": sites ruled (Supremacy: the Empire's count for the Chancellor, 2.11) or
        relics and banners held (Protection), per seat."""
        if self.game.entities("oath")[oath].id.name.lower() == "supremacy":
            return [0 if self.flat.get("role", seat) == self.role_ids["citizen"]
                    else sum(self.rules(seat, site) for site in self.sites_on_map()) for seat in range(self.players)]
        return [self.relics_and_banners(seat) for seat in range(self.players)]

    def relics_and_banners(self, seat: int) -> int:
        return len(self.cards.in_zone(self.cards.zone("relics_held", seat))) + len(banners.held_by(self, seat))

    def meets_goal(self, seat: int, oath: int) -> bool:
        """A Vision's goal is its Oath's (3.2): hold the banner, or have strictly the most (a tie is not the most)."""
        owner = self._banner_goal_holder(oath)
        if owner is not None:
            return owner == seat
        counts = self._goal_counts(oath)
        return all(counts[seat] > n for other, n in enumerate(counts) if other != seat)

    def revealed_vision(self, seat: int) -> int | None:
        """The Vision an Exile has revealed on their own board (its number in the vision kind), if any."""
        cards = self.cards.in_zone(self.cards.zone("revealed_vision", seat))
        return cards[-1] - int(self.cards.base["vision"]) if cards else None

    def revealed_visions(self, seat: int) -> list[int]:
        """Every Vision the player has revealed (numbers in the vision kind): their own, and, while they rule a faceup
        False Prophet (SHARED_VISION), each revealed Vision with a warband of theirs on it ("you now also have it
        revealed")."""
        own = self.revealed_vision(seat)
        visions = [] if own is None else [own]
        advisers = self.cards.zone("advisers", seat)
        if any(self.flat.get("card_zone", card) == advisers and self.flat.get("card_faceup", card)
               for card in self.static_powers[SHARED_VISION]):
            base = int(self.cards.base["vision"])
            revealed = {self.cards.zone("revealed_vision", other) for other in range(self.players)}
            visions += [vision for vision in range(len(self.game.entities("vision"))) if vision not in visions
                        and self.flat.get("vision_warbands", vision, seat)
                        and self.flat.get("card_zone", base + vision) in revealed]
        return visions

    def winning_vision(self, seat: int) -> int | None:
        """3.2: the first, in the Visions' order (3.4.3), of the player's revealed Visions whose goal is met, once at
        least three Visions have been drawn; None if none is."""
        if self.flat.get("visions_drawn") < self.numbers.visions_needed:
            return None
        entities = self.game.entities("vision")
        met = [vision for vision in self.revealed_visions(seat)
               if entities[vision].oath is not None and self.meets_goal(seat, int(entities[vision].oath))]
        return min(met, key=lambda vision: entities[vision].tiebreak or 0, default=None)

    def visionary(self, seat: int) -> bool:
        """3.2: a revealed Vision (their own or one the False Prophet shares) whose goal is met, once at least three
        Visions have been drawn."""
        return self.winning_vision(seat) is not None

    def is_exile(self, seat: int) -> bool:
        return self.flat.get("role", seat) == self.role_ids["exile"]

    def _take_title(self, seat: int) -> None:
        """2.11; then the reactions to it (Chaos Cult), which ask nothing and run at once."""
        self.flat.set("oathkeeper", seat)
        self.flat.set("usurper", 0)
        self.flat.set("title_candidates", 0)
        for card, key in self.title_reactions.items():
            if self._reacts(card, seat):
                self.run_quietly(key, persistent.user_of(self, card), self.index_in_kind(card))

    def _do_give_title(self, seat: int, other: int) -> None:
        self._take_title(other)
        if self.flat.get("phase") == Phase.TRIGGERED:
            self._continue_triggered()

    def _win(self, seat: int, how: str) -> None:
        """A win of the Chancellor's goes to the Successor if a Citizen is one (3.3.1)."""
        heir = empire.successor(self) if seat == empire.CHANCELLOR else None
        if heir is not None:
            seat, how = heir, "successor"
        self.victory = how
        self.flat.set("winner", seat)
        self.flat.set("phase", Phase.OVER)

    # describing --------------------------------------------------------------------------------

    def describe(self, chosen: int, locale: str = "en") -> str:
        """A move in words of the chosen language: its label from the content, then what it acts on."""
        chosen = self._internal(chosen)
        kind, argument = Kind(chosen // STRIDE), chosen % STRIDE
        label = self.label(f"move_{kind.name.lower()}", locale)
        if kind == Kind.SEARCH_DISCARD:
            return f"{label}: {self.entity_name('region', argument, locale)}"
        if kind in (Kind.END_TURN, Kind.SEARCH_WORLD, Kind.KEEP_NO_MORE, Kind.TARGET_PAWN, Kind.FIGHT,
                    Kind.SACRIFICE, Kind.DONE, Kind.BURN_HALF_FAVOR, Kind.DECLINE_CITIZENSHIP, Kind.SELF_EXILE, Kind.TAKE_ACTION,
                    Kind.PROPOSE_EXCHANGE, Kind.ACCEPT_EXCHANGE, Kind.DECLINE_EXCHANGE, Kind.END_NEGOTIATION):
            return label
        if kind in (Kind.CAMPAIGN, Kind.CAMPAIGN_FROM_POWER):
            return f"{label} {self.label('the_bandits', locale) if argument == NONE else self._seat(argument, locale)}"
        if kind in (Kind.TARGET_BANNER, Kind.GIVE_BANNER):
            return f"{label} {self.entity_name('banner', argument, locale)}"
        if kind == Kind.RECOVER_BANNER:
            banner, rest = divmod(argument, banners.BANNER_STRIDE)
            amount, suit = divmod(rest, banners.SUITS)
            token = self._term("favor" if banner == banners.PEOPLES_FAVOR else "secret", locale)
            text = f"{label} {self.entity_name('banner', banner, locale)}: {amount} {token}"
            if banner == banners.PEOPLES_FAVOR:
                text += f"; {self.label('old_favor_first_to', locale)} {self.entity_name('suit', suit, locale)}"
            return text
        if kind == Kind.KILL_AT:
            if argument == NONE:
                return f"{label} {self.label('their_board', locale)}"
            if argument >= campaign.ALLY_BOARD:
                return f"{label} {self.label('their_board', locale)}: {self._seat(argument - campaign.ALLY_BOARD, locale)}"
            return f"{label} {self.label('at_site', locale)} {self.entity_name('site', argument, locale)}"
        if kind in (Kind.OFFER_ALLY, Kind.ACCEPT_ALLY, Kind.GIVE_TITLE, Kind.NEGOTIATE_WITH, Kind.GIVE_FAVOR,
                    Kind.GIVE_SECRET, Kind.PROMISE_TRUCE, Kind.GIVE_WARBAND, Kind.TAKE_WARBAND, Kind.GRANT_WARBAND_MOVE,
                    Kind.REFUSE_WARBAND_MOVE):
            return f"{label} {self._seat(argument, locale)}"
        if kind in (Kind.TRAVEL, Kind.CHOOSE_DESTINATION, Kind.WARBAND_TO_SITE, Kind.WARBAND_TO_BOARD, Kind.TARGET_SITE, Kind.OCCUPY,
                    Kind.BANISH_TO):
            return f"{label} {self.entity_name('site', argument, locale)}"
        if kind == Kind.TAKE_FROM_RELIQUARY:
            return f"{label} {argument + 1}"
        if kind == Kind.DISCARD_TO:
            return f"{label} {self._destination(argument, locale)}"
        if kind == Kind.PLAY_TO_OTHER_SITE:
            site, card = divmod(argument, plays.SITE_STRIDE)
            return f"{label} {self._shown_name(card, locale)}: {self.entity_name('site', site, locale)}"
        if kind == Kind.ANSWER:
            pending = pending_choice(self.frame) if self.frame is not None else None
            if pending is None:
                return f"{label} {argument}"
            return f"{self._asking_power(locale)}: {label} {self._answer(pending, argument, locale)}"
        if kind == Kind.USE_POWER:
            index, card = divmod(argument, POWER_STRIDE)
            several = len(self.powers[card]) > 1
            return f"{label} {self.card_name(card, locale)}" + (f" ({index + 1})" if several else "")
        return f"{label} {self._shown_name(argument, locale)}"

    def _asking_power(self, locale: str) -> str:
        """The name of the card whose power asks the pending choice: the effect whose code the paused frame is in
        (the compiler lays each effect's code out in one piece, from its entry)."""
        assert self.frame is not None
        if self.game.layout not in _EFFECT_STARTS:
            _EFFECT_STARTS[self.game.layout] = sorted((pc, key) for key, pc in self.game.layout.ENTRIES.items())
        starts = _EFFECT_STARTS[self.game.layout]
        key = starts[bisect_right(starts, (self.frame[PC], "\uffff")) - 1][1]
        kind, name = key.split("/")[:2]
        return self.entity_name(kind, int(self.game.enums[kind][name.upper()]), locale)

    def _answer(self, pending: PendingChoice, value: int, locale: str) -> str:
        """An answer to a power's choice, named by what the choice offers: a player, a card, another entity; a
        `may` (whose options the compiler lays out as 1, to do it, then 0) yes or no; else the option's number."""
        space = self.game.layout.SPACES[pending.kind - 1][0] if pending.kind else None
        if space == "player":
            return self._seat(value, locale)
        if space == "card":
            return self._shown_name(value, locale)
        if space == "relic":
            return self._shown_name(self.relic_base + value, locale)
        if space in NAMED_SPACES:
            return self.entity_name(space, value, locale)
        if pending.options == (1, 0):
            return self.label("answer_yes" if value else "answer_no", locale)
        return str(value + 1)

    def label(self, label_id: str, locale: str) -> str:
        """A word of the runtime in the chosen language (content/oath/labels.yaml)."""
        return str(self.game.get("label", label_id).text.get(locale, self.game.source_locale))

    def entity_name(self, kind: str, index: int, locale: str) -> str:
        entity = self.game.entities(kind)[index]
        if kind == "edifice":
            ruined = self.flat.get("edifice_ruined", int(self.cards.base[kind]) + index)
            entity = entity.ruined if ruined else entity.intact
        return str(entity.name.get(locale, self.game.source_locale))

    def _destination(self, destination: int, locale: str) -> str:
        """Where a player's discards go (setup.py DISCARD_*), in words."""
        if destination < DISCARD_ON_PILE:
            return self.label("discard_where_usual" if destination == DISCARD_USUAL else "discard_on_world_deck_bottom",
                              locale)
        region, bottom = divmod(destination - DISCARD_ON_PILE, 2)
        place = self.label("discard_on_pile_bottom" if bottom else "discard_on_pile_top", locale)
        return f"{place} {self.entity_name('region', region, locale)}"

    def _term(self, term_id: str, locale: str) -> str:
        return str(self.game.get("term", term_id).name.get(locale, self.game.source_locale))

    def _shown_name(self, card: int, locale: str) -> str:
        """A card's name as the player to move may see it: a facedown card they have not seen is only that (9.4)."""
        flat = self.flat
        if not 0 <= card < flat.size("card_zone") or flat.get("card_faceup", card) \
                or flat.get("card_seen", card, self.current_player()):
            return self.card_name(card, locale)
        zone = flat.get("card_zone", card)
        if zone == self.cards.zone("reliquary"):
            return f"{self.label('unseen_in_reliquary', locale)} {flat.get('reliquary_space', card)}"
        if zone == self.zone_ids["at_site"]:
            site = self.entity_name("site", flat.get("card_site", card), locale)
            return f"{self.label('unseen_at_site', locale)} {site}"
        return self.label("unseen_card", locale)

    def card_name(self, card: int, locale: str) -> str:
        if not 0 <= card < self.flat.size("card_zone"):
            return str(card)
        return self.entity_name(self.cards.kind_of(card), self.index_in_kind(card), locale)

    def _seat(self, seat: int, locale: str) -> str:
        return f"{self.label('seat', locale)} {seat} ({self.entity_name('role', self.flat.get('role', seat), locale)})"

    def verdict(self, locale: str = "en") -> str:
        """Who won and how, once the game is over."""
        winner = self.flat.get("winner")
        how = self._term(self.victory or "", locale)
        return f"{self.label('game_over', locale)} {self._seat(winner, locale)} — {how}"

    def role_of(self, seat: int) -> str:
        return next(name for name, number in self.role_ids.items() if number == self.flat.get("role", seat))

    def summary(self, locale: str = "en") -> str:
        """A few lines a player needs to decide: round, whose turn, each seat's board and site."""
        lines = [f"{self._term('round', locale)} {self.flat.get('round')}: "
                 f"{self.label('seat', locale)} {self.current_player()} {self.label('to_act', locale)}"]
        counts = (("supply", "supply"), ("favor", "favor"), ("secret", "secret"), ("warband", "warbands"))
        for seat in range(self.players):
            board = ", ".join(f"{self._term(term, locale)} {self.flat.get(field, seat)}" for term, field in counts)
            site = self.entity_name("site", self.flat.get("pawn_site", seat), locale)
            lines.append(f"  {self._seat(seat, locale)}: {board}; {self.label('at_site', locale)} {site}")
        return "\n".join(lines)

    def chronicle(self, decide: Decide | None = None, locale: str = "en") -> tuple[Chronicle, list[str]]:
        """The winner writes the Chronicle (8): the next game's world, and the choices drawn at random (those
        `decide` leaves to chance)."""
        return write_chronicle(self, decide, locale)

    def observation(self, seat: int) -> Observation:
        """What `seat` may know of the game now (9.4)."""
        return observe(self, seat)

    def clone(self) -> Any:
        twin = object.__new__(OathState)
        twin.__dict__.update(self.__dict__)
        twin.flat = self.flat.copy()
        twin.frame = array("i", self.frame) if self.frame is not None else None
        twin.cards = Cards(twin.flat)
        twin.history = list(self.history)
        twin.placeholders = list(self.placeholders)
        return twin
