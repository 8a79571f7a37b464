"""Campaign (5.5): the defender, the targets, the rolls, sacrifice, losses and the attacker's spoils.

Each step that needs a player's decision is a phase whose legal actions are that decision; steps
with a single possible outcome resolve on their own. Battle plans (5.5.3) run on the effect VM: the
attacker's, then the defender's and each Ally's, each plan once; those the kernel cannot run yet (a
native or rule hook it lacks) are not offered. Defending bandits use every defence plan with no cost at the sites
they rule, on their own: the plan runs for no seat (`you` is BANDITS), a choice it asks going the way best for their
defence. Warbands are counted by colour (empire.py): an Imperial player fights with purple warbands and loses them to
the purple bank. An Imperial defence (5.5.2) has the Chancellor as an Ally and the Citizens who offer and are let in;
the Campaign modifiers (timing `defense`) of the defender, then of each Ally, run before the plans; the Chancellor
decides its losses. The pools, forces and natives of battle plans are battle.py's; what a plan leaves for the end
(5.5.6-5.5.8) is carried out here. A power may allow a Campaign (Knights Errant, Captains; Sneak Attack, against the
last attacker): once it is settled, its user declares the defender (CAMPAIGN_DEFENDER), spends no Supply, and may
act as if their pawn were elsewhere; a victory may allow a Travel for no Supply before it (Second Wind, CAMPAIGN_TRAVEL).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import cython  # type: ignore[import-untyped]

from ..bytecode import PAUSED, pending_choice, provide_choice
from ..content import CompiledGame
from ..state import FlatState
from ..vm_py import Native
from . import banners, battle, favor, modifiers
from .actions import KIND, NONE, PHASE, STRIDE, Kind, Phase, action, kind_of
from .battle import ALLY_BOARD, BOARD, LOSSES, PLAN_SACRIFICE, SACRIFICED, SKULLS, force_places, force_size
from .empire import CHANCELLOR, JOINED, become_citizen, colour, on_map, ruler_of
from .modifiers import in_play
from .costs import rule_cost
from .natives import DISCARDER, usable_reroll
from .negotiate import truce_holds
from .persistent import may_take
from .power_code import STEP_LIMIT, natives_of, start_power

if TYPE_CHECKING:
    if not cython.compiled:  # compiled, the state is typed as its core (the .pxd beside)
        from .game import OathState

__all__ = ["ALLY_BOARD", "BOARD"]

DEFENSE_ROLL, ATTACK_ROLL = 1, 2
"""Values of `campaign_reroll`: which roll its roller may reroll."""
PAWN_TARGETED, BURN_PENDING, DESTINATION_PENDING = 1, 2, 3
"""Values of `campaign_target_pawn`: the pawn and favor targeted (the banishment to come, 5.5.7.III); the burn of
favor to come; the destination Shrouded Wood's ruler chooses, the attacker having chosen to banish."""
PHASES = frozenset(phase for phase in Phase if phase.name.startswith("CAMPAIGN_"))
"""The phases of a Campaign, whose moves this module lists."""
AT_END, ON_DEFEAT = 1, 2
"""Values of `campaign_discarding`: the discard waiting for a Wild Mounts choice."""
DISCARD_FIELDS = {AT_END: "campaign_discard_at_end", ON_DEFEAT: "campaign_discard_on_defeat"}
OFFERED, DECLINED = 1, 3
"""Values of `campaign_ally` besides JOINED (empire.py): a Citizen's offer waits for the defender, or is over."""
ATTACKER, DEFENDER = 1, 2
"""Values of `campaign_planning`: whose battle plans are being chosen."""
BANDITS = -1
"""The bandits as `campaign_defender` names them, and the `you` of the battle plans they use (5.5.3)."""
CAMPAIGN_HOOKS = ("attack_dice_delta", "defense_dice_delta", "kill_all_defeated", "bandits_per_site_delta",
                  "defender_battle_plans_forbidden", "ignore_attack_skulls", "ignore_attack_hollow_swords",
                  "ignore_one_shield_faces", "ignore_two_shield_faces", "ignore_two_sword_faces", "attack_roll_doubled",
                  "attack_pool_halved", "sacrifice_forbidden", "outnumbered_sacrifice_value",
                  "attack_force_includes_ruled_sites", "defense_pool_must_be_even", "attack_force_includes_site_warbands")
"""Rule hooks that last one Campaign."""
PER_PLAYER = ("campaign_ally", "campaign_plans_used_by", "campaign_plans_only", "campaign_killed", "campaign_hospital",
              "campaign_win_favor", "campaign_win_warbands", "campaign_win_warbands_per_kill", "campaign_win_citizen",
              "campaign_win_kill_all", "campaign_win_kill_all_favor", "campaign_win_burn_all_favor",
              "campaign_win_burn_secrets", "campaign_win_capture", "defeat_kills_none", "defeat_kills_all", "plan_added_secret_cost",
              "plan_added_burned_favor", "battle_plans_forbidden", "plan_suit_forbidden", "campaign_swap_from",
              "campaign_swap_to", "campaign_win_travel")
"""Fields of each player that last one Campaign."""


def defenders(state: OathState, seat: int) -> list[int]:
    """5.5.1: another player who rules your site (one you can target) or whose pawn is there; the bandits if
    nobody rules it. Your site is where you act as if your pawn were, for a power's Campaign (Captains). Not a player
    you have promised a truce at The Tribunal (negotiate.py)."""
    site = battle.acting_site(state.flat, seat)
    out = [other for other in range(state.players) if other != seat and not truce_holds(state.flat, seat, other)
           and (on_map(state.flat, site) and can_target(state, seat, other, site)
                or state.flat.get("pawn_site", other) == site)]
    if state.bandits_rule(site):
        out.append(NONE)
    return out


def start(state: OathState, seat: int, defender: int) -> None:
    state.pay_supply(seat, KIND.CAMPAIGN, defender)
    _begin(state, seat, defender)


def start_from_power(state: OathState, seat: int, defender: int) -> None:
    """A Campaign a power allows (Knights Errant, Captains, Wild Allies, Sneak Attack): no Supply, the power's hooks
    kept."""
    _power_campaign_settled(state.flat)
    _begin(state, seat, defender)


def _power_campaign_settled(flat: FlatState) -> None:
    """The Campaign a power allowed is started or declined."""
    flat.set("power_campaign", -1)
    flat.set("power_campaign_defender", 0)
    flat.set("power_campaign_optional", 0)


def _begin(state: OathState, seat: int, defender: int) -> None:
    flat = state.flat
    flat.set("campaign_attacker", seat)
    flat.set("campaign_defender", -1 if defender == NONE else defender)
    site = battle.attacker_site(flat)
    if site in targetable_sites(state, seat, flat.get("campaign_defender")):
        flat.set("campaign_target_site", site, 1)  # 5.5.2: a defender's site where you are must be targeted
    flat.set("phase", PHASE.CAMPAIGN_TARGETS)


