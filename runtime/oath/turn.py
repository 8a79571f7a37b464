# mypy: disable-error-code="misc"
# (its methods type `self` as the whole OathState, of which this class is a part: mypy files that under misc)
"""Applying a move: its modifiers, the powers it triggers, the effects it runs, and what comes after: the `Turn` part of
`OathState` (game.py), its methods written for the whole state."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..bytecode import PAUSED, provide_choice
from ..state import FlatState
from . import campaign, costs, modifiers, negotiate, persistent, warbands
from .actions import KIND, KINDS, PHASE, STRIDE, IllegalAction, Kind, Phase, kind_of
from .moves import Moves
from .power_code import STEP_LIMIT, start_power
from .power_tables import TRIGGERED

if TYPE_CHECKING:
    from .game import OathState

HANDLERS = {kind: f"_do_{kind.name.lower()}" for kind in Kind}
"""The name of the method that carries out a move of each kind (handlers.py), but those of campaign.py,
negotiate.py and warbands.py."""


class Turn(Moves):
    def apply(self: OathState, move: int) -> None:
        if move not in self.legal_actions():
            raise IllegalAction(f"{move} ({self.describe(move)}) is not a legal action now")
        self.carry_out(move)

    def carry_out(self: OathState, move: int) -> None:
        """Applies a move known to be legal (`random_move`'s), with the persistent rules refreshed for the position
        (as working out its moves does)."""
        chosen = self._internal(move)
        kind, argument = kind_of(chosen), chosen % STRIDE
        seat = self.current_player()
        burned_before = self.flat.get("shared_favor")
        if kind in modifiers.TIMING_OF:
            modifiers.begin(self, seat, chosen)
            if modifiers.ignoring_first(self, seat):
                self.flat.set("modifiers_first", 1)
                self.flat.set("trigger_seat", seat)
                self.flat.set("phase", PHASE.MODIFIERS)
            else:
                self._run_binding(seat, kind)
        elif kind == KIND.USE_MODIFIER:
            modifiers.use(self, seat, argument)
        elif kind == KIND.TAKE_ACTION and self.flat.get("modifiers_first"):
            self.flat.set("modifiers_first", 0)
            self._run_binding(seat, KINDS[self.flat.get("action_kind")])
        elif kind == KIND.TAKE_ACTION:
            modifiers.take(self, seat)
        elif self.flat.get("phase") == PHASE.SHARED_VISION_PLAY:
            self._play_shared_vision(seat, kind, argument)
        else:
            self.act(seat, kind, argument)
        if self.flat.get("phase") == PHASE.ACT:
            self.shared_vision_due()
        persistent.settle_favor(self, burned_before)
        self.history.append(move)

    def _run_binding(self: OathState, seat: int, kind: Kind) -> None:
        self._start_triggered(seat, modifiers.TIMING_OF[kind])
        self._continue_triggered()

    def act(self: OathState, seat: int, kind: Kind, argument: int) -> None:
        """A move itself (a major action once its modifiers are settled)."""
        if kind in campaign.HANDLERS:
            campaign.HANDLERS[kind](self, seat, argument)
        elif kind in negotiate.KINDS:
            negotiate.apply(self, kind, argument)
        elif kind in warbands.KINDS:
            warbands.apply(self, seat, kind, argument)
        else:
            getattr(self, HANDLERS[kind])(seat, argument)

    def trigger(self: OathState, seat: int, when: str, *, skip: frozenset[int] = frozenset()) -> None:
        """Runs, each once, the powers of a TRIGGERED timing on the cards the player can use but those in `skip`
        (run for another already); then the game goes on as that timing says (`_after_triggered`)."""
        self._queue(seat, when, skip)
        self._continue_triggered()

    def _queue(self: OathState, seat: int, when: str, skip: frozenset[int] = frozenset()) -> None:
        for card in self.triggered[when]:
            if card in skip:
                continue
            if self.can_use(seat, card) if card not in self.reacting else self._reacts(card, seat):
                self.flat.set("power_queued", card, 1)
        self._start_triggered(seat, when)

    def _reacts(self: OathState, card: int, actor: int) -> bool:
        """A reaction fires for the user of a card in play (7.1.1), when another player acted (7.1.4)."""
        return modifiers.in_play(self, card) and persistent.user_of(self, card) not in (-1, actor)

    def _start_triggered(self: OathState, seat: int, when: str) -> None:
        self.flat.set("trigger_timing", TRIGGERED.index(when))
        self.flat.set("trigger_seat", seat)
        self.flat.set("phase", PHASE.TRIGGERED)

    def _continue_triggered(self: OathState) -> None:
        when = TRIGGERED[self.flat.get("trigger_timing")]
        seat = self.flat.get("trigger_seat")
        for card in self.triggered[when]:
            if self.flat.get("power_queued", card):
                self.flat.set("power_queued", card, 0)
                if modifiers.ignored(self, card):
                    continue
                user = persistent.user_of(self, card) if card in self.reacting else seat
                self.run_power(self.triggered[when][card], user, self.index_in_kind(card), PHASE.TRIGGERED)
                if self.flat.get("phase") != PHASE.TRIGGERED:
                    return
        self._after_triggered(when, seat)

    def _after_triggered(self: OathState, when: str, seat: int) -> None:
        """The Rest's powers pass the turn; a defence's go on to the next Ally's or the battle plans; the others back
        to the Act."""
        if when == "rest":
            self._pass_turn(seat)
        elif when == "defense":
            campaign.after_defence_modifiers(self, seat)
        elif when == "after_any_campaign":
            campaign.end(self)
        elif when in self.modifiers:
            modifiers.after_binding(self)
        elif when == "play":
            self._when_played(seat)
        elif when == "end_roll":
            self._round_over()
        else:
            self._after_decision()

    def _pass_turn(self: OathState, seat: int) -> None:
        self.flat.set("action_kind", -1)
        self.flat.set("played_card", -1)
        self.flat.clear("discarded_suit_this_turn", "took_this_turn", *warbands.TURN_FIELDS)
        following = (seat + 1) % self.players
        if following == 0:
            self._end_round()
        else:
            self._next_turn(following)

    def _next_turn(self: OathState, seat: int) -> None:
        self.flat.set("phase", PHASE.ACT)
        self.flat.set("current_player", seat)
        self._wake(seat)

    def pay(self: OathState, seat: int, card: int, cost: Any) -> None:
        costs.pay(self.flat, seat, card, cost)

    def run_power(self: OathState, key: str, seat: int, this: int, then: Phase) -> None:
        """Runs a compiled power for its user until it ends (the turn goes on in phase `then`) or asks; `this`
        is its card's (or banner's) number in its kind."""
        self.flat.set("effect_player", seat)
        self.flat.set("effect_return", then)
        self.frame = start_power(self.game, key, seat, this)
        self._run_effect()

    def run_quietly(self: OathState, key: str, seat: int, this: int, flat: FlatState | None = None) -> bool:
        """Runs a power on the VM alone, on this state or another (a look ahead, the Chronicle's copy): no phase,
        title or Supply upkeep after it, and the user of a power paused for a choice stays theirs. False if it
        stopped to ask a choice."""
        flat = flat or self.flat
        paused_user = flat.get("effect_player")
        flat.set("effect_player", seat)
        frame = start_power(self.game, key, seat, this)
        status = self.run_vm(self.game.code, flat.cells, frame, self.game.data, self.natives, STEP_LIMIT)
        flat.set("effect_player", paused_user)
        return status is not PAUSED

    def _do_answer(self: OathState, seat: int, value: int) -> None:
        assert self.frame is not None
        provide_choice(self.frame, value)
        self._run_effect()
        if self.flat.get("phase") == PHASE.TRIGGERED:
            self._continue_triggered()

    def _run_effect(self: OathState) -> None:
        assert self.frame is not None
        status = self.run_vm(self.game.code, self.flat.cells, self.frame, self.game.data, self.natives, STEP_LIMIT)
        if status is PAUSED:
            self.flat.set("phase", PHASE.EFFECT)
        else:
            self.frame = None
            self.cards.refresh_suits()
            if self._edifice_sides() != self.edifice_sides:
                self._power_tables()
            self.flat.set("phase", self.flat.get("effect_return"))
            for seat in range(self.players):
                self.flat.set("supply", seat, min(self.flat.get("supply", seat), self.most_supply(seat)))
            self._settled()

    def _settled(self: OathState) -> None:
        """Once a power has settled, back in the phase it returns to: the title's holder again, the rest of a
        Citizenship offer it made and the Exile's answer (negotiate.py); in the Act, what it left for after (a
        Search's last step, a Campaign it allows, the end of the Act Phase, `_after_decision`)."""
        self.update_oathkeeper()
        flat = self.flat
        if flat.get("citizenship_offer") >= 0:
            negotiate.open_citizenship_offer(self)
        elif flat.get("phase") == PHASE.ACT and (flat.get("power_campaign") >= 0 or flat.get("search_resolving")
                                                   or flat.get("act_phase_over")):
            self._after_decision()

    def resume(self: OathState, phase: int) -> None:
        """Where a power that left a pick to make (a Reliquary space, an exchange) was going, once it is made."""
        self.flat.set("phase", phase)
        self._settled()
        if self.flat.get("phase") == PHASE.TRIGGERED:
            self._continue_triggered()

    def _after_decision(self: OathState) -> None:
        """Back to the Act once a power (and the offer it made) is settled; a power that ended its user's Act
        Phase (6.6.2, Wizard School) sends the turn on to the Rest; a Search's last step runs the powers after it."""
        if self._search_over(self.flat.get("current_player")) or self.shared_vision_due():
            return
        self.flat.set("phase", PHASE.ACT)
        self.update_oathkeeper()
        if not campaign.power_step(self) and self.flat.get("act_phase_over"):
            self.flat.set("act_phase_over", 0)
            self._do_end_turn(self.flat.get("current_player"), 0)
