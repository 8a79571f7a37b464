"""Persistent powers (7.1.4) that the kernel works out whenever it lists the legal moves: who cannot be exiled,
whose relics and banners cannot be targeted or taken, who cannot pay secrets for powers."""

from __future__ import annotations

from lawforge.runtime.oath import empire
from lawforge.runtime.oath.actions import Kind, Phase, action
from lawforge.runtime.oath.banners import BANNER_STRIDE, DARKEST_SECRET, PEOPLES_FAVOR, SUITS
from lawforge.runtime.oath.power_tables import POWER_STRIDE
from test_oath_banners import started
from test_oath_campaign import exile_at_chancellors_site
from test_oath_citizenship import citizen
from lawforge.runtime.oath.advisers import limit_of
from test_oath_triggers import adviser


def test_council_seat_keeps_its_citizen_ruler_from_exiling_themselves() -> None:
    state = started(6, players=3)
    citizen(state, 2)
    flat = state.flat
    flat.set("current_player", 2)
    flat.move(("shared_favor",), ("favor", 2), 9)
    assert action(Kind.SELF_EXILE) in state.legal_actions()
    seat = state.cards.of("denizen", "council_seat")
    state.cards.put(seat, state.cards.zone("advisers", 2), faceup=True)
    assert action(Kind.SELF_EXILE) not in state.legal_actions(), "6.8 with Council Seat: not even by themselves"
    assert flat.get("exile_forbidden", 2) == 1 and empire.can_self_exile(state, 2) is False


def test_the_circlet_of_command_keeps_its_holders_other_relics_and_banners_from_being_targeted() -> None:
    state = exile_at_chancellors_site(3)
    cards = state.cards
    circlet, cup = cards.of("relic", "circlet_of_command"), cards.of("relic", "cup_of_plenty")
    for relic in (circlet, cup):
        cards.put(relic, cards.zone("relics_held", 0), faceup=True)
    state.flat.set("banner_holder", DARKEST_SECRET, 0)
    state.apply(action(Kind.CAMPAIGN, 0))
    legal = state.legal_actions()
    assert state.card_move(Kind.TARGET_RELIC, circlet) in legal, "its holder's other relics only"
    assert state.card_move(Kind.TARGET_RELIC, cup) not in legal
    assert action(Kind.TARGET_BANNER, DARKEST_SECRET) not in legal


def test_lost_tongue_keeps_its_rulers_banners_from_players_who_rule_no_nomad_card() -> None:
    state = started(6)
    flat = state.flat
    flat.set("banner_holder", PEOPLES_FAVOR, 1)
    flat.move(("shared_favor",), ("favor", 0), 4)
    recover = action(Kind.RECOVER_BANNER, PEOPLES_FAVOR * BANNER_STRIDE + 2 * SUITS)
    adviser(state, "spirit_snare")
    assert recover in state.legal_actions()
    state.cards.put(state.cards.of("denizen", "lost_tongue"), state.cards.zone("advisers", 1), faceup=True)
    assert recover not in state.legal_actions(), "seat 0 rules no nomad card"
    adviser(state, "horse_archers")
    assert recover in state.legal_actions(), "seat 0 rules a nomad card now"


def test_spell_breaker_keeps_its_rulers_enemies_from_powers_that_cost_secrets() -> None:
    state = started(6)
    flat = state.flat
    flat.set("role", 1, int(state.game.enums["role"]["EXILE"]))
    flat.move(("shared_secret",), ("secret", 0), 4)
    flat.move(("shared_favor",), ("favor", 0), 4)
    snare = adviser(state, "spirit_snare")
    use = action(Kind.USE_POWER, 0 * POWER_STRIDE + snare)
    assert use in state.legal_actions()
    state.cards.put(state.cards.of("denizen", "spell_breaker"), state.cards.zone("advisers", 1), faceup=True)
    assert use not in state.legal_actions(), "an enemy of Spell Breaker's ruler pays no secret for a power"


def test_the_family_wagon_lets_nomad_advisers_ignore_the_limit_and_allows_one_other() -> None:
    state = started(17)
    adviser(state, "family_wagon")
    for name in ("horse_archers", "pilgrimage", "spell_breaker", "alchemist", "fire_talkers"):
        state.cards.put(state.cards.of("denizen", name), state.cards.zone("advisers", 0), faceup=True)
    limit, counted = limit_of(state.clone(), 0)
    names = {state.game.entities("denizen")[c].id.name.lower() for c in counted}
    assert limit == 1 and names == {"alchemist", "fire_talkers"}, "the nomad cards do not count; one other allowed"


def test_marriage_counts_as_two_hearth_advisers_when_trading() -> None:
    state = started(17)
    marriage = adviser(state, "marriage")
    state.legal_actions()
    assert state.faceup_matching(0, state.suit_of[marriage]) == 2
    state.cards.put(marriage, state.cards.zone("advisers", 0), faceup=False)
    state.legal_actions()
    assert state.faceup_matching(0, state.suit_of[marriage]) == 0, "facedown: no suit, no power"


