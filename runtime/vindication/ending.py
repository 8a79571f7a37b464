"""The end of the game (L943-970): the active trigger cards checked after each turn, the last round, and the final
scoring (masteries, the monsters' and the secret quests' end-of-game formulas, the regions), with its tie-breaks.
The cards' conditions and formulas are their effects (content); what they ask the kernel is here."""

from __future__ import annotations

import cython  # type: ignore[import-untyped]

from .board import VindicationBoard

EFFECT = cython.declare(cython.int, 0)
FINAL = cython.declare(cython.int, 115)
"""The engine's procedure number of `final_scoring` (engine.py)."""
ROUND = cython.declare(cython.int, 0)
END_ROUND = cython.declare(cython.int, 1)
FIRST = cython.declare(cython.int, 2)
"""The game's record (core `k_game`): the round under way, the last one once triggered, the first player."""
C_REGION_END_HONOUR = cython.declare(cython.int, 20)
C_APTITUDE_MASTERY = cython.declare(cython.int, 27)
O_LAST_TURN_IS_TURN = cython.declare(cython.int, 0)
O_QUEST_TIES_NOBODY = cython.declare(cython.int, 4)
KIND_QUEST = cython.declare(cython.int, 5)


@cython.cclass
class Ending:
    """Triggers, the last round and the final scoring; each method takes the engine it runs in."""

    def check_end(self, e: VindicationBoard) -> None:
        """After a turn: each active trigger card's condition (its effect; L951), then, at the end of the last
        round, the final scoring (L955). Local 3: the next trigger card to check."""
        seat: cython.int = e.arg(0)
        card: cython.int
        if e.stage() == 0:
            for card in range(e.arg(3), e.ncards):
                if e.active_trigger(card) and e.card_effect[card] >= 0:
                    e.set_arg(3, card + 1)
                    e.push(EFFECT, e.card_effect[card], seat, e.card_local[card])
                    return
            if e.game_flag(END_ROUND) > 0 and e.game_flag(ROUND) >= e.game_flag(END_ROUND) \
                    and e.next_seat(seat) == e.game_flag(FIRST):
                e.goto(1)
                e.push(FINAL, 0, 0, 0)
                return
        e.done()

    def trigger_last_round(self, e: VindicationBoard) -> None:
        """A trigger holds: finish the current round, then play one more (rule option last_turn: `turn` ends the
        game with the round under way, so that everyone plays as many turns, L955)."""
        if e.game_flag(END_ROUND) == 0:
            e.set_game_flag(END_ROUND, e.game_flag(ROUND) + (0 if e.option_of(O_LAST_TURN_IS_TURN) else 1))
        e.done()

    # --- what the cards' formulas ask (natives) -------------------------------------------------------------

    def mastery_total(self, e: VindicationBoard, seat: cython.int, attribute: cython.int) -> cython.int:
        """Cards of the attribute's colour, aptitude tiles twice, and the cards that count once more (L925-931)."""
        total: cython.int = e.num(C_APTITUDE_MASTERY) * e.cells[e.o_aptitudes + attribute * e.seats + seat]
        card: cython.int
        for card in range(e.ncards):
            if e.owns(seat, card):
                if e.card_colour[card] == attribute:
                    total += 1
                if e.card_mastery_bonus[card] == attribute:
                    total += 1
        return total

    def wins_mastery(self, e: VindicationBoard, seat: cython.int, attribute: cython.int) -> cython.bint:
        """The highest total alone: a tie gives the tile to nobody (L921)."""
        mine: cython.int = self.mastery_total(e, seat, attribute)
        other: cython.int
        if mine == 0:
            return False
        for other in range(e.players()):
            if other != seat and self.mastery_total(e, other, attribute) >= mine:
                return False
        return True

    def has_most(self, e: VindicationBoard, seat: cython.int, attribute: cython.int) -> cython.bint:
        """The most cubes of an attribute on the central board; ties as the rule option quest_ties says."""
        mine: cython.int = e.attr(attribute, seat)
        other: cython.int
        for other in range(e.players()):
            if other != seat:
                if e.attr(attribute, other) > mine:
                    return False
                if e.attr(attribute, other) == mine and e.option_of(O_QUEST_TIES_NOBODY):
                    return False
        return mine > 0

    def board_colours(self, e: VindicationBoard, seat: cython.int) -> cython.int:
        """How many of the central board's 6 colours the player holds a card of (Équilibre, L2205-2207)."""
        n: cython.int = 0
        a: cython.int
        card: cython.int
        for a in range(e.nattributes):
            for card in range(e.ncards):
                if e.card_colour[card] == a and e.owns(seat, card):
                    n += 1
                    break
        return n

    def card_colours(self, e: VindicationBoard, seat: cython.int) -> cython.int:
        """The board's colours, and the secret quests' with a quest done (Drogas, L1889-1891)."""
        n: cython.int = self.board_colours(e, seat)
        card: cython.int
        if e.cells[e.o_quests_done + seat] > 0:
            for card in range(e.ncards):
                if e.card_kind[card] == KIND_QUEST and e.zone(card) == e.zone_quests + seat:
                    return n + 1
        return n

    def companions_of_colour(self, e: VindicationBoard, seat: cython.int, attribute: cython.int) -> cython.int:
        n: cython.int = 0
        card: cython.int
        for card in range(e.ncards):
            if e.card_kind[card] == 0 and e.card_colour[card] == attribute and e.owns(seat, card):
                n += 1
        return n

    def tokens_left(self, e: VindicationBoard) -> cython.int:
        n: cython.int = 0
        i: cython.int
        for i in range(e.ntriggers):
            if e.cells[e.k_token + i] == 0:
                n += 1
        return n

    # --- the final scoring (L957-970) ---------------------------------------------------------------------

    def final_scoring(self, e: VindicationBoard) -> None:
        """Masteries, then the monsters' end-of-game bonuses, then the secret quests, then 2 honour a region
        (L959-962); the winner has the most honour, ties broken by the most conviction, the least potential,
        the fewest trigger tokens (L966-970). Locals: 3 the next card (monsters) or quest (card * 2 + which),
        4 the quest whose effect ran + 1, 5 its player's quests done before it."""
        stage: cython.int = e.stage()
        a: cython.int
        seat: cython.int
        card: cython.int
        i: cython.int
        if stage == 0:
            e.reset_rules()  # the last turn is over: no companion is activated any more (Kajek, L2319)
            for a in range(e.nattributes):
                for seat in range(e.players()):
                    if self.wins_mastery(e, seat, a):
                        e.gain_honour(seat, e.mastery_honour[a])
            e.goto(1)
            stage = 1
        if stage == 1:
            for card in range(e.arg(3), e.ncards):
                if e.card_kind[card] == 1 and e.card_effect[card] >= 0 and e.zone(card) >= e.zone_party \
                        and e.zone(card) < e.zone_party + e.players():
                    e.set_arg(3, card + 1)
                    e.push(EFFECT, e.card_effect[card], e.zone(card) - e.zone_party, e.card_local[card])
                    return
            e.set_arg(3, 0)
            e.goto(2)
            stage = 2
        if stage == 2:
            if e.arg(4) > 0:
                i = e.arg(4) - 1
                seat = e.zone(i // 2) - e.zone_quests
                if e.cells[e.o_quests_done + seat] > e.arg(5):
                    e.gain_honour(seat, e.quest_honour[i])
                e.set_arg(4, 0)
            for i in range(e.arg(3), 2 * e.ncards):
                card = i // 2
                if e.quest_effect[i] >= 0 and e.zone(card) >= e.zone_quests \
                        and e.zone(card) < e.zone_quests + e.players():
                    seat = e.zone(card) - e.zone_quests
                    e.set_arg(3, i + 1)
                    e.set_arg(4, i + 1)
                    e.set_arg(5, e.cells[e.o_quests_done + seat])
                    e.push(EFFECT, e.quest_effect[i], seat, e.card_local[card])
                    return
        for seat in range(e.players()):
            e.gain_honour(seat, e.num(C_REGION_END_HONOUR) * e.regions_scored(seat))
        e.finish(self.winner(e), 0)

    def ahead(self, e: VindicationBoard, a: cython.int, b: cython.int) -> cython.int:
        """1 if seat a finishes ahead of b, -1 if behind, 0 if tied on every criterion (L964-970)."""
        if e.score(a) != e.score(b):
            return 1 if e.score(a) > e.score(b) else -1
        if e.sphere(2, a) != e.sphere(2, b):
            return 1 if e.sphere(2, a) > e.sphere(2, b) else -1
        if e.sphere(0, a) != e.sphere(0, b):
            return 1 if e.sphere(0, a) < e.sphere(0, b) else -1
        if e.cells[e.o_tokens_taken + a] != e.cells[e.o_tokens_taken + b]:
            return 1 if e.cells[e.o_tokens_taken + a] < e.cells[e.o_tokens_taken + b] else -1
        return 0

    def winner(self, e: VindicationBoard) -> cython.int:
        """The seat ahead of every other, or -1 when the tie-breaks leave a tie at the top."""
        best: cython.int = 0
        seat: cython.int
        for seat in range(1, e.players()):
            if self.ahead(e, seat, best) > 0:
                best = seat
        for seat in range(e.players()):
            if seat != best and self.ahead(e, seat, best) == 0:
                return -1
        return best
