"""The Lizard Cult (chapter 10): setup, the Outcast and the Lost Souls in Birdsong, the rituals of Daylight on
revealed cards and their return in Evening, and the Cult's rules over the shared ones: Pilgrims (who rules), Revenge,
Fear of the Faithful, the Lost Souls pile, crafting with the Outcast's gardens and the gardens' draw bonuses. Its
conspiracies are in conspiracies.py; its Evening craft and draw are the shared procedures."""

from __future__ import annotations

from typing import Any

import cython  # type: ignore[import-untyped]

from .core import RootCore

CLEARING = cython.declare(cython.int, 10)
CARD = cython.declare(cython.int, 12)
SUIT = cython.declare(cython.int, 19)
BUILD = cython.declare(cython.int, 0)
RECRUIT = cython.declare(cython.int, 1)
SCORE = cython.declare(cython.int, 2)
SACRIFICE = cython.declare(cython.int, 3)
DOMINANCE = cython.declare(cython.int, 1)


@cython.cclass
class LizardCult:
    """The Cult's procedures and rules; each takes the engine it runs in. Gardens take the suit of their clearing,
    so the map counts them per clearing and the tracks per suit."""

    def __init__(self, tables: Any) -> None:
        offsets = tables.offsets
        numbers = tables.numbers
        arrays = tables.arrays
        self.faction = tables.faction_index("lizard_cult")
        self.garden = tables.piece("lizard_cult/garden")
        self.o_gardens = offsets["gardens"]
        self.o_track = offsets["garden_track"]
        self.o_outcast = offsets["outcast"]
        self.o_hated = offsets["hated"]
        self.o_lost_souls = offsets["lost_souls"]
        self.o_revealed = offsets["revealed"]
        self.o_scored = offsets["scored_suits"]
        self.o_acolytes = offsets["acolytes"]
        self.starting_warriors = numbers["lizard_starting_warriors"]
        self.adjacent_warriors = numbers["lizard_adjacent_warriors"]
        self.rule_gardens = numbers["lizard_rule_gardens"]
        self.fear_discards = numbers["lizard_fear_discards"]
        self.recruits = numbers["lizard_recruit"]
        self.sacrifices = numbers["lizard_sacrifice"]
        self.scores_per_suit = numbers["lizard_scores_per_suit"]
        self.track_len = tables.dims["lizard_garden_track"]
        self.spaces = arrays["lizard_garden_spaces"]
        self.garden_vp = arrays["lizard_garden_points"]
        self.garden_draw = arrays["lizard_garden_draws"]

    # --- the board -------------------------------------------------------------------------------------------------

    def outcast(self, e: RootCore) -> cython.int:
        return e.cells[self.o_outcast]

    def hated(self, e: RootCore) -> cython.bint:
        return e.cells[self.o_hated] != 0

    def on_track(self, e: RootCore, seat: cython.int, suit: cython.int) -> cython.int:
        """Gardens of a suit left on the track."""
        return e.cells[self.o_track + seat * e.nsuits + suit]

    def placed(self, e: RootCore, seat: cython.int, suit: cython.int) -> cython.int:
        """Gardens of a suit on the map: the spaces uncovered on its track (2.5.2, leftmost first)."""
        return self.spaces[suit] - self.on_track(e, seat, suit)

    def place_garden(self, e: RootCore, seat: cython.int, clearing: cython.int) -> None:
        """A garden of the clearing's suit from its track (10.5.1, 10.4.3.III)."""
        e.cells[self.o_track + seat * e.nsuits + e.suit_of(clearing)] -= 1
        e.cells[self.o_gardens + clearing] += 1

    def can_garden(self, e: RootCore, seat: cython.int, clearing: cython.int) -> cython.bint:
        """A garden can be placed: one of the suit left, a free slot (2.2.3), not the keep's clearing (6.2.2)."""
        return (self.on_track(e, seat, e.suit_of(clearing)) > 0 and e.free_slots(clearing) > 0
                and e.may_place(seat, clearing))

    def to_acolytes(self, e: RootCore, seat: cython.int, n: cython.int) -> None:
        """Up to n warriors from the supply to the Acolytes box (10.5.4; 2.5: as many as there are)."""
        moved: cython.int = min(n, e.supply(seat))
        e.cells[e.o_supply + seat] -= moved
        e.cells[self.o_acolytes + seat] += moved

    # --- setup (10.3) -----------------------------------------------------------------------------------------------

    def setup(self, e: RootCore) -> None:
        """Gardens on their tracks, then the corner: 4 warriors and a garden, 1 warrior in each adjacent clearing;
        then the Outcast's suit (args: seat). The warriors are in the supply (5.1.1)."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        c: cython.int
        d: cython.int
        s: cython.int
        if stage == 0:
            for s in range(e.nsuits - 1):
                e.cells[self.o_track + seat * e.nsuits + s] = self.spaces[s]
            e.cells[self.o_hated] = 0
            self.corners(e, seat)
            e.goto(1)
            e.ask(CLEARING, seat)
        elif stage == 1:
            c = e.answer()
            e.place_warriors(c, seat, self.starting_warriors)
            if self.can_garden(e, seat, c):
                self.place_garden(e, seat, c)
            for d in range(e.clearings):
                if e.adjacent(c, d) and e.may_place(seat, d):
                    e.place_warriors(d, seat, self.adjacent_warriors)
            e.clear_options()
            for s in range(e.nsuits - 1):
                e.option(s)
            e.goto(2)
            e.ask(SUIT, seat)
        else:
            e.cells[self.o_outcast] = e.answer()
            e.done()

    def corners(self, e: RootCore, seat: cython.int) -> None:
        """The corner opposite the keep or the starting roost; one of the two other corners with both; any corner
        the Cult may place in with neither, which the Law does not say (content/root/discrepancies.yaml)."""
        c: cython.int
        keep: cython.int = -1
        roost: cython.int = -1
        for c in range(e.clearings):
            if e.corner[c] and e.cells[e.o_keep + c]:
                keep = c
            if e.corner[c] and e.cells[e.o_roosts + c]:
                roost = c
        e.clear_options()
        for c in range(e.clearings):
            if not e.corner[c] or not e.may_place(seat, c):
                continue
            if keep >= 0 and roost >= 0:
                if c != keep and c != roost:
                    e.option(c)
            elif keep >= 0 or roost >= 0:
                if e.opposite[c] == keep or e.opposite[c] == roost:
                    e.option(c)
            else:
                e.option(c)

    # --- Birdsong (10.4.1, 10.4.2) ----------------------------------------------------------------------------------

    def adjust_outcast(self, e: RootCore) -> None:
        """The suit with the most cards in the Lost Souls, birds ignored, becomes the Outcast; the marker turns to
        Hated when it stays on its suit or no suit has more than the others (args: seat). A new turn: no suit
        scored yet."""
        s: cython.int
        k: cython.int
        n: cython.int
        best: cython.int = -1
        most: cython.int = -1
        tied: cython.bint = False
        for s in range(e.nsuits - 1):
            e.cells[self.o_scored + s] = 0
            n = 0
            for k in range(e.ncards):
                if e.card_suit[k] == s:
                    n += e.cells[self.o_lost_souls + k]
            if n > most:
                best, most, tied = s, n, False
            elif n == most:
                tied = True
        if tied or best == self.outcast(e):
            e.cells[self.o_hated] = 1
        else:
            e.cells[self.o_outcast] = best
            e.cells[self.o_hated] = 0
        e.done()

    def discard_lost_souls(self, e: RootCore) -> None:
        """The Lost Souls to the discard pile; dominance cards become available (args: seat)."""
        k: cython.int
        for k in range(e.ncards):
            if e.cells[self.o_lost_souls + k] > 0 and e.card_kind[k] == DOMINANCE:
                e.cells[e.o_dominance_available + k] = 1
            else:
                e.cells[e.o_discard + k] += e.cells[self.o_lost_souls + k]
            e.cells[self.o_lost_souls + k] = 0
        e.done()

    # --- Daylight: rituals (10.5) -----------------------------------------------------------------------------------

    def target(self, e: RootCore, seat: cython.int, ritual: cython.int, clearing: cython.int,
               suit: cython.int) -> cython.bint:
        """A clearing of the suit where a Build (a ruled one) or a Recruit can be made."""
        if e.suit_of(clearing) != suit:
            return False
        if ritual == BUILD:
            return e.ruler(clearing) == seat and self.can_garden(e, seat, clearing)
        return e.may_place(seat, clearing) and e.supply(seat) > 0

    def suit_fits(self, e: RootCore, seat: cython.int, ritual: cython.int, suit: cython.int) -> cython.bint:
        """A card of this suit can be revealed for the ritual. Birds are not wild (10.2.2): a bird serves only the
        Sacrifice, which needs one (10.5.4)."""
        c: cython.int
        if ritual == SACRIFICE:
            return suit == e.nsuits - 1 and e.supply(seat) > 0
        if suit == e.nsuits - 1:
            return False
        if ritual == SCORE:
            return e.cells[self.o_scored + suit] < self.scores_per_suit and self.placed(e, seat, suit) > 0
        for c in range(e.clearings):
            if self.target(e, seat, ritual, c, suit):
                return True
        return False

    def can_ritual(self, e: RootCore, seat: cython.int, ritual: cython.int) -> cython.bint:
        k: cython.int
        for k in range(e.ncards):
            if e.in_hand(seat, k) > 0 and self.suit_fits(e, seat, ritual, e.card_suit[k]):
                return True
        return False

    def ritual(self, e: RootCore, ritual: cython.int) -> None:
        """Reveal a card, then its ritual (args: seat; local 3 the card revealed): a garden or a warrior in a
        clearing of its suit, its points, or a warrior to the Acolytes."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        k: cython.int
        c: cython.int
        if stage == 0:
            e.clear_options()
            for k in range(e.ncards):
                if e.in_hand(seat, k) > 0 and self.suit_fits(e, seat, ritual, e.card_suit[k]):
                    e.option(k)
            e.goto(1)
            e.ask(CARD, seat)
            return
        if stage == 2:
            if ritual == BUILD:
                self.place_garden(e, seat, e.answer())
            else:
                e.place_warriors(e.answer(), seat, self.recruits)
            e.done()
            return
        k = e.answer()  # stage 1: the card, revealed face up
        e.set_arg(3, k)
        e.cells[e.o_hand + seat * e.ncards + k] -= 1
        e.cells[self.o_revealed + k] += 1
        if ritual == SACRIFICE:
            self.to_acolytes(e, seat, self.sacrifices)
            e.done()
        elif ritual == SCORE:
            self.score(e, seat, k)
        else:
            e.clear_options()
            for c in range(e.clearings):
                if self.target(e, seat, ritual, c, e.card_suit[k]):
                    e.option(c)
            e.goto(2)
            e.ask(CLEARING, seat)

    def score(self, e: RootCore, seat: cython.int, card: cython.int) -> None:
        """The revealed card spent to the Lost Souls; the points above the rightmost empty space of its suit."""
        suit: cython.int = e.card_suit[card]
        e.cells[self.o_revealed + card] -= 1
        e.discarded(card, 1)
        e.cells[self.o_scored + suit] += 1
        e.done()
        e.score(seat, self.garden_vp[suit * self.track_len + self.placed(e, seat, suit) - 1])

    # --- Evening (10.6.1) -------------------------------------------------------------------------------------------

    def return_revealed(self, e: RootCore) -> None:
        """The cards revealed this turn back to the hand (args: seat)."""
        seat: cython.int = e.arg(0)
        k: cython.int
        for k in range(e.ncards):
            e.cells[e.o_hand + seat * e.ncards + k] += e.cells[self.o_revealed + k]
            e.cells[self.o_revealed + k] = 0
        e.done()

    # --- the Cult's rules over the shared ones ----------------------------------------------------------------------

    def rule_override(self, e: RootCore, clearing: cython.int) -> cython.int:
        """Pilgrims (10.2.4): the Cult rules where it has a garden, the Eyrie's ties notwithstanding."""
        if e.cells[self.o_gardens + clearing] >= self.rule_gardens:
            return e.seat_of(self.faction)
        return -1

    def crafts_with(self, e: RootCore, suit: cython.int) -> cython.bint:
        """The Cult activates only its gardens of the Outcast's suit (10.2.1)."""
        return suit == self.outcast(e)

    def discard_to(self, e: RootCore) -> cython.int:
        """With the Cult in play, every card spent or discarded goes to the Lost Souls (10.2.6)."""
        if e.seat_of(self.faction) >= 0:
            return self.o_lost_souls
        return -1

    def revenge(self, e: RootCore, seat: cython.int, clearing: cython.int) -> None:
        """Revenge (10.2.3): a Cult warrior removed while defending goes to the Acolytes, not the supply."""
        e.add_warriors(clearing, seat, -1)
        e.cells[self.o_acolytes + seat] += 1

    def fear_of_the_faithful(self, e: RootCore, seat: cython.int) -> None:
        """A garden was removed: the Cult discards cards at random from its hand (10.2.5), to the Lost Souls."""
        i: cython.int
        k: cython.int
        pick: cython.int
        for i in range(self.fear_discards):
            if e.hand_size(seat) == 0:
                return
            pick = e.roll(e.hand_size(seat))
            for k in range(e.ncards):
                pick -= e.in_hand(seat, k)
                if pick < 0:
                    e.discard(seat, k)
                    break

    def draw_bonus(self, e: RootCore, seat: cython.int) -> cython.int:
        """Draw bonuses uncovered on the garden tracks (10.6.3)."""
        s: cython.int
        i: cython.int
        n: cython.int = 0
        for s in range(e.nsuits - 1):
            for i in range(self.placed(e, seat, s)):
                n += self.garden_draw[s * self.track_len + i]
        return n
