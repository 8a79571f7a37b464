"""Oath on the runtime: random games to the end, invariants at every step, replays, illegal actions."""

from __future__ import annotations

import random

import pytest

from lawforge.runtime import load
from lawforge.runtime.oath.advisers import limit_of
from lawforge.runtime.oath.empire import colour
from lawforge.runtime.oath.actions import STRIDE
from lawforge.runtime.oath.game import IllegalAction, Kind, OathState, Phase, action

OATH = load("oath")
FAVOR = ("favor", "bank_favor", "shared_favor", "card_favor", "banner_favor")
SECRETS = ("secret", "secret_facedown", "shared_secret", "card_secret", "banner_secret")
SECRET_TOKENS = int(OATH.manifest["inventory"]["secret_tokens"])


def check_invariants(state: OathState) -> None:
    flat = state.flat
    assert sum(sum(flat.cells_of(name)) for name in FAVOR) == 36, "favor is conserved"
    assert sum(sum(flat.cells_of(name)) for name in SECRETS) == SECRET_TOKENS, "secrets are conserved"
    for seat in range(state.players):
        on_boards = sum(flat.get("warbands", p) for p in range(state.players) if colour(flat, p) == seat)
        warbands = on_boards + flat.get("warband_bank", seat) + sum(
            flat.get("site_warbands", site, seat) for site in range(flat.size("site_slot"))) + sum(
            flat.get("relic_warbands", relic, seat) for relic in range(len(state.game.entities("relic")))) + sum(
            flat.get("vision_warbands", vision, seat) for vision in range(len(state.game.entities("vision"))))
        assert warbands == (24 if seat == 0 else 14), "warbands of each colour are conserved"
        assert 0 <= flat.get("supply", seat) <= 6
        limit, counted = limit_of(state.clone(), seat)
        assert len(counted) <= limit <= 3, "the adviser limit, the lowest applying (7.6.4), the Piper not counted"
    for site in state.sites_on_map():
        assert len(state.cards_at(site)) <= state.cards.capacity(site)
    cards = state.cards
    boxed = set(cards.in_zone(cards.zone("box"))) - {state.conspiracy, cards.of("relic", "grand_scepter")}
    assert not boxed, "cards leave the game only by the Conspiracy (5.1.4.IV) or the Chronicle (8.6.1)"
    on_map = set(state.sites_on_map())
    assert all(flat.get("card_site", card) in on_map for card in cards.in_zone(cards.zone("at_site"))), \
        "cards at sites are at sites on the map"


def random_game(players: int, seed: int, check: bool = False) -> OathState:
    state = OathState(OATH, players, seed)
    rng = random.Random(seed)
    for _ in range(20_000):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        assert legal, "never stuck"
        state.apply(rng.choice(legal))
        if check:
            check_invariants(state)
    return state


@pytest.mark.parametrize("players", [2, 4, 6])
def test_random_games_end_with_a_winner_and_keep_invariants(players: int) -> None:
    for seed in range(2):
        state = random_game(players, seed, check=True)
        assert state.is_terminal(), "every game ends by round 8"
        assert sum(state.returns()) == 1.0
        assert state.flat.get("round") <= 8


def test_history_replays_to_the_same_state() -> None:
    for seed in range(8):
        played = random_game(4, seed)
        again = OathState(OATH, 4, seed)
        for chosen in played.history:
            again.apply(chosen)
        assert again.flat.cells == played.flat.cells


def test_illegal_action_is_refused_and_changes_nothing() -> None:
    state = OathState(OATH, 3, 1)
    before = state.flat.cells.tolist()
    with pytest.raises(IllegalAction, match="is not a legal action now"):
        state.apply(action(Kind.END_TURN))  # during setup, players choose their first adviser
    assert state.flat.cells.tolist() == before and state.history == []


def test_setup_then_travel_costs_supply_by_the_table() -> None:
    state = OathState(OATH, 2, 3)
    while state.flat.get("phase") == Phase.SETUP:
        state.apply(state.legal_actions()[0])
    travels = [a for a in state.legal_actions() if a // STRIDE == Kind.TRAVEL]
    assert travels
    site = travels[0] % STRIDE
    cost = state.table_travel_cost(0, site)
    state.apply(travels[0])
    assert state.flat.get("supply", 0) == 6 - cost and state.flat.get("pawn_site", 0) == site
    assert state.describe(travels[0], "uk") == f"Подорожувати до місцевості «{OATH.entities('site')[site].name.uk}»"
    assert state.describe(travels[0], "fr").startswith("Voyager vers le site ")


def test_clone_is_independent() -> None:
    state = random_game(2, 5)
    twin = state.clone()
    assert twin.flat.cells == state.flat.cells
    twin.flat.set("round", 1)
    assert state.flat.get("round") != 1 or state.flat.cells != twin.flat.cells


def test_a_card_power_runs_its_compiled_effect_and_asks_its_user() -> None:
    state = OathState(OATH, 2, 4)
    while state.flat.get("phase") == Phase.SETUP:
        state.apply(state.legal_actions()[0])
    alchemist = state.cards.of("denizen", "alchemist")
    site = state.flat.get("pawn_site", 0)
    state.cards.put(alchemist, state.cards.zone("at_site"), faceup=True)
    state.flat.set("card_site", alchemist, site)
    state.flat.set("secret", 0, 2)
    favor_before = state.flat.get("favor", 0)
    use = action(Kind.USE_POWER, alchemist)
    assert use in state.legal_actions()
    state.apply(use)
    assert state.flat.get("card_secret", alchemist) == 1 and state.flat.get("secret", 0) == 0, "cost paid"
    answers = 0
    while state.flat.get("phase") == Phase.EFFECT:
        choices = state.legal_actions()
        assert all(a // STRIDE == Kind.ANSWER for a in choices)
        state.apply(choices[0])
        answers += 1
    assert answers >= 1 and state.flat.get("favor", 0) == favor_before + 4
    assert use not in state.legal_actions(), "its braid holds a token until the Rest"


def test_recover_pays_the_site_cost_and_takes_the_relic() -> None:
    for seed in range(40):
        state = OathState(OATH, 2, seed)
        while state.flat.get("phase") == Phase.SETUP:
            state.apply(state.legal_actions()[0])
        site = state.flat.get("pawn_site", 0)
        cost = OATH.entities("site")[site].recover_cost
        if cost is None or not state.relics_at(site):
            continue
        state.flat.set("favor", 0, 5)
        state.flat.set("secret", 0, 3)
        relic = state.relics_at(site)[0]
        state.apply(state.card_move(Kind.RECOVER_RELIC, relic))
        assert state.flat.get("favor", 0) == 5 - cost.place_favor - cost.burn_favor
        assert state.flat.get("secret", 0) == 3 - cost.place_secret - cost.burn_secret
        assert relic in state.cards.in_zone(state.cards.zone("relics_held", 0))
        assert state.flat.get("supply", 0) == 5
        return
    pytest.fail("no seed put the Chancellor at a site with a relic and a recover cost")
