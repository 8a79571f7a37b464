"""Campaign (5.5): the defender, the targets, the rolls, sacrifice, losses and the attacker's spoils.

Each step that needs a player's decision is a phase whose legal actions are that decision; steps
with a single possible outcome resolve on their own. Battle plans (5.5.3) run on the effect VM: the
attacker's, then the defender's and each Ally's, each plan once; those the kernel cannot run yet (a
native or rule hook it lacks) are not offered. Warbands are counted by colour (empire.py): an Imperial
player fights with purple warbands and loses them to the purple bank. An Imperial defence (5.5.2) has the
Chancellor as an Ally and the Citizens who offer and are let in; the Chancellor decides its losses. Not yet
played: the bandits' plans and the Campaign modifiers of the defender and Allies.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..content import CompiledGame
from ..state import FlatState
from ..vm_py import Native
from . import banners
from .empire import CHANCELLOR, JOINED, colour
from .actions import NONE, Kind, Phase, action

if TYPE_CHECKING:
    from .game import OathState

COST = 2
"""5.5: a Campaign costs 2 Supply."""
PAWN_DICE = 2
"""5.5.2: targeting the defender's pawn and favor adds two defense dice."""
BOARD = NONE
"""KILL_AT's argument for losses taken from the defender's board."""
ALLY_BOARD = 512
"""KILL_AT's argument for losses taken from an Ally's board: this plus the Ally's seat."""
OFFERED, DECLINED = 1, 3
"""Values of `campaign_ally` besides JOINED (empire.py): a Citizen's offer waits for the defender, or is over."""
ATTACKER, DEFENDER = 1, 2
"""Values of `campaign_planning`: whose battle plans are being chosen."""
CAMPAIGN_HOOKS = ("attack_dice_delta", "defense_dice_delta", "kill_all_defeated", "bandits_per_site_delta",
                  "defender_battle_plans_forbidden")
"""Rule hooks that last one Campaign."""


def defenders(state: OathState, seat: int) -> list[int]:
    """5.5.1: another player who rules your site (one you can target) or whose pawn is there; the bandits if
    nobody rules it."""
    site = state.flat.get("pawn_site", seat)
    out = [other for other in range(state.players) if other != seat
           and (site in targetable_sites(state, seat, other) or state.flat.get("pawn_site", other) == site)]
    if state.bandits_rule(site):
        out.append(NONE)
    return out


def start(state: OathState, seat: int, defender: int) -> None:
    flat = state.flat
    state.pay_supply(seat, Kind.CAMPAIGN, defender)
    flat.set("campaign_attacker", seat)
    flat.set("campaign_defender", -1 if defender == NONE else defender)
    site = flat.get("pawn_site", seat)
    if site in targetable_sites(state, seat, flat.get("campaign_defender")):
        flat.set("campaign_target_site", site, 1)  # 5.5.2: a defender's site where you are must be targeted
    flat.set("phase", Phase.CAMPAIGN_TARGETS)


def legal_actions(state: OathState) -> list[int]:
    phase = state.flat.get("phase")
    if phase == Phase.CAMPAIGN_TARGETS:
        return _target_actions(state)
    if phase == Phase.CAMPAIGN_ALLIES:
        offered = _allies(state, OFFERED)
        if offered:
            return [action(Kind.ACCEPT_ALLY, offered[0]), action(Kind.DONE)]
        return [action(Kind.OFFER_ALLY, _undecided_citizens(state)[0]), action(Kind.DONE)]
    if phase == Phase.CAMPAIGN_PLANS:
        return [action(Kind.USE_PLAN, card) for card in _usable_plans(state)] + [action(Kind.DONE)]
    if phase == Phase.CAMPAIGN_SACRIFICE:
        return [action(Kind.SACRIFICE), action(Kind.DONE)]
    if phase == Phase.CAMPAIGN_LOSSES:
        return [action(Kind.KILL_AT, place) for place in _loss_places(state)]
    if phase == Phase.CAMPAIGN_OCCUPY:
        return [action(Kind.OCCUPY, site) for site in _targeted_sites(state)] + [action(Kind.DONE)]
    assert phase == Phase.CAMPAIGN_BANISH
    defender = state.flat.get("campaign_defender")
    if state.flat.get("campaign_target_pawn") == 1:
        here = state.flat.get("pawn_site", defender)
        return [action(Kind.BANISH_TO, site) for site in state.sites_on_map() if site != here] + [action(Kind.DONE)]
    return [action(Kind.BURN_HALF_FAVOR), action(Kind.DONE)]


