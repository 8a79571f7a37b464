"""The cards of the central board (L332-362, L593-812): acquiring one (face up, blind or by an enhanced draw),
and the region actions that do so (Auberge, Gueule béante, Tombeau des Anciens, Tour arcanique), the Poste de
commandement's mounts (the dice are dice.py's). Each is a native the regions' effects call."""

from __future__ import annotations

import cython  # type: ignore[import-untyped]

from .board import VindicationBoard

EFFECT = cython.declare(cython.int, 0)
MONSTER = cython.declare(cython.int, 1)
TRAIT = cython.declare(cython.int, 3)
E_GAIN_TRAIT_RELIC_MONSTER = cython.declare(cython.int, 6)
E_DEFEAT_OR_CONTEST = cython.declare(cython.int, 10)
"""Events (tables.py EVENTS): a trait, relic or monster gained; a monster defeated (or a region contested)."""
CARD = cython.declare(cython.int, 12)
ATTRIBUTE = cython.declare(cython.int, 13)
YESNO = cython.declare(cython.int, 15)
DRAW = cython.declare(cython.int, 16)
COUNT = cython.declare(cython.int, 17)
FACE_UP = cython.declare(cython.int, 0)
BLIND = cython.declare(cython.int, 1)
ENHANCED = cython.declare(cython.int, 2)
STOP = cython.declare(cython.int, 1000)
COMMONS = cython.declare(cython.int, 3)
"""Inspiration, knowledge and strength: the first three attributes (attributes.yaml `order`)."""
COURAGE = cython.declare(cython.int, 3)
WISDOM = cython.declare(cython.int, 4)
VISION = cython.declare(cython.int, 5)
EXHAUSTION = cython.declare(cython.int, 0)
DEATH = cython.declare(cython.int, 1)
ACQUIRE = cython.declare(cython.int, 113)
"""The engine's procedure numbers of `acquire` and `recharge` (engine.py)."""
RECHARGE = cython.declare(cython.int, 114)
ROLL = cython.declare(cython.int, 121)
"""The engine's procedure `roll` (tables.py INTERNAL, dice.py): a die rolled, its face kept as the result."""
ATTRIBUTE_DIE = cython.declare(cython.int, 0)
MONSTER_DIE = cython.declare(cython.int, 1)
C_ENHANCED_CARDS = cython.declare(cython.int, 6)
C_ENHANCED_COST = cython.declare(cython.int, 7)
H_GRENN = cython.declare(cython.int, 1)
H_RUAK = cython.declare(cython.int, 4)
H_BROKK = cython.declare(cython.int, 10)
"""A card's rule hook (tables.py HOOKS)."""
R_RELIC_COST = cython.declare(cython.int, 0)
R_TRAIT_COST = cython.declare(cython.int, 1)
R_MONSTER_COST = cython.declare(cython.int, 2)
R_MOUNT_COST = cython.declare(cython.int, 5)
R_DRAW_FREE = cython.declare(cython.int, 7)
"""Rule hooks (core.rule): the costs of this turn, which cards change (Zaya, Tirynn, Dregun, Veroa, Kealith)."""
EVERY_DRAW = cython.declare(cython.int, 2)
"""R_DRAW_FREE when every enhanced draw of the turn is free (Claude, L2288), not only the next (Kealith: 1)."""
C_MOUNT_COST = cython.declare(cython.int, 9)
C_CHARGE_MIN = cython.declare(cython.int, 16)
C_CHARGE_MAX = cython.declare(cython.int, 17)
C_EXHAUSTION = cython.declare(cython.int, 18)
C_DEATH_PREVENTION = cython.declare(cython.int, 24)
C_RECRUIT_COST = cython.declare(cython.int, 32)
O_RELIC_CHARGES_PRINTED = cython.declare(cython.int, 1)


