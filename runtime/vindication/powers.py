"""Natives of the cards' powers (content/vindication/natives): another turn, a look at a deck, one more
activation, more of what was generated, cubes redistributed, another companion's generation. Each is a procedure
taking the engine it runs in; its arguments are the effect's (args 0-2)."""

from __future__ import annotations

import cython  # type: ignore[import-untyped]

from .board import VindicationBoard

CARD = cython.declare(cython.int, 12)
ATTRIBUTE = cython.declare(cython.int, 13)
YESNO = cython.declare(cython.int, 15)
COUNT = cython.declare(cython.int, 17)
COMMONS = cython.declare(cython.int, 3)
DECKS = cython.declare(cython.int, 6)
ACTIVATED = cython.declare(cython.int, 1)
GENERATED = cython.declare(cython.int, 45)
"""The turn's record: what the companion activated generated, by common attribute (actions.activate)."""
OWN_INSTEAD = cython.declare(cython.int, 2)
EXTRA_TURN = cython.declare(cython.int, 11)
"""The game's record: 1 when the player whose turn it is takes another turn after it."""
MOVED = cython.declare(cython.int, 0)
EXTRA_MOVES = cython.declare(cython.int, 6)
"""The turn's record: the move taken, and the move actions a power added (Pierres sacrées)."""
SPACE = cython.declare(cython.int, 10)
WISH = cython.declare(cython.int, 21)
SEAT = cython.declare(cython.int, 19)
STOP = cython.declare(cython.int, 1000)
ANYWHERE = cython.declare(cython.int, 0)
BY_A_PLAYER = cython.declare(cython.int, 1)
BY_MY_REGION = cython.declare(cython.int, 2)
BY_THE_STONES = cython.declare(cython.int, 3)