def deciding_player(state: OathState) -> int:
    """The loser chooses their losses (the Chancellor for an Imperial defence, 5.5.6); each player on the
    defending side their plans; a Citizen whether to offer help and the defender whether to let them in; the
    attacker everything else."""
    flat = state.flat
    phase = flat.get("phase")
    if phase == Phase.CAMPAIGN_LOSSES:
        loser = flat.get("campaign_loser")
        return CHANCELLOR if loser == flat.get("campaign_defender") and imperial_defence(state) else loser
    if phase == Phase.CAMPAIGN_PLANS:
        return flat.get("campaign_plan_user")
    if phase == Phase.CAMPAIGN_ALLIES:
        return flat.get("campaign_defender") if _allies(state, OFFERED) else _undecided_citizens(state)[0]
    return flat.get("campaign_attacker")


def imperial_defence(state: OathState) -> bool:
    """5.5.1-5.5.2: an Imperial player defends; a Citizen attacked by the Chancellor is not Imperial then."""
    flat = state.flat
    attacker, defender = flat.get("campaign_attacker"), flat.get("campaign_defender")
    if defender < 0 or colour(flat, defender) != CHANCELLOR:
        return False
    return not (attacker == CHANCELLOR and defender != CHANCELLOR)


def _allies(state: OathState, status: int) -> list[int]:
    return [seat for seat in range(state.players) if state.flat.get("campaign_ally", seat) == status]


def _undecided_citizens(state: OathState) -> list[int]:
    """5.5.2: Citizens other than the attacker whose pawn is at a targeted site or the attacker's site, and who
    have not said whether they join."""
    flat = state.flat
    attacker, defender = flat.get("campaign_attacker"), flat.get("campaign_defender")
    near = set(_targeted_sites(state)) | {flat.get("pawn_site", attacker)}
    return [seat for seat in range(state.players)
            if seat not in (attacker, defender) and flat.get("role", seat) == state.role_ids["citizen"]
            and flat.get("pawn_site", seat) in near and flat.get("campaign_ally", seat) == 0]


def _target_actions(state: OathState) -> list[int]:
    flat = state.flat
    attacker, defender = flat.get("campaign_attacker"), flat.get("campaign_defender")
    site = flat.get("pawn_site", attacker)
    out = [action(Kind.TARGET_SITE, s) for s in targetable_sites(state, attacker, defender)
           if not flat.get("campaign_target_site", s)]
    if defender >= 0 and flat.get("pawn_site", defender) == site:
        out += [action(Kind.TARGET_RELIC, relic) for relic in state.cards.in_zone(state.cards.zone("relics_held", defender))
                if not flat.get("campaign_target_card", relic)]
        out += [action(Kind.TARGET_BANNER, banner) for banner in banners.held_by(state, defender)
                if not flat.get("campaign_target_banner", banner)]
        if not flat.get("campaign_target_pawn"):
            out.append(action(Kind.TARGET_PAWN))
    if flat.get("campaign_target_site", site) or flat.get("campaign_target_pawn") or _targeted_relics(state) \
            or _targeted_banners(state):
        out.append(action(Kind.FIGHT))
    return sorted(out)


def targetable_sites(state: OathState, attacker: int, defender: int) -> list[int]:
    """The sites the attacker can target: those the defender (-1: the bandits) rules. A Citizen attacking is not
    Imperial (Empire summary, 5.5.1) and can target purple sites; the Chancellor attacking a Citizen cannot
    target the purple warbands that are their own (docs/decisions.md)."""
    flat = state.flat
    if defender < 0:
        return [s for s in state.sites_on_map() if state.bandits_rule(s)]
    if attacker == CHANCELLOR and colour(flat, defender) == CHANCELLOR:
        return []
    return [s for s in state.sites_on_map() if state.rules(defender, s)]


def target_site(state: OathState, seat: int, site: int) -> None:
    state.flat.set("campaign_target_site", site, 1)


