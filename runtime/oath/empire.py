# cython: annotation_typing=False
"""The Empire (6.6-6.8, 3.3.1): Citizenship offered and accepted, Citizens exiled or exiling themselves, the
Imperial rule of purple sites, and the Successor.

Warbands are counted by colour: `site_warbands[site, owner]` and `warband_bank[owner]` by the player whose
colour they are, and purple is the Chancellor's (seat 0). A Citizen's board holds purple warbands and the
Citizen's own colour waits in their personal bank until they are exiled. Moving them between Imperial
players' boards, and a Citizen's pick-up, which need permission (6.5), are warbands.py's.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..content import CompiledGame
from ..state import FlatState, LastView
from ..vm_py import Native
from . import favor
from .banners import DARKEST_SECRET, PEOPLES_FAVOR
from .setup import Cards, most_supply

if TYPE_CHECKING:
    from .game import OathState

CHANCELLOR = 0
"""The Chancellor's seat, whose colour is purple (setup 8)."""
JOINED = 2
"""`campaign_ally` of a player who defends as an Ally in the Campaign being resolved (5.5.2)."""


_ROLES: dict[object, dict[str, int]] = {}
"""Role numbers by (compiled content, role id): asked at every look at a player's colour."""
_LAST_ROLES: list[Any] = [None, {}]
"""The compiled game last asked and its roles: most programs play one game, whose roles are then found without a
lookup of its layout."""


def role(game: CompiledGame, name: str) -> int:
    """The number of a role (chancellor, exile, citizen) in the compiled content."""
    if game is not _LAST_ROLES[0]:
        roles = _ROLES.get(game.layout)
        if roles is None:
            members = game.enums["role"].__members__.items()
            roles = _ROLES[game.layout] = {member.lower(): int(value) for member, value in members}
        _LAST_ROLES[0], _LAST_ROLES[1] = game, roles
    last: dict[str, int] = _LAST_ROLES[1]
    return last[name]


def colour(flat: FlatState, seat: int) -> int:
    """Whose colour a player's warbands are: purple (the Chancellor's) for every Imperial player (6.6.2)."""
    return seat if flat.get("role", seat) == role(flat.game, "exile") else CHANCELLOR


def _replace_warbands(flat: FlatState, seat: int, new: int, old: int) -> None:
    """Each warband of colour `old` on the board becomes one of colour `new` while the bank of `new` lasts
    (9.3); the old ones go back to their bank."""
    count = flat.get("warbands", seat)
    flat.move(("warbands", seat), ("warband_bank", old), count)
    flat.move(("warband_bank", new), ("warbands", seat), min(count, flat.get("warband_bank", new)))


def become_citizen(state: FlatState, seat: int) -> None:
    """6.6.2 without the promised relic: Citizen side, purple warbands on the board and the map (as many as
    the purple bank allows: the board first, then the sites from the top of the map), the revealed Vision
    discarded, the title to its Oathkeeper side, the Supply at its leftmost space, the Act Phase over if it
    is their turn."""
    cards = Cards(state)
    state.set("role", seat, role(state.game, "citizen"))
    _replace_warbands(state, seat, CHANCELLOR, seat)
    for site in sorted(range(state.size("site_slot")), key=lambda s: state.get("site_slot", s)):
        count = state.get("site_warbands", site, seat)
        state.move(("site_warbands", site, seat), ("warband_bank", seat), count)
        state.move(("warband_bank", CHANCELLOR), ("site_warbands", site, CHANCELLOR),
                   min(count, state.get("warband_bank", CHANCELLOR)))
    for vision in cards.in_zone(cards.zone("revealed_vision", seat)):
        cards.discard(seat, vision)
    if state.get("oathkeeper") == seat:
        state.set("usurper", 0)
    state.set("supply", seat, most_supply(state.game, "chancellor"))
    if state.get("current_player") == seat:
        state.set("act_phase_over", 1)


def become_exile(state: FlatState, seat: int) -> None:
    """6.7: Exile side, the board's purple warbands replaced by the player's own, Supply to its leftmost space.
    Purple warbands at sites stay: they are the Empire's."""
    state.set("role", seat, role(state.game, "exile"))
    _replace_warbands(state, seat, seat, CHANCELLOR)
    state.set("supply", seat, most_supply(state.game, "exile"))


