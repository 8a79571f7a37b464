"""Binding exchanges (7.6.3, 9.6; glossary Exchange): a player negotiates with another what each gives.

A power that allows one (Festival District, The Tribunal, Tinker's Fair, Deed Writer, The Gathering) names what
may change hands besides favor and secrets: advisers, relics, ruled sites; at The Tribunal, promises not to campaign
against the other party for a while, which the kernel then holds the promiser to. Once it is settled the proposer
chooses a partner (or lets it be), then builds the offer one piece at a time, from either side, and proposes it;
the partner accepts or declines. Accepted, the kernel carries it out at once, which is what makes it binding. At
The Gathering every player whose pawn is at its site may propose in turn, to another player there.

A Citizenship offer (6.6.1) is made the same way: once the Grand Scepter's power has named the Exile and the
Reliquary relic, its holder may add a binding exchange of favor, secrets, banners and their non-Reliquary relics,
either way, and let the Exile peek at the Reliquary's relics; then the Exile accepts Citizenship, and the exchange
with it (6.6.2), or declines both (queries.py, PHASE.CITIZENSHIP).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import cython  # type: ignore[import-untyped]

from ..content import CompiledGame
from ..state import FlatState
from ..vm_py import Native
from . import banners, favor
from .actions import KIND, PHASE, Kind, action
from .advisers import discard_down
from .empire import bind_flat, colour

if TYPE_CHECKING:
    if not cython.compiled:  # compiled, the state is typed as its core (the .pxd beside)
        from .game import OathState

ADVISERS, RELICS, SITES, BANNERS, PROMISES = 1, 2, 4, 8, 16
"""Bits of `negotiation_goods`: what may change hands besides favor and secrets."""
OFFER_FIELDS = ("offer_favor", "offer_secret", "offer_card", "offer_banner", "offer_truce")


def proposer(flat: FlatState) -> int:
    return flat.get("negotiator") - 1


def partner(flat: FlatState) -> int:
    return flat.get("negotiation_partner") - 1


def _start(flat: FlatState, first: int, goods: int, site: int, queue: int) -> None:
    """Once the power is settled the negotiation begins (NEGOTIATE), then the turn goes where the power was going."""
    flat.set("negotiator", first + 1)
    flat.set("negotiation_goods", goods)
    flat.set("negotiation_site", site + 1)
    flat.set("negotiation_queue", queue)
    flat.set("negotiation_return", flat.get("effect_return"))
    flat.set("effect_return", PHASE.NEGOTIATE)


def _with_any_player(goods: Callable[[list[int]], int]) -> Callable[[FlatState, list[int]], int]:
    def native(flat: FlatState, args: list[int]) -> int:
        if args[0] >= 0:
            _start(flat, args[0], goods(args), -1, 0)
        return 0
    return native


def _at_site(flat: FlatState, args: list[int]) -> int:
    """The Gathering: the players at the site, in turn order from the card's player."""
    site, first = args[0], flat.get("effect_player")
    players = flat.size("seated")
    present = [seat for seat in ((first + step) % players for step in range(players))
               if flat.get("seated", seat) and flat.get("pawn_site", seat) == site]
    if len(present) > 1:
        _start(flat, present[0], ADVISERS | RELICS, site, sum(1 << seat for seat in present[1:]))
    return 0


FACTORIES: dict[str, Callable[[CompiledGame], Native]] = {
    "negotiate_binding_exchange": bind_flat(_with_any_player(lambda args: ADVISERS * args[1] | PROMISES * args[2])),
    "negotiate_binding_exchange_of_holdings": bind_flat(_with_any_player(lambda args: RELICS * args[1] | SITES * args[2])),
    "negotiate_exchanges_at_site": bind_flat(_at_site),
}
"""The natives of the negotiating powers."""


def truce_holds(flat: FlatState, seat: int, other: int) -> bool:
    """Whether this player has promised not to campaign against the other one this round (The Tribunal)."""
    return flat.get("truce_until", seat, other) >= flat.get("round")


def _partners(state: OathState, seat: int) -> list[int]:
    site = state.flat.get("negotiation_site") - 1
    return [other for other in range(state.players) if other != seat
            and (site < 0 or state.flat.get("pawn_site", other) == site)]


def _other(state: OathState, seat: int) -> int:
    """The other party to the offer."""
    return partner(state.flat) if seat == proposer(state.flat) else proposer(state.flat)


