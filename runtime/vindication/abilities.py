"""The cards' powers the engine runs as their effects (content): the ability of the companion activated this turn
(L645, L665), a relic's power for 1 of its influence cubes once a turn (L725), what a companion does as it joins,
the traits' passive powers at the start of their holder's turn, and another player's trait borrowed (Kheyra).
Each runs only if the engine plays every native it calls and every rule hook it changes (tables.py); the others
are not run."""

from __future__ import annotations

import cython  # type: ignore[import-untyped]

from .board import VindicationBoard

EFFECT = cython.declare(cython.int, 0)
CARD = cython.declare(cython.int, 12)
F_RECHARGE = cython.declare(cython.int, 5)
F_LOUANGE = cython.declare(cython.int, 7)
"""Guild favour placements (tables.py FAVOURS): a relic recharged as it is used (L3237), a trait praised (L3256)."""
ACTIVATED = cython.declare(cython.int, 1)
RELICS_USED = cython.declare(cython.int, 5)
"""The turn's record (core.turn_flag): the card activated + 2 (1 the character), the relics used (by bit)."""
RELIC = cython.declare(cython.int, 2)
REACTED = cython.declare(cython.int, 7)
BORROWED = cython.declare(cython.int, 41)
"""The turn's record: the trait borrowed this turn + 1 (Kheyra)."""
TRAIT = cython.declare(cython.int, 3)
C_RELIC_USE = cython.declare(cython.int, 32)


