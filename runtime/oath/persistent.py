"""Persistent powers (7.1.4): always-on rules of the cards in play, for every player they describe.

The kernel works these rules out anew whenever it lists the legal moves, which is where every decision is made:
the fields they write are cleared, then each persistent power that writes them, on a card in play, runs for the
card's user (the adviser's or relic's holder, the site's ruler); its natives write what it forbids or allows, and
the kernel reads those fields where the rule applies:
- who cannot play Visions faceup (Vow of Obedience, Secret Police, Sacred Ground);
- who cannot be exiled (Council Seat);
- whose relics and banners cannot be targeted or taken, and by whom (Circlet of Command, Lost Tongue, Tome
  Guardians);
- who cannot pay secrets for powers (Spell Breaker), nor give secrets (Vow of Silence);
- which adviser counts as several (Marriage);
- who cannot place warbands at sites (Ring of Devotion);
- which relic nobody can use (the Grand Scepter on the turn it was taken);
- who may reroll their dice, and with which card (Jinx);
- who rules the cards at Imperial sites (the Grand Mask), and who rules the sites without warbands (the Bandit
  Crown): these rules run first, since the others ask who rules;
- for whom cards at sites act as locked (Ancient Bloodline);
- who takes the favor any player burns (Vow of Renewal), and which favor bank receives and lends a player's favor
  (Vow of Kinship): favor.py carries them out;
- where a player may choose to put the cards they discard (Bracken, Cracked Horn): a standing choice, made with a
  move on their turn (`discard_choices`), that lapses when no rule allows it any more.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import cython  # type: ignore[import-untyped]

from ..content import CompiledGame
from ..state import FlatState
from ..vm_py import Native
from .actions import KIND, PHASE, action
from .empire import are_enemies, bind_flat, mark, role, ruler_of, rules_site
from .modifiers import in_play, in_play_cards
from .setup import DISCARD_ON_PILE, DISCARD_USUAL, DISCARD_WORLD_DECK_BOTTOM, Cards

if TYPE_CHECKING:
    if not cython.compiled:  # compiled, the state is typed as its core (the .pxd beside)
        from .game import OathState

ALL_VISIONS, REVEALED_VISIONS = 2, 1
"""Values of `visions_forbidden`: no Vision faceup, the Conspiracy included; no Vision revealed (5.1.4.III)."""
FIELDS = ("visions_forbidden", "exile_forbidden", "take_forbidden_card", "take_forbidden_banner",
          "secret_costs_forbidden", "adviser_weight", "place_warbands_forbidden", "discard_destinations",
          "use_forbidden", "reroll_card", "give_secrets_forbidden", "masked_ruler", "locked_for", "bandit_lord",
          "burned_favor_taker", "favor_bank_of", "favor_bank_lent")
"""The fields the persistent rules write."""
RULINGS = frozenset({"rule_cards_at_imperial_sites", "treat_bandits_as_warbands"})
"""The natives of the rules that change who rules sites or cards, which the other rules read: they run first."""


def user_of(state: OathState, card: int) -> int:
    """7.1.1: whose powers a card's are: a relic's holder, else its ruler (-1 for nobody)."""
    zone = state.flat.get("card_zone", card)
    if zone in state.relic_zones:
        return zone - state.zone_ids["relics_held"]
    return ruler_of(state.flat, card)


def refresh(state: OathState) -> bytearray:
    """The persistent rules worked out anew for the position as it is; the cards in play (which the rules do not
    move), for what else the position asks."""
    flat = state.flat
    flat.clear(*FIELDS)
    playing = in_play_cards(state)
    for card, key in state.rule_powers:
        if playing[card]:
            state.run_quietly(key, user_of(state, card), state.index_in_kind(card))
    for seat in _players(flat):
        if not flat.get("discard_destinations", seat) >> flat.get("discard_destination", seat) & 1:
            flat.set("discard_destination", seat, DISCARD_USUAL)
    return playing


def _players(flat: FlatState) -> list[int]:
    return [player for player in range(flat.size("seated")) if flat.get("seated", player)]


def _forbid(flat: FlatState, player: int, how: int) -> None:
    if player >= 0:
        flat.set("visions_forbidden", player, max(how, flat.get("visions_forbidden", player)))


def _own(flat: FlatState, args: list[int]) -> int:
    """Vow of Obedience: its ruler, the Conspiracy included."""
    _forbid(flat, ruler_of(flat, args[0]), ALL_VISIONS)
    return 0


def _enemies_at_ruled_sites(flat: FlatState, args: list[int]) -> int:
    """Secret Police: the ruler's enemies whose pawn is at a site the ruler rules."""
    ruler = ruler_of(flat, args[0])
    for player in _players(flat):
        at_ruled = ruler >= 0 and rules_site(flat, ruler, flat.get("pawn_site", player))
        if are_enemies(flat, player, ruler) and at_ruled:
            _forbid(flat, player, REVEALED_VISIONS)
    return 0