def _cards_on_offer(state: OathState, seat: int) -> list[int]:
    """What this party may give of what the power allows: advisers (not locked ones, 7.2.2), held relics, sites they
    rule the other party could rule (with a warband on their board and another colour)."""
    flat, cards, goods = state.flat, state.cards, state.flat.get("negotiation_goods")
    other = _other(state, seat)
    found = [card for card in state.advisers(seat) if not state.cards.locked(card)] if goods & ADVISERS else []
    if goods & RELICS:
        found = found + cards.in_zone(cards.zone("relics_held", seat))
    if goods & SITES and flat.get("warbands", other) and not flat.get("place_warbands_forbidden", other) \
            and colour(flat, seat) != colour(flat, other):
        found = found + [state.site_card(site) for site in state.sites_on_map()
                         if flat.get("site_warbands", site, colour(flat, seat))]
    return found


def open_citizenship_offer(state: OathState) -> None:
    """6.6.1: the Grand Scepter's power has named the Exile and the relic; its holder now adds the rest of the offer
    (NEGOTIATE) before the Exile answers (CITIZENSHIP). An offer to oneself has nobody to exchange with."""
    flat = state.flat
    holder, exile = flat.get("citizenship_offer_by"), flat.get("citizenship_offer")
    if holder == exile:
        flat.set("phase", PHASE.CITIZENSHIP)
        return
    flat.set("negotiator", holder + 1)
    flat.set("negotiation_partner", exile + 1)
    flat.set("negotiation_goods", RELICS | BANNERS)
    flat.set("phase", PHASE.NEGOTIATE)


def _for_citizenship(flat: FlatState) -> bool:
    """The offer being made goes with a Citizenship offer (6.6.1)."""
    return flat.get("citizenship_offer") >= 0


def _peeks(state: OathState) -> list[int]:
    """6.6.1: "You can let them peek at any relics in the Imperial Reliquary", those the Exile has not seen."""
    exile = partner(state.flat)
    return [action(KIND.LET_PEEK, relic) for relic in state.cards.in_zone(state.cards.zone("reliquary"))
            if not state.flat.get("card_seen", relic, exile)]


def legal_actions(state: OathState) -> list[int]:
    """The proposer's: a partner, then pieces of the offer from either side, proposing it, or letting it be; the
    partner's: accepting or declining. A Citizenship offer has its partner, the Exile, and is always made (it holds
    the Reliquary relic); its holder may let the Exile peek at the Reliquary's relics meanwhile."""
    flat = state.flat
    seat = proposer(flat)
    if flat.get("phase") == PHASE.NEGOTIATE_ANSWER:
        return [action(KIND.ACCEPT_EXCHANGE), action(KIND.DECLINE_EXCHANGE)]
    if partner(flat) < 0:
        return [action(KIND.NEGOTIATE_WITH, other) for other in _partners(state, seat)] + [action(KIND.END_NEGOTIATION)]
    out = []
    for party in (seat, partner(flat)):
        if favor.usable(flat, party) > flat.get("offer_favor", party):
            out.append(action(KIND.GIVE_FAVOR, party))
        if flat.get("secret", party) > flat.get("offer_secret", party) and not flat.get("give_secrets_forbidden", party):
            out.append(action(KIND.GIVE_SECRET, party))
        out += [action(KIND.GIVE_CARD, card) for card in _cards_on_offer(state, party)
                if not flat.get("offer_card", card)]
        if flat.get("negotiation_goods") & BANNERS:
            out += [action(KIND.GIVE_BANNER, banner) for banner in banners.held_by(state, party)
                    if not flat.get("offer_banner", banner)]
        if flat.get("negotiation_goods") & PROMISES and not flat.get("offer_truce", party):
            out.append(action(KIND.PROMISE_TRUCE, party))
    if _for_citizenship(flat):
        return sorted(out + _peeks(state)) + [action(KIND.PROPOSE_EXCHANGE)]
    offered = any(flat.get("offer_favor", p) or flat.get("offer_secret", p) or flat.get("offer_truce", p)
                  for p in (seat, partner(flat))) or any(flat.slice("offer_card")) or any(flat.slice("offer_banner"))
    return sorted(out) + ([action(KIND.PROPOSE_EXCHANGE)] if offered else []) + [action(KIND.END_NEGOTIATION)]


KINDS = frozenset({KIND.NEGOTIATE_WITH, KIND.GIVE_FAVOR, KIND.GIVE_SECRET, KIND.GIVE_CARD, KIND.GIVE_BANNER,
                   KIND.PROMISE_TRUCE, KIND.LET_PEEK, KIND.PROPOSE_EXCHANGE, KIND.ACCEPT_EXCHANGE,
                   KIND.DECLINE_EXCHANGE, KIND.END_NEGOTIATION})


def current_player(flat: FlatState) -> int:
    return partner(flat) if flat.get("phase") == PHASE.NEGOTIATE_ANSWER else proposer(flat)