def legal_actions(state: OathState) -> list[int]:
    phase = state.flat.get("phase")
    if phase == PHASE.CAMPAIGN_TARGETS:
        return _target_actions(state)
    if phase == PHASE.CAMPAIGN_DEFENDER:
        possible = defenders(state, state.flat.get("power_campaign"))
        only = state.flat.get("power_campaign_defender") - 1
        moves = [action(KIND.CAMPAIGN_FROM_POWER, defender) for defender in possible if only < 0 or defender == only]
        return moves + [action(KIND.DONE)] if state.flat.get("power_campaign_optional") or not moves else moves
    if phase == PHASE.CAMPAIGN_TRAVEL:
        return _travels(state, state.flat.get("power_campaign")) + [action(KIND.DONE)]
    if phase == PHASE.CAMPAIGN_SITE_RELICS:
        return _site_relic_targets(state)
    if phase == PHASE.CAMPAIGN_RETURN_RELICS:
        return [action(KIND.RELIC_TO_DECK, relic) for relic in _returnable(state)] + [action(KIND.DONE)]
    if phase == PHASE.CAMPAIGN_ALLIES:
        offered = _allies(state, OFFERED)
        if offered:
            return [action(KIND.ACCEPT_ALLY, offered[0]), action(KIND.DONE)]
        return [action(KIND.OFFER_ALLY, _undecided_citizens(state)[0]), action(KIND.DONE)]
    if phase == PHASE.CAMPAIGN_PLANS:
        return [action(KIND.USE_PLAN, card) for card in _usable_plans(state)] + [action(KIND.DONE)]
    if phase == PHASE.CAMPAIGN_SACRIFICE:
        return [action(KIND.SACRIFICE), action(KIND.DONE)]
    if phase == PHASE.CAMPAIGN_REROLL:
        return [action(KIND.REROLL, _reroll_card(state, state.flat.get("campaign_reroll"))), action(KIND.DONE)]
    if phase == PHASE.CAMPAIGN_DISCARD_INSTEAD:
        return [action(KIND.DISCARD_INSTEAD, card) for card in _instead(state, state.flat.get("campaign_swapper"))] \
            + [action(KIND.DONE)]
    if phase == PHASE.CAMPAIGN_LOSSES:
        return [action(KIND.KILL_AT, place) for place in force_places(state.flat, state.flat.get("campaign_kill_from"))]
    if phase == PHASE.CAMPAIGN_KILL_ALL:
        return [action(KIND.KILL_ALL, _pending(state, "campaign_win_kill_all")[1]), action(KIND.DONE)]
    if phase == PHASE.CAMPAIGN_BECOME_CITIZEN:
        return [action(KIND.BECOME_CITIZEN, _pending(state, "campaign_win_citizen")[1]), action(KIND.DONE)]
    if phase == PHASE.CAMPAIGN_OCCUPY:
        return [action(KIND.OCCUPY, site) for site in _targeted_sites(state)] + [action(KIND.DONE)]
    assert phase == PHASE.CAMPAIGN_BANISH
    defender = state.flat.get("campaign_defender")
    if state.flat.get("campaign_target_pawn") in (PAWN_TARGETED, DESTINATION_PENDING):
        here = state.flat.get("pawn_site", defender)
        sites = [action(KIND.BANISH_TO, site) for site in state.sites_on_map() if site != here]
        return sites + ([action(KIND.DONE)] if state.flat.get("campaign_target_pawn") == PAWN_TARGETED else [])
    slander = state.flat.get("campaign_win_burn_all_favor", state.flat.get("campaign_attacker"))
    return [action(KIND.BURN_ALL_FAVOR, slander - 1) if slander else action(KIND.BURN_HALF_FAVOR), action(KIND.DONE)]


def deciding_player(state: OathState) -> int:
    """The loser chooses their losses (the Chancellor for an Imperial defence, 5.5.6), the user of a plan what it
    sacrifices, the attacker their skulls' and sacrifices' warbands; each player on the defending side their
    plans; a Citizen whether to offer help and the defender whether to let them in; the player a plan's outcome
    leaves a choice to that choice; the attacker everything else."""
    flat = state.flat
    phase = flat.get("phase")
    if phase in (PHASE.CAMPAIGN_DEFENDER, PHASE.CAMPAIGN_TRAVEL):
        return flat.get("power_campaign")
    if phase == PHASE.CAMPAIGN_LOSSES:
        killing, loser = flat.get("campaign_killing"), flat.get("campaign_loser")
        if killing == PLAN_SACRIFICE:
            return flat.get("campaign_plan_user")
        if killing in (SKULLS, SACRIFICED):
            return flat.get("campaign_attacker")
        return CHANCELLOR if loser == flat.get("campaign_defender") and imperial_defence(state) else loser
    if phase == PHASE.CAMPAIGN_KILL_ALL:
        return _pending(state, "campaign_win_kill_all")[0]
    if phase == PHASE.CAMPAIGN_BECOME_CITIZEN:
        return _pending(state, "campaign_win_citizen")[0]
    if phase == PHASE.CAMPAIGN_PLANS:
        return flat.get("campaign_plan_user")
    if phase == PHASE.CAMPAIGN_REROLL:
        return flat.get("campaign_defender" if flat.get("campaign_reroll") == DEFENSE_ROLL else "campaign_attacker")
    if phase == PHASE.CAMPAIGN_DISCARD_INSTEAD:
        return flat.get("campaign_swapper")
    if phase == PHASE.CAMPAIGN_BANISH and flat.get("campaign_target_pawn") == DESTINATION_PENDING:
        return flat.get("travel_chooser") - 1
    if phase == PHASE.CAMPAIGN_ALLIES:
        return flat.get("campaign_defender") if _allies(state, OFFERED) else _undecided_citizens(state)[0]
    return flat.get("campaign_attacker")


def imperial_defence(state: OathState) -> bool:
    """5.5.1-5.5.2 (battle.py)."""
    return battle.imperial_defence(state.flat)


def _pending(state: OathState, field: str) -> tuple[int, int]:
    """The first victorious player with an outcome left to decide in a field (1 + its card), and the card."""
    flat = state.flat
    seat = next(p for p in range(state.players) if flat.get(field, p) and battle.victorious(flat, p))
    return seat, flat.get(field, seat) - 1


def _allies(state: OathState, status: int) -> list[int]:
    return [seat for seat in range(state.players) if state.flat.get("campaign_ally", seat) == status]


def _undecided_citizens(state: OathState) -> list[int]:
    """5.5.2: Citizens other than the attacker whose pawn is at a targeted site or the attacker's site, and who
    have not said whether they join."""
    flat = state.flat
    attacker, defender = flat.get("campaign_attacker"), flat.get("campaign_defender")
    near = set(_targeted_sites(state)) | {battle.attacker_site(flat)}
    return [seat for seat in range(state.players)
            if seat not in (attacker, defender) and flat.get("role", seat) == state.role_ids["citizen"]
            and flat.get("pawn_site", seat) in near and flat.get("campaign_ally", seat) == 0]


