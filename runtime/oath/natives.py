"""The Oath kernel's natives (content/oath/natives/): what card powers call that the shared verbs cannot say.

Each is bound to a compiled game and works on the state the VM hands it, through field names, so
it serves any copy of a state. Only the natives listed here exist yet; a power that calls another
one is not offered (power_tables.py `runnable`). The kernel's modules hold the natives of their own rules: empire.py
Citizenship, the Rule with purple warbands and Allies; modifiers.py the action or play being made;
advisers.py the adviser limit; chronicle.py the Chronicle's.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable

from ..content import CompiledGame
from ..state import FlatState, LastView
from ..vm_py import Native
from . import costs, favor
from .actions import PHASE, Phase
from .empire import are_enemies, colour
from .setup import Cards

Body = Callable[[Cards, list[int]], int]


def _native(body: Body) -> Callable[[CompiledGame], Native]:
    """A native written over the state's cards and fields, bound to a game."""
    def bind(game: CompiledGame) -> Native:
        cards = LastView(lambda cells: Cards(FlatState(game, cells)))

        def call(cells: array[int], args: list[int]) -> int:
            return body(cards.of(cells), args)
        return call
    return bind


def take_relic(cards: Cards, args: list[int]) -> int:
    """The player takes the relic faceup into their personal bank (glossary Take); taken from the Imperial
    Reliquary, it uncovers its space's modifier for the Chancellor (2.3, modifiers.py)."""
    player, relic = args
    card = int(cards.base["relic"]) + relic
    cards.put(card, cards.zone("relics_held", player), faceup=True)
    cards.state.set("took_this_turn", card, 1)
    return 0


def recover_relic(cards: Cards, args: list[int]) -> int:
    """5.4.3 without its cost or Supply (the Wastes): the relic faceup into the player's personal bank (take_relic)."""
    return take_relic(cards, args)


def is_enemy(cards: Cards, args: list[int]) -> int:
    """Glossary Enemy; the bandits defending a Campaign (-1, using a battle plan, 5.5.3) have its attacker for their
    enemy (glossary Your Enemy: "If you're the defender, the attacker")."""
    state = cards.state
    first, second = args
    if first < 0 and state.get("campaign_defender") < 0 <= second:
        return int(second == state.get("campaign_attacker"))
    return int(are_enemies(state, first, second))


def campaign_targets_card(cards: Cards, args: list[int]) -> int:
    card = args[0]
    site_base = int(cards.base["site"])
    if site_base <= card < site_base + cards.state.size("site_slot"):
        return cards.state.get("campaign_target_site", card - site_base)
    return cards.state.get("campaign_target_card", card)


def campaign_targets_at_site(cards: Cards, args: list[int]) -> int:
    """5.5.2: the site itself, the relics lying there (Relic Hunter), and the defender's relics and pawn if their pawn
    is there, as far as they are targeted."""
    site = args[0]
    state = cards.state
    count = state.get("campaign_target_site", site)
    count += sum(state.get("campaign_target_card", card) for card in cards.in_zone(cards.zone("at_site"))
                 if state.get("card_site", card) == site)
    defender = state.get("campaign_defender")
    if defender >= 0 and state.get("pawn_site", defender) == site:
        count += state.get("campaign_target_pawn") > 0
        count += sum(state.get("campaign_target_card", relic)
                     for relic in cards.in_zone(cards.zone("relics_held", defender)))
    return count


def discard_card(cards: Cards, args: list[int]) -> int:
    player, card = args
    cards.discard(player, card)
    return 0


def set_site_capacity(cards: Cards, args: list[int]) -> int:
    site, capacity = args
    cards.state.set("site_capacity", site, capacity + 1)
    return 0


def put_on_bottom(cards: Cards, args: list[int]) -> int:
    card, zone = args
    cards.put(card, zone, bottom=True)
    return 0


def top_card_of(cards: Cards, args: list[int]) -> int:
    """The top card of a zone, what Draw takes first (glossary Draw); -1 for an empty zone."""
    pile = cards.in_zone(args[0])
    return pile[-1] if pile else -1