def test_the_ring_of_devotion_keeps_its_holder_from_placing_warbands_at_sites() -> None:
    state = started(6)
    site = state.flat.get("pawn_site", 0)
    assert state.rules(0, site) and state.flat.get("warbands", 0) > 0
    assert action(Kind.WARBAND_TO_SITE, site) in state.legal_actions()
    ring = state.cards.of("relic", "ring_of_devotion")
    state.cards.put(ring, state.cards.zone("relics_held", 0), faceup=True)
    assert action(Kind.WARBAND_TO_SITE, site) not in state.legal_actions()


def test_vow_of_silence_pays_its_holder_the_secrets_another_player_puts_on_the_darkest_secret() -> None:
    state = started(7)
    adviser(state, "vow_of_silence")
    state.flat.set("banner_holder", DARKEST_SECRET, -1)
    state.flat.set("supply", 0, 6)
    recover = action(Kind.RECOVER_BANNER, DARKEST_SECRET * BANNER_STRIDE + 2 * SUITS)
    assert recover not in state.legal_actions(), "its holder cannot recover the Darkest Secret"
    state.flat.set("current_player", 1)
    state.flat.set("supply", 1, 6)
    state.flat.move(("shared_secret",), ("secret", 1), 3)
    state.flat.move(("secret", 0), ("shared_secret",), state.flat.get("secret", 0))
    paid = action(Kind.RECOVER_BANNER, DARKEST_SECRET * BANNER_STRIDE + 3 * SUITS)
    state.apply(paid)
    while state.flat.get("phase") != Phase.ACT:
        state.apply(state.legal_actions()[-1])
    assert state.flat.get("banner_holder", DARKEST_SECRET) == 1
    assert state.flat.get("secret", 0) == 3, "as many secrets as were placed on it"


def test_vow_of_silence_keeps_its_holder_from_giving_secrets_in_an_exchange() -> None:
    state = started(7)
    adviser(state, "tinkers_fair")
    state.cards.put(state.cards.of("denizen", "vow_of_silence"), state.cards.zone("advisers", 0), faceup=True)
    state.flat.move(("shared_secret",), ("secret", 1), 1)
    state.flat.set("supply", 0, 5)
    state.apply(action(Kind.USE_POWER, state.cards.of("denizen", "tinkers_fair")))
    state.apply(action(Kind.NEGOTIATE_WITH, 1))
    assert state.flat.get("secret", 0) > 0
    assert action(Kind.GIVE_SECRET, 0) not in state.legal_actions()
    assert action(Kind.GIVE_SECRET, 1) in state.legal_actions()


def test_relic_thief_may_steal_a_relic_recovered_in_its_rulers_region_on_a_roll_with_no_shield() -> None:
    outcomes = set()
    for seed in range(60):
        state = started(seed)
        site = state.flat.get("pawn_site", 0)
        if not state.relics_at(site) or state.game.entities("site")[site].recover_cost is None:
            continue
        thief = state.cards.of("denizen", "relic_thief")
        state.cards.put(thief, state.cards.zone("advisers", 1), faceup=True)
        state.flat.set("pawn_site", 1, site)
        state.flat.move(("shared_favor",), ("favor", 0), 5)
        state.flat.move(("shared_secret",), ("secret", 0), 3)
        relic = state.relics_at(site)[0]
        state.apply(state.card_move(Kind.RECOVER_RELIC, relic))
        if state.flat.get("phase") == Phase.MODIFIERS:
            state.apply(action(Kind.TAKE_ACTION))
        assert state.flat.get("phase") == Phase.EFFECT and state.current_player() == 1, "the Thief's ruler may roll"
        state.apply(max(state.legal_actions()))
        holder = next(seat for seat in (0, 1) if relic in state.cards.in_zone(state.cards.zone("relics_held", seat)))
        outcomes.add(holder)
        assert state.current_player() == 0
    assert outcomes == {0, 1}, "stolen on a roll with no shield, kept otherwise"


def test_ancient_bloodline_keeps_its_rulers_enemies_from_taking_relics_at_the_sites_it_rules() -> None:
    for seed in range(60):
        state = exile_at_chancellors_site(seed)
        site = state.flat.get("pawn_site", 1)
        if not state.relics_at(site) or state.game.entities("site")[site].recover_cost is None:
            continue
        relic = state.relics_at(site)[0]
        state.flat.move(("shared_favor",), ("favor", 1), 5)
        state.flat.move(("shared_secret",), ("secret", 1), 3)
        assert state.card_move(Kind.RECOVER_RELIC, relic) in state.legal_actions()
        bloodline = state.cards.of("denizen", "ancient_bloodline")
        state.cards.put(bloodline, state.cards.zone("advisers", 0), faceup=True)
        assert state.card_move(Kind.RECOVER_RELIC, relic) not in state.legal_actions(), "it acts as locked for an enemy"
        assert state.cards.locked(relic, 1) and not state.cards.locked(relic, 0)
        return
    raise AssertionError("no seed put a relic at the Chancellor's site")