def _only_at_site(flat: FlatState, args: list[int]) -> int:
    """Sacred Ground: everyone whose pawn is not at the card's site."""
    site = Cards(flat).site_of(args[0])
    for player in _players(flat):
        if flat.get("pawn_site", player) != site:
            _forbid(flat, player, REVEALED_VISIONS)
    return 0


def _cannot_be_exiled(flat: FlatState, args: list[int]) -> int:
    """Council Seat: its ruler, while a Citizen."""
    ruler = ruler_of(flat, args[0])
    if ruler >= 0 and flat.get("role", ruler) == role(flat.game, "citizen"):
        flat.set("exile_forbidden", ruler, 1)
    return 0


def _guard(flat: FlatState, owner: int, barred: int, *, except_card: int = -1) -> None:
    """The owner's relics (but one) and banners cannot be targeted or taken by the players in `barred`."""
    cards = Cards(flat)
    for relic in cards.in_zone(cards.zone("relics_held", owner)):
        if relic != except_card:
            flat.set("take_forbidden_card", relic, flat.get("take_forbidden_card", relic) | barred)
    for banner in range(flat.size("banner_holder")):
        if flat.get("banner_holder", banner) == owner:
            flat.set("take_forbidden_banner", banner, flat.get("take_forbidden_banner", banner) | barred)


def _others(flat: FlatState, player: int, keep: Callable[[int], bool] = lambda other: True) -> int:
    return sum(1 << other for other in _players(flat) if other != player and keep(other))


def _forbid_taking_holdings(flat: FlatState, args: list[int]) -> int:
    """Circlet of Command: nobody else may target or take its holder's banners or other relics."""
    player, relic = args
    if player >= 0:
        _guard(flat, player, _others(flat, player), except_card=int(Cards(flat).base["relic"]) + relic)
    return 0


def _rules_a_card_of_suit(flat: FlatState, player: int, suit: int) -> bool:
    """Glossary Rule: a faceup adviser of the suit, or a card of the suit at a site with their warbands."""
    cards = Cards(flat)
    for card in flat.indices_of("card_suit", suit):
        site = cards.site_of(card)
        held = flat.get("card_zone", card) == cards.zone("advisers", player)
        if held or site is not None and rules_site(flat, player, site):
            return True
    return False


def _forbid_unless_suit_ruled(flat: FlatState, args: list[int]) -> int:
    """Lost Tongue: its ruler's relics and banners, from everyone who rules no card of the suit."""
    card, suit = args
    ruler = ruler_of(flat, card)
    if ruler >= 0:
        _guard(flat, ruler, _others(flat, ruler, lambda other: not _rules_a_card_of_suit(flat, other, suit)))
    return 0