def target_relic(state: OathState, seat: int, relic: int) -> None:
    state.flat.set("campaign_target_card", relic, 1)


def target_banner(state: OathState, seat: int, banner: int) -> None:
    state.flat.set("campaign_target_banner", banner, 1)


def target_pawn(state: OathState, seat: int, _: int) -> None:
    state.flat.set("campaign_target_pawn", 1)


def _targeted_sites(state: OathState) -> list[int]:
    return [s for s in state.sites_on_map() if state.flat.get("campaign_target_site", s)]


def _targeted_relics(state: OathState) -> list[int]:
    defender = state.flat.get("campaign_defender")
    if defender < 0:
        return []
    return [r for r in state.cards.in_zone(state.cards.zone("relics_held", defender))
            if state.flat.get("campaign_target_card", r)]


def _targeted_banners(state: OathState) -> list[int]:
    defender = state.flat.get("campaign_defender")
    return [b for b in banners.held_by(state, defender) if state.flat.get("campaign_target_banner", b)] if defender >= 0 else []


def _board_in_force(state: OathState) -> bool:
    """5.5.4: the defender's board warbands defend if their pawn is at the attacker's site or a targeted site."""
    flat = state.flat
    defender = flat.get("campaign_defender")
    pawn = flat.get("pawn_site", defender)
    return pawn == flat.get("pawn_site", flat.get("campaign_attacker")) or bool(flat.get("campaign_target_site", pawn))


def _defense_dice(state: OathState) -> int:
    """5.5.2: each target's shield (a banner's is its tokens, 2.5.2), the pawn's two dice, the title's dice
    (2.11), and the modifiers'."""
    flat, game = state.flat, state.game
    sites = game.entities("site")
    relics = game.entities("relic")
    dice = sum(sites[s].defense for s in _targeted_sites(state))
    dice += sum(relics[r - state.cards.base["relic"]].defense for r in _targeted_relics(state))
    dice += sum(banners.tokens(state, b) for b in _targeted_banners(state))
    defender = flat.get("campaign_defender")
    if flat.get("campaign_target_pawn"):
        dice += PAWN_DICE
    keeper = flat.get("oathkeeper")
    if defender >= 0 and (keeper == defender or keeper == CHANCELLOR and imperial_defence(state)):
        title = game.entities("title")[0]
        dice += title.other_side_defense if flat.get("usurper") else title.defense
    return max(0, int(dice) + flat.get("defense_dice_delta"))


def _defense_force(state: OathState) -> int:
    """5.5.4: the defender's warbands at targeted sites, their board's if their pawn is near, each Ally's
    board's if the Ally's pawn is."""
    flat = state.flat
    defender = flat.get("campaign_defender")
    sites = _targeted_sites(state)
    if defender < 0:
        return len(sites) * max(0, 1 + flat.get("bandits_per_site_delta"))
    force = sum(flat.get("site_warbands", s, colour(flat, defender)) for s in sites)
    force += sum(flat.get("warbands", ally) for ally in _allies_in_force(state))
    return force + (flat.get("warbands", defender) if _board_in_force(state) else 0)


def _allies_in_force(state: OathState) -> list[int]:
    flat = state.flat
    near = set(_targeted_sites(state)) | {flat.get("pawn_site", flat.get("campaign_attacker"))}
    return [ally for ally in _allies(state, JOINED) if flat.get("pawn_site", ally) in near]


def _roll(state: OathState, die: str, symbols: tuple[str, ...], dice: int) -> dict[str, int]:
    """Totals of each symbol over `dice` rolls of a die (faces from the content's dice tables)."""
    tables = {symbol: state.game.tables.values(f"die_{die}_{symbol}") for symbol in symbols}
    faces = len(next(iter(tables.values())))
    totals = dict.fromkeys(symbols, 0)
    for _ in range(dice):
        face = state.flat.random(faces)
        for symbol, table in tables.items():
            totals[symbol] += int(table[face])
    return totals


