# mypy: disable-error-code="misc"
# (its methods type `self` as the whole OathState, of which this class is a part: mypy files that under misc)
"""The Wake and the Rest, the end of a round and the end die, titles and the wins (3, 4): the `Rounds` part of
`OathState` (game.py), its methods written for the whole state."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import banners, empire, favor, persistent
from .actions import PHASE
from .handlers import Handlers
from .setup import table_row

if TYPE_CHECKING:
    from .game import OathState

class Rounds(Handlers):
    def _wake(self: OathState, seat: int) -> None:
        """4.1: an Exile holding the title wins on its Usurper side, an Exile whose revealed Vision (their own, or one
        the False Prophet shares) is met wins as Visionary, else an Exile holding the title flips it to its Usurper
        side; then the holder of the People's Favor does its duty (4.1.1, a compiled power that may ask), and the
        powers "at the end of your Wake" run (4.1.4). The Law puts the banner first; nothing the banner does can
        change the title's holder or side, so the order makes no difference."""
        if self.is_exile(seat) and self.flat.get("oathkeeper") == seat and self.flat.get("usurper"):
            self._win(seat, "usurper")
            return
        if self.is_exile(seat) and self.visionary(seat):
            self._win(seat, "visionary")
            return
        if self.is_exile(seat) and self.flat.get("oathkeeper") == seat:
            self.flat.set("usurper", 1)
        self._queue(seat, "wake_end")
        if self.flat.get("banner_holder", banners.PEOPLES_FAVOR) == seat:
            self.run_power(banners.WAKE_POWER, seat, banners.PEOPLES_FAVOR, PHASE.TRIGGERED)
            if self.flat.get("phase") != PHASE.TRIGGERED:
                return
        self._continue_triggered()

    def _rest(self: OathState, seat: int) -> None:
        """4.3.1-4.3.4: tokens on cards go home, facedown secrets turn up, Supply refreshes from the bank's
        warbands (a Citizen's to the Chancellor's Supply), unspent Supply is saved."""
        for card in sorted({*self.flat.nonzero("card_favor"), *self.flat.nonzero("card_secret")}):
            placed_favor, placed_secret = self.flat.get("card_favor", card), self.flat.get("card_secret", card)
            if card in self.suit_of:
                self.flat.move(("card_favor", card), ("bank_favor", self.suit_of[card]), placed_favor)
            if placed_secret and (card in self.suit_of or card in self.relics):
                self.flat.move(("card_secret", card), ("secret", seat), placed_secret)
        self.flat.move(("secret_facedown", seat), ("secret", seat), self.flat.get("secret_facedown", seat))
        if self.flat.get("role", seat) == self.role_ids["citizen"]:
            refreshed = self.flat.get("supply", empire.CHANCELLOR)
        else:
            refreshed = table_row(self.game, self._supply_table(seat), self.flat.get("warband_bank", seat))
        self.flat.set("supply", seat, min(self.most_supply(seat), refreshed + self.flat.get("supply", seat)))

    def _end_round(self: OathState) -> None:
        """3.3: the end die, when it is rolled this round. The ruler of a card that may change the roll by one
        (Squalid District) is asked only when that can decide whether the game ends; otherwise the roll is read at
        once."""
        needed = self._end_die_needed()
        faces = self.game.tables.values("die_end_die_value")
        roll = int(faces[self.flat.random(len(faces))]) if needed else 0
        self.flat.set("end_roll", roll)
        self.flat.set("end_roll_delta", 0)
        ruler = next((persistent.user_of(self, card) for card in self.triggered["end_roll"]), -1)
        if needed and roll in (needed - 1, needed) and ruler >= 0:
            self.trigger(ruler, "end_roll")
        else:
            self._round_over()

    def _end_die_needed(self: OathState) -> int:
        """3.3: the least roll of the end die that ends the game after this round; 0 when it is not rolled (not after
        rounds 5-7, or an Exile holds the title)."""
        rows = list(self.game.tables.values("table_end_die_rows"))
        round_ = self.flat.get("round")
        if round_ not in rows or not self._imperial_oathkeeper():
            return 0
        return int(self.game.tables.values("table_end_die")[rows.index(round_)])

    def _imperial_oathkeeper(self: OathState) -> bool:
        return bool(self.flat.get("role", self.flat.get("oathkeeper")) != self.role_ids["exile"])

    def _round_over(self: OathState) -> None:
        """3.3: the end die's roll, as its ruler changed it, wins the game for the Chancellor; 3.4: War Exhaustion
        after the last round; else the next round begins."""
        round_ = self.flat.get("round")
        needed = self._end_die_needed()
        if needed and self.flat.get("end_roll") + self.flat.get("end_roll_delta") >= needed:
            self._win(0, "stable_regime")
        elif round_ >= self.numbers.last_round:
            self._win(*self._war_exhaustion_winner(self._imperial_oathkeeper()))
        else:
            self.flat.set("round", round_ + 1)
            self._next_turn(0)

    def _war_exhaustion_winner(self: OathState, imperial: bool) -> tuple[int, str]:
        """3.4: an Imperial Oathkeeper, else the Usurper, else a Visionary (ties by the Visions' order), else
        the Chancellor."""
        if not imperial and self.flat.get("usurper"):
            return self.flat.get("oathkeeper"), "usurper"
        if not imperial:
            visionaries = [seat for seat in range(self.players) if self.is_exile(seat) and self.visionary(seat)]
            if visionaries:
                visions = self.game.entities("vision")
                rank = {seat: visions[self.winning_vision(seat) or 0].tiebreak or 0 for seat in visionaries}
                return min(visionaries, key=lambda seat: rank[seat]), "visionary"
        return 0, "war_exhaustion"

    def update_oathkeeper(self: OathState) -> None:
        """2.11: the player who meets the Oath's goal holds the title, flipped to its Oathkeeper side; on a tie
        for "most" the holder keeps it; when several players overtake the holder together, the holder chooses
        which of them takes it (GIVE_TITLE, asked before anything else)."""
        oath = self.flat.get("oath")
        holder = self.flat.get("oathkeeper")
        owner = self._banner_goal_holder(oath)
        if owner is not None:
            if owner >= 0 and owner != holder:
                self._take_title(owner)
            return
        counts = self._goal_counts(oath)
        best = max(counts)
        if counts[holder] < best:
            overtaking = [seat for seat, count in enumerate(counts) if count == best]
            if len(overtaking) == 1:
                self._take_title(overtaking[0])
            else:
                self.flat.set("title_candidates", sum(1 << seat for seat in overtaking))

    def _take_title(self: OathState, seat: int) -> None:
        """2.11; then the reactions to it (Chaos Cult), which ask nothing and run at once."""
        self.flat.set("oathkeeper", seat)
        self.flat.set("usurper", 0)
        self.flat.set("title_candidates", 0)
        for card, key in self.title_reactions.items():
            if self._reacts(card, seat):
                self.run_quietly(key, persistent.user_of(self, card), self.index_in_kind(card))

    def _do_give_title(self: OathState, seat: int, other: int) -> None:
        self._take_title(other)
        if self.flat.get("phase") == PHASE.TRIGGERED:
            self._continue_triggered()

    def _win(self: OathState, seat: int, how: str) -> None:
        """A win of the Chancellor's goes to the Successor if a Citizen is one (3.3.1)."""
        heir = empire.successor(self) if seat == empire.CHANCELLOR else None
        if heir is not None:
            seat, how = heir, "successor"
        self.victory = how
        self.flat.set("winner", seat)
        self.flat.set("phase", PHASE.OVER)
