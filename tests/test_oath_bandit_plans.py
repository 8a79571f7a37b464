"""The bandits' battle plans (5.5.3) and the Allies' Campaign modifiers (5.5.2) on the Oath kernel: the bandits use,
on their own, every defence plan with no cost at the sites they rule, after the attacker's, choosing for their side;
an Ally's defence modifiers bind an Imperial defence as the defender's do."""

from __future__ import annotations

import pytest

from lawforge.runtime.bytecode import ARITY, Op
from lawforge.runtime.oath import campaign, empire
from lawforge.runtime.oath.actions import NONE, IllegalAction, Kind, Phase, action
from lawforge.runtime.oath.game import OathState
from test_oath_banners import started
from test_oath_battle import at_site, pass_until, put
from test_oath_campaign import exile_at_chancellors_site
from test_oath_play import check_invariants


def bandits_at_the_attackers_site(seed: int = 1) -> tuple[OathState, int]:
    """Seat 1 (an Exile) stands at a site the bandits rule: the Chancellor's two warbands there are back on their
    board."""
    state = exile_at_chancellors_site(seed)
    site = state.flat.get("pawn_site", 1)
    state.flat.move(("site_warbands", site, 0), ("warbands", 0), 2)
    assert state.bandits_rule(site)
    return state, site


def another_bandit_site(state: OathState, site: int) -> int:
    return next(s for s in state.sites_on_map() if s != site and state.bandits_rule(s) and not state.cards_at(s))


def attack_the_bandits(state: OathState) -> None:
    state.apply(action(Kind.CAMPAIGN, NONE))
    state.apply(action(Kind.FIGHT))


@pytest.fixture
def at_the_dice(monkeypatch: pytest.MonkeyPatch) -> list[OathState]:
    """The battle stops where its dice would be rolled: a copy of each state it reaches them in."""
    reached: list[OathState] = []
    monkeypatch.setattr(campaign, "_roll_battle", lambda state: reached.append(state.clone()))
    return reached


def test_the_bandits_use_their_free_plans_at_every_site_they_rule_each_once(at_the_dice: list[OathState]) -> None:
    state, site = bandits_at_the_attackers_site()
    storm_caller = at_site(state, "storm_caller", site)
    mounted_patrol = at_site(state, "mounted_patrol", another_bandit_site(state, site))
    attack_the_bandits(state)
    [dice] = at_the_dice
    assert dice.flat.get("defense_dice_delta") == 2, "Storm Caller, at the targeted site, once"
    assert dice.flat.get("attack_pool_halved") == 1, "Mounted Patrol, at a bandit site not targeted"
    assert dice.flat.get("campaign_plan_used", storm_caller) == dice.flat.get("campaign_plan_used", mounted_patrol) == 1


def test_the_bandits_use_no_plan_with_a_cost_nor_one_at_a_site_a_player_rules(at_the_dice: list[OathState]) -> None:
    state, site = bandits_at_the_attackers_site()
    keep = at_site(state, "keep", site)
    shield_wall = at_site(state, "shield_wall", site)
    ruled = another_bandit_site(state, site)
    state.flat.move(("warbands", 0), ("site_warbands", ruled, 0), 1)
    storm_caller = at_site(state, "storm_caller", ruled)
    attack_the_bandits(state)
    [dice] = at_the_dice
    assert dice.flat.get("defense_dice_delta") == 2, "Keep's, theirs and free"
    assert dice.flat.get("campaign_plan_used", keep)
    assert not dice.flat.get("campaign_plan_used", shield_wall) and not dice.flat.get("campaign_plan_used", storm_caller)


def test_the_bandits_choose_how_a_plan_helps_their_side(at_the_dice: list[OathState]) -> None:
    """Longbows' first option adds an attack die, Walled Garden's adds defense dice: the bandits take the option
    that leaves the defense pool most above the attack pool."""
    state, site = bandits_at_the_attackers_site()
    at_site(state, "longbows", site)
    at_site(state, "walled_garden", site)
    beasts = sum(state.flat.get("card_suit", card) == state.game.enums["suit"]["BEAST"]
                 for s in state.sites_on_map() for card in state.cards_at(s))
    attack_the_bandits(state)
    [dice] = at_the_dice
    assert dice.flat.get("attack_dice_delta") == -1
    assert dice.flat.get("defense_dice_delta") == beasts > 0