def fight(state: OathState, seat: int, _: int) -> None:
    """The targets are declared: an Imperial defence gathers its Allies (5.5.2), then the battle plans and the
    dice follow."""
    if imperial_defence(state):
        if state.flat.get("campaign_defender") != CHANCELLOR:
            state.flat.set("campaign_ally", CHANCELLOR, JOINED)
        if _undecided_citizens(state):
            state.flat.set("phase", Phase.CAMPAIGN_ALLIES)
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
    """5.5.2: the defender's defence powers (modifiers with timing `defense`), then the battle plans."""
    defender = state.flat.get("campaign_defender")
    if defender >= 0:
        state.trigger(defender, "defense")
    else:
        plans_after_defence(state)


def plans_after_defence(state: OathState) -> None:
    _plans_of(state, ATTACKER)


def _side(state: OathState, side: int) -> list[int]:
    """Who uses plans for a side (5.5.3): the attacker; or the defender and then each Ally."""
    flat = state.flat
    if side == ATTACKER:
        return [flat.get("campaign_attacker")]
    defender = flat.get("campaign_defender")
    return ([defender] if defender >= 0 else []) + _allies(state, JOINED)


def _plans_of(state: OathState, side: int, after: int | None = None) -> None:
    """5.5.3: the attacker's plans, then the defender's and each Ally's; a player with no plan they can use is
    passed over."""
    flat = state.flat
    users = _side(state, side)
    for user in users[users.index(after) + 1:] if after is not None else users:
        flat.set("campaign_planning", side)
        flat.set("campaign_plan_user", user)
        if _usable_plans(state):
            flat.set("phase", Phase.CAMPAIGN_PLANS)
            return
    if side == ATTACKER:
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
    tokens, 7.5.3)."""
    flat = state.flat
    side, user = flat.get("campaign_planning"), _plan_user(state)
    if user < 0 or side == DEFENDER and flat.get("defender_battle_plans_forbidden"):
        return []
    cards = [c for c in state.advisers(user) if flat.get("card_faceup", c)]
    cards += [c for site in state.sites_on_map() if state.rules(user, site)
              for c in state.cards_at(site) if flat.get("card_faceup", c)]
    cards += state.cards.in_zone(state.cards.zone("relics_held", user))
    return sorted(c for c in set(cards) if (c, side) in state.plans and not flat.get("campaign_plan_used", c)
                  and (state.plans[(c, side)][1] is None or state.affords(user, state.plans[(c, side)][1])))


def use_plan(state: OathState, seat: int, card: int) -> None:
    key, cost = state.plans[(card, state.flat.get("campaign_planning"))]
    state.flat.set("campaign_plan_used", card, 1)
    state.pay(seat, card, cost)
    state.run_power(key, seat, state.index_in_kind(card), Phase.CAMPAIGN_PLANS)


def pools(state: OathState) -> tuple[int, int]:
    """The attack and defense dice to roll: the attacker's board warbands and the targets' dice, with what
    plans and modifiers added or took away."""
    attack = state.flat.get("warbands", state.flat.get("campaign_attacker")) + state.flat.get("attack_dice_delta")
    return max(0, attack), _defense_dice(state) + max(0, -attack)


def _roll_battle(state: OathState) -> None:
    """5.5.4-5.5.5: roll defense, then attack; skulls kill the attacker's warbands at once. An attack pool
    that would lose dice it does not have adds as many defense dice (5.5.3)."""
    flat = state.flat
    attacker = flat.get("campaign_attacker")
    attack_dice, defense_dice = pools(state)
    defense = _roll(state, "defense_die", ("shield", "double"), defense_dice)
    total_defense = defense["shield"] * 2 ** defense["double"] + _defense_force(state)
    attack = _roll(state, "attack_die", ("sword", "hollow_sword", "skull"), attack_dice)
    flat.move(("warbands", attacker), ("warband_bank", colour(flat, attacker)), attack["skull"])
    flat.set("campaign_defense", total_defense)
    flat.set("campaign_attack", attack["sword"] + attack["hollow_sword"] // 2)
    needed = total_defense - flat.get("campaign_attack") + 1
    if needed <= 0:
        _resolve(state, victorious=True)
    elif needed <= flat.get("warbands", attacker):
        flat.set("phase", Phase.CAMPAIGN_SACRIFICE)
    else:
        _resolve(state, victorious=False)


def sacrifice(state: OathState, seat: int, _: int) -> None:
    """5.5.5: exactly as many warbands as it takes to be victorious."""
    flat = state.flat
    attacker = flat.get("campaign_attacker")
    needed = flat.get("campaign_defense") - flat.get("campaign_attack") + 1
    flat.move(("warbands", attacker), ("warband_bank", colour(flat, attacker)), needed)
    flat.add("campaign_attack", needed)
    _resolve(state, victorious=True)


def decline(state: OathState, seat: int, _: int) -> None:
    """DONE: end the step the attacker is in (no sacrifice, no more warbands placed, no banish)."""
    phase = state.flat.get("phase")
    if phase == Phase.CAMPAIGN_ALLIES:
        offered = _allies(state, OFFERED)
        state.flat.set("campaign_ally", offered[0] if offered else _undecided_citizens(state)[0], DECLINED)
        _allies_done(state)
    elif phase == Phase.CAMPAIGN_PLANS:
        _done_with_plans(state)
    elif phase == Phase.CAMPAIGN_SACRIFICE:
        _resolve(state, victorious=False)
    elif phase == Phase.CAMPAIGN_OCCUPY:
        _take_spoils(state)
    else:
        _banish_step_done(state)


def _resolve(state: OathState, *, victorious: bool) -> None:
    """5.5.6: the loser kills half their force (all of it against Brutal); bandits go into hiding."""
    flat = state.flat
    flat.set("campaign_victorious", int(victorious))
    attacker, defender = flat.get("campaign_attacker"), flat.get("campaign_defender")
    loser = defender if victorious else attacker
    flat.set("campaign_loser", loser)
    _discard_marked(state, "campaign_discard_on_defeat", only=loser)
    if loser < 0:
        _after_losses(state)
        return
    force = flat.get("warbands", attacker) if loser == attacker else _defense_force(state)
    losses = force if flat.get("kill_all_defeated") else force // 2
    flat.set("campaign_losses", losses)
    _kill_while_forced(state)


def _loss_places(state: OathState) -> list[int]:
    flat = state.flat
    loser = flat.get("campaign_loser")
    if loser == flat.get("campaign_attacker"):
        return [BOARD] if flat.get("warbands", loser) else []
    places = [s for s in _targeted_sites(state) if flat.get("site_warbands", s, colour(flat, loser))]
    if _board_in_force(state) and flat.get("warbands", loser):
        places.append(BOARD)
    return places + [ALLY_BOARD + ally for ally in _allies_in_force(state) if flat.get("warbands", ally)]


def _kill_while_forced(state: OathState) -> None:
    """Kills losses while only one place holds the loser's force; asks the loser once there are several."""
    flat = state.flat
    while flat.get("campaign_losses") > 0:
        places = _loss_places(state)
        if not places:
            flat.set("campaign_losses", 0)
        elif len(places) == 1:
            _kill_one(state, places[0])
        else:
            flat.set("phase", Phase.CAMPAIGN_LOSSES)
            return
    _after_losses(state)


