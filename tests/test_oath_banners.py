"""The banners (2.5, 5.4): Recover for more tokens than they hold, where old tokens go, the seize penalty,
the People's Favor at Wake, and the Oaths whose goal is a banner."""

from __future__ import annotations

from lawforge.runtime.oath.actions import STRIDE, Kind, Phase, action
from lawforge.runtime.oath.banners import BANNER_STRIDE, DARKEST_SECRET, PEOPLES_FAVOR, SUITS, seize
from lawforge.runtime.oath.game import OathState
from test_oath_play import OATH


def started(seed: int, players: int = 2) -> OathState:
    state = OathState(OATH, players, seed)
    while state.flat.get("phase") == Phase.SETUP:
        state.apply(state.legal_actions()[0])
    return state


def recover(banner: int, amount: int, first_suit: int = 0) -> int:
    return action(Kind.RECOVER_BANNER, banner * BANNER_STRIDE + amount * SUITS + first_suit)


def with_oath(state: OathState, oath: str) -> None:
    state.flat.set("oath", int(OATH.enums["oath"][oath.upper()]))


def test_recovering_the_peoples_favor_costs_more_than_it_holds_and_spreads_the_old_favor() -> None:
    state = started(1)
    state.flat.set("banner_holder", PEOPLES_FAVOR, -1)
    state.flat.move(("shared_favor",), ("banner_favor", PEOPLES_FAVOR), 2)  # 3 favor on it
    state.flat.set("banner_mob", PEOPLES_FAVOR, 1)
    state.flat.move(("shared_favor",), ("favor", 0), 6)
    legal = state.legal_actions()
    assert recover(PEOPLES_FAVOR, 3) not in legal and recover(PEOPLES_FAVOR, 4) in legal
    banks = [state.flat.get("bank_favor", s) for s in range(6)]
    order = sorted(range(6), key=lambda s: OATH.entities("suit")[s].bank_order)
    state.apply(recover(PEOPLES_FAVOR, 4, order[4]))
    assert state.flat.get("banner_holder", PEOPLES_FAVOR) == 0 and state.flat.get("banner_favor", PEOPLES_FAVOR) == 4
    assert state.flat.get("banner_mob", PEOPLES_FAVOR) == 0, "flipped back from its Mob side"
    gained = {s: state.flat.get("bank_favor", s) - banks[s] for s in range(6)}
    assert gained == {s: int(s in (order[4], order[5], order[0])) for s in range(6)}, "one by one round the cycle"


def test_the_darkest_secret_is_out_of_reach_while_its_holders_site_matches_their_advisers() -> None:
    state = started(2)
    state.flat.set("banner_holder", DARKEST_SECRET, 0)
    state.flat.set("secret", 1, 5)
    state.flat.set("supply", 1, 6)
    state.flat.set("current_player", 1)
    here = state.flat.get("pawn_site", 0)
    cards = [c for c in state.cards_at(here) if state.flat.get("card_faceup", c)]
    for card in state.advisers(0):
        state.flat.set("card_faceup", card, 0)
    reachable = bool(cards)
    assert (recover(DARKEST_SECRET, 2) in state.legal_actions()) == reachable
    if not cards:  # a card whose suit no faceup adviser of the holder matches opens the way
        card = state.cards.of("denizen", "alchemist")
        state.cards.put(card, state.cards.zone("at_site"), faceup=True)
        state.flat.set("card_site", card, here)
    state.apply(recover(DARKEST_SECRET, 2))
    assert state.flat.get("banner_holder", DARKEST_SECRET) == 1
    assert state.flat.get("secret", 1) == 5 - 2 + 1, "the new holder takes one of the old secrets"


def test_seizing_burns_two_but_leaves_one_and_raises_the_mob() -> None:
    state = started(3)
    state.flat.move(("shared_favor",), ("banner_favor", PEOPLES_FAVOR), 3)  # 4 favor on it
    seize(state, 1, PEOPLES_FAVOR)
    assert state.flat.get("banner_favor", PEOPLES_FAVOR) == 2 and state.flat.get("banner_mob", PEOPLES_FAVOR) == 1
    state.flat.move(("banner_favor", PEOPLES_FAVOR), ("shared_favor",), 1)
    seize(state, 0, PEOPLES_FAVOR)
    assert state.flat.get("banner_favor", PEOPLES_FAVOR) == 1, "to a minimum of one"