def _on_map(cards: Cards, site: int) -> bool:
    return cards.state.get("card_zone", int(cards.base["site"]) + site) == cards.zone("map")


def move_card_to_site(cards: Cards, args: list[int]) -> int:
    """Glossary Move, following restrictions: a denizen not locked (7.2.2) nor bound to the advisers (5.1.4) goes
    faceup, with its tokens, to a site on the map that has room for it (2.8.1); otherwise it stays (7.1.3)."""
    card, site = args
    state = cards.state
    if cards.kind_of(card) != "denizen" or not _on_map(cards, site):
        return 0
    denizen = cards.game.entities("denizen")[card - int(cards.base["denizen"])]
    if denizen.restriction == "adviser" or cards.locked(card, state.get("effect_player")):
        return 0
    there = [c for c in cards.in_zone(cards.zone("at_site"))
             if c != card and state.get("card_site", c) == site and cards.intact_suit[c] >= 0]
    if len(there) >= cards.capacity(site):
        return 0
    cards.put(card, cards.zone("at_site"), faceup=True)
    state.set("card_site", card, site)
    return 0


def roll_defense_total(cards: Cards, args: list[int]) -> int:
    """5.5.4: n defense dice rolled with the state's dice; the shields, doubled once per x2 face."""
    tables = cards.game.tables
    shields, doubles = tables.values("die_defense_die_shield"), tables.values("die_defense_die_double")
    total = doubled = 0
    for _ in range(args[0]):
        face = cards.state.random(len(shields))
        total += int(shields[face])
        doubled += int(doubles[face])
    return total << doubled


def usable_reroll(flat: FlatState, seat: int) -> int:
    """The card whose rule lets this player reroll the dice they have just rolled (Jinx), if they can pay its cost
    now; -1: none."""
    card = flat.get("reroll_card", seat) - 1 if seat >= 0 else -1
    return card if card >= 0 and costs.can_pay(flat, seat, card, costs.rule_cost(flat, card)) else -1


def may_reroll(cards: Cards, args: list[int]) -> int:
    """Whether the player who has just rolled for a power may reroll those dice now (Jinx, its cost payable)."""
    return int(usable_reroll(cards.state, args[0]) >= 0)


def reroll_defense_total(cards: Cards, args: list[int]) -> int:
    """Jinx on a power's roll: its cost paid, the player's n defense dice are rolled again; the new total replaces
    the old one."""
    player, dice = args
    card = usable_reroll(cards.state, player)
    costs.pay(cards.state, player, card, costs.rule_cost(cards.state, card))
    return roll_defense_total(cards, [dice])


def _returns_at_rest(cards: Cards, card: int) -> bool:
    """4.3.2: the secrets on denizens and relics go to the resting player's board (sites keep theirs)."""
    return cards.kind_of(card) in ("denizen", "relic")


def return_tokens_as_in_rest(cards: Cards, args: list[int]) -> int:
    """4.3.1-4.3.2 (A Round of Ale): favor on denizens to their suits' banks, except the given card's; secrets on
    denizens and relics to the player's board; then the player's facedown secrets turn faceup."""
    player, kept = args
    state = cards.state
    for card, suit in enumerate(cards.printed_suit):
        if suit >= 0 and card != kept:
            state.move(("card_favor", card), ("bank_favor", suit), state.get("card_favor", card))
        if _returns_at_rest(cards, card):
            state.move(("card_secret", card), ("secret", player), state.get("card_secret", card))
    state.move(("secret_facedown", player), ("secret", player), state.get("secret_facedown", player))
    return 0


def play_or_discard_card(cards: Cards, args: list[int]) -> int:
    """5.1.4 as if searched (Oracle, Inquisitor): the card joins the player's drawn cards, seen by them, and when
    the power ends the kernel's play step has them play it, following its restrictions, or discard it."""
    player, card = args
    cards.put(card, cards.zone("drawn", player))
    cards.state.set("card_seen", card, player, 1)
    cards.state.set("effect_return", PHASE.SEARCH_PLAY)
    return 0


