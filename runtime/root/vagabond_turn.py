"""The Vagabond's setup, Birdsong and Evening (9.3, 9.4, 9.6) and his coalition (9.2.8). His Daylight actions are
in vagabond_actions.py and vagabond_quests.py, his battles in vagabond_battle.py, his board in vagabond.py."""

from __future__ import annotations

import cython  # type: ignore[import-untyped]

from .core import RootCore
from .vagabond import Vagabond

SEAT = cython.declare(cython.int, 11)
CARD = cython.declare(cython.int, 12)
ITEM_CHOICE = cython.declare(cython.int, 40)
CHARACTER = cython.declare(cython.int, 41)
PLACE = cython.declare(cython.int, 43)
DOMINANCE = cython.declare(cython.int, 1)
READY = cython.declare(cython.int, 1)
EXHAUSTED = cython.declare(cython.int, 2)
DAMAGED = cython.declare(cython.int, 3)
DAMAGED_EXHAUSTED = cython.declare(cython.int, 4)
PLACES = cython.declare(cython.int, 5)


@cython.cclass
class VagabondTurn:
    """The Vagabond's procedures outside his Daylight actions; each takes the engine it runs in."""

    def __init__(self, board: Vagabond) -> None:
        self.v = board

    # --- setup (9.3) ---------------------------------------------------------------------------------------------

    def setup(self, e: RootCore) -> None:
        """A character, then the pawn in a forest of his choice (args: seat)."""
        seat: cython.int = e.arg(0)
        v: Vagabond = self.v
        c: cython.int
        if e.stage() == 0:
            e.clear_options()
            for c in range(v.ncharacters):
                if v.character_played[c]:
                    e.option(c)
            e.goto(1)
            e.ask(CHARACTER, seat)
        elif e.stage() == 1:
            self.prepare(e, seat, e.answer())
            e.clear_options()
            for c in range(v.nforests):
                e.option(e.clearings + c)
            e.goto(2)
            e.ask(PLACE, seat)
        else:
            v.go(e, seat, e.answer())
            e.done()

    def prepare(self, e: RootCore, seat: cython.int, character: cython.int) -> None:
        """The character's starting items face up, the quests, the ruins' items and the relationships (9.3.3-9.3.6)."""
        v: Vagabond = self.v
        i: cython.int
        k: cython.int
        e.cells[v.o_character + seat] = character
        for i in range(v.nitems):
            for k in range(v.character_items[character * v.nitems + i]):
                v.gain(e, seat, i)
        for i in range(e.players()):
            e.cells[v.o_relationship + i] = 0
            e.cells[v.o_hostile + i] = 0
            e.cells[v.o_aids + i] = 0
        e.cells[v.o_coalition + seat] = -1
        e.cells[v.o_instigator] = -1
        for k in range(v.nquests):
            e.cells[v.o_quest_deck + k] = 1
        for k in range(v.quests_shown):
            self.draw_quest(e)
        self.fill_ruins(e)

    def draw_quest(self, e: RootCore) -> None:
        """A quest from the shuffled deck, face up (9.3.3, 9.5.5); none when the deck is empty."""
        v: Vagabond = self.v
        k: cython.int
        left: cython.int = 0
        for k in range(v.nquests):
            left += e.cells[v.o_quest_deck + k]
        if left == 0:
            return
        left = e.roll(left)
        for k in range(v.nquests):
            if e.cells[v.o_quest_deck + k]:
                if left == 0:
                    e.cells[v.o_quest_deck + k] = 0
                    e.cells[v.o_quests_shown + k] = 1
                    return
                left -= 1

    def fill_ruins(self, e: RootCore) -> None:
        """The items marked R, shuffled, under the ruins (9.3.4)."""
        v: Vagabond = self.v
        c: cython.int
        i: cython.int
        n: cython.int
        pick: cython.int
        pool: cython.int = 0
        for i in range(v.nitems):
            pool += v.item_ruin[i]
        for c in range(e.clearings):
            for n in range(e.cells[e.o_ruins + c] * v.ruin_items):
                if pool == 0:
                    return
                pick = e.roll(pool)
                for i in range(v.nitems):
                    if v.item_ruin[i] and self.ruin_item_left(e, i):
                        if pick == 0:
                            e.cells[e.o_ruin_items + c * e.nitems + i] += 1
                            break
                        pick -= 1
                pool -= 1

    def ruin_item_left(self, e: RootCore, item: cython.int) -> cython.bint:
        """An R item not yet under a ruin (one of each)."""
        c: cython.int
        for c in range(e.clearings):
            if e.cells[e.o_ruin_items + c * e.nitems + item] > 0:
                return False
        return True

    # --- Birdsong (9.4) ------------------------------------------------------------------------------------------

    def refresh(self, e: RootCore) -> None:
        """Turn face up 2 exhausted items per face-up tea, then 3 more, the player choosing which when not all can
        be (args: seat; local 3: refreshes left). A new turn: his aids and improvisation count anew."""
        seat: cython.int = e.arg(0)
        v: Vagabond = self.v
        i: cython.int
        if e.stage() == 0:
            e.cells[v.o_improvised] = 0
            for i in range(e.players()):
                e.cells[v.o_aids + i] = 0
            e.set_arg(3, v.refresh_base + v.track_power(e, seat, v.power_refresh))
        else:
            v.refresh(e, seat, e.answer())
            e.set_arg(3, e.arg(3) - 1)
        while e.arg(3) > 0 and v.total(e, seat, EXHAUSTED) + v.total(e, seat, DAMAGED_EXHAUSTED) > 0:
            e.clear_options()
            if v.total(e, seat, EXHAUSTED) + v.total(e, seat, DAMAGED_EXHAUSTED) <= e.arg(3):
                for i in range(v.nitems):
                    while v.count(e, seat, EXHAUSTED, i) > 0:
                        v.refresh(e, seat, EXHAUSTED * v.nitems + i)
                    while v.count(e, seat, DAMAGED_EXHAUSTED, i) > 0:
                        v.refresh(e, seat, DAMAGED_EXHAUSTED * v.nitems + i)
                break
            v.item_options(e, seat, EXHAUSTED)
            v.item_options(e, seat, DAMAGED_EXHAUSTED)
            e.goto(1)
            e.ask(ITEM_CHOICE, seat)
            return
        e.done()

    def slip(self, e: RootCore) -> None:
        """He may move to an adjacent clearing or forest without exhausting boots, even a Hostile one (args:
        seat). From a clearing, the forests it borders are adjacent; from a forest, its clearings and the forests
        one path away (2.4.1)."""
        seat: cython.int = e.arg(0)
        v: Vagabond = self.v
        here: cython.int = v.clearing(e, seat)
        forest: cython.int = v.forest(e, seat)
        d: cython.int
        if e.stage() == 1:
            if e.answer() < e.clearings + v.nforests:
                v.go(e, seat, e.answer())
            e.done()
            return
        e.clear_options()
        for d in range(e.clearings):
            if not e.closed(d) and ((here >= 0 and e.adjacent(here, d)) or
                                    (here < 0 and v.borders(forest, e.clearings, d))):
                e.option(d)
        for d in range(v.nforests):
            if (here >= 0 and v.borders(d, e.clearings, here)) or \
                    (here < 0 and v.forest_near[forest * v.nforests + d]):
                e.option(e.clearings + d)
        e.option(e.clearings + v.nforests)
        e.goto(1)
        e.ask(PLACE, seat)

    # --- Evening (9.6) ------------------------------------------------------------------------------------------

    def rest(self, e: RootCore) -> None:
        """In a forest, every damaged item back to the satchel or its track, face up (args: seat)."""
        seat: cython.int = e.arg(0)
        v: Vagabond = self.v
        i: cython.int
        if v.forest(e, seat) >= 0:
            for i in range(v.nitems):
                v.add(e, seat, READY, i, v.count(e, seat, DAMAGED, i) + v.count(e, seat, DAMAGED_EXHAUSTED, i))
                v.add(e, seat, DAMAGED, i, -v.count(e, seat, DAMAGED, i))
                v.add(e, seat, DAMAGED_EXHAUSTED, i, -v.count(e, seat, DAMAGED_EXHAUSTED, i))
            v.settle(e, seat)
        e.done()

    def item_limit(self, e: RootCore) -> None:
        """Items of the satchel and the Damaged box beyond his capacity leave the game, the player choosing which
        (args: seat)."""
        seat: cython.int = e.arg(0)
        v: Vagabond = self.v
        i: cython.int
        place: cython.int
        if e.stage() == 1:
            v.take_from(e, seat, e.answer())
        if v.carried(e, seat) <= v.capacity(e, seat):
            e.done()
            return
        e.clear_options()
        for place in range(READY, PLACES):
            for i in range(v.nitems):
                if v.count(e, seat, place, i) > 0:
                    e.option(place * v.nitems + i)
        e.goto(1)
        e.ask(ITEM_CHOICE, seat)

    # --- coalition (9.2.8) --------------------------------------------------------------------------------------

    def can_coalesce(self, e: RootCore, seat: cython.int) -> cython.bint:
        """With the points to activate a dominance card and one in hand (3.3.1), someone to join: a player who has
        not activated one. (With fewer players, he activates it as anyone does, 3.3.1, though he rules nothing.)"""
        k: cython.int
        q: cython.int
        if e.cells[e.o_dominance_card + seat] >= 0 or e.points(seat) < e.dominance_points:
            return False
        for k in range(e.ncards):
            if e.card_kind[k] == DOMINANCE and e.in_hand(seat, k) > 0:
                for q in range(e.players()):
                    if q != seat and e.cells[e.o_dominance_card + q] < 0:
                        return True
        return False

    def coalesce(self, e: RootCore) -> None:
        """Activate a dominance card to join the player with the fewest points, his choice on a tie; he scores no
        more and wins if they win; a Hostile partner turns Indifferent (args: seat)."""
        seat: cython.int = e.arg(0)
        v: Vagabond = self.v
        k: cython.int
        q: cython.int
        fewest: cython.int = -1
        e.clear_options()
        if e.stage() == 0:
            for k in range(e.ncards):
                if e.card_kind[k] == DOMINANCE and e.in_hand(seat, k) > 0:
                    e.option(k)
            e.goto(1)
            e.ask(CARD, seat)
        elif e.stage() == 1:
            e.cells[e.o_hand + seat * e.ncards + e.answer()] -= 1
            e.cells[e.o_dominance_card + seat] = e.answer()
            for q in range(e.players()):
                if q != seat and e.cells[e.o_dominance_card + q] < 0 and (fewest < 0 or e.points(q) < fewest):
                    fewest = e.points(q)
            for q in range(e.players()):
                if q != seat and e.cells[e.o_dominance_card + q] < 0 and e.points(q) == fewest:
                    e.option(q)
            e.goto(2)
            e.ask(SEAT, seat)
        else:
            e.cells[v.o_coalition + seat] = e.answer()
            if v.hostile(e, e.answer()):
                e.cells[v.o_hostile + e.answer()] = 0
                e.cells[v.o_relationship + e.answer()] = 0
            e.done()
