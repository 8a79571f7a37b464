"""Campaign (5.5) on the Oath kernel: defenders, targets, the rolls' arithmetic, sacrifice, losses, spoils."""

from __future__ import annotations

import pytest

from lawforge.runtime import load
from lawforge.runtime.oath import campaign
from lawforge.runtime.oath.actions import NONE, STRIDE, Kind, Phase, action
from lawforge.runtime.oath.game import OathState

OATH = load("oath")


def exile_at_chancellors_site(seed: int, warbands: int = 6) -> OathState:
    """After setup, seat 1 (an Exile) stands at the Chancellor's site, which the Chancellor rules with 2 warbands."""
    state = OathState(OATH, 2, seed)
    while state.flat.get("phase") == Phase.SETUP:
        state.apply(state.legal_actions()[0])
    site = state.flat.get("pawn_site", 0)
    state.flat.set("pawn_site", 1, site)
    state.flat.set("current_player", 1)
    state.flat.set("supply", 1, 6)
    state.flat.move(("warband_bank", 1), ("warbands", 1), warbands - state.flat.get("warbands", 1))
    assert state.rules(0, site) and state.flat.get("site_warbands", site, 0) == 2
    return state


def fight(state: OathState, *, sacrifice: bool = True) -> None:
    """Rolls, sacrifices if asked (and `sacrifice`), and lets the defender take losses from its first place."""
    state.apply(action(Kind.FIGHT))
    if state.flat.get("phase") == Phase.CAMPAIGN_SACRIFICE:
        state.apply(action(Kind.SACRIFICE if sacrifice else Kind.DONE))
    while state.flat.get("phase") == Phase.CAMPAIGN_LOSSES:
        state.apply(state.legal_actions()[0])


