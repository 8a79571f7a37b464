"""One player at the terminal against random opponents (`lawforge play`): the others' moves told as they are
played, the player's own seat, cards and board before each of their decisions, the options by number, and the few
commands of the prompt. Every word it prints is a label of the game's content, in the player's locale.

Reading and writing go through a `Console` of two functions, so tests drive a session without a terminal.
Seats count from 0 here, as in the runtime; what the player reads counts them from 1.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .editor_texts import placeholder_lines
from .translations import TranslationRecord

if TYPE_CHECKING:
    from lawforge.runtime.kernel.state import GameState

HELP = ("help", "?")
SHOW = ("state", "map")
QUIT = ("quit", "q")


class LeftTheGame(Exception):
    """The player left before the end: `quit`, the end of their input (Ctrl-D) or Ctrl-C (`interrupted`)."""

    def __init__(self, message: str, interrupted: bool) -> None:
        super().__init__(message)
        self.message = message
        self.interrupted = interrupted


@dataclass(frozen=True)
class Console:
    """Where a session writes its lines and reads the player's answers."""

    write: Callable[[str], None]
    """Prints one line (or several, joined by newlines)."""
    read: Callable[[str], str]
    """Shows the prompt and returns the line typed; EOFError at the end of input, KeyboardInterrupt on Ctrl-C."""


class Session:
    """One game played at the terminal: `seat` is the player's, the others choose uniformly at random."""

    def __init__(self, state: GameState, seat: int, locale: str, console: Console, seed: int,
                 translations: TranslationRecord | None = None) -> None:
        self.state = state
        self.seat = seat
        self.locale = locale
        self.console = console
        self.opponents = random.Random(seed)
        """The opponents' choices: the same seed plays the same game for the same answers."""
        self.translations = translations or TranslationRecord()
        """The game's translation record: the editors' notes the placeholders quote, in the player's language."""

    def say(self, label: str, **names: str | int) -> str:
        """A label of the game in the player's locale, rendered as a message with its arguments."""
        return str(self.state.game.message(label, self.locale, **names))

    def play(self) -> None:
        """Plays to the end and prints the verdict, or raises LeftTheGame (Ctrl-C too, between prompts)."""
        if self.state.placeholders:
            self.console.write(self.say("play_placeholders"))
            for line in placeholder_lines(self.state.placeholders, self.translations, self.locale):
                said = self.say("play_untranslated_note", note=line.text) if line.untranslated else line.text
                self.console.write(f"  {said}")
        try:
            while not self.state.is_terminal():
                legal = self.state.legal_actions()
                if self.state.current_player() == self.seat:
                    self.show()
                    chosen = self.choose([self.state.describe(action, self.locale) for action in legal])
                    self.state.apply(legal[chosen])
                else:
                    self.play_opponent(legal)
        except KeyboardInterrupt:
            raise LeftTheGame(self.say("play_quit"), interrupted=True) from None
        self.console.write(self.state.verdict(self.locale))

    def play_opponent(self, legal: list[int]) -> None:
        """An opponent's random move, told before it is applied (a description reads the state it acts on); a move
        the player could not tell from others (a card kept face down) is told as a hidden choice."""
        action = self.opponents.choice(legal)
        player = self.state.seat_name(self.state.current_player(), self.locale)
        if len(legal) > 1 and self.state.hidden_alternatives(action, self.seat):
            self.console.write(self.say("play_unseen_move", player=player))
        else:
            self.console.write(self.say("play_narration", player=player,
                                        move=self.state.describe(action, self.locale)))
        self.state.apply(action)

    def show(self) -> None:
        """The player's seat, the game's summary (the turn, each seat's standing), then what the player sees of
        their own cards and of the map."""
        self.console.write(self.say("play_your_seat", seat=self.state.seat_name(self.seat, self.locale)))
        self.console.write(self.state.summary(self.locale))
        self.console.write("\n".join(self.state.player_view(self.seat, self.locale)))

    def choose(self, options: list[str], question: str | None = None) -> int:
        """The player's choice among `options` (its index), asked until they give one; the commands answered."""
        if question is not None:
            self.console.write(question)
        self._list(options)
        while True:
            try:
                answer = self.console.read(self.say("play_prompt") + " ").strip()
            except EOFError:
                raise LeftTheGame(self.say("play_quit"), interrupted=False) from None
            except KeyboardInterrupt:
                raise LeftTheGame(self.say("play_quit"), interrupted=True) from None
            command = answer.lower()
            if command in QUIT:
                raise LeftTheGame(self.say("play_quit"), interrupted=False)
            if command in HELP:
                self.console.write(self.say("play_help"))
            elif command in SHOW:
                if question is None:
                    self.show()
                else:
                    self.console.write(question)
                self._list(options)
            elif not answer.isdigit():
                if answer:
                    self.console.write(self.say("play_not_an_option", answer=answer, count=len(options)))
            elif not 1 <= int(answer) <= len(options):
                self.console.write(self.say("play_no_such_option", answer=int(answer), count=len(options)))
            else:
                return int(answer) - 1

    def _list(self, options: list[str]) -> None:
        self.console.write("\n".join(f"  {number:>2}. {option}" for number, option in enumerate(options, 1)))
