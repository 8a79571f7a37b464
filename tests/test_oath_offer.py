"""A Citizenship offer's binding exchange (6.6.1-6.6.2): the Grand Scepter's holder adds favor, secrets, banners and
non-Reliquary relics from either side to the Reliquary relic, and may let the Exile peek at the Reliquary; the
Exile's acceptance carries it all out, a refusal moves nothing."""

from __future__ import annotations

import pytest

from lawforge.runtime.oath.actions import IllegalAction, Kind, Phase, action
from lawforge.runtime.oath.banners import DARKEST_SECRET, PEOPLES_FAVOR
from lawforge.runtime.oath.game import OathState
from lawforge.runtime.oath.observe import HIDDEN, observe
from test_oath_banners import started
from test_oath_citizenship import reliquary, scepter, use_scepter
from test_oath_negotiate import give_relic
from test_oath_play import check_invariants


def offering(seed: int) -> tuple[OathState, int, int]:
    """The Chancellor (seat 0), holding the Darkest Secret, offers Citizenship and a Reliquary relic to seat 1, who
    holds the Cracked Horn; both have favor and secrets. Returns the state, that relic and the Cracked Horn."""
    state = started(seed, players=3)
    flat = state.flat
    flat.set("banner_holder", DARKEST_SECRET, 0)
    for seat in (0, 1):
        flat.move(("shared_favor",), ("favor", seat), 3)
        flat.move(("shared_secret",), ("secret", seat), 2)
    horn = give_relic(state, 1, "cracked_horn")
    relic = reliquary(state)[0]
    use_scepter(state, 0, 1, relic, propose=False)
    assert flat.get("phase") == Phase.NEGOTIATE and state.current_player() == 0, "the holder adds to the offer"
    return state, relic, horn


def holdings(state: OathState) -> list[int]:
    """Each seat's favor and secrets, then who holds the Darkest Secret and the Cracked Horn."""
    flat = state.flat
    horn = state.cards.of("relic", "cracked_horn")
    return [flat.get(field, seat) for field in ("favor", "secret") for seat in (0, 1)] + [
        flat.get("banner_holder", DARKEST_SECRET), flat.get("card_zone", horn)]


def add_extras(state: OathState, horn: int) -> None:
    """Two favor and the Darkest Secret from the holder, a secret and the Cracked Horn from the Exile."""
    for piece in (action(Kind.GIVE_FAVOR, 0), action(Kind.GIVE_FAVOR, 0), action(Kind.GIVE_BANNER, DARKEST_SECRET),
                  action(Kind.GIVE_SECRET, 1), state.card_move(Kind.GIVE_CARD, horn)):
        state.apply(piece)


def test_an_accepted_offer_carries_out_its_exchange_both_ways_with_the_relic() -> None:
    state, relic, horn = offering(50)
    flat, cards = state.flat, state.cards
    before = holdings(state)
    tokens = flat.get("banner_secret", DARKEST_SECRET)
    legal = state.legal_actions()
    assert {action(Kind.GIVE_FAVOR, 1), action(Kind.GIVE_SECRET, 0), state.card_move(Kind.GIVE_CARD, scepter(state)),
            action(Kind.PROPOSE_EXCHANGE)} <= set(legal), "either side gives; the relic alone makes an offer"
    assert action(Kind.END_NEGOTIATION) not in legal, "the offer is made: the power that made it is spent"
    add_extras(state, horn)
    assert action(Kind.GIVE_BANNER, DARKEST_SECRET) not in state.legal_actions(), "each banner once"
    assert holdings(state) == before, "nothing moves while the offer is made"
    state.apply(action(Kind.PROPOSE_EXCHANGE))
    assert flat.get("phase") == Phase.CITIZENSHIP and state.current_player() == 1
    assert state.legal_actions() == [state.card_move(Kind.ACCEPT_CITIZENSHIP, relic), action(Kind.DECLINE_CITIZENSHIP)]
    assert holdings(state) == before, "nor while the Exile answers"
    state.apply(state.card_move(Kind.ACCEPT_CITIZENSHIP, relic))
    assert state.role_of(1) == "citizen" and flat.get("card_zone", relic) == cards.zone("relics_held", 1)
    assert holdings(state) == [before[0] - 2, before[1] + 2, before[2] + 1, before[3] - 1, 1,
                               cards.zone("relics_held", 0)]
    assert flat.get("banner_secret", DARKEST_SECRET) == tokens, "a banner given is not seized (2.5.3)"
    assert flat.get("phase") == Phase.ACT and state.current_player() == 0, "the holder's turn goes on"
    assert flat.get("negotiator") == 0 and not any(flat.slice("offer_banner")) and not any(flat.slice("offer_card"))
    check_invariants(state)