def share_revealed_vision(cards: Cards, args: list[int]) -> int:
    """The False Prophet's When Played: the player gains a warband of their colour from their bank and puts it on the
    revealed Vision (`vision_warbands`); with none in their bank, nothing (7.1.3). While it is there, the player also
    has the Vision revealed (queries.py `revealed_visions`); once the Vision is discarded, it is killed (Cards.discard)."""
    player, vision = args
    state = cards.state
    card = int(cards.base["vision"]) + vision
    seers = range(state.size("seated"))
    if not any(state.get("card_zone", card) == cards.zone("revealed_vision", seer) for seer in seers):
        return 0
    state.move(("warband_bank", colour(state, player)), ("vision_warbands", vision, colour(state, player)), 1)
    return 0


def take_reliquary_relic_unseen(cards: Cards, args: list[int]) -> int:
    """2.3, 9.4: once the power ends, the player picks a Reliquary space (RELIQUARY_PICK) and takes its relic faceup,
    unseen until then; the turn then goes where the power was returning."""
    state = cards.state
    if args[0] >= 0 and cards.in_zone(cards.zone("reliquary")):
        state.set("reliquary_pick", args[0])
        state.set("reliquary_pick_return", state.get("effect_return"))
        state.set("effect_return", PHASE.RELIQUARY_PICK)
    return 0


def swap_with_dispossessed(cards: Cards, args: list[int]) -> int:
    """Fallen Spire (8.5): from the top of the pile down, skipping Visions, up to n denizens each change places with
    a card drawn at random from the Dispossessed, which goes where the denizen was, facedown."""
    _, zone, count = args
    state, dispossessed = cards.state, cards.zone("dispossessed")
    denizens = [card for card in cards.in_zone(zone)[::-1] if cards.kind_of(card) == "denizen"]
    for card in denizens[:max(0, count)]:
        pool = cards.in_zone(dispossessed)
        if not pool:
            break
        other = pool[state.random(len(pool))]
        order = state.get("card_order", card)
        cards.put(card, dispossessed)
        cards.put(other, zone)
        state.set("card_order", other, order)
    return 0


def end_act_phase(cards: Cards, args: list[int]) -> int:
    """4.2 (Wizard School): on the player's own turn, their Act Phase is over once the power is settled, and the
    kernel goes on to their Rest (4.3), as for a Citizenship that ends it (6.6.2)."""
    if args[0] == cards.state.get("current_player"):
        cards.state.set("act_phase_over", 1)
    return 0


def travel(cards: Cards, args: list[int]) -> int:
    """5.6.2 once paid: the pawn moves; a facedown site turns faceup and its reveal prompt resolves (its favor and
    secrets from the shared bank, a relic from the top of the relic deck per relic icon)."""
    player, site = args
    cards.arrive(player, site)
    return 0


def can_travel_to(cards: Cards, args: list[int]) -> int:
    """5.6: any other site on the map, whatever the Supply cost. The kernel plays no power that forbids a Travel
    yet; when it does, this must ask the same as its Travel does."""
    player, site = args
    return int(site != cards.state.get("pawn_site", player) and _on_map(cards, site))


def shuffle_zone(cards: Cards, args: list[int]) -> int:
    """The zone's cards in a new order drawn with the state's dice, facedown; since no player knows the order
    now, none has seen them (9.4)."""
    zone = args[0]
    shuffled = cards.state.shuffled(cards.in_zone(zone))
    cards.stack(shuffled, zone)
    for card in shuffled:
        for player in range(cards.state.size("seated")):
            cards.state.set("card_seen", card, player, 0)
    return 0


def peek_top_cards(cards: Cards, args: list[int]) -> int:
    """Glossary Peek (9.4): the player has seen the fronts of the zone's top n cards, which stay where they are."""
    player, zone, count = args
    for card in cards.in_zone(zone)[::-1][:max(0, count)]:
        cards.state.set("card_seen", card, player, 1)
    return 0


def campaign_targets_pawn(cards: Cards, args: list[int]) -> int:
    """5.5.2: the Campaign being resolved targets this player's pawn and favor (they defend, and banish is declared)."""
    player, state = args[0], cards.state
    return int(player >= 0 and player == state.get("campaign_defender") and state.get("campaign_target_pawn") > 0)


