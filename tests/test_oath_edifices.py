"""Edifices in play (2.9): their powers are played by the side they show, and Broken Forge repairs itself."""

from __future__ import annotations

from lawforge.runtime.oath.actions import Kind, Phase, action
from lawforge.runtime.oath.banners import BANNER_STRIDE, SUITS
from lawforge.runtime.oath.chronicle import Chronicle
from lawforge.runtime.oath.game import POWER_STRIDE, OathState
from test_oath_chronicle import finished
from test_oath_play import OATH, check_invariants


def with_edifice(name: str, *, ruined: bool) -> OathState:
    """A game set up from a Chronicle whose top site holds this edifice, seat 0's pawn there."""
    chronicle, _ = finished(1, 2).chronicle()
    qualified = f"edifice/{name}"
    lists = {field: [n for n in getattr(chronicle, field) if n != qualified]
             for field in ("site_deck", "world_deck", "relic_deck", "archive", "dispossessed")}
    sites = [site.model_copy(update={"cards": [n for n in site.cards if n != qualified]}) for site in chronicle.sites]
    sites[0] = sites[0].model_copy(update={"cards": [qualified], "faceup": True})
    chronicle = Chronicle.model_validate(chronicle.model_copy(update={
        **lists, "sites": sites, "ruined": [qualified] if ruined else []}).model_dump())
    state = OathState(OATH, 2, 3, chronicle=chronicle)
    while state.flat.get("phase") == Phase.SETUP:
        state.apply(state.legal_actions()[0])
    state.flat.set("pawn_site", 0, state.flat.get("card_site", state.cards.of("edifice", name)))
    return state


def test_a_ruined_edifice_plays_its_ruined_power_and_broken_forge_turns_to_its_intact_side() -> None:
    state = with_edifice("ancient_forge", ruined=True)
    forge = state.cards.of("edifice", "ancient_forge")
    state.flat.move(("shared_favor",), ("favor", 0), 4)
    state.flat.move(("shared_secret",), ("secret", 0), 3)
    use = action(Kind.USE_POWER, 0 * POWER_STRIDE + forge)
    assert use in state.legal_actions(), "Broken Forge's Action: at the player's site"
    state.apply(use)
    assert state.flat.get("edifice_ruined", forge) == 0 and state.flat.get("card_faceup", forge) == 1, \
        "'flip this card over' shows the intact side, faceup"
    assert [key for key, _ in state.powers[forge]] == ["edifice/ancient_forge/intact/powers/0"]
    assert use not in state.legal_actions(), "6.2: not while the tokens of its cost are on it"
    state.flat.move(("card_favor", forge), ("favor", 0), 2)
    state.flat.move(("card_secret", forge), ("secret", 0), 2)
    relics = len(state.cards.in_zone(state.cards.zone("relic_deck")))
    state.apply(use)
    assert state.flat.get("phase") == Phase.EFFECT, "Ancient Forge: take the drawn relic or put it on the bottom"
    assert len(state.cards.in_zone(state.cards.zone("relic_deck"))) == relics - 1
    check_invariants(state)


def test_an_intact_edifice_shows_its_suit_and_a_ruin_none() -> None:
    for ruined in (False, True):
        state = with_edifice("ancient_forge", ruined=ruined)
        forge = state.cards.of("edifice", "ancient_forge")
        state.flat.move(("shared_favor",), ("favor", 0), 2)
        assert forge in state.cards_at(state.flat.get("pawn_site", 0)), "2.8.1: an edifice counts for the capacity"
        assert state.flat.get("card_suit", forge) == (-1 if ruined else state.suit_of[forge])
        assert (action(Kind.MUSTER, forge) in state.legal_actions()) is not ruined, "5.2: not on a ruin"


def test_hall_of_mockery_turns_the_recovered_peoples_favor_to_its_mob_side() -> None:
    state = with_edifice("hall_of_debate", ruined=True)
    peoples = 0
    state.flat.move(("shared_favor",), ("favor", 0), 6)
    state.flat.set("supply", 0, 3)
    state.apply(action(Kind.RECOVER_BANNER, peoples * BANNER_STRIDE + 4 * SUITS))
    assert state.flat.get("banner_holder", peoples) == 0 and state.flat.get("banner_mob", peoples) == 1
    check_invariants(state)