def test_the_bandits_rule_the_cards_at_their_sites_and_the_attacker_is_their_enemy(
        at_the_dice: list[OathState]) -> None:
    """Great Crusade counts the nomad cards the bandits rule; Rival Khan applies, the attacker having a nomad
    adviser (glossary Your Enemy: the defender's is the attacker)."""
    state, site = bandits_at_the_attackers_site()
    at_site(state, "great_crusade", site)
    at_site(state, "rival_khan", another_bandit_site(state, site))
    put(state, "horse_archers", 1)
    nomad = state.game.enums["suit"]["NOMAD"]
    ruled = sum(state.flat.get("card_suit", card) == nomad
                for s in state.sites_on_map() if state.bandits_rule(s) for card in state.cards_at(s))
    attack_the_bandits(state)
    state.apply(action(Kind.DONE))
    [dice] = at_the_dice
    assert dice.flat.get("attack_dice_delta") == -ruled - 4 and ruled >= 2


@pytest.mark.parametrize("alone", [True, False])
def test_code_of_honor_is_used_by_the_bandits_only_as_their_only_plan(at_the_dice: list[OathState], alone: bool) -> None:
    state, site = bandits_at_the_attackers_site()
    code = at_site(state, "code_of_honor", site)
    storm_caller = None if alone else at_site(state, "storm_caller", site)
    attack_the_bandits(state)
    [dice] = at_the_dice
    assert dice.flat.get("campaign_plan_used", code) == int(alone)
    assert dice.flat.get("attack_dice_delta") == (-2 if alone else 0)
    if storm_caller is not None:
        assert dice.flat.get("defense_dice_delta") == 2


def test_the_bandits_plans_follow_the_attackers_and_ask_nobody(at_the_dice: list[OathState]) -> None:
    state, site = bandits_at_the_attackers_site()
    storm_caller = at_site(state, "storm_caller", site)
    specialist = put(state, "specialist", 1)
    state.flat.set("favor", 1, 4)
    attack_the_bandits(state)
    assert state.flat.get("phase") == Phase.CAMPAIGN_PLANS and state.current_player() == 1
    with pytest.raises(IllegalAction):
        state.apply(action(Kind.USE_PLAN, storm_caller))
    twin = state.clone()
    state.apply(action(Kind.USE_PLAN, specialist))
    state.apply(action(Kind.DONE))
    twin.apply(action(Kind.DONE))
    forbidden, free = at_the_dice
    assert forbidden.flat.get("defense_dice_delta") == 0, "Specialist, used first, forbids the defender's plans"
    assert free.flat.get("defense_dice_delta") == 2, "the bandits' plans come once the attacker is done, unasked"