def _target_actions(state: OathState) -> list[int]:
    flat = state.flat
    attacker, defender = flat.get("campaign_attacker"), flat.get("campaign_defender")
    site = battle.attacker_site(flat)
    out = [action(KIND.TARGET_SITE, s) for s in targetable_sites(state, attacker, defender)
           if not flat.get("campaign_target_site", s)]
    if defender >= 0 and flat.get("pawn_site", defender) == site:
        out += [action(KIND.TARGET_RELIC, relic) for relic in state.cards.in_zone(state.cards.zone("relics_held", defender))
                if not flat.get("campaign_target_card", relic)
                and may_take(flat, attacker, "take_forbidden_card", relic)]
        out += [action(KIND.TARGET_BANNER, banner) for banner in banners.held_by(state, defender)
                if not flat.get("campaign_target_banner", banner)
                and may_take(flat, attacker, "take_forbidden_banner", banner)]
        if not flat.get("campaign_target_pawn"):
            out.append(action(KIND.TARGET_PAWN))
    declared = flat.get("campaign_target_site", site) or flat.get("campaign_target_pawn") or _targeted_relics(state) \
        or _targeted_banners(state)
    if declared and (battle.target_dice(flat) % 2 == 0 or not _must_be_even(state)
                     or not any(_dice_of(state, chosen) % 2 for chosen in out)):
        out.append(action(KIND.FIGHT))
    return sorted(out)


def _site_relic_targets(state: OathState) -> list[int]:
    """Relic Hunter: the facedown relics at targeted sites not targeted yet; then done, unless the defender wants an
    even total of target dice (Giant Python) and one more relic would make it so."""
    flat = state.flat
    attacker = flat.get("campaign_attacker")
    out = [action(KIND.TARGET_RELIC, relic) for relic in battle.site_relics(flat)
           if not flat.get("campaign_target_card", relic) and not state.cards.locked(relic, attacker)]
    odd = flat.get("defense_pool_must_be_even") and battle.target_dice(flat) % 2
    if not (odd and out and (flat.get("campaign_relic_hunter") - 1) % 2):
        out.append(action(KIND.DONE))
    return out


def _travels(state: OathState, seat: int) -> list[int]:
    """Second Wind: the Travels the player may take now, under the Travel's rules and modifiers (5.6, 7.4); they cost
    no Supply (modifiers.supply_cost)."""
    here = state.flat.get("pawn_site", seat)
    known = modifiers.Ahead(state, seat)
    return [action(KIND.TRAVEL, site) for site in state.sites_on_map()
            if site != here and modifiers.allowed(state, seat, action(KIND.TRAVEL, site), known)]


def _dice_of(state: OathState, chosen: int) -> int:
    """The defense dice one more target would add (5.5.2)."""
    kind, argument = kind_of(chosen), chosen % STRIDE
    if kind == KIND.TARGET_SITE:
        return int(state.game.entities("site")[argument].defense or 0)
    if kind == KIND.TARGET_RELIC:
        return int(state.game.entities("relic")[state.index_in_kind(argument)].defense or 0)
    if kind == KIND.TARGET_BANNER:
        return banners.tokens(state, argument)
    return state.numbers.pawn_defense_dice


def _must_be_even(state: OathState) -> bool:
    """Giant Python: the defender's `defense` modifiers run only once the targets are declared, yet bind the
    declaring; so each one that can set defense_pool_must_be_even and that the defender can use is run ahead on a
    copy of the state (docs/decisions.md)."""
    flat = state.flat
    defender = flat.get("campaign_defender")
    if flat.get("defense_pool_must_be_even") or defender < 0:
        return bool(flat.get("defense_pool_must_be_even"))
    for card, key in _even_rules(state):
        if state.can_use(defender, card):
            twin = flat.copy()
            state.run_quietly(key, defender, state.index_in_kind(card), twin)
            if twin.get("defense_pool_must_be_even"):
                return True
    return False


_EVEN_RULES: dict[object, list[tuple[int, str]]] = {}


def _even_rules(state: OathState) -> list[tuple[int, str]]:
    """The defence powers (card, effect key) that can set defense_pool_must_be_even, found once per game."""
    layout = state.game.layout
    if layout not in _EVEN_RULES:
        _EVEN_RULES[layout] = [(card, key) for card, key in sorted(state.triggered["defense"].items())
                               if "defense_pool_must_be_even" in layout.RULES.get(key, ())]
    return _EVEN_RULES[layout]


def targetable_sites(state: OathState, attacker: int, defender: int) -> list[int]:
    """The sites the attacker can target: those the defender (-1: the bandits) rules. A Citizen attacking is not
    Imperial (Empire summary, 5.5.1) and can target purple sites; the Chancellor attacking a Citizen cannot
    target the purple warbands that are their own (docs/decisions.md)."""
    return [site for site in state.sites_on_map() if can_target(state, attacker, defender, site)]


def can_target(state: OathState, attacker: int, defender: int, site: int) -> bool:
    """Whether the attacker can target this site on the map (`targetable_sites`)."""
    if defender < 0:
        return state.bandits_rule(site)
    if attacker == CHANCELLOR and colour(state.flat, defender) == CHANCELLOR:
        return False
    return state.rules(defender, site)


def target_site(state: OathState, seat: int, site: int) -> None:
    state.flat.set("campaign_target_site", site, 1)


def target_relic(state: OathState, seat: int, relic: int) -> None:
    state.flat.set("campaign_target_card", relic, 1)


def target_banner(state: OathState, seat: int, banner: int) -> None:
    state.flat.set("campaign_target_banner", banner, 1)


def target_pawn(state: OathState, seat: int, _: int) -> None:
    state.flat.set("campaign_target_pawn", PAWN_TARGETED)


def _targeted_sites(state: OathState) -> list[int]:
    return [s for s in state.sites_on_map() if state.flat.get("campaign_target_site", s)]


def _targeted_relics(state: OathState) -> list[int]:
    """The defender's relics targeted (5.5.2), and the relics at targeted sites (Relic Hunter)."""
    defender = state.flat.get("campaign_defender")
    held = state.cards.in_zone(state.cards.zone("relics_held", defender)) if defender >= 0 else []
    at_sites = state.cards.in_zone(state.zone_ids["at_site"])
    return [r for r in held + at_sites if state.flat.get("campaign_target_card", r)]


def _targeted_banners(state: OathState) -> list[int]:
    defender = state.flat.get("campaign_defender")
    return [b for b in banners.held_by(state, defender) if state.flat.get("campaign_target_banner", b)] if defender >= 0 else []


def _roll(state: OathState, die: str, symbols: tuple[str, ...], dice: int,
          ignored: dict[str, set[int]] | None = None) -> dict[str, int]:
    """Totals of each symbol over `dice` rolls of a die (faces from the content's dice tables); a face showing a
    symbol a number of times listed in `ignored` adds none of it (War Tortoise, Rain Boots)."""
    tables = {symbol: state.game.tables.values(f"die_{die}_{symbol}") for symbol in symbols}
    ignored = ignored or {}
    faces = len(next(iter(tables.values())))
    totals = dict.fromkeys(symbols, 0)
    for _ in range(dice):
        face = state.flat.random(faces)
        for symbol, table in tables.items():
            if int(table[face]) not in ignored.get(symbol, ()):
                totals[symbol] += int(table[face])
    return totals


def fight(state: OathState, seat: int, _: int) -> None:
    """The targets are declared: an Imperial defence gathers its Allies (5.5.2), then the battle plans and the
    dice follow."""
    if imperial_defence(state):
        if state.flat.get("campaign_defender") != CHANCELLOR:
            state.flat.set("campaign_ally", CHANCELLOR, JOINED)
        if _undecided_citizens(state):
            state.flat.set("phase", PHASE.CAMPAIGN_ALLIES)
            return
    _defend(state)


