"""The Corvid Conspiracy (chapter 13): setup, Flip, Recruit, Plot, Trick, Exert, their Evening draw, Embedded
Agents. Their plot tokens and what each does, and the Exposure other players attempt, are in plots.py; Nimble and
the snares change the shared rules through core's hooks (engine.py); Craft, Move and Battle are the shared ones."""

from __future__ import annotations

from typing import Any

import cython  # type: ignore[import-untyped]

from .core import RootCore
from .plots import Plots

CLEARING = cython.declare(cython.int, 10)
CARD = cython.declare(cython.int, 12)
SUIT = cython.declare(cython.int, 19)
PLOT = cython.declare(cython.int, 22)
STEP = cython.declare(cython.int, 23)
S_BUDGET = cython.declare(cython.int, 3)
"""A plan step's budget field (kernel/engine.py): a Daylight action is a step that spends one."""


@cython.cclass
class Corvids:
    """The Corvids' procedures and rules; each takes the engine it runs in."""

    def __init__(self, tables: Any) -> None:
        numbers = tables.numbers
        self.plots = Plots(tables)
        self.faction = self.plots.faction
        self.warriors = tables.arrays["corvids_warrior_count"][0]
        self.daylight = int(tables.game.get("phase", "daylight").id)
        self.nsteps = tables.dims["steps"]
        self.o_placed = tables.offsets["plots_placed"]
        self.o_exerted = tables.offsets["exerted"]
        self.per_clearing = numbers["corvid_plots_per_clearing"]
        self.scatter = numbers["corvid_scatter_warriors"]
        self.flip_points = numbers["corvid_flip_points"]
        self.recruit_warriors = numbers["corvid_recruit_warriors"]
        self.plot_warriors = numbers["corvid_plot_warriors"]
        self.plot_extra = numbers["corvid_plot_extra_warriors"]
        self.exert_actions = numbers["corvid_exert_actions"]
        self.extortion_draw = numbers["extortion_draw"]
        self.agents_hits = numbers["embedded_agents_hits"]

    def bird(self, e: RootCore) -> cython.int:
        return e.nsuits - 1

    # --- setup (13.3) ---------------------------------------------------------------------------------------------

    def setup(self, e: RootCore) -> None:
        """Warriors to the supply (the plots' is what the map does not hold), then a warrior in a clearing of each
        suit in turn (args: seat; local 3: the suit)."""
        seat: cython.int = e.arg(0)
        c: cython.int
        if e.stage() == 0:
            e.cells[e.o_supply + seat] = self.warriors
            e.set_arg(3, -1)
        else:
            e.place_warriors(e.answer(), seat, self.scatter)
        while e.arg(3) + 1 < self.bird(e):
            e.set_arg(3, e.arg(3) + 1)
            e.clear_options()
            for c in range(e.clearings):
                if e.suit_of(c) == e.arg(3) and e.may_place(seat, c):
                    e.option(c)
            if e.options() > 0:
                e.goto(1)
                e.ask(CLEARING, seat)
                return
        e.done()

    def turn_started(self, e: RootCore, seat: cython.int) -> None:
        e.cells[self.o_placed + seat] = 0
        e.cells[self.o_exerted + seat] = 0

    # --- Birdsong: Flip (13.4.2) ------------------------------------------------------------------------------------

    def can_flip_in(self, e: RootCore, seat: cython.int, clearing: cython.int) -> cython.bint:
        return self.plots.facedown(e, clearing) and e.warriors(clearing, seat) > 0

    def can_flip(self, e: RootCore, seat: cython.int) -> cython.bint:
        c: cython.int
        for c in range(e.clearings):
            if self.can_flip_in(e, seat, c):
                return True
        return False

    def flip(self, e: RootCore) -> None:
        """Flip plots one at a time until the player stops (args: seat): each scores a point per face-up plot, the
        one flipped included, then a bomb goes off or an extortion takes its cards (13.7.1, 13.7.3)."""
        seat: cython.int = e.arg(0)
        c: cython.int
        kind: cython.int
        if e.stage() == 1:
            c = e.answer()
            if c == e.places:
                e.done()
                return
            self.plots.flip(e, c)
            e.score(seat, self.flip_points * self.plots.faceup_count(e, -1))
            if e.over():
                return
            kind = self.plots.kind(e, c)
            e.goto(2)
            if kind == self.plots.extortion:
                self.plots.extort(e, seat, c)
            elif kind == self.plots.bomb:
                self.plots.bomb_blast(e, seat, c)
                return
        if not self.can_flip(e, seat):
            e.done()
            return
        e.clear_options()
        for c in range(e.clearings):
            if self.can_flip_in(e, seat, c):
                e.option(c)
        e.option(e.places)
        e.goto(1)
        e.ask(CLEARING, seat)

    # --- Birdsong: Recruit (13.4.3) ----------------------------------------------------------------------------------

    def recruit_mask(self, e: RootCore, seat: cython.int, suit: cython.int) -> cython.int:
        """The clearings of a suit the Corvids may place in, as a bit mask."""
        c: cython.int
        mask: cython.int = 0
        for c in range(e.clearings):
            if e.suit_of(c) == suit and e.may_place(seat, c):
                mask |= 1 << c
        return mask

    def recruits_with(self, e: RootCore, seat: cython.int, card: cython.int) -> cython.bint:
        """The card would place a warrior somewhere: a clearing of its suit, of any with a bird."""
        s: cython.int
        for s in range(self.bird(e)):
            if e.matches(card, s) and self.recruit_mask(e, seat, s) != 0:
                return True
        return False

    def can_recruit(self, e: RootCore, seat: cython.int) -> cython.bint:
        k: cython.int
        if e.supply(seat) == 0:
            return False
        for k in range(e.ncards):
            if e.in_hand(seat, k) > 0 and self.recruits_with(e, seat, k):
                return True
        return False

    def recruit(self, e: RootCore) -> None:
        """Spend a card, or none, then a warrior in each clearing of its suit, a bird's suit being the player's
        choice (args: seat; local 4: the clearings still to get one, `Plots.spread`)."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        k: cython.int
        s: cython.int
        e.clear_options()
        if stage == 0:
            for k in range(e.ncards):
                if e.in_hand(seat, k) > 0 and self.recruits_with(e, seat, k):
                    e.option(k)
            e.option(e.ncards)
            e.goto(2)
            e.ask(CARD, seat)
            return
        if stage == 1:
            if not self.plots.spread(e, seat, self.recruit_warriors, 1):
                e.done()
            return
        if stage == 2:
            k = e.answer()
            if k == e.ncards:
                e.done()
                return
            e.discard(seat, k)
            if e.card_suit[k] == self.bird(e):
                for s in range(self.bird(e)):
                    if self.recruit_mask(e, seat, s) != 0:
                        e.option(s)
                e.goto(3)
                e.ask(SUIT, seat)
                return
            s = e.card_suit[k]
        else:
            s = e.answer()
        e.set_arg(4, self.recruit_mask(e, seat, s))
        if not self.plots.spread(e, seat, self.recruit_warriors, 0):
            e.done()

    # --- Daylight: Plot (13.5.2) and Trick (13.5.4) ------------------------------------------------------------

    def plot_cost(self, e: RootCore, seat: cython.int) -> cython.int:
        return self.plot_warriors + self.plot_extra * e.cells[self.o_placed + seat]

    def can_plot_in(self, e: RootCore, seat: cython.int, clearing: cython.int) -> cython.bint:
        return (self.plots.at(e, clearing) < self.per_clearing and e.may_place(seat, clearing)
                and e.warriors(clearing, seat) >= self.plot_cost(e, seat))

    def can_plot(self, e: RootCore, seat: cython.int) -> cython.bint:
        c: cython.int
        if self.plots.supply(e, -1) == 0:
            return False
        for c in range(e.clearings):
            if self.can_plot_in(e, seat, c):
                return True
        return False

    def plot(self, e: RootCore) -> None:
        """A clearing, then which plot from the supply goes there face down; the warriors it costs are removed
        (args: seat; local 3: the clearing)."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        c: cython.int
        k: cython.int
        e.clear_options()
        if stage == 0:
            for c in range(e.clearings):
                if self.can_plot_in(e, seat, c):
                    e.option(c)
            e.goto(1)
            e.ask(CLEARING, seat)
        elif stage == 1:
            e.set_arg(3, e.answer())
            for k in range(self.plots.kinds):
                if self.plots.supply(e, k) > 0:
                    e.option(k)
            e.goto(2)
            e.ask(PLOT, seat)
        else:
            c = e.arg(3)
            for k in range(self.plot_cost(e, seat)):
                e.remove_warrior(seat, c)
            self.plots.place(e, c, e.answer())
            e.cells[self.o_placed + seat] += 1
            e.done()

    def trick_partner(self, e: RootCore, a: cython.int, b: cython.int) -> cython.bint:
        """Two plots Trick may swap: in two clearings, both face up or both face down."""
        return (a != b and self.plots.at(e, a) > 0 and self.plots.at(e, b) > 0
                and self.plots.faceup(e, a) == self.plots.faceup(e, b))

    def can_trick_from(self, e: RootCore, a: cython.int) -> cython.bint:
        b: cython.int
        for b in range(e.clearings):
            if self.trick_partner(e, a, b):
                return True
        return False

    def can_trick(self, e: RootCore, seat: cython.int) -> cython.bint:
        c: cython.int
        for c in range(e.clearings):
            if self.can_trick_from(e, c):
                return True
        return False

    def trick(self, e: RootCore) -> None:
        """Two clearings whose plots change places (args: seat; local 3: the first)."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        c: cython.int
        e.clear_options()
        if stage == 0:
            for c in range(e.clearings):
                if self.can_trick_from(e, c):
                    e.option(c)
            e.goto(1)
            e.ask(CLEARING, seat)
        elif stage == 1:
            e.set_arg(3, e.answer())
            for c in range(e.clearings):
                if self.trick_partner(e, e.arg(3), c):
                    e.option(c)
            e.goto(2)
            e.ask(CLEARING, seat)
        else:
            self.plots.swap(e, e.arg(3), e.answer())
            e.done()

    # --- Evening: Exert (13.6.1) and the draw (13.6.2) -------------------------------------------------------------

    def offer_actions(self, e: RootCore, seat: cython.int) -> cython.int:
        """Options for the Daylight actions the player can take now (their role's Daylight steps that spend a
        budget); returns how many."""
        at: cython.int = e.steps_of(e.role_of(seat), self.daylight)
        step: cython.int
        e.clear_options()
        for step in range(e.plan[at], e.plan[at] + e.plan[at + 1]):
            if e.step_field(step, S_BUDGET) >= 0 and e.can_take(seat, step):
                e.option(step)
        return e.options()

    def can_exert(self, e: RootCore, seat: cython.int) -> cython.bint:
        return self.offer_actions(e, seat) > 0

    def exert(self, e: RootCore) -> None:
        """One more Daylight action, or none; with one, no card is drawn in the next step (args: seat; local 3: the
        actions taken)."""
        seat: cython.int = e.arg(0)
        if e.stage() == 1:
            if e.answer() == self.nsteps:
                e.done()
                return
            e.cells[self.o_exerted + seat] = 1
            e.set_arg(3, e.arg(3) + 1)
            e.goto(2)
            e.take(e.answer())
            return
        if e.arg(3) >= self.exert_actions or e.over() or self.offer_actions(e, seat) == 0:
            e.done()
            return
        e.option(self.nsteps)
        e.goto(1)
        e.ask(STEP, seat)

    def draw_bonus(self, e: RootCore, seat: cython.int) -> cython.int:
        """One more card per face-up extortion (13.6.2); after exerting, none at all: the bonus takes back the
        Evening's card too (13.6.1)."""
        if e.cells[self.o_exerted + seat]:
            return -e.evening_draw_cards
        return self.extortion_draw * self.plots.faceup_count(e, self.plots.extortion)

    # --- battle: Embedded Agents (13.2.5) ------------------------------------------------------------------------

    def extra_hits(self, e: RootCore, attacking: cython.bint) -> cython.int:
        """Defending where a plot lies face down, even defenseless: extra hits."""
        if not attacking and self.plots.facedown(e, e.cells[e.o_battle_clearing]):
            return self.agents_hits
        return 0