def kill_at(state: OathState, seat: int, place: int) -> None:
    _kill_one(state, place)
    _kill_while_forced(state)


def _kill_one(state: OathState, place: int) -> None:
    flat = state.flat
    loser = flat.get("campaign_loser")
    if place == BOARD:
        source: tuple[str, ...] | tuple[str | int, ...] = ("warbands", loser)
    elif place >= ALLY_BOARD:
        source = ("warbands", place - ALLY_BOARD)
    else:
        source = ("site_warbands", place, colour(flat, loser))
    flat.move(source, ("warband_bank", colour(flat, loser)), 1)
    flat.add("campaign_losses", -1)


def _after_losses(state: OathState) -> None:
    """5.5.6-5.5.7: a defeated defender's force goes home (purple warbands to the Chancellor's board); a
    victorious attacker may occupy targeted sites."""
    flat = state.flat
    if not flat.get("campaign_victorious"):
        finish(state)
        return
    defender, attacker = flat.get("campaign_defender"), flat.get("campaign_attacker")
    if defender >= 0:
        own = colour(flat, defender)
        home = CHANCELLOR if own == CHANCELLOR else defender
        for site in _targeted_sites(state):
            flat.move(("site_warbands", site, own), ("warbands", home), flat.get("site_warbands", site, own))
    if flat.get("warbands", attacker) and _targeted_sites(state):
        flat.set("phase", Phase.CAMPAIGN_OCCUPY)
    else:
        _take_spoils(state)


