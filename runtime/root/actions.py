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
        Returns 1 if a move was made."""
        seat: cython.int = e.arg(0)
        suit: cython.int = e.arg(2) - 1
        stage: cython.int = e.stage()
        c: cython.int
        if stage == 0:
            e.set_result(0)
            e.clear_options()
            for c in range(e.clearings):
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
            for c in range(e.clearings):
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
            e.add_warriors(e.arg(3), seat, -e.answer())
            e.add_warriors(e.arg(4), seat, e.answer())
            e.set_result(1)
            e.done()


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
                if c != seat and c != e.instigator() and e.present(c, e.arg(3)):
                    e.option(c)
            e.goto(2)
            e.ask(SEAT, seat if e.instigator() < 0 else e.instigator())
        elif stage == 2:
            e.set_arg(4, e.answer())
            e.set_result(1)
            e.goto(8)
            e.battle_step(seat, e.arg(4), e.arg(3), DECLARED)
        elif stage == 8:
            if self.ambushes(e, e.arg(4), e.arg(3)) > 0:
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
            if e.warriors(e.arg(3), seat) + e.pawns(seat, e.arg(3)) == 0:
                e.done()
            else:
                self.roll(e)
        elif stage == 6:  # the defender's losses were taken; now the attacker's
            e.goto(7)
            self.hits(e, seat, e.arg(3), e.arg(6), e.arg(4))
        elif stage == 7:
            e.after_battle(seat, e.arg(4), e.arg(3))
            e.done()
        elif stage == 9:
            self.dice(e)
        else:
            self.deal(e)


    def ambush_hits(self, e: RootCore) -> None:
        e.goto(5)
        self.hits(e, e.arg(0), e.arg(3), e.ambush_hits, e.arg(4))


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
        for i in range(e.battle_dice):
            die = e.roll_die()
            if i == 0:
                high = low = die
            else:
                high = max(high, die)
                low = min(low, die)
        e.set_arg(5, min(high, e.rolled_hits_cap(seat, clearing, True)))
        e.set_arg(6, min(low, e.rolled_hits_cap(defender, clearing, False)))
        e.goto(10)
        e.battle_step(seat, defender, clearing, ROLLED)


    def deal(self, e: RootCore) -> None:
        """The extra hits (4.3.2.II-III), then step 3 (4.3.3) deals them."""
        seat: cython.int = e.arg(0)
        clearing: cython.int = e.arg(3)
        defender: cython.int = e.arg(4)
        attack: cython.int = e.arg(5)
        defend: cython.int = e.arg(6)
        if e.defenseless(defender, clearing):
            attack += e.defenseless_hits
        attack += e.extra_hits(seat, defender, True)
        defend += e.extra_hits(defender, seat, False)
        e.set_arg(5, attack)
        e.set_arg(6, defend)
        e.cells[e.o_removed] = 0
        e.goto(6)
        self.hits(e, defender, clearing, attack, seat)


    def hits(self, e: RootCore, victim: cython.int, clearing: cython.int, n: cython.int, by: cython.int) -> None:
        """Deals n hits to a player's pieces in a clearing (a procedure: its owner may have to choose)."""
        if n > 0:
            e.push(e.p_remove_hits, victim, clearing, n)
            e.set_arg(3, by if e.instigator() < 0 else e.instigator())


    def remove_hits(self, e: RootCore) -> None:
        """Takes hits (args: victim, clearing, hits; local 3: who dealt them): warriors first, then the buildings and
        tokens their owner chooses (4.3.3), or whoever instigated the battle; each of those scores for the other side
        (3.2.1). Local 4 counts the warriors removed, 5 the hits left."""
        victim: cython.int = e.arg(0)
        clearing: cython.int = e.arg(1)
        piece: cython.int
        only: cython.int
        if e.stage() == 0:
            e.set_arg(5, e.arg(2))
        else:
            self.take_piece(e, victim, clearing, e.answer())
        while e.arg(5) > 0:
            if e.warriors(clearing, victim) > 0:
                e.remove_warrior(victim, clearing)
                e.set_arg(4, e.arg(4) + 1)
                e.set_arg(5, e.arg(5) - 1)
                e.piece_removed(e.arg(3), victim, clearing, True, True)
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
        removed: cython.int = e.arg(4)
        e.done()
        if removed > 0:
            e.warriors_removed(victim, clearing, removed)


    def take_piece(self, e: RootCore, victim: cython.int, clearing: cython.int, piece: cython.int) -> None:
        e.remove_piece(victim, clearing, piece)
        e.set_arg(5, e.arg(5) - 1)
        if e.arg(3) >= 0 and e.arg(3) != victim:
            e.score(e.arg(3), e.enemy_piece_points)
            if e.instigator() < 0:
                e.cells[e.o_removed] += 1
        e.piece_removed(e.arg(3), victim, clearing, False, True)


    def remove_enemy_pieces(self, e: RootCore) -> None:
        """Every enemy piece of a clearing removed (args: player, clearing), seat by seat (the stage: the next seat),
        each building and token scoring (3.2.1); a pawn stays, and its owner's rule says what it costs him
        (9.2.2.I). What a seat's losses trigger (Field Hospitals) runs before the next seat's."""
        seat: cython.int = e.arg(0)
        clearing: cython.int = e.arg(1)
        other: cython.int = e.stage()
        r: cython.int
        n: cython.int
        if other >= e.players():
            e.done()
            return
        e.goto(other + 1)
        if not e.is_enemy(seat, other):
            return
        n = e.warriors(clearing, other)
        for r in range(n):
            e.remove_warrior(other, clearing)
            e.piece_removed(seat, other, clearing, True, False)
        for r in range(e.npieces):
            while e.piece_count(other, clearing, r) > 0 and not e.over():
                e.remove_piece(other, clearing, r)
                e.score(seat, e.enemy_piece_points)
                e.piece_removed(seat, other, clearing, False, False)
        if e.over():
            return
        if e.pawns(other, clearing) > 0:
            e.pawn_swept(other, clearing)
        if n > 0:
            e.warriors_removed(other, clearing, n)


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
        """Pays a card's cost and makes it (4.1.2-4.1.3): an item and its points, a persistent effect in the play
        area, or an immediate effect run, then discarded. True when the effect runs next (as a procedure)."""
        e.pay_craft(seat, k)
        e.cells[e.o_hand + seat * e.ncards + k] -= 1
        if e.card_kind[k] == PERSISTENT:
            e.cells[e.o_play_area + seat * e.ncards + k] += 1
            return False
        e.cells[e.o_discard + k] += 1
        if e.card_kind[k] == ITEM:
            e.cells[e.o_items_supply + e.card_item[k]] -= 1
            e.take_item(seat, e.card_item[k])
            e.score(seat, e.item_points(seat, k))
        elif e.card_kind[k] == IMMEDIATE and e.card_effect[k] >= 0:
            e.goto(2)
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
