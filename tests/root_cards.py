"""Where Root's cards and warriors can be, for the tests' conservation checks. Every field of [card] or [player,
card] is a pile of card copies (the content declares each faction's own: supporters, Lost Souls, revealed cards …),
but the hand a player saw (`NOT_PILES`), plus the dominance card a player activated."""

from __future__ import annotations

from array import array

from lawforge.runtime.content import CompiledGame

NOT_PILES = ("seen_hand",)
"""Fields of [player, card] that are no pile: what a player saw of another's hand (Codebreakers)."""


def card_counts(game: CompiledGame, cells: array[int], players: int) -> list[int]:
    """Copies of each card wherever they are."""
    ncards = len(game.entities("card"))
    counts = [0] * ncards
    for name, axes in game.layout.FIELD_AXES.items():
        if name in NOT_PILES:
            continue
        offset = game.layout.FIELDS[name][0]
        if axes == ("card",):
            rows = [offset]
        elif axes == ("player", "card"):
            rows = [offset + seat * ncards for seat in range(players)]
        else:
            continue
        for row in rows:
            for k in range(ncards):
                counts[k] += cells[row + k]
    dominance = game.layout.FIELDS["dominance_card"][0]
    for seat in range(players):
        if cells[dominance + seat] >= 0:
            counts[cells[dominance + seat]] += 1
    return counts


def expected_counts(game: CompiledGame, players: int) -> list[int]:
    """Every copy of every card, but the dominance cards at two players (5.1.3)."""
    return [0 if players == 2 and card.kind == "dominance" else card.copies for card in game.entities("card")]


WARRIOR_BOXES = ("warrior_supply", "officers", "acolytes", "burrow", "funds", "payments", "committed")
"""Fields of [player] that hold a seat's warriors off the map: its supply, its board's boxes, and the Riverfolk's
boxes, which count warriors by their owner."""


def warriors_held(game: CompiledGame, cells: array[int], seat: int) -> int:
    """A seat's warriors on the map, in its supply and in the boxes of its board."""
    fields = game.layout.FIELDS
    offset, (clearings, seats), _ = fields["warriors"]
    total = sum(cells[offset + c * seats + seat] for c in range(clearings))
    return total + sum(cells[fields[box][0] + seat] for box in WARRIOR_BOXES if box in fields)


def bank_gifts(game: CompiledGame, cells: array[int], players: int, seat: int) -> int:
    """Cards the other players' Better Burrow Bank may have drawn for the seat since its last Evening: each draws
    its `cards` once at the start of its owner's Birdsong, which comes once between two turns of the seat."""
    ncards = len(game.entities("card"))
    bank = game.get("card", "better_burrow_bank")
    play_area = game.layout.FIELDS["play_area"][0]
    return sum(dict(bank.params)["cards"] for other in range(players)
               if other != seat and cells[play_area + other * ncards + int(bank.id)] > 0)


def stalled(game: CompiledGame, cells: array[int], players: int) -> bool:
    """A random game stuck for good as random play reaches it: every player has activated a dominance card (none
    scores any more) and no card is left to draw, the deck and the discard pile empty (the cards held in supporters
    and play areas). Persistent cards in play keep cards out of the deck, which makes it reachable."""
    fields = game.layout.FIELDS
    ncards = len(game.entities("card"))
    piles = [fields["deck"][0] + k for k in range(ncards)] + [fields["discard_pile"][0] + k for k in range(ncards)]
    return all(cells[fields["dominance_card"][0] + seat] >= 0 for seat in range(players)) \
        and not any(cells[i] for i in piles)