def occupy(state: OathState, seat: int, site: int) -> None:
    """5.5.7.I: one warband of the attacker's force onto a targeted site."""
    flat = state.flat
    attacker = flat.get("campaign_attacker")
    flat.move(("warbands", attacker), ("site_warbands", site, colour(flat, attacker)), 1)
    if not flat.get("warbands", attacker):
        _take_spoils(state)


def _take_spoils(state: OathState) -> None:
    """5.5.7.II-III: the targeted relics and banners (seized, 2.5.3); then the banished pawn's travel and favor."""
    flat = state.flat
    attacker = flat.get("campaign_attacker")
    for relic in _targeted_relics(state):
        state.cards.put(relic, state.cards.zone("relics_held", attacker), faceup=True)
        flat.set("took_this_turn", relic, 1)
    for banner in _targeted_banners(state):
        banners.seize(state, attacker, banner)
    if flat.get("campaign_target_pawn"):
        flat.set("phase", Phase.CAMPAIGN_BANISH)
    else:
        finish(state)


def banish_to(state: OathState, seat: int, site: int) -> None:
    """5.5.7.III: the defender travels where the attacker says, for no Supply."""
    state.cards.arrive(state.flat.get("campaign_defender"), site)
    _banish_step_done(state)


def burn_half_favor(state: OathState, seat: int, _: int) -> None:
    defender = state.flat.get("campaign_defender")
    state.flat.move(("favor", defender), ("shared_favor",), state.flat.get("favor", defender) // 2)
    finish(state)


def _banish_step_done(state: OathState) -> None:
    flat = state.flat
    if flat.get("campaign_target_pawn") == 1 and flat.get("favor", flat.get("campaign_defender")) >= 2:
        flat.set("campaign_target_pawn", 2)
    else:
        finish(state)


def _discard_marked(state: OathState, field: str, only: int | None = None) -> None:
    """Cards a plan said to discard (5.5.6 "if you're defeated", 5.5.8 "at end"), by the player it named."""
    for card in range(state.flat.size(field)):
        player = state.flat.get(field, card) - 1
        if player >= 0 and (only is None or player == only):
            state.cards.discard(player, card)
            state.flat.set(field, card, 0)


def finish(state: OathState) -> None:
    _discard_marked(state, "campaign_discard_at_end")
    clear(state.flat)
    state.flat.set("phase", Phase.ACT)
    state.update_oathkeeper()


def clear(flat: FlatState) -> None:
    """No Campaign under way."""
    for name in ("campaign_target_site", "campaign_target_card", "campaign_target_banner", "campaign_plan_used",
                 "campaign_discard_at_end", "campaign_discard_on_defeat", "campaign_ally"):
        for index in range(flat.size(name)):
            flat.set(name, index, 0)
    for name in ("campaign_attacker", "campaign_defender", "campaign_loser", "campaign_plan_user"):
        flat.set(name, -1)
    for name in ("campaign_target_pawn", "campaign_attack", "campaign_defense", "campaign_losses", "campaign_victorious",
                 "campaign_planning") + CAMPAIGN_HOOKS:
        flat.set(name, 0)


FACTORIES: dict[str, Callable[[CompiledGame], Native]] = {}
"""The natives of battle plans and Campaign outcomes."""

HANDLERS: dict[Kind, Callable[[OathState, int, int], None]] = {
    Kind.CAMPAIGN: start,
    Kind.TARGET_SITE: target_site,
    Kind.TARGET_RELIC: target_relic,
    Kind.TARGET_BANNER: target_banner,
    Kind.TARGET_PAWN: target_pawn,
    Kind.FIGHT: fight,
    Kind.USE_PLAN: use_plan,
    Kind.OFFER_ALLY: offer_ally,
    Kind.ACCEPT_ALLY: accept_ally,
    Kind.SACRIFICE: sacrifice,
    Kind.KILL_AT: kill_at,
    Kind.OCCUPY: occupy,
    Kind.DONE: decline,
    Kind.BANISH_TO: banish_to,
    Kind.BURN_HALF_FAVOR: burn_half_favor,
}