@cython.cclass
class Abilities:
    """Card powers run as effects; each method takes the engine it runs in."""

    def activated_card(self, e: VindicationBoard) -> cython.int:
        """The companion activated this turn, or -1."""
        return e.turn_flag(ACTIVATED) - 2

    def affordable(self, e: VindicationBoard, seat: cython.int, card: cython.int) -> cython.bint:
        """The player holds what the card's power takes one way or another (payments.can_pay_card): its effect
        pays as it goes; one that acts on a player beside them has one (`card_neighbour`)."""
        return e.can_pay_card(seat, card) and (not e.card_neighbour[card] or e.has_neighbour(seat))

    def pay_with_crystals(self, e: VindicationBoard, seat: cython.int, card: cython.int) -> None:
        """Before the card's power runs: an imbued crystal may stand in for a cube of each attribute it takes."""
        e.pay_card(seat, card)

    def can_use_ability(self, e: VindicationBoard, seat: cython.int) -> cython.bint:
        card: cython.int = self.activated_card(e)
        return card >= 0 and e.owns(seat, card) and e.card_activated[card] >= 0 and self.affordable(e, seat, card)

    def ability(self, e: VindicationBoard) -> None:
        """The activated companion's optional ability, this turn only (L645)."""
        card: cython.int = self.activated_card(e)
        if e.stage() == 0:
            self.pay_with_crystals(e, e.arg(0), card)
            e.goto(1)
            e.push(EFFECT, e.card_activated[card], e.arg(0), e.card_local[card])
            return
        e.done()

    def usable_relic(self, e: VindicationBoard, seat: cython.int, card: cython.int) -> cython.bint:
        return e.card_kind[card] == RELIC and e.owns(seat, card) and e.card_activated[card] >= 0 \
            and e.cells[e.k_treachery_card + card] == 0 \
            and e.card_cubes(card) >= e.num(C_RELIC_USE) and self.affordable(e, seat, card) \
            and (e.turn_flag(RELICS_USED) >> e.card_local[card]) & 1 == 0

    def can_use_relic(self, e: VindicationBoard, seat: cython.int) -> cython.bint:
        card: cython.int
        for card in range(e.ncards):
            if self.usable_relic(e, seat, card):
                return True
        return False

    def use_relic(self, e: VindicationBoard) -> None:
        """A relic's power, once a turn, for 1 of its influence cubes (L725): its effect takes the cube back to
        influence (its `cost`)."""
        seat: cython.int = e.arg(0)
        card: cython.int
        if e.stage() == 0:
            e.clear_options()
            for card in range(e.ncards):
                if self.usable_relic(e, seat, card):
                    e.option(card)
            e.goto(1)
            e.ask(CARD, seat)
            return
        if e.stage() == 1:
            card = e.answer()
            e.set_turn_flag(RELICS_USED, e.turn_flag(RELICS_USED) | (1 << e.card_local[card]))
            self.pay_with_crystals(e, seat, card)
            e.set_arg(3, card)
            e.goto(2)
            e.push(EFFECT, e.card_activated[card], seat, e.card_local[card])
            return
        if e.favour_at(F_RECHARGE, e.arg(3)) == seat:  # a charge added instead of the cube taken (L3237)
            self.recharge(e, seat, e.arg(3))
        e.done()

    def recharge(self, e: VindicationBoard, seat: cython.int, card: cython.int) -> None:
        """The cube the use took goes back onto the relic with n more, as many as the influence sphere has."""
        n: cython.int = e.num(C_RELIC_USE) + e.favour_n[F_RECHARGE]
        if n > e.influence(seat):
            n = e.influence(seat)
        e.add_sphere(1, seat, -n)
        e.cells[e.o_card_cubes + card] += n

    def praise(self, e: VindicationBoard, seat: cython.int, card: cython.int) -> None:
        """The player's guild favour token on this trait: n honour each time it is used or triggered (L3256)."""
        if e.favour_at(F_LOUANGE, card) == seat:
            e.gain_honour(seat, e.favour_n[F_LOUANGE])

    def react(self, e: VindicationBoard) -> None:
        """The seat's reactive powers answering an event (args: seat, event, the amount it reached; tables.py
        EVENTS), one after the other. Local 3: the next card to look at."""
        seat: cython.int = e.arg(0)
        card: cython.int
        for card in range(e.arg(3), e.ncards):
            if e.card_event[card] == e.arg(1) and e.answers(seat, card) and not e.reacted(card) \
                    and e.card_event_n[card] == e.arg(2):
                e.set_arg(3, card + 1)
                if e.card_react_limit[card] > 0:
                    e.set_turn_flag(REACTED, e.turn_flag(REACTED) | (1 << e.card_local[card]))
                self.praise(e, seat, card)
                e.push(EFFECT, e.card_reactive[card], seat, e.card_local[card])
                return
        e.done()

    def passives(self, e: VindicationBoard) -> None:
        """At the start of a turn, the passive powers of the traits its player holds (L707: once a turn).
        Local 3: the next card to look at."""
        seat: cython.int = e.arg(0)
        card: cython.int
        for card in range(e.arg(3), e.ncards):
            if e.card_passive[card] >= 0 and e.owns(seat, card):
                e.set_arg(3, card + 1)
                e.push(EFFECT, e.card_passive[card], seat, e.card_local[card])
                return
        e.done()

    def use_other_trait(self, e: VindicationBoard) -> None:
        """Kheyra (L1570): another player's trait works for this player this turn: its reactive power answers
        their events, its passive power runs at once (args: seat). Nothing when no other player holds one."""
        seat: cython.int = e.arg(0)
        card: cython.int
        if e.stage() == 0:
            e.clear_options()
            for card in range(e.ncards):
                if e.card_kind[card] == TRAIT and e.zone(card) >= e.zone_party \
                        and e.zone(card) < e.zone_party + e.players() and not e.owns(seat, card) \
                        and (e.card_reactive[card] >= 0 or e.card_passive[card] >= 0):
                    e.option(card)
            if e.options() == 0:
                e.done()
                return
            e.goto(1)
            e.ask(CARD, seat)
            return
        if e.stage() == 1:
            card = e.answer()
            e.set_turn_flag(BORROWED, card + 1)
            if e.card_passive[card] >= 0:
                e.goto(2)
                e.push(EFFECT, e.card_passive[card], seat, e.card_local[card])
                return
        e.done()

    def usable_trait(self, e: VindicationBoard, seat: cython.int, card: cython.int) -> cython.bint:
        return e.card_kind[card] == TRAIT and e.owns(seat, card) and e.card_activated[card] >= 0 \
            and e.cells[e.k_treachery_card + card] == 0 and self.affordable(e, seat, card)

    def can_use_trait(self, e: VindicationBoard, seat: cython.int) -> cython.bint:
        card: cython.int
        for card in range(e.ncards):
            if self.usable_trait(e, seat, card):
                return True
        return False

    def use_trait(self, e: VindicationBoard) -> None:
        """A trait's power, as often a turn as the player can pay it (L699; Traîtrise's traits cost honour)."""
        seat: cython.int = e.arg(0)
        card: cython.int
        if e.stage() == 0:
            e.clear_options()
            for card in range(e.ncards):
                if self.usable_trait(e, seat, card):
                    e.option(card)
            e.goto(1)
            e.ask(CARD, seat)
            return
        if e.stage() == 1:
            card = e.answer()
            self.pay_with_crystals(e, seat, card)
            self.praise(e, seat, card)
            e.goto(2)
            e.push(EFFECT, e.card_activated[card], seat, e.card_local[card])
            return
        e.done()