def offer_ally(state: OathState, seat: int, citizen: int) -> None:
    state.flat.set("campaign_ally", citizen, OFFERED)


def accept_ally(state: OathState, seat: int, citizen: int) -> None:
    state.flat.set("campaign_ally", citizen, JOINED)
    _allies_done(state)


def _allies_done(state: OathState) -> None:
    if not _allies(state, OFFERED) and not _undecided_citizens(state):
        _defend(state)


def _defend(state: OathState) -> None:
    """5.5.2: "Activate all the Campaign modifiers ruled by the defender and all Allies" (timing `defense`): the
    defender's, then each Ally's (`after_defence_modifiers`), then the battle plans. The bandits have none."""
    _defence_modifiers_from(state, 0)


def after_defence_modifiers(state: OathState, seat: int) -> None:
    """The defence modifiers of a player of the defending side have run (turn.py): the next one's, or the plans."""
    _defence_modifiers_from(state, _side(state, DEFENDER).index(seat) + 1)


def _defence_modifiers_from(state: OathState, first: int) -> None:
    """The defence modifiers of the defending side's players from the `first` on (the defender, then each Ally),
    each card's once: one that several of them can use (a card at a purple site, 6.6.3) runs for the first."""
    side = _side(state, DEFENDER)
    if first == len(side):
        plans_after_defence(state)
        return
    ran = frozenset(card for card in state.triggered["defense"] for seat in side[:first] if state.can_use(seat, card))
    state.trigger(side[first], "defense", skip=ran)


def _battle_rules(state: OathState) -> None:
    """5.5.3: the `battle` powers of the cards in play run for their rulers (the attacker's for a card nobody rules):
    rules on the sides' plans (Gleaming Armor, Insect Swarm, True Names, Marsh Spirit) and the bandits (Bandit
    Chief) that last the Campaign. They ask nothing."""
    attacker = state.flat.get("campaign_attacker")
    for card, key in sorted(state.battle_rules.items()):
        if in_play(state, card):
            ruler = ruler_of(state.flat, card)
            state.run_quietly(key, ruler if ruler >= 0 else attacker, state.index_in_kind(card))


def plans_after_defence(state: OathState) -> None:
    _battle_rules(state)
    _plans_of(state, ATTACKER)


def _side(state: OathState, side: int) -> list[int]:
    """Who uses plans for a side (5.5.3): the attacker; or the defender and then each Ally."""
    flat = state.flat
    if side == ATTACKER:
        return [flat.get("campaign_attacker")]
    defender = flat.get("campaign_defender")
    return ([defender] if defender >= 0 else []) + _allies(state, JOINED)


def _plans_of(state: OathState, side: int, after: int | None = None) -> None:
    """5.5.3: the attacker's plans, then the defender's (the bandits' on their own) and each Ally's; a player with no
    plan they can use is passed over."""
    flat = state.flat
    users = _side(state, side)
    for user in users[users.index(after) + 1:] if after is not None else users:
        flat.set("campaign_planning", side)
        flat.set("campaign_plan_user", user)
        if _usable_plans(state):
            flat.set("phase", PHASE.CAMPAIGN_PLANS)
            return
    if side == ATTACKER:
        if flat.get("campaign_defender") == BANDITS:
            _bandits_use_plans(state)
        _plans_of(state, DEFENDER)
    else:
        flat.set("campaign_planning", 0)
        flat.set("campaign_plan_user", -1)
        _roll_battle(state)


def _done_with_plans(state: OathState) -> None:
    flat = state.flat
    _plans_of(state, flat.get("campaign_planning"), after=flat.get("campaign_plan_user"))


def _plan_user(state: OathState) -> int:
    return state.flat.get("campaign_plan_user")


def _usable_plans(state: OathState) -> list[int]:
    """7.5: the plans of the side's kind on cards the user rules (faceup advisers, faceup cards at sites they
    rule) or holds (relics), not used yet in this Campaign, whose cost they can pay (even on a card with
    tokens, 7.5.3), with what `battle` rules add to it; none once a plan has decided the battle; only the one a
    plan allows, and a plan that forbids the others not after another (Code of Honor); not one whose suit, or
    any, the rules forbid them (True Names, Marsh Spirit)."""
    flat = state.flat
    side, user = flat.get("campaign_planning"), _plan_user(state)
    if user < 0 or flat.get("campaign_decided") or side == DEFENDER and flat.get("defender_battle_plans_forbidden") \
            or flat.get("battle_plans_forbidden", user):
        return []
    only, used = flat.get("campaign_plans_only", user) - 1, flat.get("campaign_plans_used_by", user)
    cards = [c for c in state.advisers(user) if flat.get("card_faceup", c)]
    cards += [c for site in state.sites_on_map() if state.rules(user, site)
              for c in state.cards_at(site) if flat.get("card_faceup", c)]
    cards += state.cards.in_zone(state.cards.zone("relics_held", user))
    exclusive = _exclusive_plans(state)
    return sorted(c for c in set(cards) if (c, side) in state.plans and not flat.get("campaign_plan_used", c)
                  and (only < 0 or c == only) and not (used and state.plans[(c, side)][0] in exclusive)
                  and not (flat.get("card_suit", c) >= 0 and flat.get("plan_suit_forbidden", user, flat.get("card_suit", c)))
                  and _affords_plan(state, user, state.plans[(c, side)][1]))


def _affords_plan(state: OathState, user: int, cost: Any) -> bool:
    """The plan's cost and the secret placed and favor burned that Gleaming Armor and Insect Swarm add; no secret
    by a player the persistent rules forbid it (Spell Breaker)."""
    flat = state.flat
    favor_cost = flat.get("plan_added_burned_favor", user) + (cost.place_favor + cost.burn_favor if cost else 0)
    secret = flat.get("plan_added_secret_cost", user) + (cost.place_secret + cost.burn_secret if cost else 0)
    if secret and flat.get("secret_costs_forbidden", user):
        return False
    return favor.usable(flat, user) >= favor_cost and flat.get("secret", user) >= secret


def _pay_added(state: OathState, seat: int, card: int) -> None:
    """The added cost: a secret placed on the plan's card (facedown on the board out of turn, 4.3.2), favor burned."""
    flat = state.flat
    placed = ("card_secret", card) if seat == flat.get("current_player") else ("secret_facedown", seat)
    flat.move(("secret", seat), placed, flat.get("plan_added_secret_cost", seat))
    favor.spend(flat, seat, ("shared_favor",), flat.get("plan_added_burned_favor", seat))


_EXCLUSIVE: dict[object, frozenset[str]] = {}


def _exclusive_plans(state: OathState) -> frozenset[str]:
    """The plans that forbid their user any other (forbid_other_battle_plans), read off their bytecode once."""
    layout = state.game.layout
    if layout not in _EXCLUSIVE:
        _EXCLUSIVE[layout] = frozenset(key for key, _ in state.plans.values()
                                       if "forbid_other_battle_plans" in natives_of(state.game, key))
    return _EXCLUSIVE[layout]