def kinds(state: OathState) -> set[Kind]:
    return {Kind(a // STRIDE) for a in state.legal_actions()}


def test_defenders_are_the_ruler_and_pawns_at_your_site_and_bandits_only_where_nobody_rules() -> None:
    state = exile_at_chancellors_site(1)
    assert action(Kind.CAMPAIGN, 0) in state.legal_actions()
    assert action(Kind.CAMPAIGN, NONE) not in state.legal_actions(), "the Chancellor rules the site"
    site = state.flat.get("pawn_site", 1)
    state.flat.move(("site_warbands", site, 0), ("warbands", 0), 2)
    assert action(Kind.CAMPAIGN, NONE) in state.legal_actions(), "nobody rules it: the bandits defend"
    assert action(Kind.CAMPAIGN, 0) in state.legal_actions(), "the Chancellor's pawn is still there"


def test_a_campaign_costs_two_supply_and_must_target_the_defenders_site_where_you_are() -> None:
    state = exile_at_chancellors_site(1)
    site = state.flat.get("pawn_site", 1)
    state.apply(action(Kind.CAMPAIGN, 0))
    assert state.flat.get("supply", 1) == 4
    assert state.flat.get("phase") == Phase.CAMPAIGN_TARGETS
    assert state.flat.get("campaign_target_site", site) == 1, "5.5.2: the defender rules your site"
    legal = state.legal_actions()
    assert action(Kind.TARGET_SITE, site) not in legal
    assert action(Kind.TARGET_PAWN) in legal, "the defender's pawn is at your site"
    grand_scepter = state.cards.of("relic", "grand_scepter")
    assert state.card_move(Kind.TARGET_RELIC, grand_scepter) in legal
    assert action(Kind.FIGHT) in legal


def test_a_player_who_neither_rules_your_site_nor_stands_there_cannot_be_attacked() -> None:
    state = exile_at_chancellors_site(1)
    here = state.flat.get("pawn_site", 1)
    elsewhere = next(s for s in state.sites_on_map() if s != here)
    state.flat.set("pawn_site", 1, elsewhere)
    state.flat.move(("warbands", 0), ("site_warbands", elsewhere, 0), 1)
    state.flat.set("pawn_site", 0, elsewhere)
    state.flat.set("pawn_site", 1, here)
    state.flat.move(("site_warbands", here, 0), ("warbands", 0), 2)
    # The Chancellor rules only `elsewhere` and stands there: nothing of theirs is at seat 1's site.
    assert action(Kind.CAMPAIGN, 0) not in state.legal_actions()


def test_the_rolls_decide_and_the_defeated_defender_kills_half_its_force() -> None:
    """5.5.4-5.5.7 over many seeds: attack > defense wins; the loser kills half the force, rounded down."""
    seen = set()
    for seed in range(60):
        state = exile_at_chancellors_site(seed, warbands=1 + seed % 6)
        site = state.flat.get("pawn_site", 1)
        defender_force = 2 + state.flat.get("warbands", 0)  # site warbands + board (the pawn is at the site)
        attacker_before = state.flat.get("warbands", 1)
        state.apply(action(Kind.CAMPAIGN, 0))
        state.apply(action(Kind.FIGHT))
        attack, defense = state.flat.get("campaign_attack"), state.flat.get("campaign_defense")
        if state.flat.get("phase") == Phase.CAMPAIGN_SACRIFICE:
            seen.add("sacrifice")
            assert attack <= defense
            assert defense - attack + 1 <= state.flat.get("warbands", 1)
            continue
        while state.flat.get("phase") == Phase.CAMPAIGN_LOSSES:
            state.apply(state.legal_actions()[0])
        phase = state.flat.get("phase")
        if phase == Phase.CAMPAIGN_OCCUPY:
            seen.add("victory")
            assert attack > defense
            lost = defender_force - state.flat.get("warbands", 0)
            assert lost == defender_force // 2, "the rest of the force returned to the defender's board"
            assert state.flat.get("site_warbands", site, 0) == 0
        else:
            seen.add("defeat")
            assert phase == Phase.ACT and attack <= defense
            assert state.flat.get("warbands", 1) <= attacker_before - attacker_before // 2
    assert seen == {"sacrifice", "victory", "defeat"}


def test_sacrifice_is_exactly_what_victory_needs() -> None:
    for seed in range(200):
        state = exile_at_chancellors_site(seed)
        state.apply(action(Kind.CAMPAIGN, 0))
        state.apply(action(Kind.FIGHT))
        if state.flat.get("phase") != Phase.CAMPAIGN_SACRIFICE:
            continue
        needed = state.flat.get("campaign_defense") - state.flat.get("campaign_attack") + 1
        board = state.flat.get("warbands", 1)
        state.apply(action(Kind.SACRIFICE))
        assert state.flat.get("campaign_attack") == state.flat.get("campaign_defense") + 1
        assert state.flat.get("warbands", 1) == board - needed
        assert state.flat.get("campaign_victorious") == 1 or state.flat.get("phase") == Phase.ACT
        return
    pytest.fail("no seed asked for a sacrifice")


def test_victory_occupies_targeted_sites_and_takes_targeted_relics() -> None:
    for seed in range(200):
        state = exile_at_chancellors_site(seed, warbands=9)
        site = state.flat.get("pawn_site", 1)
        scepter = state.cards.of("relic", "grand_scepter")
        state.apply(action(Kind.CAMPAIGN, 0))
        state.apply(state.card_move(Kind.TARGET_RELIC, scepter))
        fight(state)
        if state.flat.get("phase") != Phase.CAMPAIGN_OCCUPY:
            continue
        state.apply(action(Kind.OCCUPY, site))
        state.apply(action(Kind.DONE))
        assert state.flat.get("site_warbands", site, 1) == 1 and state.rules(1, site)
        assert scepter in state.cards.in_zone(state.cards.zone("relics_held", 1))
        assert state.flat.get("phase") == Phase.ACT
        assert state.flat.get("campaign_attacker") == -1, "the Campaign is over"
        return
    pytest.fail("no seed gave the attacker a victory")


def banish(state: OathState) -> bool:
    """Seat 1 campaigns against the Chancellor's pawn at their site; True once the attacker is victorious and has
    banished the Chancellor, with the burn of half their favor to decide."""
    state.apply(action(Kind.CAMPAIGN, 0))
    state.apply(action(Kind.TARGET_PAWN))
    fight(state)
    if state.flat.get("phase") == Phase.CAMPAIGN_OCCUPY:
        state.apply(action(Kind.DONE))
    if state.flat.get("phase") != Phase.CAMPAIGN_BANISH:
        return False
    here = state.flat.get("pawn_site", 0)
    state.apply(action(Kind.BANISH_TO, next(site for site in state.sites_on_map() if site != here)))
    return True


def test_banish_moves_the_defender_and_burns_half_their_favor() -> None:
    for seed in range(200):
        state = exile_at_chancellors_site(seed, warbands=9)
        state.flat.set("favor", 0, 5)
        here = state.flat.get("pawn_site", 0)
        away = next(s for s in state.sites_on_map() if s != here)
        if not banish(state):
            continue
        assert state.flat.get("pawn_site", 0) == away and state.flat.get("supply", 0) == 6, "no Supply spent"
        state.apply(action(Kind.BURN_HALF_FAVOR))
        assert state.flat.get("favor", 0) == 3
        assert state.flat.get("phase") == Phase.ACT
        return
    pytest.fail("no seed gave the attacker a victory over the pawn")


def test_bandits_defend_with_one_per_targeted_site_and_never_die() -> None:
    state = exile_at_chancellors_site(3)
    site = state.flat.get("pawn_site", 1)
    state.flat.move(("site_warbands", site, 0), ("warband_bank", 0), 2)
    state.flat.set("pawn_site", 0, next(s for s in state.sites_on_map() if s != site))
    state.apply(action(Kind.CAMPAIGN, NONE))
    assert state.flat.get("campaign_defender") == -1 and state.flat.get("campaign_target_site", site) == 1
    assert Kind.TARGET_PAWN not in kinds(state)
    state.apply(action(Kind.FIGHT))
    defense = state.flat.get("campaign_defense")
    assert defense >= 1, "one bandit at the targeted site, whatever the dice"


def test_the_defender_chooses_where_losses_come_from_when_its_force_is_spread() -> None:
    for seed in range(300):
        state = exile_at_chancellors_site(seed, warbands=12)
        state.flat.move(("warband_bank", 0), ("warbands", 0), 4)
        state.apply(action(Kind.CAMPAIGN, 0))
        state.apply(action(Kind.FIGHT))
        if state.flat.get("phase") == Phase.CAMPAIGN_SACRIFICE:
            state.apply(action(Kind.SACRIFICE))
        if state.flat.get("phase") != Phase.CAMPAIGN_LOSSES:
            continue
        assert state.current_player() == 0, "the defender decides"
        assert kinds(state) == {Kind.KILL_AT}
        while state.flat.get("phase") == Phase.CAMPAIGN_LOSSES:
            state.apply(state.legal_actions()[-1])
        assert state.flat.get("site_warbands", state.flat.get("pawn_site", 1), 0) == 0
        return
    pytest.fail("no seed made the spread-out defender lose")


def test_a_battle_plan_runs_on_the_vm_once_and_its_card_is_discarded_at_the_end() -> None:
    """Horse Archers (±3 attack dice, "At end, discard"): the attacker chooses +3, the card goes at the end."""
    state = exile_at_chancellors_site(5, warbands=2)
    archers = state.cards.of("denizen", "horse_archers")
    state.cards.put(archers, state.cards.zone("advisers", 1), faceup=True)
    state.apply(action(Kind.CAMPAIGN, 0))
    state.apply(action(Kind.FIGHT))
    assert state.flat.get("phase") == Phase.CAMPAIGN_PLANS and state.current_player() == 1
    assert action(Kind.USE_PLAN, archers) in state.legal_actions()
    state.apply(action(Kind.USE_PLAN, archers))
    assert state.flat.get("phase") == Phase.EFFECT and state.current_player() == 1, "plus or minus: the user chooses"
    state.apply(state.legal_actions()[0])
    assert state.flat.get("attack_dice_delta") == 3
    assert state.flat.get("phase") == Phase.CAMPAIGN_PLANS and action(Kind.USE_PLAN, archers) not in state.legal_actions()
    state.apply(action(Kind.DONE))
    while state.flat.get("phase") == Phase.CAMPAIGN_PLANS:  # the defender's plans, if any
        state.apply(action(Kind.DONE))
    while state.flat.get("phase") != Phase.ACT:
        state.apply(state.legal_actions()[-1])
    assert archers not in state.advisers(1), "discarded at the end of the Campaign"
    assert state.flat.get("attack_dice_delta") == 0, "the plan lasts one Campaign"


def test_attack_dice_a_plan_takes_away_below_zero_become_defense_dice() -> None:
    """5.5.3: with no attack die left to lose, the defense pool gains one instead."""
    state = exile_at_chancellors_site(6, warbands=4)
    state.apply(action(Kind.CAMPAIGN, 0))
    attack, defense = campaign.pools(state)
    assert attack == 4, "one attack die per warband on the attacker's board"
    state.flat.set("attack_dice_delta", -7)
    assert campaign.pools(state) == (0, defense + 3)


def test_a_cost_paid_out_of_your_turn_turns_secrets_facedown_and_sends_favor_to_the_bank() -> None:
    from test_oath_banners import started

    state = started(31)
    card = state.cards.of("denizen", "rusting_ray")
    cost = next(p.cost for p in state.game.get("denizen", "rusting_ray").powers if p.kind == "battle_plan_defense")
    state.flat.move(("shared_secret",), ("secret", 1), 1)
    secrets = state.flat.get("secret", 1)
    state.pay(1, card, cost)  # seat 1 defends during seat 0's turn
    assert state.flat.get("card_secret", card) == 0
    assert state.flat.get("secret", 1) == secrets - 1 and state.flat.get("secret_facedown", 1) == 1
    state.pay(0, card, cost)  # on your own turn the secret goes on the card
    assert state.flat.get("card_secret", card) == 1