def _forbid_banner_to_enemies(flat: FlatState, args: list[int]) -> int:
    """Tome Guardians: the banner, from the enemies of the card's ruler."""
    card, banner = args
    ruler = ruler_of(flat, card)
    barred = _others(flat, ruler, lambda other: are_enemies(flat, other, ruler)) if ruler >= 0 else 0
    flat.set("take_forbidden_banner", banner, flat.get("take_forbidden_banner", banner) | barred)
    return 0


def _forbid_enemy_secret_costs(flat: FlatState, args: list[int]) -> int:
    """Spell Breaker: the enemies of the card's ruler."""
    ruler = ruler_of(flat, args[0])
    for player in _players(flat):
        if are_enemies(flat, player, ruler):
            flat.set("secret_costs_forbidden", player, 1)
    return 0


def _destinations(flat: FlatState) -> range:
    """Every destination of a discard, numbered as `discard_destination` numbers them."""
    return range(DISCARD_ON_PILE + 2 * flat.size("region_discard_pile"))


def _allow_discards_to(flat: FlatState, player: int, destinations: range) -> None:
    """The player may choose one of these destinations for their discards, or the usual one again."""
    if player >= 0:
        flat.set("discard_destinations", player, flat.get("discard_destinations", player)
                 | sum(1 << where for where in (DISCARD_USUAL, *destinations)))


def _any_pile(flat: FlatState, args: list[int]) -> int:
    """Bracken: the top or the bottom of any one discard pile, its user's region's included."""
    _allow_discards_to(flat, args[0], _destinations(flat)[DISCARD_ON_PILE:])
    return 0


def _world_deck_bottom(flat: FlatState, args: list[int]) -> int:
    """Cracked Horn: the bottom of the world deck."""
    _allow_discards_to(flat, args[0], _destinations(flat)[DISCARD_WORLD_DECK_BOTTOM:DISCARD_ON_PILE])
    return 0


def _forbid_using_relic(flat: FlatState, args: list[int]) -> int:
    """The Grand Scepter, on the turn it was taken."""
    flat.set("use_forbidden", int(Cards(flat).base["relic"]) + args[0], 1)
    return 0


def _ruler(field: str) -> Callable[[CompiledGame], Native]:
    """A native that records who rules more than their warbands show (1 + its player): the Grand Mask's Exile in
    their turn (empire.masked), the Bandit Crown's holder (empire.rules_site)."""
    def body(flat: FlatState, args: list[int]) -> int:
        flat.set(field, args[0] + 1)
        return 0
    return bind_flat(body)


def _lock_for_enemies(flat: FlatState, args: list[int]) -> int:
    """Ancient Bloodline: the denizens and relics at the sites its ruler rules, for the ruler's enemies."""
    ruler = ruler_of(flat, args[0])
    if ruler < 0:
        return 0
    cards, enemies = Cards(flat), _others(flat, ruler, lambda other: are_enemies(flat, other, ruler))
    for card in cards.in_zone(cards.zone("at_site")):
        if cards.kind_of(card) in ("denizen", "relic") \
                and rules_site(flat, ruler, flat.get("card_site", card)):
            flat.set("locked_for", card, flat.get("locked_for", card) | enemies)
    return 0


def _favor_bank(field: str) -> Callable[[CompiledGame], Native]:
    """A native that records, for the card's ruler, the favor bank of a suit (1 + the suit): the one their favor
    goes to, the one whose favor they can use (Vow of Kinship, favor.py)."""
    def body(flat: FlatState, args: list[int]) -> int:
        card, suit = args
        ruler = ruler_of(flat, card)
        if ruler >= 0:
            flat.set(field, ruler, suit + 1)
        return 0
    return bind_flat(body)


def _may_reroll(flat: FlatState, args: list[int]) -> int:
    """Jinx: its ruler, paying its cost."""
    player, card = args
    if player >= 0:
        flat.set("reroll_card", player, int(Cards(flat).base["denizen"]) + card + 1)
    return 0


def _counts_as_several(flat: FlatState, args: list[int]) -> int:
    """Marriage: n advisers of its suit where they are counted (matching); still one toward the limit."""
    card, suit, count = args
    if flat.get("card_suit", card) == suit:
        flat.set("adviser_weight", card, count)
    return 0


