"""The procedures every faction uses: move (4.2), battle (4.3) and its hits, craft (4.1), the Evening draw and
discard, spending a card, dominance (3.3). Each is resumable: it asks a decision, returns, and continues at
its `stage` once answered. Locals 0-2 are the procedure's arguments, 3-9 its own.

The functions take the engine (core.RootCore) and are Cython-compiled with it (actions.pxd).
"""

from __future__ import annotations

import cython  # type: ignore[import-untyped]

from .core import RootCore

CLEARING = cython.declare(cython.int, 10)
SEAT = cython.declare(cython.int, 11)
CARD = cython.declare(cython.int, 12)
NUMBER = cython.declare(cython.int, 13)
PIECE = cython.declare(cython.int, 14)
AMBUSH = cython.declare(cython.int, 0)
DOMINANCE = cython.declare(cython.int, 1)
ITEM = cython.declare(cython.int, 2)
IMMEDIATE = cython.declare(cython.int, 3)
PERSISTENT = cython.declare(cython.int, 4)
DECLARED = cython.declare(cython.int, 0)
BEFORE_ROLL = cython.declare(cython.int, 1)
ROLLED = cython.declare(cython.int, 2)


@cython.cclass
class Actions:
    """The shared procedures; each takes the engine it runs in."""

    # --- move (4.2) ------------------------------------------------------------------------------------------------






    def move(self, e: RootCore) -> None:
        """One move (args: seat, -, origin's suit + 1 or 0 for any): an origin, a destination, how many warriors.
        The Burrow is a place like the clearings (core.places). Returns the destination + 1 if a move was made (a
        Crusade may battle there), else 0."""
        seat: cython.int = e.arg(0)
        suit: cython.int = e.arg(2) - 1
        stage: cython.int = e.stage()
        c: cython.int
        if stage == 0:
            e.set_result(0)
            e.clear_options()
            for c in range(e.places):
                if e.can_move_from(seat, c, suit):
                    e.option(c)
            if e.options() == 0:
                e.done()
                return
            e.goto(1)
            e.ask(CLEARING, seat)
        elif stage == 1:
            e.set_arg(3, e.answer())
            e.clear_options()
            for c in range(e.places):
                if e.move_allowed(seat, e.arg(3), c):
                    e.option(c)
            e.goto(2)
            e.ask(CLEARING, seat)
        elif stage == 2:
            e.set_arg(4, e.answer())
            e.clear_options()
            for c in range(1, e.warriors(e.arg(3), seat) + 1):
                e.option(c)
            e.goto(3)
            e.ask(NUMBER, seat)
        else:
            origin: cython.int = e.arg(3)
            to: cython.int = e.arg(4)
            e.add_warriors(origin, seat, -e.answer())
            e.add_warriors(to, seat, e.answer())
            e.set_result(to + 1)
            e.done()
            e.warriors_moved(seat, origin, to)


    # --- battle (4.3) ----------------------------------------------------------------------------------------------




    def ambushes(self, e: RootCore, seat: cython.int, clearing: cython.int) -> cython.int:
        """Options for the ambush cards the seat could play in a clearing (4.3.1); returns how many."""
        k: cython.int
        e.clear_options()
        for k in range(e.ncards):
            if e.card_kind[k] == AMBUSH and e.in_hand(seat, k) > 0 and e.matches(k, e.suit_of(clearing)):
                e.option(k)
        if e.options() > 0:
            e.option(e.ncards)
        return e.options()

    def battle(self, e: RootCore) -> None:
        """Initiate a battle (args: attacker, clearing + 1 or 0 for any, suit + 1 or 0 for any). Locals: 3 the
        clearing, 4 the defender, 5 and 6 the hits each deals. Returns 1 if a battle was fought. Factions' rules act
        at its moments (`battle_step`): once declared, just before the dice, once rolled."""
        seat: cython.int = e.arg(0)
        stage: cython.int = e.stage()
        c: cython.int
        if stage == 0:
            e.set_result(0)
            e.clear_options()
            for c in range(e.clearings):
                if (e.arg(1) == 0 or c == e.arg(1) - 1) and (e.arg(2) == 0 or e.suit_of(c) == e.arg(2) - 1) \
                        and e.battle_targets(seat, c):
                    e.option(c)
            if e.options() == 0:
                e.done()
                return
            e.goto(1)
            e.ask(CLEARING, seat)
        elif stage == 1:
            e.set_arg(3, e.answer())
            e.clear_options()
            for c in range(e.players()):
                if c != seat and c != e.instigator() and e.present(c, e.arg(3)) \
                        and e.battle_warriors(seat, e.arg(3), c) + e.pawns(seat, e.arg(3)) > 0:
                    e.option(c)
            e.goto(2)
            e.ask(SEAT, seat if e.instigator() < 0 else e.instigator())
        elif stage == 2:
            e.set_arg(4, e.answer())
            e.set_result(1)
            e.goto(8)
            e.battle_step(seat, e.arg(4), e.arg(3), DECLARED)
        elif stage == 8:
            if not e.ambush_ignored(seat) and self.ambushes(e, e.arg(4), e.arg(3)) > 0:
                e.goto(3)
                e.ask(CARD, e.arg(4))
            else:
                self.roll(e)
        elif stage == 3:
            if e.answer() == e.ncards:
                self.roll(e)
                return
            e.discard(e.arg(4), e.answer())
            if self.ambushes(e, seat, e.arg(3)) > 0:
                e.goto(4)
                e.ask(CARD, seat)
            else:
                self.ambush_hits(e)
        elif stage == 4:
            if e.answer() == e.ncards:
                self.ambush_hits(e)
            else:  # foiled (4.3.1.I)
                e.discard(seat, e.answer())
                self.roll(e)
        elif stage == 5:  # after the ambush's hits: no warriors left and no pawn, no battle (4.3.1)
            if e.battle_warriors(seat, e.arg(3), e.arg(4)) + e.pawns(seat, e.arg(3)) == 0:
                e.done()
            else:
                self.roll(e)
        elif stage == 6:  # the defender's losses were taken; now the attacker's
            e.goto(7)
            self.hits(e, seat, e.arg(3), e.arg(6), e.arg(4), False)
        elif stage == 7:
            e.after_battle(seat, e.arg(4), e.arg(3))
            e.done()
        elif stage == 9:
            self.dice(e)
        else:
            self.deal(e)

    def ambush_hits(self, e: RootCore) -> None:
        e.goto(5)
        self.hits(e, e.arg(0), e.arg(3), e.ambush_hits, e.arg(4), False)

    def roll(self, e: RootCore) -> None:
        """Step 2 (4.3.2) begins: what acts just before the dice (an Arbiter enlisted), then the dice."""
        e.goto(9)
        e.battle_step(e.arg(0), e.arg(4), e.arg(3), BEFORE_ROLL)

    def dice(self, e: RootCore) -> None:
        """The dice, each side's capped by its warriors (4.3.2.I); then what acts once they are rolled."""
        seat: cython.int = e.arg(0)
        clearing: cython.int = e.arg(3)
        defender: cython.int = e.arg(4)
        high: cython.int = 0
        low: cython.int = 0
        die: cython.int
        i: cython.int
        e.cells[e.o_battle_clearing] = clearing
        for i in range(e.battle_dice):
            die = e.roll_die()
            if i == 0:
                high = low = die
            else:
                high = max(high, die)
                low = min(low, die)
        if e.defends_high(defender):
            high, low = low, high
        e.set_arg(5, min(high, e.rolled_hits_cap(seat, clearing, defender, True)))
        e.set_arg(6, min(low, e.rolled_hits_cap(defender, clearing, seat, False)))
        e.goto(10)
        e.battle_step(seat, defender, clearing, ROLLED)

    def deal(self, e: RootCore) -> None:
        """The extra hits (4.3.2.II-III), then step 3 (4.3.3) deals them."""
        seat: cython.int = e.arg(0)
        clearing: cython.int = e.arg(3)
        defender: cython.int = e.arg(4)
        attack: cython.int = e.arg(5)
        defend: cython.int = e.arg(6)
        if e.defenseless(defender, clearing, seat):
            attack += e.defenseless_hits
        attack += e.extra_hits(seat, defender, True)
        defend += e.extra_hits(defender, seat, False)
        e.set_arg(5, attack)
        e.set_arg(6, defend)
        e.cells[e.o_removed] = 0
        e.goto(6)
        self.hits(e, defender, clearing, attack, seat, True)

    def hits(self, e: RootCore, victim: cython.int, clearing: cython.int, n: cython.int, by: cython.int,
             defending: cython.bint) -> None:
        """Deals n hits to a player's pieces in a clearing (a procedure: its owner may have to choose), some maybe
        taken first by warriors fighting for them that are not theirs (`hired_hits`). `defending`: the victim is
        the battle's defender."""
        n -= e.hired_hits(victim, clearing, n, by)
        if n > 0:
            e.push(e.p_remove_hits, victim, clearing, n)
            e.set_arg(3, by if e.instigator() < 0 else e.instigator())
            e.set_arg(6, defending)

    def remove_hits(self, e: RootCore) -> None:
        """Takes hits (args: victim, clearing, hits; local 3: who dealt them): warriors first, then the buildings and
        tokens their owner chooses (4.3.3), or whoever instigated the battle; each of those scores for the other side
        (3.2.1). Local 4 counts the warriors removed, 5 the hits left; local 6 is 1 when the victim defends in a
        battle, 7 counts the buildings removed."""
        victim: cython.int = e.arg(0)
        clearing: cython.int = e.arg(1)
        piece: cython.int
        only: cython.int
        if e.stage() == 0:
            e.set_arg(5, e.arg(2))
        elif e.stage() == 1:
            self.take_piece(e, victim, clearing, e.answer())
            return
        while e.arg(5) > 0:
            if e.warriors(clearing, victim) > 0:
                e.lose_warrior(victim, clearing, e.arg(6) != 0)
                e.set_arg(4, e.arg(4) + 1)
                e.set_arg(5, e.arg(5) - 1)
                e.removed_by(e.arg(3), victim, clearing, True, True)
                continue
            e.clear_options()
            only = -1
            for piece in range(e.npieces):
                if e.piece_count(victim, clearing, piece) > 0:
                    e.option(piece)
                    only = piece
            if e.options() == 0:
                break
            if e.options() > 1:
                e.goto(1)
                e.ask(PIECE, victim if e.instigator() < 0 else e.instigator())
                return
            self.take_piece(e, victim, clearing, only)
            return
        removed: cython.int = e.arg(4)
        buildings: cython.int = e.arg(7)
        e.done()
        if removed > 0:
            e.warriors_removed(victim, clearing, removed)
        if buildings > 0:
            e.buildings_removed(victim, clearing, buildings)
        e.pieces_removed(victim, clearing)

    def take_piece(self, e: RootCore, victim: cython.int, clearing: cython.int, piece: cython.int) -> None:
        """Removes one building or token; the caller returns to the kernel next (stage 2 goes on with the hits),
        so that what the removal sets off (`piece_removed`) comes first."""
        by: cython.int = e.arg(3)
        e.goto(2)
        e.remove_piece(victim, clearing, piece)
        e.set_arg(5, e.arg(5) - 1)
        e.set_arg(7, e.arg(7) + e.piece_building[piece])
        if by >= 0 and by != victim:
            e.score(by, e.enemy_piece_points)
            if e.instigator() < 0:
                e.cells[e.o_removed] += 1
        e.removed_by(by, victim, clearing, False, True)
        e.piece_removed(victim, clearing, piece, by)

    def remove_enemy_pieces(self, e: RootCore) -> None:
        """Removes every enemy piece from a clearing (args: remover, clearing; local 3: the seat being cleared), as
        a Revolt or a Favor card does: each seat's buildings and tokens one by one, each scoring for the remover
        (3.2.1), then its warriors together; a pawn stays, and its owner's rule says what that costs him (9.2.2.I).
        It returns to the kernel after each removal, so that what the removal sets off (Field Hospitals, Outrage,
        Removing Bases) runs first; each seat is cleared once. A coalition partner is no enemy (2.7)."""
        seat: cython.int = e.arg(0)
        clearing: cython.int = e.arg(1)
        q: cython.int
        n: cython.int
        piece: cython.int
        e.goto(1)
        while e.arg(3) < e.players():
            q = e.arg(3)
            if e.is_enemy(seat, q):
                for piece in range(e.npieces):
                    if e.piece_count(q, clearing, piece) > 0:
                        e.remove_piece(q, clearing, piece)
                        e.score(seat, e.enemy_piece_points)
                        e.removed_by(seat, q, clearing, False, False)
                        e.piece_removed(q, clearing, piece, seat)
                        return
            e.set_arg(3, q + 1)
            if e.is_enemy(seat, q):
                n = e.warriors(clearing, q)
                for piece in range(n):
                    e.remove_warrior(q, clearing)
                    e.removed_by(seat, q, clearing, True, False)
                if n > 0:
                    e.warriors_removed(q, clearing, n)
                if e.pawns(q, clearing) > 0:
                    e.pawn_swept(q, clearing)
                e.pieces_removed(q, clearing)
                return
        e.done()


    # --- craft (4.1) -----------------------------------------------------------------------------------------------


    def craft(self, e: RootCore) -> None:
        """Craft cards from hand, one after another, until the player stops or cannot (args: seat)."""
        seat: cython.int = e.arg(0)
        k: cython.int
        if e.stage() == 1:
            k = e.answer()
            if k == e.ncards:
                e.done()
                return
            if self.craft_card(e, seat, k) or e.over():
                return
        e.goto(1)
        e.clear_options()
        for k in range(e.ncards):
            if e.can_craft(seat, k):
                e.option(k)
        if e.options() == 0:
            e.done()
            return
        e.option(e.ncards)
        e.ask(CARD, seat)

    def craft_card(self, e: RootCore, seat: cython.int, k: cython.int) -> cython.bint:
        """Pays a card's cost and makes it. True when its effect runs next (as a procedure)."""
        e.pay_craft(seat, k)
        return self.make_card(e, seat, k, 2)

    def make_card(self, e: RootCore, seat: cython.int, k: cython.int, resume: cython.int) -> cython.bint:
        """A crafted card from hand (4.1.2-4.1.3): an item and its points, a persistent effect in the play area, or
        an immediate effect run, then discarded. True when the effect runs next (as a procedure), the caller
        resuming at stage `resume`."""
        e.cells[e.o_hand + seat * e.ncards + k] -= 1
        if e.card_kind[k] == PERSISTENT:
            e.cells[e.o_play_area + seat * e.ncards + k] += 1
            return False
        e.discarded(k, 1)
        if e.card_kind[k] == ITEM:
            e.cells[e.o_items_supply + e.card_item[k]] -= 1
            e.take_item(seat, e.card_item[k])
            e.score(seat, e.item_points(seat, k))
        elif e.card_kind[k] == IMMEDIATE and e.card_effect[k] >= 0:
            e.goto(resume)
            e.push(0, e.card_effect[k], seat, k)
            return True
        return False


    # --- cards -----------------------------------------------------------------------------------------------------

    def evening_draw(self, e: RootCore) -> None:
        """Draw (args: seat, extra cards): the Evening's cards and the faction's draw bonuses, then discard down to
        the hand limit (6.6 and each faction's Evening)."""
        seat: cython.int = e.arg(0)
        if e.stage() == 0:
            e.draw(seat, e.evening_draw_cards + e.arg(1) + e.draw_bonus(seat))
            e.goto(1)
        self.discard_down(e)

    def discard_down(self, e: RootCore) -> None:
        """Discard to the hand limit, the player choosing (args: seat)."""
        seat: cython.int = e.arg(0)
        k: cython.int
        if e.stage() == 2:
            e.discard(seat, e.answer())
        if e.hand_size(seat) <= e.hand_limit:
            e.done()
            return
        e.clear_options()
        for k in range(e.ncards):
            if e.in_hand(seat, k) > 0:
                e.option(k)
        e.goto(2)
        e.ask(CARD, seat)

    def spend_card(self, e: RootCore) -> None:
        """Spend a card of a suit, a bird standing in for any (args: seat, suit); returns 1 if one was spent."""
        seat: cython.int = e.arg(0)
        k: cython.int
        if e.stage() == 1:
            e.discard(seat, e.answer())
            e.set_result(1)
            e.done()
            return
        e.set_result(0)
        e.clear_options()
        for k in range(e.ncards):
            if e.in_hand(seat, k) > 0 and e.matches(k, e.arg(1)):
                e.option(k)
        if e.options() == 0:
            e.done()
            return
        e.goto(1)
        e.ask(CARD, seat)



    def extra_action(self, e: RootCore) -> None:
        """Spend a bird card for one more action (args: seat): the role's first budget grows by one."""
        seat: cython.int = e.arg(0)
        k: cython.int
        if e.stage() == 1:
            e.discard(seat, e.answer())
            e.add_budget(0, 1)
            e.done()
            return
        e.clear_options()
        for k in range(e.ncards):
            if e.in_hand(seat, k) > 0 and e.card_suit[k] == e.nsuits - 1:
                e.option(k)
        e.goto(1)
        e.ask(CARD, seat)


    # --- dominance (3.3) -------------------------------------------------------------------------------------------


    def dominance_activate(self, e: RootCore) -> None:
        """Activate a dominance card from hand (3.3.1): from now on the player wins by it, and scores no more."""
        seat: cython.int = e.arg(0)
        k: cython.int
        if e.stage() == 1:
            e.cells[e.o_hand + seat * e.ncards + e.answer()] -= 1
            e.cells[e.o_dominance_card + seat] = e.answer()
            e.done()
            return
        e.clear_options()
        for k in range(e.ncards):
            if e.card_kind[k] == DOMINANCE and e.in_hand(seat, k) > 0:
                e.option(k)
        e.goto(1)
        e.ask(CARD, seat)





    def dominance_take(self, e: RootCore) -> None:
        """Take an available dominance card by spending a card of its suit (3.3.4). Local 3: the card taken."""
        seat: cython.int = e.arg(0)
        k: cython.int
        stage: cython.int = e.stage()
        e.clear_options()
        if stage == 0:
            for k in range(e.ncards):
                if e.cells[e.o_dominance_available + k] and e.has_card_of(seat, e.card_suit[k]):
                    e.option(k)
            e.goto(1)
            e.ask(CARD, seat)
        elif stage == 1:
            e.set_arg(3, e.answer())
            for k in range(e.ncards):
                if e.in_hand(seat, k) > 0 and e.card_suit[k] == e.card_suit[e.arg(3)]:
                    e.option(k)
            e.goto(2)
            e.ask(CARD, seat)
        else:
            e.discard(seat, e.answer())
            e.cells[e.o_dominance_available + e.arg(3)] = 0
            e.cells[e.o_hand + seat * e.ncards + e.arg(3)] += 1
            e.done()