def test_a_declined_offer_moves_none_of_its_extras() -> None:
    state, relic, horn = offering(51)
    before = holdings(state)
    add_extras(state, horn)
    state.apply(action(Kind.PROPOSE_EXCHANGE))
    state.apply(action(Kind.DECLINE_CITIZENSHIP))
    flat = state.flat
    assert state.role_of(1) == "exile" and relic in reliquary(state)
    assert holdings(state) == before
    assert flat.get("phase") == Phase.ACT and flat.get("citizenship_offer") == -1 and flat.get("negotiator") == 0
    assert flat.get("offer_favor", 0) == 0 and not any(flat.slice("offer_banner")) and not any(flat.slice("offer_card"))
    check_invariants(state)


def test_only_what_6_6_1_lists_can_be_added_and_only_by_the_holder() -> None:
    """No other Reliquary relic, no adviser, no site, nothing of a third player's; no other partner, no withdrawal,
    no answer before the offer is made."""
    state, relic, _ = offering(52)
    flat = state.flat
    flat.set("banner_holder", PEOPLES_FAVOR, 2)
    third = give_relic(state, 2, "sticky_fire")
    site = flat.get("pawn_site", 0)
    legal = state.legal_actions()
    forbidden = [state.card_move(Kind.GIVE_CARD, card)
                 for card in reliquary(state) + state.advisers(0) + state.advisers(1)]
    forbidden += [state.card_move(Kind.GIVE_CARD, third), action(Kind.GIVE_BANNER, PEOPLES_FAVOR),
                  state.card_move(Kind.GIVE_CARD, state.site_card(site)), action(Kind.NEGOTIATE_WITH, 2),
                  action(Kind.END_NEGOTIATION), state.card_move(Kind.ACCEPT_CITIZENSHIP, relic),
                  action(Kind.ACCEPT_EXCHANGE)]
    assert not set(forbidden) & set(legal)
    before = list(flat.cells)
    for move in forbidden:
        with pytest.raises(IllegalAction):
            state.apply(move)
    assert list(flat.cells) == before, "an illegal move leaves the state as it was"
    state.apply(action(Kind.PROPOSE_EXCHANGE))
    with pytest.raises(IllegalAction):
        state.apply(action(Kind.GIVE_FAVOR, 0))


def test_the_holder_may_let_the_exile_peek_at_the_reliquary() -> None:
    state, relic, _ = offering(53)
    flat, cards = state.flat, state.cards
    zone = flat.at("card_zone", relic)
    assert observe(state, 1).cells[zone] == HIDDEN, "the Exile has not seen the relic offered"
    peeks = [state.card_move(Kind.LET_PEEK, card) for card in reliquary(state)]
    assert set(peeks) <= set(state.legal_actions())
    state.apply(state.card_move(Kind.LET_PEEK, relic))
    assert flat.get("card_seen", relic, 1) and observe(state, 1).cells[zone] == cards.zone("reliquary")
    assert state.card_move(Kind.LET_PEEK, relic) not in state.legal_actions(), "seen once, seen"
    other = give_relic(state, 2, "sticky_fire")
    with pytest.raises(IllegalAction):
        state.apply(state.card_move(Kind.LET_PEEK, other))
    assert "Reliquary" in state.describe(state.card_move(Kind.LET_PEEK, relic))
    assert state.describe(action(Kind.GIVE_BANNER, DARKEST_SECRET), "uk").endswith("стяг «Найтемніша Таємниця»")
