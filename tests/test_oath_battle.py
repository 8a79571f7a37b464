"""Battle plans and Campaign modifiers on the Oath kernel (5.5.2-5.5.8, 7.5): the dice they ignore or change,
sacrifice, the battles they decide, and the outcomes they leave for the end of the Campaign."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from lawforge.runtime.oath import battle, campaign, natives
from lawforge.runtime.oath.actions import STRIDE, IllegalAction, Kind, Phase, action
from lawforge.runtime.oath.game import OathState
from lawforge.runtime.oath.setup import Cards
from test_oath_banners import started
from test_oath_campaign import exile_at_chancellors_site
from test_oath_play import check_invariants

SEEDS = range(120)


def put(state: OathState, name: str, seat: int) -> int:
    """A denizen faceup among a player's advisers, or a relic in their personal bank."""
    kind = "relic" if name in ("sticky_fire", "cursed_cauldron", "obsidian_cage") else "denizen"
    card = state.cards.of(kind, name)
    state.cards.put(card, state.cards.zone("relics_held" if kind == "relic" else "advisers", seat), faceup=True)
    return card


def at_site(state: OathState, name: str, site: int) -> int:
    card = state.cards.of("denizen", name)
    state.cards.put(card, state.cards.zone("at_site"), faceup=True)
    state.flat.set("card_site", card, site)
    return card


def answer_all(state: OathState) -> None:
    while state.flat.get("phase") == Phase.EFFECT:
        state.apply(state.legal_actions()[0])


def use(state: OathState, card: int) -> None:
    state.apply(action(Kind.USE_PLAN, card))
    answer_all(state)


def to_the_dice(state: OathState) -> None:
    """Every side passes on its remaining plans."""
    while state.flat.get("phase") == Phase.CAMPAIGN_PLANS:
        state.apply(action(Kind.DONE))


BASES: dict[int, OathState] = {}


def rolled_with(seed: int, hooks: dict[str, int], warbands: int = 6) -> OathState:
    """A Campaign against the Chancellor rolled with rule hooks set (as a plan or modifier would set them); one
    position, the dice seeded anew (the state's first cell)."""
    if warbands not in BASES:
        BASES[warbands] = exile_at_chancellors_site(1, warbands)
    state = BASES[warbands].clone()
    state.flat.cells[0] = ((1 + seed) * 0x9E3779B1 & 0xFFFFFFFF) - 2 ** 31
    state.apply(action(Kind.CAMPAIGN, 0))
    for hook, value in hooks.items():
        state.flat.set(hook, value)
    state.apply(action(Kind.FIGHT))
    return state


@pytest.fixture
def stop_at_the_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    """The battle stops once decided, before losses and the end of the Campaign clear its fields."""
    monkeypatch.setattr(campaign, "_resolve", lambda state, *, victorious: None)


def compare(hooks: dict[str, int], measure: Callable[[OathState], int], warbands: int = 6) -> list[tuple[int, int]]:
    """The measure of the same battle (same dice) without and with the hooks, over many seeds."""
    return [(measure(rolled_with(seed, {}, warbands)), measure(rolled_with(seed, hooks, warbands))) for seed in SEEDS]


def attack(state: OathState) -> int:
    return state.flat.get("campaign_attack")


def defense(state: OathState) -> int:
    return state.flat.get("campaign_defense")


def attacker_board(state: OathState) -> int:
    return state.flat.get("warbands", 1)


@pytest.mark.usefixtures("stop_at_the_decision")
def test_skulls_can_be_ignored() -> None:
    pairs = compare({"ignore_attack_skulls": 1}, attacker_board)
    assert all(ignored == 6 for _, ignored in pairs), "no warband of the attacker's force dies to a skull"
    assert any(plain < 6 for plain, _ in pairs)


@pytest.mark.usefixtures("stop_at_the_decision")
def test_hollow_swords_can_be_ignored_and_the_attack_doubled() -> None:
    hollow = compare({"ignore_attack_hollow_swords": 1}, attack)
    assert all(ignored <= plain for plain, ignored in hollow) and any(ignored < plain for plain, ignored in hollow)
    assert all(doubled == 2 * plain for plain, doubled in compare({"attack_roll_doubled": 1}, attack)), "Lancers"


@pytest.mark.usefixtures("stop_at_the_decision")
def test_two_sword_faces_add_no_attack_but_their_skull_still_kills() -> None:
    """Each such face shows two swords and a skull."""
    killed = {"sacrifice_forbidden": 1}
    pairs = compare({"ignore_two_sword_faces": 1} | killed, lambda state: attack(state) * 100 + attacker_board(state))
    for plain, ignored in pairs:
        assert ignored % 100 == plain % 100, "the skull still kills"
        assert plain // 100 - ignored // 100 == 2 * (6 - plain % 100)
    assert any(plain % 100 < 6 for plain, _ in pairs)


@pytest.mark.usefixtures("stop_at_the_decision")
@pytest.mark.parametrize("hook", ["ignore_one_shield_faces", "ignore_two_shield_faces"])
def test_shield_faces_can_be_ignored(hook: str) -> None:
    pairs = compare({hook: 1}, defense)
    assert all(ignored <= plain for plain, ignored in pairs) and any(ignored < plain for plain, ignored in pairs)


def test_mounted_patrol_halves_the_dice_the_attacker_rolls() -> None:
    state = exile_at_chancellors_site(2, warbands=7)
    state.apply(action(Kind.CAMPAIGN, 0))
    state.flat.set("attack_pool_halved", 1)
    assert campaign.pools(state)[0] == 3