def self_exile_price(state: OathState, seat: int) -> int:
    """6.8: favor equal to the secrets on the Citizen's board and on the cards they hold (advisers, relics),
    plus the warbands on their board (see docs/decisions.md "Self-exile")."""
    held = state.advisers(seat) + state.cards.in_zone(state.cards.zone("relics_held", seat))
    return state.flat.get("secret", seat) + sum(state.flat.get("card_secret", c) for c in held) \
        + state.flat.get("warbands", seat)


def scepter_holder(state: OathState) -> int:
    """Who holds the Grand Scepter (-1: nobody does), found by the zone it is in."""
    zone = state.flat.get("card_zone", state.scepter)
    return zone - state.zone_ids["relics_held"] if zone in state.relic_zones else -1


def can_self_exile(state: OathState, seat: int) -> bool:
    """6.8: a Citizen who does not hold the Grand Scepter, and can give the price to the one who does, unless a
    persistent power forbids it (Council Seat)."""
    if state.flat.get("role", seat) != state.role_ids["citizen"] or state.flat.get("exile_forbidden", seat):
        return False
    holder = scepter_holder(state)
    return holder >= 0 and holder != seat and favor.usable(state.flat, seat) >= self_exile_price(state, seat)


def self_exile(state: OathState, seat: int) -> None:
    """6.8: give the price to the Grand Scepter's holder, become an Exile; the Act Phase ends."""
    favor.spend(state.flat, seat, ("favor", scepter_holder(state)), self_exile_price(state, seat))
    become_exile(state.flat, seat)


def accept(state: OathState, seat: int) -> None:
    """6.6.2: the Exile becomes a Citizen and takes the promised relic."""
    relic = state.flat.get("citizenship_relic")
    become_citizen(state.flat, seat)
    state.cards.put(relic, state.cards.zone("relics_held", seat), faceup=True)
    state.flat.set("took_this_turn", relic, 1)
    clear_offer(state.flat)


def clear_offer(flat: FlatState) -> None:
    for name in ("citizenship_offer", "citizenship_offer_by", "citizenship_relic"):
        flat.set(name, -1)


def successor(state: OathState) -> int | None:
    """3.3.1: the Citizen who meets the Successor goal of the Oath, if one does."""
    citizens = [seat for seat in range(state.players) if state.flat.get("role", seat) == state.role_ids["citizen"]]
    oath = state.oath_names[state.flat.get("oath")]
    for seat in citizens:
        if oath == "supremacy":
            rivals = [CHANCELLOR] + [other for other in citizens if other != seat]
            if all(state.relics_and_banners(seat) > state.relics_and_banners(other) for other in rivals):
                return seat
        elif _holds_successor_item(state, oath, seat):
            return seat
    return None


def _holds_successor_item(state: OathState, oath: str, seat: int) -> bool:
    if oath == "people":
        return bool(state.flat.get("banner_holder", DARKEST_SECRET) == seat)
    if oath == "protection":
        return bool(state.flat.get("banner_holder", PEOPLES_FAVOR) == seat)
    return scepter_holder(state) == seat


# natives ---------------------------------------------------------------------------------------

def bind_flat(body: Callable[[FlatState, list[int]], int]) -> Callable[[CompiledGame], Native]:
    """A native written over the state's fields, bound to a game."""
    def bind(game: CompiledGame) -> Native:
        flat = LastView(lambda cells: FlatState(game, cells))

        def call(cells: array[int], args: list[int]) -> int:
            return body(flat.of(cells), args)
        return call
    return bind


def mark(field: str) -> Callable[[CompiledGame], Native]:
    """A native that sets its first argument's cell of a field to 1 (a player, a site), unless it is -1 (nobody)."""
    def body(flat: FlatState, args: list[int]) -> int:
        if args[0] >= 0:
            flat.set(field, args[0], 1)
        return 0
    return bind_flat(body)


def _offer(flat: FlatState, args: list[int]) -> int:
    """6.6.1: the offer waits until the power ends, for the rest of it and the Exile's answer (negotiate.py)."""
    holder, exile, relic = args
    flat.set("citizenship_offer", exile)
    flat.set("citizenship_offer_by", holder)
    flat.set("citizenship_relic", relic)
    return 0


def _become_exile(flat: FlatState, args: list[int]) -> int:
    become_exile(flat, args[0])
    return 0


def _become_citizen(flat: FlatState, args: list[int]) -> int:
    become_citizen(flat, args[0])
    return 0