def _bandit_plans(state: OathState) -> list[int]:
    """5.5.3: "The bandits use all battle plans they rule that have no cost": the defence plans with no cost on the
    faceup cards at every site they rule, targeted or not (docs/decisions.md), not used yet; none if the defender's
    plans are forbidden. A plan that forbids its user the others (Code of Honor) comes last."""
    flat = state.flat
    if flat.get("defender_battle_plans_forbidden"):
        return []
    exclusive = _exclusive_plans(state)
    cards = [card for site in state.sites_on_map() if state.bandits_rule(site) for card in state.cards_at(site)
             if flat.get("card_faceup", card) and not flat.get("campaign_plan_used", card)
             and (card, DEFENDER) in state.plans and state.plans[(card, DEFENDER)][1] is None]
    return sorted(cards, key=lambda card: (state.plans[(card, DEFENDER)][0] in exclusive, card))


def _bandits_use_plans(state: OathState) -> None:
    """The bandits use their plans, each once, with no player to decide: as many as they can, so a plan that forbids
    the others only if it is their only kind (then one of them); none once one has decided the battle."""
    exclusive = _exclusive_plans(state)
    plans = _bandit_plans(state)
    ordinary = [card for card in plans if state.plans[(card, DEFENDER)][0] not in exclusive]
    for card in ordinary or plans[:1]:
        if state.flat.get("campaign_decided"):
            return
        _bandits_use(state, card)


def _bandits_use(state: OathState, card: int) -> None:
    """A plan runs for the bandits, `you` being BANDITS (the natives give them nothing and mark their discards); a
    choice it asks is the bandits' (`_bandits_choice`)."""
    flat = state.flat
    flat.set("campaign_plan_used", card, 1)
    flat.set("campaign_plan_card", card)
    frame = start_power(state.game, state.plans[(card, DEFENDER)][0], BANDITS, state.index_in_kind(card))
    _run_plan(state, flat, frame, lambda trial: _bandits_choice(state, trial))


def _run_plan(state: OathState, flat: FlatState, frame: array[int], choose: Callable[[array[int]], int]) -> None:
    """Runs a plan's effect on a state to its end, `choose` answering each choice it asks."""

    while state.run_vm(state.game.code, flat.cells, frame, state.game.data, state.natives, STEP_LIMIT) is PAUSED:
        provide_choice(frame, choose(frame))


def _bandits_choice(state: OathState, frame: array[int]) -> int:
    """The bandits use a plan for their side, as its user chooses how (7.5.4: ± dice): the option after which, the
    plan run to its end on a copy (any later choice: its first option), the defense pool most exceeds the attack
    pool (battle.pools); the first of equal ones."""
    pending = pending_choice(frame)
    assert pending is not None

    def advantage(option: int) -> int:
        trial, paused = state.flat.copy(), array("i", frame)
        provide_choice(paused, option)
        _run_plan(state, trial, paused, _first_option)
        attack, defense = battle.pools(trial)
        return defense - attack

    return max(pending.options, key=advantage)


def _first_option(frame: array[int]) -> int:
    pending = pending_choice(frame)
    assert pending is not None
    return pending.options[0]


def use_plan(state: OathState, seat: int, card: int) -> None:
    """The plan's cost, then its effect; a sacrifice it asked for is then taken, and a battle it decided ends the
    plans step."""
    flat = state.flat
    key, cost = state.plans[(card, flat.get("campaign_planning"))]
    flat.set("campaign_plan_used", card, 1)
    flat.add("campaign_plans_used_by", seat, 1)
    flat.set("campaign_plan_card", card)
    state.pay(seat, card, cost)
    _pay_added(state, seat, card)
    state.run_power(key, seat, state.index_in_kind(card), PHASE.CAMPAIGN_PLANS)
    if flat.get("phase") == PHASE.CAMPAIGN_LOSSES:
        _kill_while_forced(state)
    elif flat.get("phase") == PHASE.CAMPAIGN_PLANS:
        _back_to_plans(state)


def _back_to_plans(state: OathState) -> None:
    flat = state.flat
    flat.set("phase", PHASE.CAMPAIGN_PLANS)
    if flat.get("campaign_decided"):
        flat.set("campaign_planning", 0)
        flat.set("campaign_plan_user", -1)
        _roll_battle(state)


def pools(state: OathState) -> tuple[int, int]:
    return battle.pools(state.flat)


def _defense_force(state: OathState) -> int:
    """5.5.4: the warbands (or bandits) adding to the defense."""
    return force_size(state.flat, state.flat.get("campaign_defender"))


def _roll_battle(state: OathState) -> None:
    """5.5.4-5.5.5: roll defense, then attack (unless a plan decided the battle); skulls kill warbands of the
    attacker's force once the attack roll stands. After each roll its roller may reroll it once (Jinx)."""
    flat = state.flat
    decided = flat.get("campaign_decided")
    if decided:
        _resolve(state, victorious=decided == 1)
        return
    _roll_defense(state)
    if not _offer_reroll(state, DEFENSE_ROLL):
        _roll_attack(state, rerollable=True)


def _roll_defense(state: OathState) -> None:
    """Plans may ignore the one- or two-shield faces."""
    flat = state.flat
    shields = {n for n, hook in ((1, "ignore_one_shield_faces"), (2, "ignore_two_shield_faces")) if flat.get(hook)}
    defense = _roll(state, "defense_die", ("shield", "double"), pools(state)[1], {"shield": shields})
    doubled = defense["shield"] * state.numbers.double_face_multiplier ** defense["double"]
    flat.set("campaign_defense", doubled + _defense_force(state))


def _roll_attack(state: OathState, *, rerollable: bool) -> None:
    """Plans may ignore the skulls, hollow swords or two-sword faces, or double the roll."""
    flat = state.flat
    swords = {2} if flat.get("ignore_two_sword_faces") else set()
    attack = _roll(state, "attack_die", ("sword", "hollow_sword", "skull"), pools(state)[0], {"sword": swords})
    pair = state.numbers.hollow_swords_per_sword
    hollow = 0 if flat.get("ignore_attack_hollow_swords") else attack["hollow_sword"] // pair
    flat.set("campaign_attack", (attack["sword"] + hollow) * (2 if flat.get("attack_roll_doubled") else 1))
    flat.set("campaign_skulls", 0 if flat.get("ignore_attack_skulls") else attack["skull"])
    if not (rerollable and _offer_reroll(state, ATTACK_ROLL)):
        _start_kills(state, SKULLS, flat.get("campaign_attacker"), flat.get("campaign_skulls"))


def _reroll_card(state: OathState, roll: int) -> int:
    """The card whose power lets the roller of this roll reroll it, if they can pay its cost now; -1: none."""
    roller = state.flat.get("campaign_defender" if roll == DEFENSE_ROLL else "campaign_attacker")
    return usable_reroll(state.flat, roller)


def _offer_reroll(state: OathState, roll: int) -> bool:
    if _reroll_card(state, roll) < 0:
        return False
    state.flat.set("campaign_reroll", roll)
    state.flat.set("phase", PHASE.CAMPAIGN_REROLL)
    return True


def reroll(state: OathState, seat: int, card: int) -> None:
    """Jinx: its cost paid, the roll is made again and replaces the old one (once)."""
    state.pay(seat, card, rule_cost(state.flat, card))
    _after_reroll_choice(state, rerolled=True)