def test_the_bandits_plans_give_them_nothing_and_their_discards_follow_the_battle(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Battle Honors, Traveling Doctor and Storm Caller at the bandits' site, the Campaign played to its end."""
    resolve = campaign._resolve
    victories: list[bool] = []

    def recorded(state: OathState, *, victorious: bool) -> None:
        victories.append(victorious)
        resolve(state, victorious=victorious)

    monkeypatch.setattr(campaign, "_resolve", recorded)
    for seed in range(1, 80):
        state, site = bandits_at_the_attackers_site(seed)
        if state.cards.capacity(site) < 3:
            continue
        cards = {name: at_site(state, name, site) for name in ("battle_honors", "traveling_doctor", "storm_caller")}
        attack_the_bandits(state)
        pass_until(state, (Phase.ACT,))
        at_sites = state.cards.in_zone(state.cards.zone("at_site"))
        assert cards["storm_caller"] not in at_sites, "At end, discard Storm Caller"
        assert (cards["traveling_doctor"] in at_sites) != victories[-1], "discarded if the bandits are defeated"
        assert cards["battle_honors"] in at_sites
        check_invariants(state)
    assert set(victories) == {True, False}


def uses_you_as_an_index(code: list[int]) -> bool:
    """Whether a power's bytecode computes an address from `you` (local 0): added to or multiplied into an offset, or
    kept in another local; `you` as a native's argument, a chooser or in a comparison is no address."""
    ops: list[tuple[Op, int]] = []
    pc = 0
    while pc < len(code):
        op = Op(code[pc])
        ops.append((op, code[pc + 1] if ARITY.get(op, 0) else -1))
        pc += 1 + ARITY.get(op, 0)
    for at, (op, operand) in enumerate(ops):
        following = [after for after, _ in ops[at + 1:at + 3]]
        if op is Op.LOCAL and operand == 0 and (following[:1] in ([Op.ADD], [Op.MUL], [Op.SET_LOCAL])
                                                or following == [Op.PUSH, Op.MUL]):
            return True
    return False


def test_no_plan_the_bandits_may_use_reads_or_writes_a_players_fields_by_you() -> None:
    """The bandits' `you` is -1: a field indexed by it would be the cell before the field's (the VM checks no
    index), so every defence plan with no cost goes through the natives or `you_as_a_player`."""
    state = started(1)
    code = list(state.game.code)
    entries = sorted(state.game.layout.ENTRIES.values()) + [len(code)]
    ends = dict(zip(entries, entries[1:], strict=False))
    free = {key for (_, side), (key, cost) in state.plans.items() if side == campaign.DEFENDER and cost is None}
    assert free
    for key in sorted(free):
        begin = state.game.layout.ENTRIES[key]
        assert not uses_you_as_an_index(code[begin:ends[begin]]), key


def imperial_defence(seed: int = 2) -> OathState:
    """Seat 2 (an Exile) at the Chancellor's site, about to campaign against seat 1, a Citizen standing there too:
    an Imperial defence, the Chancellor its Ally (5.5.2)."""
    state = started(seed, players=3)
    flat = state.flat
    empire.become_citizen(flat, 1)
    site = flat.get("pawn_site", 0)
    for seat in (1, 2):
        flat.set("pawn_site", seat, site)
    flat.set("current_player", 2)
    flat.set("supply", 2, 6)
    flat.move(("warband_bank", 2), ("warbands", 2), 4)
    return state


def test_an_allys_campaign_modifiers_bind_an_imperial_defence(at_the_dice: list[OathState]) -> None:
    """Beast Tamer and Vow of Peace among the Chancellor's advisers, the Chancellor an Ally: the attacker cannot use
    their nomad plan, nor sacrifice."""
    state = imperial_defence()
    for name in ("beast_tamer", "vow_of_peace"):
        put(state, name, 0)
    archers = put(state, "horse_archers", 2)
    state.apply(action(Kind.CAMPAIGN, 1))
    state.apply(action(Kind.FIGHT))
    assert state.flat.get("campaign_ally", 0) == empire.JOINED
    assert action(Kind.USE_PLAN, archers) not in state.legal_actions()
    [dice] = at_the_dice
    assert dice.flat.get("sacrifice_forbidden") == 1
    assert not dice.flat.get("campaign_plan_used", archers)
    with pytest.raises(IllegalAction):
        state.apply(action(Kind.USE_PLAN, archers))


def test_a_defence_modifier_the_defender_and_an_ally_both_rule_runs_once(at_the_dice: list[OathState]) -> None:
    """A card at a purple site is ruled by every Imperial player (6.6.3): its defence modifier runs for the defender,
    not again for the Chancellor, their Ally, whose own run for them."""
    state = imperial_defence()
    site = state.flat.get("pawn_site", 0)
    for card in state.cards_at(site):
        state.cards.put(card, state.cards.zone("world_deck"))
    ward = at_site(state, "sealing_ward", site)
    vow = put(state, "vow_of_peace", 0)
    assert state.can_use(0, ward) and state.can_use(1, ward)
    ran: list[tuple[str, int]] = []
    run_power = state.run_power

    def recorded(key: str, seat: int, this: int, then: Phase) -> None:
        ran.append((key, seat))
        run_power(key, seat, this, then)

    state.run_power = recorded  # type: ignore[method-assign]
    state.apply(action(Kind.CAMPAIGN, 1))
    state.apply(action(Kind.FIGHT))
    defence = state.triggered["defense"]
    assert [seat for key, seat in ran if key == defence[ward]] == [1]
    assert [seat for key, seat in ran if key == defence[vow]] == [0]
