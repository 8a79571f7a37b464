"""The Eyrie Dynasties (chapter 7): setup, Emergency Orders, the Decree (added to in Birdsong, resolved in
Daylight column by column), a New Roost, turmoil and the leaders. Roost scoring and the Evening draw are effects
in content/root/factions/eyrie.yaml; Lords of the Forest is in core.ruler."""

from __future__ import annotations

import cython  # type: ignore[import-untyped]

from .core import RootCore

CLEARING = cython.declare(cython.int, 10)
CARD = cython.declare(cython.int, 12)
LEADER = cython.declare(cython.int, 16)
COLUMN = cython.declare(cython.int, 17)
SUIT = cython.declare(cython.int, 19)
RECRUIT = cython.declare(cython.int, 0)
MOVE = cython.declare(cython.int, 1)
BATTLE = cython.declare(cython.int, 2)
BUILD = cython.declare(cython.int, 3)
COLUMNS = cython.declare(cython.int, 4)


@cython.cclass
class Eyrie:
    """The Eyrie's procedures and rules; each takes the engine it runs in."""

    def bird(self, e: RootCore) -> cython.int:
        return e.nsuits - 1


    def leader(self, e: RootCore, seat: cython.int) -> cython.int:
        return e.cells[e.o_leader + seat]


    def roosts_on_map(self, e: RootCore) -> cython.int:
        c: cython.int
        n: cython.int = 0
        for c in range(e.clearings):
            n += e.cells[e.o_roosts + c]
        return n


    # --- setup (7.3) ---------------------------------------------------------------------------------------------

    def setup(self, e: RootCore) -> None:
        """A roost and the starting warriors opposite the keep, or in a corner of their choice without one; then a
        leader, whose columns the Loyal Viziers take (args: seat)."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        c: cython.int
        i: cython.int
        if stage == 0:
            e.cells[e.o_leader + seat] = -1
            e.clear_options()
            for c in range(e.clearings):
                if e.corner[c] and e.cells[e.o_keep + e.opposite[c]]:
                    e.option(c)
            if e.options() == 0:
                for c in range(e.clearings):
                    if e.corner[c] and e.may_place(seat, c):
                        e.option(c)
            e.goto(1)
            e.ask(CLEARING, seat)
        elif stage == 1:
            e.cells[e.o_roosts + e.answer()] += 1
            e.place_warriors(e.answer(), seat, e.eyrie_start)
            self.choose_leader(e, seat, 2)
        else:
            e.cells[e.o_leader + seat] = e.answer()
            for i in range(2):
                e.cells[e.o_viziers[e.leader_viziers[e.answer() * 2 + i]]] += 1
            e.done()


    def choose_leader(self, e: RootCore, seat: cython.int, stage: cython.int) -> None:
        """Asks for a leader among those face up; with none, all are turned face up again (7.7.3.I)."""
        i: cython.int
        e.clear_options()
        for i in range(e.nleaders):
            if not e.cells[e.o_leader_deposed + i] and i != self.leader(e, seat):
                e.option(i)
        if e.options() == 0:
            for i in range(e.nleaders):
                e.cells[e.o_leader_deposed + i] = 0
                if i != self.leader(e, seat):
                    e.option(i)
        e.goto(stage)
        e.ask(LEADER, seat)


    # --- Birdsong (7.4) -------------------------------------------------------------------------------------------

    def emergency_orders(self, e: RootCore) -> None:
        """With no cards in hand, draw one (args: seat)."""
        if e.hand_size(e.arg(0)) == 0:
            e.draw(e.arg(0), 1)
        e.done()


    def add_to_decree(self, e: RootCore) -> None:
        """Add one card, then maybe more up to the limit, at most the allowed number of birds, each to a column of
        the player's choice (args: seat; locals 3 the card chosen, 4 cards added, 5 birds added)."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        k: cython.int
        if stage == 1:
            if e.answer() == e.ncards:
                e.done()
                return
            e.set_arg(3, e.answer())
            e.clear_options()
            for k in range(COLUMNS):
                e.option(k)
            e.goto(2)
            e.ask(COLUMN, seat)
            return
        if stage == 2:
            k = e.arg(3)
            e.cells[e.o_hand + seat * e.ncards + k] -= 1
            e.cells[e.o_decree[e.answer()] + k] += 1
            e.set_arg(4, e.arg(4) + 1)
            if e.card_suit[k] == self.bird(e):
                e.set_arg(5, e.arg(5) + 1)
        if e.arg(4) >= e.decree_cards:
            e.done()
            return
        e.clear_options()
        for k in range(e.ncards):
            if e.in_hand(seat, k) > 0 and (e.card_suit[k] != self.bird(e) or e.arg(5) < e.decree_birds):
                e.option(k)
        if e.options() == 0:
            e.done()
            return
        if e.arg(4) > 0:
            e.option(e.ncards)  # "1 or 2": after the first, adding more is the player's choice
        e.goto(1)
        e.ask(CARD, seat)


    def new_roost(self, e: RootCore) -> None:
        """With no roost on the map, a roost and warriors in the clearing with the fewest warriors where they can be
        placed, the player choosing among ties (7.4.3; args: seat)."""
        seat: cython.int = e.arg(0)
        c: cython.int
        fewest: cython.int = -1
        if e.stage() == 1:
            e.cells[e.o_roosts + e.answer()] += 1
            e.place_warriors(e.answer(), seat, e.eyrie_new_roost)
            e.done()
            return
        if self.roosts_on_map(e) > 0:
            e.done()
            return
        for c in range(e.clearings):
            if e.free_slots(c) > 0 and e.may_place(seat, c):
                if fewest < 0 or self.all_warriors(e, c) < fewest:
                    fewest = self.all_warriors(e, c)
        e.clear_options()
        for c in range(e.clearings):
            if e.free_slots(c) > 0 and e.may_place(seat, c) and self.all_warriors(e, c) == fewest:
                e.option(c)
        if e.options() == 0:
            e.done()
            return
        e.goto(1)
        e.ask(CLEARING, seat)


    def all_warriors(self, e: RootCore, clearing: cython.int) -> cython.int:
        q: cython.int
        n: cython.int = 0
        for q in range(e.players()):
            n += e.warriors(clearing, q)
        return n


    # --- Daylight: resolving the Decree (7.5.2) --------------------------------------------------------------------

    def column_cards(self, e: RootCore, column: cython.int, suit: cython.int) -> cython.int:
        """Cards of a suit in a column, the Loyal Viziers counted as birds."""
        k: cython.int
        n: cython.int = 0
        for k in range(e.ncards):
            if e.card_suit[k] == suit:
                n += e.cells[e.o_decree[column] + k]
        if suit == self.bird(e):
            n += e.cells[e.o_viziers[column]]
        return n


    def recruit_clearing(self, e: RootCore, seat: cython.int, clearing: cython.int, suit: cython.int) -> cython.bint:
        return (e.cells[e.o_roosts + clearing] > 0 and (suit == self.bird(e) or e.suit_of(clearing) == suit)
                and e.may_place(seat, clearing))


    def build_clearing(self, e: RootCore, seat: cython.int, clearing: cython.int, suit: cython.int) -> cython.bint:
        return (e.ruler(clearing) == seat and (suit == self.bird(e) or e.suit_of(clearing) == suit)
                and e.cells[e.o_roosts + clearing] == 0 and e.free_slots(clearing) > 0
                and self.roosts_on_map(e) < e.eyrie_roosts and e.may_place(seat, clearing))


    def action_possible(self, e: RootCore, seat: cython.int, column: cython.int, suit: cython.int) -> cython.bint:
        c: cython.int
        any_suit: cython.int = -1 if suit == self.bird(e) else suit
        if column == MOVE:
            return e.can_move(seat, any_suit)
        if column == BATTLE:
            return e.can_battle(seat, -1, any_suit)
        for c in range(e.clearings):
            if column == RECRUIT and self.recruit_clearing(e, seat, c, suit) and e.supply(seat) > 0:
                return True
            if column == BUILD and self.build_clearing(e, seat, c, suit):
                return True
        return False


    def resolve_decree(self, e: RootCore) -> None:
        """Columns left to right; in each, every card in the order the player chooses, its column's action in a
        clearing of its suit (a bird: any). An action that cannot be taken in full is a turmoil (args: seat; local
        3 the column, 4-7 cards left of each suit, 8 the suit being resolved)."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        s: cython.int
        c: cython.int
        if stage == 0:
            e.set_arg(3, -1)
        elif stage == 1:  # a suit was chosen: take the action
            e.set_arg(8, e.answer())
            e.set_arg(4 + e.answer(), e.arg(4 + e.answer()) - 1)
            if not self.action_possible(e, seat, e.arg(3), e.answer()):
                e.done()
                e.push(e.p_turmoil, seat, 0, 0)
                return
            self.take_action(e, seat)
            return
        elif stage == 2:  # a clearing for a recruit or a build
            if e.arg(3) == RECRUIT:
                e.place_warriors(e.answer(), seat, e.eyrie_recruits(seat))
            else:
                e.cells[e.o_roosts + e.answer()] += 1
        elif stage == 3 and e.result() == 0:  # a move or battle that did not happen
            e.done()
            e.push(e.p_turmoil, seat, 0, 0)
            return
        self.next_card(e, seat)


    def next_card(self, e: RootCore, seat: cython.int) -> None:
        s: cython.int
        while True:
            e.clear_options()
            if e.arg(3) >= 0:
                for s in range(e.nsuits):
                    if e.arg(4 + s) > 0:
                        e.option(s)
            if e.options() > 0:
                e.goto(1)
                e.ask(SUIT, seat)
                return
            if e.arg(3) == COLUMNS - 1:
                e.done()
                return
            e.set_arg(3, e.arg(3) + 1)
            for s in range(e.nsuits):
                e.set_arg(4 + s, self.column_cards(e, e.arg(3), s))


    def take_action(self, e: RootCore, seat: cython.int) -> None:
        column: cython.int = e.arg(3)
        suit: cython.int = e.arg(8)
        filter_suit: cython.int = 0 if suit == self.bird(e) else suit + 1
        c: cython.int
        if column == MOVE:
            e.goto(3)
            e.push(e.p_move, seat, 0, filter_suit)
            return
        if column == BATTLE:
            e.goto(3)
            e.push(e.p_battle, seat, 0, filter_suit)
            return
        e.clear_options()
        for c in range(e.clearings):
            if (column == RECRUIT and self.recruit_clearing(e, seat, c, suit)) or \
                    (column == BUILD and self.build_clearing(e, seat, c, suit)):
                e.option(c)
        e.goto(2)
        e.ask(CLEARING, seat)


    def turmoil(self, e: RootCore) -> None:
        """Humiliation, purge, deposition, rest (7.7; args: seat): points lost per bird in the Decree, its cards
        discarded but the Viziers, a new leader, and the Daylight ends."""
        seat: cython.int = e.arg(0)
        col: cython.int
        k: cython.int
        n: cython.int
        birds: cython.int = 0
        if e.stage() == 1:
            e.cells[e.o_leader + seat] = e.answer()
            for k in range(COLUMNS):
                e.cells[e.o_viziers[k]] = 0
            for k in range(2):
                e.cells[e.o_viziers[e.leader_viziers[e.answer() * 2 + k]]] += 1
            e.done()
            e.end_phase()
            return
        for col in range(COLUMNS):
            birds += self.column_cards(e, col, self.bird(e))
            for k in range(e.ncards):
                n = e.cells[e.o_decree[col] + k]
                e.cells[e.o_decree[col] + k] = 0
                if n > 0:
                    e.discarded(k, n)
        e.score(seat, -birds * e.turmoil_points)
        e.cells[e.o_leader_deposed + self.leader(e, seat)] = 1
        self.choose_leader(e, seat, 1)


    def item_points(self, e: RootCore, seat: cython.int, card: cython.int) -> cython.int:
        """Disdain for Trade (7.2.3): one point an item, unless the leader is the Builder (7.8.1)."""
        if self.leader(e, seat) == e.builder:
            return e.card_vp[card]
        return e.eyrie_item_points


    def extra_hits(self, e: RootCore, seat: cython.int, attacking: cython.bint) -> cython.int:
        """The Commander deals extra hits as attacker (7.8.3)."""
        if attacking and self.leader(e, seat) == e.commander:
            return e.commander_hits
        return 0


    def after_battle(self, e: RootCore, seat: cython.int) -> None:
        """The Despot scores when the battle removed an enemy building or token (7.8.4)."""
        if self.leader(e, seat) == e.despot and e.cells[e.o_removed] > 0:
            e.score(seat, e.despot_points)