FACTORIES: dict[str, Callable[[CompiledGame], Native]] = {
    "forbid_faceup_visions": bind_flat(_own),
    "forbid_enemy_faceup_visions_at_ruled_sites": bind_flat(_enemies_at_ruled_sites),
    "faceup_visions_only_at_site": bind_flat(_only_at_site),
    "cannot_be_exiled": bind_flat(_cannot_be_exiled),
    "forbid_taking_holdings": bind_flat(_forbid_taking_holdings),
    "forbid_taking_holdings_unless_suit_ruled": bind_flat(_forbid_unless_suit_ruled),
    "forbid_banner_to_enemies": bind_flat(_forbid_banner_to_enemies),
    "forbid_enemy_secret_cost_powers": bind_flat(_forbid_enemy_secret_costs),
    "adviser_counts_as_several": bind_flat(_counts_as_several),
    "forbid_placing_warbands_at_sites": mark("place_warbands_forbidden"),
    "forbid_using_relic": bind_flat(_forbid_using_relic),
    "reroll_dice": bind_flat(_may_reroll),
    "forbid_giving_secrets": mark("give_secrets_forbidden"),
    "rule_cards_at_imperial_sites": _ruler("masked_ruler"),
    "treat_bandits_as_warbands": _ruler("bandit_lord"),
    "lock_cards_at_ruled_sites_for_enemies": bind_flat(_lock_for_enemies),
    "take_burned_favor": mark("burned_favor_taker"),
    "redirect_favor_gains_to_bank": _favor_bank("favor_bank_of"),
    "use_bank_favor_as_board": _favor_bank("favor_bank_lent"),
    "may_discard_to_any_pile": bind_flat(_any_pile),
    "may_discard_to_world_deck_bottom": bind_flat(_world_deck_bottom),
}
"""The natives of persistent rules: each writes what it forbids or allows into the fields the kernel reads."""


def may_take(flat: FlatState, seat: int, field: str, index: int) -> bool:
    """Whether the persistent rules let this player target or take this relic (`take_forbidden_card`) or banner."""
    return not flat.get(field, index) >> seat & 1


def discard_choices(state: OathState, seat: int) -> list[int]:
    """Where the player may have their discards go from now on: each destination a persistent rule allows them, the
    usual one included, but the one they chose already (none without such a rule)."""
    allowed, chosen = state.flat.get("discard_destinations", seat), state.flat.get("discard_destination", seat)
    return [action(KIND.DISCARD_TO, where) for where in _destinations(state.flat) if allowed >> where & 1 and where != chosen]


def settle_favor(state: OathState, burned_before: int) -> None:
    """Once a move is carried out, while either vow is in play (the persistent rules worked out anew, for a vow
    that came or went during the move): the favor burned during it (what the shared bank gained since it held
    `burned_before`, plus what it gave out meanwhile to a site's reveal prompt) goes to Vow of Renewal's holder's
    board, then the favor on Vow of Kinship's holder's board to its bank (a holder of both puts what they take there).
    Not once the game is over: the Chronicle returns favor to the shared bank without burning it."""
    flat = state.flat
    drawn = flat.get("shared_favor_drawn")
    flat.set("shared_favor_drawn", 0)
    if flat.get("phase") == PHASE.OVER or not any(in_play(state, card) for card in state.favor_rules):
        return
    refresh(state)
    burned = flat.get("shared_favor") + drawn - burned_before
    taker = next((seat for seat in range(state.players) if flat.get("burned_favor_taker", seat)), -1)
    if taker >= 0 and burned > 0:
        flat.move(("shared_favor",), ("favor", taker), burned)
    for seat in range(state.players):
        bank = flat.get("favor_bank_of", seat)
        if bank:
            flat.move(("favor", seat), ("bank_favor", bank - 1), flat.get("favor", seat))