def test_the_holder_of_the_peoples_favor_must_feed_it_at_wake() -> None:
    state = started(4)
    state.flat.set("banner_holder", PEOPLES_FAVOR, 1)
    state.flat.set("favor", 1, 3)
    assert state.flat.get("banner_favor", PEOPLES_FAVOR) == 1
    state.flat.set("current_player", 0)
    state.apply(action(Kind.END_TURN))  # seat 1 wakes
    assert state.flat.get("current_player") == 1
    assert state.flat.get("banner_favor", PEOPLES_FAVOR) == 2 and state.flat.get("favor", 1) == 2, \
        "with one favor on it, the holder must put one more (4.1.1.I)"
    assert state.flat.get("phase") == Phase.ACT


def test_the_oath_of_the_people_follows_the_peoples_favor() -> None:
    state = started(5)
    with_oath(state, "people")
    state.flat.set("oathkeeper", 0)
    state.flat.move(("shared_favor",), ("favor", 0), 3)
    state.flat.set("banner_holder", PEOPLES_FAVOR, 1)
    state.flat.set("usurper", 1)
    state.update_oathkeeper()
    assert state.flat.get("oathkeeper") == 1 and state.flat.get("usurper") == 0, "taken on its Oathkeeper side"


def test_the_oath_of_protection_counts_relics_and_banners_and_ties_keep_the_title() -> None:
    state = started(6)
    with_oath(state, "protection")
    state.flat.set("oathkeeper", 0)  # the Chancellor holds the Grand Scepter: one relic
    state.flat.set("banner_holder", DARKEST_SECRET, 1)
    state.update_oathkeeper()
    assert state.flat.get("oathkeeper") == 0, "one each: the holder keeps it"
    state.flat.set("banner_holder", PEOPLES_FAVOR, 1)
    state.update_oathkeeper()
    assert state.flat.get("oathkeeper") == 1


def test_a_banner_taken_in_campaign_is_seized() -> None:
    from test_oath_campaign import fight

    for seed in range(100):
        state = started(seed)
        site = state.flat.get("pawn_site", 0)
        state.flat.set("pawn_site", 1, site)
        state.flat.set("current_player", 1)
        state.flat.set("banner_holder", PEOPLES_FAVOR, 0)
        state.flat.set("banner_holder", DARKEST_SECRET, -1)
        state.flat.move(("warband_bank", 1), ("warbands", 1), 8)
        state.apply(action(Kind.CAMPAIGN, 0))
        banners = [a % STRIDE for a in state.legal_actions() if a // STRIDE == Kind.TARGET_BANNER]
        assert banners == [PEOPLES_FAVOR], "only the defender's banners"
        state.apply(action(Kind.TARGET_BANNER, PEOPLES_FAVOR))
        fight(state)
        while state.flat.get("phase") != Phase.ACT:
            state.apply(action(Kind.DONE))
        if state.flat.get("banner_holder", PEOPLES_FAVOR) != 1:
            continue
        assert state.flat.get("banner_mob", PEOPLES_FAVOR) == 1 and state.flat.get("banner_favor", PEOPLES_FAVOR) == 1
        return
    raise AssertionError("no seed let the attacker seize the banner")


def test_magicians_code_adds_two_gained_secrets_to_the_darkest_secrets_payment() -> None:
    state = started(2)
    code = state.cards.of("denizen", "magicians_code")
    state.cards.put(code, state.cards.zone("advisers", 0), faceup=True)
    state.flat.set("banner_holder", DARKEST_SECRET, -1)
    state.flat.move(("secret", 0), ("shared_secret",), state.flat.get("secret", 0))
    state.flat.move(("shared_secret",), ("secret", 0), 1)
    state.flat.set("supply", 0, 6)
    old = state.flat.get("banner_secret", DARKEST_SECRET)
    assert recover(DARKEST_SECRET, old + 1) in state.legal_actions(), "one of the player's own and two gained"
    assert recover(DARKEST_SECRET, old + 2) in state.legal_actions()
    assert recover(DARKEST_SECRET, 4) not in state.legal_actions(), "only two are gained"
    state.flat.move(("favor", 0), ("shared_favor",), state.flat.get("favor", 0) - 1)
    assert recover(DARKEST_SECRET, 3) not in state.legal_actions(), "not without the two favor the Code costs"
    state.flat.move(("shared_favor",), ("favor", 0), 1)
    state.apply(recover(DARKEST_SECRET, 3))
    assert state.legal_actions() == [action(Kind.USE_MODIFIER, code)], "the Code makes it possible: it must be used"
    state.apply(action(Kind.USE_MODIFIER, code))
    state.apply(action(Kind.TAKE_ACTION))
    assert state.flat.get("banner_holder", DARKEST_SECRET) == 0 and state.flat.get("banner_secret", DARKEST_SECRET) == 3
    assert state.flat.get("secret", 0) == old, "all three paid; the old secret comes back to the recoverer"
    assert state.flat.get("card_favor", code) == 2