@cython.cclass
class Powers:
    """The cards' natives; each method takes the engine it runs in."""

    def extra_turn(self, e: VindicationBoard) -> None:
        """Take another turn after this one (Anazi'birin, Drokk, Elya: L1004, L1249, L1512)."""
        e.set_game_flag(EXTRA_TURN, 1)
        e.done()

    def peek_deck(self, e: VindicationBoard) -> None:
        """Look at the top face-down card of one of the six decks, then put it back or turn it face up onto the
        deck's face-up card (Ursula, L1156). Local 3: the card."""
        seat: cython.int = e.arg(0)
        d: cython.int
        if e.stage() == 0:
            e.clear_options()
            for d in range(DECKS):
                if e.top_facedown(e.deck_zone[d]) >= 0:
                    e.option(d)
            if e.options() == 0:
                e.done()
                return
            e.goto(1)
            e.ask(ATTRIBUTE, seat)
            return
        if e.stage() == 1:
            e.set_arg(3, e.top_facedown(e.deck_zone[e.answer()]))
            e.cells[e.o_seen + e.arg(3) * e.seats + seat] = 1
            e.clear_options()
            e.option(0)
            e.option(1)
            e.goto(2)
            e.ask(YESNO, seat)
            return
        if e.answer() == 1:
            e.cells[e.o_faceup + e.arg(3)] = 1
            e.cells[e.o_order + e.arg(3)] = 1 << 21
        e.done()

    def activate_companion(self, e: VindicationBoard) -> None:
        """Activate one more companion, paying its influence cube, and generate what it generates (Xan, L1395)."""
        seat: cython.int = e.arg(0)
        card: cython.int
        i: cython.int
        if e.stage() == 0:
            e.clear_options()
            if e.influence(seat) > 0:
                for card in range(e.ncards):
                    if e.card_kind[card] == 0 and e.owns(seat, card) and card != e.turn_flag(ACTIVATED) - 2:
                        e.option(card)
            if e.options() == 0:
                e.done()
                return
            e.goto(1)
            e.ask(CARD, seat)
            return
        card = e.answer()
        e.add_sphere(1, seat, -1)
        e.cells[e.o_card_cubes + card] += 1
        for i in range(COMMONS):
            e.generate(seat, i, e.card_generation[card * COMMONS + i])
        e.done()

    def generate_more(self, e: VindicationBoard) -> None:
        """Generate n more cubes of an attribute the card just activated generates, the player's choice
        (Aspiration L1682, Vosh L2378)."""
        seat: cython.int = e.arg(0)
        card: cython.int = e.turn_flag(ACTIVATED) - 2
        a: cython.int
        if e.stage() == 0:
            e.clear_options()
            for a in range(COMMONS):
                if (card >= 0 and e.card_generation[card * COMMONS + a] > 0) or (
                        card == -1 and e.character_generation[e.cells[e.o_side + seat] * COMMONS + a] > 0):
                    e.option(a)
            if e.options() == 0:
                e.done()
                return
            e.goto(1)
            e.ask(ATTRIBUTE, seat)
            return
        e.generate(seat, e.answer(), e.arg(1))
        e.done()

    def redistribute_common(self, e: VindicationBoard) -> None:
        """Rearrange one's inspiration, knowledge and strength cubes freely among those three spheres (Tome,
        L2129): how many go to inspiration, then to knowledge; the rest to strength. The cubes stay where they
        are until both are answered. Locals: 3 their total, 4 the inspiration chosen."""
        seat: cython.int = e.arg(0)
        i: cython.int
        if e.stage() == 2:
            e.cells[e.o_attr + seat] = e.arg(4)
            e.cells[e.o_attr + e.seats + seat] = e.answer()
            e.cells[e.o_attr + 2 * e.seats + seat] = e.arg(3) - e.arg(4) - e.answer()
            e.done()
            return
        if e.stage() == 0:
            e.set_arg(3, e.attr(0, seat) + e.attr(1, seat) + e.attr(2, seat))
            e.set_arg(4, 0)
            e.goto(1)
        else:
            e.set_arg(4, e.answer())
            e.goto(2)
        e.clear_options()
        for i in range(e.arg(3) - e.arg(4) + 1):
            e.option(i)
        e.ask(COUNT, seat)

    def generate_other_companion(self, e: VindicationBoard) -> None:
        """Generate what another companion generates, not its ability: 0 another player's (Miroir, L2103),
        1 any face-up one (Parchemin, L2474), 2 another of one's own instead of what the companion activated
        generated, which goes back to influence (Émerveillement, L1730; actions.activate records it)."""
        seat: cython.int = e.arg(0)
        card: cython.int
        i: cython.int
        if e.stage() == 0:
            e.clear_options()
            for card in range(e.ncards):
                if e.card_kind[card] == 0 and self.other(e, seat, card, e.arg(1)):
                    e.option(card)
            if e.options() == 0:
                e.done()
                return
            e.goto(1)
            e.ask(CARD, seat)
            return
        for i in range(COMMONS):
            if e.arg(1) == OWN_INSTEAD:
                e.spend(seat, i, e.turn_flag(GENERATED + i))
                e.set_turn_flag(GENERATED + i, 0)
        for i in range(COMMONS):
            e.generate(seat, i, e.card_generation[e.answer() * COMMONS + i])
        e.done()

    def teleport_to(self, e: VindicationBoard, seat: cython.int, space: cython.int, mode: cython.int) -> cython.bint:
        """An unoccupied space: anywhere, next to another player, touching a region one controls, or touching a
        Pierres sacrées tile (the native teleport's modes)."""
        i: cython.int
        other: cython.int
        slot: cython.int
        if e.occupied(space, seat) or space == e.pos(seat):
            return False
        if mode == ANYWHERE:
            return True
        for i in range(3):
            if mode == BY_A_PLAYER:
                for other in range(e.players()):
                    if other != seat and e.space_next[space * 3 + i] == e.pos(other) and e.pos(other) >= 0:
                        return True
            slot = e.space_slots[space * 3 + i]
            if slot >= 0 and mode == BY_MY_REGION and e.slot_owner(slot) == seat:
                return True
            if slot >= 0 and mode == BY_THE_STONES and e.slot_region(slot) == e.sacred_stones:
                return True
        return False

    def offer_teleports(self, e: VindicationBoard, seat: cython.int, mode: cython.int) -> None:
        space: cython.int
        e.clear_options()
        for space in range(e.nspaces):
            if self.teleport_to(e, seat, space, mode):
                e.option(space)

    def teleport(self, e: VindicationBoard) -> None:
        """Move the medallion to an unoccupied space (args: seat, mode: 0 anywhere, 1 next to another player,
        2 touching a region one controls, 3 next to a Pierres sacrées tile; L2167, L2426, L2514, L3089)."""
        seat: cython.int = e.arg(0)
        if e.stage() == 0:
            self.offer_teleports(e, seat, e.arg(1))
            if e.options() == 0:
                e.done()
                return
            e.goto(1)
            e.ask(SPACE, seat)
            return
        e.cells[e.k_pos + seat] = e.answer()
        e.done()

    def sacred_stones(self, e: VindicationBoard) -> None:
        """Pierres sacrées (L3089-3093), by how many of them the visitor controls: none, a teleport next to one
        instead of the move (none once moved); one, a teleport next to one, then a move more; both, a teleport
        anywhere unoccupied, the move kept. Each teleport may be declined. Local 3: the stones controlled."""
        seat: cython.int = e.arg(0)
        slot: cython.int
        held: cython.int = 0
        if e.stage() == 0:
            for slot in range(e.nslots):
                if e.slot_region(slot) == e.sacred_stones and e.slot_owner(slot) == seat:
                    held += 1
            e.set_arg(3, held)
            if held == 0 and e.turn_flag(MOVED):
                e.done()
                return
            self.offer_teleports(e, seat, ANYWHERE if held >= 2 else BY_THE_STONES)
            if e.options() == 0:
                e.done()
                return
            e.option(STOP)
            e.goto(1)
            e.ask(SPACE, seat)
            return
        if e.answer() != STOP:
            e.cells[e.k_pos + seat] = e.answer()
            if e.arg(3) == 0:
                e.set_turn_flag(MOVED, 1)
            elif e.arg(3) == 1:
                e.set_turn_flag(EXTRA_MOVES, e.turn_flag(EXTRA_MOVES) + 1)
        e.done()

    def take_wish(self, e: VindicationBoard) -> None:
        """Puits aux souhaits: one of the 3 face-up wish tokens and its reward, honour or attributes; it is
        shuffled back and another turned face up (L3119-3121). The visitor may take none."""
        seat: cython.int = e.arg(0)
        i: cython.int
        token: cython.int
        if e.stage() == 0:
            e.clear_options()
            for i in range(e.nwishes):
                if e.cells[e.k_wish + i] == 1:
                    e.option(i)
            if e.options() == 0:
                e.done()
                return
            e.option(STOP)
            e.goto(1)
            e.ask(WISH, seat)
            return
        token = e.answer()
        if token != STOP:
            e.gain_honour(seat, e.wish_reward[token * 3])
            if e.wish_reward[token * 3 + 1] >= 0:
                e.generate(seat, e.wish_reward[token * 3 + 1], e.wish_reward[token * 3 + 2])
            e.cells[e.k_wish + token] = 0
            e.show_wish()
        e.done()

    def swap_places(self, e: VindicationBoard) -> None:
        """Swap places with another player at most n spaces away (args: seat, n; Vrix, L2748)."""
        seat: cython.int = e.arg(0)
        other: cython.int
        at: cython.int
        if e.stage() == 0:
            e.clear_options()
            for other in range(e.players()):
                if other != seat and e.within(e.pos(seat), e.pos(other), e.arg(1)):
                    e.option(other)
            if e.options() == 0:
                e.done()
                return
            e.goto(1)
            e.ask(SEAT, seat)
            return
        other = e.answer()
        at = e.pos(seat)
        e.cells[e.k_pos + seat] = e.pos(other)
        e.cells[e.k_pos + other] = at
        e.done()

    def discard_active_trigger(self, e: VindicationBoard) -> None:
        """With at least n active end-game trigger cards, discard the one the player chooses (args: seat, n;
        Voleur d'étoiles, L2141-2143); with fewer, nothing."""
        seat: cython.int = e.arg(0)
        card: cython.int
        active: cython.int = 0
        if e.stage() == 0:
            e.clear_options()
            for card in range(e.ncards):
                if e.active_trigger(card):
                    active += 1
                    e.option(card)
            if active < e.arg(1):
                e.clear_options()
                e.done()
                return
            e.goto(1)
            e.ask(CARD, seat)
            return
        e.put(e.answer(), e.zone_box, -1)
        e.done()

    def other(self, e: VindicationBoard, seat: cython.int, card: cython.int, mode: cython.int) -> cython.bint:
        zone: cython.int = e.zone(card)
        if mode == 0:
            return zone >= e.zone_party and zone < e.zone_party + e.players() and zone != e.zone_party + seat
        if mode == 1:
            return e.cells[e.o_faceup + card] == 1 and zone < e.zone_party
        return e.owns(seat, card) and card != e.turn_flag(ACTIVATED) - 2