def test_sacrifice_can_be_forbidden_and_zealots_make_each_sacrifice_count_three() -> None:
    seen = 0
    for seed in SEEDS:
        plain = rolled_with(seed, {}, warbands=3)
        if plain.flat.get("phase") != Phase.CAMPAIGN_SACRIFICE:
            continue
        assert rolled_with(seed, {"sacrifice_forbidden": 1}, warbands=3).flat.get("phase") != Phase.CAMPAIGN_SACRIFICE
        state = rolled_with(seed, {"outnumbered_sacrifice_value": 3}, warbands=3)
        assert campaign._defense_force(state) > attacker_board(state), "the defending force is the larger"
        gap = defense(state) - attack(state) + 1
        board = attacker_board(state)
        state.apply(action(Kind.SACRIFICE))
        needed = -(-gap // 3)
        assert attacker_board(state) == board - needed and attack(state) == defense(state) + 1 - gap + 3 * needed
        seen += 1
    assert seen


def test_giant_python_wants_an_even_number_of_defense_dice_from_the_targets() -> None:
    """The site (1 die) is targeted by force: the Grand Scepter (5 dice) must join it before the battle."""
    state = exile_at_chancellors_site(1)
    put(state, "giant_python", 0)
    scepter = state.cards.of("relic", "grand_scepter")
    state.apply(action(Kind.CAMPAIGN, 0))
    assert action(Kind.FIGHT) not in state.legal_actions()
    state.apply(action(Kind.TARGET_PAWN))
    assert action(Kind.FIGHT) not in state.legal_actions(), "the pawn's two dice keep the total odd"
    state.apply(state.card_move(Kind.TARGET_RELIC, scepter))
    assert action(Kind.FIGHT) in state.legal_actions()
    plain = exile_at_chancellors_site(1)
    plain.apply(action(Kind.CAMPAIGN, 0))
    assert action(Kind.FIGHT) in plain.legal_actions()


def test_vow_of_peace_forbids_sacrifice_against_its_holder() -> None:
    for seed in SEEDS:
        plain = rolled_with(seed, {}, warbands=3)
        if plain.flat.get("phase") != Phase.CAMPAIGN_SACRIFICE:
            continue
        state = exile_at_chancellors_site(seed, 3)
        put(state, "vow_of_peace", 0)
        state.apply(action(Kind.CAMPAIGN, 0))
        state.apply(action(Kind.FIGHT))
        assert state.flat.get("phase") != Phase.CAMPAIGN_SACRIFICE
        return
    pytest.fail("no seed asked for a sacrifice")


def test_vow_of_union_adds_the_warbands_at_sites_you_rule_to_your_force() -> None:
    state = exile_at_chancellors_site(4, warbands=4)
    vow = put(state, "vow_of_union", 1)
    here = state.flat.get("pawn_site", 1)
    elsewhere = next(s for s in state.sites_on_map() if s != here and not state.rules(0, s))
    state.flat.move(("warband_bank", 1), ("site_warbands", elsewhere, 1), 3)
    state.apply(action(Kind.CAMPAIGN, 0))
    state.apply(action(Kind.USE_MODIFIER, vow))
    while state.flat.get("phase") not in (Phase.CAMPAIGN_TARGETS,):
        state.apply(action(Kind.TAKE_ACTION))
    assert campaign.pools(state)[0] == 7
    state.apply(action(Kind.FIGHT))
    while state.flat.get("phase") == Phase.CAMPAIGN_LOSSES:
        assert {a % STRIDE for a in state.legal_actions()} <= {elsewhere, campaign.BOARD}
        state.apply(state.legal_actions()[0])


def victory(seed: int, attacker: tuple[str, ...] = (), defender: tuple[str, ...] = (), warbands: int = 14,
            targets: tuple[int, ...] = (), plans: bool = True) -> OathState | None:
    """A Campaign against the Chancellor with the attacker's plans used; the state once the attacker is
    victorious (before occupying), else None."""
    state = exile_at_chancellors_site(seed, warbands)
    state.flat.set("favor", 1, 6)
    cards = [put(state, name, 1) for name in attacker]
    for name in defender:
        put(state, name, 0)
    state.apply(action(Kind.CAMPAIGN, 0))
    for chosen in targets:
        state.apply(chosen)
    state.apply(action(Kind.FIGHT))
    for card in cards if plans else ():
        use(state, card)
    decide(state)
    return state if state.flat.get("campaign_victorious") == 1 else None


def decide(state: OathState) -> None:
    """The dice, a sacrifice when asked, and the losses from the first place each time."""
    to_the_dice(state)
    if state.flat.get("phase") == Phase.CAMPAIGN_SACRIFICE:
        state.apply(action(Kind.SACRIFICE))
    while state.flat.get("phase") == Phase.CAMPAIGN_LOSSES:
        state.apply(state.legal_actions()[0])


def finish(state: OathState) -> None:
    while state.flat.get("phase") not in (Phase.ACT, Phase.CAMPAIGN_BECOME_CITIZEN, Phase.CAMPAIGN_KILL_ALL):
        state.apply(action(Kind.DONE))


def first_victory(**kwargs: object) -> OathState:
    for seed in SEEDS:
        state = victory(seed, **kwargs)  # type: ignore[arg-type]
        if state is not None:
            return state
    pytest.fail("no seed gave the attacker a victory")


def test_battle_honors_and_field_promotion_pay_out_only_to_the_victorious() -> None:
    state = first_victory(attacker=("battle_honors", "field_promotion"), warbands=10)
    order = int(state.game.enums["suit"]["ORDER"])
    favor, bank, warbands = state.flat.get("favor", 1), state.flat.get("bank_favor", order), state.flat.get("warbands", 1)
    finish(state)
    assert state.flat.get("favor", 1) == favor + 2 and state.flat.get("bank_favor", order) == bank - 2
    assert state.flat.get("warbands", 1) == warbands + 3
    assert state.flat.get("campaign_win_favor", 1, order) == 0, "the outcome is spent"


def test_cursed_cauldron_gains_a_warband_per_enemy_warband_killed() -> None:
    state = first_victory(attacker=("cursed_cauldron",))
    killed = state.flat.get("campaign_killed", 0)
    assert killed >= 1
    warbands = state.flat.get("warbands", 1)
    finish(state)
    assert state.flat.get("warbands", 1) == warbands + killed


def test_slander_burns_all_the_banished_defenders_favor_and_book_burning_all_their_secrets_but_one() -> None:
    for seed in SEEDS:
        state = exile_at_chancellors_site(seed, 14)
        state.flat.set("favor", 1, 6)
        slander, burning = put(state, "slander", 1), put(state, "book_burning", 1)
        state.flat.move(("favor", 1), ("favor", 0), 3)
        state.flat.move(("shared_secret",), ("secret", 0), 3)
        state.flat.move(("shared_secret",), ("secret_facedown", 0), 1)
        state.apply(action(Kind.CAMPAIGN, 0))
        state.apply(action(Kind.TARGET_PAWN))
        state.apply(action(Kind.FIGHT))
        use(state, slander)
        use(state, burning)
        decide(state)
        if not state.flat.get("campaign_victorious"):
            continue
        while state.flat.get("phase") in (Phase.CAMPAIGN_OCCUPY, Phase.CAMPAIGN_BANISH) \
                and state.flat.get("campaign_target_pawn") == 1:
            state.apply(action(Kind.DONE))
        assert state.legal_actions() == [action(Kind.BURN_ALL_FAVOR, slander), action(Kind.DONE)]
        state.apply(action(Kind.BURN_ALL_FAVOR, slander))
        assert state.flat.get("favor", 0) == 0
        assert (state.flat.get("secret", 0), state.flat.get("secret_facedown", 0)) == (1, 0), "the last one kept faceup"
        return
    pytest.fail("no victory over the pawn")


def test_code_of_honor_forbids_other_plans_and_cannot_follow_one() -> None:
    state = exile_at_chancellors_site(3)
    code, archers = put(state, "code_of_honor", 1), put(state, "horse_archers", 1)
    state.apply(action(Kind.CAMPAIGN, 0))
    state.apply(action(Kind.FIGHT))
    twin = state.clone()
    use(state, code)
    assert action(Kind.USE_PLAN, archers) not in state.legal_actions()
    use(twin, archers)
    assert action(Kind.USE_PLAN, code) not in twin.legal_actions()


def test_peace_envoy_gives_favor_per_defense_die_and_wins_with_no_roll_and_no_deaths() -> None:
    state = exile_at_chancellors_site(3)
    envoy = put(state, "peace_envoy", 1)
    state.flat.set("favor", 1, 8)
    state.apply(action(Kind.CAMPAIGN, 0))
    state.apply(action(Kind.FIGHT))
    dice = campaign.pools(state)[1]
    chancellor_force = campaign._defense_force(state)
    favor = state.flat.get("favor", 0)
    state.apply(action(Kind.USE_PLAN, envoy))
    assert state.flat.get("favor", 0) == favor + dice
    assert state.flat.get("campaign_victorious") == 1 and state.flat.get("campaign_attack") == 0, "no dice rolled"
    assert state.flat.get("warbands", 0) == chancellor_force, "the defeated force goes home whole"


def test_hearts_and_minds_makes_the_defender_victorious_now() -> None:
    state = exile_at_chancellors_site(3, warbands=6)
    site = state.flat.get("pawn_site", 0)
    hearts = at_site(state, "hearts_and_minds", site)
    state.flat.set("favor", 0, 5)
    state.apply(action(Kind.CAMPAIGN, 0))
    state.apply(action(Kind.FIGHT))
    assert state.current_player() == 0, "the attacker has no plan: the defender's turn to choose"
    use(state, hearts)
    assert state.flat.get("campaign_attack") == 0 and state.flat.get("phase") == Phase.ACT
    assert state.flat.get("warbands", 1) == 3, "the defeated attacker kills half their force"


def test_wrestlers_sacrifice_a_warband_of_the_defending_force_for_a_defense_die() -> None:
    state = exile_at_chancellors_site(3)
    wrestlers = put(state, "wrestlers", 0)
    state.apply(action(Kind.CAMPAIGN, 0))
    state.apply(action(Kind.FIGHT))
    assert state.current_player() == 0, "the attacker has no plan: the defender's turn to choose"
    force, dice = campaign._defense_force(state), campaign.pools(state)[1]
    state.apply(action(Kind.USE_PLAN, wrestlers))
    while state.flat.get("phase") == Phase.CAMPAIGN_LOSSES:
        assert state.current_player() == 0
        state.apply(state.legal_actions()[0])
    assert campaign._defense_force(state) == force - 1 and campaign.pools(state)[1] == dice + 1
    assert state.flat.get("phase") == Phase.CAMPAIGN_PLANS


def test_hospital_takes_in_the_warbands_skulls_would_kill() -> None:
    for seed in SEEDS:
        state = exile_at_chancellors_site(seed, 6)
        here = state.flat.get("pawn_site", 1)
        elsewhere = next(s for s in state.sites_on_map() if s != here and not state.rules(0, s))
        state.flat.move(("warband_bank", 1), ("site_warbands", elsewhere, 1), 1)
        hospital = at_site(state, "hospital", elsewhere)
        state.apply(action(Kind.CAMPAIGN, 0))
        state.apply(action(Kind.FIGHT))
        use(state, hospital)
        killed_before = state.flat.get("warband_bank", 1)
        to_the_dice(state)
        skulls = 6 - attacker_board(state)
        if skulls and state.flat.get("phase") == Phase.CAMPAIGN_SACRIFICE:
            assert state.flat.get("site_warbands", elsewhere, 1) == 1 + skulls
            assert state.flat.get("warband_bank", 1) == killed_before
            return
    pytest.fail("no skull")


def test_sticky_fire_lets_the_victor_have_the_whole_force_killed_for_a_favor() -> None:
    for seed in SEEDS:
        state = exile_at_chancellors_site(seed, 14)
        fire = put(state, "sticky_fire", 1)
        state.flat.set("favor", 1, 3)
        state.apply(action(Kind.CAMPAIGN, 0))
        state.apply(action(Kind.FIGHT))
        use(state, fire)
        force = campaign._defense_force(state)
        to_the_dice(state)
        if state.flat.get("phase") == Phase.CAMPAIGN_SACRIFICE:
            state.apply(action(Kind.SACRIFICE))
        if state.flat.get("phase") != Phase.CAMPAIGN_KILL_ALL:
            continue
        assert state.current_player() == 1 and state.legal_actions() == [action(Kind.KILL_ALL, fire), action(Kind.DONE)]
        favor = state.flat.get("favor", 0)
        bank = state.flat.get("warband_bank", 0)
        state.apply(action(Kind.KILL_ALL, fire))
        while state.flat.get("phase") == Phase.CAMPAIGN_LOSSES:
            state.apply(state.legal_actions()[0])
        assert state.flat.get("warband_bank", 0) == bank + force and state.flat.get("favor", 0) == favor + 1
        return
    pytest.fail("no victory")


def defeated_with(seed: int, field: str) -> OathState:
    state = exile_at_chancellors_site(seed, 3)
    state.apply(action(Kind.CAMPAIGN, 0))
    if field:
        state.flat.set(field, 1, 1)
    state.apply(action(Kind.FIGHT))
    if state.flat.get("phase") == Phase.CAMPAIGN_SACRIFICE:
        state.apply(action(Kind.DONE))
    return state


def test_billowing_fog_and_shield_wall_set_what_a_defeat_kills() -> None:
    for seed in SEEDS:
        plain = defeated_with(seed, "")
        if plain.flat.get("phase") != Phase.ACT or attacker_board(plain) < 2:
            continue
        fog, wall = defeated_with(seed, "defeat_kills_none"), defeated_with(seed, "defeat_kills_all")
        survivors = attacker_board(fog)
        assert attacker_board(plain) == survivors - survivors // 2, "half, rounded down, without the plans"
        assert attacker_board(wall) == 0
        return
    pytest.fail("no defeat")


def test_martial_culture_lets_a_victorious_exile_become_a_citizen() -> None:
    for seed in SEEDS:
        state = OathState(exile_at_chancellors_site(0).game, 3, seed)
        while state.flat.get("phase") == Phase.SETUP:
            state.apply(state.legal_actions()[0])
        flat = state.flat
        site = flat.get("pawn_site", 1)
        flat.set("pawn_site", 2, site)
        flat.set("current_player", 1)
        flat.set("supply", 1, 6)
        flat.move(("warband_bank", 1), ("warbands", 1), 14)
        culture = put(state, "martial_culture", 1)
        state.apply(action(Kind.CAMPAIGN, 2))
        state.apply(action(Kind.TARGET_PAWN))
        state.apply(action(Kind.FIGHT))
        use(state, culture)
        to_the_dice(state)
        if flat.get("phase") == Phase.CAMPAIGN_SACRIFICE:
            state.apply(action(Kind.SACRIFICE))
        while flat.get("phase") == Phase.CAMPAIGN_LOSSES:
            state.apply(state.legal_actions()[0])
        if not flat.get("campaign_victorious"):
            continue
        finish(state)
        assert state.legal_actions() == [action(Kind.BECOME_CITIZEN, culture), action(Kind.DONE)]
        state.apply(action(Kind.BECOME_CITIZEN, culture))
        assert state.role_of(1) == "citizen"
        assert flat.get("current_player") == 2, "their Act Phase is over: the turn passed"
        return
    pytest.fail("no victory")


def test_rangers_read_the_defense_pool_as_it_stands() -> None:
    state = exile_at_chancellors_site(3)
    rangers = put(state, "rangers", 1)
    state.flat.set("favor", 1, 2)
    scepter = state.cards.of("relic", "grand_scepter")
    state.apply(action(Kind.CAMPAIGN, 0))
    state.apply(state.card_move(Kind.TARGET_RELIC, scepter))
    state.apply(action(Kind.FIGHT))
    assert campaign.pools(state)[1] >= 4
    use(state, rangers)
    assert state.flat.get("attack_dice_delta") == 2 and state.flat.get("ignore_attack_skulls") == 1


def test_gleaming_armor_and_insect_swarm_add_a_secret_and_a_burned_favor_to_enemy_plans() -> None:
    state = exile_at_chancellors_site(3)
    archers = put(state, "horse_archers", 1)
    put(state, "gleaming_armor", 0)
    put(state, "insect_swarm", 0)
    state.flat.move(("secret", 1), ("shared_secret",), 9)
    state.flat.move(("shared_favor",), ("favor", 1), 3)
    state.apply(action(Kind.CAMPAIGN, 0))
    broke = state.clone()
    broke.apply(action(Kind.FIGHT))
    assert action(Kind.USE_PLAN, archers) not in broke.legal_actions(), "no secret for Gleaming Armor"
    state.flat.move(("shared_secret",), ("secret", 1), 1)
    state.apply(action(Kind.FIGHT))
    favor = state.flat.get("favor", 1)
    state.apply(action(Kind.USE_PLAN, archers))
    assert state.flat.get("card_secret", archers) == 1 and state.flat.get("favor", 1) == favor - 1


def test_true_names_forbids_enemy_plans_of_its_rulers_adviser_suits() -> None:
    for chancellor_has_a_nomad_adviser in (False, True):
        state = exile_at_chancellors_site(3)
        archers = put(state, "horse_archers", 1)
        put(state, "true_names", 0)
        if chancellor_has_a_nomad_adviser:
            put(state, "pilgrimage", 0)
        state.apply(action(Kind.CAMPAIGN, 0))
        state.apply(action(Kind.FIGHT))
        assert (action(Kind.USE_PLAN, archers) in state.legal_actions()) is not chancellor_has_a_nomad_adviser


def test_marsh_spirit_forbids_plans_to_the_attacker_who_targets_its_site() -> None:
    state = exile_at_chancellors_site(3)
    archers = put(state, "horse_archers", 1)
    at_site(state, "marsh_spirit", state.flat.get("pawn_site", 1))
    state.apply(action(Kind.CAMPAIGN, 0))
    state.apply(action(Kind.FIGHT))
    assert action(Kind.USE_PLAN, archers) not in state.legal_actions()


def campaign_until_a_power_asks(state: OathState) -> None:
    """Seat 1 campaigns against the Chancellor, passing on every step it can, until a power asks a choice."""
    state.apply(action(Kind.CAMPAIGN, 0))
    state.apply(action(Kind.FIGHT))
    pass_until(state, (Phase.EFFECT,))


def pass_until(state: OathState, phases: tuple[Phase, ...]) -> list[int]:
    """Passes (DONE) where it can, else takes the first option, until the game reaches one of these phases; the
    phases on the way."""
    passed = []
    while state.flat.get("phase") not in phases:
        passed.append(state.flat.get("phase"))
        legal = state.legal_actions()
        state.apply(action(Kind.DONE) if action(Kind.DONE) in legal else legal[0])
    return passed


def test_herald_gains_a_favor_after_another_player_campaigns_against_a_player() -> None:
    state = exile_at_chancellors_site(3)
    put(state, "herald", 0)
    favor = state.flat.get("favor", 0)
    campaign_until_a_power_asks(state)
    assert state.current_player() == 0, "Herald's ruler chooses the favor bank"
    state.apply(state.legal_actions()[0])
    assert state.flat.get("favor", 0) == favor + 1
    assert state.flat.get("phase") == Phase.ACT and state.current_player() == 1


def test_obsidian_cage_takes_in_the_defeated_force_left_after_the_losses() -> None:
    for seed in SEEDS:
        state = exile_at_chancellors_site(seed, 14)
        site = state.flat.get("pawn_site", 1)
        state.flat.move(("warband_bank", 0), ("site_warbands", site, 0), 4)
        cage = put(state, "obsidian_cage", 1)
        state.apply(action(Kind.CAMPAIGN, 0))
        state.apply(action(Kind.FIGHT))
        force = battle.force_size(state.flat, 0)
        use(state, cage)
        decide(state)
        if state.flat.get("campaign_victorious") == 1:
            break
    relic = cage - state.cards.base["relic"]
    killed = state.flat.get("campaign_killed", 0)
    assert killed and state.flat.get("relic_warbands", relic, 0) == force - killed, "the force left, caged"
    assert state.flat.get("site_warbands", site, 0) == 0 and state.flat.get("warbands", 0) == 0
    check_invariants(state)


def test_knights_errant_lets_its_user_campaign_for_no_supply_after_mustering() -> None:
    state = exile_at_chancellors_site(3)
    put(state, "knights_errant", 1)
    target = at_site(state, "wolves", state.flat.get("pawn_site", 1))
    state.flat.move(("shared_favor",), ("favor", 1), 2)
    state.apply(action(Kind.MUSTER, target))
    while state.flat.get("phase") == Phase.MODIFIERS:
        state.apply(action(Kind.TAKE_ACTION))
    assert state.flat.get("phase") == Phase.EFFECT, "may campaign"
    state.apply(action(Kind.ANSWER, 1))
    supply = state.flat.get("supply", 1)
    assert state.flat.get("phase") == Phase.CAMPAIGN_DEFENDER and state.current_player() == 1
    assert action(Kind.CAMPAIGN_FROM_POWER, 0) in state.legal_actions()
    state.apply(action(Kind.CAMPAIGN_FROM_POWER, 0))
    assert state.flat.get("phase") == Phase.CAMPAIGN_TARGETS and state.flat.get("supply", 1) == supply


def test_captains_campaign_at_a_site_the_user_rules_with_its_warbands_in_the_force() -> None:
    state = exile_at_chancellors_site(3)
    flat = state.flat
    home = flat.get("pawn_site", 1)
    far = next(s for s in state.sites_on_map() if s != home and not flat.get("site_warbands", s, 0))
    flat.move(("warband_bank", 1), ("site_warbands", far, 1), 3)
    flat.set("pawn_site", 0, far)
    captains = put(state, "captains", 1)
    flat.move(("shared_favor",), ("favor", 1), 2)
    state.apply(action(Kind.USE_POWER, captains))
    while flat.get("phase") == Phase.EFFECT:
        state.apply(action(Kind.ANSWER, far) if action(Kind.ANSWER, far) in state.legal_actions()
                    else state.legal_actions()[0])
    assert flat.get("phase") == Phase.CAMPAIGN_DEFENDER
    assert action(Kind.CAMPAIGN_FROM_POWER, 0) in state.legal_actions(), "the Chancellor's pawn is at that site"
    state.apply(action(Kind.CAMPAIGN_FROM_POWER, 0))
    assert battle.attacker_site(flat) == far and far in battle.force_places(flat, 1), "its warbands there fight"


def test_hunting_party_lets_its_user_campaign_after_searching_the_world_deck() -> None:
    state = exile_at_chancellors_site(3)
    put(state, "hunting_party", 1)
    state.apply(action(Kind.SEARCH_WORLD))
    while state.flat.get("phase") == Phase.MODIFIERS:
        state.apply(action(Kind.TAKE_ACTION))
    state.apply(state.legal_actions()[0])
    kept = state.cards.in_zone(state.cards.zone("drawn", 1))[0]
    state.apply(action(Kind.DISCARD, kept))
    assert state.flat.get("phase") == Phase.EFFECT, "after searching the world deck: may campaign"
    state.apply(action(Kind.ANSWER, 1))
    assert state.flat.get("phase") == Phase.CAMPAIGN_DEFENDER and action(Kind.CAMPAIGN_FROM_POWER, 0) in state.legal_actions()
    discard = exile_at_chancellors_site(3)
    put(discard, "hunting_party", 1)
    region = discard.region_of(discard.flat.get("pawn_site", 1))
    discard.cards.put(discard.cards.of("denizen", "wolves"), discard.cards.discard_pile(region))
    discard.apply(action(Kind.SEARCH_DISCARD, region))
    while discard.flat.get("phase") == Phase.MODIFIERS:
        discard.apply(action(Kind.TAKE_ACTION))
    discard.apply(discard.legal_actions()[0])
    discard.apply(action(Kind.DISCARD, discard.cards.in_zone(discard.cards.zone("drawn", 1))[0]))
    assert discard.flat.get("phase") == Phase.ACT, "not after searching a discard pile"


def test_sneak_attack_lets_its_ruler_campaign_back_against_the_attacker_for_no_supply() -> None:
    state = exile_at_chancellors_site(3)
    put(state, "sneak_attack", 0)
    supply = state.flat.get("supply", 0)
    campaign_until_a_power_asks(state)
    assert state.current_player() == 0, "Sneak Attack's ruler may campaign"
    state.apply(action(Kind.ANSWER, 1))
    assert state.flat.get("phase") == Phase.CAMPAIGN_DEFENDER
    assert state.legal_actions() == [action(Kind.CAMPAIGN_FROM_POWER, 1)], "only against the attacker"
    state.apply(action(Kind.CAMPAIGN_FROM_POWER, 1))
    assert state.flat.get("campaign_attacker") == 0 and state.flat.get("supply", 0) == supply


def test_jinx_lets_its_ruler_reroll_the_attack_once_for_a_secret() -> None:
    differed = False
    for seed in range(12):
        base = exile_at_chancellors_site(1)
        jinx = put(base, "jinx", 1)
        base.flat.cells[0] = ((1 + seed) * 0x9E3779B1 & 0xFFFFFFFF) - 2 ** 31
        base.apply(action(Kind.CAMPAIGN, 0))
        base.apply(action(Kind.FIGHT))
        to_the_dice(base)
        assert base.flat.get("phase") == Phase.CAMPAIGN_REROLL and base.current_player() == 1
        assert base.legal_actions() == [action(Kind.REROLL, jinx), action(Kind.DONE)]
        kept, rerolled = base.clone(), base.clone()
        first = attack(kept)
        kept.apply(action(Kind.DONE))
        assert attack(kept) == first and kept.flat.get("phase") != Phase.CAMPAIGN_REROLL
        secrets = rerolled.flat.get("secret", 1)
        rerolled.apply(action(Kind.REROLL, jinx))
        assert rerolled.flat.get("card_secret", jinx) == 1 and rerolled.flat.get("secret", 1) == secrets - 1
        assert rerolled.flat.get("phase") != Phase.CAMPAIGN_REROLL, "once"
        differed |= attack(rerolled) != first
        check_invariants(rerolled)
    assert differed, "the new roll replaces the old one"


def test_jinx_is_not_offered_to_a_ruler_without_a_secret_to_pay() -> None:
    state = exile_at_chancellors_site(1)
    put(state, "jinx", 1)
    state.flat.move(("secret", 1), ("shared_secret",), state.flat.get("secret", 1))
    state.apply(action(Kind.CAMPAIGN, 0))
    state.apply(action(Kind.FIGHT))
    to_the_dice(state)
    assert state.flat.get("phase") != Phase.CAMPAIGN_REROLL


def test_jinx_lets_its_ruler_reroll_the_dice_a_power_rolls_for_a_secret_on_jinx() -> None:
    """Gambling Hall's roll "for any reason": the reroll is offered after the roll, its secret goes on Jinx (in
    turn), and the new total is what the Hall pays."""
    state = exile_at_chancellors_site(1)
    hall = at_site(state, "gambling_hall", state.flat.get("pawn_site", 1))
    jinx = put(state, "jinx", 1)
    state.flat.move(("shared_favor",), ("favor", 1), 2)
    state.flat.move(("shared_secret",), ("secret", 1), 1)
    state.apply(action(Kind.USE_POWER, hall))
    assert state.flat.get("phase") == Phase.EFFECT and state.current_player() == 1
    assert state.legal_actions() == [action(Kind.ANSWER, 0), action(Kind.ANSWER, 1)], "reroll or not"
    assert state.describe(action(Kind.ANSWER, 1)) == "Gambling Hall: yes, do it", "the asking power's card"
    kept, rerolled = state.clone(), state.clone()
    first = state.flat.get("power_roll")
    kept.apply(action(Kind.ANSWER, 0))
    assert kept.flat.get("power_roll") == first and kept.flat.get("card_secret", jinx) == 0
    secrets = rerolled.flat.get("secret", 1)
    expected = natives.roll_defense_total(Cards(state.flat.copy()), [4])
    rerolled.apply(action(Kind.ANSWER, 1))
    assert rerolled.flat.get("card_secret", jinx) == 1 and rerolled.flat.get("secret", 1) == secrets - 1
    assert rerolled.flat.get("power_roll") == expected, "the new roll replaces the old one"
    answer_all(rerolled)
    check_invariants(rerolled)


def test_jinx_on_a_power_roll_out_of_turn_turns_its_secret_facedown_and_needs_one_to_pay() -> None:
    """Relic Thief rolls in another player's turn: Jinx's placed secret goes facedown on its payer's board (4.3.2);
    with no secret to pay, no reroll is offered."""
    for secrets, offered in ((1, True), (0, False)):
        for seed in range(60):
            state = started(seed)
            site = state.flat.get("pawn_site", 0)
            if not state.relics_at(site) or state.game.entities("site")[site].recover_cost is None:
                continue
            put(state, "relic_thief", 1)
            jinx = put(state, "jinx", 1)
            state.flat.set("pawn_site", 1, site)
            state.flat.move(("secret", 1), ("shared_secret",), state.flat.get("secret", 1))
            state.flat.move(("shared_secret",), ("secret", 1), secrets)
            state.flat.move(("shared_favor",), ("favor", 0), 5)
            state.flat.move(("shared_secret",), ("secret", 0), 3)
            state.apply(state.card_move(Kind.RECOVER_RELIC, state.relics_at(site)[0]))
            if state.flat.get("phase") == Phase.MODIFIERS:
                state.apply(action(Kind.TAKE_ACTION))
            state.apply(action(Kind.ANSWER, 1))
            asked = state.flat.get("phase") == Phase.EFFECT and state.current_player() == 1
            assert asked is offered
            if offered:
                state.apply(action(Kind.ANSWER, 1))
                assert state.flat.get("secret_facedown", 1) == 1 and state.flat.get("card_secret", jinx) == 0
            assert state.current_player() == 0
            break
        else:
            raise AssertionError("no seed put a relic to recover at the first player's site")


def to_the_end_of(state: OathState) -> None:
    """Through the Campaign up to the discards at its end."""
    pass_until(state, (Phase.ACT, Phase.CAMPAIGN_DISCARD_INSTEAD))


@pytest.mark.parametrize("instead", [True, False])
def test_wild_mounts_keeps_nomad_plans_by_discarding_a_beast_card_instead(instead: bool) -> None:
    state = exile_at_chancellors_site(1)
    mounts, lancers, wolves = (put(state, name, 1) for name in ("wild_mounts", "lancers", "wolves"))
    state.apply(action(Kind.CAMPAIGN, 0))
    state.apply(action(Kind.FIGHT))
    use(state, mounts)
    use(state, lancers)
    to_the_end_of(state)
    assert state.flat.get("phase") == Phase.CAMPAIGN_DISCARD_INSTEAD and state.current_player() == 1
    assert state.legal_actions() == [action(Kind.DISCARD_INSTEAD, wolves), action(Kind.DONE)]
    state.apply(action(Kind.DISCARD_INSTEAD, wolves) if instead else action(Kind.DONE))
    to_the_end_of(state)
    advisers = state.advisers(1)
    assert (lancers in advisers, wolves in advisers) == ((True, False) if instead else (False, True))
    assert state.flat.get("phase") == Phase.ACT
    check_invariants(state)


def through_the_campaign(state: OathState) -> list[int]:
    """Through the Campaign up to the Act or Second Wind's Travel; the phases on the way."""
    return pass_until(state, (Phase.ACT, Phase.CAMPAIGN_TRAVEL))


def test_second_wind_lets_the_victor_travel_for_no_supply_then_campaign_for_none() -> None:
    state = first_victory(attacker=("second_wind",))
    through_the_campaign(state)
    flat = state.flat
    assert flat.get("phase") == Phase.CAMPAIGN_TRAVEL and state.current_player() == 1
    here = flat.get("pawn_site", 1)
    flat.set("supply", 1, 0)
    far = next(s for s in state.sites_on_map() if state.region_of(s) != state.region_of(here))
    assert {action(Kind.TRAVEL, far), action(Kind.DONE)} <= set(state.legal_actions()), "travels cost no Supply"
    for illegal in (action(Kind.END_TURN), action(Kind.CAMPAIGN_FROM_POWER, 0), action(Kind.TRAVEL, here)):
        with pytest.raises(IllegalAction):
            state.apply(illegal)
    state.apply(action(Kind.TRAVEL, far))
    while flat.get("phase") in (Phase.MODIFIERS, Phase.EFFECT):
        state.apply(state.legal_actions()[-1])
    assert flat.get("pawn_site", 1) == far and flat.get("supply", 1) == 0
    assert flat.get("phase") == Phase.CAMPAIGN_DEFENDER and state.current_player() == 1, "then may campaign"
    state.apply(action(Kind.DONE))
    assert flat.get("phase") == Phase.ACT
    assert action(Kind.TRAVEL, here) not in state.legal_actions(), "only that Travel was free"


def test_second_wind_may_skip_the_travel_and_gives_nothing_after_a_defeat() -> None:
    state = first_victory(attacker=("second_wind",))
    through_the_campaign(state)
    here = state.flat.get("pawn_site", 1)
    state.apply(action(Kind.DONE))
    assert state.flat.get("phase") == Phase.CAMPAIGN_DEFENDER and state.flat.get("pawn_site", 1) == here
    for seed in SEEDS:
        state = exile_at_chancellors_site(seed, 3)
        wind = put(state, "second_wind", 1)
        state.apply(action(Kind.CAMPAIGN, 0))
        state.apply(action(Kind.FIGHT))
        use(state, wind)
        to_the_dice(state)
        if state.flat.get("phase") == Phase.CAMPAIGN_SACRIFICE:
            state.apply(action(Kind.DONE))
        if state.flat.get("campaign_victorious") == 0:
            through_the_campaign(state)
            assert state.flat.get("phase") == Phase.ACT
            return
    pytest.fail("no defeat")


def test_second_wind_travel_is_bound_by_the_travel_modifiers() -> None:
    state = first_victory(attacker=("second_wind",))
    through_the_campaign(state)
    put(state, "vow_of_union", 1)
    state.flat.move(("warband_bank", 1), ("site_warbands", state.flat.get("pawn_site", 1), 1), 1)
    assert state.flat.get("warbands", 1), "warbands on the board"
    assert state.legal_actions() == [action(Kind.DONE)], "Vow of Union: no Travel from a site its holder rules"


def relic_hunt(seed: int, relics: int = 1, python: bool = False) -> tuple[OathState, int]:
    """Seat 1 campaigns against the Chancellor at their site, where facedown relics lie (the last one returned), and
    plays Relic Hunter. With `python` the Chancellor has Giant Python, and the Grand Scepter (5 dice) is targeted
    with the site (1) to make the target dice even."""
    state = exile_at_chancellors_site(seed, 14)
    hunter = put(state, "relic_hunter", 1)
    for relic in state.cards.in_zone(state.cards.zone("relic_deck"))[-relics:]:
        state.cards.put(relic, state.cards.zone("at_site"))
        state.flat.set("card_site", relic, state.flat.get("pawn_site", 1))
    state.apply(action(Kind.CAMPAIGN, 0))
    if python:
        put(state, "giant_python", 0)
        state.apply(state.card_move(Kind.TARGET_RELIC, state.cards.of("relic", "grand_scepter")))
    state.apply(action(Kind.FIGHT))
    state.apply(action(Kind.USE_PLAN, hunter))
    return state, relic


def test_relic_hunter_targets_the_facedown_relics_at_targeted_sites_for_a_defense_die_each() -> None:
    state, relic = relic_hunt(3)
    flat = state.flat
    here = flat.get("pawn_site", 1)
    assert flat.get("phase") == Phase.CAMPAIGN_SITE_RELICS and state.current_player() == 1
    hunted = {state.card_move(Kind.TARGET_RELIC, r) for r in state.relics_at(here)}
    assert relic in state.relics_at(here) and set(state.legal_actions()) == hunted | {action(Kind.DONE)}
    elsewhere = next(s for s in state.sites_on_map() if not flat.get("campaign_target_site", s))
    other = state.cards.in_zone(state.cards.zone("relic_deck"))[-1]
    state.cards.put(other, state.cards.zone("at_site"))
    flat.set("card_site", other, elsewhere)
    with pytest.raises(IllegalAction):
        state.apply(state.card_move(Kind.TARGET_RELIC, other))
    dice = campaign.pools(state)[1]
    state.apply(state.card_move(Kind.TARGET_RELIC, relic))
    assert campaign.pools(state)[1] == dice + 1
    assert state.card_move(Kind.TARGET_RELIC, relic) not in state.legal_actions()
    state.apply(action(Kind.DONE))
    assert flat.get("phase") != Phase.CAMPAIGN_SITE_RELICS


@pytest.mark.parametrize("returned", [True, False])
def test_relic_hunter_may_put_the_relics_taken_on_the_bottom_of_the_relic_deck(returned: bool) -> None:
    for seed in SEEDS:
        state, relic = relic_hunt(seed)
        flat = state.flat
        for chosen in state.legal_actions():
            if Kind(chosen // STRIDE) == Kind.TARGET_RELIC:
                state.apply(chosen)
        state.apply(action(Kind.DONE))
        decide(state)
        if flat.get("campaign_victorious") == 1:
            break
    else:
        pytest.fail("no victory")
    while flat.get("phase") == Phase.CAMPAIGN_OCCUPY:
        state.apply(action(Kind.DONE))
    taken = state.cards.in_zone(state.cards.zone("relics_held", 1))
    assert relic in taken and flat.get("card_faceup", relic) and flat.get("phase") == Phase.CAMPAIGN_RETURN_RELICS
    assert set(state.legal_actions()) == {action(Kind.RELIC_TO_DECK, r) for r in taken} | {action(Kind.DONE)}
    with pytest.raises(IllegalAction):
        state.apply(action(Kind.RELIC_TO_DECK, state.cards.of("relic", "grand_scepter")))
    if returned:
        for r in taken:
            state.apply(action(Kind.RELIC_TO_DECK, r))
    else:
        state.apply(action(Kind.DONE))
    assert flat.get("phase") != Phase.CAMPAIGN_RETURN_RELICS
    deck = state.cards.in_zone(state.cards.zone("relic_deck"))
    assert (relic in deck, relic in state.cards.in_zone(state.cards.zone("relics_held", 1))) == (returned, not returned)
    if returned:
        assert relic in deck[:len(taken)] and not flat.get("card_faceup", relic), "facedown at the bottom"
    through_the_campaign(state)
    check_invariants(state)


def test_relic_hunter_keeps_the_target_dice_even_against_giant_python() -> None:
    state, relic = relic_hunt(1, relics=2, python=True)
    assert state.flat.get("phase") == Phase.CAMPAIGN_SITE_RELICS and action(Kind.DONE) in state.legal_actions()
    state.apply(state.card_move(Kind.TARGET_RELIC, relic))
    assert action(Kind.DONE) not in state.legal_actions(), "7 dice, and another relic can make them even"
    state.apply(state.legal_actions()[0])
    assert state.legal_actions() == [action(Kind.DONE)]