def apply(state: OathState, kind: Kind, argument: int) -> None:
    flat = state.flat
    if kind == KIND.NEGOTIATE_WITH:
        flat.set("negotiation_partner", argument + 1)
    elif kind == KIND.GIVE_FAVOR:
        flat.add("offer_favor", argument, 1)
    elif kind == KIND.GIVE_SECRET:
        flat.add("offer_secret", argument, 1)
    elif kind == KIND.GIVE_CARD:
        flat.set("offer_card", argument, 1)
    elif kind == KIND.GIVE_BANNER:
        flat.set("offer_banner", argument, 1)
    elif kind == KIND.PROMISE_TRUCE:
        flat.set("offer_truce", argument, 1)
    elif kind == KIND.LET_PEEK:
        flat.set("card_seen", argument, partner(flat), 1)
    elif kind == KIND.PROPOSE_EXCHANGE:
        flat.set("phase", PHASE.CITIZENSHIP if _for_citizenship(flat) else PHASE.NEGOTIATE_ANSWER)
    else:
        if kind == KIND.ACCEPT_EXCHANGE:
            _exchange(state)
        _next_proposer(state)


def _owner(state: OathState, card: int) -> int:
    """Who gives a card on offer: its adviser's or relic's holder, a site's ruler among the two parties."""
    flat = state.flat
    seat = proposer(flat)
    if state.cards.kind_of(card) == "site":
        return seat if flat.get("site_warbands", card - state.site_base, colour(flat, seat)) else partner(flat)
    zone = flat.get("card_zone", card)
    return seat if zone in (state.cards.zone("advisers", seat), state.cards.zone("relics_held", seat)) \
        else partner(flat)


def answer_citizenship(state: OathState, accepted: bool) -> None:
    """6.6.2: "The Grand Scepter's holder and new Citizen exchange what was promised", once the Exile is a Citizen;
    a declined offer moves nothing."""
    if accepted and proposer(state.flat) >= 0:
        _exchange(state)
    _forget_offer(state.flat)
    state.flat.set("negotiator", 0)


def _exchange(state: OathState) -> None:
    """The agreed exchange, carried out: favor and secrets board to board, advisers, relics and banners to the
    other (a banner given is not seized: docs/decisions.md), a site's old ruler's warbands there to their board and
    as many of the new ruler's (at least one, as many as their board has) from their board there; a promised truce
    from now to the end of the next round; then each is held to their adviser limit (7.6.4)."""
    flat, cards = state.flat, state.cards
    parties = (proposer(flat), partner(flat))
    for giver, taker in (parties, parties[::-1]):
        favor.spend(flat, giver, ("favor", taker), flat.get("offer_favor", giver))
        flat.move(("secret", giver), ("secret", taker), flat.get("offer_secret", giver))
        if flat.get("offer_truce", giver):
            flat.set("truce_until", giver, taker, flat.get("round") + 1)
    for card in [card for card, offered in enumerate(flat.slice("offer_card")) if offered]:
        giver = _owner(state, card)
        taker = parties[1] if giver == parties[0] else parties[0]
        kind = cards.kind_of(card)
        if kind == "site":
            site = card - state.site_base
            moved = flat.move(("site_warbands", site, colour(flat, giver)), ("warbands", giver),
                              flat.get("site_warbands", site, colour(flat, giver)))
            flat.move(("warbands", taker), ("site_warbands", site, colour(flat, taker)), max(1, moved))
        else:
            zone = cards.zone("relics_held" if kind == "relic" else "advisers", taker)
            cards.put(card, zone, faceup=bool(flat.get("card_faceup", card)))
    for banner in [banner for banner, offered in enumerate(flat.slice("offer_banner")) if offered]:
        flat.set("banner_holder", banner, parties[1] if flat.get("banner_holder", banner) == parties[0] else parties[0])
    for seat in parties:
        discard_down(state, seat)


def _next_proposer(state: OathState) -> None:
    """The offer is settled: the next player at The Gathering proposes, or the turn goes on."""
    flat = state.flat
    _forget_offer(flat)
    queue = flat.get("negotiation_queue")
    if queue:
        following = next(seat for seat in ((proposer(flat) + step) % state.players for step in range(1, state.players))
                         if queue >> seat & 1)
        flat.set("negotiation_queue", queue & ~(1 << following))
        flat.set("negotiator", following + 1)
        flat.set("phase", PHASE.NEGOTIATE)
        return
    flat.set("negotiator", 0)
    state.resume(flat.get("negotiation_return"))


def _forget_offer(flat: FlatState) -> None:
    """The settled offer's pieces and partner."""
    flat.clear(*OFFER_FIELDS)
    flat.set("negotiation_partner", 0)