def campaign_targets_banner(cards: Cards, args: list[int]) -> int:
    """5.5.2: the Campaign being resolved has declared this banner a target."""
    return int(cards.state.get("campaign_target_banner", args[0]) > 0)


def secrets_held_even_on_cards(cards: Cards, args: list[int]) -> int:
    """Bewitch: the player's secrets, faceup and facedown, and those on denizens and relics that go to them at their
    Rest (4.3.2). Players pay outside their turn facedown, so every secret on a card is the current player's."""
    player = args[0]
    state = cards.state
    held = state.get("secret", player) + state.get("secret_facedown", player)
    if player != state.get("current_player"):
        return held
    every_card = range(state.size("card_zone"))
    return held + sum(state.get("card_secret", card) for card in every_card if _returns_at_rest(cards, card))


def usable_favor(cards: Cards, args: list[int]) -> int:
    """7.1.2: the favor a player can use, Vow of Kinship's bank included (favor.py)."""
    return favor.usable(cards.state, args[0])


def ready_lent_favor(cards: Cards, args: list[int]) -> int:
    """Vow of Kinship: the bank's favor onto its holder's board for the verb that uses it next (favor.lend)."""
    player, n = args
    favor.lend(cards.state, player, n)
    return 0


DISCARDER = 2
"""A plan's card marked to be discarded later (`campaign_discard_at_end`, `campaign_discard_on_defeat`) holds this plus
the player who discards it: 1 for the bandits (-1, 5.5.3), 0 for no mark."""


def _remember(field: str) -> Body:
    def remember(cards: Cards, args: list[int]) -> int:
        player, card = args
        cards.state.set(field, card, DISCARDER + player)
        return 0
    return remember


FACTORIES: dict[str, Callable[[CompiledGame], Native]] = {
    "take_relic": _native(take_relic),
    "is_enemy": _native(is_enemy),
    "campaign_attacker": _native(lambda cards, args: cards.state.get("campaign_attacker")),
    "campaign_defender": _native(lambda cards, args: cards.state.get("campaign_defender")),
    "campaign_targets_card": _native(campaign_targets_card),
    "on_campaign_end_discard": _native(_remember("campaign_discard_at_end")),
    "on_defeat_discard": _native(_remember("campaign_discard_on_defeat")),
    "campaign_targets_at_site": _native(campaign_targets_at_site),
    "discard_card": _native(discard_card),
    "put_on_bottom": _native(put_on_bottom),
    "set_site_capacity": _native(set_site_capacity),
    "locked_for": _native(lambda cards, args: int(cards.locked(args[1], args[0]))),
    "top_card_of": _native(top_card_of),
    "move_card_to_site": _native(move_card_to_site),
    "roll_defense_total": _native(roll_defense_total),
    "may_reroll": _native(may_reroll),
    "reroll_defense_total": _native(reroll_defense_total),
    "return_tokens_as_in_rest": _native(return_tokens_as_in_rest),
    "play_or_discard_card": _native(play_or_discard_card),
    "share_revealed_vision": _native(share_revealed_vision),
    "travel": _native(travel),
    "can_travel_to": _native(can_travel_to),
    "shuffle_zone": _native(shuffle_zone),
    "peek_top_cards": _native(peek_top_cards),
    "campaign_targets_pawn": _native(campaign_targets_pawn),
    "campaign_targets_banner": _native(campaign_targets_banner),
    "secrets_held_even_on_cards": _native(secrets_held_even_on_cards),
    "recover_relic": _native(recover_relic),
    "end_act_phase": _native(end_act_phase),
    "take_reliquary_relic_unseen": _native(take_reliquary_relic_unseen),
    "swap_with_dispossessed": _native(swap_with_dispossessed),
    "usable_favor": _native(usable_favor),
    "ready_lent_favor": _native(ready_lent_favor),
}


def bound(game: CompiledGame) -> dict[str, Native]:
    return {name: make(game) for name, make in FACTORIES.items()}