def _after_reroll_choice(state: OathState, *, rerolled: bool) -> None:
    flat = state.flat
    roll = flat.get("campaign_reroll")
    flat.set("campaign_reroll", 0)
    if roll == DEFENSE_ROLL:
        if rerolled:
            _roll_defense(state)
        _roll_attack(state, rerollable=True)
    elif rerolled:
        _roll_attack(state, rerollable=False)
    else:
        _start_kills(state, SKULLS, flat.get("campaign_attacker"), flat.get("campaign_skulls"))


def _sacrifice_value(state: OathState) -> int:
    """5.5.5: a sacrificed warband adds one to the attack; Zealots' value while the defending force is larger."""
    flat = state.flat
    value = flat.get("outnumbered_sacrifice_value")
    if value > 0 and force_size(flat, flat.get("campaign_defender")) > force_size(flat, flat.get("campaign_attacker")):
        return value
    return 1


def _sacrifice_needed(state: OathState) -> int:
    """5.5.5 (9.5): exactly as many warbands as it takes to be victorious."""
    flat = state.flat
    gap = flat.get("campaign_defense") - flat.get("campaign_attack") + 1
    return -(-gap // _sacrifice_value(state))


def _after_skulls(state: OathState) -> None:
    """5.5.5: victorious if the attack beats the defense, else if the attacker can sacrifice enough (unless
    sacrifice is forbidden, Vow of Peace) they decide whether to."""
    flat = state.flat
    attacker = flat.get("campaign_attacker")
    if flat.get("campaign_attack") > flat.get("campaign_defense"):
        _resolve(state, victorious=True)
    elif not flat.get("sacrifice_forbidden") and _sacrifice_needed(state) <= force_size(flat, attacker):
        flat.set("phase", PHASE.CAMPAIGN_SACRIFICE)
    else:
        _resolve(state, victorious=False)


def sacrifice(state: OathState, seat: int, _: int) -> None:
    """5.5.5: exactly as many warbands as it takes to be victorious, from the attacker's force."""
    flat = state.flat
    needed = _sacrifice_needed(state)
    flat.add("campaign_attack", needed * _sacrifice_value(state))
    _start_kills(state, SACRIFICED, flat.get("campaign_attacker"), needed)


def decline(state: OathState, seat: int, _: int) -> None:
    """DONE: end the step the deciding player is in (no sacrifice, no more warbands placed or relics targeted or put
    back, no banish, no outcome that a plan left to them, no Travel)."""
    flat = state.flat
    phase = flat.get("phase")
    if phase == PHASE.CAMPAIGN_DEFENDER:
        _power_campaign_settled(flat)
        end(state)
    elif phase == PHASE.CAMPAIGN_TRAVEL:
        flat.set("power_travel", 0)
        flat.set("phase", PHASE.CAMPAIGN_DEFENDER)
    elif phase == PHASE.CAMPAIGN_SITE_RELICS:
        _back_to_plans(state)
    elif phase == PHASE.CAMPAIGN_RETURN_RELICS:
        _banish_or_settle(state)
    elif phase == PHASE.CAMPAIGN_ALLIES:
        offered = _allies(state, OFFERED)
        flat.set("campaign_ally", offered[0] if offered else _undecided_citizens(state)[0], DECLINED)
        _allies_done(state)
    elif phase == PHASE.CAMPAIGN_PLANS:
        _done_with_plans(state)
    elif phase == PHASE.CAMPAIGN_SACRIFICE:
        _resolve(state, victorious=False)
    elif phase == PHASE.CAMPAIGN_REROLL:
        _after_reroll_choice(state, rerolled=False)
    elif phase == PHASE.CAMPAIGN_DISCARD_INSTEAD:
        _resume_discards(state, seat)
    elif phase == PHASE.CAMPAIGN_OCCUPY:
        _take_spoils(state)
    elif phase == PHASE.CAMPAIGN_KILL_ALL:
        flat.set("campaign_win_kill_all", _pending(state, "campaign_win_kill_all")[0], 0)
        _losses(state)
    elif phase == PHASE.CAMPAIGN_BECOME_CITIZEN:
        flat.set("campaign_win_citizen", _pending(state, "campaign_win_citizen")[0], 0)
        _settle(state)
    else:
        _banish_step_done(state)


def _resolve(state: OathState, *, victorious: bool) -> None:
    """5.5.5-5.5.6: the battle is decided; the loser's "If you're defeated" plans are discarded, then losses."""
    flat = state.flat
    flat.set("campaign_victorious", int(victorious))
    loser = flat.get("campaign_defender") if victorious else flat.get("campaign_attacker")
    flat.set("campaign_loser", loser)
    _defeat_discards(state)


def _defeat_discards(state: OathState) -> None:
    if not _discard_marked(state, ON_DEFEAT, only=state.flat.get("campaign_loser")):
        _losses(state)


def _losses(state: OathState, *, kill_all: bool = False) -> None:
    """5.5.6: the loser kills half their force, rounded down; all of it against Brutal or Shield Wall, or if the
    victor chooses so with Sticky Fire (asked first); none with Billowing Fog or Peace Envoy, which win over the
    others (9.2 ignore). Bandits go into hiding."""
    flat = state.flat
    loser = flat.get("campaign_loser")
    if loser < 0 or flat.get("defeat_kills_none", loser):
        _after_losses(state)
        return
    force = force_size(flat, loser)
    kill_all = kill_all or bool(flat.get("kill_all_defeated") or flat.get("defeat_kills_all", loser))
    if not kill_all and force and any(flat.get("campaign_win_kill_all", p) and battle.victorious(flat, p)
                                      for p in range(state.players)):
        flat.set("phase", PHASE.CAMPAIGN_KILL_ALL)
        return
    _start_kills(state, LOSSES, loser, force if kill_all else force // state.numbers.defeat_loss_divisor)


def kill_all(state: OathState, seat: int, _: int) -> None:
    """Sticky Fire: the defeated enemy kills all of their force, and the victor must give them the favor if able."""
    flat = state.flat
    favor.spend(flat, seat, ("favor", flat.get("campaign_loser")), flat.get("campaign_win_kill_all_favor", seat))
    flat.set("campaign_win_kill_all", seat, 0)
    _losses(state, kill_all=True)


def _start_kills(state: OathState, killing: int, side: int, count: int) -> None:
    flat = state.flat
    flat.set("campaign_killing", killing)
    flat.set("campaign_kill_from", side)
    flat.set("campaign_losses", count)
    _kill_while_forced(state)


def _kill_while_forced(state: OathState) -> None:
    """Kills warbands while only one place holds the side's force; asks once there are several (KILL_AT); then
    the Campaign goes on from the step that killed them."""
    flat = state.flat
    while flat.get("campaign_losses") > 0:
        places = force_places(flat, flat.get("campaign_kill_from"))
        if not places:
            flat.set("campaign_losses", 0)
        elif len(places) == 1:
            _kill_one(state, places[0])
        else:
            flat.set("phase", PHASE.CAMPAIGN_LOSSES)
            return
    killing = flat.get("campaign_killing")
    flat.set("campaign_killing", 0)
    if killing == SKULLS:
        _after_skulls(state)
    elif killing == SACRIFICED:
        _resolve(state, victorious=True)
    elif killing == PLAN_SACRIFICE:
        _back_to_plans(state)
    else:
        _after_losses(state)


def kill_at(state: OathState, seat: int, place: int) -> None:
    _kill_one(state, place)
    _kill_while_forced(state)


def _kill_one(state: OathState, place: int) -> None:
    """Glossary Kill: to the bank of its colour; Hospital: a skull's or a loss's warband goes to the Hospital's
    site instead while its owner rules it."""
    flat = state.flat
    field, index, owner = battle.place_cell(flat, flat.get("campaign_kill_from"), place)
    hospital = flat.get("campaign_hospital", owner) - 1
    if hospital >= 0 and flat.get("campaign_killing") in (LOSSES, SKULLS) and state.rules(owner, hospital):
        flat.move((field, *index), ("site_warbands", hospital, colour(flat, owner)), 1)
    else:
        flat.move((field, *index), ("warband_bank", colour(flat, owner)), 1)
        flat.add("campaign_killed", owner, 1)
    flat.add("campaign_losses", -1)


def _after_losses(state: OathState) -> None:
    """5.5.6-5.5.7: a defeated defender's force goes home (purple warbands to the Chancellor's board), unless the
    victor cages it (Obsidian Cage); a victorious attacker may occupy targeted sites."""
    flat = state.flat
    for seat in range(state.players):
        if battle.victorious(flat, seat):
            battle.capture(flat, seat)
    if not flat.get("campaign_victorious"):
        _settle(state)
        return
    defender, attacker = flat.get("campaign_defender"), flat.get("campaign_attacker")
    if defender >= 0:
        own = colour(flat, defender)
        home = CHANCELLOR if own == CHANCELLOR else defender
        for site in _targeted_sites(state):
            flat.move(("site_warbands", site, own), ("warbands", home), flat.get("site_warbands", site, own))
    if flat.get("warbands", attacker) and _targeted_sites(state) and not flat.get("place_warbands_forbidden", attacker):
        flat.set("phase", PHASE.CAMPAIGN_OCCUPY)
    else:
        _take_spoils(state)


def occupy(state: OathState, seat: int, site: int) -> None:
    """5.5.7.I: one warband of the attacker's force onto a targeted site (from their board: warbands at sites
    that Vow of Union added stay where they are, docs/decisions.md)."""
    flat = state.flat
    attacker = flat.get("campaign_attacker")
    flat.move(("warbands", attacker), ("site_warbands", site, colour(flat, attacker)), 1)
    if not flat.get("warbands", attacker):
        _take_spoils(state)


def _take_spoils(state: OathState) -> None:
    """5.5.7.II-III: the targeted relics and banners (seized, 2.5.3), and which of those relics go on the bottom of
    the relic deck (Relic Hunter); then the banished pawn's travel and favor."""
    flat = state.flat
    attacker = flat.get("campaign_attacker")
    for relic in _targeted_relics(state):
        state.cards.put(relic, state.cards.zone("relics_held", attacker), faceup=True)
        flat.set("took_this_turn", relic, 1)
    for banner in _targeted_banners(state):
        banners.seize(state, attacker, banner)
    if _returnable(state):
        flat.set("phase", PHASE.CAMPAIGN_RETURN_RELICS)
    else:
        _banish_or_settle(state)


def _returnable(state: OathState) -> list[int]:
    """Relic Hunter: the relics the attacker took in this Campaign (5.5.7.II) and still holds."""
    flat = state.flat
    if not flat.get("campaign_relic_hunter"):
        return []
    held = state.cards.in_zone(state.cards.zone("relics_held", flat.get("campaign_attacker")))
    return [relic for relic in held if flat.get("campaign_target_card", relic)]


def return_relic(state: OathState, seat: int, relic: int) -> None:
    """Relic Hunter: facedown on the bottom of the relic deck; the others they took may follow."""
    state.cards.put(relic, state.cards.zone("relic_deck"), bottom=True)
    if not _returnable(state):
        _banish_or_settle(state)


def _banish_or_settle(state: OathState) -> None:
    """5.5.7.III if the pawn was targeted, else 5.5.8."""
    if state.flat.get("campaign_target_pawn"):
        state.flat.set("phase", PHASE.CAMPAIGN_BANISH)
        _banishment_chooser(state)
    else:
        _settle(state)


def _banishment_chooser(state: OathState) -> None:
    """Shrouded Wood: an enemy who rules the site the banished defender leaves chooses where they go, "even if
    another player is making you travel" (modifiers.redirected_by)."""
    chooser = modifiers.redirected_by(state, state.flat.get("campaign_defender"), state.flat)
    if chooser >= 0:
        state.flat.set("travel_chooser", chooser + 1)


def banish_to(state: OathState, seat: int, site: int) -> None:
    """5.5.7.III: the defender travels where the attacker says, for no Supply; where Shrouded Wood's ruler chooses
    instead, the attacker's choice only says that they banish them (as a Travel's destination does, modifiers.py)."""
    if state.flat.get("campaign_target_pawn") == PAWN_TARGETED and state.flat.get("travel_chooser"):
        state.flat.set("campaign_target_pawn", DESTINATION_PENDING)
        return
    state.cards.arrive(state.flat.get("campaign_defender"), site)
    state.flat.set("campaign_target_pawn", PAWN_TARGETED)
    _banish_step_done(state)


def burn_half_favor(state: OathState, seat: int, _: int) -> None:
    defender = state.flat.get("campaign_defender")
    burned = state.flat.get("favor", defender) // state.numbers.banish_burn_divisor
    state.flat.move(("favor", defender), ("shared_favor",), burned)
    _settle(state)


def burn_all_favor(state: OathState, seat: int, _: int) -> None:
    """Slander: the banished defender burns all of their favor, not half."""
    defender = state.flat.get("campaign_defender")
    state.flat.move(("favor", defender), ("shared_favor",), state.flat.get("favor", defender))
    _settle(state)


def _banish_step_done(state: OathState) -> None:
    """The burn is offered if it would burn something: half of two favor or more, or all of one with Slander."""
    flat = state.flat
    flat.set("travel_chooser", 0)
    defender = flat.get("campaign_defender")
    all_favor = flat.get("campaign_win_burn_all_favor", flat.get("campaign_attacker"))
    least = 1 if all_favor else state.numbers.banish_burn_divisor
    if flat.get("campaign_target_pawn") == PAWN_TARGETED and flat.get("favor", defender) >= least:
        flat.set("campaign_target_pawn", BURN_PENDING)
    else:
        _settle(state)


def _settle(state: OathState) -> None:
    """5.5.8: the victorious side's "If you're victorious" outcomes (battle.py), then each victorious Exile a plan
    lets become a Citizen decides whether to; then the Campaign ends."""
    flat = state.flat
    for seat in range(state.players):
        if battle.victorious(flat, seat):
            battle.carry_out(flat, seat)
        if not state.is_exile(seat):
            flat.set("campaign_win_citizen", seat, 0)
    if any(flat.get("campaign_win_citizen", p) and battle.victorious(flat, p) for p in range(state.players)):
        flat.set("phase", PHASE.CAMPAIGN_BECOME_CITIZEN)
    else:
        finish(state)


def become_citizen_now(state: OathState, seat: int, _: int) -> None:
    """Martial Culture: 6.6.2 with no relic (empire.py): the Act Phase ends, Supply to its leftmost space."""
    state.flat.set("campaign_win_citizen", seat, 0)
    become_citizen(state.flat, seat)
    _settle(state)


def _marked(state: OathState, which: int, only: int | None) -> list[tuple[int, int]]:
    field, flat = DISCARD_FIELDS[which], state.flat
    players = range(-1, state.players) if only is None else (only,)
    return [(card, flat.get(field, card) - DISCARDER)
            for card in flat.indices_among(field, [DISCARDER + player for player in players])]


def _discard_marked(state: OathState, which: int, only: int | None = None) -> bool:
    """Cards a plan said to discard (5.5.6 "if you're defeated", 5.5.8 "at end"), by the player it named; True if
    a player who may discard a card instead (Wild Mounts) must first choose."""
    flat = state.flat
    marked = _marked(state, which, only)
    swapper = next((player for card, player in marked if _kept_by_swap(state, player, card)), -1)
    if swapper >= 0:
        flat.set("campaign_discarding", which)
        flat.set("campaign_swapper", swapper)
        flat.set("phase", PHASE.CAMPAIGN_DISCARD_INSTEAD)
        return True
    for card, player in marked:
        state.cards.discard(player, card)
        flat.set(DISCARD_FIELDS[which], card, 0)
    return False


def _kept_by_swap(state: OathState, player: int, card: int) -> bool:
    """A plan of the suit the player may keep by discarding a card they rule instead (Wild Mounts); the bandits rule
    no such card."""
    kept = state.flat.get("campaign_swap_from", player) - 1 if player != BANDITS else -1
    return kept >= 0 and state.cards.printed_suit[card] == kept and bool(_instead(state, player))


def _instead(state: OathState, seat: int) -> list[int]:
    """Wild Mounts: the cards of the suit the player rules (a faceup adviser, a card at a site they rule) that may
    be discarded instead, other than those about to be discarded anyway."""
    flat = state.flat
    suit = flat.get("campaign_swap_to", seat) - 1
    marked = {card for which in DISCARD_FIELDS for card, _ in _marked(state, which, None)}
    at_ruled = [card for card in state.cards.in_zone(state.zone_ids["at_site"])
                if state.rules(seat, flat.get("card_site", card))]
    return sorted(card for card in state.advisers(seat) + at_ruled
                  if flat.get("card_suit", card) == suit and card not in marked)


def discard_instead(state: OathState, seat: int, card: int) -> None:
    """The card goes; the player's plans of the suit stay (they are no longer marked)."""
    flat = state.flat
    state.cards.discard(seat, card)
    field = DISCARD_FIELDS[flat.get("campaign_discarding")]
    for plan, _ in _marked(state, flat.get("campaign_discarding"), seat):
        if state.cards.printed_suit[plan] == flat.get("campaign_swap_from", seat) - 1:
            flat.set(field, plan, 0)
    _resume_discards(state, seat)


def _resume_discards(state: OathState, seat: int) -> None:
    """The choice is made (or declined, DONE): the discards go on where they were."""
    flat = state.flat
    flat.set("campaign_swap_from", seat, 0)
    which = flat.get("campaign_discarding")
    flat.set("campaign_discarding", 0)
    if which == ON_DEFEAT:
        _defeat_discards(state)
    else:
        finish(state)


def finish(state: OathState) -> None:
    """5.5.8's "At end, discard", then the other players' reactions to the Campaign (Herald), then its end."""
    if not _discard_marked(state, AT_END):
        state.trigger(state.flat.get("campaign_attacker"), "after_any_campaign")


def end(state: OathState) -> None:
    """Back to the Act, or on to what a power allows after it (`power_step`); a player whose Act Phase a plan ended
    (Martial Culture, 6.6.2) goes on to their Rest. A Vision the False Prophet gives back (a Citizenship it made
    discarded it) is played or discarded first, the turn then going on as after any decision."""
    flat = state.flat
    clear(flat)
    if state.shared_vision_due():
        return
    flat.set("phase", PHASE.ACT)
    state.update_oathkeeper()
    if not power_step(state) and flat.get("act_phase_over"):
        flat.set("act_phase_over", 0)
        state.act(flat.get("current_player"), KIND.END_TURN, 0)


def power_step(state: OathState) -> bool:
    """Once a step is settled in the Act: the Campaign a power allows (Knights Errant, a reaction's: Sneak Attack),
    else the Travel and then the Campaign a victory allows (Second Wind); True if one now waits for its user."""
    flat = state.flat
    if flat.get("power_campaign") >= 0:
        flat.set("phase", PHASE.CAMPAIGN_DEFENDER)
    elif flat.get("power_travel"):
        flat.set("power_campaign", flat.get("power_travel") - 1)
        flat.set("power_campaign_optional", 1)
        flat.set("phase", PHASE.CAMPAIGN_TRAVEL)
    else:
        return False
    return True


def clear(flat: FlatState) -> None:
    """No Campaign under way."""
    flat.clear("campaign_target_site", "campaign_target_card", "campaign_target_banner", "campaign_plan_used",
               "campaign_discard_at_end", "campaign_discard_on_defeat", *PER_PLAYER)
    for name in ("campaign_attacker", "campaign_defender", "campaign_loser", "campaign_plan_user", "campaign_plan_card",
                 "campaign_kill_from", "campaign_swapper"):
        flat.set(name, -1)
    flat.reset(("campaign_target_pawn", "campaign_attack", "campaign_defense", "campaign_losses", "campaign_victorious",
                "campaign_planning", "campaign_decided", "campaign_killing", "acting_site", "campaign_reroll",
                "campaign_skulls", "campaign_discarding", "campaign_relic_hunter") + CAMPAIGN_HOOKS)


FACTORIES: dict[str, Callable[[CompiledGame], Native]] = battle.FACTORIES
"""The natives of battle plans and Campaign outcomes (battle.py)."""

HANDLERS: dict[Kind, Callable[[OathState, int, int], None]] = {
    KIND.CAMPAIGN: start,
    KIND.CAMPAIGN_FROM_POWER: start_from_power,
    KIND.TARGET_SITE: target_site,
    KIND.TARGET_RELIC: target_relic,
    KIND.TARGET_BANNER: target_banner,
    KIND.TARGET_PAWN: target_pawn,
    KIND.FIGHT: fight,
    KIND.USE_PLAN: use_plan,
    KIND.OFFER_ALLY: offer_ally,
    KIND.ACCEPT_ALLY: accept_ally,
    KIND.SACRIFICE: sacrifice,
    KIND.KILL_AT: kill_at,
    KIND.OCCUPY: occupy,
    KIND.DONE: decline,
    KIND.BANISH_TO: banish_to,
    KIND.BURN_HALF_FAVOR: burn_half_favor,
    KIND.BURN_ALL_FAVOR: burn_all_favor,
    KIND.KILL_ALL: kill_all,
    KIND.BECOME_CITIZEN: become_citizen_now,
    KIND.REROLL: reroll,
    KIND.DISCARD_INSTEAD: discard_instead,
    KIND.RELIC_TO_DECK: return_relic,
}