def _player_rules(flat: FlatState, args: list[int]) -> int:
    """Glossary Rule with 6.6.3: a site with the player's colour of warbands (purple for every Imperial
    player), a card at such a site, the player's advisers. For the bandits (-1, using a battle plan, 5.5.3): the
    sites they rule and the cards there."""
    player, card = args
    cards = Cards(flat)
    site = cards.site_of(card)
    if player < 0:
        return int(site is not None and bandits_rule(flat, site))
    holder = masked(flat, card)
    if holder >= 0:
        return int(player == holder)
    if site is not None:
        return int(rules_site(flat, player, site))
    return int(flat.get("card_zone", card) == cards.zone("advisers", player))


def rules_site(flat: FlatState, player: int, site: int) -> bool:
    """Glossary Rule with 6.6.3: the player's colour of warbands is at the site (purple for every Imperial player);
    the Bandit Crown's holder also rules the sites where no player has warbands (7.6.5)."""
    if flat.get("site_warbands", site, colour(flat, player)) > 0:
        return True
    return player >= 0 and player == bandit_lord(flat) and not warbands_at(flat, site) and on_map(flat, site)


def bandits_rule(flat: FlatState, site: int) -> bool:
    """Glossary Rule: the bandits rule the sites on the map where no player has warbands, unless the Bandit Crown's
    holder does (7.6.5)."""
    return on_map(flat, site) and not warbands_at(flat, site) and bandit_lord(flat) < 0


def on_map(flat: FlatState, site: int) -> bool:
    layout = flat.game.layout
    return flat.get("card_zone", int(layout.UNIONS["card"]["site"]) + site) == int(layout.ZONES["map"])


def warbands_at(flat: FlatState, site: int) -> int:
    """The physical warbands at a site, of every colour."""
    total = 0
    for owner in range(flat.size("seated")):
        total += flat.get("site_warbands", site, owner)
    return total


def bandit_lord(flat: FlatState) -> int:
    """The player who treats the bandits as their warbands (the Bandit Crown's holder, a persistent rule); -1."""
    return flat.get("bandit_lord") - 1


def are_enemies(flat: FlatState, first: int, second: int) -> bool:
    """Glossary Enemy: Exiles are everyone's enemies; Imperial players are not each other's."""
    exile = role(flat.game, "exile")
    return first >= 0 and second >= 0 and first != second and exile in (flat.get("role", first), flat.get("role", second))


def ruler_of(flat: FlatState, card: int) -> int:
    """Glossary Rule: an adviser's holder; at a site, the player whose colour of warbands is there (the
    Chancellor for purple, who speaks for the Empire; the Grand Mask's Exile for the cards there, `masked`; the
    Bandit Crown's holder where no player has warbands); -1 for bandits or nobody."""
    cards = Cards(flat)
    players = flat.size("seated")
    for player in range(players):
        if flat.get("card_zone", card) == cards.zone("advisers", player):
            return player
    site = cards.site_of(card)
    if site is None:
        return -1
    holder = masked(flat, card)
    if holder >= 0:
        return holder
    return next((p for p in range(players) if flat.get("site_warbands", site, p) > 0), bandit_lord(flat))


def masked(flat: FlatState, card: int) -> int:
    """Grand Mask: the Exile who rules this card, at an Imperial site (purple warbands there), in their turn; -1 for
    a card it does not concern. The site itself stays the Empire's."""
    holder = flat.get("masked_ruler") - 1
    if holder < 0 or flat.get("card_zone", card) != Cards(flat).zone("at_site"):
        return -1
    return holder if flat.get("site_warbands", flat.get("card_site", card), colour(flat, CHANCELLOR)) > 0 else -1


FACTORIES: dict[str, Callable[[CompiledGame], Native]] = {
    "offer_citizenship": bind_flat(_offer),
    "become_exile": bind_flat(_become_exile),
    "become_citizen": bind_flat(_become_citizen),
    "warband_colour_of": bind_flat(lambda flat, args: colour(flat, args[0])),
    "player_rules": bind_flat(_player_rules),
    "ruler_of": bind_flat(lambda flat, args: ruler_of(flat, args[0])),
    "is_campaign_ally": bind_flat(
        lambda flat, args: int(args[0] >= 0 and flat.get("campaign_ally", args[0]) == JOINED)),
}
"""The natives of the Empire; they take the place of natives.py's first versions of the Rule natives."""