@cython.cclass
class Cards:
    """Acquisitions and the region actions that make them; each method takes the engine it runs in."""

    def deck_left(self, e: VindicationBoard, zone: cython.int) -> cython.bint:
        return e.top_faceup(zone) >= 0 or e.top_facedown(zone) >= 0

    def acquire(self, e: VindicationBoard) -> None:
        """A card of a deck (args: seat, deck zone): the face-up one or the top face-down one, the cost the same
        (L336); or, for 1 conviction, one of the top 3 face-down cards and the face-up one, the rest shuffled
        back (L344-348). The face-up card is replaced (L338). Its result is the card."""
        seat: cython.int = e.arg(0)
        zone: cython.int = e.arg(1)
        stage: cython.int = e.stage()
        card: cython.int
        i: cython.int
        if stage == 0:
            e.clear_options()
            if e.top_faceup(zone) >= 0:
                e.option(FACE_UP)
            if e.top_facedown(zone) >= 0:
                e.option(BLIND)
                if e.sphere(2, seat) >= self.draw_cost(e):
                    e.option(ENHANCED)
            e.goto(1)
            e.ask(DRAW, seat)
            return
        if stage == 1:
            if e.answer() == ENHANCED:
                e.use_conviction(seat, self.draw_cost(e))
                if e.rule(R_DRAW_FREE) != EVERY_DRAW:
                    e.set_rule(R_DRAW_FREE, 0)
                self.offer_enhanced(e, seat, zone)
                e.goto(2)
                e.ask(CARD, seat)
                return
            card = e.top_faceup(zone) if e.answer() == FACE_UP else e.top_facedown(zone)
            self.take(e, seat, card)
            return
        card = e.answer()
        for i in range(e.ncards):
            if e.cells[e.o_zone + i] == zone:
                e.cells[e.o_seen + i * e.seats + seat] = 0
        e.cells[e.o_faceup + card] = 0
        self.take(e, seat, card)
        e.shuffle(zone)
        e.refill(zone)

    def offer_enhanced(self, e: VindicationBoard, seat: cython.int, zone: cython.int) -> None:
        """The face-up card and the top face-down ones, seen by the player (they look at them, L346)."""
        i: cython.int
        card: cython.int
        e.clear_options()
        card = e.top_faceup(zone)
        if card >= 0:
            e.option(card)
        for i in range(e.num(C_ENHANCED_CARDS)):
            card = e.top_facedown(zone)
            if card < 0:
                break
            e.option(card)
            e.cells[e.o_seen + card * e.seats + seat] = 1
            e.cells[e.o_faceup + card] = 2  # set aside while the next one is found
        for i in range(e.ncards):
            if e.cells[e.o_zone + i] == zone and e.cells[e.o_faceup + i] == 2:
                e.cells[e.o_faceup + i] = 0

    def draw_cost(self, e: VindicationBoard) -> cython.int:
        """1 conviction, or none once a card made the next enhanced draw free (Kealith) or every one (Claude)."""
        return 0 if e.rule(R_DRAW_FREE) else e.num(C_ENHANCED_COST)

    def take(self, e: VindicationBoard, seat: cython.int, card: cython.int) -> None:
        """The card joins the player, and what it does as it joins runs next (its on_join power)."""
        e.gain_card(seat, card)
        e.set_result(card)
        if e.card_kind[card] >= MONSTER and e.card_kind[card] <= TRAIT:
            e.fire(seat, E_GAIN_TRAIT_RELIC_MONSTER)
        if e.card_kind[card] == MONSTER:
            e.fire(seat, E_DEFEAT_OR_CONTEST)
        e.done()
        if e.card_on_join[card] >= 0:
            e.push(EFFECT, e.card_on_join[card], seat, e.card_local[card])

    # --- the region actions --------------------------------------------------------------------------------------

    def recruit(self, e: VindicationBoard) -> None:
        """Auberge: 2 cubes of a common attribute recruit a companion of that colour (L382, L605-617); with
        Grenn activated this turn, his honour (L1524). Every price of a card here is e.card_cost's (the Anneau)."""
        seat: cython.int = e.arg(0)
        a: cython.int
        if e.stage() == 0:
            e.clear_options()
            for a in range(COMMONS):
                if e.can_pay(seat, a, e.card_cost(e.num(C_RECRUIT_COST))) and self.deck_left(e, e.deck_zone[a]):
                    e.option(a)
            if e.options() == 0:
                e.done()
                return
            e.goto(1)
            e.ask(ATTRIBUTE, seat)
            return
        if e.stage() == 1:
            e.pay(seat, e.answer(), e.card_cost(e.num(C_RECRUIT_COST)))
            if e.activated_hook(seat, H_GRENN) > 0:
                e.gain_honour(seat, e.activated_hook(seat, H_GRENN))
            e.goto(2)
            e.push(ACQUIRE, seat, e.deck_zone[e.answer()], 0)
            return
        e.done()

    def pay_and_acquire(self, e: VindicationBoard, attribute: cython.int, cost: cython.int) -> cython.bint:
        """Stage 0 of a one-deck acquisition: pay the attribute's cubes and acquire from its deck; False (and
        done) when the player cannot."""
        seat: cython.int = e.arg(0)
        if not e.can_pay(seat, attribute, cost) or not self.deck_left(e, e.deck_zone[attribute]):
            e.done()
            return False
        e.pay(seat, attribute, cost)
        e.goto(1)
        e.push(ACQUIRE, seat, e.deck_zone[attribute], 0)
        return True

    def obtain_trait(self, e: VindicationBoard) -> None:
        """Tombeau des Anciens: 2 wisdom for a trait (L430, L684-699)."""
        if e.stage() == 0:
            self.pay_and_acquire(e, WISDOM, e.card_cost(e.rule(R_TRAIT_COST)))
            return
        e.done()

    def fight_monster(self, e: VindicationBoard) -> None:
        """Gueule béante: 2 courage and a companion as champion (L772-776); the monster is always defeated, its
        honour gained; the black die says what befalls the champion, the white one what is generated (L780-796);
        Ruak as champion rolls the white one twice instead (L1359-1361); Brokk's master cannot be killed (L2281).
        Local 3: the champion."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        champion: cython.int
        face: cython.int
        if stage == 0:
            if e.champion(seat) < 0:
                e.done()
                return
            self.pay_and_acquire(e, COURAGE, e.card_cost(e.rule(R_MONSTER_COST)))
            return
        if stage == 1:
            e.set_arg(3, e.champion(seat))
            if e.card_hook[e.arg(3)] == H_RUAK:  # the attribute die twice, no monster die (L1359-1361)
                e.goto(6)
                e.push(ROLL, seat, ATTRIBUTE_DIE, 1)
                return
            e.goto(5)
            e.push(ROLL, seat, MONSTER_DIE, 1)
            return
        if stage == 6:
            e.generate(seat, e.result(), 1)
            stage = 3
        if stage == 5:
            champion = e.arg(3)
            face = e.result()
            stage = 3
            if face == EXHAUSTION:
                self.load(e, seat, champion, e.num(C_EXHAUSTION))
            elif face == DEATH and e.pet_hook(seat, H_BROKK, champion) < 0:  # Brokk's master (L2281)
                if e.sphere(2, seat) >= e.num(C_DEATH_PREVENTION):
                    e.clear_options()
                    e.option(0)
                    e.option(1)
                    e.goto(2)
                    e.ask(YESNO, seat)
                    return
                e.lose_card(seat, champion)
        if stage == 2:
            if e.answer() == 1:
                e.use_conviction(seat, e.num(C_DEATH_PREVENTION))
            else:
                e.lose_card(seat, e.arg(3))
            stage = 3
        if stage == 3:
            e.goto(4)
            e.push(ROLL, seat, ATTRIBUTE_DIE, 1)
            return
        e.generate(seat, e.result(), 1)
        e.done()

    def load(self, e: VindicationBoard, seat: cython.int, card: cython.int, n: cython.int) -> None:
        """Influence cubes onto a card, as many as the player has (they may recover influence first, L786)."""
        moved: cython.int = n if n < e.influence(seat) else e.influence(seat)
        e.add_sphere(1, seat, -moved)
        e.cells[e.o_card_cubes + card] += moved

    def acquire_relic(self, e: VindicationBoard) -> None:
        """Tour arcanique: 2 vision for a relic, charged with 1-3 influence cubes (L740, L754; rule option
        relic_charges), then any relics recharged for free (L729-733). Local 3: the relic acquired."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        i: cython.int
        top: cython.int
        if stage == 0:
            if e.can_pay(seat, VISION, e.card_cost(e.rule(R_RELIC_COST))) and self.deck_left(e, e.deck_zone[VISION]):
                self.pay_and_acquire(e, VISION, e.card_cost(e.rule(R_RELIC_COST)))
                return
            stage = 3
        if stage == 1:
            e.set_arg(3, e.result())
            if e.option_of(O_RELIC_CHARGES_PRINTED):
                self.load(e, seat, e.result(), e.relic_charges[e.result()])
                stage = 3
            else:
                top = e.num(C_CHARGE_MAX) if e.num(C_CHARGE_MAX) < e.influence(seat) else e.influence(seat)
                e.clear_options()
                for i in range(e.num(C_CHARGE_MIN), top + 1):
                    e.option(i)
                if e.options() == 0:
                    e.option(top)
                e.goto(2)
                e.ask(COUNT, seat)
                return
        if stage == 2:
            self.load(e, seat, e.arg(3), e.answer())
            stage = 3
        if stage == 3:
            e.goto(4)
            e.push(RECHARGE, seat, 0, 0)
            return
        e.done()

    def recharge(self, e: VindicationBoard) -> None:
        """Recharging at the Tour arcanique: one influence cube at a time onto a relic, until the player stops."""
        seat: cython.int = e.arg(0)
        i: cython.int
        if e.stage() == 1:
            if e.answer() == STOP:
                e.done()
                return
            self.load(e, seat, e.answer(), 1)
        e.clear_options()
        if e.influence(seat) > 0:
            for i in range(e.ncards):
                if e.card_kind[i] == 2 and e.owns(seat, i):
                    e.option(i)
        if e.options() == 0:
            e.done()
            return
        e.option(STOP)
        e.goto(1)
        e.ask(CARD, seat)

    def upgrade_mount(self, e: VindicationBoard) -> None:
        """Poste de commandement: 3 strength for the next speed tile and its honour (L418, L820-856)."""
        seat: cython.int = e.arg(0)
        level: cython.int = e.cells[e.o_mount + seat]
        if e.can_pay(seat, 2, e.rule(R_MOUNT_COST)) and level + 1 < e.mounts:
            e.pay(seat, 2, e.rule(R_MOUNT_COST))
            e.set_rule(R_MOUNT_COST, e.num(C_MOUNT_COST))
            e.cells[e.o_mount + seat] = level + 1
            e.gain_honour(seat, e.mount_honour[level + 1])
        e.done()

    def draw_secret_quest(self, e: VindicationBoard) -> None:
        """Draw secret quests (args: seat, how many); of two or more, keep one and shuffle the others back
        (Temple en ruines, L3099; no limit to the quests one holds, L3101)."""
        seat: cython.int = e.arg(0)
        card: cython.int
        i: cython.int
        if e.stage() == 0:
            for i in range(e.arg(1)):
                card = e.top_facedown(e.zone_quest_deck)
                if card >= 0:
                    e.put(card, e.zone_quest_deck, seat)
                    e.cells[e.o_faceup + card] = 2
            e.clear_options()
            for card in range(e.ncards):
                if e.zone(card) == e.zone_quest_deck and e.cells[e.o_faceup + card] == 2:
                    e.option(card)
            if e.options() == 0:
                e.done()
                return
            e.goto(1)
            e.ask(CARD, seat)
            return
        for card in range(e.ncards):
            if e.zone(card) == e.zone_quest_deck and e.cells[e.o_faceup + card] == 2:
                e.cells[e.o_faceup + card] = 0
                e.cells[e.o_owner + card] = -1
        e.put(e.answer(), e.zone_quests + seat, seat)
        e.shuffle(e.zone_quest_deck)
        e.done()
